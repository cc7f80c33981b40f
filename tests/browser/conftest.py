"""Real Chromium at a phone's size (390×844) against the live test server.

Playwright's sync API runs an event loop in this thread, so Django's async-safety check must be
told that the test's ORM calls are fine.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
PHONE = {"width": 390, "height": 844}

# What a thumb taps: every visible control, not inline links inside a sentence. At least 44×44 px,
# except the keys of the docked tile keyboard: a suit's nine tiles share one row, as on the table,
# so a key is at least 36 px wide and makes up for it in height (at least 48 px).
TAP_TARGETS = """
() => Array.from(document.querySelectorAll(
  'button, .btn, select, input[type=text]:not(.tiles-input), input[type=number], '
  + 'input[type=password], summary, .choices label, label.check, .mainnav a'
)).filter(el => {
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
}).map(el => {
  const r = el.getBoundingClientRect();
  const key = el.matches('.dock .keys [data-tile]');
  return {what: el.outerHTML.slice(0, 120), width: r.width, height: r.height, key: key};
}).filter(t => t.key ? t.width < 36 || t.height < 48 : t.width < 44 || t.height < 44)
"""


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        # Never a silent skip: the run stops with one line saying what to install.
        pytest.exit(
            f"no Chromium at {CHROMIUM}: run tools/test-deps as root (apt-get install chromium "
            "fonts-noto-cjk), set CHROMIUM=/path/to/chromium, or deselect with -m 'not browser'",
            returncode=1,
        )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def phone(browser: Browser, live_server, transactional_db):
    """A new phone (its own cookies) for each call; closed after the test."""
    contexts = []

    def open_phone() -> Page:
        context = browser.new_context(viewport=PHONE, has_touch=True, locale="zh-CN")
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        page.on("dialog", lambda dialog: dialog.accept())
        return page

    yield open_phone
    for context in contexts:
        context.close()


def check_phone(page: Page, name: str) -> None:
    """Keep a screenshot, and check the page fits a phone: no sideways scroll, thumb-sized
    controls."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    inner_width = page.evaluate("window.innerWidth")
    assert scroll_width <= inner_width, f"{name}: scrolls sideways ({scroll_width} > {inner_width})"
    small = page.evaluate(TAP_TARGETS)
    assert not small, f"{name}: tap targets under 44px: {small}"


def tap_tiles(page: Page, faces: list[str]) -> None:
    """Tap faces on the docked tile keyboard (all 34 faces, nine to a row)."""
    for face in faces:
        page.locator(f".dock .keys [data-tile='{face}']").click()


def faces(compact: str) -> list[str]:
    out: list[str] = []
    ranks = ""
    for char in compact:
        if char.isdigit():
            ranks += char
        else:
            out.extend(rank + char for rank in ranks)
            ranks = ""
    return out


def balances(page: Page) -> dict[str, Decimal]:
    """Each seat's balance as the session page shows it."""
    seats = page.locator("#ledger [data-seat]")
    return {
        seats.nth(i).get_attribute("data-seat"): Decimal(
            seats.nth(i).locator("[data-balance]").get_attribute("data-balance")
        )
        for i in range(seats.count())
    }
