"""The end of the evening on every phone, at 390×844: a stranger holding the share link (not
logged in) asks for the settle-up before the end and sees who pays whom, follows it through a new
round, and makes the picture for the group chat; the owner archives the sitting on their own
phone, and another stranger opening the link sees the settle-up without asking. In 简体, 繁體 and
English, each screen kept as a screenshot.

The money is moved by adjustments, so the transfers are checked against balances worked out by
hand (``tests/pages/test_share_settle.py``): E +12, S +18, W −12, N −18 settle in two transfers,
W → E 12 and N → S 18; after E pays N 18, E −6, S +18, W −12, N 0 settle as W → S 12, E → S 6.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from calculator.services.rounds import round_record
from calculator.services.sittings import session_create
from tests.browser.conftest import SCREENSHOTS, check_phone, log_in
from tests.browser.test_standings_settle_picture import png_size
from tests.pages.test_share_settle import EVENING, adjustment

pytestmark = pytest.mark.browser

# (language, the seats as the page names them, the ask link, the archive's confirm button,
# the picture's button)
LANGUAGES = [
    ("zh-hans", {"E": "东", "S": "南", "W": "西", "N": "北"}, "结算", "确认归档", "做成图片分享"),
    ("zh-hant", {"E": "東", "S": "南", "W": "西", "N": "北"}, "結算", "確認歸檔", "做成圖片分享"),
    (
        "en",
        {"E": "East", "S": "South", "W": "West", "N": "North"},
        "Settle up",
        "Yes, archive",
        "Make a picture to share",
    ),
]
NAMES = {"E": "阿东", "S": "阿南", "W": "阿西", "N": "阿北"}


def shown_transfers(page: Page) -> list[tuple[str, str, str]]:
    """Who pays whom how much, as the share page shows it."""
    rows = page.locator("#live [data-transfer]")
    found = []
    for index in range(rows.count()):
        row = rows.nth(index)
        payer, payee = (row.locator(".who").nth(i).inner_text().strip() for i in (0, 1))
        found.append((payer, payee, row.locator("strong").inner_text().strip()))
    return found


def stranger(phone, live_server, language: str) -> Page:
    """A phone that is not logged in, reading in ``language``."""
    page = phone()
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
    )
    return page


@pytest.mark.parametrize(("language", "seats", "ask", "archive", "picture"), LANGUAGES)
def test_every_phone_sees_who_pays_whom(
    phone, live_server, language, seats, ask, archive, picture
) -> None:
    owner = get_user_model().objects.create_user("laowang", password="mahjong-table-77")
    sitting = session_create(
        owner=owner, name="周六牌局", players=list(NAMES.values()), base_silver="1"
    )
    for entry in EVENING:
        round_record(session=sitting, entry=entry, user=owner)
    link = f"{live_server.url}/share/{sitting.share_token}/"

    def who(seat: str) -> str:
        return f"{seats[seat]} · {NAMES[seat]}"

    # Before the end: the share page offers the settle-up and does not show it.
    first = stranger(phone, live_server, language)
    first.goto(link)
    expect(first.locator("#live .seat[data-seat]")).to_have_count(4)
    expect(first.locator("#live [data-transfer]")).to_have_count(0)
    first.get_by_role("link", name=ask, exact=True).click()
    expect(first.locator("#live [data-transfer]")).to_have_count(2)
    assert shown_transfers(first) == [(who("W"), who("E"), "12"), (who("N"), who("S"), "18")]
    # The link's anchor brings the settle-up up, its heading clear of the sticky top bar.
    heading = first.locator("#settle h2").first
    expect(heading).to_be_in_viewport()
    bar = first.locator("header.topbar").bounding_box()
    assert heading.bounding_box()["y"] >= bar["y"] + bar["height"]
    # The whole page from its top (a full-page picture draws the sticky bar where it scrolled).
    first.evaluate("window.scrollTo(0, 0)")
    check_phone(first, f"share-settle-01-asked-{language}")

    # A new round: the settle-up follows it on the stranger's phone, with no reload.
    round_record(session=sitting, entry=adjustment("side_payment", "E", "N", "18"), user=owner)
    expect(first.locator("#live [data-transfer]").first).to_contain_text("12")
    expect(first.locator("#live [data-transfer]").nth(1)).to_contain_text("6")
    assert shown_transfers(first) == [(who("W"), who("S"), "12"), (who("E"), who("S"), "6")]
    # The picture for the group chat, from the section the live region brought.
    section = first.locator("#live [data-picture]")
    with first.expect_download() as made:
        section.get_by_role("button", name=picture).click()
    path = SCREENSHOTS / f"share-settle-picture-{language}.png"
    made.value.save_as(path)
    assert png_size(path.read_bytes())[0] == 1080
    expect(section.locator("[data-picture-preview]")).to_be_visible()

    # The owner ends the evening on their own phone: archive, asked first.
    owners = log_in(phone(), live_server, owner, language)
    owners.goto(f"{live_server.url}/sessions/{sitting.pk}/")
    expect(owners.locator("[data-archive-settles]")).to_be_visible()
    owners.locator("#archive summary").click()
    owners.get_by_role("button", name=archive).click()
    expect(owners.locator("#archived")).to_be_visible()

    # Another stranger opens the link: the settle-up is there without asking.
    second = stranger(phone, live_server, language)
    second.goto(link)
    expect(second.locator("#live .archived-note")).to_be_visible()
    expect(second.locator("#live [data-transfer]")).to_have_count(2)
    assert shown_transfers(second) == [(who("W"), who("S"), "12"), (who("E"), who("S"), "6")]
    expect(second.get_by_role("link", name=ask, exact=True)).to_have_count(0)
    second.evaluate("window.scrollTo(0, 0)")
    check_phone(second, f"share-settle-02-closed-{language}")
    # The first stranger's page learns of the end as well.
    expect(first.locator("#live .archived-note")).to_be_visible()
    expect(first.locator("#live [data-settle-hide]")).to_have_count(0)
