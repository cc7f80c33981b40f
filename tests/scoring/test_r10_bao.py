"""R10 包: 順包 (the loser fed the winner 3+ melds), 反包 (the winner fed the loser 3+ melds),
both at once, several liable players, and the three liability bases (R10.5).

S wins, E deals at streak 0 unless a row says otherwise. m = 3 (mixed x3), 6 (three pungs / four
mixed), 12 (four pungs); 反包 pays 2m. Bases: as_dealer = (dealer base + F + bonus) x s,
pair = normal(L), pattern = F x s.
"""

from __future__ import annotations

import pytest
from anqing_case import assert_scores, fed, hand, meld, scored

# W fed S three pungs; 456s + 99p held, 9p drawn: 獨吊 only, F = 6.
W_FED_THREE_PUNGS = [
    meld("pung", "111m", "W"),
    meld("pung", "222p", "W"),
    meld("pung", "333s", "W"),
]
# E (S's 上家) fed a chow and two pungs: mixed.
E_FED_THREE_MIXED = [meld("chi", "123m", "E"), meld("pung", "222p", "E"), meld("pung", "333s", "E")]
S_FED_THREE_PUNGS = [fed("pung", "S"), fed("pung", "S"), fed("pung", "S")]

SIX = {"PAO_FENG": 6}
NINE = {"PAO_FENG": 6, "MEN_QING": 3}
THIRTY_SIX = {"DA_DIAO_CHE": 30, "PAO_FENG": 6}


def basis(name: str) -> dict:
    return {"liability_basis": name}


BAO_ROWS = [
    # --- 順包, three pungs (x6) ---
    pytest.param(
        hand("456s99p", "9p", W_FED_THREE_PUNGS),
        SIX,
        {"E": 14, "W": 84, "N": 10},  # W (8+6+0) x 6 = 84; E 8+6; N 4+6
        {"W": ("shun", 6)},
        id="R10.2-shun-three-pungs-x6-as_dealer",
    ),
    pytest.param(
        hand("456s99p", "9p", W_FED_THREE_PUNGS, rules=basis("pair")),
        SIX,
        {"E": 14, "W": 60, "N": 10},  # W normal (4+6) x 6 = 60
        {"W": ("shun", 6)},
        id="R10.5-shun-three-pungs-x6-pair",
    ),
    pytest.param(
        hand("456s99p", "9p", W_FED_THREE_PUNGS, rules=basis("pattern")),
        SIX,
        {"E": 14, "W": 36, "N": 10},  # W F 6 x 6 = 36
        {"W": ("shun", 6)},
        id="R10.5-shun-three-pungs-x6-pattern",
    ),
    pytest.param(
        hand("456s99p", "9p", W_FED_THREE_PUNGS, dealer_streak=2),
        SIX,
        {"E": 28, "W": 168, "N": 10},  # as_dealer (16+6+6) x 6 = 168; E 16+6+6; N 4+6
        {"W": ("shun", 6)},
        id="R10.5-shun-as_dealer-uses-dealer-base-and-bonus",
    ),
    pytest.param(
        hand("456s99p", "9p", W_FED_THREE_PUNGS, dealer_streak=2, rules=basis("pair")),
        SIX,
        {"E": 28, "W": 60, "N": 10},  # pair: W's own pair (4+6) x 6
        {"W": ("shun", 6)},
        id="R10.5-shun-pair-ignores-dealer-base",
    ),
    pytest.param(
        hand("456s99p", "9p", W_FED_THREE_PUNGS, base_silver="0.5"),
        SIX,
        {"E": 7, "W": 42, "N": 5},  # (8+6) x 0.5 x 6 = 42; E 14 x 0.5; N 10 x 0.5
        {"W": ("shun", 6)},
        id="R10.5-shun-with-base-silver-0.5",
    ),
    # --- 順包, mixed (x3) ---
    pytest.param(
        hand("456s99p", "9p", E_FED_THREE_MIXED),
        SIX,
        {"E": 42, "W": 10, "N": 10},  # E (8+6) x 3
        {"E": ("shun", 3)},
        id="R10.1-shun-three-mixed-x3-as_dealer",
    ),
    pytest.param(
        hand("456s99p", "9p", E_FED_THREE_MIXED, rules=basis("pattern")),
        SIX,
        {"E": 18, "W": 10, "N": 10},  # 6 x 3
        {"E": ("shun", 3)},
        id="R10.1-shun-three-mixed-x3-pattern",
    ),
    # --- four mouths (大吊車, F = 36) ---
    pytest.param(
        hand("99p", "9p", [*E_FED_THREE_MIXED, meld("pung", "444s", "E")]),
        THIRTY_SIX,
        {"E": 264, "W": 40, "N": 40},  # E (8+36) x 6
        {"E": ("shun", 6)},
        id="R10.1-shun-four-mixed-x6",
    ),
    pytest.param(
        hand("99p", "9p", [*W_FED_THREE_PUNGS, meld("pung", "444s", "W")]),
        THIRTY_SIX,
        {"E": 44, "W": 528, "N": 40},  # W (8+36) x 12
        {"W": ("shun", 12)},
        id="R10.1-shun-four-pungs-x12-as_dealer",
    ),
    pytest.param(
        hand("99p", "9p", [*W_FED_THREE_PUNGS, meld("pung", "444s", "W")], rules=basis("pair")),
        THIRTY_SIX,
        {"E": 44, "W": 480, "N": 40},  # W (4+36) x 12
        {"W": ("shun", 12)},
        id="R10.1-shun-four-pungs-x12-pair",
    ),
    pytest.param(
        hand("99p", "9p", [*W_FED_THREE_PUNGS, meld("pung", "444s", "W")], rules=basis("pattern")),
        THIRTY_SIX,
        {"E": 44, "W": 432, "N": 40},  # 36 x 12
        {"W": ("shun", 12)},
        id="R10.1-shun-four-pungs-x12-pattern",
    ),
    # --- kinds of mouths ---
    pytest.param(
        hand(
            "456s99p",
            "9p",
            [
                meld("pung", "111m", "W"),
                meld("added_kong", "2222p", "W"),
                meld("kong", "3333s", "W"),
            ],
        ),
        {"PAO_FENG": 6, "GANG_MING": 2},  # F = 6 + 2 = 8
        {"E": 16, "W": 96, "N": 12},  # pungs and kongs: x6; (8+8) x 6
        {"W": ("shun", 6)},
        id="R10.1-shun-added-kong-fed-by-pung-feeder-x6",
    ),
    pytest.param(
        hand(
            "456s99p",
            "9p",
            [meld("pung", "111m", "W"), meld("pung", "222p", "W"), meld("concealed_kong", "3333s")],
        ),
        {"PAO_FENG": 6, "GANG_AN": 2},  # F = 6 + 2 = 8
        {"E": 16, "W": 12, "N": 12},  # a 暗槓 has no feeder: only 2 mouths, no 包
        {},
        id="R10.1-concealed-kong-is-no-mouth",
    ),
    pytest.param(
        hand(
            "456s99p",
            "9p",
            [meld("pung", "111m", "W"), meld("pung", "222p", "W"), meld("pung", "333s", "N")],
        ),
        SIX,
        {"E": 14, "W": 10, "N": 10},  # two mouths from W, one from N: no 包
        {},
        id="R10.1-two-mouths-no-liability",
    ),
    # --- 反包: S fed W three pungs and still won (x 2m) ---
    pytest.param(
        hand("123m456p789s345s99p", "9p", others_melds={"W": S_FED_THREE_PUNGS}),
        NINE,
        {"E": 17, "W": 204, "N": 13},  # W (8+9) x 12; E 8+9; N 4+9
        {"W": ("fan", 12)},
        id="R10.3-fan-three-pungs-x12-as_dealer",
    ),
    pytest.param(
        hand(
            "123m456p789s345s99p", "9p", others_melds={"W": S_FED_THREE_PUNGS}, rules=basis("pair")
        ),
        NINE,
        {"E": 17, "W": 156, "N": 13},  # (4+9) x 12
        {"W": ("fan", 12)},
        id="R10.3-fan-three-pungs-x12-pair",
    ),
    pytest.param(
        hand(
            "123m456p789s345s99p",
            "9p",
            others_melds={"W": S_FED_THREE_PUNGS},
            rules=basis("pattern"),
        ),
        NINE,
        {"E": 17, "W": 108, "N": 13},  # 9 x 12
        {"W": ("fan", 12)},
        id="R10.3-fan-three-pungs-x12-pattern",
    ),
    pytest.param(
        hand(
            "123m456p789s345s99p",
            "9p",
            others_melds={"W": [fed("chi", "S"), fed("pung", "S"), fed("pung", "S")]},
        ),
        NINE,
        {"E": 17, "W": 102, "N": 13},  # S is W's 上家, so a chow counts: mixed 3 x 2 = 6; 17 x 6
        {"W": ("fan", 6)},
        id="R10.3-fan-three-mixed-x6",
    ),
    # --- both at once between S and W (R10.4) ---
    pytest.param(
        hand("456s99p", "9p", W_FED_THREE_PUNGS, others_melds={"W": S_FED_THREE_PUNGS}),
        SIX,
        {"E": 14, "W": 252, "N": 10},  # 14 x 6 + 14 x 12 = 14 x 18
        {"W": ("both", 18)},
        id="R10.4-both-x6+x12-as_dealer",
    ),
    pytest.param(
        hand(
            "456s99p",
            "9p",
            W_FED_THREE_PUNGS,
            others_melds={"W": S_FED_THREE_PUNGS},
            rules=basis("pair"),
        ),
        SIX,
        {"E": 14, "W": 180, "N": 10},  # (4+6) x 18
        {"W": ("both", 18)},
        id="R10.4-both-pair",
    ),
    pytest.param(
        hand(
            "456s99p",
            "9p",
            W_FED_THREE_PUNGS,
            others_melds={"W": S_FED_THREE_PUNGS},
            rules=basis("pattern"),
        ),
        SIX,
        {"E": 14, "W": 108, "N": 10},  # 6 x 18
        {"W": ("both", 18)},
        id="R10.4-both-pattern",
    ),
    # --- several liable players (R10.4) ---
    pytest.param(
        hand("456s99p", "9p", E_FED_THREE_MIXED, others_melds={"N": S_FED_THREE_PUNGS}),
        SIX,
        {"E": 42, "W": 10, "N": 168},  # E 順 14 x 3; N 反 14 x 12; W normal 4+6
        {"E": ("shun", 3), "N": ("fan", 12)},
        id="R10.4-two-liable-as_dealer",
    ),
    pytest.param(
        hand(
            "456s99p",
            "9p",
            E_FED_THREE_MIXED,
            others_melds={"N": S_FED_THREE_PUNGS},
            rules=basis("pair"),
        ),
        SIX,
        {"E": 42, "W": 10, "N": 120},  # E (8+6) x 3; N (4+6) x 12
        {"E": ("shun", 3), "N": ("fan", 12)},
        id="R10.4-two-liable-pair",
    ),
    pytest.param(
        hand(
            "456s99p",
            "9p",
            E_FED_THREE_MIXED,
            others_melds={"N": S_FED_THREE_PUNGS},
            rules=basis("pattern"),
        ),
        SIX,
        {"E": 18, "W": 10, "N": 72},  # E 6 x 3; N 6 x 12
        {"E": ("shun", 3), "N": ("fan", 12)},
        id="R10.4-two-liable-pattern",
    ),
    # --- the dealer wins with a liable player ---
    pytest.param(
        hand(
            "456s99p",
            "9p",
            [meld("pung", "111m", "S"), meld("pung", "222p", "S"), meld("pung", "333s", "S")],
            winner="E",
            dealer_streak=1,
        ),
        SIX,
        {"S": 126, "W": 21, "N": 21},  # normal (12+6+3) = 21 for all; S 21 x 6
        {"S": ("shun", 6)},
        id="R10.2-dealer-wins-shun-x6",
    ),
    pytest.param(
        hand(
            "456s99p",
            "9p",
            [meld("pung", "111m", "S"), meld("pung", "222p", "S"), meld("pung", "333s", "S")],
            winner="E",
            dealer_streak=1,
            rules=basis("pattern"),
        ),
        SIX,
        {"S": 36, "W": 21, "N": 21},  # S 6 x 6
        {"S": ("shun", 6)},
        id="R10.5-dealer-wins-shun-pattern",
    ),
]


@pytest.mark.parametrize(("request_", "items", "payments", "liable"), BAO_ROWS)
def test_bao(request_: dict, items: dict, payments: dict, liable: dict) -> None:
    fan = sum(v if isinstance(v, int) else v[0] for v in items.values())
    result = assert_scores(request_, items, fan, payments)
    for payment in result["payments"]:
        kind, multiplier = liable.get(payment["from"], (None, 1))
        assert (payment["liability"], payment["multiplier"]) == (kind, multiplier), payment


def test_feeding_the_loser_twice_is_no_fan_bao() -> None:
    """R10.1: two mouths are not enough for 反包 either."""
    result = scored(hand("123m456p789s345s99p", "9p", others_melds={"W": S_FED_THREE_PUNGS[:2]}))
    assert all(p["liability"] is None for p in result["payments"])
