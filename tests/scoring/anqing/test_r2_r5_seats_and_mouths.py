"""R2.1 seats and the order of play, R2.3 the streak a round is scored with, and R5.3: each fed
meld is one 口 between its feeder and its receiver, and only mouths between the same two players
add up to 包 (R10).

S wins, E deals at streak 0 unless a row says otherwise (defaults of `anqing_case.hand`).
"""

from __future__ import annotations

import pytest

from scoring import dealer_after, next_seat, previous_seat, score
from tests.scoring.anqing.anqing_case import assert_scores, hand, meld, scored


@pytest.mark.parametrize(
    ("seat", "after", "before"),
    [
        pytest.param("E", "S", "N", id="R2.1-E-xiajia-S-shangjia-N"),
        pytest.param("S", "W", "E", id="R2.1-S-xiajia-W-shangjia-E"),
        pytest.param("W", "N", "S", id="R2.1-W-xiajia-N-shangjia-S"),
        pytest.param("N", "E", "W", id="R2.1-N-xiajia-E-shangjia-W"),
    ],
)
def test_seat_order(seat: str, after: str, before: str) -> None:
    assert next_seat(seat) == after
    assert previous_seat(seat) == before


def test_r2_1_chow_only_from_shangjia() -> None:
    """R2.1 with R5.2: under anqing only the 上家 feeds a chow (S's 上家 is E)."""
    held = "456p789p456s99p"  # 9p drawn pairs the lone 9p: 獨吊 跑風 6
    assert scored(hand(held, "9p", [meld("chi", "123m", "E")]))["fan"] == 6
    refused = score(hand(held, "9p", [meld("chi", "123m", "W")]))
    assert refused["error"]["code"] == "E_MELD_FEEDER"


def test_r2_3_streak_counted_at_the_start_of_each_round() -> None:
    """E deals and wins three times running: the rounds are scored with streak 0, 1, 2 (R2.3),
    so E's base is 8, 12, 16 and the 連莊 bonus 0, 3, 6 (R8.1, R8.2); a win by S then passes
    the deal to S at streak 0 (R2.2)."""
    dealer, streak = "E", 0
    seen = []
    for _ in range(3):
        result = scored(hand("123m456p789s345s99p", "9p", winner=dealer, dealer_streak=streak))
        seen.append((streak, result["dealer_base"], result["lianzhuang_bonus"]))
        dealer, streak = dealer_after(dealer, streak, winner="E")
    assert seen == [(0, 8, 0), (1, 12, 3), (2, 16, 6)]
    assert (dealer, streak) == ("E", 3)
    assert dealer_after(dealer, streak, winner="S") == ("S", 0)


# S holds 456s + 99p and draws 9p: 獨吊 跑風 6, plus what the melds add.
MOUTH_ROWS = [
    pytest.param(
        [meld("pung", "111m", "W"), meld("pung", "222p", "W"), meld("pung", "333s", "W")],
        {"PAO_FENG": 6},
        {"E": 14, "W": 84, "N": 10},  # three mouths W→S, all pungs: W pays (8+6) × 6
        id="R5.3-three-mouths-one-feeder-bao",
    ),
    pytest.param(
        [meld("pung", "111m", "W"), meld("pung", "222p", "W"), meld("pung", "333s", "N")],
        {"PAO_FENG": 6},
        {"E": 14, "W": 10, "N": 10},  # two mouths W→S and one N→S: no pair reaches three
        id="R5.3-mouths-of-two-feeders-do-not-add-up",
    ),
    pytest.param(
        [meld("pung", "111m", "W"), meld("pung", "222p", "W"), meld("concealed_kong", "3333s")],
        {"PAO_FENG": 6, "GANG_AN": 2},
        {"E": 16, "W": 12, "N": 12},  # a concealed kong has no feeder: it is no mouth
        id="R5.3-concealed-kong-is-no-mouth",
    ),
    pytest.param(
        [meld("pung", "111m", "W"), meld("pung", "222p", "W"), meld("added_kong", "3333s", "W")],
        {"PAO_FENG": 6, "GANG_MING": 1},
        {"E": 15, "W": 90, "N": 11},  # 補槓 keeps the feeder of its pung: a third mouth W→S
        id="R5.3-added-kong-is-a-mouth-of-its-feeder",
    ),
]


@pytest.mark.parametrize(("melds", "items", "payments"), MOUTH_ROWS)
def test_mouths(melds: list, items: dict, payments: dict) -> None:
    assert_scores(hand("456s99p", "9p", melds), items, sum(items.values()), payments)
