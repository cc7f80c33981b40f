"""Seat changes on the pages: the sitting page's 换座位 form, its preview of the new seating and
of who deals next, a seating refused by name with nothing saved, the round list's line for the
change with each earlier line keeping its own people, the why and void pages, in the three
languages and with none of the words a player should not read.

The sitting is 阿东 (东), 阿南 (南), 阿西 (西), 阿北 (北) at base silver 1; ``plain("S")`` is a
3-fan self-draw by 南 with 东 dealing: 东 pays 8 + 3 = 11, 西 and 北 4 + 3 = 7, 南 gets 25
(R7, R8.1, R9), and 南 deals next (R2.2)."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from calculator.models import Round
from calculator.services.rounds import round_record
from tests import factories
from tests.calculator.hands import plain
from tests.pages import words

pytestmark = pytest.mark.django_db

NAMES = ("阿东", "阿南", "阿西", "阿北", factories.SITTING_NAME)  # typed by the table


def once_key(html: str) -> str:
    return re.search(r'name="once" value="([^"]+)"', html).group(1)


def text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", "", html).split())


def swap_south_west(key: str) -> dict:
    return {"once": key, "expected_round": "2", "seat-E": "E", "seat-S": "W", "seat-W": "S",
            "seat-N": "N"}  # fmt: skip


@pytest.fixture
def played(owner, sitting):
    round_record(session=sitting, entry=plain("S"), user=owner)
    return sitting


@pytest.mark.parametrize(
    "language, says",
    [
        ("zh-hans", ["换座位", "南：现在是阿南", "庄留在南", "下一局由南的阿南坐庄（连庄0）"]),
        ("zh-hant", ["換座位", "南：現在是阿南", "莊留在南", "下一局由南的阿南坐莊（連莊0）"]),
        ("en", ["Change seats", "South: now 阿南", "The deal stays at South",
                "The next hand is dealt by 阿南 at South (streak 0)"]),
    ],
)  # fmt: skip
def test_the_form_says_who_deals_next_in_each_language(owner_client, played, language, says):
    owner_client.cookies["django_language"] = language
    session_page = owner_client.get(f"/sessions/{played.pk}/").content.decode()
    assert f'href="/sessions/{played.pk}/seats/new/"' in session_page
    html = owner_client.get(f"/sessions/{played.pk}/seats/new/").content.decode()
    shown = text_of(html)
    for said in says:
        assert said in shown, said
    findings = words.check(html, words.Page("seat change", language, typed=NAMES))
    assert not findings, words.report(findings)


def test_a_swap_is_recorded_once_and_the_list_keeps_each_line_s_people(owner_client, played):
    html = owner_client.get(f"/sessions/{played.pk}/seats/new/").content.decode()
    data = swap_south_west(once_key(html))
    first = owner_client.post(f"/sessions/{played.pk}/seats/new/", data)
    assert first.status_code == 302 and first["Location"] == f"/sessions/{played.pk}/"
    again = owner_client.post(f"/sessions/{played.pk}/seats/new/", data)  # a double tap
    assert again.status_code == 302
    assert Round.objects.filter(session=played, result=Round.SEAT_CHANGE).count() == 1
    played.refresh_from_db()
    assert (played.south.name, played.west.name) == ("阿西", "阿南")
    page = owner_client.get(f"/sessions/{played.pk}/").content.decode()
    change = re.search(r'<li class="round" data-round="2">.*?</li>', page, re.S).group(0)
    assert "换座位 阿南 南→西，阿西 西→南" in text_of(change)
    # Round 1 keeps the people who played it: 阿南 won at 南, 阿西 paid at 西.
    first_line = text_of(re.search(r'data-round="1">.*?</li>', page, re.S).group(0))
    assert "南 · 阿南 自摸" in first_line and "西 · 阿西→南" in first_line
    # The balances by seat now: 阿西 at 南 with her -7, 阿南 at 西 with his 25.
    assert re.search(r"南 · 阿西.{0,400}?-7", text_of(page), re.S)
    assert "钱跟着人走，没有钱进出" in change


@pytest.mark.parametrize(
    "seating, message",
    [
        ({"seat-E": "E", "seat-S": "W", "seat-W": "W", "seat-N": "N"},
         "阿西被排了两个座位（南、西），阿南没有座位。"),
        ({"seat-E": "E", "seat-S": "S", "seat-W": "W", "seat-N": "N"},
         "每个人都还坐在原来的座位上，没有人换座位。"),
        ({"seat-E": "E", "seat-S": "W", "seat-W": "S"}, "请给北选一个人。"),
    ],
)  # fmt: skip
def test_a_seating_that_is_not_a_permutation_is_refused_by_name(
    owner_client, played, seating, message
):
    html = owner_client.get(f"/sessions/{played.pk}/seats/new/").content.decode()
    data = {"once": once_key(html), "expected_round": "2", **seating}
    answer = owner_client.post(f"/sessions/{played.pk}/seats/new/", data)
    assert answer.status_code == 400
    assert message in answer.content.decode()
    assert Round.objects.filter(session=played).count() == 1  # nothing saved


def test_a_seat_change_has_a_why_page_and_is_voided(owner_client, played):
    html = owner_client.get(f"/sessions/{played.pk}/seats/new/").content.decode()
    owner_client.post(f"/sessions/{played.pk}/seats/new/", swap_south_west(once_key(html)))
    for language in ("zh-hans", "zh-hant", "en"):
        owner_client.cookies["django_language"] = language
        why = owner_client.get(f"/sessions/{played.pk}/rounds/2/")
        assert why.status_code == 200
        findings = words.check(why.content.decode(), words.Page("why", language, typed=NAMES))
        assert not findings, words.report(findings)
    owner_client.cookies["django_language"] = "zh-hans"
    why = text_of(owner_client.get(f"/sessions/{played.pk}/rounds/2/").content.decode())
    assert "阿南 南→西，阿西 西→南" in why
    void = owner_client.get(f"/sessions/{played.pk}/rounds/2/void/")
    assert void.status_code == 200
    data = {"once": once_key(void.content.decode()), "confirm": "1"}
    assert owner_client.post(f"/sessions/{played.pk}/rounds/2/void/", data).status_code == 302
    played.refresh_from_db()
    assert played.south.name == "阿南" and played.balance_s == 25


def test_undo_takes_a_seat_change_back(owner_client, played):
    html = owner_client.get(f"/sessions/{played.pk}/seats/new/").content.decode()
    owner_client.post(f"/sessions/{played.pk}/seats/new/", swap_south_west(once_key(html)))
    page = text_of(owner_client.get(f"/sessions/{played.pk}/?confirm=undo").content.decode())
    assert "撤销上一条（第2条）" in page
    assert "第2条是换座位：撤销后每个人带着自己的输赢坐回原来的座位。" in page
    assert "余额会这样变" not in page  # people move back, no money does
    owner_client.post(f"/sessions/{played.pk}/rounds/undo/", {"number": "2", "confirm": "1"})
    played.refresh_from_db()
    assert (played.south.name, played.balance_s, played.balance_w) == ("阿南", 25, -7)


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant", "en"])
def test_the_share_page_and_the_board_show_people_in_their_new_seats(
    owner_client, client, played, language
):
    html = owner_client.get(f"/sessions/{played.pk}/seats/new/").content.decode()
    owner_client.post(f"/sessions/{played.pk}/seats/new/", swap_south_west(once_key(html)))
    played.refresh_from_db()
    client.cookies["django_language"] = language
    owner_client.cookies["django_language"] = language
    for name, page in (
        ("share", client.get(f"/share/{played.share_token}/")),
        ("board", owner_client.get(f"/sessions/{played.pk}/board/")),
    ):
        assert page.status_code == 200
        html = page.content.decode()
        south = re.search(r'data-seat="S".*?data-balance="([^"]+)"', html, re.S)
        assert "阿西" in html[south.start() : south.end()] and Decimal(south.group(1)) == -7
        findings = words.check(html, words.Page(name, language, typed=NAMES))
        assert not findings, words.report(findings)
