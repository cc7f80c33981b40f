"""Bounds on what the notation reader reads: a tile field longer than any hand needs is refused
with E_NOTATION naming the field, before it is parsed."""

from __future__ import annotations

import pytest

from scoring import ScoringError, score
from scoring.tiles import parse_tiles

PLAIN = {
    "indicator": "9p",
    "winner": "S",
    "dealer": "E",
    "concealed": "123m456m234s678s99p",
    "win_tile": "4m",
}


def test_sixty_four_characters_are_read() -> None:
    assert len(parse_tiles("1m" * 32, "concealed")) == 32


@pytest.mark.parametrize("text", ["1m" * 32 + "1", "1" * 10_000 + "m", " " * 65])
def test_a_longer_string_is_refused_naming_the_field(text: str) -> None:
    with pytest.raises(ScoringError) as refused:
        parse_tiles(text, "concealed")
    assert refused.value.code == "E_NOTATION"
    assert refused.value.message_en == (
        f"concealed is too long: at most 64 characters, got {len(text)}"
    )
    assert "concealed" in refused.value.message and "64" in refused.value.message


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"concealed": "123m" * 20}, "concealed"),
        ({"melds": [{"kind": "pung", "tiles": "1m" * 40, "from": "E"}]}, "melds[0].tiles"),
        (
            {"others_melds": {"E": [{"kind": "pung", "tiles": "2p" * 40, "from": "S"}]}},
            "others_melds.E[0].tiles",
        ),
    ],
)
def test_the_engine_names_the_long_field(change: dict, field: str) -> None:
    error = score({**PLAIN, **change})["error"]
    assert error["code"] == "E_NOTATION"
    assert error["message_en"].startswith(f"{field} is too long")


def test_too_many_melds_are_refused_quickly() -> None:
    error = score({**PLAIN, "melds": [{"kind": "pung", "tiles": "111m", "from": "E"}] * 5000})
    assert error["error"]["code"] == "E_CONTEXT"
    assert "more than four melds" in error["error"]["message_en"]
