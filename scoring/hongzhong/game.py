"""紅中 as one game of the registry: its ``GAME`` (``scoring.base.Game``), what it declares
about itself (HZ4's wild, HZ16's house-rule schema) and its entry points.

>>> GAME.specials(None)
{'wild': '5z', 'stand_ins': [], 'bar_tiles': []}
>>> [(r.key, r.minimum, r.maximum, r.choices) for r in GAME.house_rules() if r.key == "hong_zhong_count"]
[('hong_zhong_count', 4, 8, (4, 8))]
"""

from __future__ import annotations

from collections.abc import Mapping

from scoring.base import Features, Game, HouseRule, read_labels, words
from scoring.hongzhong.engine import score
from scoring.hongzhong.request import MAX_SILVER, SILVER_PLACES
from scoring.hongzhong.rules import (
    BOOL_DEFAULTS,
    CHOICES,
    DEFAULTS,
    INT_KEYS,
    INT_ONLY,
    RULESETS,
    house_rule_defaults,
    make_rules,
)
from scoring.notation import canonical_melds, canonical_tiles
from scoring.seat_draw import random_dealer
from scoring.tiles import RED, code

# HZ12.1: a round's fields besides the context the app supplies.
HAND_FIELDS = ("winners", "discarder", "robbed_kong", "kongs", "piao_fen")

FEATURES = Features(
    indicator=False,  # HZ4: nothing is turned up; the 紅中 are the wilds
    wild_names=words("红中", "紅中", "Red Dragon"),
    discard_wins=True,  # HZ3.2: 抓炮, unless the house rule discard_win is off
    discard_wins_rule="discard_win",
    several_winners=True,  # HZ3.3: 一炮多響, house rule multi_win
    several_winners_rule="multi_win",
    unit="points",
    unit_names=words("分", "分", "points"),
    draw_names=words("流局", "流局", "Draw"),
    rule_ids={"payments": "HZ9.3", "house_rules": "HZ16", "draw": "HZ11"},
    hand_size="hand_points",  # HZ7: each winner's hand points, in its entry of ``wins``
    # HZ2.2: 「若一炮多响时放炮者坐庄」; the winner 抓炮 (HZ3.2)
    discard_names=words("放炮", "放炮", "discard"),
    silver_help=words(
        "每笔钱 = 分 × 基础银子（HZ9.3）",
        "每筆錢 = 分 × 基礎銀子（HZ9.3）",
        "Each payment = points × base silver (HZ9.3)",
    ),
)

# Every house-rule key's rule id and its name in zh-hans, zh-hant and en, and each choice's name
# (house_rules.json beside this module: words for people, kept apart from the engine's texts).
LABELS, CHOICE_LABELS = read_labels(__package__)


def specials(indicator: object = None, rules: object = None) -> dict:
    """HZ4: every 紅中 is a wild, whatever was turned up (nothing is); no stand-ins, no bar
    tiles."""
    return {"wild": code(RED), "stand_ins": [], "bar_tiles": []}


def house_rules(ruleset: str = "hongzhong") -> tuple[HouseRule, ...]:
    """HZ16: every key ``make_rules`` takes, with its bounds (``INT_KEYS``, ``INT_ONLY``)."""
    defaults = house_rule_defaults(ruleset)  # E_RULES for another ruleset
    out = []
    for key in DEFAULTS:
        rule_id, hans, hant, en = LABELS[key]
        common = {"default": defaults[key], "labels": words(hans, hant, en), "rule_id": rule_id}
        if key in INT_KEYS:
            _default, low, high = INT_KEYS[key]
            out.append(HouseRule(key, "int", low, high, choices=INT_ONLY.get(key, ()), **common))
        elif key in CHOICES:
            labels = {c: words(*CHOICE_LABELS[key][c]) for c in CHOICES[key]}
            out.append(
                HouseRule(key, "choice", choices=CHOICES[key], choice_labels=labels, **common)
            )
        else:
            assert key in BOOL_DEFAULTS
            out.append(HouseRule(key, "bool", **common))
    return tuple(out)


def canonical(hand: Mapping) -> dict:
    """A copy of a round's fields with every tile string compact (HZ1): each winner's
    ``concealed``, ``win_tile``, ``birds`` and ``melds``, and the ``kongs``' tiles. What the
    engine cannot read is left as written, for it to refuse in its own words (HZ15).

    >>> canonical({"winners": [{"seat": "E", "concealed": "1m 1m 2 3m", "win_tile": " 3m",
    ...     "birds": "2m 4z"}], "kongs": [{"seat": "S", "kind": "kong", "tiles": "5 5 5 5p"}]})
    {'winners': [{'seat': 'E', 'concealed': '1123m', 'win_tile': '3m', 'birds': '2m4z'}], 'kongs': [{'seat': 'S', 'kind': 'kong', 'tiles': '5555p'}]}
    """
    out = dict(hand)
    winners = out.get("winners")
    if isinstance(winners, list):
        out["winners"] = [_canonical_winner(entry) for entry in winners]
    if "kongs" in out:
        out["kongs"] = canonical_melds(out["kongs"])
    return out


def _canonical_winner(entry: object) -> object:
    if not isinstance(entry, Mapping):
        return entry
    out = dict(entry)
    for field in ("concealed", "win_tile", "birds"):
        if field in out:
            out[field] = canonical_tiles(out[field])
    if "melds" in out:
        out["melds"] = canonical_melds(out["melds"])
    return out


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
    first_dealer=random_dealer("HZ2.2"),  # HZ2.2: 「首局随机确认庄家」
    hand_fields=HAND_FIELDS,
    canonical=canonical,
    win_requires=("winners",),
    draw_fields=("kongs",),  # HZ10.3: kongs still pay on a draw (kong_pays_on_draw)
    features=FEATURES,
    specials=specials,
    house_rules_of=house_rules,
    max_silver=MAX_SILVER,
    silver_places=SILVER_PLACES,
)
