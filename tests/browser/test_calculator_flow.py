"""The calculator at a phone's size: tap a hand, see its waits, tap the winning tile, see why."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import check_phone, faces, tap_tiles

pytestmark = pytest.mark.browser


def test_check_a_disputed_score_by_tapping_tiles(phone, live_server) -> None:
    page = phone()
    page.goto(f"{live_server.url}/calculator/")
    check_phone(page, "calc-01-empty")

    page.locator("label[for=id_winner_1]").click()  # 南 wins
    # The docked keyboard starts on the indicator.
    expect(page.locator("[data-tray-field=indicator]")).to_have_attribute("aria-pressed", "true")
    tap_tiles(page, ["9p"])
    # R4.1: indicator 9p → 鑽 1p, shown beside the indicator once the preview answers.
    expect(page.locator("#specials [data-tile='1p']")).to_be_visible()

    # The keyboard moved on to the standing tiles by itself.
    tap_tiles(page, faces("123456m234678s9p"))
    expect(page.locator("#id_hand + .strip [data-tile]")).to_have_count(13)
    expect(page.locator("[data-tray-field=hand] .tray-count")).to_have_text("13/13")
    expect(page.locator("#preview [data-wait='9p']")).to_be_visible()
    expect(page.locator("#dock-summary [data-summary=waits]")).to_be_visible()
    check_phone(page, "calc-02-waits")

    # Tap a standing tile in the tray to take it off, then put it back.
    page.locator("[data-tray-field=hand] [data-tile='1m']").click()
    expect(page.locator("#id_hand + .strip [data-tile]")).to_have_count(12)
    tap_tiles(page, ["1m"])

    tap_tiles(page, ["9p"])  # the winning tile
    expect(page.locator("#preview [data-fan='9']")).to_be_visible()
    expect(page.locator("#dock-summary [data-fan='9']")).to_be_visible()
    # the item cites its rule, linked to its heading in the rule book (R7 PAO_FENG)
    expect(page.locator("#preview [data-item='PAO_FENG'] a.rule-link")).to_have_attribute(
        "href", "/rules/#R7-PAO_FENG"
    )
    page.locator("[data-picker-close]").click()
    check_phone(page, "calc-03-score")


def test_no_face_goes_beyond_four(phone, live_server) -> None:
    page = phone()
    page.goto(f"{live_server.url}/calculator/")
    page.locator("[data-picker-open]").click()  # the keyboard, before any winner is chosen
    page.locator("[data-tray-field=hand]").click()
    tap_tiles(page, ["5m"] * 4)
    key = page.locator(".dock .keys [data-tile='5m']")
    expect(key).to_be_disabled()
    expect(page.locator("#id_hand")).to_have_value("5555m")
    expect(key).to_have_attribute("aria-label", "五万")


def test_switch_language_on_the_calculator(phone, live_server) -> None:
    page = phone()
    page.goto(f"{live_server.url}/calculator/")
    # The keyboard waits for the winner; the language switch is at the foot of the page.
    expect(page.locator(".dock")).to_have_class(re.compile(r"\bcollapsed\b"))
    page.get_by_role("button", name="English").click()
    expect(page.locator("h1")).to_have_text("Score a hand")
    expect(page.locator(".dock .keys [data-tile='7m']")).to_have_attribute(
        "aria-label", "7 Characters"
    )
    # The character faces carry a corner index on English pages: 7 on 七萬, E on 東.
    corner = "el => getComputedStyle(el, '::after').content"
    assert page.locator(".dock .keys [data-tile='7m']").evaluate(corner) == '"7"'
    assert page.locator(".dock .keys [data-tile='1z']").evaluate(corner) == '"E"'
    assert page.locator(".dock .keys [data-tile='7p']").evaluate(corner) in ("none", "normal")
    page.get_by_role("button", name="繁體中文").click()
    expect(page.locator(".dock .keys [data-tile='7m']")).to_have_attribute("aria-label", "七萬")
    assert page.locator(".dock .keys [data-tile='7m']").evaluate(corner) in ("none", "normal")
    check_phone(page, "calc-04-traditional")


def test_the_meld_builder_follows_the_rules_on_feeding(phone, live_server) -> None:
    page = phone()
    page.goto(f"{live_server.url}/calculator/")
    page.locator("label[for=id_winner_1]").click()  # 南 wins
    tap_tiles(page, ["9p", "3s"])  # the indicator (鑽 1p), then a tile into the hand
    # R5.2 / R3 不打缺: a chow only from the 上家; the three places 3s can sit in are offered.
    chows = page.locator("[data-chows] [data-chow]")
    expect(chows).to_have_count(3)
    assert chows.evaluate_all("els => els.map(e => e.dataset.chow)") == ["123s", "234s", "345s"]
    # A player never feeds themselves: 南 is not offered as the feeder of a pung.
    expect(page.locator("[data-feeder='S']")).to_be_hidden()
    expect(page.locator("[data-feeder='W']")).to_be_enabled()
    page.locator("[data-chow='345s']").click()
    expect(page.locator("#id_meld_1_kind")).to_have_value("chi")
    expect(page.locator("#id_meld_1_tiles")).to_have_value("345s")
    expect(page.locator("#id_meld_1_from")).to_have_value("E")
    expect(page.locator("[data-meld-chip='1']")).to_contain_text("东")
    expect(page.locator("#id_hand")).to_have_value("")
    # The standing tiles left: 13 − 3 × melds (R5.5).
    expect(page.locator("[data-tray-field=hand] .tray-count")).to_have_text("0/10")
    # A kong: the kind button cycles 碰 → 明杠, then the feeder.
    tap_tiles(page, ["7m"])
    page.locator("[data-set-kind]").click()
    expect(page.locator("[data-set-kind]")).to_have_text("明杠")
    page.locator("[data-feeder='W']").click()
    expect(page.locator("#id_meld_2_tiles")).to_have_value("7777m")
    expect(page.locator("#id_meld_2_from")).to_have_value("W")
    # R4.2: the 鑽 is not melded (only a concealed kong may hold it).
    tap_tiles(page, ["1p"])
    expect(page.locator("[data-feeder='W']")).to_be_disabled()
    expect(page.locator("[data-chows] [data-chow]")).to_have_count(0)
    expect(page.locator("[data-concealed-kong]")).to_be_enabled()
    # The winner's own block of "other seats' melds" is hidden.
    expect(page.locator("details[data-other-seat='S']")).to_be_hidden()
    check_phone(page, "calc-05-melds")
    # R3 打缺: no chows at all; the chow already entered is dropped.
    page.locator("[data-picker-close]").click()
    page.locator(".table-settings summary").click()
    page.select_option("#id_ruleset", "anqing-daque")
    expect(page.locator("#id_meld_1_kind")).to_have_value("kong")
    expect(page.locator("#id_meld_2_kind")).to_have_value("")
    page.locator("[data-picker-open]").click()
    tap_tiles(page, ["2s"])
    expect(page.locator("[data-chows] [data-chow]")).to_have_count(0)
