"""R1 tiles and notation: parsing, order independence, E_NOTATION naming the bad token."""

from __future__ import annotations

import pytest

from tests.scoring.anqing.anqing_case import assert_scores, hand, meld, refusal, scored, summary

# 123m456p789s345s99p with 3s drawn: 門清 only, F = 3; E 8+3, W/N 4+3.
SAME_HAND_SPELLINGS = [
    pytest.param("123m456p789s345s99p", "3s", id="R1-grouped"),
    pytest.param("99p345s789s456p123m", "3s", id="R1-groups-reversed"),
    pytest.param("321m654p987s543s99p", "3s", id="R1-ranks-reversed"),
    pytest.param("1m2m3m4p5p6p7s8s9s3s4s5s9p9p", "3s", id="R1-one-tile-per-group"),
    pytest.param("9p3s1m5s4p8s2m9p7s6p3m4s5p9s", "3s", id="R1-shuffled-singles"),
    pytest.param("13m2m46p5p79s8s35s4s99p", "3s", id="R1-split-groups"),
]


@pytest.mark.parametrize(("concealed", "win_tile"), SAME_HAND_SPELLINGS)
def test_spellings_of_one_hand_score_alike(concealed: str, win_tile: str) -> None:
    assert_scores(hand(concealed, win_tile), {"MEN_QING": 3}, 3, {"E": 11, "W": 7, "N": 7})


HONOR_ROWS = [
    # z ranks: 1 東 2 南 3 西 4 北 (winds); 北 pung -> FENG_KE 1, plus 門清 3 = 4.
    pytest.param("123m456p345s444z99p", {"FENG_KE": 1, "MEN_QING": 3}, 4, id="R1-4z-is-a-wind"),
    # 5z 紅中 is the stand-in (plays 7m with indicator 6m): a 777m pung, no FENG_KE, F = 3.
    pytest.param("123m456p345s555z99p", {"MEN_QING": 3}, 3, id="R1-5z-is-hongzhong"),
]


@pytest.mark.parametrize(("concealed", "items", "fan"), HONOR_ROWS)
def test_honor_ranks(concealed: str, items: dict, fan: int) -> None:
    assert_scores(hand(concealed, "3s"), items, fan, {"E": 8 + fan, "W": 4 + fan, "N": 4 + fan})


def test_meld_tile_order_does_not_matter() -> None:
    """R1: `321m` is the same chow as `123m`."""
    forward = scored(hand("456p789s345s99p", "9p", [meld("chi", "123m", "E")]))
    backward = scored(hand("456p789s345s99p", "9p", [meld("chi", "312m", "E")]))
    assert summary(forward) == summary(backward)
    assert forward["fan"] == 6  # 獨吊 9p only: 6


BAD_NOTATION = [
    # (field, bad value, token the messages must name)
    pytest.param("concealed", "123m456p789s345s9p8z", "8z", id="R1-E_NOTATION-rank-8-honor"),
    pytest.param("concealed", "123m456p789s345s9p0m", "0m", id="R1-E_NOTATION-rank-0"),
    pytest.param("concealed", "123m456p789s345s99q", "q", id="R1-E_NOTATION-unknown-suit"),
    pytest.param("concealed", "123m456p789s345s99", "99", id="R1-E_NOTATION-no-suit-letter"),
    pytest.param("win_tile", "9z", "9z", id="R1-E_NOTATION-win-tile"),
    pytest.param("indicator", "0p", "0p", id="R1-E_NOTATION-indicator"),
]


@pytest.mark.parametrize(("field", "value", "token"), BAD_NOTATION)
def test_unreadable_tile_is_refused_naming_it(field: str, value: str, token: str) -> None:
    request = hand("123m456p789s345s99p", "9p")
    request[field] = value
    error = refusal(request)
    assert error["code"] == "E_NOTATION"
    assert token in error["message"]
    assert token in error["message_en"]


def test_unreadable_meld_tiles_are_refused_naming_them() -> None:
    error = refusal(hand("456p789s345s99p", "9p", [meld("pung", "111x", "E")]))
    assert error["code"] == "E_NOTATION"
    assert "x" in error["message"]


def test_unreadable_base_silver_is_refused() -> None:
    error = refusal(hand("123m456p789s345s99p", "9p", base_silver="one"))
    assert error["code"] == "E_NOTATION"
    assert "base_silver" in error["message_en"] or "one" in error["message_en"]
