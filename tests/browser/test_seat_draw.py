"""Drawing seats on a phone (390×844), in 简体, 繁體 and English: an Anqing sitting (one throw
counted round the table, R2.2) and an Anji sitting of three (everyone throws, the highest deals,
AJ2.3), each thrown, thrown again once, accepted into the seats and opened; the sitting page
shows the seats drawn, the first dealer at East, and how the seats were drawn. The server's dice
are scripted, so the seats are known."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

import calculator.services.seat_draw
from tests.browser.conftest import check_phone, log_in
from tests.scoring.test_seat_draw import Scripted

pytestmark = pytest.mark.browser

WORDS = {
    "zh-hans": {"draw": "抽座位", "again": "再抽一次", "use": "用这个座位", "start": "开始",
                "east": "东", "told": "座位由抽签决定"},
    "zh-hant": {"draw": "抽座位", "again": "再抽一次", "use": "用這個座位", "start": "開始",
                "east": "東", "told": "座位由抽籤決定"},
    "en": {"draw": "Draw seats", "again": "Draw again", "use": "Use these seats", "start": "Start",
           "east": "East", "told": "Seats drawn by lot"},
}  # fmt: skip


def seat_names(page: Page) -> dict[str, str]:
    seats = page.locator("#ledger [data-seat]")
    return {
        seats.nth(i).get_attribute("data-seat"): seats.nth(i).locator(".seat-player").inner_text()
        for i in range(seats.count())
    }


def draw_and_open(
    page: Page, language: str, name: str, players: list[str], shot: str, game: str = "anqing"
) -> None:
    """Type the names, draw, look, draw again, use the seats, start."""
    words = WORDS[language]
    page.fill("#id_name", name)
    if game != "anqing":
        page.locator(f"[data-game-choices] label:has(input[value='{game}'])").click()
        page.locator(f"[data-player-counts] label:has(input[value='{len(players)}'])").click()
        expect(page.locator("#id_player_N")).to_have_count(0 if len(players) < 4 else 1)
    for seat, player in zip("ESWN", players, strict=False):
        page.fill(f"#id_player_{seat}", player)
    page.get_by_role("button", name=words["draw"]).click()
    expect(page.locator("[data-seat-draw-offer]")).to_be_visible()
    page.locator("[data-seat-draw-offer]").scroll_into_view_if_needed()
    check_phone(page, f"{shot}-1-thrown")
    # What the panel carries of the draw: a new throw is a new value once the panel is swapped.
    carried = page.locator("input[name=seat_draw_offer]")
    first = carried.get_attribute("value")
    page.get_by_role("button", name=words["again"]).click()
    expect(carried).not_to_have_value(first)
    page.locator("[data-seat-draw-offer]").scroll_into_view_if_needed()
    check_phone(page, f"{shot}-2-thrown-again")
    page.get_by_role("button", name=words["use"]).click()
    expect(page.locator("[data-seat-draw-accepted]")).to_be_visible()
    check_phone(page, f"{shot}-3-accepted")
    page.get_by_role("button", name=words["start"]).click()
    expect(page.locator("h1")).to_have_text(name)


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant", "en"])
def test_draw_seats_for_anqing_and_anji_of_three(
    phone, live_server, owner, language: str, monkeypatch
) -> None:
    words = WORDS[language]
    page = log_in(phone(), live_server, owner, language)
    page.goto(f"{live_server.url}/sessions/new/")

    # Anqing (R2.2): 小李 (East as typed) throws 1 + 1 = 2: counted to 小王; again, the names
    # drawn 老周 小李 阿芳 小王 (E S W N) and 老周 throws 4 + 3 = 7: counted to 阿芳.
    dice = Scripted([1, 1, 4, 3], orders=[[0, 1, 2, 3], [3, 0, 2, 1]])
    monkeypatch.setattr(calculator.services.seat_draw, "RANDOM", dice)
    draw_and_open(
        page, language, "安庆一场", ["小李", "小王", "阿芳", "老周"], f"draw-{language}-anqing"
    )
    # 阿芳 at East, then 小王, 老周, 小李 on round the table as drawn (each keeps their neighbours)
    assert seat_names(page) == {"E": "阿芳", "S": "小王", "W": "老周", "N": "小李"}
    expect(page.locator("#ledger .seat.dealer[data-seat='E']")).to_be_visible()
    told = page.locator("[data-seat-draw]")
    expect(told).to_contain_text(words["told"])
    expect(told).to_contain_text("R2.2")
    expect(told).to_contain_text("老周")
    check_phone(page, f"draw-{language}-anqing-4-sitting")

    # Anji of three (AJ2.3): first 甲 5, 乙 9, 丙 9 (equal: 乙 threw first); again 甲 12,
    # 乙 3, 丙 12 (equal: 甲 threw first, the seats stay as typed).
    dice = Scripted([2, 3, 4, 5, 6, 3, 6, 6, 1, 2, 6, 6])
    monkeypatch.setattr(calculator.services.seat_draw, "RANDOM", dice)
    page.goto(f"{live_server.url}/sessions/new/")
    draw_and_open(page, language, "安吉三人", ["甲", "乙", "丙"], f"draw-{language}-anji", "anji")
    assert seat_names(page) == {"E": "甲", "S": "乙", "W": "丙"}
    told = page.locator("[data-seat-draw]")
    expect(told).to_contain_text("AJ2.3")
    expect(told).to_contain_text(re.compile("甲.*乙.*丙"))
    expect(page.locator("#ledger .seat.dealer[data-seat='E']")).to_contain_text("甲")
    check_phone(page, f"draw-{language}-anji-4-sitting")
