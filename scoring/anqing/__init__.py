"""安慶麻將 (Anqing mahjong): what is Anqing's own — its items (R7), house rules (R12), readings,
payments and 包 (R8–R10), seats and dealer (R2), and the checks of a request (R11).

The shared pieces stay at ``scoring/``: one tile representation and notation (``scoring.tiles``,
``scoring.notation``), the error type (``scoring.errors``) and what every game shares
(``scoring.base``); ``GAME`` (``scoring.anqing.game``) is this package as the registry
``scoring.games`` names it, the game ``anqing``. ``score`` and ``waits`` here are
Anqing's own entry points: their results do not carry ``game``; ``scoring.score`` adds it.

>>> from scoring.anqing import score
>>> score({"indicator": "6m", "winner": "S", "dealer": "E", "concealed": "11122233344455p",
...        "win_tile": "5p"})["fan"]
12
"""

from __future__ import annotations

from scoring.anqing.engine import best_reading, score, waits
from scoring.anqing.game import GAME
from scoring.anqing.hand import AMOUNT_TEXT, MAX_SILVER, SILVER_PLACES
from scoring.anqing.items import ITEMS, ITEMS_BY_CODE, LABELS
from scoring.anqing.rules import (
    DEFAULTS,
    MAX_STEPS,
    MAXIMA,
    RULESETS,
    Rules,
    house_rule_defaults,
    make_rules,
)
from scoring.anqing.table import (
    SEATS,
    dealer_after,
    dealer_base,
    lianzhuang_bonus,
    next_seat,
    previous_seat,
)

__all__ = [
    "AMOUNT_TEXT",
    "DEFAULTS",
    "GAME",
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
    "best_reading",
    "dealer_after",
    "dealer_base",
    "house_rule_defaults",
    "lianzhuang_bonus",
    "make_rules",
    "next_seat",
    "previous_seat",
    "score",
    "waits",
]
