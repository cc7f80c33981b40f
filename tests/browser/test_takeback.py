"""The session page's tools on a phone: undo the last round after seeing what it does, a draw
that asks first, copying the share link and its QR code, and starting again with the same table."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from calculator.selectors.ledger import ledger
from calculator.services.rounds import round_record
from calculator.services.sittings import session_create
from tests.browser.conftest import SCREENSHOTS, balances, check_phone, log_in
from tests.calculator.hands import paofeng, plain

pytestmark = pytest.mark.browser


def test_undo_draw_share_and_start_again(phone, live_server) -> None:
    user = get_user_model().objects.create_user("laowang", password="mahjong-table-77")
    sitting = session_create(
        owner=user, name="周六牌局", players=["阿东", "阿南", "阿西", "阿北"], base_silver="1"
    )
    round_record(session=sitting, entry=plain("S"), user=user)
    round_record(session=sitting, entry=paofeng("W"), user=user)
    after_round_1 = {
        seat: Decimal(amount) for seat, amount in ledger(sitting)["rounds"][0]["balances"].items()
    }
    page = log_in(phone(), live_server, user)
    blocked: list[str] = []  # the QR's SVG and the script must fit the Content-Security-Policy
    page.on(
        "console",
        lambda message: (
            blocked.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    session_url = f"{live_server.url}/sessions/{sitting.pk}/"
    page.goto(session_url)
    expect(page.locator("h1")).to_have_text("周六牌局")

    # Undo round 2: one tap asks and shows each balance before and after, one tap confirms.
    page.get_by_text("撤销上一局（第2局）").click()
    expect(page.get_by_role("button", name="确认撤销第2局")).to_be_visible()
    for seat, amount in after_round_1.items():
        row = page.locator(f"[data-undo='{seat}'] td")
        expect(row.nth(2)).to_have_text(str(amount))
    check_phone(page, "tools-01-undo-confirm")
    page.get_by_role("button", name="确认撤销第2局").click()
    expect(page.locator(".changes")).to_contain_text("第2局已撤销")
    expect(page.locator("[data-round='2']")).to_contain_text("已作废")
    assert balances(page) == after_round_1
    expect(page.get_by_text("撤销上一局（第1局）")).to_be_visible()

    # A draw asks first and says what it does; "取消" closes the question, nothing recorded.
    page.locator("#draw summary").click()
    expect(page.locator("#draw")).to_contain_text("没人胡，南 · 阿南继续坐庄，连庄变成1")
    page.locator("#draw").get_by_role("link", name="取消").click()
    expect(page.get_by_role("button", name="确认荒庄（第3局）")).to_be_hidden()
    expect(page.locator("[data-round='3']")).to_have_count(0)
    page.locator("#draw summary").click()
    check_phone(page, "tools-02-draw-confirm")
    page.get_by_role("button", name="确认荒庄（第3局）").click()
    expect(page.locator("[data-round='3']")).to_contain_text("荒庄")
    expect(page.locator(".state")).to_contain_text("连庄：1")  # R2.2: 荒莊 keeps the deal
    assert balances(page) == after_round_1  # R9: no money moves

    # The share link: copy it (the button says so), share it where the browser can, scan it.
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    share_url = page.locator("#share-url").inner_text().strip()
    assert share_url == f"{live_server.url}/share/{sitting.share_token}/"
    copy = page.get_by_role("button", name="复制链接")
    copy.scroll_into_view_if_needed()
    copy.click()
    expect(page.locator("[data-copy-link]")).to_have_text("已复制")
    expect(page.locator("[data-share-status]")).to_have_text("已复制")
    assert page.evaluate("navigator.clipboard.readText()") == share_url
    can_share = page.evaluate("typeof navigator.share === 'function'")
    expect(page.locator("[data-share-link]")).to_be_visible(visible=can_share)
    qr = page.get_by_role("img", name="分享链接的二维码")
    expect(qr).to_be_visible()
    box = qr.bounding_box()
    assert 180 <= box["width"] <= 230 and box["width"] == box["height"]  # about 200 px, square
    qr.scroll_into_view_if_needed()
    check_phone(page, "tools-03-share-qr")
    page.locator("#share").screenshot(path=str(SCREENSHOTS / "tools-03-share-card.png"))

    # Start again with the same table: the form comes filled in.
    page.get_by_role("link", name="用同样的人再开一场").click()
    expect(page.locator(".restart-note")).to_contain_text("按“周六牌局”填好了")
    for seat, name in zip("ESWN", ["阿东", "阿南", "阿西", "阿北"], strict=True):
        expect(page.locator(f"#id_player_{seat}")).to_have_value(name)
        expect(page.locator(f"#id_player_{seat}")).to_have_attribute("list", "known-player-names")
    options = page.locator("#known-player-names option").evaluate_all(
        "els => els.map(e => e.value)"
    )
    assert options == ["阿东", "阿南", "阿西", "阿北"]
    check_phone(page, "tools-04-start-again")
    page.fill("#id_name", "周日牌局")
    page.get_by_role("button", name="开始").click()
    expect(page.locator("h1")).to_have_text("周日牌局")
    assert page.url != session_url
    assert blocked == []
