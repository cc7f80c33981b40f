"""A whole sitting on a phone: sign up, open a sitting, record a win by tapping tiles, a draw and
a 包 round, correct one, void one, check the balances and the ledger, watch it from a stranger's
phone through the share link, then change a house rule (R12) and invite a member."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from tests.browser.conftest import balances, check_phone, faces, tap_tiles

pytestmark = pytest.mark.browser


def add_pung(page: Page, feeder: str, face: str) -> None:
    """Tap the tile, then the seat that fed the pung (the meld bar of the docked keyboard)."""
    tap_tiles(page, [face])
    page.locator(f"[data-feeder='{feeder}']").click()


def test_a_whole_sitting(phone, live_server) -> None:
    page = phone()
    page.goto(live_server.url)
    check_phone(page, "sit-01-home")

    # Sign up.
    page.get_by_role("link", name="注册").first.click()
    page.fill("#id_username", "laowang")
    page.fill("#id_password1", "mahjong-table-77")
    page.fill("#id_password2", "mahjong-table-77")
    check_phone(page, "sit-02-signup")
    page.get_by_role("button", name="注册").click()

    # Open a sitting.
    expect(page).to_have_url(re.compile(r"/sessions/new/$"))
    page.fill("#id_name", "周六牌局")
    for seat, name in zip("ESWN", ["阿东", "阿南", "阿西", "阿北"], strict=True):
        page.fill(f"#id_player_{seat}", name)
    page.locator("#house-rules summary").click()
    expect(page.locator("#id_rule-pao_feng")).to_have_value("6")  # R12 defaults shown
    check_phone(page, "sit-03-new-sitting")
    page.get_by_role("button", name="开始").click()
    expect(page.locator("h1")).to_have_text("周六牌局")
    session_url = page.url
    check_phone(page, "sit-04-sitting")

    # Round 1: 南 wins by 獨吊 on 9p, tapped tile by tile.
    page.get_by_role("link", name="记胡牌").click()
    page.locator("label[for=id_winner_1]").click()
    tap_tiles(page, ["9p"] + faces("123456m234678s9p") + ["9p"])
    expect(page.locator("#preview [data-fan='9']")).to_be_visible()
    expect(page.locator("#preview [data-item='PAO_FENG'] a.rule-link")).to_have_attribute(
        "href", "/rules/#R7-PAO_FENG"
    )  # 跑風 cites its own clause (R7 PAO_FENG) on this natural tile
    check_phone(page, "sit-05-win-preview")
    page.get_by_role("button", name="确认记录").click()
    expect(page.locator(".changes")).to_contain_text("第1局已记录")
    assert balances(page) == {"E": -17, "S": 43, "W": -13, "N": -13}  # R9
    check_phone(page, "sit-06-win-recorded")

    # Round 2: a draw; 南 keeps the deal (R2.2).
    page.locator("#draw summary").click()
    page.get_by_role("button", name="确认荒庄（第2局）").click()
    expect(page.locator("[data-round='2']")).to_contain_text("荒庄")
    expect(page.locator(".state")).to_contain_text("连庄：1")
    check_phone(page, "sit-07-draw")

    # Round 3: 南 wins with three pungs fed by 西 → 西 pays under 順包 (R10.2).
    page.get_by_role("link", name="记胡牌").click()
    page.locator("label[for=id_winner_1]").click()
    tap_tiles(page, ["9p"])
    add_pung(page, "W", "2m")
    add_pung(page, "W", "3p")
    add_pung(page, "W", "4s")
    expect(page.locator("#id_meld_1_tiles")).to_have_value("222m")
    tap_tiles(page, ["6s", "7s", "8s", "5m", "5m"])
    expect(page.locator("#preview [data-payer='W']")).to_contain_text("顺包")
    check_phone(page, "sit-08-bao-preview")
    page.get_by_role("button", name="确认记录").click()
    expect(page.locator("[data-round='3']")).to_contain_text("顺包")
    check_phone(page, "sit-09-bao-recorded")

    # Correct round 1: it was 西 who won, not 南.
    page.locator("[data-round='1'] a").click()
    expect(page.locator(".card [data-item='PAO_FENG']")).to_be_visible()
    check_phone(page, "sit-10-round-why")
    page.get_by_role("link", name="更正").click()
    page.locator("label[for=id_winner_2]").click()
    expect(page.locator("#preview [data-fan='9']")).to_be_visible()
    page.get_by_role("button", name="确认更正").click()
    expect(page.locator(".changes")).to_contain_text("第1局已更正")
    expect(page.locator(".changes [data-change='W'] .delta")).to_have_text(re.compile(r"^\+"))
    check_phone(page, "sit-11-corrected")

    # Void round 2, the draw.
    page.locator("[data-round='2'] a").click()
    page.get_by_role("link", name="作废").click()
    check_phone(page, "sit-12-void-confirm")
    page.get_by_role("button", name="确认作废").click()
    expect(page.locator(".changes")).to_contain_text("第2局已作废")
    expect(page.locator("[data-round='2']")).to_contain_text("已作废")
    check_phone(page, "sit-13-voided")

    # The balances square and the ledger lists every round, newest first.
    money = balances(page)
    assert sum(money.values()) == 0
    expect(page.locator("[data-round='1']")).to_contain_text("西 · 阿西 自摸")
    numbers = page.locator("#ledger [data-round]").evaluate_all(
        "els => els.map(e => e.dataset.round)"
    )
    assert numbers == ["3", "2", "1"]

    # Settle up.
    page.get_by_role("link", name="结账、统计、走势").click()
    expect(page.locator("[data-transfer]").first).to_be_visible()
    expect(page.locator("svg.chart polyline")).to_have_count(4)
    check_phone(page, "sit-14-settle")

    # A stranger opens the share link: read-only, and it follows the table by itself.
    page.goto(session_url)
    share_url = page.locator("#share-url").inner_text().strip()
    stranger = phone()
    stranger.goto(share_url)
    expect(stranger.locator("[data-round]")).to_have_count(3)
    assert stranger.get_by_role("link", name="记胡牌").count() == 0
    assert stranger.locator("form[action*='/rounds/']").count() == 0
    # Each round opens its why page through the share link only, never the owner's pages.
    round_links = stranger.locator("[data-round] a")
    expect(round_links).to_have_count(3)
    for i in range(3):
        assert "/share/" in (round_links.nth(i).get_attribute("href") or "")
    check_phone(stranger, "sit-15-share")
    page.locator("#draw summary").click()
    page.get_by_role("button", name="确认荒庄（第4局）").click()
    # The share page asks every 3 s (share.html); a busy machine may need a few of those.
    expect(stranger.locator("[data-round='4']")).to_contain_text("荒庄", timeout=15_000)
    check_phone(stranger, "sit-16-share-refreshed")

    # Change a house rule mid-sitting, on a narrow phone: 跑風 from 6 to 8 (R12).
    page.set_viewport_size({"width": 360, "height": 780})
    page.get_by_role("link", name="家规（第1版）").click()
    expect(page.locator("#id_rule-pao_feng")).to_have_value("6")
    expect(page.locator("[role=note]")).to_contain_text("从第5局起按新家规算分")
    page.fill("#id_rule-pao_feng", "8")
    check_phone(page, "sit-17-house-rules")
    page.get_by_role("button", name="保存为新的一版").click()
    expect(page.locator(".messages")).to_contain_text("家规已改成第2版")
    expect(page.get_by_role("link", name="家规（第2版）")).to_be_visible()

    # Invite a member by username; htmx redraws the list in place.
    get_user_model().objects.create_user("xiaoli", password="mahjong-member-55")
    page.get_by_role("link", name="成员").click()
    page.fill("#id_username", "xiaoli")
    page.get_by_role("button", name="邀请").click()
    expect(page.locator("[data-member='xiaoli']")).to_be_visible()
    expect(page.locator("#members [role=status]")).to_contain_text("已邀请“xiaoli”")
    check_phone(page, "sit-18-members")

    # The sitting list offers to import an export, and fits the narrow phone too.
    page.get_by_role("link", name="牌局", exact=True).click()
    page.locator("#import summary").click()
    expect(page.get_by_role("button", name="导入")).to_be_visible()
    check_phone(page, "sit-19-import")
