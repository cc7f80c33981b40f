"""Table fees at the table, at 390×844: a sitting whose house rules take 10 % of each win of at
least 20 for North, a 台费 of 10 split equally entered on the phone, then settle-up, North's page
and the group's standings, each checked against totals worked out by hand below. Screenshots in
简体, 繁體 and English.

By hand (base silver 1, R7–R9): plain(S) is a 3-fan self-draw by South with East dealing: East
pays 8 + 3 = 11, West and North 4 + 3 = 7; South +25, East −11, West −7, North −7.
- The win's fee: 25 ≥ 20, 10 % = 2.5 → 3 (half up, whole units), South → North.
- The 台费 of 10 among four: 2 each and 2 units over, paid by the biggest winners before it:
  South (+25) and West (−7, before North in seat order). East 2, South 3, West 3, North 2, all
  to North.
- Fees paid: East 2, South 6, West 3, North 2; North collected 3 + 10 = 13.
- Net = balance − paid + collected: East −13, South +19, West −10, North −7 − 2 + 13 = +4 (sum 0).
- Fewest transfers: East → South 13, West → South 6, West → North 4.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from calculator.services.groups import group_create
from calculator.services.rounds import round_record
from calculator.services.sittings import session_create
from tests.browser.conftest import SCREENSHOTS, check_phone, log_in
from tests.calculator.hands import plain

pytestmark = pytest.mark.browser

WORDS = {
    "zh-hans": {"fee": "台费", "equal": "大家平分", "total": "一共多少", "save": "记下（第2条）",
                "paid": "付台费", "net": "净额", "collected": "代收"},
    "zh-hant": {"fee": "臺費", "equal": "大家平分", "total": "一共多少", "save": "記下（第2條）",
                "paid": "付臺費", "net": "淨額", "collected": "代收"},
    "en": {"fee": "Table fee", "equal": "Split equally", "total": "Total",
           "save": "Record it (entry 2)", "paid": "Fees paid", "net": "Net", "collected": "Fees collected"},
}  # fmt: skip


def squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("language", list(WORDS))
def test_a_table_fee_settles_through_the_collector(phone, live_server, language) -> None:
    words = WORDS[language]
    owner = get_user_model().objects.create_user("laowang", password="mahjong-table-77")
    sitting = session_create(
        owner=owner,
        name="周六牌局",
        players=["阿东", "阿南", "阿西", "阿北"],
        base_silver="1",
        rules={"fee_share": 10, "fee_threshold": 20, "fee_collector": "N"},
    )
    round_record(session=sitting, entry=plain("S"), user=owner)
    people = sitting.seat_players()
    group = group_create(owner=owner, name="周六牌友", players=[p.pk for p in people.values()])

    page = log_in(phone(), live_server, owner, language)
    page.goto(f"{live_server.url}/sessions/{sitting.pk}/")
    page.locator("[data-fee-link]").click()
    expect(page.get_by_role("heading", name=words["fee"])).to_be_visible()
    page.get_by_label(words["equal"]).check()
    page.get_by_label(words["total"]).fill("10")
    # The house rules' collector is offered: North.
    expect(page.locator("#to-N")).to_be_checked()
    check_phone(page, f"fees-form-{language}")
    page.get_by_role("button", name=words["save"]).click()
    page.wait_for_url(f"{live_server.url}/sessions/{sitting.pk}/")
    # Under each balance: North −7 at the table, paid 2, collected 13, net +4.
    expect(page.locator("#ledger [data-balance='-7']").first).to_be_visible()
    north = page.locator("[data-seat-fees='N']")
    expect(north).to_contain_text("13")
    assert squeezed(north.inner_text()).endswith(f"{words['net']}+4")
    check_phone(page, f"fees-session-{language}")

    page.goto(f"{live_server.url}/sessions/{sitting.pk}/settle/")
    table = page.locator("[data-fees]")
    expect(table).to_be_visible()
    rows = {seat: squeezed(table.locator(f"[data-fee-row='{seat}'] td").all_inner_texts()[1:]
                           .__str__()) for seat in "ESWN"}  # fmt: skip
    assert rows == {
        "E": str(["-13", "-11", "2", "0"]).replace(" ", ""),
        "S": str(["+19", "+25", "6", "0"]).replace(" ", ""),
        "W": str(["-10", "-7", "3", "0"]).replace(" ", ""),
        "N": str(["+4", "-7", "2", "13"]).replace(" ", ""),
    }
    transfers = [squeezed(t) for t in page.locator("[data-transfer]").all_inner_texts()]
    amounts = [re.search(r"([0-9]+)$", t).group(1) for t in transfers]
    assert amounts == ["13", "6", "4"]
    assert "阿东" in transfers[0] and "阿南" in transfers[0] and "阿北" in transfers[2]
    check_phone(page, f"fees-settle-{language}")
    # The picture for the group chat: each standing with a second line of its fees and net.
    picture = page.locator("[data-picture]")
    with page.expect_download() as made:
        picture.locator("[data-picture-make]").click()
    made.value.save_as(SCREENSHOTS / f"fees-settle-picture-{language}.png")
    svg = page.locator("#settle-picture").evaluate("t => t.innerHTML")
    assert f"{words['net']} +19" in svg and f"{words['net']} -13" in svg

    page.goto(f"{live_server.url}/players/{people['N'].pk}/")
    expect(page.locator("[data-stat='balance']")).to_have_text("-7")
    expect(page.locator("[data-stat='fees_paid']")).to_have_text("2")
    expect(page.locator("[data-stat='fees_collected']")).to_have_text("13")
    expect(page.locator("[data-stat='net']")).to_have_text("4")
    check_phone(page, f"fees-player-{language}")

    page.goto(f"{live_server.url}/groups/{group.pk}/")
    south = page.locator(f"[data-standings-table] [data-player='{people['S'].pk}']")
    expect(south.locator("[data-balance]")).to_have_text("25")
    expect(south.locator("[data-fees-paid]")).to_have_text("6")
    expect(south.locator("[data-net]")).to_have_text("19")
    north_row = page.locator(f"[data-standings-table] [data-player='{people['N'].pk}']")
    expect(north_row.locator("[data-fees-collected]")).to_have_text("13")
    expect(page.locator("[data-unpaid-net]").first).to_be_visible()
    check_phone(page, f"fees-group-{language}")
