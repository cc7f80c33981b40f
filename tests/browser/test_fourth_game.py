"""推倒胡, the tests' fourth game (tests/fourth_game/tuidao, rule book T1–T10 in its docstring),
on a phone: registered with its one line, a sitting is opened from the new-sitting page and three
rounds are entered on the docked keyboard by tapping tiles — a self-draw, a win on a discard
naming the discarder and a draw — then the sitting page, each round's why page, settle-up and the
share page are read, the money checked against sums worked out by hand below. The game has only
its engine package: every page is the shared web side built from what it declares (no indicator,
discard wins, four seats)."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from calculator.models import Session
from tests.browser.conftest import balances, check_phone, faces, tap_tiles
from tests.browser.test_anji import sign_up
from tests.fourth_game.conftest import tuidao  # noqa: F401  (its one registry line)

pytestmark = pytest.mark.browser


def confirm(page: Page, number: int) -> None:
    page.get_by_role("button", name="确认记录").click()
    expect(page.locator(".changes")).to_contain_text(f"第{number}局已记录")


def test_tuidao_rounds_tapped_on_the_keyboard(tuidao, phone, live_server) -> None:  # noqa: F811
    page = phone()
    sign_up(page, live_server, "tuidao-table")

    # --- a new sitting: 推倒胡, four players, base silver 2 -------------------------------------
    page.goto(f"{live_server.url}/sessions/new/")
    page.fill("#id_name", "周五推倒胡")
    page.locator("[data-game-choices] label", has_text="推倒胡").click()
    page.locator("[data-player-counts] label", has_text="4人").click()
    for seat, player in zip("ESWN", ["甲", "乙", "丙", "丁"], strict=True):
        page.fill(f"#id_player_{seat}", player)
    page.fill("#id_base_silver", "2")
    check_phone(page, "fourth-01-new")
    page.get_by_role("button", name="开始").click()
    expect(page.locator("h1")).to_have_text("周五推倒胡")
    sitting = page.url
    session = Session.objects.get(name="周五推倒胡")
    assert session.game == "tuidao"
    assert balances(page) == {"E": 0, "S": 0, "W": 0, "N": 0}

    # --- round 1: 乙 (S) self-draws 一二三…九万 一一筒 二三四筒 ----------------------------------
    page.get_by_role("link", name="记胡牌").click()
    expect(page.locator("legend", has_text="谁胡了")).to_be_visible()
    expect(page.locator("legend", has_text="谁胡了（自摸）")).to_have_count(0)  # T4.2
    expect(page.locator("[data-tray-field='indicator']")).to_have_count(0)  # T1: none turned up
    page.locator("label[for=id_winner_1]").click()
    tap_tiles(page, faces("123456789m11p23p"))
    expect(page.locator("[data-tray-field=hand] .tray-count")).to_have_text("13/13")
    expect(page.locator("[data-tray-field=win_tile]")).to_have_attribute("aria-pressed", "true")
    tap_tiles(page, ["4p"])
    # 平胡 1 + 门清 1 + 自摸 1 = 3 fan → 1 × 2³ = 8 points (T5, T6); × base silver 2 = 16 from
    # each of 甲, 丙, 丁 (T7.1): 乙 +48.
    preview = page.locator("#preview")
    for code in ("PING_HU", "MEN_QING", "ZI_MO"):
        expect(preview.locator(f"[data-item='{code}']")).to_be_visible()
    expect(preview.locator("[data-payer]")).to_have_count(3)
    check_phone(page, "fourth-02-self-draw-preview")
    confirm(page, 1)
    assert balances(page) == {"E": -16, "S": 48, "W": -16, "N": -16}
    # T2.2: the dealer 甲 did not win: the next seat, 乙, deals.
    expect(page.locator(".state")).to_contain_text("乙")

    # --- round 2: 丙 (W) wins 碰碰胡 on 丁's (N) discard, a pung of 红中 fed by 甲 (E) --------------
    page.get_by_role("link", name="记胡牌").click()
    page.locator("label[for=id_winner_2]").click()
    # Who discarded, on the open keyboard's tray: 丁 (N); the winner's own chip cannot be.
    tray = page.locator(".dock [data-tray-discarder]")
    expect(tray.locator("[data-dock-discarder='W']")).to_be_disabled()
    tray.locator("[data-dock-discarder='N']").click()
    expect(page.locator("#id_discarder_3")).to_be_checked()
    expect(tray.locator("[data-dock-discarder='N']")).to_have_attribute("aria-pressed", "true")
    tap_tiles(page, ["5z"])
    page.locator(".dock [data-feeder='E']").click()  # 碰 红中 ← 甲
    expect(page.locator("[data-tray-field=hand] .tray-count")).to_have_text("0/10")
    tap_tiles(page, faces("111222p666s7s"))
    tap_tiles(page, ["7s"])
    # 碰碰胡 2 fan (T5.2; a claimed pung: no 门清; on a discard: no 自摸) → 4 points × 2 = 8,
    # paid by 丁 alone (T7.2).
    expect(preview.locator("[data-item='PENG_PENG_HU']")).to_be_visible()
    expect(preview.locator("[data-item='ZI_MO']")).to_have_count(0)
    expect(preview.locator("[data-payer]")).to_have_count(1)
    expect(preview.locator("[data-payer='N']")).to_contain_text("8")
    check_phone(page, "fourth-03-discard-preview")
    confirm(page, 2)
    # 甲 −16, 乙 +48, 丙 −16 + 8 = −8, 丁 −16 − 8 = −24.
    assert balances(page) == {"E": -16, "S": 48, "W": -8, "N": -24}
    round_two = session.rounds.get(number=2)
    assert round_two.hand["discarder"] == "N"
    assert round_two.hand["melds"] == [{"kind": "pung", "tiles": "555z", "from": "E"}]

    # --- round 3: a draw; nothing moves (T8); 丙, who deals, deals again (T2.2) ----------------
    page.locator("#draw summary").click()
    page.locator("#draw").get_by_role("button", name=re.compile("第3局")).click()
    expect(page.locator(".changes")).to_contain_text("第3局已记录")
    assert balances(page) == {"E": -16, "S": 48, "W": -8, "N": -24}
    expect(page.locator("[data-round]")).to_have_count(3)
    check_phone(page, "fourth-04-sitting")

    # --- each round's why page ----------------------------------------------------------------
    page.goto(f"{sitting}rounds/1/")
    for code in ("PING_HU", "MEN_QING", "ZI_MO"):
        expect(page.locator(f"[data-item='{code}']")).to_be_visible()
    expect(page.locator("[data-result-why]")).to_contain_text("1 × 2³ = 8 分")
    expect(page.locator("[data-payer]")).to_have_count(3)
    check_phone(page, "fourth-05-why-self-draw")
    page.goto(f"{sitting}rounds/2/")
    expect(page.locator("[data-item='PENG_PENG_HU']")).to_be_visible()
    # The pung of 红中 drawn as a claimed set, fed by 甲.
    expect(page.locator(".set-melded")).to_contain_text("甲")
    expect(page.locator(".set-melded [data-tile='5z']")).to_have_count(3)
    expect(page.locator("[data-payer='N']")).to_contain_text("8")
    check_phone(page, "fourth-06-why-discard")
    page.goto(f"{sitting}rounds/3/")
    check_phone(page, "fourth-07-why-draw")

    # --- settle-up: 丁 owes 24, 甲 16, 丙 8, all to 乙 (48 = 24 + 16 + 8) ------------------------
    page.goto(sitting)
    page.get_by_role("link", name="结账、统计、走势").click()
    transfers = page.locator("[data-transfer]")
    expect(transfers).to_have_count(3)
    expect(transfers.filter(has_text="丁")).to_have_text(re.compile(r"丁 → 南 · 乙\s*24"))
    expect(transfers.filter(has_text="甲")).to_have_text(re.compile(r"甲 → 南 · 乙\s*16"))
    expect(transfers.filter(has_text="丙")).to_have_text(re.compile(r"丙 → 南 · 乙\s*8"))
    check_phone(page, "fourth-08-settle")

    # --- the share page, as anyone with the link reads it ---------------------------------------
    session.refresh_from_db()
    reader = phone()
    reader.goto(f"{live_server.url}/share/{session.share_token}/")
    expect(reader.get_by_text("周五推倒胡").first).to_be_visible()
    shown = {
        seat: Decimal(
            reader.locator(f"[data-seat='{seat}'] [data-balance]").first.get_attribute(
                "data-balance"
            )
        )
        for seat in "ESWN"
    }
    assert shown == {"E": -16, "S": 48, "W": -8, "N": -24}
    check_phone(reader, "fourth-09-share")
    reader.goto(f"{live_server.url}/share/{session.share_token}/rounds/2/")
    expect(reader.locator("[data-item='PENG_PENG_HU']")).to_be_visible()
    check_phone(reader, "fourth-10-share-why")
