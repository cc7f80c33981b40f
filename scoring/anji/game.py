"""Anji as one game of the registry: its ``GAME`` (``scoring.base.Game``), what it declares
about itself (AJ4.1's 财神, AJ13's house-rule schema) and its entry points.

>>> GAME.specials("7s"), GAME.specials("3f")
({'wild': '8s', 'stand_ins': [], 'bar_tiles': []}, {'wild': '1z', 'stand_ins': [], 'bar_tiles': []})
>>> GAME.specials("4z")["wild"], GAME.specials("4z", {"honor_cycle": "winds4_dragons3"})["wild"]
('5z', '1z')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from random import Random

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
from scoring.seat_draw import FirstDealer, Throw, two_dice
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


def highest_throw(seats: tuple[str, ...], rng: Random) -> tuple[list[Throw], str]:
    """AJ2.3's 抢庄: 「首次四家掷骰子,(逆时针东南西北,点数相同则先掷者为大),点数大者为庄」 —
    every player throws once, in order from East; the highest total deals first."""
    throws = [{"seat": seat, "dice": two_dice(rng)} for seat in seats]
    dealer = highest_of(seats, throws)
    assert dealer is not None
    return throws, dealer


def highest_of(seats: tuple[str, ...], throws: Sequence[Throw]) -> str | None:
    """The seat of the highest total; on equal totals the one who threw first (AJ2.3). None
    unless every seat threw once, in order of play (from any seat).

    >>> highest_of(("E", "S", "W"), [{"seat": "W", "dice": [4, 5]}, {"seat": "E", "dice": [3, 6]},
    ...     {"seat": "S", "dice": [1, 1]}])
    'W'
    """
    if len(throws) != len(seats):
        return None
    start = seats.index(throws[0]["seat"])
    if [t["seat"] for t in throws] != [seats[(start + i) % len(seats)] for i in range(len(seats))]:
        return None
    best = throws[0]
    for throw in throws[1:]:
        if sum(throw["dice"]) > sum(best["dice"]):  # equal: the earlier thrower stays higher
            best = throw
    return best["seat"]


# AJ2.3: 抢庄, every player throws, the highest deals, ties to the earlier thrower.
FIRST_DEALER = FirstDealer(
    method="highest",
    names=words("抢庄", "搶莊", "Highest throw deals"),
    rule_id="AJ2.3",
    throw=highest_throw,
    dealer_of=highest_of,
    dealer_words=words(
        "{dealer}点数最大，坐庄", "{dealer}點數最大，坐莊", "{dealer} threw highest and deals first"
    ),
    tie_words=words(
        "点数相同，先掷者为大", "點數相同，先擲者為大", "on equal totals the earlier thrower wins"
    ),
)


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
    first_dealer=FIRST_DEALER,
    hand_fields=HAND_FIELDS,
    features=FEATURES,
    specials=specials,
    house_rules_of=house_rules,
    max_silver=MAX_SILVER,
    silver_places=SILVER_PLACES,
)
