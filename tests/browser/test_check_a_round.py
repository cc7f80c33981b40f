"""Every phone can check a round (390×844): a stranger holding the share link opens a round's why
page from the share page (items, 包 reasons, payments; nothing that changes the sitting), follows
"check this hand in the calculator" to the same payments, passes the calculator's link that holds
the hand to a fresh browser that sees the same result, and gets nothing once the link is
revoked. Each screen keeps a screenshot."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from calculator.selectors.ledger import round_detail
from calculator.services.rounds import round_record
from calculator.services.sittings import session_create, share_link_rotate
from tests.browser.conftest import allow_error, check_phone
from tests.calculator.hands import bao, plain

pytestmark = pytest.mark.browser


def payments_shown(page: Page) -> list[tuple[str, str]]:
    """Each payment row of the result as the page shows it: the payer's seat and the amount (the
    why page names the players, the calculator only the seats)."""
    rows = page.locator("main table.payments tbody tr[data-payer]")
    return [
        (
            rows.nth(i).get_attribute("data-payer") or "",
            rows.nth(i).locator("td").last.inner_text().strip(),
        )
        for i in range(rows.count())
    ]


def close_keyboard(page: Page) -> None:
    """Put the docked tile keyboard away where it is open (a filled hand does not open it)."""
    close = page.locator("[data-picker-close]")
    if close.is_visible():
        close.click()


def test_a_stranger_checks_a_round_and_passes_the_hand_on(phone, live_server) -> None:
    owner = get_user_model().objects.create_user("laowang", password="mahjong-table-77")
    sitting = session_create(
        owner=owner,
        name="周六牌局",
        players=["阿东", "阿南", "阿西", "阿北"],
        base_silver="2",
        rules={"men_qing": 4},
    )
    round_record(session=sitting, entry=plain("E"), user=owner)
    round_record(session=sitting, entry=bao("S", "E"), user=owner)
    recorded = round_detail(sitting, 2)["scoring"]
    share = f"{live_server.url}/share/{sitting.share_token}/"

    # A stranger with the share link (no account) taps round 2 on the share page.
    stranger = phone()
    stranger.goto(share)
    check_phone(stranger, "check-00-share-page-rounds-open")
    stranger.locator("[data-round='2'] a").click()
    expect(stranger).to_have_url(f"{share}rounds/2/")
    expect(stranger.locator("h1")).to_contain_text("第2局")
    expect(stranger.locator("[data-item='PAO_FENG']")).to_be_visible()
    expect(stranger.locator(".payment-why").first).to_contain_text("顺包")  # who fed whom (R10)
    expect(stranger.get_by_role("link", name="更正")).to_have_count(0)
    expect(stranger.get_by_role("link", name="作废")).to_have_count(0)
    why_payments = payments_shown(stranger)
    assert len(why_payments) == len(recorded["payments"])
    check_phone(stranger, "check-01-share-why-page")

    # "Check this hand in the calculator": the same hand, table and house rules, same payments.
    stranger.get_by_role("link", name="在计算器里核对这手牌").click()
    expect(stranger.locator("#preview [data-fan]")).to_have_attribute(
        "data-fan", str(recorded["fan"])
    )
    assert payments_shown(stranger) == why_payments
    expect(stranger.locator("#id_rule-men_qing")).to_have_value("4")
    link = stranger.locator("#hand-url").get_attribute("href")
    assert link and link.startswith(f"{live_server.url}/calculator/?game=anqing")
    expect(stranger.get_by_role("img", name="这手牌的链接的二维码")).to_be_visible()
    stranger.context.grant_permissions(["clipboard-read", "clipboard-write"])
    copy = stranger.locator("#hand-link [data-copy-link]")
    copy.click()
    expect(copy).to_have_text("已复制")
    assert stranger.evaluate("navigator.clipboard.readText()") == link
    close_keyboard(stranger)
    stranger.locator("#hand-link").scroll_into_view_if_needed()
    check_phone(stranger, "check-02-calculator-from-the-round")

    # A change on the calculator scores again (htmx) with a new link whose buttons work too.
    stranger.locator("details.table-settings summary").click()
    stranger.locator("#id_base_silver").fill("3")
    stranger.locator("#id_base_silver").dispatch_event("change")
    expect(stranger.locator("#hand-url")).to_have_attribute("href", link.replace("=2", "=3", 1))
    expect(stranger.locator("#hand-link [data-copy-link]")).to_be_visible()

    # The link opened in a fresh browser (no cookies, no login) shows the same result.
    other = phone()
    other.goto(link)
    expect(other.locator("#preview [data-fan]")).to_have_attribute("data-fan", str(recorded["fan"]))
    assert payments_shown(other) == why_payments
    close_keyboard(other)
    other.locator("#preview").scroll_into_view_if_needed()
    check_phone(other, "check-03-hand-link-in-a-fresh-browser")

    # The owner makes a new share link: the old one opens no why page any more.
    share_link_rotate(session=sitting, user=owner)
    allow_error(stranger, "status of 404")
    answer = stranger.goto(f"{share}rounds/2/")
    assert answer is not None and answer.status == 404
    expect(stranger.locator("h1")).to_have_text("找不到这一页")
    expect(stranger.locator("[data-item]")).to_have_count(0)
    check_phone(stranger, "check-04-revoked-link")
