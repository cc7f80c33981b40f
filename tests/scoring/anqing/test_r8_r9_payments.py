"""R8 base and 連莊 bonus, R9 payments (and the R2.2 deal rotation that feeds the streak).

Every row scores 123m456p789s345s99p with 3s drawn: 門清 only, F = 3 (3s completes 45s two-sided).
normal(L) = (pair_base + F + pair_bonus) x s, with the dealer's base and bonus whenever the dealer
is the winner or L (R9 Decision).
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from scoring import dealer_after, dealer_base, lianzhuang_bonus, make_rules
from tests.scoring.anqing.anqing_case import assert_scores, hand, scored

PLAIN = "123m456p789s345s99p"


def plain(**fields: object) -> dict:
    return hand(PLAIN, "3s", **fields)


PAYMENT_ROWS = [
    # non-dealer winner, dealer at streak 0: dealer pays 8+3, others 4+3
    pytest.param(plain(), {"E": 11, "W": 7, "N": 7}, id="R9-nondealer-wins-streak0-11-7-7"),
    pytest.param(
        plain(winner="W", dealer="N"), {"E": 7, "S": 7, "N": 11}, id="R9-dealer-N-pays-8+3"
    ),
    # dealer wins: everyone pays the dealer base 8+4*streak + F + bonus
    pytest.param(plain(winner="E"), {"S": 11, "W": 11, "N": 11}, id="R8.1-dealer-wins-streak0-8+3"),
    pytest.param(
        plain(winner="E", dealer_streak=1),
        {"S": 18, "W": 18, "N": 18},  # (8+4) + 3 + 3
        id="R8.2-dealer-wins-streak1-12+3+3",
    ),
    pytest.param(
        plain(winner="E", dealer_streak=2),
        {"S": 25, "W": 25, "N": 25},  # (8+8) + 3 + 6
        id="R8.2-dealer-wins-streak2-16+3+6",
    ),
    pytest.param(
        plain(winner="E", dealer_streak=3),
        {"S": 35, "W": 35, "N": 35},  # (8+12) + 3 + 12
        id="R8.2-dealer-wins-streak3-20+3+12",
    ),
    pytest.param(
        plain(winner="E", dealer_streak=4),
        {"S": 42, "W": 42, "N": 42},  # (8+16) + 3 + 15
        id="R8.2-dealer-wins-streak4-24+3+15",
    ),
    pytest.param(
        plain(winner="E", dealer_streak=5),
        {"S": 46, "W": 46, "N": 46},  # (8+20) + 3 + 15 (past 4 keeps the last bonus)
        id="R8.2-dealer-wins-streak5-28+3+15",
    ),
    pytest.param(
        plain(winner="E", dealer_streak=9),
        {"S": 62, "W": 62, "N": 62},  # (8+36) + 3 + 15
        id="R8.2-dealer-wins-streak9-44+3+15",
    ),
    # non-dealer winner: only the dealer's pair carries the dealer base and bonus
    pytest.param(
        plain(dealer_streak=1),
        {"E": 18, "W": 7, "N": 7},  # E (8+4)+3+3; W, N 4+3
        id="R9-nondealer-wins-streak1-dealer-pays-12+3+3",
    ),
    pytest.param(
        plain(dealer_streak=2, dealer="N"),
        {"E": 7, "W": 7, "N": 25},  # N (8+8)+3+6
        id="R9-nondealer-wins-streak2-dealer-pays-16+3+6",
    ),
    pytest.param(
        plain(dealer_streak=4, winner="N", dealer="W"),
        {"E": 7, "S": 7, "W": 42},  # W (8+16)+3+15
        id="R9-nondealer-wins-streak4-dealer-pays-24+3+15",
    ),
    # base silver (exact decimals)
    pytest.param(
        plain(base_silver="0.5"),
        {"E": "5.5", "W": "3.5", "N": "3.5"},  # 11x0.5, 7x0.5
        id="R9-base-silver-0.5",
    ),
    pytest.param(plain(base_silver="2"), {"E": 22, "W": 14, "N": 14}, id="R9-base-silver-2"),
    pytest.param(plain(base_silver=2), {"E": 22, "W": 14, "N": 14}, id="R9-base-silver-as-number"),
    pytest.param(
        plain(base_silver="0.1"),
        {"E": "1.1", "W": "0.7", "N": "0.7"},  # exact: 11x0.1, no float drift
        id="R9-base-silver-0.1-exact",
    ),
    pytest.param(
        plain(winner="E", dealer_streak=1, base_silver="1.5"),
        {"S": 27, "W": 27, "N": 27},  # (12+3+3) x 1.5
        id="R9-base-silver-1.5-dealer-streak1",
    ),
]


@pytest.mark.parametrize(("request_", "payments"), PAYMENT_ROWS)
def test_payments(request_: dict, payments: dict) -> None:
    result = assert_scores(request_, {"MEN_QING": 3}, 3, payments)
    assert all(p["multiplier"] == 1 and p["liability"] is None for p in result["payments"])


DETAIL_ROWS = [
    # (request, seat, base, bonus) of one payment
    pytest.param(plain(dealer_streak=2), "E", 16, 6, id="R9-pair_base-dealer-side-16-bonus-6"),
    pytest.param(plain(dealer_streak=2), "W", 4, 0, id="R9-pair_base-nondealer-pair-4-bonus-0"),
    pytest.param(
        plain(winner="E", dealer_streak=3), "N", 20, 12, id="R9-pair_base-dealer-wins-20-12"
    ),
]


@pytest.mark.parametrize(("request_", "seat", "base", "bonus"), DETAIL_ROWS)
def test_payment_details(request_: dict, seat: str, base: int, bonus: int) -> None:
    payment = next(p for p in scored(request_)["payments"] if p["from"] == seat)
    assert (payment["base"], payment["bonus"], payment["fan"]) == (base, bonus, 3)


def test_dealer_base_in_result() -> None:
    """R8.1: the result shows the dealer base of the round: 8 + 4 x 3 = 20."""
    assert scored(plain(dealer_streak=3))["dealer_base"] == 20


def test_amounts_are_decimal_strings() -> None:
    result = scored(plain(base_silver="0.5"))
    assert all(isinstance(p["amount"], str) for p in result["payments"])
    assert isinstance(result["total"], str)
    assert Decimal(result["total"]) == Decimal("12.5")  # 5.5 + 3.5 + 3.5


@pytest.mark.parametrize(
    ("streak", "base", "bonus"),
    [
        pytest.param(0, 8, 0, id="R8-streak0-8-0"),
        pytest.param(1, 12, 3, id="R8-streak1-12-3"),
        pytest.param(2, 16, 6, id="R8-streak2-16-6"),
        pytest.param(3, 20, 12, id="R8-streak3-20-12"),
        pytest.param(4, 24, 15, id="R8-streak4-24-15"),
        pytest.param(6, 32, 15, id="R8-streak6-32-15"),
    ],
)
def test_dealer_base_and_bonus_functions(streak: int, base: int, bonus: int) -> None:
    rules = make_rules()
    assert dealer_base(rules, streak) == base
    assert lianzhuang_bonus(rules, streak) == bonus


@pytest.mark.parametrize(
    ("dealer", "streak", "winner", "after"),
    [
        pytest.param("E", 0, "E", ("E", 1), id="R2.2-dealer-wins-keeps-deal"),
        pytest.param("E", 2, None, ("E", 3), id="R2.2-draw-keeps-deal"),
        pytest.param("E", 3, "W", ("S", 0), id="R2.2-other-wins-deal-to-xiajia"),
        pytest.param("N", 1, "S", ("E", 0), id="R2.2-deal-passes-N-to-E"),
    ],
)
def test_dealer_after(dealer: str, streak: int, winner: str | None, after: tuple) -> None:
    assert tuple(dealer_after(dealer, streak, winner)) == after
