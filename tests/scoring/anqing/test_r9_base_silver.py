"""R9: base silver is exact money (Decimal) in a range a table plays for; the tile fields a
refusal names are the request's own field names (R11 E_NOTATION)."""

from __future__ import annotations

import pytest

from scoring import score

HAND = {
    "indicator": "6m",
    "winner": "S",
    "dealer": "E",
    "concealed": "123m456p789s123s3z3z",
    "win_tile": "3z",
}  # 獨吊 on 3z: PAO_FENG 6 + MEN_QING 3 = 9; E pays 8+9, W and N 4+9 (R9): 43 in all


@pytest.mark.parametrize(
    ("silver", "total"),
    [
        pytest.param("1", "43", id="R9-one"),
        pytest.param("0.5", "21.5", id="R9-half"),
        pytest.param(0.25, "10.75", id="R9-number"),
        pytest.param("1.50000", "64.5", id="R9-trailing-zeros"),
        pytest.param("0.0001", "0.0043", id="R9-four-places"),
        pytest.param("1000000", "43000000", id="R9-largest"),
    ],
)
def test_base_silver_multiplies_every_payment_exactly(silver: object, total: str) -> None:
    assert score({**HAND, "base_silver": silver})["total"] == total


@pytest.mark.parametrize(
    ("silver", "code"),
    [
        pytest.param("1e999999", "E_CONTEXT", id="R9-huge"),
        pytest.param("1000001", "E_CONTEXT", id="R9-too-large"),
        pytest.param("0.00001", "E_CONTEXT", id="R9-five-places"),
        pytest.param("0", "E_CONTEXT", id="R9-zero"),
        pytest.param("-2", "E_CONTEXT", id="R9-negative"),
        pytest.param("NaN", "E_NOTATION", id="R9-nan"),
        pytest.param("one", "E_NOTATION", id="R9-words"),
    ],
)
def test_base_silver_out_of_range_is_refused_by_name(silver: str, code: str) -> None:
    error = score({**HAND, "base_silver": silver})["error"]
    assert error["code"] == code
    # named as a player names it (R9: 基礎銀子), not by its request key
    assert "基礎銀子" in error["message"] and "base silver" in error["message_en"].lower()
    assert "base_silver" not in error["message"] + error["message_en"]


@pytest.mark.parametrize("field", ["indicator", "win_tile"])
@pytest.mark.parametrize("value", ["7m7m", "x", "9" * 80 + "m"])
def test_a_bad_single_tile_names_its_field(field: str, value: str) -> None:
    error = score({**HAND, field: value})["error"]
    assert error["code"] == "E_NOTATION"
    assert field in error["message"] and field in error["message_en"]
