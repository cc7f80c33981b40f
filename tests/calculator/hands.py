"""Winning hands whose fan F is worked out by hand from the rule book (R7), for any seat.

- ``plain(winner)``: 123m 456m 234s 678s + pair 99p, all concealed, drawn 4m (an open end of
  456m: no 邊張/卡張/獨吊, so no PAO_FENG). Indicator 9p → 鑽 1p (R4.1); no wild, no bar tile.
  Items: MEN_QING 3 (R7). F = 3.
- ``paofeng(winner)``: the same tiles drawn on 9p, completing the pair 99p: 獨吊 (R7 PAO_FENG
  6) + MEN_QING 3. F = 9.
- ``bao(winner, feeder)``: pungs 222m 333p 444s all fed by ``feeder``, concealed 678s 55m, drawn
  5m onto the single 5m: 獨吊 PAO_FENG 6; not 門清 (melds), not 碰碰胡 (678s). F = 6.
  fed(feeder→winner) = 3 pungs → multiplier ×6 (R10.1), 順包 (R10.2).
"""

from __future__ import annotations

INDICATOR = "9p"


def plain(winner: str) -> dict:
    return {
        "result": "win",
        "winner": winner,
        "indicator": INDICATOR,
        "concealed": "123m456m234s678s99p",
        "win_tile": "4m",
    }


def paofeng(winner: str) -> dict:
    return {**plain(winner), "win_tile": "9p"}


def bao(winner: str, feeder: str) -> dict:
    return {
        "result": "win",
        "winner": winner,
        "indicator": INDICATOR,
        "concealed": "678s55m",
        "win_tile": "5m",
        "melds": [
            {"kind": "pung", "tiles": "222m", "from": feeder},
            {"kind": "pung", "tiles": "333p", "from": feeder},
            {"kind": "pung", "tiles": "444s", "from": feeder},
        ],
    }


DRAW = {"result": "draw"}
