"""Anqing mahjong (安慶麻將) scoring engine: the rule book as code, no Django.

>>> from scoring import score
>>> score({"indicator": "6m", "winner": "S", "dealer": "E", "concealed": "11122233344455p",
...        "win_tile": "5p"})["fan"]
12
"""

from __future__ import annotations

from scoring.engine import best_reading, score, waits
from scoring.errors import ERROR_CODES, ScoringError
from scoring.hand import AMOUNT_TEXT, MAX_SILVER, SILVER_PLACES
from scoring.items import ITEMS, ITEMS_BY_CODE, LABELS
from scoring.notation import canonical_hand, canonical_tiles, reads_as_tiles
from scoring.rules import (
    DEFAULTS,
    MAX_STEPS,
    MAXIMA,
    RULESETS,
    Rules,
    house_rule_defaults,
    make_rules,
)
from scoring.table import (
    SEATS,
    dealer_after,
    dealer_base,
    lianzhuang_bonus,
    next_seat,
    previous_seat,
)
from scoring.tiles import FACES, specials, tile_name

__all__ = [
    "AMOUNT_TEXT",
    "DEFAULTS",
    "ERROR_CODES",
    "FACES",
    "ITEMS",
    "ITEMS_BY_CODE",
    "LABELS",
    "MAXIMA",
    "MAX_SILVER",
    "MAX_STEPS",
    "RULESETS",
    "SEATS",
    "SILVER_PLACES",
    "Rules",
    "ScoringError",
    "best_reading",
    "canonical_hand",
    "canonical_tiles",
    "dealer_after",
    "dealer_base",
    "house_rule_defaults",
    "lianzhuang_bonus",
    "make_rules",
    "next_seat",
    "previous_seat",
    "reads_as_tiles",
    "score",
    "specials",
    "tile_name",
    "waits",
]
