"""A player's page on a phone (390×844): two sittings of the same four people, the totals of
the period worked out by hand, the biggest hand linked to its why page, the balance curve; its
screenshot is kept."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from calculator.services.rounds import round_record
from calculator.services.sittings import session_create
from tests.browser.conftest import check_phone, log_in
from tests.calculator.hands import DRAW, plain

pytestmark = pytest.mark.browser

PLAYERS = ["阿东", "阿南", "阿西", "阿北"]


def test_a_players_page_over_two_sittings(phone, live_server) -> None:
    owner = get_user_model().objects.create_user("laowang", password="mahjong-table-77")
    first = session_create(owner=owner, name="上周六", players=PLAYERS, base_silver="1")
    round_record(session=first, entry=plain("S"), user=owner)
    round_record(session=first, entry=DRAW, user=owner)
    second = session_create(owner=owner, name="这周六", players=PLAYERS, base_silver="1")
    round_record(session=second, entry=plain("S"), user=owner)
    round_record(session=second, entry=plain("E"), user=owner)
    first.refresh_from_db()
    second.refresh_from_db()
    # The same 阿南 sat at both tables (one person of the roster).
    assert first.south_id == second.south_id
    balance = first.balance_s + second.balance_s
    page = log_in(phone(), live_server, owner)
    page.goto(f"{live_server.url}/players/{first.south_id}/")
    record = page.locator("[data-record]")
    expect(record.locator("[data-stat=sittings]")).to_have_text("2")
    expect(record.locator("[data-stat=wins]")).to_have_text("2")
    expect(record.locator("[data-stat=self_draws]")).to_have_text("2")
    shown = record.locator("[data-stat=balance]").inner_text().strip().lstrip("+")
    assert float(shown) == float(balance)
    expect(page.locator("[data-biggest] a")).to_be_visible()
    expect(page.locator("svg[data-curve]")).to_be_visible()
    check_phone(page, "player-01-page")
    page.locator("[data-biggest] a").click()
    expect(page.locator("h1")).to_contain_text("1")  # the why page of that round
