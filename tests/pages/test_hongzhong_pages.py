"""The pages for 紅中 (hongzhong-rules.md): the round form asks how the round ended, the winners
(several on one discard) and the discarder as seat buttons, each winner's tiles and birds, the
kongs of the others; the preview, the why page, corrections, the round list and the calculator."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.test import Client
from django.utils.html import strip_tags
from pytest_django.asserts import assertContains, assertNotContains

from calculator.models import Round, Session
from calculator.selectors.sittings import session_balances, session_state

# HZ17.3's two hands, on N's discard of 5s: E 平胡 無紅中 (2 points, 1 bird hit → 3), S 平胡 with a
# 紅中 as 3p (1 point, no hit → 1).
E_HAND = {"hand": "23455789m678p34s", "win_tile": "5s", "birds": "2m4z"}
S_HAND = {"hand": "111789m3p5z34s", "win_tile": "5s", "birds": "2m4z"}
S_MELD = {"meld_1_kind": "pung", "meld_1_tiles": "777z", "meld_1_from": "W"}
# HZ17.1-like self-draw by S: 平胡 with one 紅中, ZI_MO 2; birds 3m → N, 6p → W: E pays 2, W 3, N 3.
S_SELF_DRAW = {"hand": "234m567m345p78s2p5z", "win_tile": "2p", "birds": "3m6p"}


def winner_fields(seat: str, hand: dict[str, Any], **melds: Any) -> dict[str, Any]:
    data = {f"w_{seat}_{name}": value for name, value in hand.items()}
    data.update({f"w_{seat}_{name}": value for name, value in melds.items()})
    return data


def round_form(outcome: str, winners: list[str], *parts: dict[str, Any], **extra: Any) -> dict:
    """The 紅中 round form's POST data, as the form sends it without JS."""
    data: dict[str, Any] = {"outcome": outcome, "winners": winners}
    for part in parts:
        data.update(part)
    data.update(extra)
    return data


@pytest.fixture
def hz_sitting(owner_client: Client) -> Session:
    data = {
        "name": "紅中",
        "game": "hongzhong",
        "player_count": "4",
        "ruleset": "hongzhong",
        "base_silver": "1",
        **{f"player_{seat}": name for seat, name in zip("ESWN", "甲乙丙丁", strict=True)},
    }
    created = owner_client.post("/sessions/new/", data)
    assert created.status_code == 302, created.content.decode()[:2000]
    return Session.objects.get(pk=int(created["Location"].strip("/").split("/")[-1]))


def balances(session: Session) -> dict[str, Decimal]:
    return session_balances(session)


def test_the_round_form_asks_the_outcome_winners_and_discarder_first(owner_client, hz_sitting):
    page = owner_client.get(f"/sessions/{hz_sitting.pk}/rounds/new/")
    assertContains(page, 'name="outcome" value="self_draw"')
    assertContains(page, 'name="outcome" value="discard"')
    assertContains(page, 'name="outcome" value="draw"')
    for seat in "ESWN":
        assertContains(page, f'name="winners" value="{seat}"')
        assertContains(page, f'name="discarder" value="{seat}"')
        assertContains(page, f'name="w_{seat}_birds"')
    assertContains(page, 'name="kong_1_kind"')
    assertContains(page, 'data-game="hongzhong"')
    assertNotContains(page, 'name="indicator"')  # HZ4: the 紅中 is the wild, nothing is turned up


def test_a_self_draw_previews_then_records(owner_client, hz_sitting):
    url = f"/sessions/{hz_sitting.pk}/rounds/new/"
    data = round_form("self_draw", ["S"], winner_fields("S", S_SELF_DRAW))
    preview = owner_client.post(url, {**data, "preview": "1"})
    assertContains(preview, 'data-outcome="self_draw"')
    assertContains(preview, 'data-win="S"')
    assertContains(preview, "HZ7.3")
    assert not Round.objects.filter(session=hz_sitting).exists()
    saved = owner_client.post(url, {**data, "confirm": "1"})
    assert saved.status_code == 302
    assert balances(hz_sitting) == {
        "E": Decimal("-2"),
        "S": Decimal("8"),
        "W": Decimal("-3"),
        "N": Decimal("-3"),
    }


def test_two_winners_on_one_discard_settle_each_with_the_discarder(owner_client, hz_sitting):
    """HZ17.3 / HZ9.2: N pays E 3 and S 1; the discarder deals next (HZ2.2)."""
    url = f"/sessions/{hz_sitting.pk}/rounds/new/"
    data = round_form(
        "discard",
        ["E", "S"],
        winner_fields("E", E_HAND),
        winner_fields("S", {**S_HAND, "win_tile": ""}, **S_MELD),  # one tile: entered once
        discarder="N",
    )
    preview = owner_client.post(url, {**data, "preview": "1"}, headers={"HX-Request": "true"})
    assertContains(preview, 'data-multi-win="2"')
    assertContains(preview, 'data-pair="NE"')
    assertContains(preview, 'data-pair="NS"')
    saved = owner_client.post(url, {**data, "confirm": "1"})
    assert saved.status_code == 302
    assert balances(hz_sitting) == {
        "E": Decimal("3"),
        "S": Decimal("1"),
        "W": Decimal("0"),
        "N": Decimal("-4"),
    }
    assert session_state(hz_sitting)["dealer"] == "N"
    session_page = owner_client.get(f"/sessions/{hz_sitting.pk}/")
    assertContains(session_page, "东 · 甲、南 · 乙")
    detail = owner_client.get(f"/sessions/{hz_sitting.pk}/rounds/1/")
    assertContains(detail, 'data-win="E"')
    assertContains(detail, 'data-win="S"')
    # The correction opens on the round as recorded.
    edit = owner_client.get(f"/sessions/{hz_sitting.pk}/rounds/1/edit/")
    assertContains(edit, 'name="winners" value="E" id="id_winners_0" checked')
    assertContains(edit, 'value="777z"')


@pytest.mark.parametrize(
    ("data", "field"),
    [
        (round_form("self_draw", ["E", "S"]), "winners"),
        (round_form("discard", ["E"], winner_fields("E", E_HAND)), "discarder"),
        (round_form("discard", ["E"], winner_fields("E", E_HAND), discarder="E"), "discarder"),
        (round_form("discard", [], discarder="N"), "winners"),
        (round_form("self_draw", ["E"], winner_fields("E", {**E_HAND, "hand": ""})), "w_E_hand"),
        (round_form("draw", [], kong_1_seat="E"), "kong_1_kind"),
    ],
)
def test_a_round_that_cannot_be_scored_names_what_is_missing(owner_client, hz_sitting, data, field):
    url = f"/sessions/{hz_sitting.pk}/rounds/new/"
    answer = owner_client.post(url, {**data, "confirm": "1"})
    assert answer.status_code == 200
    assertContains(answer, f'data-field="{field}"')
    assert not Round.objects.filter(session=hz_sitting).exists()


def test_an_engine_refusal_is_shown_and_nothing_is_saved(owner_client, hz_sitting):
    """HZ4.3: a discarded 紅中 cannot be won on."""
    url = f"/sessions/{hz_sitting.pk}/rounds/new/"
    data = round_form(
        "discard",
        ["E"],
        winner_fields("E", {"hand": "234m567m345p78s22p", "win_tile": "5z"}),
        discarder="N",
    )
    answer = owner_client.post(url, {**data, "confirm": "1"})
    assert answer.status_code == 400
    assertContains(answer, 'data-error-code="E_CONTEXT"', status_code=400)
    # The code links to its heading in 紅中's rule book (HZ15), not Anqing's.
    assertContains(answer, 'href="/rules/hongzhong/#E_CONTEXT"', status_code=400)
    assert not Round.objects.filter(session=hz_sitting).exists()


def test_a_draw_settles_the_kongs_made(owner_client, hz_sitting):
    """HZ17.7 / HZ10.3: E's 暗槓 on a draw: S, W, N pay E 2 each; the dealer stays."""
    url = f"/sessions/{hz_sitting.pk}/rounds/new/"
    data = round_form("draw", [], kong_1_seat="E", kong_1_kind="concealed_kong")
    preview = owner_client.post(url, {**data, "preview": "1"})
    assertContains(preview, 'data-outcome="draw"')
    assertContains(preview, "data-kong-payments")
    assert owner_client.post(url, {**data, "confirm": "1"}).status_code == 302
    assert balances(hz_sitting) == {
        "E": Decimal("6"),
        "S": Decimal("-2"),
        "W": Decimal("-2"),
        "N": Decimal("-2"),
    }
    state = session_state(hz_sitting)
    assert (state["dealer"], state["dealer_streak"]) == ("E", 1)


def test_the_house_rules_page_shows_the_hz16_keys(owner_client, hz_sitting):
    page = owner_client.get(f"/sessions/{hz_sitting.pk}/rules/")
    assertContains(page, 'name="rule-bird_rule"')
    assertContains(page, 'name="rule-kong_pays_on_draw"')
    assertContains(page, "流局也算杠分")
    assertContains(page, "每一项的分（HZ7、HZ8、HZ10）")  # not Anqing's 牌型番
    assertNotContains(page, "R12")


def test_settle_up_leaves_out_anqings_fan_and_bao_columns(owner_client, hz_sitting):
    page = owner_client.get(f"/sessions/{hz_sitting.pk}/settle/")
    assert page.status_code == 200
    assertNotContains(page, "最大番")
    assertNotContains(page, "包牌付出")


def test_piao_fen_fields_follow_the_house_rule(owner_client, hz_sitting):
    url = f"/sessions/{hz_sitting.pk}/rounds/new/"
    assertNotContains(owner_client.get(url), 'name="piao_E"')
    from calculator.services.sittings import rules_change

    rules_change(session=hz_sitting, rules={"piao_fen_max": 2})
    assertContains(owner_client.get(url), 'name="piao_E"')
    data = round_form("self_draw", ["S"], winner_fields("S", S_SELF_DRAW), piao_E="2", piao_S="1")
    assert owner_client.post(url, {**data, "confirm": "1"}).status_code == 302
    # HZ9.1: E's payment carries both sides' 飄: 2 + (2 + 1) = 5.
    assert balances(hz_sitting)["E"] == Decimal("-5")


def test_the_calculator_scores_a_hongzhong_round(client):
    page = client.get("/calculator/?game=hongzhong")
    assertContains(page, 'name="outcome"')
    assertContains(page, "谁放炮")
    data = round_form(
        "discard",
        ["E", "S"],
        winner_fields("E", E_HAND),
        winner_fields("S", S_HAND, **S_MELD),
        discarder="N",
        game="hongzhong",
        player_count="4",
        dealer="E",
        base_silver="1",
        ruleset="hongzhong",
    )
    answer = client.post("/calculator/", {**data, "preview": "1"})
    assertContains(answer, 'data-multi-win="2"')
    assertContains(answer, 'data-net="N"')


@pytest.mark.parametrize(
    ("language", "named", "letter"),
    [
        ("zh-hans", "南 · 乙 最多可抓 2 只鸟，收到 3 只", "S 最多可抓"),
        ("zh-hant", "南 · 乙 最多可抓 2 只鳥，收到 3 只", "S 最多可抓"),
        ('en', '<span class="who">South · <span lang="zh">乙</span></span> may count at most 2 birds', "S may"),
    ],
)
def test_an_engine_refusal_names_the_seat_as_the_page_does(
    owner_client, hz_sitting, language, named, letter
):
    """HZ8.2: one bird too many. The engine says 南家 / South; the page says who that is."""
    owner_client.cookies["django_language"] = language
    url = f"/sessions/{hz_sitting.pk}/rounds/new/"
    data = round_form("self_draw", ["S"], winner_fields("S", {**S_SELF_DRAW, "birds": "3m6p9s"}))
    for button in ("preview", "confirm"):
        answer = owner_client.post(url, {**data, button: "1"})
        html = strip_tags(answer.content.decode()) if language != "en" else answer.content.decode()
        assert named in html, html[:3000]
        assert letter not in html
    assert not Round.objects.filter(session=hz_sitting).exists()


def test_the_calculator_names_seats_in_an_engine_refusal(client):
    data = {
        "game": "hongzhong",
        "player_count": "4",
        "dealer": "E",
        "base_silver": "1",
        "outcome": "self_draw",
        "winners": ["S"],
        **winner_fields("S", {**S_SELF_DRAW, "birds": "3m6p9s"}),
        "preview": "1",
    }
    html = client.post("/calculator/", data).content.decode()
    # no names in the calculator: the engine's own seat word
    assert "南家最多可抓 2 只鸟" in html and "S 最多可抓" not in html
