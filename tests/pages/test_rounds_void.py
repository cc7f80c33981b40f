"""A round's void asks first and shows what it does to each balance, as the undo question does:
now, after the void (every later round scored again in the dealer context the void leaves, R2.2)
and the change, in the three languages, writing nothing until it is confirmed."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from pytest_django.asserts import assertContains, assertNotContains

from calculator.selectors.sittings import session_state
from calculator.services.rounds import round_void
from tests.calculator import hongzhong_sitting as hongzhong
from tests.calculator.hands import paofeng, plain
from tests.factories import record_rounds

pytestmark = pytest.mark.django_db


def void_rows(html: str) -> dict[str, list[str]]:
    """Per seat of the void's table: its name, now, after, change (as shown)."""
    rows = {}
    for seat, row in re.findall(r'<tr data-void="([ESWN])">(.*?)</tr>', html):
        rows[seat] = re.findall(r"<td[^>]*>([^<]*)</td>", row)
    return rows


def test_the_void_question_shows_each_balance_now_after_and_the_change(owner_client, sitting):
    # East deals and wins round 1, so deals round 2 on a streak of 1 (R2.2, R8): voiding round 1
    # makes round 2 a streak of 0, and it pays less. The balances after are not "now minus
    # round 1", they are the later rounds scored again.
    record_rounds(sitting, plain("E"), paofeng("E"), plain("S"))
    now = session_state(sitting)["balances"]
    sitting.refresh_from_db()
    version = sitting.version
    page = owner_client.get(f"/sessions/{sitting.pk}/rounds/1/void/")
    html = page.content.decode()
    rows = void_rows(html)
    assert list(rows) == ["E", "S", "W", "N"]
    assertContains(page, "作废后")
    assert rows["E"][0] == "东 · 阿东"
    sitting.refresh_from_db()
    assert sitting.version == version  # the question wrote nothing
    assert session_state(sitting)["balances"] == now

    first_payments = list(sitting.rounds.get(number=1).payments.all())
    assert first_payments
    round_void(session=sitting, number=1)
    after = session_state(sitting)["balances"]
    assert after != now
    for seat in "ESWN":
        assert Decimal(rows[seat][1].replace(",", "")) == Decimal(now[seat])
        assert Decimal(rows[seat][2].replace(",", "")) == Decimal(after[seat])
        delta = Decimal(after[seat]) - Decimal(now[seat])
        assert Decimal(rows[seat][3].replace(",", "").replace("+", "")) == delta
    # Not only round 1's payments taken away: round 2 was scored again on a streak of 0.
    without_first = {seat: Decimal(now[seat]) for seat in "ESWN"}
    for payment in first_payments:
        without_first[payment.payer] += payment.amount
        without_first[payment.payee] -= payment.amount
    assert any(without_first[seat] != Decimal(after[seat]) for seat in "ESWN")


def test_a_round_voided_already_shows_no_change_table(owner_client, sitting):
    record_rounds(sitting, plain("S"), paofeng("W"))
    round_void(session=sitting, number=2)
    page = owner_client.get(f"/sessions/{sitting.pk}/rounds/2/void/")
    assertContains(page, "这一局已经作废了。")
    assertNotContains(page, "data-void=")


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("zh-hans", ["余额会这样变：", "现在", "作废后", "变化", "南 · 阿南"]),
        ("zh-hant", ["餘額會這樣變：", "現在", "作廢後", "變化", "南 · 阿南"]),
        ("en", ["each balance", "Now", "After the void", "Change", "South"]),
    ],
)
def test_the_void_question_in_each_language(owner_client, sitting, language, words):
    record_rounds(sitting, plain("S"), paofeng("W"))
    owner_client.cookies["django_language"] = language
    page = owner_client.get(f"/sessions/{sitting.pk}/rounds/1/void/")
    for word in words:
        assertContains(page, word)
    assert len(void_rows(page.content.decode())) == 4


def test_a_hongzhong_void_question_shows_the_balances_worked_out_by_hand(api, owner_client):
    """紅中's dealer follows the winner (HZ2.2): voiding round 8 of the twelve-round sitting of
    tests/calculator/hongzhong_sitting.py (after its correction of round 5) gives round 9's deal
    to E instead of N, and the question's "after" column is the balances worked out by hand
    there, before anything is written."""
    body = {
        "name": "紅中",
        "game": "hongzhong",
        "players": hongzhong.PLAYERS,
        "base_silver": hongzhong.BASE_SILVER,
    }
    pk = api.post("/api/sessions/", body, format="json").json()["id"]
    url = f"/api/sessions/{pk}/rounds/"
    for step in hongzhong.ROUNDS:
        assert api.post(url, step.body, format="json").status_code == 201, step.number
    assert api.put(f"{url}5/", hongzhong.CORRECTION.body, format="json").status_code == 200
    now = hongzhong.CORRECTION.state.balances
    page = owner_client.get(f"/sessions/{pk}/rounds/{hongzhong.VOID_NUMBER}/void/")
    rows = void_rows(page.content.decode())
    assert list(rows) == ["E", "S", "W", "N"]
    for seat in "ESWN":
        assert Decimal(rows[seat][1].replace("+", "")) == Decimal(now[seat])
        after = Decimal(hongzhong.VOID_STATE.balances[seat])
        assert Decimal(rows[seat][2].replace("+", "")) == after
    assert api.get(f"{url}{hongzhong.VOID_NUMBER}/").json()["voided"] is False
