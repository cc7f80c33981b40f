"""The table's long game on a phone (390×844): two sittings of the same four people, a penalty
entered on the phone in the second, a group made of the four; the player page and the group's
standings show the totals worked out by hand below, and the settle-up picture is made (its
screenshot kept).

By hand (base silver 1; ``plain(seat)`` is a 3-fan self-draw, R7): a non-dealer winner gets
11 from the dealer (8 + 3, R8.1) and 7 from each other (4 + 3, R9), 25 in all; a dealer winner
gets 11 from each, 33.
- 上周六: 阿南 (S) wins: E −11, S +25, W −7, N −7; South now deals (R2.2). 阿西 (W) wins: S, the
  dealer, pays 11, E and N 7: E −18, S +14, W +18, N −14.
- 这周六: 阿东 (E, dealer) wins: E +33, S W N −11. Then 阿北 诈胡: a penalty of 5 to each other
  player (an adjustment: the deal and the streak stay): E +38, S −6, W −6, N −26.
- Both: 阿东 +20, 阿南 +8, 阿西 +12, 阿北 −40 (zero-sum); of 阿北's −40, −15 is the penalty and
  −25 came from hands.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from calculator.models import Session
from calculator.services.rounds import round_record
from calculator.services.sittings import session_create
from tests.browser.conftest import SCREENSHOTS, check_phone, log_in
from tests.browser.test_standings_settle_picture import png_size
from tests.calculator.hands import plain

pytestmark = pytest.mark.browser

PLAYERS = ["阿东", "阿南", "阿西", "阿北"]
TOTALS = {"阿东": "20", "阿南": "8", "阿西": "12", "阿北": "-40"}


def number(text: str) -> str:
    """A shown amount as the bare number ("+20" → "20")."""
    return text.strip().lstrip("+").replace("−", "-")


def test_two_sittings_a_penalty_the_player_page_and_the_groups_standings(
    phone, live_server
) -> None:
    owner = get_user_model().objects.create_user("laowang", password="mahjong-table-77")
    first = session_create(owner=owner, name="上周六", players=PLAYERS, base_silver="1")
    round_record(session=first, entry=plain("S"), user=owner)
    round_record(session=first, entry=plain("W"), user=owner)
    second = session_create(owner=owner, name="这周六", players=PLAYERS, base_silver="1")
    round_record(session=second, entry=plain("E"), user=owner)
    page = log_in(phone(), live_server, owner)
    base = live_server.url

    # The penalty, on the phone: 罚分/调整 → 阿北 pays each other player 5 for 诈胡.
    page.goto(f"{base}/sessions/{second.pk}/")
    page.locator("[data-adjustment-link]").click()
    form = page.locator("[data-adjustment-form]")
    expect(form.locator("#kind-penalty")).to_be_checked()
    expect(form.locator("#to-each")).to_be_checked()
    form.locator("label[for=from-N]").click()
    expect(form.locator("#to-N")).to_be_disabled()  # 阿北 does not pay himself
    form.locator("label[for=kind-side_payment]").click()
    expect(form.locator("#to-each")).to_be_disabled()  # a side payment is between two
    form.locator("label[for=kind-penalty]").click()
    form.locator("label[for=to-each]").click()
    form.locator("#amount").fill("5")
    expect(form.locator("#reason")).to_have_value("诈胡")
    check_phone(page, "long-game-01-penalty-form")
    form.locator("button[type=submit]").click()
    page.wait_for_url(f"{base}/sessions/{second.pk}/")
    line = page.locator('.round[data-round="2"]')
    expect(line.locator('[data-adjustment="penalty"]')).to_have_text("罚分")
    expect(line).to_contain_text("诈胡")
    expect(page.locator("#undo summary")).to_have_text("撤销上一条（第2条）")
    check_phone(page, "long-game-02-sitting-with-penalty")
    second.refresh_from_db()
    assert (second.balance_e, second.balance_s, second.balance_w, second.balance_n) == (
        38,
        -6,
        -6,
        -26,
    )
    assert (second.next_dealer, second.next_streak) == ("E", 1)  # the penalty moved no deal

    # 阿北's page: the total, what came from hands and from the penalty.
    north = Session.objects.get(pk=first.pk).north_id
    page.goto(f"{base}/players/{north}/")
    record = page.locator("[data-record]")
    expect(record.locator("[data-stat=sittings]")).to_have_text("2")
    assert number(record.locator("[data-stat=balance]").inner_text()) == "-40"
    assert number(record.locator("[data-stat=from_hands]").inner_text()) == "-25"
    assert number(record.locator("[data-stat=adjusted]").inner_text()) == "-15"
    expect(record.locator("[data-stat=penalties]")).to_have_text("1")
    expect(record.locator("[data-stat=hands]")).to_have_text("3")  # the penalty is not a hand
    check_phone(page, "long-game-03-player-page")

    # A group of the four, made on the phone; its standings this month.
    page.goto(f"{base}/groups/")
    new = page.locator("[data-group-new]")
    new.locator("#id_name").fill("周六牌友")
    for name in PLAYERS:
        new.locator("label.group-player", has_text=name).locator("input").check()
    new.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"/groups/\d+/$"))
    standings = page.locator("[data-standings-table]")
    for name, total in TOTALS.items():
        row = standings.locator("tr", has_text=name)
        assert number(row.locator("[data-balance]").inner_text()) == total, name
    expect(page.locator("[data-sittings-count]")).to_contain_text("2")
    # The sittings are not paid out yet: one settle-up across both.
    transfers = page.locator("[data-unpaid] [data-transfers] li")
    expect(transfers).to_have_count(3)  # 阿北 pays the three others
    check_phone(page, "long-game-04-group-standings")

    # The settle-up picture of the evening, for the group chat.
    page.goto(f"{base}/sessions/{second.pk}/settle/")
    section = page.locator("[data-picture]")
    with page.expect_download() as made:
        section.get_by_role("button", name="做成图片分享").click()
    path = SCREENSHOTS / "long-game-05-settle-picture.png"
    made.value.save_as(path)
    width, height = png_size(path.read_bytes())
    assert width == 1080 and height > 1200, (width, height)
    expect(section.locator("[data-picture-preview]")).to_be_visible()
