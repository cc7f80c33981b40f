"""Anji as one game of the registry: its ``GAME`` (``scoring.base.Game``), what it declares
about itself (AJ4.1's 财神, AJ13's house-rule schema) and its entry points.

>>> GAME.specials("7s"), GAME.specials("3f")
({'wild': '8s', 'stand_ins': [], 'bar_tiles': []}, {'wild': '1z', 'stand_ins': [], 'bar_tiles': []})
>>> GAME.specials("4z")["wild"], GAME.specials("4z", {"honor_cycle": "winds4_dragons3"})["wild"]
('5z', '1z')
"""

from __future__ import annotations

import re

from scoring.anji.engine import score, waits
from scoring.anji.hand import MAX_SILVER, SILVER_PLACES
from scoring.anji.rules import (
    BOOL_DEFAULTS,
    CHOICES,
    DEFAULTS,
    INT_DEFAULTS,
    MAX_VALUE,
    RULESETS,
    house_rule_defaults,
    make_rules,
)
from scoring.anji.tiles import FLOWER_BASE, wild_of
from scoring.base import Features, Game, HouseRule, read_labels, words
from scoring.tiles import FACES, code

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

FEATURES = Features(
    indicator=True,  # AJ4.1: a tile (or a flower) is turned up and names the 财神
    wild_names=words("财神", "財神", "Wild (cai shen)"),
    discard_wins=True,  # AJ6.7: only with the house rule discard_win
    discard_wins_rule="discard_win",
    several_winners=False,
    unit="points",
    unit_names=words("分", "分", "points"),
    # The seed: 「摸到最后一张牌,没有一个玩家胡牌,则算流局」
    draw_names=words("流局", "流局", "Draw"),
    rule_ids={"payments": "AJ11", "house_rules": "AJ13", "draw": "AJ3.2"},
    hand_size="x",  # AJ10.3: the hand's X
    # AJ6.7: the one who throws the winning tile 放冲 (「放冲者给4分」)
    discard_names=words("放冲", "放沖", "discard"),
    silver_help=words(
        "每笔钱 = 分 × 基础银子（AJ11）",
        "每筆錢 = 分 × 基礎銀子（AJ11）",
        "Each payment = points × base silver (AJ11)",
    ),
)

# Every house-rule key's rule id and its name in zh-hans, zh-hant and en, and each choice's name
# (house_rules.json beside this module: words for people, kept apart from the engine's texts).
LABELS, CHOICE_LABELS = read_labels(__package__)

_ONE_TILE = re.compile(r"[1-9][mps]|[1-7]z|[1-8]f")


def specials(indicator: object, rules: object = None) -> dict | None:
    """AJ4.1: the 财神 the indicator turns up (suited: the next rank, 9 → 1; a flower: 东; an
    honour by the house rule ``honor_cycle``); no stand-ins, no bar tiles. None when
    ``indicator`` is not one tile or flower."""
    if not isinstance(indicator, str) or not _ONE_TILE.fullmatch(indicator):
        return None
    rank, suit = indicator
    face = FLOWER_BASE + int(rank) - 1 if suit == "f" else FACES.index(indicator)
    return {"wild": code(wild_of(face, _honor_cycle(rules))), "stand_ins": [], "bar_tiles": []}


def _honor_cycle(rules: object) -> str:
    try:
        cycle = rules["honor_cycle"]  # type: ignore[index]
    except (KeyError, TypeError):
        return DEFAULTS["honor_cycle"]
    return cycle if cycle in CHOICES["honor_cycle"] else DEFAULTS["honor_cycle"]


def house_rules(ruleset: str = "anji") -> tuple[HouseRule, ...]:
    """AJ13: every key ``make_rules`` takes (integers 0–``MAX_VALUE``, the choices, switches)."""
    defaults = house_rule_defaults(ruleset)  # E_RULES for another ruleset
    out = []
    for key in DEFAULTS:
        rule_id, hans, hant, en = LABELS[key]
        common = {"default": defaults[key], "labels": words(hans, hant, en), "rule_id": rule_id}
        if key in INT_DEFAULTS:
            out.append(HouseRule(key, "int", 0, MAX_VALUE, **common))
        elif key in CHOICES:
            labels = {c: words(*CHOICE_LABELS[key][c]) for c in CHOICES[key]}
            out.append(
                HouseRule(key, "choice", choices=CHOICES[key], choice_labels=labels, **common)
            )
        else:
            assert key in BOOL_DEFAULTS
            out.append(HouseRule(key, "bool", **common))
    return tuple(out)


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
    features=FEATURES,
    specials=specials,
    house_rules_of=house_rules,
    max_silver=MAX_SILVER,
    silver_places=SILVER_PLACES,
)
