"""The calculator at a phone's size: tap a hand, see its waits, tap the winning tile, see why."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import check_phone, faces, tap_tiles

pytestmark = pytest.mark.browser


def test_check_a_disputed_score_by_tapping_tiles(phone, live_server) -> None:
    page = phone()
    page.goto(f"{live_server.url}/calculator/")
    check_phone(page, "calc-01-empty")

    page.locator("label[for=id_winner_1]").click()  # 南 wins
    page.locator("#id_indicator + .strip").click()
    tap_tiles(page, ["9p"])
    # R4.1: indicator 9p → 鑽 1p, shown beside the indicator once the preview answers.
    expect(page.locator("#specials [data-tile='1p']")).to_be_visible()

    # The picker moved on to the standing tiles by itself.
    tap_tiles(page, faces("123456m234678s9p"))
    expect(page.locator("#id_hand + .strip [data-tile]")).to_have_count(13)
    expect(page.locator("#preview [data-wait='9p']")).to_be_visible()
    check_phone(page, "calc-02-waits")

    # Tap a standing tile to take it off, then put it back.
    page.locator("#id_hand + .strip [data-tile='1m']").click()
    expect(page.locator("#id_hand + .strip [data-tile]")).to_have_count(12)
    page.locator("#id_hand + .strip").click()
    tap_tiles(page, ["1m"])

    page.locator("#id_win_tile + .strip").click()
    tap_tiles(page, ["9p"])
    expect(page.locator("#preview [data-fan='9']")).to_be_visible()
    expect(page.locator("#preview [data-item='PAO_FENG']")).to_contain_text("R7 PAO_FENG")
    check_phone(page, "calc-03-score")


def test_no_face_goes_beyond_four(phone, live_server) -> None:
    page = phone()
    page.goto(f"{live_server.url}/calculator/")
    page.locator("#id_hand + .strip").click()
    tap_tiles(page, ["5m"] * 4)
    key = page.locator(".picker .keys [data-tile='5m']")
    expect(key).to_be_disabled()
    expect(page.locator("#id_hand")).to_have_value("5555m")
    expect(key).to_have_attribute("aria-label", "五万")


def test_switch_language_on_the_calculator(phone, live_server) -> None:
    page = phone()
    page.goto(f"{live_server.url}/calculator/")
    page.get_by_role("button", name="English").click()
    expect(page.locator("h1")).to_have_text("Score")
    expect(page.locator(".picker .keys [data-tile='7m']")).to_have_attribute(
        "aria-label", "7 Characters"
    )
    page.get_by_role("button", name="繁體中文").click()
    expect(page.locator(".picker .keys [data-tile='7m']")).to_have_attribute("aria-label", "七萬")
    check_phone(page, "calc-04-traditional")


def test_the_meld_builder_follows_the_rules_on_feeding(phone, live_server) -> None:
    page = phone()
    page.goto(f"{live_server.url}/calculator/")
    page.locator("label[for=id_winner_1]").click()  # 南 wins
    page.locator("details[data-meld]:nth-of-type(1) summary").click()
    # R5.2 / R3 不打缺: a chow only from the 上家; 南's 上家 is 東.
    page.select_option("#id_meld_1_kind", "chi")
    expect(page.locator("#id_meld_1_from")).to_have_value("E")
    expect(page.locator("#id_meld_1_from option[value='W']")).to_be_disabled()
    # Tapping one tile fills the chow.
    page.locator("#id_meld_1_tiles + .strip").click()
    tap_tiles(page, ["3s"])
    expect(page.locator("#id_meld_1_tiles")).to_have_value("345s")
    # A player never feeds themselves, and the winner has no "other player's melds" block.
    page.select_option("#id_meld_1_kind", "pung")
    expect(page.locator("#id_meld_1_from option[value='S']")).to_be_disabled()
    expect(page.locator("details[data-other-seat='S']")).to_be_hidden()
    # R3 打缺: no chows at all.
    page.select_option("#id_ruleset", "anqing-daque")
    expect(page.locator("#id_meld_1_kind option[value='chi']")).to_be_disabled()
    check_phone(page, "calc-05-melds")
