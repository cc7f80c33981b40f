"""Every game's round at table speed: one thumb, no scrolling, the keyboard in view.

Each round below is entered on a phone as a player would, counting every tap from the opened
form to the saved round; before every tap the control about to be tapped and the open keyboard
must be inside the viewport, and the page must never have scrolled. The budgets:

- 紅中, two winners on one discard (一炮多響, HZ9.2): at most 25 taps;
- 紅中, a self-draw with a 補槓 melded, plus another player's 明槓 (HZ10.1): at most 22 taps;
- the calculator with table settings (dealer, streak) for a concealed hand: no scrolling, in
  every game.

Each at 390×844, at 360×740 and in English.
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from playwright.sync_api import Locator, Page, expect

from calculator.models import Session
from calculator.services.sittings import session_create
from tests.browser.conftest import SCREENSHOTS, Thumb, log_in

pytestmark = pytest.mark.browser

SIZES = [
    pytest.param({"width": 390, "height": 844}, "zh-hans", id="390"),
    pytest.param({"width": 360, "height": 740}, "zh-hans", id="360"),
    pytest.param({"width": 390, "height": 844}, "en", id="en"),
]
CONFIRM = {"zh-hans": "确认记录", "en": "Record it"}
RECORDED = {"zh-hans": "第1局已记录", "en": "Round 1 recorded"}
SEATS = "ESWN"


def logged_in_phone(phone, live_server, language: str, size: dict) -> tuple[Page, object]:
    user = get_user_model().objects.create_user("laowang", password="mahjong-table-77")
    page = log_in(phone(), live_server, user, language)
    page.set_viewport_size(size)
    return page, user


def hongzhong_sitting(owner) -> Session:
    return session_create(
        owner=owner,
        name="紅中",
        players=["阿東", "阿南", "阿西", "阿北"],
        base_silver="1",
        game="hongzhong",
    )


def seat_label(page: Page, name: str, seat: str) -> Locator:
    return page.locator(f"label[for=id_{name}_{SEATS.index(seat)}]")


@pytest.mark.parametrize(("size", "language"), SIZES)
def test_hongzhong_two_winners_on_one_discard_in_25_taps(
    phone, live_server, size, language
) -> None:
    """西 discards 5s; 東 and 南 both win on it (HZ9.2). The table turns two birds once for
    both (HZ8.1): entered for 東, 南 starts with the same two and the same winning tile."""
    page, user = logged_in_phone(phone, live_server, language, size)
    sitting = hongzhong_sitting(user)
    page.goto(f"{live_server.url}/sessions/{sitting.pk}/rounds/new/")
    thumb = Thumb(page)
    thumb.check()
    thumb.tap(seat_label(page, "discarder", "W"))  # 抓炮 by 西: one tap says both
    thumb.tap(seat_label(page, "winners", "E"))  # the keyboard opens on 東's hand
    expect(page.locator(".dock [data-dock-winner='E']")).to_have_class("who-chip editing")
    # 東: 123m 456m 789p 234s and 5s alone, winning on the 5s discarded.
    for face in ("1m", "4m", "7p", "2s"):
        thumb.run(face)
    thumb.key("5s")
    thumb.key("5s")  # the winning tile
    thumb.key("3m")  # the birds
    thumb.key("6p")
    # 南, from the dock: the winning tile and the birds are already there.
    thumb.tap(page.locator(".dock [data-dock-winner='S']"))
    expect(page.locator("#id_w_S_birds")).to_have_value("3m6p")
    expect(page.locator("#id_w_S_win_tile")).to_have_value("5s")
    # 南: 234p 555p 678s 111z and 5s alone.
    thumb.run("2p")
    thumb.triplet("5p")
    thumb.run("6s")
    thumb.triplet("1z")
    thumb.key("5s")
    expect(page.locator("#dock-summary")).not_to_have_class("dock-summary stale")
    page.screenshot(path=str(SCREENSHOTS / f"hz-speed-two-winners-{size['width']}-{language}.png"))
    thumb.tap(page.get_by_role("button", name=CONFIRM[language]), leaves=True)
    expect(page.locator(".changes")).to_contain_text(RECORDED[language])
    assert thumb.taps <= 25, f"{thumb.taps} taps"
    print(f"\nhongzhong two winners ({size['width']}, {language}): {thumb.taps} taps, 0 scrolls")

    game_round = sitting.rounds.get(number=1)
    hand = game_round.hand
    assert hand["discarder"] == "W"
    by_seat = {w["seat"]: w for w in hand["winners"]}
    assert set(by_seat) == {"E", "S"}
    assert by_seat["E"]["win_tile"] == by_seat["S"]["win_tile"] == "5s"
    assert by_seat["E"]["birds"] == by_seat["S"]["birds"] == "3m6p"
    paid = {(p.payer, p.payee): p.amount for p in game_round.payments.all()}
    # Only the discarder pays on a discard (HZ9.2).
    assert {payer for payer, _ in paid} == {"W"} and {payee for _, payee in paid} == {"E", "S"}


@pytest.mark.parametrize(("size", "language"), SIZES)
def test_hongzhong_self_draw_with_an_added_kong_and_another_players_kong_in_22_taps(
    phone, live_server, size, language
) -> None:
    """北 draws its own win with a 補槓 of 6m melded (the pung fed by 東); 西 made a 明槓 of 8p
    fed by 南 this round (HZ10.1: 補槓 1 from each of the three others, 明槓 3 from its feeder)."""
    page, user = logged_in_phone(phone, live_server, language, size)
    sitting = hongzhong_sitting(user)
    page.goto(f"{live_server.url}/sessions/{sitting.pk}/rounds/new/")
    thumb = Thumb(page)
    thumb.check()
    thumb.tap(seat_label(page, "winners", "N"))  # 自摸 is where the form starts
    thumb.key("6m")  # the 補槓: the tile, the kind (碰 → 明杠 → 补杠), who fed the pung
    thumb.tap(page.locator(".dock [data-set-kind]"))
    thumb.tap(page.locator(".dock [data-set-kind]"))
    thumb.tap(page.locator(".dock [data-feeder='E']"))
    for face in ("1p", "4p", "7s"):  # 123p 456p 789s and 9m alone
        thumb.run(face)
    thumb.key("9m")
    thumb.key("9m")  # the winning tile, drawn
    thumb.key("4z")  # the birds
    thumb.key("2m")
    # 西's 明槓 of 8p fed by 南, from the dock: the part, the tile, who made it, who fed it.
    thumb.tap(page.locator(".dock [data-tray-kongs]"))
    thumb.key("8p")
    thumb.tap(page.locator(".dock [data-kong-owner='W']"))
    thumb.tap(page.locator(".dock [data-kong-from='S']"))
    expect(page.locator(".dock [data-tray-kongs] [data-kong-row='1']")).to_be_visible()
    expect(page.locator("#dock-summary")).not_to_have_class("dock-summary stale")
    page.screenshot(path=str(SCREENSHOTS / f"hz-speed-kongs-{size['width']}-{language}.png"))
    thumb.tap(page.get_by_role("button", name=CONFIRM[language]), leaves=True)
    expect(page.locator(".changes")).to_contain_text(RECORDED[language])
    assert thumb.taps <= 22, f"{thumb.taps} taps"
    print(f"\nhongzhong kongs ({size['width']}, {language}): {thumb.taps} taps, 0 scrolls")

    game_round = sitting.rounds.get(number=1)
    hand = game_round.hand
    (winner,) = hand["winners"]
    assert winner["seat"] == "N" and winner["win_tile"] == "9m"
    assert winner["melds"] == [{"kind": "added_kong", "tiles": "6666m", "from": "E"}]
    assert hand["kongs"] == [{"seat": "W", "kind": "kong", "from": "S", "tiles": "8888p"}]
    nets: dict[str, Decimal] = {}
    for payment in game_round.payments.all():
        nets[payment.payer] = nets.get(payment.payer, Decimal(0)) - payment.amount
        nets[payment.payee] = nets.get(payment.payee, Decimal(0)) + payment.amount
    assert sum(nets.values()) == 0
    # 西's 明槓: 南 alone pays it 3 (HZ10.1), whatever else the round moved.
    kong_rows = [row for row in game_round.scoring["kong_payments"] if row["seat"] == "W"]
    assert [(row["from"], row["to"], row["points"]) for row in kong_rows] == [("S", "W", 3)]


# -- the calculator: the table's settings and a concealed hand, nothing scrolled -----------------

# Each game's hand: the calculator's address, the dealer, the 连庄 steps (where the game has a
# streak), the winner's label, the taps of the hand (a face, or a face and 顺), and the engine
# request the same hand makes, to check the score shown.
CALCULATOR_HANDS = {
    "anqing": {
        "path": "/calculator/",
        "dealer": "S",
        "streak": 2,
        "winner": "label[for=id_winner_1]",  # 南, the dealer on a streak of 2 (R2.3, R8.2)
        # The indicator 9p (鑽 1p, R4.1); 123456m 234678s 9p standing; 9p drawn.
        "taps": ["9p", ("1m",), ("4m",), ("2s",), ("6s",), "9p", "9p"],
        "request": {
            "game": "anqing",
            "winner": "S",
            "dealer": "S",
            "dealer_streak": 2,
            "indicator": "9p",
            "concealed": "123456m234678s9p9p",
            "win_tile": "9p",
            "melds": [],
        },
    },
    "anji": {
        "path": "/calculator/?game=anji",
        "dealer": "W",
        "streak": None,
        "winner": "label[for=id_winner_1]",
        # The indicator 2p; 456m 789m 11p 567s 33z standing, 3z drawn; the flower 4f.
        "taps": ["2p", ("4m",), ("7m",), "1p", "1p", ("5s",), "3z", "3z", "3z", "4f"],
        "request": {
            "game": "anji",
            "winner": "S",
            "dealer": "W",
            "indicator": "2p",
            "concealed": "456m789m11p567s33z3z",
            "win_tile": "3z",
            "flowers": "4f",
            "melds": [],
        },
    },
    "hongzhong": {
        "path": "/calculator/?game=hongzhong",
        "dealer": "N",
        "streak": None,
        "winner": "label[for=id_winners_0]",  # 東 draws its own win
        # 123m 456m 789p 234s and 5s alone; 5s drawn.
        "taps": [("1m",), ("4m",), ("7p",), ("2s",), "5s", "5s"],
        "request": {
            "game": "hongzhong",
            "dealer": "N",
            "winners": [{"seat": "E", "concealed": "123m456m789p234s5s5s", "win_tile": "5s"}],
        },
    },
}


@pytest.mark.parametrize(("size", "language"), SIZES)
@pytest.mark.parametrize("game", list(CALCULATOR_HANDS))
def test_the_calculator_with_table_settings_without_scrolling(
    phone, live_server, game, size, language
) -> None:
    from scoring.games import score

    hand = CALCULATOR_HANDS[game]
    page = phone()
    page.set_viewport_size(size)
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
    )
    page.goto(f"{live_server.url}{hand['path']}")
    thumb = Thumb(page)
    thumb.check()
    thumb.tap(seat_label(page, "dealer", hand["dealer"]))
    for _ in range(hand["streak"] or 0):
        thumb.tap(page.locator("[data-step='1']"))
    thumb.tap(page.locator(hand["winner"]))
    for tap in hand["taps"]:
        if isinstance(tap, tuple):
            thumb.run(tap[0])
        else:
            thumb.key(tap)
    expected = score({**hand["request"], "base_silver": "1"})
    assert "error" not in expected, expected
    received = expected["wins"][0]["total"] if expected.get("wins") else expected["total"]
    summary = page.locator("#dock-summary [data-summary=score]")
    expect(summary).to_contain_text(str(received))
    page.screenshot(path=str(SCREENSHOTS / f"calc-speed-{game}-{size['width']}-{language}.png"))
    expect(page.locator(f"#id_dealer_{SEATS.index(hand['dealer'])}")).to_be_checked()
    if hand["streak"]:
        expect(page.locator("#id_dealer_streak")).to_have_value(str(hand["streak"]))
    print(f"\ncalculator {game} ({size['width']}, {language}): {thumb.taps} taps, 0 scrolls")


# -- the other rounds a table enters every evening ------------------------------------------------

# (game, how the round is entered, the most taps it may take: the count before 顺 / 刻 and the
# dock's winner chips, which it must not exceed). Each step: ("seat", name, seat) a seat button
# of the form, ("key", face), ("run", face) a tile then 顺, ("feeder", seat) the meld bar's seat
# that fed the tile just tapped, ("confirm",).
OTHER_ROUNDS = {
    # R2.2: the dealer 東 wins with no melds: 123456m 234678s 9p standing, 9p drawn; 鑽 1p.
    "anqing-dealer-concealed": (
        "anqing",
        [("seat", "winner", "E"), ("key", "9p"), ("run", "1m"), ("run", "4m"), ("run", "2s"),
         ("run", "6s"), ("key", "9p"), ("key", "9p"), ("confirm",)],
        17,
    ),
    # AJ: 南's plain self-draw, 財神 3p: 456m 789m 11p 567s 33z standing, 3z drawn.
    "anji-plain-self-draw": (
        "anji",
        [("seat", "winner", "S"), ("key", "2p"), ("run", "4m"), ("run", "7m"), ("key", "1p"),
         ("key", "1p"), ("run", "5s"), ("key", "3z"), ("key", "3z"), ("key", "3z"), ("confirm",)],
        17,
    ),
    # AJ: 南 with a pung of 3z fed by 西 and the flower 4f: 456m 789m 567s 1p standing, 1p drawn.
    "anji-flowers-and-a-pung": (
        "anji",
        [("seat", "winner", "S"), ("key", "2p"), ("key", "3z"), ("feeder", "W"), ("run", "4m"),
         ("run", "7m"), ("run", "5s"), ("key", "1p"), ("key", "1p"), ("key", "4f"), ("confirm",)],
        18,
    ),
    # HZ: 東 draws its own win, two birds turned.
    "hongzhong-self-draw-with-birds": (
        "hongzhong",
        [("seat", "winners", "E"), ("run", "1m"), ("run", "4m"), ("run", "7p"), ("run", "2s"),
         ("key", "5s"), ("key", "5s"), ("key", "3m"), ("key", "6p"), ("confirm",)],
        18,
    ),
    # HZ: 東 wins on 北's discard, two birds turned.
    "hongzhong-discard-win": (
        "hongzhong",
        [("seat", "discarder", "N"), ("seat", "winners", "E"), ("run", "1m"), ("run", "4m"),
         ("run", "7p"), ("run", "2s"), ("key", "5s"), ("key", "5s"), ("key", "3m"), ("key", "6p"),
         ("confirm",)],
        20,
    ),
}


@pytest.mark.parametrize(("size", "language"), SIZES)
@pytest.mark.parametrize("name", list(OTHER_ROUNDS))
def test_the_other_rounds_of_an_evening_without_scrolling(
    phone, live_server, name, size, language
) -> None:
    game, steps, budget = OTHER_ROUNDS[name]
    page, user = logged_in_phone(phone, live_server, language, size)
    sitting = session_create(
        owner=user,
        name="周六牌局",
        players=["阿東", "阿南", "阿西", "阿北"],
        base_silver="1",
        game=game,
        player_count=4,
    )
    page.goto(f"{live_server.url}/sessions/{sitting.pk}/rounds/new/")
    thumb = Thumb(page)
    thumb.check()
    for step in steps:
        kind = step[0]
        if kind == "seat" and step[1] == "winner":
            thumb.tap(page.locator(f".dock [data-dock-winner='{step[2]}']"))
        elif kind == "seat":
            thumb.tap(seat_label(page, step[1], step[2]))
        elif kind == "key":
            thumb.key(step[1])
        elif kind == "run":
            thumb.run(step[1])
        elif kind == "feeder":
            thumb.tap(page.locator(f".dock [data-feeder='{step[1]}']"))
        else:
            expect(page.locator("#dock-summary [data-summary=score]")).to_be_visible()
            thumb.tap(page.get_by_role("button", name=CONFIRM[language]), leaves=True)
    expect(page.locator(".changes")).to_contain_text(RECORDED[language])
    assert thumb.taps <= budget, f"{thumb.taps} taps"
    print(f"\n{name} ({size['width']}, {language}): {thumb.taps} taps, 0 scrolls")
    assert sitting.rounds.filter(number=1, voided=False).count() == 1


def test_the_keyboard_folds_away_when_a_control_of_the_page_is_next(phone, live_server) -> None:
    """The rarer fields (杠开 count, R7) are plain controls of the page: taking one up folds
    the keyboard away, so it covers nothing; choosing the winner does not."""
    page, user = logged_in_phone(phone, live_server, "zh-hans", {"width": 390, "height": 844})
    sitting = session_create(
        owner=user, name="周六牌局", players=["阿東", "阿南", "阿西", "阿北"], base_silver="1"
    )
    page.goto(f"{live_server.url}/sessions/{sitting.pk}/rounds/new/")
    dock = page.locator(".dock")
    page.locator(".dock [data-dock-winner='S']").tap()
    expect(dock).not_to_have_class(re.compile(r"\bcollapsed\b"))
    page.locator("details.more").evaluate("el => { el.open = true; }")
    page.locator("#id_kongs_before_win").focus()
    expect(dock).to_have_class(re.compile(r"\bcollapsed\b"))
    expect(page.locator("#id_kongs_before_win")).to_be_in_viewport()


@pytest.mark.parametrize(("size", "language"), SIZES)
def test_hongzhong_draw_with_kongs_from_the_dock(phone, live_server, size, language) -> None:
    """流局 with 東's 暗槓 of 3s and 南's 補槓 of 7z: the keyboard opens on the others' kongs
    (nobody won), and they pay on the draw (HZ10.3: 暗槓 2, 補槓 1 from each of the others)."""
    page, user = logged_in_phone(phone, live_server, language, size)
    sitting = hongzhong_sitting(user)
    page.goto(f"{live_server.url}/sessions/{sitting.pk}/rounds/new/")
    thumb = Thumb(page)
    thumb.tap(page.locator("label[for=id_outcome_2]"))  # 流局
    thumb.tap(page.locator(".dock [data-picker-open]"))
    expect(page.locator(".dock [data-kong-bar]")).to_be_visible()
    thumb.key("3s")
    thumb.tap(page.locator(".dock [data-kong-owner='E']"))
    thumb.tap(page.locator(".dock [data-kong-kind='concealed_kong']"))
    thumb.key("7z")
    thumb.tap(page.locator(".dock [data-kong-owner='S']"))
    thumb.tap(page.locator(".dock [data-kong-kind='added_kong']"))
    expect(page.locator("#dock-summary [data-summary=score]")).to_be_visible()
    page.screenshot(path=str(SCREENSHOTS / f"hz-speed-draw-kongs-{size['width']}-{language}.png"))
    thumb.tap(page.get_by_role("button", name=CONFIRM[language]), leaves=True)
    expect(page.locator(".changes")).to_contain_text(RECORDED[language])
    game_round = sitting.rounds.get(number=1)
    assert game_round.result == "draw"
    assert game_round.hand["kongs"] == [
        {"seat": "E", "kind": "concealed_kong", "tiles": "3333s"},
        {"seat": "S", "kind": "added_kong", "tiles": "7777z"},
    ]
    nets = {seat: Decimal(0) for seat in SEATS}
    for payment in game_round.payments.all():
        nets[payment.payer] -= payment.amount
        nets[payment.payee] += payment.amount
    # 東: +2 × 3 − 1 (南's 補槓); 南: +1 × 3 − 2; 西 and 北: −2 − 1.
    assert nets == {"E": 5, "S": 1, "W": -3, "N": -3}
