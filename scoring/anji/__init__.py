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
from scoring.anji.rules import DEFAULTS, RULESETS, Rules, house_rule_defaults, make_rules
from scoring.anji.tiles import parse_flowers, wild_of
from scoring.games import Game

# AJ14.1: a round's hand (the app supplies game, ruleset, rules, player_count, dealer and
# base_silver).
HAND_FIELDS = (
    "winner",
    "indicator",
    "concealed",
    "win_tile",
    "melds",
    "flowers",
    "kongs_before_win",
    "piao",
    "piao_flowers",
    "jia_piao",
    "first_turn",
    "discarder",
)


def next_dealer(dealer: str, streak: int, winner: str | None, players: int) -> tuple[str, int]:
    """AJ2.3: after a win the winner deals (streak + 1 only when the dealer won); after a draw
    the dealer stays, streak + 1.

    >>> next_dealer("E", 0, "W", 3), next_dealer("E", 1, "E", 3), next_dealer("S", 0, None, 2)
    (('W', 0), ('E', 2), ('S', 1))
    """
    if winner is None or winner == dealer:
        return dealer, streak + 1
    return winner, 0


GAME = Game(
    code="anji",
    names={"zh-hans": "安吉麻将", "zh-hant": "安吉麻將", "en": "Anji mahjong"},
    seat_counts=(2, 3, 4),
    rulesets=RULESETS,
    score=score,
    waits=waits,
    house_rule_defaults=house_rule_defaults,
    make_rules=make_rules,
    next_dealer=next_dealer,
    dealer_base=lambda rules, streak: None,  # AJ2.3: no payment depends on the dealer
    hand_fields=HAND_FIELDS,
)

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
