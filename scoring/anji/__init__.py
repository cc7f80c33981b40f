"""Anji mahjong (安吉麻将): the rule book ``anji-rules.md`` (AJ1–AJ15) as code, no Django.

>>> from scoring.anji import GAME
>>> GAME.score({"game": "anji", "indicator": "7s", "winner": "E", "dealer": "E",
...     "concealed": "234m234p789p11z", "win_tile": "1z",
...     "melds": [{"kind": "chi", "tiles": "567m"}]})["x"]
5
"""

from __future__ import annotations

from scoring.anji.engine import score, waits
from scoring.anji.errors import ERROR_CODES, AnjiError
from scoring.anji.game import GAME, HAND_FIELDS, next_dealer
from scoring.anji.rules import DEFAULTS, RULESETS, Rules, house_rule_defaults, make_rules
from scoring.anji.tiles import parse_flowers, wild_of

__all__ = [
    "DEFAULTS",
    "ERROR_CODES",
    "GAME",
    "HAND_FIELDS",
    "RULESETS",
    "AnjiError",
    "Rules",
    "house_rule_defaults",
    "make_rules",
    "next_dealer",
    "parse_flowers",
    "score",
    "waits",
    "wild_of",
]
