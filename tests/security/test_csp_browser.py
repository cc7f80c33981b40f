"""In real Chromium the pages run under their Content-Security-Policy without one violation:
htmx loads and swaps, the picker script runs, and nothing inline is blocked."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from calculator import services
from tests.browser.conftest import browser, phone, tap_tiles  # noqa: F401  (fixtures)
from tests.calculator.hands import plain

pytestmark = pytest.mark.browser


def watch_violations(page) -> list[str]:
    seen: list[str] = []
    page.on(
        "console",
        lambda message: seen.append(message.text)
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text
        else None,
    )
    return seen


def test_the_calculator_and_a_sitting_run_without_a_violation(phone, live_server) -> None:  # noqa: F811
    owner = get_user_model().objects.create_user("csp", password="pw-csp-owner-1")
    session = services.session_create(owner=owner, name="x", players=["a", "b", "c", "d"])
    services.round_record(session=session, entry=plain("S"), user=owner)
    page = phone()
    violations = watch_violations(page)

    page.goto(f"{live_server.url}/calculator/")
    page.locator("label[for=id_winner_1]").click()
    page.locator("#id_indicator + .strip").click()
    tap_tiles(page, ["9p"])
    # The htmx preview answered: htmx ran and swapped the fragment in.
    expect(page.locator("#specials [data-tile='1p']")).to_be_visible()

    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "csp")
    page.fill("#id_password", "pw-csp-owner-1")
    page.locator("form.card button[type=submit]").click()
    page.goto(f"{live_server.url}/sessions/{session.pk}/")
    expect(page.locator("#ledger")).to_be_visible()
    page.goto(f"{live_server.url}/sessions/{session.pk}/settle/")
    expect(page.locator("svg.chart")).to_be_visible()
    assert page.evaluate("typeof htmx") == "object"
    assert violations == []
