"""Zhuzhi Hongzhong mahjong (筑志紅中麻將): the rule book ``hongzhong-rules.md`` (HZ1–HZ17) as
code, no Django.

``GAME`` is the game's entry in ``scoring.games.GAMES``.

>>> from scoring.hongzhong import score
>>> score({"game": "hongzhong", "dealer": "E", "winners": [{"seat": "S",
...     "concealed": "234m567m345p78s22p5z", "win_tile": "2p", "birds": "3m6p"}]})["net"]
{'E': '-2', 'S': '8', 'W': '-3', 'N': '-3'}
"""

from __future__ import annotations

from collections.abc import Mapping

from scoring.games import Game
from scoring.hongzhong.engine import score
from scoring.hongzhong.errors import ERROR_CODES, HongzhongError
from scoring.hongzhong.rules import DEFAULTS, RULESETS, house_rule_defaults, make_rules
from scoring.notation import canonical_melds, canonical_tiles

# HZ12.1: a round's fields besides the context the app supplies.
HAND_FIELDS = ("winners", "discarder", "robbed_kong", "kongs", "piao_fen")


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
    hand_fields=HAND_FIELDS,
    canonical=canonical,
    win_requires=("winners",),
    draw_fields=("kongs",),  # HZ10.3: kongs still pay on a draw (kong_pays_on_draw)
)

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
