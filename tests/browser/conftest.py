"""Real Chromium at a phone's size (390×844) against the live test server.

Playwright's sync API runs an event loop in this thread, so Django's async-safety check must be
told that the test's ORM calls are fine.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from playwright.sync_api import (  # noqa: E402
    Browser,
    BrowserContext,
    ConsoleMessage,
    Locator,
    Page,
    WebError,
    expect,
    sync_playwright,
)

# What ``expect`` waits for, as long as the phones' own default (10 s) rather than Playwright's
# 5 s: two test processes share two cores, and a slow page is not a wrong one.
expect.set_options(timeout=10_000)

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
def browser(request: pytest.FixtureRequest) -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        # Never a silent skip: the test fails and the run stops, with one line saying what to
        # install. (Not pytest.exit: in a worker process of a parallel run it would end that
        # worker without a word.)
        missing = (
            f"no Chromium at {CHROMIUM}: run tools/test-deps as root (apt-get install chromium "
            "fonts-noto-cjk), set CHROMIUM=/path/to/chromium, or deselect with -m 'not browser'"
        )
        request.session.shouldstop = missing
        pytest.fail(missing, pytrace=False)
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


# htmx tells of a failed request or swap by an event (htmx:responseError, htmx:sendError,
# htmx:swapError, htmx:oobErrorNoTarget, htmx:targetError, htmx:timeout, …), and every one of them
# is followed by htmx:error naming it, so htmx:error is the one reported, with what it names. A
# superseded preview is htmx:sendAbort: not an error (nor the htmx:afterRequest error htmx fires
# with it and with every other failed request, which is named on its own). Nor is the error of a
# live region's event stream (htmx:sseError, which names the stream's own error event and its
# EventSource): the stream ends on purpose every few minutes (and at once from a sync worker),
# and the page's poll carries on while it connects again (static/js/live.js); a request that
# fails is reported by the browser's own console line. Any other event named for an error that a
# script dispatches is reported as well. Wrapping dispatchEvent sees events on elements outside
# the document too, which a listener on the document would miss.
REPORT_ERROR_EVENTS = """
(() => {
  const NOT_ERRORS = ['htmx:sendAbort', 'htmx:afterRequest'];
  const dispatch = EventTarget.prototype.dispatchEvent;
  const where = (target) => target instanceof Element
    ? target.tagName.toLowerCase() + (target.id ? '#' + target.id : '')
    : String(target);
  EventTarget.prototype.dispatchEvent = function (event) {
    let report = null;
    if (event.type === 'htmx:error') {
      const info = (event.detail && event.detail.errorInfo) || {};
      const content = info.content instanceof Element && info.content.id
        ? ` #${info.content.id}` : '';
      const stream = typeof EventSource !== 'undefined' && info.source instanceof EventSource;
      if (!NOT_ERRORS.includes(info.error) && !stream) {
        report = `${info.error} on ${where(info.elt || this)}${content}`
          + (info.target ? ` (target ${info.target})` : '');
      }
    } else if (/error/i.test(event.type) && !event.type.startsWith('htmx:')) {
      report = `${event.type} on ${where(this)}`;
    }
    if (report && typeof window.__scriptError === 'function') window.__scriptError(report);
    return dispatch.call(this, event);
  };
})();
"""

# htmx also writes each of its error events to the console: the event above says it already
# (and an abort's line is no error; a stream's error is written as the event it names).
HTMX_ERROR_LINE = re.compile(
    r"^(htmx:[\w:-]+|Response Status Error Code \d+ from \S+|\[object Event\])(, .*)?$"
)

# What a network failure looks like when a test takes the phone offline or aborts a request on
# purpose (marker failed_requests): htmx's send error and Chromium's line for a request that got
# no response.
NETWORK_FAILURE = re.compile(
    r"^htmx:sendError |^console\.error: Failed to load resource: net::ERR_"
)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "failed_requests: the test makes requests fail on purpose (offline, or a route aborted), "
        "so network failures are not script errors",
    )


class ScriptErrors:
    """Every script error of a phone's pages: uncaught exceptions, console.error, and events
    named for an error. A page that throws or logs an error has a bug even when what the test
    looks at came out right, so any error fails the test."""

    def __init__(self, allow_network_failures: bool) -> None:
        self.allow_network_failures = allow_network_failures
        self.allowed: list[re.Pattern[str]] = []
        self.seen: list[str] = []

    def watch(self, context: BrowserContext) -> None:
        context.expose_function("__scriptError", self.report)
        context.add_init_script(REPORT_ERROR_EVENTS)
        context.on("weberror", self.uncaught)
        context.on("console", self.console)

    def uncaught(self, error: WebError) -> None:
        # The message and the first frame of its stack: where to look.
        frames = (error.error.stack or "").splitlines()[1:2]
        self.report(f"uncaught: {error.error.message} {' '.join(f.strip() for f in frames)}")

    def console(self, message: ConsoleMessage) -> None:
        if message.type != "error":
            return
        where = message.location.get("url", "")
        if "/django_htmx/" in where and HTMX_ERROR_LINE.match(message.text):
            return
        self.report(f"console.error: {message.text} ({where})")

    def report(self, what: str) -> None:
        if self.allow_network_failures and NETWORK_FAILURE.search(what):
            return
        if any(pattern.search(what) for pattern in self.allowed):
            return
        self.seen.append(what)

    def check(self, name: str) -> None:
        errors, self.seen = self.seen, []
        assert not errors, f"{name}: script errors:\n" + "\n".join(errors)


# The phones' error watchers, by context, so that check_phone and allow_error find a page's.
WATCHERS: dict[BrowserContext, ScriptErrors] = {}


def watch_errors(context: BrowserContext, request: pytest.FixtureRequest) -> ScriptErrors:
    watcher = ScriptErrors(request.node.get_closest_marker("failed_requests") is not None)
    watcher.watch(context)
    WATCHERS[context] = watcher
    return watcher


def allow_error(page: Page, pattern: str) -> None:
    """Let through an error the test brings about on purpose (a regular expression on the
    report, e.g. the console line of a page that answers 404), and nothing else."""
    WATCHERS[page.context].allowed.append(re.compile(pattern))


def check_errors(contexts: list[BrowserContext], name: str) -> None:
    """No script error on any page of these phones. A round trip to each open page first, so that
    reports still on their way are in."""
    for context in contexts:
        for page in context.pages:
            if not page.is_closed():
                page.evaluate("0")
        WATCHERS[context].check(name)


@pytest.fixture
def phone(browser: Browser, live_server, transactional_db, request: pytest.FixtureRequest):
    """A new phone (its own cookies) for each call; closed after the test, which fails on any
    script error of its pages."""
    contexts: list[BrowserContext] = []

    def open_phone() -> Page:
        context = browser.new_context(viewport=PHONE, has_touch=True, locale="zh-CN")
        context.set_default_timeout(10_000)
        watch_errors(context, request)
        contexts.append(context)
        page = context.new_page()
        page.on("dialog", lambda dialog: dialog.accept())
        return page

    yield open_phone
    try:
        check_errors(contexts, request.node.name)
    finally:
        for context in contexts:
            WATCHERS.pop(context, None)
            context.close()


def check_phone(page: Page, name: str) -> None:
    """Keep a screenshot, and check the page fits a phone: no script error so far, no sideways
    scroll, thumb-sized controls."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
    check_errors([page.context], name)
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


def log_in(page: Page, live_server, user, language: str | None = None) -> Page:
    """``page``'s phone logged in as ``user`` (the session cookie of a logged-in client), in
    ``language`` where one is given."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    cookies = [
        {
            "name": settings.SESSION_COOKIE_NAME,
            "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
            "url": live_server.url,
        }
    ]
    if language:
        cookies.append(
            {"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}
        )
    page.context.add_cookies(cookies)
    return page


# Inside the viewport, and not under anything else (the docked keyboard above all): what a
# thumb touches at the control's middle is the control.
IN_VIEW = """
(el) => {
  const r = el.getBoundingClientRect();
  const inside = r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight
    && r.right <= window.innerWidth && r.width > 0 && r.height > 0;
  if (!inside) return false;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return Boolean(hit) && (hit === el || el.contains(hit) || hit.contains(el) && hit.tagName === "LABEL");
}
"""


class Thumb:
    """Taps like a thumb and counts: every tap lands on something already on screen, the page
    never scrolls, and the keyboard is on screen (folded, its bar is)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.taps = 0

    def tap(self, target: Locator, *, leaves: bool = False) -> None:
        self.check()
        assert target.evaluate(IN_VIEW), f"tap {self.taps + 1}: not on screen without scrolling"
        target.tap()
        self.taps += 1
        if not leaves:
            self.check()

    def check(self) -> None:
        page = self.page
        assert page.evaluate("window.scrollY") == 0, f"tap {self.taps}: the page scrolled"
        dock = page.locator(".dock")
        if "collapsed" not in (dock.get_attribute("class") or ""):
            keys = page.locator(".dock .keys")
            assert keys.evaluate(IN_VIEW), f"tap {self.taps}: keyboard off screen"
            tray = page.locator("[data-tray]")
            assert tray.evaluate(IN_VIEW), f"tap {self.taps}: hand off screen"
        else:
            # Folded until a winner is chosen (紅中, the calculator): its bar, with the button
            # that opens it and the confirm button, stays on screen.
            bar = page.locator(".dock .dock-actions")
            assert bar.evaluate(IN_VIEW), f"tap {self.taps}: the keyboard's bar off screen"

    def key(self, face: str) -> None:
        self.tap(self.page.locator(f".dock .keys [data-tile='{face}']"))

    def run(self, face: str) -> None:
        """A run of the standing tiles up from ``face``: the tile, then 顺."""
        self.key(face)
        self.tap(self.page.locator(".dock [data-concealed-set=run]"))

    def triplet(self, face: str) -> None:
        self.key(face)
        self.tap(self.page.locator(".dock [data-concealed-set=triplet]"))


# --- the app as deployed: two app servers and the events process --------------------------------


@pytest.fixture
def deployment():
    """A database of its own on PostgreSQL, two sync app servers, the events process, and a
    proxy in front of each app server (tests/browser/servers.py); all stopped and dropped after
    the test. Without PostgreSQL the test is skipped, except under CI, where it fails."""
    from tests.browser.servers import Database, Deployment, Proxy, Server, postgres_reachable

    if not postgres_reachable():
        message = "the deployment tests need PostgreSQL at 127.0.0.1:5432 (tools/test-deps)"
        if os.environ.get("CI") == "true":
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    database = Database()
    pages = [Server(database), Server(database)]
    events = Server(database, asgi=True)
    proxies: list[Proxy] = []
    try:
        database.create()
        for server in (*pages, events):
            server.start()
        for server in (*pages, events):
            server.wait_ready()
        proxies = [Proxy(server, events) for server in pages]
        for proxy in proxies:
            proxy.start()
        yield Deployment(database, pages, events, proxies)
    finally:
        for proxy in proxies:
            proxy.stop()
        for server in (*pages, events):
            server.stop()
        database.drop()
