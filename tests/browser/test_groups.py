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
