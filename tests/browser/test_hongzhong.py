"""紅中 on a phone (hongzhong-rules.md): a sitting of twelve rounds — self-draws, discards, a
three-winner discard, kongs, draws — entered through the round form with the tile keyboard, one
round corrected and one voided; after every step the balances are the hand-computed ones of
``tests/calculator/hongzhong_sitting.py`` and sum to zero."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import balances, check_phone, faces, tap_tiles
from tests.browser.test_anji import sign_up
from tests.calculator.hongzhong_sitting import (
    CORRECTION,
    PLAYERS,
    ROUNDS,
    VOID_NUMBER,
    VOID_STATE,
)

pytestmark = pytest.mark.browser

SEATS = "ESWN"
KIND_PRESSES = {"pung": 0, "kong": 1, "added_kong": 2}  # taps on the kind button from 碰


def expected(state: Any) -> dict[str, Decimal]:
    return {seat: Decimal(amount) for seat, amount in state.balances.items()}


def open_hongzhong(page: Page, live_server) -> str:
    page.goto(f"{live_server.url}/sessions/new/")
    page.fill("#id_name", "紅中")
    page.locator("[data-game-choices] label", has_text="红中麻将").click()
    expect(page.locator("#id_rule-bird_rule")).to_be_attached()  # the game's house rules came
    for seat, player in zip(SEATS, PLAYERS, strict=True):
        page.fill(f"#id_player_{seat}", player)
    page.locator("#house-rules summary").click()
    expect(page.locator("#id_rule-bird_rule")).to_have_value("count")  # HZ16's defaults
    check_phone(page, "hz-00-new")
    page.get_by_role("button", name="开始").click()
    expect(page.locator("h1")).to_have_text("紅中")
    return page.url


def close_keyboard(page: Page) -> None:
    close = page.locator(".dock [data-picker-close]")
    if close.is_visible():
        close.click()


def enter_winner(page: Page, entry: dict[str, Any]) -> None:
    """Choose the winner (the keyboard opens on their block), then tap their melds (a tile, then
    碰 / 明杠 / 補杠 with the feeder, or 暗杠), standing tiles, winning tile and birds."""
    seat = entry["seat"]
    close_keyboard(page)
    page.locator(f"label[for=id_winners_{SEATS.index(seat)}]").click()
    expect(page.locator(".dock [data-tray-who]")).to_contain_text(
        {"E": "东", "S": "南", "W": "西", "N": "北"}[seat]
    )
    for meld in entry.get("melds", []):
        tap_tiles(page, [faces(meld["tiles"])[0]])
        if meld["kind"] == "concealed_kong":
            page.locator(".dock [data-concealed-kong]").click()
        else:
            for _ in range(KIND_PRESSES[meld["kind"]]):
                page.locator(".dock [data-set-kind]").click()
            # The keyboard asks who fed the pung under a 補槓; where the round left it out any
            # other seat will do: a 補槓 is paid by the three others whoever fed it (HZ10.1).
            feeder = meld.get("from") or SEATS[(SEATS.index(seat) + 1) % 4]
            page.locator(f".dock [data-feeder='{feeder}']").click()
    standing = faces(entry["concealed"])
    standing.remove(entry["win_tile"])
    tap_tiles(page, [*standing, entry["win_tile"], *faces(entry.get("birds", ""))])
    expect(page.locator(f"#id_w_{seat}_win_tile")).to_have_value(entry["win_tile"])


def enter_round(page: Page, body: dict[str, Any], shot: str | None = None) -> None:
    """The round form, as a player fills it: how it ended, the discarder, each winner, the kongs
    of the others; then the preview, then 确认记录."""
    page.get_by_role("link", name="记胡牌").click()
    outcome = (
        "draw" if body["result"] == "draw" else "discard" if body.get("discarder") else "self_draw"
    )
    page.locator(f"label[for=id_outcome_{['self_draw', 'discard', 'draw'].index(outcome)}]").click()
    if outcome == "discard":
        page.locator(f"label[for=id_discarder_{SEATS.index(body['discarder'])}]").click()
    for entry in body.get("winners", []):
        enter_winner(page, entry)
    close_keyboard(page)
    kongs = body.get("kongs", [])
    if kongs:
        page.locator("details[data-when=any] summary").click()
        for row, kong in enumerate(kongs, start=1):
            page.select_option(f"#id_kong_{row}_seat", kong["seat"])
            page.select_option(f"#id_kong_{row}_kind", kong["kind"])
            if kong.get("from"):
                page.select_option(f"#id_kong_{row}_from", kong["from"])
    preview = page.locator(f"#preview [data-game='hongzhong'][data-outcome='{outcome}']")
    expect(preview).to_be_visible()
    expect(page.locator("#preview [data-win]")).to_have_count(len(body.get("winners", [])))
    if shot:
        check_phone(page, shot)
    page.get_by_role("button", name="确认记录").click()


def check_balances(page: Page, state: Any) -> None:
    shown = balances(page)
    assert shown == expected(state)
    assert sum(shown.values()) == 0
    expect(page.locator(".state")).to_contain_text(f"下一局：{state.next_round}")


def test_a_twelve_round_hongzhong_sitting(phone, live_server) -> None:
    page = phone()
    sign_up(page, live_server, "hongzhong-table")
    url = open_hongzhong(page, live_server)
    check_phone(page, "hz-01-sitting")
    shots = {1: "hz-02-self-draw", 3: "hz-03-melds-and-kong", 4: "hz-04-draw-kongs"}
    for step in ROUNDS:
        winners = step.body.get("winners", [])
        shot = shots.get(step.number) or ("hz-05-three-winners" if len(winners) == 3 else None)
        enter_round(page, step.body, shot)
        expect(page.locator(".changes")).to_contain_text(f"第{step.number}局已记录")
        check_balances(page, step.state)
        expect(page.locator(f"[data-round='{step.number}']")).to_be_visible()
    check_phone(page, "hz-06-after-twelve")

    # The three-winner discard: its why page explains each winner and the merged payments.
    multi = next(step for step in ROUNDS if len(step.body.get("winners", [])) == 3)
    page.goto(f"{url}rounds/{multi.number}/")
    expect(page.locator("[data-win]")).to_have_count(3)
    expect(page.locator("[data-multi-win='3']")).to_be_visible()
    check_phone(page, "hz-07-why-three-winners")

    # The correction (HZ2.2: the dealer of the later rounds follows it).
    page.goto(f"{url}rounds/{CORRECTION.number}/edit/")
    kept = {entry["seat"] for entry in CORRECTION.body["winners"]}
    for box in page.locator("input[name=winners]:checked").all():
        seat = box.get_attribute("value")
        if seat not in kept:
            close_keyboard(page)
            page.locator(f"label[for=id_winners_{SEATS.index(seat)}]").click()
    close_keyboard(page)
    expect(page.locator("#preview [data-win]")).to_have_count(len(kept))
    check_phone(page, "hz-08-correction")
    page.get_by_role("button", name="确认更正").first.click()
    expect(page.locator(".changes")).to_contain_text(f"第{CORRECTION.number}局已更正")
    check_balances(page, CORRECTION.state)

    # The void: the round stays, moves no money, passes no deal.
    page.goto(f"{url}rounds/{VOID_NUMBER}/void/")
    page.get_by_role("button", name="确认作废").click()
    expect(page.locator(".changes")).to_contain_text(f"第{VOID_NUMBER}局已作废")
    check_balances(page, VOID_STATE)
    expect(page.locator(f"[data-round='{VOID_NUMBER}']")).to_contain_text("已作废")
    check_phone(page, "hz-09-after-void")

    page.get_by_role("link", name="结账、统计、走势").click()
    expect(page.locator("[data-standing]")).to_have_count(4)
    expect(page.locator("body")).to_contain_text(re.compile(r"→"))
    check_phone(page, "hz-10-settle")
