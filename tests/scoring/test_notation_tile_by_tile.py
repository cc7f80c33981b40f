"""R1: notation written tile by tile ("1m2m3m") is read two characters at a time; anything else
of even length falls back to the token reader, with the same faces or the same E_NOTATION."""

from __future__ import annotations

import pytest

from scoring.errors import ScoringError
from scoring.tiles import parse_tiles


@pytest.mark.parametrize(
    ("tile_by_tile", "grouped"),
    [
        ("1m2m3m", "123m"),
        ("1m1m2p3p9s9s", "11m23p99s"),
        ("1z7z 5z", "175z"),
        ("1m 2m\t3m", "123m"),
    ],
)
def test_tile_by_tile_reads_as_grouped(tile_by_tile: str, grouped: str) -> None:
    assert parse_tiles(tile_by_tile, "concealed") == parse_tiles(grouped, "concealed")


@pytest.mark.parametrize(
    ("text", "faces"),
    [
        ("12m3", None),  # even length, not codes two by two, and not notation
        ("1234m5", None),
        ("8z1m", None),  # honors run 1-7
        ("1M2m", None),
        ("12m3p4", None),
        ("1234", None),
        ("12m3456p", [0, 1, 11, 12, 13, 14]),  # even length, ranks written together
    ],
)
def test_even_length_other_notation_takes_the_token_reader(text: str, faces: list | None) -> None:
    if faces is not None:
        assert parse_tiles(text, "concealed") == faces
        return
    with pytest.raises(ScoringError) as error:
        parse_tiles(text, "concealed")
    assert error.value.code == "E_NOTATION"
