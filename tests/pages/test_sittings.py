"""A sitting: create it, record wins and draws, see why, correct, void, settle, share, export."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from pytest_django.asserts import assertContains, assertNotContains, assertRedirects

from calculator.models import Round, Session
from calculator.services.rounds import round_record
from tests.pages.conftest import PAOFENG_HAND, bao_form, hand_form


def test_pages_of_a_sitting_need_a_login(client: Client, sitting) -> None:
    for url in (
        "/sessions/",
        "/sessions/new/",
        f"/sessions/{sitting.pk}/",
        f"/sessions/{sitting.pk}/rounds/new/",
        f"/sessions/{sitting.pk}/settle/",
        f"/sessions/{sitting.pk}/export.csv",
    ):
        assertRedirects(client.get(url), f"/accounts/login/?next={url}")


def test_someone_elses_sitting_does_not_exist_for_you(sitting) -> None:
    stranger = get_user_model().objects.create_user("stranger", password="pw-stranger-1")
    client = Client()
    client.force_login(stranger)
    assert client.get(f"/sessions/{sitting.pk}/").status_code == 404
    assert client.post(f"/sessions/{sitting.pk}/rounds/draw/").status_code == 404
    assert not Round.objects.exists()


def test_create_a_sitting_with_names_and_a_changed_house_rule(owner_client: Client) -> None:
    form = owner_client.get("/sessions/new/")
    assertContains(form, "家规")
    assertContains(form, 'name="rule-pao_feng"')
    response = owner_client.post(
        "/sessions/new/",
        {
            "name": "周六牌局",
            "player_E": "阿东",
            "player_S": "阿南",
            "player_W": "阿西",
            "player_N": "阿北",
            "ruleset": "anqing",
            "base_silver": "2",
            "rules_for": "anqing",
            "rule-pao_feng": "8",
            "rule-qidui_allow_four": "on",
            "rule-wild_draw_requires_pao_feng": "on",
        },
        follow=True,
    )
    assertContains(response, "周六牌局")
    assertContains(response, "阿南")
    assertContains(response, "跑风：8")  # R12: the changed rule by its name
    assertNotContains(response, "pao_feng=8")
    assertContains(response, "庄：")
    assertContains(response, 'data-balance="0"')
    # Only the rule that differs from the default is stored (R12).
    assert response.context["session"].rules_versions.get().overrides == {"pao_feng": 8}


def test_a_sitting_without_names_is_refused(owner_client: Client) -> None:
    response = owner_client.post(
        "/sessions/new/", {"name": "", "ruleset": "anqing", "base_silver": "1"}
    )
    assertContains(response, "请改正下面标出的地方")
    assert response.context["form"].errors["player_E"]


def test_ruleset_switch_redraws_the_house_rules_fragment(owner_client: Client) -> None:
    response = owner_client.get(
        "/sessions/new/?ruleset=anqing-daque", headers={"HX-Request": "true"}
    )
    body = response.content.decode()
    assert "<html" not in body
    assert 'value="anqing-daque"' in body


def test_session_page_shows_dealer_streak_base_bonus_and_balances(owner_client, sitting) -> None:
    response = owner_client.get(f"/sessions/{sitting.pk}/")
    assertContains(response, "东 · 阿东")
    assertContains(response, "庄底")
    assertContains(response, "<strong>8</strong>", html=False)  # R8.1: dealer base 8
    assertContains(response, "连庄加番")
    assertContains(response, "还没有记过局")
    assertContains(response, f"/share/{sitting.share_token}/")


def test_preview_scores_without_saving(owner_client, sitting) -> None:
    url = f"/sessions/{sitting.pk}/rounds/new/"
    response = owner_client.post(
        url, {**hand_form("S", **PAOFENG_HAND)}, headers={"HX-Request": "true"}
    )
    body = response.content.decode()
    assert "<html" not in body
    assert '<span class="fan">9</span>' in body
    assert 'href="/rules/#R7-PAO_FENG">R7</a>' in body
    assert not Round.objects.exists()


def test_record_a_win_and_see_the_balances_move(owner_client, sitting) -> None:
    url = f"/sessions/{sitting.pk}/rounds/new/"
    assertContains(owner_client.get(url), "记第1局")
    response = owner_client.post(
        url, {**hand_form("S", **PAOFENG_HAND), "confirm": "1"}, follow=True
    )
    assertContains(response, "第1局已记录")
    # E (dealer) pays 8 + 9 = 17, W and N pay 13 each: S +43 (R9).
    assertContains(response, 'data-balance="43"')
    assertContains(response, 'data-balance="-17"')
    assertContains(response, "南 · 阿南 自摸")
    assertContains(response, "9 番")
    # A non-dealer won: the deal passes to S (R2.2).
    assert response.context["state"]["dealer"] == "S"


def test_a_bad_hand_is_not_recorded_and_says_why(owner_client, sitting) -> None:
    url = f"/sessions/{sitting.pk}/rounds/new/"
    response = owner_client.post(
        url, {**hand_form("S", hand="123m56m234s678s9p1z"), "confirm": "1"}
    )
    assert response.status_code == 400
    assertContains(response, "没有记录", status_code=400)
    assertContains(response, 'data-error-code="E_NOT_WINNING"', status_code=400)
    assert not Round.objects.exists()


def test_a_draw_keeps_the_deal_and_moves_no_money(owner_client, sitting) -> None:
    response = owner_client.post(
        f"/sessions/{sitting.pk}/rounds/draw/", {"confirm": "1"}, follow=True
    )
    assertContains(response, "荒庄")
    assertContains(response, "没有钱进出")
    assert response.context["state"]["dealer"] == "E"
    assert response.context["state"]["dealer_streak"] == 1  # R2.2: 荒莊 keeps the deal


def test_a_bao_round_shows_the_liability(owner_client, sitting) -> None:
    owner_client.post(f"/sessions/{sitting.pk}/rounds/new/", {**bao_form("S", "W"), "confirm": "1"})
    response = owner_client.get(f"/sessions/{sitting.pk}/")
    assertContains(response, "顺包")
    detail = owner_client.get(f"/sessions/{sitting.pk}/rounds/1/")
    assertContains(detail, "×6")
    assertContains(detail, 'href="/rules/#R7-PAO_FENG">R7</a>', html=False)
    assertContains(detail, 'data-tile="2m"')


def test_round_page_explains_the_recorded_score(owner_client, sitting) -> None:
    round_record(
        session=sitting,
        entry={
            "result": "win",
            "winner": "S",
            "indicator": "9p",
            "concealed": "123m456m234s678s99p",
            "win_tile": "9p",
        },
    )
    response = owner_client.get(f"/sessions/{sitting.pk}/rounds/1/")
    assertContains(response, "跑風")
    assertContains(response, "如果摸2筒，胡牌算跑風")  # the seed's words for 獨吊 (R7 PAO_FENG)
    assertContains(response, "門清")
    assertContains(response, "更正")
    assertContains(response, "作废")
    assert owner_client.get(f"/sessions/{sitting.pk}/rounds/9/").status_code == 404


def test_correct_a_round_starts_from_what_was_recorded_and_shows_the_change(
    owner_client, sitting
) -> None:
    round_record(
        session=sitting,
        entry={
            "result": "win",
            "winner": "S",
            "indicator": "9p",
            "concealed": "123m456m234s678s99p",
            "win_tile": "4m",
        },
    )
    url = f"/sessions/{sitting.pk}/rounds/1/edit/"
    form = owner_client.get(url)
    assertContains(form, "更正第1局")
    assertContains(form, 'value="12356m234678s99p"')  # the standing tiles, without the win tile
    # ... and the score as recorded beside the confirm button: 門清 3 (R7).
    assertContains(form, '<span data-summary="score" data-fan="3">')
    response = owner_client.post(
        url, {**hand_form("S", **PAOFENG_HAND), "confirm": "1"}, follow=True
    )
    assertContains(response, "第1局已更正")
    # F was 3, now 9: S goes from +25 to +43, E from -11 to -17 (R9).
    assertContains(response, '<td class="num delta pos">+18</td>', html=False)
    assertContains(response, '<td class="num delta neg">-6</td>', html=False)


def test_void_a_round_asks_first_then_shows_what_changed(owner_client, sitting) -> None:
    round_record(
        session=sitting,
        entry={
            "result": "win",
            "winner": "S",
            "indicator": "9p",
            "concealed": "123m456m234s678s99p",
            "win_tile": "9p",
        },
    )
    url = f"/sessions/{sitting.pk}/rounds/1/void/"
    assertContains(owner_client.get(url), "作废第1局？")
    response = owner_client.post(url, follow=True)
    assertContains(response, "第1局已作废")
    assertContains(response, '<td class="num delta neg">-43</td>', html=False)
    assertContains(response, "已作废")
    assert response.context["state"]["balances"]["S"] == "0"
    again = owner_client.get(f"/sessions/{sitting.pk}/rounds/1/edit/", follow=True)
    assertContains(again, "已作废，不能更正")


def test_settle_up_shows_transfers_statistics_and_the_chart(owner_client, sitting) -> None:
    round_record(
        session=sitting,
        entry={
            "result": "win",
            "winner": "S",
            "indicator": "9p",
            "concealed": "123m456m234s678s99p",
            "win_tile": "9p",
        },
    )
    response = owner_client.get(f"/sessions/{sitting.pk}/settle/")
    assertContains(response, "怎么给钱")
    assertContains(response, "东 · 阿东 → 南 · 阿南")
    assertContains(response, "<strong>17</strong>", html=False)
    assertContains(response, "<svg", html=False)
    # One line per seat in the page's chart, and again in the picture for the group chat.
    page = response.content.decode()
    chart, picture = page.split('id="settle-picture"')
    assert chart.count("<polyline") == 4 and picture.count("<polyline") == 4
    assertContains(response, "每个人的统计")


def test_exports(owner_client, sitting) -> None:
    owner_client.post(f"/sessions/{sitting.pk}/rounds/draw/", {"confirm": "1"})
    data = json.loads(owner_client.get(f"/sessions/{sitting.pk}/export.json").content)
    assert data["format"] == "anqing-session"
    assert data["rounds"][0]["result"] == "draw"
    csv = owner_client.get(f"/sessions/{sitting.pk}/export.csv")
    assert csv["Content-Type"].startswith("text/csv")
    assert csv.content.decode().startswith("round,result,winner")


def test_share_link_is_read_only_and_needs_no_login(client: Client, sitting) -> None:
    round_record(
        session=sitting,
        entry={
            "result": "win",
            "winner": "S",
            "indicator": "9p",
            "concealed": "123m456m234s678s99p",
            "win_tile": "9p",
        },
    )
    url = f"/share/{sitting.share_token}/"
    response = client.get(url)
    assertContains(response, "周六牌局")
    assertContains(response, 'data-balance="43"')
    # A live region: the share link's stream, and the 3 s poll without it (static/js/live.js).
    assertContains(response, f'sse-connect="/share/{sitting.share_token}/events/?v=')
    assertContains(response, 'data-live-poll="3"')
    assertContains(response, 'hx-trigger="sse:changed, live-poll"')
    assertNotContains(response, "/rounds/new/")
    assertNotContains(response, "/edit/")
    assertNotContains(response, "/void/")
    assertNotContains(response, 'method="post" action="/sessions/')
    live = client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert "<html" not in live and 'id="live"' in live
    assert client.get("/share/not-a-token/").status_code == 404


def test_pages_switch_language(owner_client, sitting) -> None:
    owner_client.post("/i18n/setlang/", {"language": "zh-hant", "next": "/"})
    assertContains(owner_client.get(f"/sessions/{sitting.pk}/"), "莊底")
    owner_client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    response = owner_client.get(f"/sessions/{sitting.pk}/")
    assertContains(response, "Dealer base")
    assertContains(response, "Settle up")


NOT_DIGITS = ["1e3", "1E3", "2e0", "Infinity", "NaN", "-1", "١٢", "１２", "1_000"]


@pytest.mark.parametrize("silver", NOT_DIGITS)
def test_the_base_silver_is_digits_with_a_point_only(owner_client: Client, silver) -> None:
    """The page says digits only: an exponent, another script's digits, Infinity or NaN are
    refused by name, nothing saved (Django's DecimalField reads "1e3" as 1000)."""
    response = owner_client.post(
        "/sessions/new/",
        {
            "name": "周六牌局",
            "player_E": "阿东",
            "player_S": "阿南",
            "player_W": "阿西",
            "player_N": "阿北",
            "ruleset": "anqing",
            "base_silver": silver,
        },
    )
    assert response.status_code == 200
    assertContains(response, "基础银子只写数字 0–9，可以带一个小数点")
    assert not Session.objects.exists()


@pytest.mark.parametrize("silver", ["2", "0.5", "2.", " 3 "])
def test_the_base_silver_takes_digits_and_a_point(owner_client: Client, silver) -> None:
    response = owner_client.post(
        "/sessions/new/",
        {
            "name": "周六牌局",
            "player_E": "阿东",
            "player_S": "阿南",
            "player_W": "阿西",
            "player_N": "阿北",
            "ruleset": "anqing",
            "base_silver": silver,
        },
    )
    assert response.status_code == 302
    assert Session.objects.get().base_silver == Decimal(silver.strip())
