"""axe-core over every page a table uses, at a phone's size, in 简体, 繁體 and English: no
violation of any rule axe runs by default (WCAG A and AA, and its best practices).

One phone per language walks every page: the home page, signing up and logging in, the list
and a new sitting, each game's sitting (with rounds), its round form with a hand half entered
(the tile keyboard docked and open), the why page of a round of each game (a 紅中 round with two
winners and one with three among them), settle-up, each game's board, house rules, members, the
share page and its board, the calculator of each game (and one with its result shown), the rule
books, the offline page and the page of a page not found. The phone fixture's guard fails the
walk on any script error as well.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from calculator.models import Session
from calculator.services.rounds import round_record
from calculator.services.sittings import session_create, share_link_rotate
from tests.browser.conftest import SCREENSHOTS, allow_error, faces, tap_tiles
from tests.calculator.hands import plain
from tests.calculator.hongzhong_sitting import PLAYERS as HZ_PLAYERS
from tests.calculator.hongzhong_sitting import ROUNDS as HZ_ROUNDS

pytestmark = pytest.mark.browser

AXE = Axe()
PASSWORD = "mahjong-table-77"

# AJ15.1 (anji-rules.md): 財神 4p, two flowers; ZI_MO 1 + FLOWERS 2.
ANJI_WIN = {
    "result": "win",
    "winner": "S",
    "indicator": "3p",
    "concealed": "123456m34578s99p4p",
    "win_tile": "3m",
    "flowers": "1f3f",
}


@dataclass(frozen=True)
class Table:
    """What the walk opens: an account and a sitting of each game, with rounds."""

    anqing: Session
    anji: Session
    hongzhong: Session
    share: str  # the Anqing sitting's share link's token
    two_winners: int  # the 紅中 round won by two on one discard
    three_winners: int


def set_the_table() -> Table:
    owner = get_user_model().objects.create_user("laowang", password=PASSWORD)
    friend = get_user_model().objects.create_user("amei", password=PASSWORD)
    anqing = session_create(
        owner=owner, name="周六牌局", players=["阿东", "阿南", "阿西", "阿北"], base_silver="1"
    )
    anqing.members.add(friend)
    for winner in "SEW":
        round_record(session=anqing, entry=plain(winner), user=owner)
    round_record(session=anqing, entry={"result": "draw"}, user=owner)
    anji = session_create(
        owner=owner, name="安吉", players=["甲", "乙", "丙"], game="anji", player_count=3
    )
    round_record(session=anji, entry=ANJI_WIN, user=owner)
    hongzhong = session_create(
        owner=owner, name="紅中", players=HZ_PLAYERS, game="hongzhong", base_silver="1"
    )
    for step in HZ_ROUNDS[:6]:
        round_record(session=hongzhong, entry=step.body, user=owner)
    share = share_link_rotate(session=anqing, user=owner)
    by_winners = {len(step.body.get("winners", [])): step.number for step in HZ_ROUNDS[:6]}
    return Table(anqing, anji, hongzhong, share, by_winners[2], by_winners[3])


def violations(page: Page) -> list[str]:
    """Each violation as a line: what rule, how bad, on which elements, and where to read how
    to fix it."""
    found = AXE.run(page).response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {v['helpUrl']}\n"
        + "\n".join(f"    {node['target']}: {node['failureSummary']}" for node in v["nodes"])
        for v in found
    ]


class Walk:
    """One phone going from page to page; each page is checked by axe and kept as a
    screenshot, and every problem is gathered, so one run names them all."""

    def __init__(self, page: Page, base: str, language: str) -> None:
        self.page = page
        self.base = base
        self.language = language
        self.problems: list[str] = []

    def go(self, path: str) -> None:
        self.page.goto(self.base + path)

    def check(self, name: str) -> None:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(SCREENSHOTS / f"a11y-{self.language}-{name}.png"))
        found = violations(self.page)
        if found:
            self.problems.append(f"{name} ({self.page.url}):\n  " + "\n  ".join(found))

    def visit(self, name: str, path: str) -> None:
        self.go(path)
        self.check(name)


def half_a_hand(page: Page, winner_label: str, tiles: list[str]) -> None:
    """A winner chosen and a few tiles tapped: the keyboard is docked and open, and the
    preview has answered."""
    page.locator(winner_label).click()
    tap_tiles(page, tiles)
    expect(page.locator(".dock")).to_be_visible()
    expect(page.locator("#preview")).not_to_have_attribute("aria-busy", "true")


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant", "en"])
def test_every_page_passes_axe(phone, live_server, language: str) -> None:
    table = set_the_table()
    base = live_server.url
    page = phone()
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": base}]
    )
    walk = Walk(page, base, language)

    # Before logging in.
    walk.visit("home", "/")
    walk.visit("signup", "/accounts/signup/")
    walk.visit("login", "/accounts/login/")
    page.fill("#id_username", "laowang")
    page.fill("#id_password", PASSWORD)
    page.locator("form.card button[type=submit]").click()
    page.wait_for_url(f"{base}/sessions/")
    walk.check("sittings")
    walk.visit("home-logged-in", "/")
    walk.visit("password", "/accounts/password/")
    walk.visit("new-sitting", "/sessions/new/")
    # The draw for seats, thrown: the dice and who deals first (R2.2).
    for seat, player in zip("ESWN", ("老周", "阿芳", "小王", "小李"), strict=True):
        page.fill(f"#id_player_{seat}", player)
    page.locator("[data-seat-draw-button]").click()
    expect(page.locator("[data-seat-draw-offer]")).to_be_visible()
    walk.check("new-sitting-draw")

    for game, sitting in (
        ("anqing", table.anqing),
        ("anji", table.anji),
        ("hongzhong", table.hongzhong),
    ):
        sitting_path = f"/sessions/{sitting.pk}/"
        walk.visit(f"{game}-sitting", sitting_path)
        walk.visit(f"{game}-why", f"{sitting_path}rounds/1/")
        walk.visit(f"{game}-settle", f"{sitting_path}settle/")
        walk.visit(f"{game}-board", f"{sitting_path}board/")
        walk.visit(f"{game}-house-rules", f"{sitting_path}rules/")
        walk.go(f"{sitting_path}rounds/new/")
        if game == "hongzhong":
            half_a_hand(page, "label[for=id_winners_0]", faces("234m567m"))
        elif game == "anji":
            half_a_hand(page, "label[for=id_winner_1]", ["3p", *faces("123m")])
        else:
            half_a_hand(page, "label[for=id_winner_1]", ["9p", *faces("123m")])
        walk.check(f"{game}-round-form")
        walk.visit(f"{game}-calculator", f"/calculator/?game={game}")

    hz = f"/sessions/{table.hongzhong.pk}/rounds/"
    walk.visit("hongzhong-why-two-winners", f"{hz}{table.two_winners}/")
    walk.visit("hongzhong-why-three-winners", f"{hz}{table.three_winners}/")
    walk.visit("anqing-round-edit", f"/sessions/{table.anqing.pk}/rounds/1/edit/")
    walk.visit("members", f"/sessions/{table.anqing.pk}/members/")
    walk.visit("adjustment-form", f"/sessions/{table.anqing.pk}/adjustments/new/")
    walk.visit("fee-form", f"/sessions/{table.anqing.pk}/fees/new/")
    walk.visit("seat-change-form", f"/sessions/{table.anqing.pk}/seats/new/")

    # The calculator with its result shown (R7: 獨吊 6 + 門清 3), the keyboard put away.
    walk.go("/calculator/")
    page.locator("label[for=id_winner_1]").click()
    tap_tiles(page, ["9p", *faces("123456m234678s9p"), "9p"])
    expect(page.locator("#preview [data-fan='9']")).to_be_visible()
    page.locator("[data-picker-close]").click()
    walk.check("calculator-result")

    walk.visit("rules-anqing", "/rules/")
    walk.visit("rules-anji", "/rules/anji/")
    walk.visit("rules-hongzhong", "/rules/hongzhong/")
    walk.visit("offline", "/offline/")

    # Shared with someone without an account: a phone of their own.
    viewer = phone()
    viewer.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": base}]
    )
    shared = Walk(viewer, base, language)
    shared.visit("share", f"/share/{table.share}/")
    shared.visit("board", f"/share/{table.share}/board/")
    shared.visit("share-settle-up", f"/share/{table.share}/?settle=1")
    walk.problems += shared.problems

    # A page not found: Chromium logs its 404 answer, which here is the point.
    allow_error(page, r"status of 404 \(Not Found\)")
    walk.visit("not-found", "/no-such-page/")

    assert not walk.problems, f"axe ({language}):\n" + "\n".join(walk.problems)
