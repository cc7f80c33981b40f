"""The rounds a phone keeps to send (static/js/queue.js, sent by once.js), at a phone's size
(390×844, touch): two open tabs send a queued round once (one sender, by a Web Lock), or as
before where the browser has no Web Locks; the browser is asked once to keep the queue for good;
each queued round says how long it has waited, and warns before the browser may clear it."""

from __future__ import annotations

import re
import time

import pytest
from django.conf import settings
from django.templatetags.static import static
from playwright.sync_api import BrowserContext, Page, Route, expect

from tests.browser.conftest import SCREENSHOTS, check_phone, log_in, tap_tiles
from tests.browser.test_offline_pages import controlled, wait_until_kept
from tests.browser.test_once import CONCEALED_WIN, CONFIRM, enter_hand, rounds_of, table

pytestmark = pytest.mark.browser

SENDER = "table:queue:sender"  # the Web Lock's name (queue.js)
HOUR = 3600 * 1000
DAY = 24 * HOUR

# Stands in for the browser's navigator.storage.persist()/persisted(): counts the asks (in
# localStorage, so that a page left for another still counts) and refuses, as Chromium does for
# a site it does not know well.
REFUSING_STORAGE = """
(() => {
  const storage = navigator.storage;
  if (!storage) return;
  storage.persist = () => {
    localStorage.setItem("test:persist-asked", String(+(localStorage.getItem("test:persist-asked") || 0) + 1));
    return Promise.resolve(false);
  };
  storage.persisted = () => Promise.resolve(false);
})();
"""


def queued_offline(page: Page, session_url: str) -> None:
    """The sitting's page and its round form kept by the worker, a hand entered, and confirmed
    without a connection: queued, and the phone on the sitting's page drawn from its copy."""
    form = f"{session_url}rounds/new/"
    path = session_url.split("//", 1)[1].split("/", 1)[1]
    kept_form, kept_session = f"/{path}rounds/new/", f"/{path}"
    page.goto(session_url)
    controlled(page)
    # Each page is waited for before the next is opened (the worker keeps a page after
    # answering it).
    page.goto(form)
    wait_until_kept(page, [kept_form])
    page.goto(session_url)
    wait_until_kept(page, [kept_form, kept_session])
    page.goto(form)
    enter_hand(page)
    page.context.set_offline(True)
    page.locator(CONFIRM).tap()
    page.wait_for_url(f"{session_url}#unsent")
    expect(page.locator("#unsent [data-unsent-list] li")).to_have_count(1)


class Saves:
    """Every round post the phone sends (`X-Save`), held until ``let_go``: what the server got."""

    def __init__(self, context: BrowserContext) -> None:
        self.held: list[Route] = []
        self.count = 0
        context.route(re.compile(r".*/rounds/new/$"), self.hold)

    def hold(self, route: Route) -> None:
        if route.request.method == "POST" and route.request.headers.get("x-save"):
            self.count += 1
            self.held.append(route)
        else:
            route.continue_()

    def let_go(self) -> None:
        held, self.held = self.held, []
        for route in held:
            route.continue_()


def lock_holders(page: Page) -> dict[str, int]:
    """How many tabs of this phone hold the sender's Web Lock, and how many wait for it."""
    return page.evaluate(
        """async (name) => {
             const seen = await navigator.locks.query();
             const count = (list) => list.filter((lock) => lock.name === name).length;
             return {held: count(seen.held), pending: count(seen.pending)};
           }""",
        SENDER,
    )


def set_queued_at(page: Page, ago_ms: int) -> None:
    """Make every queued round look confirmed ``ago_ms`` ago (its ``at`` in localStorage)."""
    page.evaluate(
        """(ago) => {
             const items = JSON.parse(localStorage.getItem("table:queue") || "[]");
             items.forEach((item) => { item.at = Date.now() - ago; });
             localStorage.setItem("table:queue", JSON.stringify(items));
           }""",
        ago_ms,
    )


@pytest.mark.failed_requests  # the preview is sent without a connection
def test_two_tabs_send_a_queued_round_once(phone, live_server) -> None:
    user, sitting = table(live_server)
    first = log_in(phone(), live_server, user)
    session_url = f"{live_server.url}/sessions/{sitting.pk}/"
    queued_offline(first, session_url)
    # A second tab of the same phone on the sitting's page, drawn from the worker's copy.
    second = first.context.new_page()
    second.on("dialog", lambda dialog: dialog.accept())
    second.goto(session_url)
    expect(second.locator("#unsent [data-unsent-list] li")).to_have_count(1)
    saves = Saves(first.context)

    # The connection returns to both tabs at the same moment: each is told it is online.
    first.context.set_offline(False)
    deadline = time.monotonic() + 30
    while not saves.count:
        assert time.monotonic() < deadline, "nothing was sent"
        first.wait_for_timeout(100)
    # One tab sends, holding the lock while its post is on its way; the other sends nothing,
    # even when the round has looked "sending" longer than a send may take (a tab in the
    # background, its timers slowed, that the old guard in localStorage would have sent again).
    assert lock_holders(second) == {"held": 1, "pending": 0}
    second.evaluate(
        """() => {
             const items = JSON.parse(localStorage.getItem("table:queue"));
             items.forEach((item) => { item.tried = Date.now() - 60000; });
             localStorage.setItem("table:queue", JSON.stringify(items));
           }"""
    )
    for page in (first, second):
        page.evaluate("window.dispatchEvent(new Event('online'))")
    first.wait_for_timeout(1500)
    assert saves.count == 1
    saves.let_go()

    # Recorded once; the sending tab drew the sitting again, the other's list is empty too.
    deadline = time.monotonic() + 30
    while rounds_of(sitting) != [(1, "E", False)]:
        assert time.monotonic() < deadline, rounds_of(sitting)
        first.wait_for_timeout(200)
    for page in (first, second):
        expect(page.locator("#unsent")).to_be_hidden()
    first.wait_for_timeout(2000)
    saves.let_go()  # anything sent after (there is nothing)
    assert saves.count == 1
    assert rounds_of(sitting) == [(1, "E", False)]
    assert lock_holders(second) == {"held": 0, "pending": 0}


@pytest.mark.failed_requests  # the preview is sent without a connection
def test_without_web_locks_a_queued_round_is_still_sent_once(phone, live_server) -> None:
    user, sitting = table(live_server)
    page = log_in(phone(), live_server, user)
    page.context.add_init_script("delete Navigator.prototype.locks;")
    session_url = f"{live_server.url}/sessions/{sitting.pk}/"
    queued_offline(page, session_url)
    assert page.evaluate("navigator.locks === undefined")
    page.context.set_offline(False)
    expect(page.locator("[data-round='1']")).to_be_visible(timeout=45_000)
    expect(page.locator("#unsent")).to_be_hidden()
    assert rounds_of(sitting) == [(1, "E", False)]


@pytest.mark.failed_requests  # the preview is sent without a connection
def test_the_browser_is_asked_once_to_keep_the_queue(phone, live_server) -> None:
    user, sitting = table(live_server)
    page = log_in(phone(), live_server, user)
    page.context.add_init_script(REFUSING_STORAGE)
    session_url = f"{live_server.url}/sessions/{sitting.pk}/"
    asked = "+(localStorage.getItem('test:persist-asked') || 0)"

    # Pages opened, nothing queued: nothing asked.
    page.goto(session_url)
    page.reload()
    assert page.evaluate(asked) == 0
    expect(page.locator("#unsent [data-not-kept]")).to_be_hidden()

    # The first round queued asks, and the browser's refusal is said where the rounds are.
    queued_offline(page, session_url)
    assert page.evaluate(asked) == 1
    assert page.evaluate("JSON.parse(localStorage.getItem('storage:persist')).kept") is False
    expect(page.locator("#unsent [data-not-kept]")).to_be_visible()
    expect(page.locator("#unsent [data-not-kept]")).to_contain_text("没有答应一直留着这些局")

    # A second round queued, and more pages opened: not asked again.
    page.goto(f"{session_url}rounds/new/")
    assert page.locator("input[name=expected_round]").input_value() == "2"
    page.locator("label[for=id_winner_1]").click()
    tap_tiles(page, CONCEALED_WIN)
    page.locator(CONFIRM).tap()
    page.wait_for_url(f"{session_url}#unsent")
    expect(page.locator("#unsent [data-unsent-list] li")).to_have_count(2)
    page.reload()
    assert page.evaluate(asked) == 1
    assert rounds_of(sitting) == []


def test_asking_to_keep_is_silent_where_the_browser_cannot(phone, live_server) -> None:
    """No navigator.storage.persist: a round is queued as before, and nothing is said of it."""
    user, sitting = table(live_server)
    page = log_in(phone(), live_server, user)
    page.context.add_init_script("if (navigator.storage) delete StorageManager.prototype.persist;")
    session_url = f"{live_server.url}/sessions/{sitting.pk}/"
    page.goto(session_url)
    assert page.evaluate("typeof navigator.storage.persist") == "undefined"
    page.evaluate(
        """async (url) => {
             const queue = await import(url);
             queue.askToKeep();
           }""",
        static("js/queue.js"),
    )
    assert page.evaluate("localStorage.getItem('storage:persist')") is None
    expect(page.locator("#unsent [data-not-kept]")).to_be_hidden()


@pytest.mark.failed_requests  # the round's post is turned away: it stays queued
def test_a_queued_round_says_how_long_it_waited_and_warns_when_old(phone, live_server) -> None:
    user, sitting = table(live_server)
    page = log_in(phone(), live_server, user)
    page.context.add_init_script(REFUSING_STORAGE)
    session_url = f"{live_server.url}/sessions/{sitting.pk}/"
    # Online, but the server is never reached: the confirmed round is queued, and stays so.
    page.context.route(
        re.compile(r".*/rounds/new/$"),
        lambda route: route.abort() if route.request.headers.get("x-save") else route.continue_(),
    )
    page.goto(f"{session_url}rounds/new/")
    enter_hand(page)
    page.locator(CONFIRM).tap()
    page.wait_for_url(f"{session_url}#unsent")
    unsent = page.locator("#unsent")
    row = unsent.locator("[data-unsent-list] li")
    expect(row).to_have_count(1)
    expect(row.locator("[data-waited]")).to_have_text("等了不到 1 分钟")
    expect(row.locator("[data-too-old]")).to_be_hidden()
    expect(unsent).to_contain_text("装到主屏幕的应用和浏览器各存各的")

    set_queued_at(page, 3 * HOUR + 60_000)
    page.reload()
    expect(row.locator("[data-waited]")).to_have_text("等了 3 小时")
    expect(row.locator("[data-too-old]")).to_be_hidden()

    # Five days and more: the warning, in plain words, before the browser may clear it.
    set_queued_at(page, 6 * DAY + HOUR)
    page.reload()
    expect(row.locator("[data-waited]")).to_have_text("等了 6 天")
    expect(row.locator("[data-too-old]")).to_be_visible()
    expect(row.locator("[data-too-old]")).to_contain_text("7 天没打开的网站")
    expect(unsent.locator("[data-not-kept]")).to_be_visible()
    check_phone(page, "queue-01-waited-zh-hans")
    unsent.screenshot(path=str(SCREENSHOTS / "queue-01-waited-zh-hans-list.png"))

    # The same in 繁體 and in English (one day, one minute: the English words count).
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": "zh-hant", "url": live_server.url}]
    )
    set_queued_at(page, 5 * DAY)
    page.reload()
    expect(row.locator("[data-waited]")).to_have_text("等了 5 天")
    expect(row.locator("[data-too-old]")).to_contain_text("7 天沒打開的網站")
    expect(unsent).to_contain_text("裝到主畫面的應用程式和瀏覽器各存各的")
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": "en", "url": live_server.url}]
    )
    set_queued_at(page, DAY + HOUR)
    page.reload()
    expect(row.locator("[data-waited]")).to_have_text("waiting 1 day")
    set_queued_at(page, 4 * DAY)
    page.reload()
    expect(row.locator("[data-waited]")).to_have_text("waiting 4 days")
    expect(row.locator("[data-too-old]")).to_be_hidden()
    set_queued_at(page, 60_000)
    page.reload()
    expect(row.locator("[data-waited]")).to_have_text("waiting 1 minute")
    set_queued_at(page, 5 * DAY + 60_000)
    page.reload()
    expect(row.locator("[data-waited]")).to_have_text("waiting 5 days")
    expect(row.locator("[data-too-old]")).to_contain_text("not been opened for 7 days")
    expect(unsent).to_contain_text("The app on your home screen and the browser each keep")
    expect(unsent.locator("[data-not-kept]")).to_contain_text("has not agreed to keep")
    check_phone(page, "queue-02-waited-en")
    unsent.screenshot(path=str(SCREENSHOTS / "queue-02-waited-en-list.png"))
    assert rounds_of(sitting) == []
