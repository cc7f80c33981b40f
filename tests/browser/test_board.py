"""The board on a big screen (1280×720, landscape) in real Chromium: opened by a stranger through
the share link, it shows every person's balance, who deals next and the last round without
scrolling, follows a round recorded elsewhere within seconds, and keeps the screen awake (the
Wake Lock asked for on load, and again when the page comes back after being hidden); the round
form keeps it awake too. Each game keeps a screenshot."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, Page, expect

from calculator.selectors.sittings import session_state
from calculator.services.rounds import round_record
from calculator.services.sittings import session_create
from tests.browser.conftest import SCREENSHOTS, check_errors, log_in, watch_errors
from tests.calculator.hands import bao, plain
from tests.pages.test_board import NAMES, played  # the same sittings as the pages see

pytestmark = pytest.mark.browser

TV = {"width": 1280, "height": 720}

# navigator.wakeLock as a test double: every request is counted, its sentinel can be released as
# the browser does when the page is hidden, and document.visibilityState follows window.__shown.
WAKE_LOCK_DOUBLE = """
(() => {
  window.__wakeRequests = [];
  window.__wakeSentinels = [];
  window.__shown = 'visible';
  Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => window.__shown});
  Object.defineProperty(navigator, 'wakeLock', {configurable: true, value: {
    request(type) {
      window.__wakeRequests.push(type);
      const sentinel = new EventTarget();
      sentinel.type = type;
      sentinel.released = false;
      sentinel.release = async () => {
        sentinel.released = true;
        sentinel.dispatchEvent(new Event('release'));
      };
      window.__wakeSentinels.push(sentinel);
      return Promise.resolve(sentinel);
    },
  }});
})();
"""

# The page is hidden (the browser lets the lock go), then shown again.
HIDE_AND_SHOW = """
async () => {
  window.__shown = 'hidden';
  await window.__wakeSentinels.at(-1).release();
  document.dispatchEvent(new Event('visibilitychange'));
  window.__shown = 'visible';
  document.dispatchEvent(new Event('visibilitychange'));
}
"""


@pytest.fixture
def screen(browser: Browser, live_server, transactional_db, request) -> Iterator[Callable]:
    """A new screen of ``size`` (a TV by default) with the Wake Lock double, failing the test
    on any script error of its pages."""
    contexts = []

    def open_screen(size: dict = TV, double: bool = True) -> Page:
        context = browser.new_context(viewport=size, locale="zh-CN")
        context.set_default_timeout(10_000)
        watch_errors(context, request)
        if double:
            context.add_init_script(WAKE_LOCK_DOUBLE)
        contexts.append(context)
        return context.new_page()

    yield open_screen
    try:
        check_errors(contexts, request.node.name)
    finally:
        for context in contexts:
            context.close()


def wake_requests(page: Page) -> int:
    return page.evaluate("window.__wakeRequests.length")


def check_wake_lock(page: Page) -> None:
    """Asked for once on load; not again while held; again after the page was hidden."""
    page.wait_for_function("window.__wakeRequests.length === 1")
    assert page.evaluate("window.__wakeRequests") == ["screen"]
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_timeout(100)
    assert wake_requests(page) == 1  # still held: not asked for twice
    page.evaluate(HIDE_AND_SHOW)
    page.wait_for_function("window.__wakeRequests.length === 2")


@pytest.mark.parametrize("game", ["anqing", "anji", "hongzhong"])
def test_the_board_on_a_tv(screen, live_server, game: str) -> None:
    owner = get_user_model().objects.create_user("laowang", password="mahjong-table-77")
    sitting = played(owner, game)
    page = screen()
    page.goto(f"{live_server.url}/share/{sitting.share_token}/board/")
    board = page.locator(".board")
    for name in NAMES[game]:
        expect(board.locator(".board-seats")).to_contain_text(name)
    expect(page.locator(".board-next")).to_contain_text("坐庄")
    last = sitting.rounds.order_by("-number").first()
    expect(page.locator(f".board-last [data-round='{last.number}']")).to_be_visible()
    expect(page.locator(".board-items li").first).to_be_visible()
    check_wake_lock(page)

    # Read from two metres: big balances, and everything on the one screen, nothing sideways.
    size = page.locator(".board-balance").first.evaluate(
        "(el) => parseFloat(getComputedStyle(el).fontSize)"
    )
    assert size >= 64, size
    assert page.evaluate("document.documentElement.scrollWidth") <= TV["width"]
    bottom = board.evaluate("(el) => el.getBoundingClientRect().bottom")
    assert bottom <= TV["height"], f"the board runs {bottom - TV['height']:.0f}px below the screen"
    seats = page.locator(".board-seats").bounding_box()
    last_box = page.locator(".board-last").bounding_box()
    assert seats and last_box and last_box["x"] > seats["x"] + seats["width"]  # side by side
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"board-{game}-1280x720.png"))


def test_the_board_follows_a_round_recorded_elsewhere(screen, live_server) -> None:
    owner = get_user_model().objects.create_user("laowang", password="mahjong-table-77")
    sitting = played(owner, "anqing")
    page = screen()
    page.goto(f"{live_server.url}/share/{sitting.share_token}/board/")
    expect(page.locator(".board-last [data-round='2']")).to_be_visible()
    round_record(session=sitting, entry=plain("W"), user=owner)
    # The poll (every 3 s) brings the new round and the balances after it.
    expect(page.locator(".board-last [data-round='3']")).to_be_visible(timeout=12_000)
    expect(page.locator(".board-last [data-round='2']")).to_have_count(0)
    sitting.refresh_from_db()
    expect(page.locator("[data-seat='W'] .board-balance")).to_have_attribute(
        "data-balance", str(session_state(sitting)["balances"]["W"])
    )
    # The lock is the page's, not the region's: a swap asks for nothing more.
    assert wake_requests(page) == 1


def test_a_phone_held_upright_reads_the_board_in_one_column(screen, live_server) -> None:
    owner = get_user_model().objects.create_user("laowang", password="mahjong-table-77")
    sitting = played(owner, "hongzhong")
    page = screen({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/share/{sitting.share_token}/board/")
    seats = page.locator(".board-seats").bounding_box()
    last = page.locator(".board-last").bounding_box()
    assert seats and last and last["y"] >= seats["y"] + seats["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(SCREENSHOTS / "board-phone-upright.png"), full_page=True)


# Every seat's wind, name and badge shown whole (a name alone may end in an ellipsis when it is
# longer than a whole line).
CLIPPED = """
() => Array.from(document.querySelectorAll('.board-name .seat-wind, .board-name .badge'))
  .filter(el => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right
    > el.closest('.board-seat').getBoundingClientRect().right)
  .map(el => el.textContent)
"""


@pytest.mark.parametrize(
    ("size", "name"), [(TV, "1280x720"), ({"width": 390, "height": 844}, "phone")]
)
def test_the_board_in_english(screen, live_server, size: dict, name: str) -> None:
    owner = get_user_model().objects.create_user("laowang", password="mahjong-table-77")
    sitting = played(owner, "hongzhong")
    page = screen(size)
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    page.goto(f"{live_server.url}/share/{sitting.share_token}/board/")
    expect(page.locator(".board-next")).to_contain_text("deals")
    expect(page.locator(".board-last h2")).to_have_text("Last round")
    assert page.evaluate(CLIPPED) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    page.screenshot(path=str(SCREENSHOTS / f"board-en-{name}.png"), full_page=True)


def test_without_a_wake_lock_the_board_says_nothing(screen, live_server) -> None:
    owner = get_user_model().objects.create_user("laowang", password="mahjong-table-77")
    sitting = played(owner, "anji")
    page = screen(double=False)
    page.add_init_script(
        "Object.defineProperty(navigator, 'wakeLock', {configurable: true, value: undefined})"
    )
    page.goto(f"{live_server.url}/share/{sitting.share_token}/board/")
    expect(page.locator(".board-seats")).to_contain_text("甲")
    # A browser that refuses (as Chromium may without a user's gesture) is silent too.
    refusing = screen()
    refusing.add_init_script(
        "navigator.wakeLock.request = () => Promise.reject(new DOMException('no', 'NotAllowedError'))"
    )
    refusing.goto(f"{live_server.url}/share/{sitting.share_token}/board/")
    expect(refusing.locator(".board-seats")).to_contain_text("甲")
    refusing.evaluate("document.dispatchEvent(new Event('visibilitychange'))")


def test_the_round_form_keeps_the_screen_awake(screen, live_server) -> None:
    owner = get_user_model().objects.create_user("laowang", password="mahjong-table-77")
    sitting = played(owner, "anqing")
    page = log_in(screen({"width": 390, "height": 844}), live_server, owner)
    page.goto(f"{live_server.url}/sessions/{sitting.pk}/rounds/new/")
    expect(page.locator("form[data-hand-form]")).to_be_visible()
    check_wake_lock(page)
    # The sitting's own page does not hold the screen.
    page.goto(f"{live_server.url}/sessions/{sitting.pk}/")
    expect(page.locator("[data-board-link]")).to_be_visible()
    page.wait_for_timeout(200)
    assert wake_requests(page) == 0


def test_the_sitting_page_opens_the_board_and_shows_its_qr_code(screen, live_server) -> None:
    owner = get_user_model().objects.create_user("laowang", password="mahjong-table-77")
    sitting = played(owner, "anqing")
    page = log_in(screen({"width": 390, "height": 844}), live_server, owner)
    page.goto(f"{live_server.url}/sessions/{sitting.pk}/")
    page.locator("#board-scan summary").click()
    qr = page.get_by_role("img", name="大屏幕的二维码")
    expect(qr).to_be_visible()
    qr.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "board-qr-on-the-sitting-page.png"))
    page.locator("[data-board-link]").click()
    page.wait_for_url(f"{live_server.url}/share/{sitting.share_token}/board/")
    expect(page.locator(".board-seats")).to_contain_text("阿东")


@pytest.mark.parametrize(
    ("language", "words"),
    [("zh-hans", ("台费", "净额")), ("zh-hant", ("臺費", "淨額")), ("en", ("Table fee", "Net"))],
)
def test_the_board_with_table_fees_and_drawn_seats(screen, live_server, language, words) -> None:
    """At the end of an evening with a table fee, the board still fits the TV and each person's
    fees and net read under their balance; the seats were drawn and the board says how."""
    owner = get_user_model().objects.create_user("laowang", password="mahjong-table-77")
    sitting = session_create(
        owner=owner, name="周六晚上", players=NAMES["anqing"], base_silver="1", seat_draw=True
    )
    fee = {"result": "adjustment", "kind": "fee", "reason": "台费", "amount": "10"}
    for body in (plain("E"), bao("S", "E"), fee):
        round_record(session=sitting, entry=body, user=owner)
    page = screen()
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    page.goto(f"{live_server.url}/share/{sitting.share_token}/board/")
    fees = page.locator("[data-board-fees]")
    expect(fees).to_have_count(4)
    for word in words:
        expect(fees.first).to_contain_text(word)
    expect(page.locator(".board [data-seat-draw]")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= TV["width"]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"board-fees-{language}-1280x720.png"))
