"""Canonical notation (R1): tiles written the one way the engine writes them.

The engine reads notation loosely — spaces anywhere, a suit letter after each tile or after a run
(``"1m 2m"``, ``" 9 s"``) — and these functions write what it read back in its own compact form,
so what is stored is what was scored. Anything the engine cannot read is returned unchanged: the
engine refuses it with its own words (R11).
"""

from __future__ import annotations

from collections.abc import Mapping

from scoring.errors import ScoringError
from scoring.tiles import format_tiles, parse_tiles

# The tile fields of a request's hand (score-api.md); ``bar_tiles`` is a count, not tiles.
TILE_FIELDS = ("indicator", "concealed", "win_tile")
MELD_LISTS = ("melds",)


def reads_as_tiles(text: object) -> bool:
    """Whether the engine reads ``text`` as tiles (R1).

    >>> reads_as_tiles("123m 4z"), reads_as_tiles("8z"), reads_as_tiles(None)
    (True, False, False)
    """
    try:
        parse_tiles(text, "tiles")
    except ScoringError:
        return False
    return True


def canonical_tiles(text: object) -> object:
    """``text`` in compact notation, in the order written, when it reads as tiles.

    >>> canonical_tiles(" 2m"), canonical_tiles("9 s"), canonical_tiles("1m1m 23m5z")
    ('2m', '9s', '1123m5z')
    >>> canonical_tiles("x"), canonical_tiles(7)
    ('x', 7)
    """
    if not isinstance(text, str):
        return text
    try:
        return format_tiles(parse_tiles(text, "tiles"))
    except ScoringError:
        return text


def canonical_melds(melds: object) -> object:
    """A meld list with each meld's ``tiles`` canonical (a new list of new dicts)."""
    if not isinstance(melds, list):
        return melds
    return [
        {**meld, "tiles": canonical_tiles(meld["tiles"])}
        if isinstance(meld, Mapping) and "tiles" in meld
        else meld
        for meld in melds
    ]


def canonical_hand(hand: Mapping) -> dict:
    """A copy of a request's hand fields with every tile string canonical: ``indicator``,
    ``concealed``, ``win_tile``, the winner's ``melds`` and ``others_melds``.

    >>> canonical_hand({"indicator": " 9p", "concealed": "123m 456m", "win_tile": "4m ",
    ...                 "melds": [{"kind": "pung", "tiles": "1 1 1 z", "from": "E"}]})
    {'indicator': '9p', 'concealed': '123456m', 'win_tile': '4m', 'melds': [{'kind': 'pung', 'tiles': '111z', 'from': 'E'}]}
    """
    canonical = dict(hand)
    for field in TILE_FIELDS:
        if field in canonical:
            canonical[field] = canonical_tiles(canonical[field])
    if "melds" in canonical:
        canonical["melds"] = canonical_melds(canonical["melds"])
    others = canonical.get("others_melds")
    if isinstance(others, Mapping):
        canonical["others_melds"] = {seat: canonical_melds(melds) for seat, melds in others.items()}
    return canonical
