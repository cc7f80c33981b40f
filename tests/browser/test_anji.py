"""Anji on a phone (anji-rules.md): open a 2-player and a 3-player sitting, record wins with the
flowers tapped on the keyboard and a draw, correct a round, settle; the balances are the ones
AJ11 gives by hand (each other player pays X, the winner gets X × (n − 1))."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import balances, check_phone, faces, tap_tiles

pytestmark = pytest.mark.browser


def sign_up(page: Page, live_server, username: str) -> None:
    page.goto(f"{live_server.url}/accounts/signup/")
    page.fill("#id_username", username)
    page.fill("#id_password1", "mahjong-table-77")
    page.fill("#id_password2", "mahjong-table-77")
    page.get_by_role("button", name="注册").click()
    expect(page).to_have_url(re.compile(r"/sessions/new/$"))


def open_anji(page: Page, live_server, name: str, players: list[str], shot: str) -> str:
    """Open an Anji sitting of len(players) from the new-sitting page; its URL."""
    page.goto(f"{live_server.url}/sessions/new/")
    page.fill("#id_name", name)
    page.locator("[data-game-choices] label", has_text="安吉麻将").click()
    counts = page.locator("[data-player-counts]")
    expect(counts).to_be_visible()
    counts.locator("label", has_text=f"{len(players)}人").click()
    expect(page.locator(f"[data-player-counts] input[value='{len(players)}']")).to_be_checked()
    expect(page.locator("#id_player_N")).to_have_count(1 if len(players) == 4 else 0)
    for seat, player in zip("ESWN", players, strict=False):
        page.fill(f"#id_player_{seat}", player)
    page.locator("#house-rules summary").click()
    expect(page.locator("#id_rule-bao_tou")).to_have_value("2")  # AJ13's defaults
    expect(page.locator("#id_rule-pao_feng")).to_have_count(0)  # not Anqing's
    check_phone(page, shot)
    page.get_by_role("button", name="开始").click()
    expect(page.locator("h1")).to_have_text(name)
    return page.url


def record_win(page: Page, winner: int, indicator: str, hand: str, win: str, flowers: list[str]):
    """Tap a whole Anji win: the winner, the indicator, the standing tiles, the winning tile and
    the winner's flowers, all on the docked keyboard."""
    page.get_by_role("link", name="记胡牌").click()
    page.locator(f"label[for=id_winner_{winner}]").click()
    tap_tiles(page, [indicator, *faces(hand), win, *flowers])
    expect(page.locator(".dock [data-tray-field='flowers'] [data-tile]")).to_have_count(
        len(flowers)
    )


def test_a_two_player_and_a_three_player_anji_sitting(phone, live_server) -> None:
    page = phone()
    sign_up(page, live_server, "anji-table")

    # --- two players: E 甲, S 乙 -------------------------------------------------------------
    url = open_anji(page, live_server, "安吉两人", ["甲", "乙"], "anji-01-new-two")
    assert sorted(balances(page)) == ["E", "S"]
    check_phone(page, "anji-02-two-sitting")

    # Round 1 (AJ15.1): S wins, 財神 4p; ZI_MO 1 + two flowers = X 3; E pays 3.
    record_win(page, 1, "3p", "12456m34578s99p4p", "3m", ["1f", "3f"])
    expect(page.locator("#preview [data-x='3']")).to_be_visible()
    expect(page.locator("#preview [data-item='FLOWERS']")).to_contain_text("×2")
    expect(page.locator("#specials")).to_contain_text("财神")
    check_phone(page, "anji-03-win-preview")
    page.locator("#preview").scroll_into_view_if_needed()
    check_phone(page, "anji-04-why")
    page.get_by_role("button", name="确认记录").click()
    expect(page.locator(".changes")).to_contain_text("第1局已记录")
    assert balances(page) == {"E": -3, "S": 3}

    # Round 2: a draw; S, who won, keeps the deal (AJ2.3); nothing moves (AJ3.2).
    page.locator("#draw summary").click()
    page.get_by_role("button", name="确认流局（第2局）").click()  # AJ3.2: 「则算流局」
    expect(page.locator("[data-round='2']")).to_contain_text("流局")
    expect(page.locator(".state")).to_contain_text("庄：南 · 乙")
    assert balances(page) == {"E": -3, "S": 3}

    # Round 3 (AJ15.9): E wins 七對 無財神 with three flowers: 2 + 5 + 3 = X 10; S pays 10.
    record_win(page, 0, "2m", "1155m2299p44s667z", "7z", ["1f", "2f", "6f"])
    expect(page.locator("#preview [data-x='10']")).to_be_visible()
    expect(page.locator("#preview [data-item='QI_DUI_NO_WILD']")).to_be_visible()
    page.get_by_role("button", name="确认记录").click()
    expect(page.locator(".changes")).to_contain_text("第3局已记录")
    assert balances(page) == {"E": 7, "S": -7}
    check_phone(page, "anji-05-two-after-three")

    # Correct round 1: 秋 was not the winner's; one flower less → X 2.
    page.locator("[data-round='1'] a").click()
    expect(page.locator("[data-flowers] [data-tile='3f']")).to_be_visible()
    check_phone(page, "anji-06-round-page")
    page.get_by_role("link", name="更正").click()
    flowers = page.locator("[data-tilefield]:has(#id_flowers) .strip [data-tile]")
    expect(flowers).to_have_count(2)
    page.locator("[data-tilefield]:has(#id_flowers) .strip [data-tile='3f']").click()
    expect(flowers).to_have_count(1)
    expect(page.locator("#preview [data-x='2']")).to_be_visible()
    check_phone(page, "anji-07-correction")
    page.get_by_role("button", name="确认更正").first.click()
    expect(page.locator(".changes")).to_contain_text("第1局已更正")
    # Round 1 now S +2; round 3 E +10: E −2 + 10 = 8, S 2 − 10 = −8.
    assert balances(page) == {"E": 8, "S": -8}

    page.get_by_role("link", name="结账、统计、走势").click()
    expect(page.locator("[data-standing]")).to_have_count(2)
    expect(page.locator("[data-transfer]")).to_have_text(re.compile(r"南 · 乙 → 东 · 甲\s*8"))
    check_phone(page, "anji-08-two-settle")

    # --- three players: E 甲, S 乙, W 丙 ------------------------------------------------------
    url = open_anji(page, live_server, "安吉三人", ["甲", "乙", "丙"], "anji-09-new-three")
    assert balances(page) == {"E": 0, "S": 0, "W": 0}

    # Round 1 (AJ15.1): S wins, X 3: E and W pay 3 → S +6.
    record_win(page, 1, "3p", "12456m34578s99p4p", "3m", ["1f", "3f"])
    expect(page.locator("#preview [data-x='3']")).to_be_visible()
    expect(page.locator("#preview [data-payer]")).to_have_count(2)
    page.get_by_role("button", name="确认记录").click()
    expect(page.locator(".changes")).to_contain_text("第1局已记录")
    assert balances(page) == {"E": -3, "S": 6, "W": -3}

    # Round 2: a draw.
    page.locator("#draw summary").click()
    page.get_by_role("button", name="确认流局（第2局）").click()
    expect(page.locator(".changes")).to_contain_text("第2局已记录")
    assert balances(page) == {"E": -3, "S": 6, "W": -3}

    # Round 3 (AJ15.3): W wins by 爆頭 (the drawn 白 beside a held 財神 1m) with 梅: 2 + 1 = X 3.
    record_win(page, 2, "9m", "234567p345678s1m", "7z", ["5f"])
    expect(page.locator("#preview [data-item='BAO_TOU']")).to_be_visible()
    expect(page.locator("#preview [data-not-counted='ZI_MO']")).to_be_visible()
    check_phone(page, "anji-10-three-preview")
    page.get_by_role("button", name="确认记录").click()
    expect(page.locator(".changes")).to_contain_text("第3局已记录")
    assert balances(page) == {"E": -6, "S": 3, "W": 3}
    check_phone(page, "anji-11-three-sitting")

    # Correct round 3: W had no flower → X 2: E −3 − 2 = −5, S 6 − 2 = 4, W −3 + 4 = 1.
    page.locator("[data-round='3'] a").click()
    page.get_by_role("link", name="更正").click()
    page.locator("[data-tilefield]:has(#id_flowers) .strip [data-tile='5f']").click()
    expect(page.locator("#preview [data-x='2']")).to_be_visible()
    page.get_by_role("button", name="确认更正").first.click()
    expect(page.locator(".changes")).to_contain_text("第3局已更正")
    assert balances(page) == {"E": -5, "S": 4, "W": 1}

    page.get_by_role("link", name="结账、统计、走势").click()
    expect(page.locator("[data-standing]")).to_have_count(3)
    expect(page.locator("[data-stats='N']")).to_have_count(0)
    transfers = page.locator("[data-transfer]")
    expect(transfers).to_have_count(2)
    expect(transfers.nth(0)).to_have_text(re.compile(r"东 · 甲 → 南 · 乙\s*4"))
    expect(transfers.nth(1)).to_have_text(re.compile(r"东 · 甲 → 西 · 丙\s*1"))
    check_phone(page, "anji-12-three-settle")

    # The share link, from a phone without an account: the three seats in play.
    page.goto(url)
    share = page.locator("#share-url").inner_text()
    viewer = phone()
    viewer.goto(share)
    expect(viewer.locator(".seats [data-seat]")).to_have_count(3)
    expect(viewer.locator("polyline[data-seat]")).to_have_count(3)
    check_phone(viewer, "anji-13-share")

    # The why page in English.
    page.goto(f"{url}rounds/1/")
    page.get_by_role("button", name="English").click()
    expect(page.locator("[data-item='FLOWERS']")).to_contain_text("points")
    check_phone(page, "anji-14-why-en")


def test_the_calculator_switches_to_anji(phone, live_server) -> None:
    page = phone()
    page.goto(f"{live_server.url}/calculator/")
    page.locator(".game-switch a[data-game-link='anji']").click()
    page.locator(".game-switch a[data-game-link='anji-3']").click()
    expect(page.locator(".dock .keys [data-tile='8f']")).to_be_attached()
    # The keyboard opens, with the flowers, once the winner is chosen.
    page.locator("label[for=id_winner_1]").click()
    expect(page.locator(".dock .keys [data-tile='8f']")).to_be_visible()
    check_phone(page, "anji-15-calculator-open")
    tap_tiles(page, ["3p", *faces("12456m34578s99p4p"), "3m", "1f", "3f"])
    expect(page.locator("#preview [data-x='3']")).to_be_visible()
    expect(page.locator("#preview [data-payer]")).to_have_count(2)
    check_phone(page, "anji-16-calculator")
