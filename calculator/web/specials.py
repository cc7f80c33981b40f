"""What a turned-up tile makes special, as the pages show it and the tile keyboard marks it: the
wild, its stand-ins and the bar tiles (R4, AJ4.1, HZ4), as each game declares them
(``Game.specials(indicator, rules)``, scoring/base.py). ``page_specials`` is what the hand
editor's dock carries (``data-specials``), so the keyboard never works a wild out itself.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from scoring.games import GAMES
from scoring.tiles import FACES

# Every face that may be turned up in some game: the 34, then the eight flowers (Anji, AJ1.3).
TURNED_UP = (*FACES, *(f"{n}f" for n in range(1, 9)))


def specials(
    game: str, indicator: str | None, rules: Mapping[str, Any] | None = None
) -> dict[str, Any] | None:
    """``{"wild": face or None, "stand_ins": [faces], "bar_tiles": [faces]}`` for ``indicator``
    in ``game`` under its house ``rules`` (only ``honor_cycle`` changes any, AJ4.1); None when the
    indicator is not one tile the game reads.

    >>> specials("anqing", "6m")
    {'wild': '7m', 'stand_ins': ['5z'], 'bar_tiles': ['6z', '7z']}
    >>> specials("anji", "4z", {"honor_cycle": "winds4_dragons3"})
    {'wild': '1z', 'stand_ins': [], 'bar_tiles': []}
    >>> specials("hongzhong", None)
    {'wild': '5z', 'stand_ins': [], 'bar_tiles': []}
    """
    return GAMES[game].specials(indicator, rules)


def page_specials(game: str, rules: Mapping[str, Any] | None = None) -> str:
    """The dock's ``data-specials``: JSON of indicator face → ``specials`` for every face the
    game reads as an indicator, or ``""`` → the fixed specials of a game that turns none up.
    A hand editor kept for reuse (templatetags/fragments.py) must be keyed by everything this
    depends on: the game and the house rules it reads."""
    if not GAMES[game].features.indicator:
        table = {"": specials(game, None, rules)}
    else:
        table = {face: found for face in TURNED_UP if (found := specials(game, face, rules))}
    return json.dumps(table, separators=(",", ":"))
