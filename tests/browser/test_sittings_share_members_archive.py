"""Taking back on a phone (390×844): the owner makes a new share link and stops sharing (the
old links stop working), removes a member, archives the sitting (read-only, folded away in the
list) and then deletes it; each asks first, and each screen keeps a screenshot."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from calculator.models import Round, Session
from calculator.services.rounds import round_record
from calculator.services.sittings import session_create, session_invite
from tests.browser.conftest import check_phone, log_in
from tests.calculator.hands import DRAW, plain

pytestmark = pytest.mark.browser


def status_of(page: Page, url: str) -> int:
    """What the link answers to whoever holds it (the page's cookies, a request of its own: a
    navigation to the page's own URL may be answered by the browser without a response object)."""
    return page.context.request.get(url, max_redirects=0).status


def test_share_link_member_archive_and_delete(phone, live_server) -> None:
    owner = get_user_model().objects.create_user("laowang", password="mahjong-table-77")
    get_user_model().objects.create_user("amei", password="mahjong-table-88")
    sitting = session_create(
        owner=owner, name="周六牌局", players=["阿东", "阿南", "阿西", "阿北"], base_silver="1"
    )
    session_invite(session=sitting, username="amei")
    round_record(session=sitting, entry=plain("S"), user=owner)
    round_record(session=sitting, entry=DRAW, user=owner)
    first_link = f"{live_server.url}/share/{sitting.share_token}/"
    page = log_in(phone(), live_server, owner)
    viewer = phone()  # someone holding the share link, not logged in
    assert status_of(viewer, first_link) == 200
    blocked: list[str] = []
    page.on(
        "console",
        lambda message: (
            blocked.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    session_url = f"{live_server.url}/sessions/{sitting.pk}/"
    page.goto(session_url)

    # A new link: one tap asks and says the old one stops, the second makes it.
    page.locator("#share-rotate summary").click()
    expect(page.locator("#share-rotate")).to_contain_text("旧的链接马上打不开")
    page.locator("#share-rotate summary").scroll_into_view_if_needed()
    check_phone(page, "takeback-01-new-link-asked")
    page.get_by_role("button", name="确认换一个链接").click()
    expect(page.locator(".messages")).to_contain_text("已换成新的分享链接")
    second_link = page.locator("#share-url").inner_text().strip()
    assert second_link != first_link
    assert second_link == f"{live_server.url}/share/{Session.objects.get().share_token}/"
    assert status_of(viewer, first_link) == 404
    assert status_of(viewer, second_link) == 200

    # Stop sharing: no link, no copy button or QR code, and "重新分享" to share again.
    page.locator("#share-stop summary").click()
    page.get_by_role("button", name="确认停止分享").click()
    expect(page.locator("#share")).to_contain_text("分享已停止")
    expect(page.locator("#share-url")).to_have_count(0)
    expect(page.locator("[data-copy-link]")).to_have_count(0)
    expect(page.locator(".qr-code")).to_have_count(0)
    page.locator("#share").scroll_into_view_if_needed()
    check_phone(page, "takeback-02-sharing-stopped")
    assert status_of(viewer, second_link) == 404
    page.get_by_role("button", name="重新分享").click()
    expect(page.locator(".messages")).to_contain_text("已重新分享")
    third_link = page.locator("#share-url").inner_text().strip()
    assert third_link not in (first_link, second_link)
    expect(page.get_by_role("img", name="分享链接的二维码")).to_be_visible()
    assert status_of(viewer, third_link) == 200

    # Remove a member: asked first, then gone from the list.
    page.get_by_role("link", name="成员").click()
    page.get_by_text("移除 amei", exact=True).click()
    expect(page.locator("[data-member='amei']")).to_contain_text("就看不到这一场了")
    check_phone(page, "takeback-03-remove-member-asked")
    page.get_by_role("button", name="确认移除 amei").click()
    expect(page.locator(".messages")).to_contain_text("已移除“amei”")
    expect(page.locator("[data-member='amei']")).to_have_count(0)
    assert not Session.objects.get().members.exists()

    # Archive: asked first; then read-only, with a way back for the owner.
    page.goto(session_url)
    page.locator("#archive summary").click()
    expect(page.locator("#archive")).to_contain_text("随时可以恢复")
    check_phone(page, "takeback-04-archive-asked")
    page.get_by_role("button", name="确认归档").click()
    expect(page.locator("#archived")).to_contain_text("这一场只能查看")
    expect(page.get_by_role("link", name="记胡牌")).to_have_count(0)
    expect(page.get_by_role("button", name="恢复这一场")).to_be_visible()
    check_phone(page, "takeback-05-archived")
    # The list folds it away under 已归档.
    page.get_by_role("link", name="牌局", exact=True).click()
    expect(page.locator("main")).to_contain_text("还没有牌局。")
    archived = page.locator("details#archived")
    expect(archived.locator("summary")).to_have_text("已归档（1场）")
    archived.locator("summary").click()
    expect(archived.get_by_role("link")).to_contain_text("周六牌局")
    check_phone(page, "takeback-06-list-archived")

    # Delete: asked first, with how many rounds go; then back to the list, nothing left.
    archived.get_by_role("link").click()
    page.locator("#delete summary").click()
    expect(page.locator("#delete")).to_contain_text("“周六牌局”的2局和每一笔账都会删掉")
    page.locator("#delete summary").scroll_into_view_if_needed()
    check_phone(page, "takeback-07-delete-asked")
    page.get_by_role("button", name="确认删除这一场").click()
    expect(page.locator(".messages")).to_contain_text("已删除“周六牌局”和它的每一局。")
    expect(page.locator("details#archived")).to_have_count(0)
    check_phone(page, "takeback-08-deleted")
    assert not Session.objects.exists() and not Round.objects.exists()
    assert status_of(viewer, third_link) == 404
    assert blocked == []
