"""In real Chromium the pages run under their Content-Security-Policy without one violation:
htmx loads and swaps, the picker script runs, and nothing inline is blocked.

Chromium is driven from a thread of its own, so this test does not share (or clash with) the
Playwright instance of tests/browser/.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from calculator.services.rounds import round_record
from calculator.services.sittings import session_create
from tests.calculator.hands import plain

pytestmark = pytest.mark.browser

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def visit(base: str, session_pk: int) -> tuple[list[str], str]:
    """Walk the calculator (with an htmx preview) and a sitting; the CSP messages seen."""
    from playwright.sync_api import expect, sync_playwright

    from tests.browser.conftest import PHONE, tap_tiles

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            page = browser.new_context(viewport=PHONE, locale="zh-CN").new_page()
            page.set_default_timeout(10_000)
            seen: list[str] = []
            page.on(
                "console",
                lambda message: seen.append(message.text)
                if "Content Security Policy" in message.text
                else None,
            )
            page.goto(f"{base}/calculator/")
            page.locator("label[for=id_winner_1]").click()
            tap_tiles(page, ["9p"])  # the docked keyboard starts on the indicator
            # The htmx preview answered: htmx ran and swapped the fragment in.
            expect(page.locator("#specials [data-tile='1p']")).to_be_visible()
            page.goto(f"{base}/accounts/login/")
            page.fill("#id_username", "csp")
            page.fill("#id_password", "pw-csp-owner-1")
            page.locator("form.card button[type=submit]").click()
            page.goto(f"{base}/sessions/{session_pk}/")
            expect(page.locator("#ledger")).to_be_visible()
            page.goto(f"{base}/sessions/{session_pk}/settle/")
            expect(page.locator("svg.chart")).to_be_visible()
            return seen, page.evaluate("typeof htmx")
        finally:
            browser.close()


def test_the_calculator_and_a_sitting_run_without_a_violation(live_server, transactional_db):
    if not Path(CHROMIUM).exists() and os.environ.get("CI") != "true":
        pytest.skip(f"no Chromium at {CHROMIUM} (set CHROMIUM=…); CI always runs these")
    owner = get_user_model().objects.create_user("csp", password="pw-csp-owner-1")
    session = session_create(owner=owner, name="x", players=["a", "b", "c", "d"])
    round_record(session=session, entry=plain("S"), user=owner)
    with ThreadPoolExecutor(max_workers=1) as pool:
        violations, htmx = pool.submit(visit, live_server.url, session.pk).result(timeout=120)
    assert htmx == "object"
    assert violations == []
