"""The scoring engine of every game the app keeps (安慶麻將 first): the rule books as code, no Django.

``score`` and ``waits`` dispatch on the request's ``game`` (absent or null: Anqing) through the
registry ``GAMES`` (``scoring.games``: package names, each game loaded on first use; one more
with ``register("dotted.package")``); every result of ``score`` carries ``game``. What is
Anqing's own lives in ``scoring.anqing`` and is exported here as it always was.

>>> from scoring import score
>>> result = score({"indicator": "6m", "winner": "S", "dealer": "E",
...                 "concealed": "11122233344455p", "win_tile": "5p"})
>>> result["game"], result["fan"]
('anqing', 12)
"""

from __future__ import annotations

from scoring.anqing import (
    AMOUNT_TEXT,
    DEFAULTS,
    ITEMS,
    ITEMS_BY_CODE,
    LABELS,
    MAX_SILVER,
    MAX_STEPS,
    MAXIMA,
    RULESETS,
    SEATS,
    SILVER_PLACES,
    Rules,
    best_reading,
    dealer_after,
    dealer_base,
    house_rule_defaults,
    lianzhuang_bonus,
    make_rules,
    next_seat,
    previous_seat,
)
from scoring.base import Features, Game, HouseRule
from scoring.errors import ERROR_CODES, ScoringError
from scoring.games import GAMES, game_of, register, score, waits
from scoring.notation import canonical_hand, canonical_tiles, reads_as_tiles
from scoring.tiles import FACES, specials, tile_name

__all__ = [
    "AMOUNT_TEXT",
    "DEFAULTS",
    "ERROR_CODES",
    "FACES",
    "Features",
    "GAMES",
    "Game",
    "HouseRule",
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
    "game_of",
    "house_rule_defaults",
    "lianzhuang_bonus",
    "make_rules",
    "next_seat",
    "previous_seat",
    "reads_as_tiles",
    "register",
    "score",
    "specials",
    "tile_name",
    "waits",
]
