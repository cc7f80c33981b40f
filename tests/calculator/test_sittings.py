"""A whole sitting through the API, every payment and dealer state worked out by hand.

Hands (tests/calculator/hands.py): plain F=3, paofeng F=9, bao F=6 with a ×6 順包 feeder.
Per payment (R9): (pair_base + F + pair_bonus) × s, pair_base = 8 + 4 × streak (R8.1) and
pair_bonus = 3/6/12/15 (R8.2, streaks past 4 keep 15) when the dealer is one side, else 4 and 0.
A 順包 feeder pays (dealer base + F + bonus) × s × 6 (R10.1, R10.2, R10.5 as_dealer).
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.calculator.hands import DRAW, bao, paofeng, plain

# (body, dealer, streak going in, payments {payer: amount}) for rounds 1…22.
SITTING = [
    (plain("E"), "E", 0, {"S": 11, "W": 11, "N": 11}),  # dealer win 8+3
    (DRAW, "E", 1, {}),  # 荒莊: streak +1, no money (R2.2, R9)
    (paofeng("E"), "E", 2, {"S": 31, "W": 31, "N": 31}),  # 16+9+6
    (plain("E"), "E", 3, {"S": 35, "W": 35, "N": 35}),  # 20+3+12
    (DRAW, "E", 4, {}),
    (plain("E"), "E", 5, {"S": 46, "W": 46, "N": 46}),  # 連莊 streak 5: 28+3+15 (R8.2 keeps 15)
    (plain("S"), "E", 6, {"E": 50, "W": 7, "N": 7}),  # dealer pays 32+3+15; others 4+3
    (bao("W", "N"), "S", 0, {"E": 10, "S": 14, "N": 84}),  # N 順包: (8+6)×6
    (paofeng("W"), "W", 0, {"E": 17, "S": 17, "N": 17}),  # 8+9
    (DRAW, "W", 1, {}),
    (plain("N"), "W", 2, {"E": 7, "S": 7, "W": 25}),  # W dealer 16+3+6
    (plain("N"), "N", 0, {"E": 11, "S": 11, "W": 11}),
    (bao("E", "N"), "N", 1, {"S": 10, "W": 10, "N": 126}),  # dealer N feeds: (12+6+3)×6
    (DRAW, "E", 0, {}),
    (paofeng("S"), "E", 1, {"E": 24, "W": 13, "N": 13}),  # 12+9+3; 4+9
    (DRAW, "S", 0, {}),
    (DRAW, "S", 1, {}),
    (plain("S"), "S", 2, {"E": 25, "W": 25, "N": 25}),  # 16+3+6
    (plain("W"), "S", 3, {"E": 7, "S": 35, "N": 7}),  # 20+3+12
    (paofeng("E"), "W", 0, {"S": 13, "W": 17, "N": 13}),
    (plain("N"), "N", 0, {"E": 11, "S": 11, "W": 11}),
    (DRAW, "N", 1, {}),
]
FINAL_BALANCES = {"E": "396", "S": "-52", "W": "-34", "N": "-310"}

# Void round 2 (a draw): E's streak in rounds 3-7 drops by one. Correct round 20 to a dealer
# win by W: round 21 is then won against dealer W on streak 1.
AFTER_EDITS = {
    3: ("E", 1, {"S": 24, "W": 24, "N": 24}),  # 12+9+3
    4: ("E", 2, {"S": 25, "W": 25, "N": 25}),  # 16+3+6
    5: ("E", 3, {}),
    6: ("E", 4, {"S": 42, "W": 42, "N": 42}),  # 24+3+15
    7: ("E", 5, {"E": 46, "W": 7, "N": 7}),  # 28+3+15
    20: ("W", 0, {"E": 11, "S": 11, "N": 11}),  # W dealer win 8+3
    21: ("W", 1, {"E": 7, "S": 7, "W": 18}),  # 12+3+3
    22: ("N", 0, {}),
}
FINAL_AFTER_EDITS = {"E": "287", "S": "-29", "W": "30", "N": "-288"}


def winner_of(body: dict) -> str | None:
    return body.get("winner")


def check_ledger(ledger: dict, expected_rounds: dict[int, tuple]) -> None:
    running = dict.fromkeys("ESWN", Decimal(0))
    for entry in ledger["rounds"]:
        if entry["voided"]:
            assert entry["payments"] == []
            assert {s: Decimal(v) for s, v in entry["balances"].items()} == running
            continue
        dealer, streak, payments = expected_rounds[entry["number"]][:3]
        assert (entry["number"], entry["dealer"], entry["dealer_streak"]) == (
            entry["number"],
            dealer,
            streak,
        )
        got = {p["from"]: Decimal(p["amount"]) for p in entry["payments"]}
        assert got == {seat: Decimal(amount) for seat, amount in payments.items()}, entry["number"]
        for payment in entry["payments"]:
            running[payment["from"]] -= Decimal(payment["amount"])
            running[payment["to"]] += Decimal(payment["amount"])
        assert {s: Decimal(v) for s, v in entry["balances"].items()} == running, entry["number"]
        assert sum(Decimal(v) for v in entry["balances"].values()) == 0


@pytest.mark.django_db
def test_a_sitting_of_22_rounds_with_a_correction_and_a_void(api, new_session):
    pk = new_session()
    url = f"/api/sessions/{pk}/rounds/"
    for number, (body, dealer, streak, payments) in enumerate(SITTING, start=1):
        response = api.post(url, body, format="json")
        assert response.status_code == 201, (number, response.json())
        answer = response.json()
        assert answer["number"] == number
        assert (answer["dealer"], answer["dealer_streak"]) == (dealer, streak), number
        # R8.1: the dealer base shown is 8 + 4 × streak.
        assert answer["dealer_base"] == 8 + 4 * streak
        got = {p["from"]: Decimal(p["amount"]) for p in answer["payments"]}
        assert got == {seat: Decimal(amount) for seat, amount in payments.items()}, number
        if body["result"] == "win":
            assert answer["scoring"]["fan"] == answer["fan"]
            assert Decimal(answer["total"]) == sum(got.values())
        else:
            assert answer["scoring"] is None
        assert sum(Decimal(v) for v in answer["state"]["balances"].values()) == 0

    state = api.get(f"/api/sessions/{pk}/").json()["state"]
    # Round 22 was a draw with N dealing on streak 1 → N keeps the deal, streak 2 (R2.2).
    assert state == {
        "dealer": "N",
        "dealer_streak": 2,
        "dealer_base": 16,
        "next_round": 23,
        "balances": FINAL_BALANCES,
    }
    ledger = api.get(f"/api/sessions/{pk}/ledger/").json()
    expected = {n: row[1:] for n, row in enumerate(SITTING, start=1)}
    check_ledger(ledger, expected)
    assert ledger["balances"] == FINAL_BALANCES

    # 包 rounds are marked as such (R10.2): N paid twice under 順包, ×6.
    bao_payments = [p for e in ledger["rounds"] for p in e["payments"] if p["liability"]]
    assert [(p["from"], p["liability"], p["multiplier"]) for p in bao_payments] == [
        ("N", "shun", 6),
        ("N", "shun", 6),
    ]

    voided = api.delete(f"{url}2/")
    assert voided.status_code == 200
    assert voided.json()["voided"] is True
    corrected = api.put(f"{url}20/", plain("W"), format="json")
    assert corrected.status_code == 200, corrected.json()
    assert (corrected.json()["dealer"], corrected.json()["winner"]) == ("W", "W")

    expected.update(AFTER_EDITS)
    ledger = api.get(f"/api/sessions/{pk}/ledger/").json()
    check_ledger(ledger, expected)
    assert ledger["balances"] == FINAL_AFTER_EDITS
    rounds = api.get(url).json()
    assert [r["number"] for r in rounds] == list(range(1, 23))
    assert rounds[1]["voided"] is True and rounds[1]["payments"] == []
    state = api.get(f"/api/sessions/{pk}/").json()["state"]
    assert state == {
        "dealer": "N",
        "dealer_streak": 1,
        "dealer_base": 12,
        "next_round": 23,
        "balances": FINAL_AFTER_EDITS,
    }
