"""Zhuzhi Hongzhong mahjong (筑志紅中麻將): the rule book ``hongzhong-rules.md`` (HZ1–HZ17) as
code, no Django.

The engine only: it is **not** registered in ``scoring.games.GAMES`` yet, because the app would
offer a game its pages cannot enter. ``GAME`` is here for when the pages are ready.

>>> from scoring.hongzhong import score
>>> score({"game": "hongzhong", "dealer": "E", "winners": [{"seat": "S",
...     "concealed": "234m567m345p78s22p5z", "win_tile": "2p", "birds": "3m6p"}]})["net"]
{'E': '-2', 'S': '8', 'W': '-3', 'N': '-3'}
"""

from __future__ import annotations

from scoring.games import Game
from scoring.hongzhong.engine import score
from scoring.hongzhong.errors import ERROR_CODES, HongzhongError
from scoring.hongzhong.rules import DEFAULTS, RULESETS, house_rule_defaults, make_rules

# HZ12.1: a round's fields besides the context the app supplies.
HAND_FIELDS = ("winners", "discarder", "robbed_kong", "kongs", "piao_fen")


def next_dealer(dealer: str, streak: int, winner: str | None, players: int) -> tuple[str, int]:
    """HZ2.2 for one winner or a draw (several winners: the result's ``next_dealer``): the
    winner deals, a draw keeps the dealer; the streak is +1 when the seat stays, else 0.

    >>> next_dealer("E", 0, "W", 4), next_dealer("E", 1, "E", 4), next_dealer("S", 0, None, 4)
    (('W', 0), ('E', 2), ('S', 1))
    """
    after = dealer if winner is None else winner
    return after, streak + 1 if after == dealer else 0


GAME = Game(
    code="hongzhong",
    names={"zh-hans": "红中麻将", "zh-hant": "紅中麻將", "en": "Hongzhong mahjong"},
    seat_counts=(4,),
    rulesets=RULESETS,
    score=score,
    waits=None,
    house_rule_defaults=house_rule_defaults,
    make_rules=make_rules,
    next_dealer=next_dealer,
    dealer_base=lambda rules, streak: None,  # HZ2.2: nothing is paid by streak
    hand_fields=HAND_FIELDS,
)

__all__ = [
    "DEFAULTS",
    "ERROR_CODES",
    "GAME",
    "HAND_FIELDS",
    "RULESETS",
    "HongzhongError",
    "house_rule_defaults",
    "make_rules",
    "next_dealer",
    "score",
]
