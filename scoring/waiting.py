"""What every game's ``waits()`` starts from: the tiles a 13-tile hand could still be completed with."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from typing import Any


def completions(hand: Any) -> Iterator[tuple[int, Any]]:
    """Each face the hand could still draw (held fewer than four times, melds counted) with the
    hand completed by it as the winning tile. ``hand`` is a game's frozen hand dataclass with
    ``concealed``, ``melds`` (each with ``printed``) and ``win_tile``."""
    held = Counter(hand.concealed)
    for meld in hand.melds:
        held.update(meld.printed)
    for face in range(34):
        if held[face] < 4:
            yield face, replace(hand, concealed=(*hand.concealed, face), win_tile=face)
