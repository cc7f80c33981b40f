"""Zhuzhi Hongzhong mahjong (筑志紅中麻將): the rule book ``hongzhong-rules.md`` (HZ1–HZ17) as
code, no Django.

``GAME`` (``scoring.hongzhong.game``) is the game as the registry ``scoring.games`` names it.

>>> from scoring.hongzhong import score
>>> score({"game": "hongzhong", "dealer": "E", "winners": [{"seat": "S",
...     "concealed": "234m567m345p78s22p5z", "win_tile": "2p", "birds": "3m6p"}]})["net"]
{'E': '-2', 'S': '8', 'W': '-3', 'N': '-3'}
"""

from __future__ import annotations

from scoring.hongzhong.engine import score
from scoring.hongzhong.errors import ERROR_CODES, HongzhongError
from scoring.hongzhong.game import GAME, HAND_FIELDS, canonical, next_dealer
from scoring.hongzhong.rules import DEFAULTS, RULESETS, house_rule_defaults, make_rules

__all__ = [
    "DEFAULTS",
    "ERROR_CODES",
    "GAME",
    "HAND_FIELDS",
    "RULESETS",
    "canonical",
    "HongzhongError",
    "house_rule_defaults",
    "make_rules",
    "next_dealer",
    "score",
]
