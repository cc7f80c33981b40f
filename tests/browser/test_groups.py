"""A group's page on a phone (390×844): two sittings of the same four people in this month, the
standings and a title checked by hand, the head-to-head table, the settle-up's button marking
both sittings paid out; its screenshot is kept."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from calculator.models import Session
from calculator.services.groups import group_create
from calculator.services.rounds import round_record
from calculator.services.sittings import session_create
from tests.browser.conftest import check_phone, log_in
from tests.browser.test_accessibility import violations
from tests.calculator.hands import DRAW, paofeng, plain

pytestmark = pytest.mark.browser

PLAYERS = ["阿东", "阿南", "阿西", "阿北"]


def test_a_groups_page_over_two_sittings(phone, live_server) -> None:
    owner = get_user_model().objects.create_user("laowang", password="mahjong-table-77")
    first = session_create(owner=owner, name="上周六", players=PLAYERS, base_silver="1")
    round_record(session=first, entry=plain("S"), user=owner)
    round_record(session=first, entry=DRAW, user=owner)
    second = session_create(owner=owner, name="这周六", players=PLAYERS, base_silver="1")
    round_record(session=second, entry=paofeng("S"), user=owner)
    round_record(session=second, entry=plain("E"), user=owner)
    first.refresh_from_db()
    second.refresh_from_db()
    page = log_in(phone(), live_server, owner)
    page.goto(f"{live_server.url}/groups/")
    page.fill("#id_name", "周六牌友")
    for name in PLAYERS:
        page.get_by_label(name, exact=True).check()
    check_phone(page, "group-01-new")
    page.get_by_role("button", name="建群").click()
    expect(page.locator("h1")).to_have_text("周六牌友")
    south = page.locator(f"tr[data-player='{first.south_id}']")
    # 阿南 won twice (F 3, then F 9 in the second sitting), both self-drawn.
    expect(south.locator("[data-wins]")).to_have_text("2")
    shown = Decimal(south.locator("[data-balance]").inner_text().strip())
    assert shown == first.balance_s + second.balance_s
    expect(south.locator("[data-biggest] a")).to_have_text("9")
    expect(page.locator("[data-titles]")).to_contain_text("阿南")
    expect(page.locator("[data-head-to-head]")).to_be_visible()
    check_phone(page, "group-02-standings")
    page.locator("[data-mark-paid]").click()
    expect(page.locator("[data-unpaid]")).to_contain_text("每一场都结清了")
    assert Session.objects.filter(paid_out_at__isnull=False).count() == 2
    check_phone(page, "group-03-paid-out")


@pytest.mark.parametrize("language", ["en", "zh-hant"])
def test_the_group_page_fits_a_phone_in_english_and_traditional(phone, live_server, language):
    owner = get_user_model().objects.create_user("laowang", password="mahjong-table-77")
    sitting = session_create(owner=owner, name="週六", players=PLAYERS, base_silver="1")
    round_record(session=sitting, entry=paofeng("W"), user=owner)
    group = group_create(
        owner=owner, name="牌友", players=[p.pk for p in sitting.seat_players().values()]
    )
    page = log_in(phone(), live_server, owner, language)
    page.goto(f"{live_server.url}/groups/{group.pk}/")
    expect(page.locator("[data-titles]")).to_contain_text(
        "Most wins" if language == "en" else "胡牌王"
    )
    check_phone(page, f"group-04-{language}")
    page.goto(f"{live_server.url}/groups/")
    check_phone(page, f"group-05-list-{language}")


def test_the_standings_split_each_total_on_a_phone(phone, live_server) -> None:
    """A penalty in the month: the table shows each total split into hands and adjustments,
    the penalties paid and the dealer wins, and still scrolls inside its own frame."""
    owner = get_user_model().objects.create_user("laowang", password="mahjong-table-77")
    sitting = session_create(owner=owner, name="这周六", players=PLAYERS, base_silver="1")
    round_record(session=sitting, entry=plain("E"), user=owner)
    round_record(session=sitting, entry=plain("S"), user=owner)
    round_record(
        session=sitting,
        entry={"result": "adjustment", "kind": "penalty", "from": "W", "amount": "2",
               "reason": "诈胡"},
        user=owner,
    )  # fmt: skip
    group = group_create(
        owner=owner, name="周六牌友", players=[p.pk for p in sitting.seat_players().values()]
    )
    page = log_in(phone(), live_server, owner)
    page.goto(f"{live_server.url}/groups/{group.pk}/")
    west = page.locator(f"tr[data-player='{sitting.west_id}']")
    # 阿西: −11 and −7 from the hands, −6 for the penalty (R8, R9).
    expect(west.locator("[data-from-hands]")).to_have_text("-18")
    expect(west.locator("[data-adjusted]")).to_have_text("-6")
    expect(west.locator("[data-balance]")).to_have_text("-24")
    expect(west.locator("[data-penalties]")).to_have_text("1")
    east = page.locator(f"tr[data-player='{sitting.east_id}']")
    expect(east.locator("[data-dealer-wins]")).to_have_text("1")
    check_phone(page, "group-06-split")
    assert violations(page) == []  # axe: the wider table and its headers
    # The columns past the phone's width are a swipe away inside the table's own frame.
    frame = page.locator("[data-standings] .table-wrap").first
    frame.evaluate("(el) => { el.scrollLeft = el.scrollWidth; }")
    expect(east.locator("[data-dealer-wins]")).to_be_in_viewport()
    check_phone(page, "group-07-split-swiped")
