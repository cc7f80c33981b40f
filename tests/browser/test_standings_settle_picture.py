"""The settle-up as a picture for the group chat, at 390×844: made on the phone from the page's
own SVG in the page's language, shared where the browser can share files and downloaded where
it cannot (headless Chromium cannot), and shown on the page; its screenshot is kept."""

from __future__ import annotations

import struct

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from calculator.services.rounds import round_record
from calculator.services.sittings import session_create
from tests.browser.conftest import SCREENSHOTS, check_phone, log_in
from tests.calculator.hands import plain

pytestmark = pytest.mark.browser


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, from its IHDR chunk."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


@pytest.mark.parametrize(("language", "button", "heading"), [
    ("zh-hans", "做成图片分享", "发到群里"),
    ("en", "Make a picture to share", "Send to the group"),
])
def test_the_settle_up_picture_is_made_on_the_phone(
    phone, live_server, language, button, heading
) -> None:
    owner = get_user_model().objects.create_user("laowang", password="mahjong-table-77")
    sitting = session_create(
        owner=owner, name="周六牌局", players=["阿东", "阿南", "阿西", "阿北"], base_silver="1"
    )
    round_record(session=sitting, entry=plain("S"), user=owner)
    round_record(session=sitting, entry=plain("W"), user=owner)
    page = log_in(phone(), live_server, owner, language)
    page.goto(f"{live_server.url}/sessions/{sitting.pk}/settle/")
    section = page.locator("[data-picture]")
    expect(section.get_by_role("heading", name=heading)).to_be_visible()
    with page.expect_download() as made:
        section.get_by_role("button", name=button).click()
    path = SCREENSHOTS / f"settle-picture-{language}.png"
    made.value.save_as(path)
    data = path.read_bytes()
    width, height = png_size(data)
    assert width == 1080 and height > 1200, (width, height)
    preview = section.locator("[data-picture-preview]")
    expect(preview).to_be_visible()
    assert preview.evaluate("img => img.naturalWidth") == 1080
    expect(section.locator("[data-picture-saved]")).to_be_visible()
    preview.scroll_into_view_if_needed()
    check_phone(page, f"settle-picture-page-{language}")
