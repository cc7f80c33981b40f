"""The round form's small things on a 390×844 phone: no meld is offered on the winning tile and a
hint leaves with its tile (melds.js, keyboard.js, tray.js); Back after a save shows no ghost of
the saved hand; the rare options under 更多 can be reached with the keyboard open."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from calculator.services.sittings import session_create
from tests.browser.conftest import IN_VIEW, SCREENSHOTS, check_phone, faces, log_in, tap_tiles

pytestmark = pytest.mark.browser

# The indicator 9p (鑽 1p, R4.1), 123456m 234678s 9p standing, 9p drawn: 獨吊 6 + 門清 3 (R7).
CONCEALED_WIN = ["9p", *faces("123456m234678s9p"), "9p"]


def sitting_page(phone, live_server, *, game: str = "anqing", count: int = 4) -> tuple[Page, str]:
    user = get_user_model().objects.create_user("laowang", password="mahjong-table-77")
    players = ["阿东", "阿南", "阿西", "阿北"][:count]
    session = session_create(
        owner=user, name="周六牌局", players=players, game=game, player_count=count
    )
    page = log_in(phone(), live_server, user, "zh-hans")
    return page, f"{live_server.url}/sessions/{session.pk}/"


def meld_offers(page: Page) -> int:
    """How many ways the meld bar offers to make a meld of the tile just tapped."""
    return page.evaluate(
        """() => {
          const dock = document.querySelector('.dock');
          const chows = dock.querySelectorAll('[data-chows] button:not([disabled])').length;
          const feeders = Array.from(dock.querySelectorAll('[data-feeder]'))
            .filter((b) => !b.hidden && !b.disabled).length;
          const kong = dock.querySelector('[data-concealed-kong]').disabled ? 0 : 1;
          return chows + feeders + kong;
        }"""
    )


def test_no_meld_is_offered_on_the_winning_tile(phone, live_server) -> None:
    page, url = sitting_page(phone, live_server)
    page.goto(f"{url}rounds/new/")
    page.locator("label[for=id_winner_1]").click()
    tap_tiles(page, CONCEALED_WIN[:-1])
    # The last standing tile 9p: a chow 789p, a pung from a seat, offered while it is the last.
    assert meld_offers(page) > 0
    tap_tiles(page, CONCEALED_WIN[-1:])  # the winning tile
    expect(page.locator("#preview [data-fan='9']")).to_be_visible()
    assert meld_offers(page) == 0
    expect(page.locator(".dock [data-tapped]")).to_be_hidden()
    hint = page.locator(".dock [data-meld-hint]")
    expect(hint).to_have_text(hint.get_attribute("data-tap-tile"))


def test_the_wild_hint_leaves_with_its_tile(phone, live_server) -> None:
    page, url = sitting_page(phone, live_server, game="anji", count=2)
    page.goto(f"{url}rounds/new/")
    page.locator("label[for=id_winner_1]").click()
    hint = page.locator(".dock [data-meld-hint]")
    wild_words = hint.get_attribute("data-wild")
    assert wild_words
    tap_tiles(page, ["3p", "4p"])  # the indicator 3p turns up the 财神 4p (AJ4.1)
    expect(hint).to_have_text(wild_words)
    tap_tiles(page, ["1f"])  # a flower goes to the winner's flowers, not the hand (AJ1.3)
    expect(hint).not_to_have_text(wild_words)
    tap_tiles(page, ["4p", "4p"])
    expect(hint).to_have_text(wild_words)
    # The 财神 just tapped taken out of the tray: its hint goes with it.
    page.locator("[data-tray-field=hand] .tray-tiles [data-tile='4p']").last.click()
    expect(hint).not_to_have_text(wild_words)
    tap_tiles(page, ["4p"])
    expect(hint).to_have_text(wild_words)
    tap_tiles(page, faces("1234m567s111z"))  # the standing tiles are full: 4p 4p 4p + ten
    expect(page.locator("[data-tray-field=win_tile]")).to_have_attribute("aria-pressed", "true")
    tap_tiles(page, ["1z"])  # the winning tile
    expect(hint).not_to_have_text(wild_words)


def test_back_after_a_save_shows_no_ghost_of_the_saved_hand(phone, live_server) -> None:
    page, url = sitting_page(phone, live_server)
    page.goto(url)
    page.get_by_role("link", name="记胡牌").click()
    expect(page.locator("h1")).to_have_text("记第1局")
    page.locator("label[for=id_winner_1]").click()
    tap_tiles(page, ["9p", "4s"])
    page.locator("[data-chow='345s']").click()  # a meld, so a ghost would show its chip
    tap_tiles(page, [*faces("123456m678s9p"), "9p"])
    expect(page.locator("#preview [data-fan]")).to_be_visible()
    page.get_by_role("button", name="确认记录").click()
    expect(page.locator(".changes")).to_contain_text("第1局已记录")

    page.go_back()
    page.wait_for_load_state()
    check_phone(page, "entry-back-after-save")
    if page.url.rstrip("/").endswith("/rounds/new"):
        # A clean form for the next round: nothing of the saved hand.
        expect(page.locator("h1")).to_have_text("记第2局")
        expect(page.locator("input[name=expected_round]")).to_have_value("2")
        expect(page.locator("input[name=winner]:checked")).to_have_count(0)
        expect(page.locator("[data-meld-chip]")).to_have_count(0)
        expect(page.locator("[data-tray] .tray-tiles [data-tile]")).to_have_count(0)
        for n in range(1, 5):
            expect(page.locator(f"[name=meld_{n}_kind]")).to_have_value("")
        expect(page.locator("[data-draft-restored]")).to_have_count(0)
    else:
        expect(page.locator("h1")).to_have_text("周六牌局")


def scroll_until_in_view(page: Page, selector: str) -> bool:
    """Scroll the page as a thumb does, a little at a time, until ``selector`` is on screen and
    not under anything (the docked keyboard); False if the page ends first."""
    target = page.locator(selector)
    for _ in range(40):
        if target.evaluate(IN_VIEW):
            return True
        before = page.evaluate("window.scrollY")
        page.mouse.wheel(0, 80)
        page.wait_for_timeout(100)
        if page.evaluate("window.scrollY") == before:
            return bool(target.evaluate(IN_VIEW))
    return False


@pytest.mark.parametrize("game", ["anqing", "anji"])
def test_the_more_options_are_reachable_with_the_keyboard_open(phone, live_server, game) -> None:
    page, url = sitting_page(phone, live_server, game=game, count=4 if game == "anqing" else 2)
    page.goto(f"{url}rounds/new/")
    page.locator(".dock [data-dock-winner='S']").click()
    hand = CONCEALED_WIN if game == "anqing" else ["3p", *faces("123456m234678s9p"), "9p"]
    tap_tiles(page, hand)
    dock = page.locator(".dock")
    expect(dock).not_to_have_class("dock collapsed")
    assert scroll_until_in_view(page, ".more > summary"), "更多 stays under the keyboard"
    page.locator(".more > summary").tap()
    expect(page.locator(".more")).to_have_attribute("open", "")
    # Its options come up above the keyboard, which stays open.
    options = page.locator(".more input:not([type=hidden])")
    expect(options.first).to_be_visible()
    page.wait_for_timeout(300)  # a smooth scroll, if any, comes to rest
    assert "collapsed" not in (dock.get_attribute("class") or "")
    shown = [options.nth(i).evaluate(IN_VIEW) for i in range(min(3, options.count()))]
    page.screenshot(path=str(SCREENSHOTS / f"entry-more-{game}-keyboard-open.png"))
    assert all(shown), f"options under the keyboard: {shown}"


@pytest.mark.parametrize(
    ("language", "after"), [("zh-hans", "作废后"), ("zh-hant", "作廢後"), ("en", "After the void")]
)
def test_the_void_question_on_a_phone(phone, live_server, language, after) -> None:
    from calculator.services.rounds import round_record
    from tests.calculator.hands import paofeng, plain

    user = get_user_model().objects.create_user("laowang", password="mahjong-table-77")
    session = session_create(owner=user, name="周六牌局", players=["阿东", "阿南", "阿西", "阿北"])
    for entry in (plain("E"), paofeng("E"), plain("S")):
        round_record(session=session, entry=entry)
    page = log_in(phone(), live_server, user, language)
    page.goto(f"{live_server.url}/sessions/{session.pk}/rounds/1/void/")
    table = page.locator("[data-void-preview]")
    expect(table).to_contain_text(after)
    expect(table.locator("tbody tr")).to_have_count(4)
    check_phone(page, f"void-question-{language}")
