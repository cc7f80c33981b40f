"""A seat change at a real table, on a phone (390×844): four rounds, then 南 and 西 swap seats on
the 换座位 form (one tap), two more rounds; the sitting page, settle-up, the player page of one
who moved and the group standings checked against totals worked out by hand below; screenshots
kept in 简体, 繁體 and English.

Anqing at base silver 1; ``plain(seat)`` is a 3-fan self-draw (R7). The dealer pays 8 + 4 × streak
+ 3 + the 連莊 bonus (0, 3, … by streak, R8.1, R8.2), the others 4 + 3 = 7 (R9):

1. 東 (阿东) deals and wins: each pays 11; 阿东 +33, the others −11. 東 keeps the deal, streak 1.
2. 東 deals (streak 1), 南 (阿南) wins: 東 pays 8 + 4 + 3 + 3 = 18, 西 and 北 7; 南 +32. The
   deal passes to 南 (R2.2). Balances: 東 15, 南 21, 西 −18, 北 −18.
3. A draw: 南 keeps the deal, streak 1.
4. 南 deals (streak 1), 西 (阿西) wins: 南 pays 18, 東 and 北 7; 西 +32. The deal passes to 西.
   Balances: 阿东 8, 阿南 3, 阿西 14, 阿北 −25.
5. 阿南 and 阿西 swap: 南 holds 阿西's 14, 西 阿南's 3; the deal stays at 西, so 阿南 deals next.
6. 西 (阿南) deals, 南 (阿西) wins: 西 pays 11, 東 and 北 7; 南 +25. The deal passes to 北.
7. 北 (阿北) deals, 西 (阿南) wins: 北 pays 11, 東 and 南 7; 西 +25.

Balances: 阿东 −6, 阿西 32, 阿南 17, 阿北 −43 (sum 0). 阿南 played 6 hands, won 2 (rounds 2
and 7, both self-drawn, neither as dealer) and dealt 3 (rounds 3, 4 and 6); 阿西 won 2 (rounds 4
and 6); 阿东 won 1 as dealer."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from calculator.models import Player, Session
from calculator.services.groups import group_create
from calculator.services.rounds import round_record
from calculator.services.sittings import session_create
from tests.browser.conftest import check_phone, log_in
from tests.browser.test_accessibility import violations
from tests.calculator.hands import DRAW, plain

pytestmark = pytest.mark.browser

PLAYERS = ["阿东", "阿南", "阿西", "阿北"]


def balances_shown(page) -> dict[str, tuple[str, str]]:
    """Each seat's person and balance as the sitting page shows them."""
    shown = {}
    for seat in "ESWN":
        box = page.locator(f".seats [data-seat='{seat}']")
        shown[seat] = (
            box.locator(".seat-player").inner_text(),
            box.locator(".balance").inner_text(),
        )
    return shown


def test_a_seat_change_between_rounds(phone, live_server) -> None:
    owner = get_user_model().objects.create_user("laowang", password="mahjong-table-77")
    sitting = session_create(owner=owner, name="周六", players=PLAYERS, base_silver="1")
    for body in (plain("E"), plain("S"), DRAW, plain("W")):
        round_record(session=sitting, entry=body, user=owner)
    group = group_create(
        owner=owner, name="周六牌友", players=[p.pk for p in sitting.seat_players().values()]
    )
    anan = Player.objects.get(owner=owner, name="阿南")
    page = log_in(phone(), live_server, owner)
    page.goto(f"{live_server.url}/sessions/{sitting.pk}/")
    assert balances_shown(page) == {
        "E": ("阿东", "+8"), "S": ("阿南", "+3"), "W": ("阿西", "+14"), "N": ("阿北", "-25"),
    }  # fmt: skip
    page.locator("[data-seat-change-link]").click()
    expect(page.locator("h1")).to_have_text("换座位")
    # One tap: 阿西 to 南 sends 阿南 to 西.
    page.locator("[data-seat-row='S'] label", has_text="阿西").click()
    expect(page.locator("[data-seat-row='W'] input[value='S']")).to_be_checked()
    expect(page.locator("[data-preview-seat='S'] [data-preview-name]")).to_have_text("阿西")
    expect(page.locator("[data-preview-seat='W'] [data-preview-name]")).to_have_text("阿南")
    expect(page.locator("[data-preview-dealer]")).to_contain_text("下一局由西的阿南坐庄（连庄0）")
    check_phone(page, "seats-01-form")
    assert violations(page) == []  # axe: the seat rows, the preview
    page.get_by_role("button", name="确认换座位（第5条）").click()
    expect(page).to_have_url(f"{live_server.url}/sessions/{sitting.pk}/")
    assert balances_shown(page) == {
        "E": ("阿东", "+8"), "S": ("阿西", "+14"), "W": ("阿南", "+3"), "N": ("阿北", "-25"),
    }  # fmt: skip
    expect(page.locator(".seats [data-seat='W']")).to_have_class("seat dealer")
    expect(page.locator("[data-round='5'] [data-seat-moves]")).to_have_text(
        "阿南 南→西，阿西 西→南"
    )
    check_phone(page, "seats-02-after-the-change")

    for body in (plain("S"), plain("W")):
        round_record(session=Session.objects.get(pk=sitting.pk), entry=body, user=owner)
    page.goto(f"{live_server.url}/sessions/{sitting.pk}/")
    assert balances_shown(page) == {
        "E": ("阿东", "-6"), "S": ("阿西", "+32"), "W": ("阿南", "+17"), "N": ("阿北", "-43"),
    }  # fmt: skip
    check_phone(page, "seats-03-sitting")

    page.goto(f"{live_server.url}/sessions/{sitting.pk}/settle/")
    standings = page.locator("[data-standing]")
    expect(standings).to_have_count(4)
    expect(standings.nth(0)).to_contain_text("阿西")
    expect(standings.nth(0)).to_contain_text("+32")
    expect(standings.nth(1)).to_contain_text("阿南")
    expect(standings.nth(1)).to_contain_text("+17")
    expect(standings.nth(3)).to_contain_text("阿北")
    # 阿南's statistics row (now at 西): 2 wins, 0 as dealer, 3 hands dealt.
    stats = page.locator("[data-stats='W']")
    expect(stats).to_contain_text("阿南")
    check_phone(page, "seats-04-settle")

    page.goto(f"{live_server.url}/players/{anan.pk}/")
    expect(page.locator("[data-stat='balance']")).to_have_text("17")
    expect(page.locator("[data-stat='hands']")).to_have_text("6")
    expect(page.locator("[data-stat='wins']")).to_have_text("2")
    expect(page.locator("[data-stat='self_draws']")).to_have_text("2")
    expect(page.locator("[data-stat='dealer_wins']")).to_have_text("0")
    check_phone(page, "seats-05-player")

    page.goto(f"{live_server.url}/groups/{group.pk}/")
    rows = {name: page.locator(f"tr[data-player='{Player.objects.get(owner=owner, name=name).pk}']") for name in PLAYERS}  # fmt: skip
    for name, balance, wins, dealer_wins in (
        ("阿东", "-6", "1", "1"), ("阿南", "17", "2", "0"), ("阿西", "32", "2", "0"),
        ("阿北", "-43", "0", "0"),
    ):  # fmt: skip
        expect(rows[name].locator("[data-balance]")).to_have_text(balance)
        expect(rows[name].locator("[data-wins]")).to_have_text(wins)
        expect(rows[name].locator("[data-dealer-wins]")).to_have_text(dealer_wins)
    check_phone(page, "seats-06-group")

    for language in ("zh-hant", "en"):
        other = log_in(phone(), live_server, owner, language)
        other.goto(f"{live_server.url}/sessions/{sitting.pk}/")
        expect(other.locator("[data-round='5'] [data-seat-moves]")).to_have_text(
            "阿南 南→西，阿西 西→南"
            if language == "zh-hant"
            else "阿南 South→West, 阿西 West→South"
        )
        check_phone(other, f"seats-07-sitting-{language}")
        other.goto(f"{live_server.url}/sessions/{sitting.pk}/seats/new/")
        other.locator("[data-seat-row='E'] label", has_text="阿北").click()
        expect(other.locator("[data-seat-row='N'] input[value='E']")).to_be_checked()
        check_phone(other, f"seats-08-form-{language}")
        other.goto(f"{live_server.url}/sessions/{sitting.pk}/settle/")
        check_phone(other, f"seats-09-settle-{language}")
        other.goto(f"{live_server.url}/players/{anan.pk}/")
        expect(other.locator("[data-stat='wins']")).to_have_text("2")
        check_phone(other, f"seats-10-player-{language}")
