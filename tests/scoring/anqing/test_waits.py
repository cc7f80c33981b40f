"""waits(): ready-hand analysis of a 13-tile hand (concealed + 3 x melds = 13, no win_tile).
Each wait is the tile that completes the hand with the F the rule book gives it."""

from __future__ import annotations

from typing import Any

import pytest

from scoring import FACES, waits
from tests.scoring.anqing.anqing_case import meld


def ready(concealed: str, melds: list[dict] | None = None, **fields: Any) -> dict[str, Any]:
    request: dict[str, Any] = {
        "ruleset": "anqing",
        "indicator": "6m",
        "winner": "S",
        "dealer": "E",
        "concealed": concealed,
        "melds": melds or [],
    }
    request.update(fields)
    return request


def wait_fans(result: dict[str, Any]) -> dict[str, int]:
    assert "error" not in result, result
    return {wait["tile"]: wait["fan"] for wait in result["waits"]}


WAIT_ROWS = [
    pytest.param(
        ready("123m456p789s345s9p"),
        {"9p": 9},  # 獨吊 6 + 門清 3; a drawn 鑽 onto the single is no win (R6.5)
        id="R6.5-waits-dudiao-single-tile",
    ),
    pytest.param(
        ready("123m456p789s99p34s"),
        {"2s": 3, "5s": 3},  # two-sided: 門清 only; the 鑽 would be a plain wild draw (R6.5)
        id="R6.1-waits-two-sided",
    ),
    pytest.param(
        ready("123m456p789s99p34s", rules={"wild_draw_requires_pao_feng": False}),
        {"2s": 3, "5s": 3, "7m": 3},  # switch off: drawing the 鑽 wins too
        id="R12-waits-two-sided-wild-draw-allowed",
    ),
    pytest.param(
        ready("12m456p789s345s99p"),
        {"3m": 9},  # 邊張: 6+3
        id="R7-waits-bian",
    ),
    pytest.param(
        ready("13m456p789s345s99p"),
        {"2m": 9},  # 卡張: 6+3
        id="R7-waits-kan",
    ),
    pytest.param(
        ready("123m456p789s33s99p"),
        {"3s": 3, "9p": 3},  # two pairs: the drawn tile completes a pung, not a pair
        id="R7-waits-shanpon-no-pao-feng",
    ),
    pytest.param(
        ready("1133m5577p2299s1z"),
        {"1z": 36, "7m": 9},  # 七對 30+6; a drawn 鑽 gives 七對有鑽 3+6
        id="R6.2-waits-qidui",
    ),
    pytest.param(
        ready("456p789s345s9p", [meld("pung", "111m", "E")]),
        {"9p": 6},  # melded: no 門清, 獨吊 6
        id="R7-waits-with-meld",
    ),
    pytest.param(
        ready(
            "9p",
            [
                meld("chi", "123m", "E"),
                meld("pung", "222p", "W"),
                meld("pung", "333s", "N"),
                meld("chi", "456s", "E"),
            ],
        ),
        {"9p": 36},  # 大吊車 30+6; a drawn 鑽 onto the natural single is no win (R6.5)
        id="R6.3-waits-da-diao-che",
    ),
    pytest.param(
        ready("123m456p789s1s5s9p1z"),
        {},  # no tile completes it
        id="R6-waits-not-ready",
    ),
]


@pytest.mark.parametrize(("request_", "expected"), WAIT_ROWS)
def test_waits(request_: dict, expected: dict) -> None:
    assert wait_fans(waits(request_)) == expected


def test_lone_zuan_waits_on_every_tile() -> None:
    """R7 PAO_FENG: holding a lone 鑽 waits on every tile and each is a 吊鑽 (6+3 = 9); bar tiles
    are exposed when drawn, never a winning tile."""
    result = wait_fans(waits(ready("123m456p789s345s7m")))
    assert result == {face: 9 for face in FACES if face not in ("6z", "7z")}


def test_waits_report_shape_and_items() -> None:
    result = waits(ready("1133m5577p2299s1z", indicator="5m"))  # 鑽 6m: none held
    wait = next(wait for wait in result["waits"] if wait["tile"] == "1z")
    assert wait["shape"] == "seven_pairs"
    assert {item["code"]: item["fan"] for item in wait["items"]} == {"QI_DUI": 30, "PAO_FENG": 6}


def test_waits_report_specials() -> None:
    result = waits(ready("123m456p789s345s9p", indicator="9p"))
    assert (result["wild"], result["stand_in"], sorted(result["bar_faces"])) == (
        "1p",
        "5z",
        ["6z", "7z"],
    )


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        pytest.param(ready("123m456p789s345s99p"), "E_TILE_COUNT", id="R11-waits-fourteen-tiles"),
        pytest.param(ready("123m456p789s345s9q"), "E_NOTATION", id="R11-waits-notation"),
        pytest.param(ready("123m456p789s345s9p", winner="X"), "E_CONTEXT", id="R11-waits-seat"),
    ],
)
def test_waits_refusals(request_: dict, code: str) -> None:
    assert waits(request_)["error"]["code"] == code


def test_held_bar_tile_has_no_waits() -> None:
    """R4.4: under anqing a concealed bar tile blocks every win but 十三爛."""
    assert wait_fans(waits(ready("123m456p789s345s6z"))) == {}
