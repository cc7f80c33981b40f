"""The calculator page: no login, the same hand editor, the why of a score, the waits (R7.2)."""

from __future__ import annotations

from django.test import Client
from django.utils import translation
from pytest_django.asserts import assertContains, assertNotContains

from tests.pages.conftest import PAOFENG_HAND, bao_form, hand_form

TABLE = {"ruleset": "anqing", "dealer": "E", "dealer_streak": 0, "base_silver": "1"}


def calc(client: Client, **fields: object):
    return client.post("/calculator/", {**TABLE, **hand_form("S"), **fields})


def test_the_editor_draws_every_face_with_its_code_and_spoken_name(client: Client) -> None:
    response = client.get("/calculator/")
    assert response.status_code == 200
    assertContains(response, '<label for="id_indicator">翻开的牌</label>', html=False)
    for face, name in (
        ("7m", "七万"),
        ("5p", "五筒"),
        ("9s", "九条"),
        ("1z", "东风"),
        ("7z", "白板"),
    ):
        assertContains(response, f'data-tile="{face}" aria-label="{name}"')
    assertContains(response, 'name="hand"')  # a plain text field: the form works without JS
    assertContains(response, "rule-pao_feng")  # house rules, with their defaults
    assertContains(response, 'value="6"')


def test_a_score_shows_the_reading_items_rules_quotes_and_payments(client: Client) -> None:
    response = calc(client, winner="S", **PAOFENG_HAND)
    assertContains(response, '<span class="fan">9</span>', html=False)
    assertContains(response, "跑风")  # R7 PAO_FENG, the item's name in 简体 on a 简体 page
    assertContains(response, 'href="/rules/#R7-PAO_FENG">R7</a>', html=False)
    assertContains(response, "独吊")  # the plain reason
    # the seed's words for this hand's 獨吊, exactly as the seed wrote them; not R6.5's 摸鑽
    # words, which are for a drawn 鑽 (a natural 九筒 was drawn)
    assertContains(response, "如果摸2筒，胡牌算跑風")
    assertNotContains(response, "摸鑽不能平胡")
    assertContains(response, "门清")
    assertContains(response, '<label for="id_rule-men_qing">门清</label>', html=False)
    # Dealer E pays (8 + 9) × 1 = 17, the others (4 + 9) = 13 (R9).
    assertContains(response, '<td class="num"><strong>17</strong></td>', html=False)
    assertContains(response, '<td class="num"><strong>13</strong></td>', html=False)
    assertContains(response, '<th class="num">43</th>', html=False)


def test_bao_payment_shows_its_multiplier(client: Client) -> None:
    response = client.post("/calculator/", {**TABLE, **bao_form("S", "W")})
    assertContains(response, "顺包")
    assertContains(response, "×6")  # R10.1: three pungs fed by one player


def test_htmx_preview_answers_with_the_fragment_and_the_indicator_specials(client: Client) -> None:
    response = client.post(
        "/calculator/", {**TABLE, **hand_form("S", indicator="6m")}, headers={"HX-Request": "true"}
    )
    body = response.content.decode()
    assert "<html" not in body
    assert 'hx-swap-oob="true"' in body
    assert 'data-tile="7m"' in body  # R4.1: indicator 6m → 鑽 7m
    assert 'data-tile="5z"' in body  # R4.3: 紅中 stands in


def test_a_wrong_hand_says_exactly_what_is_wrong(client: Client) -> None:
    response = calc(client, hand="123m56m234s678s9p1z")
    assertContains(response, "这手牌不成立")
    assertContains(response, 'data-error-code="E_NOT_WINNING"')
    assertNotContains(response, '<span class="fan">')


def test_a_missing_field_is_named(client: Client) -> None:
    response = calc(client, indicator="")
    assertContains(response, "还没法算")
    assertContains(response, '<li data-field="indicator"><b>翻开的牌</b>')
    assertContains(
        response, '<span class="summary-missing" data-summary="missing">还差：翻开的牌</span>'
    )
    assertContains(response, "errorlist")


def test_the_htmx_preview_of_an_unfinished_hand_says_what_is_missing(client: Client) -> None:
    """The form is sent with every change (no browser validation first), so a hand that lost
    its winning tile gets an answer naming the field, never the earlier hand's score."""
    response = client.post(
        "/calculator/",
        {
            "winner": "S",
            "indicator": "9p",
            "hand": "123m456m",
            "win_tile": "",
            "dealer": "E",
            "ruleset": "anqing",
            "dealer_streak": 0,
            "base_silver": 1,
            "bar_tiles": "",
            "kongs_before_win": 0,
        },
        HTTP_HX_REQUEST="true",
    )
    body = response.content.decode()
    assert "<html" not in body
    assert 'id="dock-summary"' in body and 'hx-swap-oob="true"' in body
    assert "还差：亮出的杠牌张数" in body
    assert "data-fan=" not in body


def test_without_the_winning_tile_it_lists_the_waits_and_their_worth(client: Client) -> None:
    response = calc(client, hand="123m456m234s678s9p", win_tile="")
    assertContains(response, "听牌")
    assertContains(response, 'data-wait="9p"')
    assertContains(response, "九筒")


def test_chow_from_a_player_who_is_not_the_upper_hand_is_refused(client: Client) -> None:
    # R5.2 / R3: under 不打缺 a chow is fed only by the 上家 (S's 上家 is E).
    response = calc(
        client,
        hand="456m234s678s9p",
        win_tile="9p",
        meld_1_kind="chi",
        meld_1_tiles="123m",
        meld_1_from="W",
    )
    assertContains(response, 'data-error-code="E_MELD_FEEDER"')


def test_the_page_speaks_english_when_asked(client: Client) -> None:
    client.post("/i18n/setlang/", {"language": "en", "next": "/calculator/"})
    response = calc(client, winner="S", **PAOFENG_HAND)
    assertContains(response, "Pao feng")
    assertContains(response, 'aria-label="9 Dots"')
    assertContains(response, "Who pays what")


def test_engine_texts_follow_the_page_script(client: Client) -> None:
    """The engine writes 繁體 (as the rule book); a 繁體 page keeps it, a 简体 page converts it."""
    client.post("/i18n/setlang/", {"language": "zh-hant", "next": "/calculator/"})
    response = calc(client, winner="S", **PAOFENG_HAND)
    assertContains(response, "門清")
    assertContains(response, "獨吊")
    client.post("/i18n/setlang/", {"language": "zh-hans", "next": "/calculator/"})
    response = calc(client, winner="S", hand="123m456m234s678s9p", win_tile="3m")
    assertContains(response, "E_NOT_WINNING")
    assertContains(response, "不成和牌")


def test_labels_show_their_names(client: Client) -> None:
    # 七對 (R6.2): 30 + 跑風 6 = 36 and the 天胡 label (R7 labels).
    response = calc(client, winner="S", hand="11m22m33p44p55s66s3z", win_tile="3z", indicator="9p")
    assertContains(response, '<span class="fan">36</span>', html=False)
    assertContains(response, 'data-label="TIAN_HU"')
    assertContains(response, "天胡")


def test_the_result_says_why_a_claimed_item_does_not_count(client: Client) -> None:
    """R7 PAO_FENG: a two-sided win that looks like an edge (一万 drawn onto 二三万) is no 跑風,
    and the result says so in the page's language; a two-sided win in the middle of a suit
    (PLAIN_HAND: 四万 onto 五六万) is nowhere near 跑風 and is not told so."""
    edge = {"hand": "23m456m234s678s99p", "win_tile": "1m"}
    response = calc(client, **edge)
    assertContains(response, "为什么没算")
    assertContains(response, '<li data-not-counted="PAO_FENG">', html=False)
    assertContains(response, "摸 一万 在 一二三万 的一头，是两面听")
    assertNotContains(calc(client), '<li data-not-counted="PAO_FENG">', html=False)
    client.cookies["django_language"] = "en"
    with translation.override("en"):  # the page's language stays with this test
        english = calc(client, **edge)
    assertContains(english, "the drawn 1 Characters completes 1-2-3 Characters at an open end")
    assertNotContains(english, "两面听")


def test_the_calculators_base_silver_is_digits_with_a_point_only(client: Client) -> None:
    refused = calc(client, base_silver="1e3")
    assertContains(refused, "基础银子只写数字 0–9，可以带一个小数点")
    assertNotContains(refused, 'data-summary="score"')
    taken = calc(client, base_silver="1000")
    assertContains(taken, 'data-summary="score"')
