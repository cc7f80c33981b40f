"""R5 melds and who fed them: kinds, the stand-in in melds, wilds only in a concealed kong,
feeders, and each meld counting as three tiles."""

from __future__ import annotations

import pytest

from tests.scoring.anqing.anqing_case import assert_scores, hand, meld, refusal

# 456p789s345s + 99p with one meld: 14 tiles; 3s drawn completes 45s two-sided (no 跑風).
REST = "456p789s345s99p"

VALID_MELD_ROWS = [
    pytest.param(
        hand(REST, "3s", [meld("chi", "123m", "E")]),
        {},
        0,  # R5.2: S's 上家 is E; a fed chow ends 門清: F = 0 (平胡)
        {"E": 8, "W": 4, "N": 4},
        id="R5.1-chi-from-shangjia-0",
    ),
    pytest.param(
        hand(REST, "3s", [meld("chi", "56m5z", "E")]),
        {},
        0,  # R4.3/R5.4: 紅中 plays 7m in the chow 567m
        {"E": 8, "W": 4, "N": 4},
        id="R5.4-chi-with-stand-in-0",
    ),
    pytest.param(
        hand(REST, "3s", [meld("pung", "555z", "N")]),
        {},
        0,  # a pung of stand-ins is a 7m pung (not a wind)
        {"E": 8, "W": 4, "N": 4},
        id="R5.4-pung-of-stand-ins-0",
    ),
    pytest.param(
        hand(REST, "3s", [meld("pung", "111m", "W")]),
        {},
        0,  # a pung from anyone
        {"E": 8, "W": 4, "N": 4},
        id="R5.1-pung-from-xiajia-0",
    ),
    pytest.param(
        hand(REST, "3s", [meld("kong", "1111m", "N")]),
        {"GANG_MING": 1},
        1,
        {"E": 9, "W": 5, "N": 5},
        id="R5.1-kong-1",
    ),
    pytest.param(
        hand(REST, "3s", [meld("added_kong", "1111m", "E")]),
        {"GANG_MING": 1},
        1,
        {"E": 9, "W": 5, "N": 5},
        id="R5.1-added-kong-1",
    ),
    pytest.param(
        hand(REST, "3s", [meld("concealed_kong", "1111m")]),
        {"GANG_AN": 2, "MEN_QING": 3},
        5,
        {"E": 13, "W": 9, "N": 9},
        id="R5.1-concealed-kong-5",
    ),
    pytest.param(
        hand(REST, "3s", [meld("concealed_kong", "1117m")]),
        {"GANG_AN": 2, "MEN_QING": 3},
        5,  # R5.4: a wild may stand in a concealed kong (直叫 case)
        {"E": 13, "W": 9, "N": 9},
        id="R5.4-concealed-kong-with-wild-5",
    ),
    pytest.param(
        hand(REST, "3s", [meld("concealed_kong", "1z777m")]),
        {"GANG_AN": 2, "GANG_FENG": 1, "FENG_KE": 1, "MEN_QING": 3},
        7,  # one 東 decides the face, three wilds fill a 東 暗槓: 2+1+1+3
        {"E": 15, "W": 11, "N": 11},
        id="R5.4-concealed-kong-one-tile-decides-face-7",
    ),
    pytest.param(
        hand(REST, "3s", [meld("kong", "5555z", "W")]),
        {"GANG_MING": 1},
        1,  # four stand-ins are a natural 7m kong
        {"E": 9, "W": 5, "N": 5},
        id="R5.4-kong-of-stand-ins-1",
    ),
    pytest.param(
        hand(
            "99p",
            "9p",
            [
                meld("pung", "111m", "E"),
                meld("pung", "222p", "W"),
                meld("pung", "333s", "N"),
                meld("kong", "4444s", "W"),
            ],
        ),
        {"DA_DIAO_CHE": 30, "PAO_FENG": 6, "GANG_MING": 1},
        37,  # R5.5: a kong counts 3 toward 14 (2 + 4x3); 大吊車 30+6 + 明槓 1
        {"E": 45, "W": 41, "N": 41},
        id="R5.5-kong-counts-three-37",
    ),
]


@pytest.mark.parametrize(("request_", "items", "fan", "payments"), VALID_MELD_ROWS)
def test_valid_melds(request_: dict, items: dict, fan: int, payments: dict) -> None:
    assert_scores(request_, items, fan, payments)


REFUSED_MELD_ROWS = [
    pytest.param(meld("chi", "123m", "W"), "E_MELD_FEEDER", id="R5.2-chi-not-from-shangjia"),
    pytest.param(meld("chi", "123m", "N"), "E_MELD_FEEDER", id="R5.2-chi-from-xiajia-of-xiajia"),
    pytest.param(meld("pung", "111m", "S"), "E_MELD_FEEDER", id="R5.2-fed-by-self"),
    pytest.param(meld("pung", "111m"), "E_MELD_FEEDER", id="R5.2-feeder-missing"),
    pytest.param(meld("pung", "111m", "X"), "E_MELD_FEEDER", id="R5.2-feeder-not-a-seat"),
    pytest.param(
        meld("concealed_kong", "1111m", "E"), "E_MELD_FEEDER", id="R5.2-feeder-on-concealed-kong"
    ),
    pytest.param(meld("pung", "123m", "E"), "E_MELD_SHAPE", id="R5.1-pung-not-three-alike"),
    pytest.param(meld("chi", "135m", "E"), "E_MELD_SHAPE", id="R5.1-chi-with-gap"),
    pytest.param(meld("chi", "891m", "E"), "E_MELD_SHAPE", id="R5.1-chi-does-not-wrap"),
    pytest.param(meld("chi", "12m3p", "E"), "E_MELD_SHAPE", id="R5.1-chi-across-suits"),
    pytest.param(meld("chi", "123z", "E"), "E_MELD_SHAPE", id="R5.1-chi-of-winds"),
    pytest.param(meld("kong", "111m", "E"), "E_MELD_SHAPE", id="R5.1-kong-of-three"),
    pytest.param(meld("pung", "1111m", "E"), "E_MELD_SHAPE", id="R5.1-pung-of-four"),
    pytest.param(meld("concealed_kong", "1112m"), "E_MELD_SHAPE", id="R5.4-concealed-kong-mixed"),
    pytest.param(meld("pung", "777m", "E"), "E_MELD_WILD", id="R5.4-pung-of-wilds"),
    pytest.param(meld("pung", "117m", "E"), "E_MELD_WILD", id="R5.4-pung-with-a-wild"),
    pytest.param(meld("chi", "567m", "E"), "E_MELD_WILD", id="R5.4-chi-with-a-wild"),
    pytest.param(meld("kong", "1117m", "E"), "E_MELD_WILD", id="R5.4-exposed-kong-with-wild"),
    pytest.param(meld("added_kong", "1117m", "E"), "E_MELD_WILD", id="R5.4-added-kong-with-wild"),
    pytest.param(meld("pung", "666z", "E"), "E_BAR_TILE", id="R4.4-bar-tile-in-a-meld"),
]


@pytest.mark.parametrize(("bad_meld", "code"), REFUSED_MELD_ROWS)
def test_refused_melds(bad_meld: dict, code: str) -> None:
    assert refusal(hand(REST, "3s", [bad_meld]))["code"] == code


def test_chow_refused_under_daque() -> None:
    """R3/R11: no chow at all under 打缺, even from the 上家."""
    request = hand("456p345p99p123p", "3p", [meld("chi", "123m", "E")], ruleset="anqing-daque")
    assert refusal(request)["code"] == "E_CHI_NOT_ALLOWED"


def test_daque_chow_allowed_in_concealed_hand() -> None:
    """R3: 打缺 forbids only a *melded* chow; concealed chows are sets like any other (F 0)."""
    assert_scores(
        hand("456p789p345p99p", "3p", [meld("pung", "111m", "E")], ruleset="anqing-daque"),
        {},
        0,
        {"E": 8, "W": 4, "N": 4},
    )


def test_others_melds_feeder_checked() -> None:
    """R5.2: another player's meld fed by themselves is refused like the winner's."""
    request = hand(
        REST, "3s", [meld("pung", "111m", "E")], others_melds={"W": [{"kind": "pung", "from": "W"}]}
    )
    assert refusal(request)["code"] == "E_MELD_FEEDER"
