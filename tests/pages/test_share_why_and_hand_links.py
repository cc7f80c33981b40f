"""Every phone can check a round: the share page's rounds open their why page (read-only, through
the share link only), the calculator's result offers a link that holds the hand and the table
(with a QR code), and each why page offers that link for its round, which the calculator scores
to the same payments as the round recorded (R12, AJ13, HZ16: with the round's rules version)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client
from pytest_django.asserts import assertContains, assertNotContains

from calculator.models import Session
from calculator.selectors.ledger import round_detail
from calculator.services.rounds import round_record
from calculator.services.sittings import session_create
from tests.calculator import hongzhong_sitting as hz
from tests.calculator.hands import DRAW, bao, plain
from tests.pages.conftest import hand_form

pytestmark = pytest.mark.django_db

# AJ15.1: 財神 4p (indicator 3p), one used; two flowers.
ANJI_FLOWERS = {
    "result": "win",
    "winner": "S",
    "indicator": "3p",
    "concealed": "12456m34578s99p4p3m",
    "win_tile": "3m",
    "flowers": "1f3f",
}
# AJ15.9's 七對 without 財神 and three flowers, won on E's discard (allowed by the house rules).
ANJI_DISCARD = {
    "result": "win",
    "winner": "W",
    "indicator": "2m",
    "concealed": "1155m2299p44s667z7z",
    "win_tile": "7z",
    "flowers": "1f2f6f",
    "discarder": "E",
}


def anqing_sitting(owner) -> Session:
    """Four players, house rules changed (a number, a ladder, a choice); E wins (keeps the deal,
    streak 1), then S wins with three pungs fed by E (順包, R10), then a draw."""
    sitting = session_create(
        owner=owner,
        name="周六牌局",
        players=["阿东", "阿南", "阿西", "阿北"],
        base_silver="2",
        rules={"men_qing": 4, "lianzhuang_bonus": [2, 4, 8, 10], "liability_basis": "pair"},
    )
    for entry in (plain("E"), bao("S", "E"), DRAW):
        round_record(session=sitting, entry=entry, user=owner)
    return sitting


def anji_sitting(owner) -> Session:
    """Three players, flowers worth 2 and discard wins allowed (a switch turned on): S wins with a
    財神 and two flowers, W wins on E's discard, then a draw."""
    sitting = session_create(
        owner=owner,
        name="安吉",
        players=["甲", "乙", "丙"],
        game="anji",
        player_count=3,
        rules={"flowers": 2, "discard_win": True},
    )
    for entry in (ANJI_FLOWERS, ANJI_DISCARD, {"result": "draw"}):
        round_record(session=sitting, entry=entry, user=owner)
    return sitting


def hongzhong_sitting(owner) -> Session:
    """The first five rounds of the 紅中 sitting of the engine's tests (a self-draw, a discard win
    with 飄分, a win with melds and another's kong, a draw whose kongs pay, 一炮多響) under
    changed house rules: the dealer's extra, 飄分 up to 2, 無紅中 doubles, a switch turned off."""
    sitting = session_create(
        owner=owner,
        name="紅中",
        players=hz.PLAYERS,
        game="hongzhong",
        base_silver="0.5",
        rules={
            "dealer_extra": 1,
            "piao_fen_max": 2,
            "wu_hong_zhong_double": True,
            "qidui_allow_four": False,
        },
    )
    for step in hz.ROUNDS[:5]:
        body = dict(step.body)
        if step.number == 2:
            body["piao_fen"] = {"E": 1, "N": 2}
        round_record(session=sitting, entry=body, user=owner)
    return sitting


SITTINGS = {"anqing": anqing_sitting, "anji": anji_sitting, "hongzhong": hongzhong_sitting}


@pytest.fixture(params=sorted(SITTINGS))
def any_sitting(request, owner) -> Session:
    return SITTINGS[request.param](owner)


def share_url(sitting: Session, number: int | None = None) -> str:
    url = f"/share/{sitting.share_token}/"
    return url if number is None else f"{url}rounds/{number}/"


def numbers(sitting: Session) -> list[int]:
    return list(sitting.rounds.order_by("number").values_list("number", flat=True))


def payments_of(result: dict[str, Any]) -> list[tuple[str, str, str]]:
    return sorted((p["from"], p["to"], str(p["amount"])) for p in result["payments"])


def check_link(page_html: str) -> str:
    found = re.search(r'href="([^"]+)" data-check-link', page_html)
    assert found, "no calculator link on the why page"
    return html.unescape(found.group(1))


# --- the share page's rounds open their why page ------------------------------------------------


def test_the_share_page_links_each_round_to_its_why_page_through_the_link(any_sitting) -> None:
    page = Client().get(share_url(any_sitting)).content.decode()
    for number in numbers(any_sitting):
        assert f'href="{share_url(any_sitting, number)}"' in page
    assert f"/sessions/{any_sitting.pk}/rounds/" not in page


def test_a_stranger_with_the_link_reads_each_rounds_why_page(any_sitting) -> None:
    stranger = Client()
    for number in numbers(any_sitting):
        detail = round_detail(any_sitting, number)
        page = stranger.get(share_url(any_sitting, number))
        assert page.status_code == 200
        body = page.content.decode()
        # The same why page as the owner's: the result's part with its payments…
        if detail["scoring"] is None:  # a draw that moves nothing says so
            assert "不进出钱" in body
        else:
            assert f'data-game="{any_sitting.game}"' in body or "data-fan=" in body
            for payment in detail["scoring"]["payments"]:
                pair = payment["from"] + payment["to"]
                assert f'data-payer="{payment["from"]}"' in body or f'data-pair="{pair}"' in body
                assert f"<strong>{payment['amount']}</strong>" in body
        # …and nothing that changes the sitting, nor a link that needs an account.
        for forbidden in ("/edit/", "/void/", "/undo/", f"/sessions/{any_sitting.pk}/"):
            assert forbidden not in body, forbidden
        assert 'method="post" action="/sessions' not in body
        assertContains(page, f'href="{share_url(any_sitting)}"')  # back to the share page
        cache = page["Cache-Control"]
        assert "private" in cache and "no-cache" in cache
        assert "Cookie" in page["Vary"]
        assert "<script>" not in body and "style=" not in body  # the CSP allows neither


def test_the_share_why_page_shows_items_rules_and_bao_reasons(owner) -> None:
    sitting = anqing_sitting(owner)
    win = Client().get(share_url(sitting, 1))
    assertContains(win, 'data-item="MEN_QING"')
    assertContains(win, 'href="/rules/#R7-MEN_QING"')  # a rule id opens the rule book
    assertContains(win, "怎么读这手牌")
    bao_round = Client().get(share_url(sitting, 2))
    assertContains(bao_round, 'class="payment-why"')  # who fed whom, and the multiplier (R10)
    assertContains(bao_round, "顺包")
    draw = Client().get(share_url(sitting, 3))
    assertContains(draw, "荒庄")
    assertNotContains(draw, "data-check-link")  # an Anqing draw moves nothing: nothing to check


def test_the_share_why_page_of_anji_and_hongzhong(owner) -> None:
    anji = anji_sitting(owner)
    win = Client().get(share_url(anji, 1))
    assertContains(win, 'data-item="FLOWERS"')
    assertContains(win, "data-flowers")
    anji_draw = Client().get(share_url(anji, 3))
    assertContains(anji_draw, "流局")  # AJ3.2: 「则算流局」, Anji's own word for a draw
    assertNotContains(anji_draw, "荒庄")
    hongzhong = hongzhong_sitting(owner)
    multi = Client().get(share_url(hongzhong, 5))
    assertContains(multi, 'data-win="E"')
    assertContains(multi, 'data-win="S"')
    draw = Client().get(share_url(hongzhong, 4))
    assertContains(draw, "HZ10")  # a draw's kongs pay, and say which rule
    assertContains(draw, "data-check-link")


def test_a_stopped_or_replaced_link_opens_no_why_page(owner, owner_client) -> None:
    sitting = anqing_sitting(owner)
    old = share_url(sitting, 1)
    invalid = Client().get(share_url(sitting)).content.decode()
    assert Client().get(old).status_code == 200
    owner_client.post(f"/sessions/{sitting.pk}/share-link/", {"action": "rotate", "confirm": "1"})
    sitting.refresh_from_db()
    answer = Client().get(old)
    assert answer.status_code == 404
    # The same words as the share page's own answer to a link no longer valid.
    gone = Client().get(old.split("rounds/")[0]).content.decode()
    assert re.search(r"<h1>(.*?)</h1>", answer.content.decode()).group(1) == re.search(
        r"<h1>(.*?)</h1>", gone
    ).group(1)
    assert Client().get(share_url(sitting, 1)).status_code == 200
    owner_client.post(f"/sessions/{sitting.pk}/share-link/", {"action": "stop", "confirm": "1"})
    assert Client().get(share_url(sitting, 1).replace("None", "x")).status_code == 404
    assert Client().get(f"/share/{sitting.pk}/rounds/1/").status_code == 404
    assert invalid  # the page was there before


@pytest.mark.parametrize("number", ["0", "4", "99", "99999999999999999999999", "-1", "x"])
def test_a_round_that_is_not_there_is_404(owner, number) -> None:
    sitting = anqing_sitting(owner)
    assert Client().get(f"/share/{sitting.share_token}/rounds/{number}/").status_code == 404


def test_the_share_why_page_answers_304_to_its_etag(owner) -> None:
    sitting = anqing_sitting(owner)
    viewer = Client()
    viewer.get(share_url(sitting))  # the CSRF cookie the page sets is part of what it depends on
    first = viewer.get(share_url(sitting, 2))
    again = viewer.get(share_url(sitting, 2), headers={"if-none-match": first["ETag"]})
    assert again.status_code == 304
    other = viewer.get(share_url(sitting, 1))
    assert other["ETag"] != first["ETag"]


def test_post_is_refused(owner) -> None:
    sitting = anqing_sitting(owner)
    assert Client().post(share_url(sitting, 1)).status_code == 405


# --- the calculator's link that holds the hand ---------------------------------------------------


def hand_url(page_html: str) -> str:
    found = re.search(r'id="hand-url" href="([^"]+)"', page_html)
    assert found, "no link that holds the hand"
    return html.unescape(found.group(1))


def result_part(page_html: str) -> str:
    """The result as the page shows it: from the result's box to the end of its payments."""
    start = re.search(r'<div class="result[ "]', page_html).start()
    return page_html[start : page_html.index("</table>", start)]


CALCULATOR_POSTS = {
    "anqing daque streak bao": {
        **hand_form(
            "S",
            hand="678s5m",
            win_tile="5m",
            indicator="9p",
            meld_1_kind="pung",
            meld_1_tiles="222m",
            meld_1_from="E",
            meld_2_kind="pung",
            meld_2_tiles="333m",
            meld_2_from="E",
            meld_3_kind="pung",
            meld_3_tiles="444m",
            meld_3_from="E",
        ),
        "ruleset": "anqing-daque",
        # Sent without the two switches that are on by default: the link says they are off.
        "rules_for": "anqing-daque",
        "dealer": "E",
        "dealer_streak": "2",
        "base_silver": "1.5",
        "rule-men_qing": "5",
        "rule-gang_kai_ladder": "4,8,10,13",
    },
    "anji three with flowers": {
        "game": "anji",
        "player_count": "3",
        "ruleset": "anji",
        "dealer": "S",
        "base_silver": "1",
        "winner": "S",
        "indicator": "3p",
        "hand": "12456m34578s99p4p",
        "win_tile": "3m",
        "flowers": "1f3f",
        "kongs_before_win": "0",
        "piao": "0",
        "piao_flowers": "0",
    },
    "hongzhong discard two winners": {
        "game": "hongzhong",
        "ruleset": "hongzhong",
        "rules_for": "hongzhong",
        "rule-dealer_extra": "1",
        "rule-discard_win": "on",
        "rule-multi_win": "on",
        "dealer": "E",
        "base_silver": "1",
        "outcome": "discard",
        "winners": ["E", "S"],
        "discarder": "N",
        "w_E_hand": "23455789m678p34s",
        "w_E_win_tile": "5s",
        "w_E_birds": "2m4z",
        "w_S_hand": "111789m3p5z34s",
        "w_S_win_tile": "5s",
        "w_S_birds": "2m4z",
        "w_S_meld_1_kind": "pung",
        "w_S_meld_1_tiles": "777z",
        "w_S_meld_1_from": "W",
        "kong_1_seat": "W",
        "kong_1_kind": "concealed_kong",
    },
    "anqing waits": {
        **hand_form("E", win_tile=""),
        "ruleset": "anqing",
        "dealer": "E",
        "dealer_streak": "0",
        "base_silver": "1",
    },
}


@pytest.mark.parametrize("name", sorted(CALCULATOR_POSTS))
def test_the_calculator_link_shows_the_same_result_as_the_post(name) -> None:
    data = CALCULATOR_POSTS[name]
    game = data.get("game", "anqing")
    posted = Client().post(f"/calculator/?game={game}", data)
    assert posted.status_code == 200
    page = posted.content.decode()
    url = hand_url(page)
    assert url.startswith("http://testserver/calculator/?game=")
    assert "csrfmiddlewaretoken" not in url and "rules_for" not in url
    assert len(url) < 450, url  # short: only what differs from the form's starting values
    assertContains(posted, 'class="qr-code"')
    assertContains(posted, f'data-copy-link="{html.escape(url)}"')
    opened = Client().get(url)  # a fresh browser: no cookies, no login
    assert opened.status_code == 200
    if name.endswith("waits"):
        assert opened.context["waits"] == posted.context["waits"]
        assertContains(opened, "data-wait=")
        return
    assert opened.context["result"] == posted.context["result"]
    assert result_part(opened.content.decode()) == result_part(page)
    assert hand_url(opened.content.decode()) == url  # the link of the linked page is itself


def test_the_link_leaves_out_what_the_form_starts_with() -> None:
    data = {**hand_form("E"), "ruleset": "anqing", "dealer": "E", "dealer_streak": "0"}
    posted = Client().post("/calculator/", {**data, "base_silver": "1"})
    url = hand_url(posted.content.decode())
    assert url == (
        "http://testserver/calculator/?game=anqing&winner=E&indicator=9p"
        "&hand=123m56m234s678s99p&win_tile=4m"
    )


def test_the_blank_calculator_and_the_game_switch_score_nothing() -> None:
    for url in ("/calculator/", "/calculator/?game=anji&player_count=3", "/calculator/?ruleset=x"):
        page = Client().get(url)
        assert page.status_code == 200
        assertNotContains(page, "data-missing")
        assertNotContains(page, 'id="hand-url"')


@pytest.mark.parametrize(
    "query",
    [
        "game=anqing&winner=Q&hand=123m&win_tile=4m",
        "game=anqing&winner=E&indicator=9p&hand=zz99&win_tile=4m",
        "game=anqing&winner=E&base_silver=abc",
        "game=anqing&winner=E&base_silver=1e999999",
        "game=anqing&winner=E&dealer_streak=-3&ruleset=nope",
        "game=anqing&winner=E&rule-gang_kai_ladder=1,x",
        "game=anqing&winner=E&rule-men_qing=99999",
        "game=anqing&winner=E&hand=%00%00",
        "game=anji&player_count=9&winner=N&flowers=9f9f",
        "game=anji&winner=E&piao=banana&jia_piao=maybe",
        "game=hongzhong&outcome=discard&winners=E&winners=Z",
        "game=hongzhong&outcome=nothing&rule-piao_fen_max=2&piao_E=7",
        "game=hongzhong&outcome=self_draw&winners=E&w_E_hand=" + "1m" * 60,
        "game=nope&winner=E",
    ],
)
def test_a_link_with_bad_fields_says_what_is_wrong(query: str) -> None:
    page = Client().get(f"/calculator/?{query}")
    assert page.status_code in (200, 400)
    body = page.content.decode()
    assert "data-missing" in body or "data-rules-invalid" in body or "data-error-code" in body
    assert 'id="hand-url"' not in body


def test_a_partial_link_names_the_missing_fields() -> None:
    page = Client().get("/calculator/?game=anqing&winner=E")
    assertContains(page, 'data-field="indicator"')
    assertNotContains(page, 'data-field="dealer"')  # left out: the form's own starting value


# --- the why page's calculator link gives the round's payments ----------------------------------


def test_the_why_pages_calculator_link_gives_the_recorded_payments(any_sitting, owner_client):
    checked = 0
    for number in numbers(any_sitting):
        detail = round_detail(any_sitting, number)
        owners = owner_client.get(f"/sessions/{any_sitting.pk}/rounds/{number}/")
        shared = Client().get(share_url(any_sitting, number))
        if detail["result"] == "draw" and any_sitting.game != "hongzhong":
            assertNotContains(owners, "data-check-link")
            continue
        url = check_link(owners.content.decode())
        assert check_link(shared.content.decode()) == url
        assertContains(owners, "在计算器里核对这手牌")
        opened = Client().get(url)
        assert opened.status_code == 200
        result = opened.context["result"]
        assert result is not None, (url, opened.context.get("error"), opened.context["form"].errors)
        recorded = detail["scoring"]
        assert result["total"] == recorded["total"], url
        assert payments_of(result) == payments_of(recorded), url
        checked += 1
    assert checked >= 2


def test_the_round_link_carries_the_rounds_table_and_rules(owner) -> None:
    sitting = anqing_sitting(owner)
    url = check_link(Client().get(share_url(sitting, 2)).content.decode())
    # Round 2: dealt by E in its second deal; base silver 2; the rules changed at the start.
    for part in (
        "dealer_streak=1",
        "base_silver=2",
        "rule-men_qing=4",
        "rule-lianzhuang_bonus=2,4,8,10",
        "rule-liability_basis=pair",
        "meld_3_from=E",
    ):
        assert part in url, (part, url)
    assert "dealer=" not in url  # E deals: the form's own starting value
    hongzhong = hongzhong_sitting(owner)
    url = check_link(Client().get(share_url(hongzhong, 2)).content.decode())
    for part in (
        "rule-piao_fen_max=2",
        "rule-qidui_allow_four=false",
        "rule-wu_hong_zhong_double=true",
        "piao_N=2",
        "base_silver=0.5",
        "outcome=discard",
    ):
        assert part in url, (part, url)


def test_the_owners_why_page_keeps_its_controls(owner, owner_client) -> None:
    sitting = anqing_sitting(owner)
    page = owner_client.get(f"/sessions/{sitting.pk}/rounds/1/")
    assertContains(page, f'href="/sessions/{sitting.pk}/rounds/1/edit/"')
    assertContains(page, f'href="/sessions/{sitting.pk}/rules/"')
    assertContains(page, "data-check-link")
