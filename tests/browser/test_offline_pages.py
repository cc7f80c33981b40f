"""Without a connection on a phone (390×844): the service worker (templates/sw.js) keeps a sitting's
page and its round form as last seen online, and serves them offline with the banner saying when
they were fetched; the tile keyboard still draws from the precached static files; any other page
is the offline page, which lists the kept pages. Logging out asks before giving up rounds not sent
and deletes every kept page, and a kept page is never served to another account."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, BrowserContext, Page, expect

from calculator.services.rounds import round_record
from calculator.services.sittings import session_create
from tests.browser.conftest import (
    PHONE,
    WATCHERS,
    check_errors,
    check_phone,
    tap_tiles,
    watch_errors,
)
from tests.calculator.hands import plain

pytestmark = pytest.mark.browser

PASSWORD = "mahjong-table-77"
ISO = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$")

# Every entry of the worker's caches, by cache name: the paths (and queries) it holds.
CACHES = """async () => {
  const out = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    out[name] = (await cache.keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search);
  }
  return out;
}"""


@pytest.fixture
def phones(browser: Browser, live_server, transactional_db, request) -> Iterator:
    """Phones of our own (service workers allowed, Playwright's default), whose dialogs the test
    answers itself; a script error on any of their pages fails the test, as with ``phone``."""
    contexts: list[BrowserContext] = []

    def open_phone() -> tuple[BrowserContext, Page]:
        context = browser.new_context(viewport=PHONE, has_touch=True, locale="zh-CN")
        context.set_default_timeout(10_000)
        watch_errors(context, request)
        contexts.append(context)
        return context, context.new_page()

    yield open_phone
    try:
        check_errors(contexts, request.node.name)
    finally:
        for context in contexts:
            WATCHERS.pop(context, None)
            context.close()


def log_in(page: Page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.locator("form.card button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/sessions/$"))


def kept_pages(page: Page) -> list[str]:
    """The pages the worker keeps (every pages cache), its owner entry left out."""
    held = page.evaluate(CACHES)
    return sorted(
        path
        for name, paths in held.items()
        if name.startswith("anqing-pages-")
        for path in paths
        if path != "/sw.js?owner"
    )


def wait_until_kept(page: Page, paths: list[str]) -> None:
    deadline = time.monotonic() + 10
    while sorted(paths) != kept_pages(page):
        # What every cache holds, by name, when the pages are not there in time.
        assert time.monotonic() < deadline, page.evaluate(CACHES)
        page.wait_for_timeout(100)


def controlled(page: Page) -> None:
    """The worker is active and controls this page (it claims the pages open when it starts)."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    # Polled with evaluate, not wait_for_function: that one evaluates its string with eval, which
    # the pages' Content-Security-Policy forbids, whenever the first look finds no controller yet.
    # Up to 30 s: a worker installs by fetching every static file, slow on a machine under load.
    deadline = time.monotonic() + 30
    while not page.evaluate("navigator.serviceWorker.controller !== null"):
        assert time.monotonic() < deadline, "the worker never took control of the page"
        page.wait_for_timeout(100)


def open_sitting(username: str, name: str):
    user = get_user_model().objects.create_user(username, password=PASSWORD)
    sitting = session_create(
        owner=user, name=name, players=["阿东", "阿南", "阿西", "阿北"], base_silver="1"
    )
    round_record(session=sitting, entry=plain("S"), user=user)
    return sitting


def kept_on_phone(page: Page) -> dict[str, object]:
    """What once.js keeps in the phone's storage: the keys of the rounds not sent, and how many
    half-entered hands."""
    return page.evaluate(
        """() => ({
             rounds: JSON.parse(localStorage.getItem("table:queue") || "[]").map((item) => item.key),
             drafts: Object.keys(localStorage).filter((name) => name.startsWith("table:draft:")).length,
           })"""
    )


@pytest.mark.failed_requests  # the round form's preview is sent without a connection
def test_kept_pages_offline_and_none_after_logging_out(phones, live_server) -> None:
    sitting = open_sitting("laowang", "周六牌局")
    session_path = f"/sessions/{sitting.pk}/"
    form_path = f"/sessions/{sitting.pk}/rounds/new/"
    context, page = phones()
    log_in(page, live_server.url, "laowang")
    page.goto(live_server.url + session_path)
    controlled(page)
    # Seen online under the worker: both kinds of page are kept, nothing else. The worker keeps
    # a page after answering it, so each is waited for before the next page is opened.
    page.goto(live_server.url + form_path)
    wait_until_kept(page, [form_path])
    page.goto(live_server.url + session_path)
    wait_until_kept(page, [form_path, session_path])
    page.goto(f"{live_server.url}/sessions/{sitting.pk}/settle/")
    wait_until_kept(page, [form_path, session_path])

    # Offline: the round form as last seen, marked, with the banner; the keyboard draws.
    context.set_offline(True)
    served: dict[str, bool] = {}
    page.on(
        "response",
        lambda response: served.__setitem__(
            response.url.removeprefix(live_server.url), response.from_service_worker
        ),
    )
    page.goto(live_server.url + form_path)
    fetched = page.locator("html").get_attribute("data-served-from-cache")
    assert fetched and ISO.match(fetched), fetched
    hhmm = page.evaluate(
        "at => { const d = new Date(at); const two = n => String(n).padStart(2, '0');"
        " return two(d.getHours()) + ':' + two(d.getMinutes()); }",
        fetched,
    )
    expect(page.locator("#offline-banner")).to_be_visible()
    expect(page.locator("#offline-banner")).to_have_text(f"离线 · 这是 {hhmm} 的样子")
    expect(page.locator(".dock .keys [data-tile='9p']")).to_be_visible()
    faces = page.locator(".dock .keys img").evaluate_all(
        "imgs => imgs.filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.src)"
    )
    assert not faces, faces  # every tile face drawn, from the worker's cache
    assert served[form_path] is True
    assert served["/static/css/app.css"] is True and served["/static/js/picker/main.js"] is True
    assert served["/static/js/picker/keyboard.js"] is True  # the modules it imports, kept too
    assert any(url.startswith("/static/tiles/") and by_worker for url, by_worker in served.items())
    assert all(by_worker for url, by_worker in served.items() if url.startswith("/static/"))
    page.locator("label[for=id_winner_1]").click()
    tap_tiles(page, ["9p"])  # the keyboard runs: the indicator 9p makes 1p the 鑽 (R4.1)
    expect(page.locator("[data-tray-field=indicator] [data-tile='1p']")).to_be_visible()
    check_phone(page, "offline-01-round-form")

    # The sitting's page, as last seen.
    page.goto(live_server.url + session_path)
    expect(page.locator("h1")).to_have_text("周六牌局")
    expect(page.locator("#offline-banner")).to_have_text(
        re.compile(r"^离线 · 这是 \d\d:\d\d 的样子$")
    )
    expect(page.locator("[data-round='1']")).to_be_visible()
    check_phone(page, "offline-02-session")

    # A page never kept: the offline page, in three languages, with the kept pages to open.
    page.goto(f"{live_server.url}/sessions/{sitting.pk}/settle/")
    expect(page.locator("h1")).to_have_text("离线 · 離線 · Offline")
    expect(page.locator("[lang=en]").first).to_be_visible()
    links = page.locator(".kept-list a")
    expect(links).to_have_count(2)
    expect(links.nth(0)).to_have_text("周六牌局")
    expect(links.nth(1)).to_have_text("周六牌局 · 记一局")
    assert page.locator("html").get_attribute("data-served-from-cache") is None
    check_phone(page, "offline-03-offline-page")
    links.nth(0).click()
    expect(page.locator("#offline-banner")).to_be_visible()
    expect(page).to_have_url(live_server.url + session_path)

    # Online again: the page is fresh (no banner).
    context.set_offline(False)
    page.goto(live_server.url + session_path)
    assert page.locator("html").get_attribute("data-served-from-cache") is None
    expect(page.locator("#offline-banner")).to_be_hidden()

    # Logging out with two rounds not sent: asked first; "cancel" stays logged in. The phone
    # keeps them as once.js does (static/js/queue.js): two rounds of this account the server did
    # not take, listed until given up, and a hand half entered.
    page.evaluate(
        """([user, session]) => {
             const round = (key) => ({key, user, session, state: "refused", body: [], at: Date.now()});
             localStorage.setItem("table:queue", JSON.stringify([round("a"), round("b")]));
             const draft = "table:draft:" + user + ":s" + session + ":r2";
             localStorage.setItem(draft, JSON.stringify({at: Date.now(), fields: [["winner", "E"]]}));
           }""",
        [page.evaluate("document.documentElement.dataset.user"), str(sitting.pk)],
    )
    asked: list[str] = []
    answers = iter([False, True])

    def answer(dialog) -> None:
        asked.append(dialog.message)
        dialog.accept() if next(answers) else dialog.dismiss()

    page.on("dialog", answer)
    with page.expect_event("dialog"):  # answered by ``answer``; waited for, not assumed
        page.get_by_role("button", name="退出").click()
    assert asked == ["还有 2 局没有发送，退出会丢掉它们。确定退出吗？"]
    expect(page).to_have_url(live_server.url + session_path)
    expect(page.get_by_role("button", name="退出")).to_be_visible()
    assert kept_pages(page) == [session_path, form_path]
    assert kept_on_phone(page) == {"rounds": ["a", "b"], "drafts": 1}

    # "OK": the unsent rounds are given up, the kept pages deleted, then the log-out is sent.
    page.get_by_role("button", name="退出").click()
    expect(page).to_have_url(live_server.url + "/")
    expect(page.get_by_role("link", name="登录").first).to_be_visible()
    assert len(asked) == 2
    assert kept_on_phone(page) == {"rounds": [], "drafts": 0}
    assert page.evaluate("document.documentElement.dataset.user") == ""
    assert kept_pages(page) == []
    held = page.evaluate(CACHES)
    static = [paths for name, paths in held.items() if name.startswith("anqing-static-")]
    assert static and "/static/css/app.css" in static[0]  # the precache stays

    # Offline after logging out: the sitting's page is not served, the offline page is.
    context.set_offline(True)
    page.goto(live_server.url + session_path)
    expect(page.locator("h1")).to_have_text("离线 · 離線 · Offline")
    assert page.locator("html").get_attribute("data-served-from-cache") is None
    expect(page.locator(".kept-list a")).to_have_count(0)
    expect(page.locator(".kept-pages")).to_be_hidden()
    check_phone(page, "offline-04-logged-out")
    assert kept_pages(page) == []
    held = page.evaluate(CACHES)
    assert not any("/sessions/" in path for paths in held.values() for path in paths), held


@pytest.mark.failed_requests  # it takes the phone offline: the live stream's request fails
def test_a_kept_page_is_never_served_to_another_account(phones, live_server) -> None:
    first = open_sitting("laowang", "周六牌局")
    second = open_sitting("amei", "阿美的牌局")
    context, page = phones()
    log_in(page, live_server.url, "laowang")
    page.goto(f"{live_server.url}/sessions/{first.pk}/")
    controlled(page)
    page.goto(f"{live_server.url}/sessions/{first.pk}/")
    wait_until_kept(page, [f"/sessions/{first.pk}/"])

    # laowang's log-in ends without this phone's log-out button (it expired, or was ended on
    # another phone); amei logs in on the same phone. The log-in page, drawn for nobody, is
    # enough for the worker to delete laowang's pages.
    context.clear_cookies()
    page.goto(f"{live_server.url}/accounts/login/")
    assert page.evaluate("document.documentElement.dataset.user") == ""
    wait_until_kept(page, [])
    log_in(page, live_server.url, "amei")
    page.goto(f"{live_server.url}/sessions/{second.pk}/")
    wait_until_kept(page, [f"/sessions/{second.pk}/"])

    context.set_offline(True)
    page.goto(f"{live_server.url}/sessions/{first.pk}/")
    expect(page.locator("h1")).to_have_text("离线 · 離線 · Offline")
    links = page.locator(".kept-list a")
    expect(links).to_have_count(1)
    expect(links).to_have_text("阿美的牌局")
    check_phone(page, "offline-05-another-account")
    page.goto(f"{live_server.url}/sessions/{second.pk}/")
    expect(page.locator("h1")).to_have_text("阿美的牌局")
    expect(page.locator("#offline-banner")).to_be_visible()
