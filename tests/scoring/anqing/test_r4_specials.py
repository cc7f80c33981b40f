"""R4 the 鑽, its stand-in 紅中 and the bar tiles, for every indicator."""

from __future__ import annotations

import pytest

from scoring import specials
from tests.scoring.anqing.anqing_case import assert_scores, hand, refusal, scored

NON_DRAGON_BARS = ["6z", "7z"]


def _suited_rows() -> list:
    rows = []
    for suit in "mps":
        for rank in range(1, 10):
            wild = f"{rank % 9 + 1}{suit}"  # R4.1: rank + 1, 9 wraps to 1
            rows.append(
                pytest.param(
                    f"{rank}{suit}", wild, "5z", NON_DRAGON_BARS, id=f"R4.1-{rank}{suit}-to-{wild}"
                )
            )
    return rows


SPECIALS_ROWS = [
    *_suited_rows(),
    # winds 東→南→西→北→東; the stand-in 紅中 plays the wind; 發 白 are bar tiles
    pytest.param("1z", "2z", "5z", NON_DRAGON_BARS, id="R4.1-east-to-south"),
    pytest.param("2z", "3z", "5z", NON_DRAGON_BARS, id="R4.1-south-to-west"),
    pytest.param("3z", "4z", "5z", NON_DRAGON_BARS, id="R4.1-west-to-north"),
    pytest.param("4z", "1z", "5z", NON_DRAGON_BARS, id="R4.1-north-wraps-to-east"),
    # dragons 中→發→白→中; no stand-in (R4.3); the other two dragons are bar tiles (R4.4)
    pytest.param("5z", "6z", None, ["5z", "7z"], id="R4.1-zhong-to-fa-no-stand-in"),
    pytest.param("6z", "7z", None, ["5z", "6z"], id="R4.1-fa-to-bai-no-stand-in"),
    pytest.param("7z", "5z", None, ["6z", "7z"], id="R4.1-bai-wraps-to-zhong-no-stand-in"),
]


@pytest.mark.parametrize(("indicator", "wild", "stand_in", "bar_faces"), SPECIALS_ROWS)
def test_specials(indicator: str, wild: str, stand_in: str | None, bar_faces: list[str]) -> None:
    faces = specials(indicator)
    assert faces["wild"] == wild
    assert faces.get("stand_in") == stand_in
    assert sorted(faces["bar_faces"]) == bar_faces


@pytest.mark.parametrize(
    ("indicator", "wild", "stand_in", "bar_faces"),
    [
        pytest.param("6m", "7m", "5z", NON_DRAGON_BARS, id="R4-result-6m"),
        pytest.param("9p", "1p", "5z", NON_DRAGON_BARS, id="R4-result-9p-wraps"),
        pytest.param("4z", "1z", "5z", NON_DRAGON_BARS, id="R4-result-north-wraps"),
        pytest.param("7z", "5z", None, ["6z", "7z"], id="R4-result-bai-wraps"),
    ],
)
def test_result_reports_specials(
    indicator: str, wild: str, stand_in: str | None, bar_faces: list[str]
) -> None:
    # 123m456s789s345s99m holds none of these indicators' specials
    result = scored(hand("123m456s789s345s99m", "3s", indicator=indicator))
    assert result["wild"] == wild
    assert result.get("stand_in") == stand_in
    assert sorted(result["bar_faces"]) == bar_faces


# Hands whose reading depends on the indicator. F and payments: E 8+F, W/N 4+F.
INDICATOR_ROWS = [
    pytest.param(
        hand("5z23p456p789s345s99m", "4p", indicator="9p"),
        {"MEN_QING": 3},
        3,  # 鑽 1p (9 wraps): 紅中 plays 1p, so 5z23p is the chow 123p; 4p completes 56p
        id="R4.3-9p-stand-in-plays-1p",
    ),
    pytest.param(
        hand("5z23p456p789s345s99m", "5z", indicator="9p"),
        {"MEN_QING": 3},
        3,  # the stand-in is natural: drawing it is no 鑽 draw; 1p completes 23p two-sided
        id="R4.3-stand-in-drawn-is-natural",
    ),
    pytest.param(
        hand("123m456p789s555z99p", "1m", indicator="4z"),
        {"FENG_KE": 1, "MEN_QING": 3},
        4,  # 北→東: 鑽 東, 紅中 plays 東, so 555z is a 東 pung: 1+3
        id="R4.3-north-indicator-stand-in-is-a-wind",
    ),
    pytest.param(
        hand("123m456p789s555z99p", "1m", indicator="6m"),
        {"MEN_QING": 3},
        3,  # 鑽 7m: 555z is a 7m pung, no 風
        id="R4.3-stand-in-plays-suited",
    ),
    pytest.param(
        hand("123m456p789s345s5z9p", "9p", indicator="7z"),
        {"PAO_FENG": 6, "MEN_QING": 3},
        9,  # 白→中: 紅中 is the 鑽 itself: 9p + wild is a 吊鑽 pair, 6+3
        id="R4.1-bai-indicator-zhong-is-wild",
    ),
    pytest.param(
        hand("123m456p789s345s6z9p", "9p", indicator="5z"),
        {"PAO_FENG": 6, "MEN_QING": 3},
        9,  # 中→發: 發 is wild, pairs with 9p as 吊鑽
        id="R4.1-zhong-indicator-fa-is-wild",
    ),
    pytest.param(
        hand("123m456p789s345s1z9p", "9p", indicator="4z"),
        {"PAO_FENG": 6, "MEN_QING": 3},
        9,  # 北→東: 東 is wild
        id="R4.1-north-indicator-east-is-wild",
    ),
    pytest.param(
        hand("123m456p789s345s1p9p", "9p", indicator="9p"),
        {"PAO_FENG": 6, "MEN_QING": 3},
        9,  # 9p→1p: 1p is wild (9p is the indicator, still a natural tile in the hand)
        id="R4.1-9p-indicator-1p-is-wild",
    ),
]


@pytest.mark.parametrize(("request_", "items", "fan"), INDICATOR_ROWS)
def test_indicator_decides_reading(request_: dict, items: dict, fan: int) -> None:
    assert_scores(request_, items, fan, {"E": 8 + fan, "W": 4 + fan, "N": 4 + fan})


REFUSED_ROWS = [
    pytest.param(
        hand("123m456p789s345s5z9p", "9p"),
        "E_NOT_WINNING",
        id="R4.3-6m-zhong-is-7m-not-wild",  # 5z plays 7m: 7m + 9p is no pair
    ),
    pytest.param(
        hand("5z23p456p789s345s99m", "4p", indicator="8p"),
        "E_NOT_WINNING",
        id="R4.3-8p-stand-in-plays-9p-no-chow",  # 鑽 9p: 紅中 is 9p, 9p23p is no chow
    ),
    pytest.param(
        hand("123m456p789s345s55z", "5z", indicator="5z"),
        "E_BAR_TILE",
        id="R4.4-zhong-is-a-bar-tile-for-dragon-zuan",  # 鑽 發: 中 and 白 are bar tiles
    ),
    pytest.param(
        hand("123m456p789s345s66z", "6z", indicator="7z"),
        "E_BAR_TILE",
        id="R4.4-fa-is-a-bar-tile-for-zhong-zuan",
    ),
    pytest.param(
        hand("123m456p789s345s77z", "7z"),
        "E_BAR_TILE",
        id="R4.4-bai-is-a-bar-tile-for-suited-zuan",
    ),
]


@pytest.mark.parametrize(("request_", "code"), REFUSED_ROWS)
def test_indicator_refusals(request_: dict, code: str) -> None:
    assert refusal(request_)["code"] == code


def test_bar_tiles_stay_in_hand_under_daque() -> None:
    """R4.4: under 打缺 a bar tile is a plain honor: 66z is a pair (獨吊 6z: 6 + 門清 3)."""
    assert_scores(
        hand("123m456m789p345p66z", "6z", ruleset="anqing-daque"),
        {"PAO_FENG": 6, "MEN_QING": 3},
        9,
        {"E": 17, "W": 13, "N": 13},
    )
