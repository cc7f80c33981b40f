"""A fourth game, 推倒胡 (``tests/fourth_game/tuidao``, its rule book T1–T10 in the package's
docstring), registered from the tests through the engine registry's one line, goes through every
page and endpoint a real game does: a new sitting, the round form with its tiles, who discarded
and its preview, the why page, a correction, a void, a draw, the house rules, settle-up, the
share page and its why page, the player page, the group page, the calculator, export and import
(pages and API), ``POST /api/score/`` and ``manage.py score``.

Nothing outside its package names it: its pages are the shared web side
(``calculator.web.games.base.WebGame``), built from what the engine declares — no indicator
(``features.indicator`` false: no indicator field, none in the keyboard's tray), discard wins
(``features.discard_wins``: a discarder field, the heading "谁胡了" without 自摸), its hand's
tiles and melds (``hand_fields``).
"""

from __future__ import annotations

import io
import json
import re
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.test import Client
from pytest_django.asserts import assertContains, assertNotContains
from rest_framework.test import APIClient

from calculator.models import Round, Session
from calculator.selectors.sittings import session_balances, session_state
from calculator.services.groups import group_create
from calculator.web import games as web_games
from scoring import games
from scoring.errors import ScoringError

# T5.1 平胡 + T5.4 门清 + T5.5 自摸 = 3 fan: 1 × 2^3 = 8 points (T6).
PING_HU = {"hand": "123456789m11p23p", "win_tile": "4p"}
# T5.2 碰碰胡 = 2 fan (a claimed pung: no 门清; on a discard: no 自摸): 4 points.
PENG_PENG = {
    "hand": "111222p666s7s",
    "win_tile": "7s",
    "meld_1_kind": "pung",
    "meld_1_tiles": "555z",
    "meld_1_from": "E",
}


def d(balances: dict) -> dict[str, Decimal]:
    return {seat: Decimal(str(amount)) for seat, amount in balances.items()}


def balances(session: Session) -> dict[str, Decimal]:
    return session_balances(session)


def new_sitting(client: Client, base_silver: str = "2", players: int = 4) -> Session:
    form = client.get("/sessions/new/?game=tuidao")
    assert form.status_code == 200
    assertContains(form, 'value="tuidao"')
    names = "甲乙丙丁"[:players]
    data = {
        "name": "推倒胡",
        "game": "tuidao",
        "player_count": str(players),
        "ruleset": "tuidao",
        "base_silver": base_silver,
        **{f"player_{seat}": name for seat, name in zip("ESWN", names, strict=False)},
    }
    created = client.post("/sessions/new/", data)
    assert created.status_code == 302, created.content.decode()[:3000]
    session = Session.objects.get(pk=int(created["Location"].strip("/").split("/")[-1]))
    assert session.game == "tuidao"
    return session


def text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


# -- the engine's shape ---------------------------------------------------------------------------


def test_it_registers_with_one_line_and_declares_what_it_is(tuidao):
    assert games.GAMES["tuidao"] is tuidao
    web = web_games.web_game("tuidao")
    assert type(web) is web_games.WebGame and web.code == "tuidao"  # the shared web side
    # Nothing declared: a win requires what the hand has (winner, tiles), no indicator.
    assert tuidao.win_requires == ("winner", "concealed", "win_tile")
    assert not tuidao.features.indicator and tuidao.features.discard_wins
    # Its own error code (T4.2) is a ScoringError like any other; a code nobody declared is not.
    assert ScoringError("E_DISCARDER", "胡牌的人放炮", "the winner discarded").code == "E_DISCARDER"
    with pytest.raises(AssertionError):
        ScoringError("E_NOBODY_DECLARED_THIS", "无", "none")
    assert list(web.round_form(None).fields)[:5] == [
        "winner",
        "discarder",
        "hand",
        "win_tile",
        "meld_1_kind",
    ]
    assert "tuidao" in list(web_games.codes())


def test_the_registries_forget_it_afterwards():
    assert "tuidao" not in games.GAMES
    assert "tuidao" not in list(web_games.codes())


def test_the_statistics_read_its_points_where_it_declares_them(tuidao):
    """Features.hand_size: unset, a points game's hand size is its result's ``points`` (T6)."""
    result = games.score(
        {"game": "tuidao", "winner": "S", "concealed": "123456789m11p234p", "win_tile": "4p"}
    )
    assert result["hand_fan"] == 3
    assert tuidao.hand_size(result, "S") == 8 == result["points"]


# -- every page -----------------------------------------------------------------------------------


def test_a_sitting_of_the_fourth_game_through_every_page(tuidao, owner, owner_client: Client):
    session = new_sitting(owner_client, base_silver="2")
    pk = session.pk
    page = owner_client.get(f"/sessions/{pk}/")
    assert page.status_code == 200

    # The round form: who won, who discarded, the tiles; no indicator anywhere, the keyboard
    # with the hand, its melds and the winning tile.
    url = f"/sessions/{pk}/rounds/new/"
    form = owner_client.get(url)
    assert form.status_code == 200
    for seat in "ESWN":
        assertContains(form, f'name="winner" value="{seat}"')
        assertContains(form, f'name="discarder" value="{seat}"')
    assertNotContains(form, 'name="indicator"')
    assertNotContains(form, 'data-tray-field="indicator"')
    assertContains(form, 'data-tray-field="hand"')
    assertContains(form, 'data-tray-field="win_tile"')
    assertContains(form, 'name="win_tile"')
    assertContains(form, 'data-ruleset="tuidao"')
    assertContains(form, "data-picker")
    assertContains(form, "谁胡了")
    assertNotContains(form, "谁胡了（自摸）")  # T4.2: a win may be on a discard

    # Round 1 — S self-draws 平胡: 8 points × base silver 2 = 16 from each of E, W, N (T7.1).
    preview = owner_client.post(url, {"winner": "S", **PING_HU, "preview": "1"})
    assert preview.status_code == 200
    assertContains(preview, "平胡")
    assert not Round.objects.filter(session=session).exists()
    htmx = owner_client.post(
        url, {"winner": "S", **PING_HU, "preview": "1"}, headers={"HX-Request": "true"}
    )
    assert htmx.status_code == 200
    saved = owner_client.post(url, {"winner": "S", **PING_HU, "confirm": "1"})
    assert saved.status_code == 302, saved.content.decode()[:3000]
    assert balances(session) == d({"E": -16, "S": 48, "W": -16, "N": -16})
    # T2.2: S is not the dealer: the next seat, S, deals.
    assert session_state(session)["dealer"] == "S"

    why = owner_client.get(f"/sessions/{pk}/rounds/1/")
    assert why.status_code == 200
    for word in ("平胡", "门清", "自摸", "T5.1", "T5.4", "T5.5"):
        assertContains(why, word)

    # Round 2 — W wins 碰碰胡 on N's discard: 4 points × 2 = 8, N alone pays (T7.2).
    body = {"winner": "W", "discarder": "N", **PENG_PENG}
    refused = owner_client.post(url, {**body, "discarder": "W", "confirm": "1"})
    # E_DISCARDER (T4.2): the form again, the refusal said in words, nothing stored.
    assertContains(refused, "胡牌的人不能也是放炮的人", status_code=400)
    assert Round.objects.filter(session=session).count() == 1
    saved = owner_client.post(url, {**body, "confirm": "1"})
    assert saved.status_code == 302, saved.content.decode()[:3000]
    assert balances(session) == d({"E": -16, "S": 48, "W": -8, "N": -24})
    second = Round.objects.get(session=session, number=2)
    assert second.hand["discarder"] == "N" and second.scoring["hand_fan"] == 2
    assert session_state(session)["dealer"] == "W"  # T2.2: after S, W
    assertContains(owner_client.get(f"/sessions/{pk}/rounds/2/"), "碰碰胡")

    # The house rules: base points 2 from now on (T6, T9).
    rules_page = owner_client.get(f"/sessions/{pk}/rules/")
    assert rules_page.status_code == 200
    assertContains(rules_page, 'name="rule-base_points"')
    changed = owner_client.post(f"/sessions/{pk}/rules/", {"rule-base_points": "2"})
    assert changed.status_code == 302, changed.content.decode()[:3000]

    # Round 3 — a draw moves nothing; the dealer W deals again, streak 1 (T8, T2.2).
    draw_url = f"/sessions/{pk}/rounds/draw/"
    assert owner_client.post(draw_url).status_code == 302  # asks first
    assert Round.objects.filter(session=session).count() == 2
    assert owner_client.post(draw_url, {"confirm": "1"}).status_code == 302
    assert balances(session) == d({"E": -16, "S": 48, "W": -8, "N": -24})
    state = session_state(session)
    assert (state["dealer"], state["dealer_streak"]) == ("W", 1)

    # Correction: round 2 was won on E's discard, not N's (its own rules version: base 1).
    edit_url = f"/sessions/{pk}/rounds/2/edit/"
    edit = owner_client.get(edit_url)
    assert edit.status_code == 200
    assertContains(edit, 'name="discarder" value="N" id="id_discarder_3" checked')
    assertContains(edit, "改成流局")  # the game's own word for a draw (T8)
    assertNotContains(edit, "荒庄")
    corrected = owner_client.post(edit_url, {**body, "discarder": "E", "confirm": "1"})
    assert corrected.status_code == 302, corrected.content.decode()[:3000]
    # Round 1: S +48, others -16; round 2: W +8, E -8.
    assert balances(session) == d({"E": -24, "S": 48, "W": -8, "N": -16})

    # Void round 1: kept, moves no money.
    void_url = f"/sessions/{pk}/rounds/1/void/"
    assert owner_client.get(void_url).status_code == 200
    assert owner_client.post(void_url).status_code == 302
    assert balances(session) == d({"E": -8, "S": 0, "W": 8, "N": 0})
    assert Round.objects.get(session=session, number=1).voided

    # Settle-up: E pays W 8.
    settle = owner_client.get(f"/sessions/{pk}/settle/")
    assert settle.status_code == 200
    assertContains(settle, "8")
    assert owner_client.get(f"/sessions/{pk}/").status_code == 200

    # The share page and a why page of it, read by anyone with the link.
    session.refresh_from_db()
    share = Client().get(f"/share/{session.share_token}/")
    assert share.status_code == 200
    assertContains(share, "推倒胡")
    shared_why = Client().get(f"/share/{session.share_token}/rounds/2/")
    assert shared_why.status_code == 200
    assertContains(shared_why, "碰碰胡")

    # The player page and the group page of its people.
    people = list(session.seat_players().values())
    player = owner_client.get(f"/players/{people[2].pk}/")
    assert player.status_code == 200
    assertContains(player, "推倒胡")
    group = group_create(owner=owner, name="推倒胡桌", players=[p.pk for p in people])
    group_page = owner_client.get(f"/groups/{group.pk}/")
    assert group_page.status_code == 200
    assertContains(group_page, "丙")

    # Export (JSON and CSV) and import of the export: the same balances.
    exported = owner_client.get(f"/sessions/{pk}/export.json")
    assert exported.status_code == 200
    data = json.loads(exported.content)
    assert data["game"] == "tuidao"
    assert d(data["balances"]) == balances(session)
    assert owner_client.get(f"/sessions/{pk}/export.csv").status_code == 200
    imported = owner_client.post("/sessions/import/", {"text": exported.content.decode()})
    assert imported.status_code == 302, imported.content.decode()[:3000]
    copy = Session.objects.exclude(pk=pk).get()
    assert copy.game == "tuidao"
    assert balances(copy) == balances(session)
    assert [r.voided for r in copy.rounds.order_by("number")] == [True, False, False]
    assert owner_client.get(f"/sessions/{copy.pk}/").status_code == 200


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant", "en"])
def test_its_round_form_in_each_language(tuidao, owner_client: Client, language):
    session = new_sitting(owner_client)
    owner_client.cookies["django_language"] = language
    form = owner_client.get(f"/sessions/{session.pk}/rounds/new/")
    assert form.status_code == 200
    heading = {"zh-hans": "谁胡了", "zh-hant": "誰胡了", "en": "Who won"}[language]
    discarder = {
        "zh-hans": "谁打出了胡的那张",
        "zh-hant": "誰打出了胡的那張",
        "en": "Who discarded the winning tile",
    }[language]
    words = text(form)
    assert heading in words and discarder in words
    assert "自摸）" not in words.split(discarder)[0].split(heading)[-1]


def test_a_two_player_table(tuidao, owner_client: Client):
    """T2.1: two players; a self-draw is paid by the one other player (T7.1)."""
    session = new_sitting(owner_client, base_silver="1", players=2)
    url = f"/sessions/{session.pk}/rounds/new/"
    form = owner_client.get(url)
    assertContains(form, 'name="discarder" value="S"')
    assertNotContains(form, 'name="discarder" value="W"')
    saved = owner_client.post(url, {"winner": "E", **PING_HU, "confirm": "1"})
    assert saved.status_code == 302, saved.content.decode()[:3000]
    assert balances(session) == d({"E": 8, "S": -8})


def test_the_calculator_scores_a_fourth_game_round(tuidao, client: Client):
    page = client.get("/calculator/?game=tuidao")
    assert page.status_code == 200
    assertContains(page, 'name="winner"')
    assertContains(page, 'name="discarder"')
    assertNotContains(page, 'name="indicator"')
    data = {
        "game": "tuidao",
        "player_count": "4",
        "ruleset": "tuidao",
        "dealer": "E",
        "base_silver": "1",
        "winner": "W",
        "discarder": "N",
        **PENG_PENG,
        "preview": "1",
    }
    answer = client.post("/calculator/", data)
    assert answer.status_code == 200
    assertContains(answer, "碰碰胡")


def test_the_rules_book_and_home_pages_still_answer(tuidao, client: Client):
    assert client.get("/").status_code == 200
    assert client.get("/rules/").status_code == 200


# -- the API and the CLI ------------------------------------------------------------------------

REQUEST = {
    "game": "tuidao",
    "winner": "W",
    "base_silver": "2",
    "dealer": "E",
    "concealed": "123456789m11p234p",
    "win_tile": "4p",
}


def test_post_api_score_answers_the_engines_result(tuidao):
    response = APIClient().post("/api/score/", REQUEST, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    # 3 fan → 8 points × 2 = 16 from each of E, S, N (T6, T7.1).
    assert body["game"] == "tuidao" and body["total"] == "48"
    assert [(p["from"], p["to"], p["amount"]) for p in body["payments"]] == [
        (seat, "W", "16") for seat in ("E", "S", "N")
    ]
    refused = APIClient().post("/api/score/", {**REQUEST, "discarder": "W"}, format="json")
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "E_DISCARDER"


def test_a_sitting_through_the_api(tuidao, api):
    created = api.post(
        "/api/sessions/",
        {
            "name": "推倒胡",
            "players": ["甲", "乙", "丙", "丁"],
            "game": "tuidao",
            "base_silver": "2",
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    pk = created.json()["id"]
    rounds = f"/api/sessions/{pk}/rounds/"
    hand = {"concealed": "123456789m11p234p", "win_tile": "4p"}
    first = api.post(rounds, {"result": "win", "winner": "N", **hand}, format="json")
    assert first.status_code == 201, first.json()
    assert api.post(rounds, {"result": "draw"}, format="json").status_code == 201
    assert api.post(
        f"/api/sessions/{pk}/rules/", {"rules": {"base_points": 2}}, format="json"
    ).status_code in (200, 201)
    # Without its tiles a win is refused before scoring (win_requires).
    assert api.post(rounds, {"result": "win", "winner": "E"}, format="json").status_code == 400
    third = {"result": "win", "winner": "E", "discarder": "S", **hand}
    assert api.post(rounds, third, format="json").status_code == 201
    # N self-draws 3 fan: 8 × 2 = 16 from each. Then E on S's discard, 2 fan (平胡, 门清) with
    # base points 2: 2 × 2^2 = 8 points × 2 = 16 from S alone.
    expected = d({"E": 0, "S": -32, "W": -16, "N": 48})
    assert balances(Session.objects.get(pk=pk)) == expected
    for path in (
        "",
        "rounds/",
        "ledger/",
        "ledger.csv",
        "standings/",
        "settlement/",
        "stats/",
        "export/",
    ):
        assert api.get(f"/api/sessions/{pk}/{path}").status_code == 200, path
    # The statistics read each hand's points (Features.hand_size): N's biggest 8, E's 8.
    stats = json.dumps(api.get(f"/api/sessions/{pk}/stats/").json())
    assert stats.count('"biggest_fan": 8') == 2, stats[:2000]
    exported = api.get(f"/api/sessions/{pk}/export/").json()
    assert exported["game"] == "tuidao"
    imported = api.post("/api/sessions/import/", exported, format="json")
    assert imported.status_code == 201, imported.json()
    assert balances(Session.objects.get(pk=imported.json()["id"])) == expected


def test_manage_py_score_answers_the_engines_result(tuidao, tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(REQUEST), encoding="utf-8")
    out = io.StringIO()
    call_command("score", str(path), stdout=out)
    body = json.loads(out.getvalue())
    assert body["game"] == "tuidao" and body["total"] == "48"
    assert body == games.score(REQUEST)


# -- its words ------------------------------------------------------------------------------------

HANDS = [
    {"winner": "S", "concealed": "123456789m11p234p", "win_tile": "4p"},
    {"winner": "S", "concealed": "123456789m11p234p", "win_tile": "4p", "discarder": "E"},
    {"winner": "E", "concealed": "11122233344455m", "win_tile": "5m"},
    {"winner": "E", "concealed": "11122233344455m", "win_tile": "5m", "rules": {"max_fan": 2}},
    {
        "winner": "W",
        "concealed": "111p222p666s77s",
        "win_tile": "7s",
        "discarder": "N",
        "melds": [{"kind": "pung", "tiles": "555z", "from": "E"}],
    },
]
REFUSED = [
    {"winner": "S", "concealed": "123456789m11p234p", "win_tile": "4p", "discarder": "S"},
    {"winner": "S", "concealed": "123456789m11p23p", "win_tile": "4p"},
    {"winner": "S", "concealed": "123456789m11p235p", "win_tile": "5p"},
    {"winner": "S", "concealed": "11111m23456789m1p", "win_tile": "1p"},
    {"winner": "S", "concealed": "123456789m11p234p", "win_tile": "9s"},
    {"winner": "X", "concealed": "123456789m11p234p", "win_tile": "4p"},
    {
        "winner": "S",
        "concealed": "123456789m11p",
        "win_tile": "1p",
        "melds": [{"kind": "chi", "tiles": "135p", "from": "E"}],
    },
    {
        "winner": "S",
        "concealed": "123456789m11p",
        "win_tile": "1p",
        "melds": [{"kind": "pung", "tiles": "555z", "from": "S"}],
    },
    {"winner": "S", "concealed": "1p", "win_tile": "1p", "rules": {"max_fan": 99}},
    {"winner": "S", "concealed": "1x", "win_tile": "1p"},
]


def texts_of(answer: dict) -> list[str]:
    if "error" in answer:
        return [answer["error"]["message"]]
    return [answer["why"], *(t for i in answer["items"] for t in (i["name"], i["why"]))]


def test_its_chinese_reads_in_both_scripts_and_its_english_has_no_chinese(tuidao):
    """Its texts are 繁體 (as docs/engine-api.md asks); a 简体 page shows them through the app's
    conversion, which must give what OpenCC gives, and each English text is English only."""
    from opencc import OpenCC

    from calculator.web.hans import to_hans

    reference = OpenCC("t2s")
    codes = set()
    for hand in HANDS + REFUSED:
        answer = games.score({"game": "tuidao", "base_silver": "2", **hand})
        codes.add(answer["error"]["code"] if "error" in answer else "OK")
        for zh in texts_of(answer):
            assert to_hans(zh) == reference.convert(zh), zh
        english = (
            [answer["error"]["message_en"]]
            if "error" in answer
            else [
                answer["why_en"],
                *(t for i in answer["items"] for t in (i["name_en"], i["why_en"])),
            ]
        )
        for en in english:
            assert not re.search(r"[\u3000-\u9fff\uff00-\uffef]", en), en
    # Every kind of answer was met (T10's codes and a scored hand).
    assert codes == {
        "OK",
        "E_DISCARDER",
        "E_TILE_COUNT",
        "E_NOT_WINNING",
        "E_TOO_MANY_COPIES",
        "E_WIN_TILE",
        "E_CONTEXT",
        "E_MELD_SHAPE",
        "E_MELD_FEEDER",
        "E_RULES",
        "E_NOTATION",
    }


def test_its_points_and_payments_by_hand(tuidao):
    """T5–T7 worked by hand, base silver 2."""

    def scored(hand):
        return games.score({"game": "tuidao", "base_silver": "2", **hand})

    # 清一色 3 + 门清 1 + 自摸 1 = 5 fan (111 222 333 444m 55m reads as pungs too: 碰碰胡 2 more,
    # 7 fan, capped at 5 by default, T6): 1 × 2⁵ = 32 points × 2 = 64 from each of three.
    full = scored(HANDS[2])
    assert full["fan_counted"] == 7 and full["hand_fan"] == 5 and full["points"] == 32
    assert [p["amount"] for p in full["payments"]] == ["64", "64", "64"]
    assert scored(HANDS[3])["points"] == 4  # max_fan 2: 2² = 4
    # On a discard: no 自摸; 平胡 1 + 门清 1 = 2 fan → 4 points × 2 = 8 from E alone (T7.2).
    discard = scored(HANDS[1])
    assert [(p["from"], p["amount"]) for p in discard["payments"]] == [("E", "8")]
