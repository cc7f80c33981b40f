"""推倒胡's ``GAME``: what it declares of itself (T1–T10)."""

from __future__ import annotations

from scoring.base import Features, Game, words
from tests.fourth_game.tuidao import engine
from tests.fourth_game.tuidao.rules import CODE, house_rule_defaults, house_rules, make_rules

FEATURES = Features(
    indicator=False,  # T1: nothing is turned up
    wild_names=None,  # T1: no wild
    discard_wins=True,  # T4.2: always, no house rule
    # T6: a hand's fan turn into points, and points are what is paid (T7) and what a hand is
    # worth (its result's ``points``, Features.hand_size's default).
    unit="points",
    unit_names=words("分", "分", "points"),
    draw_names=words("流局", "流局", "Draw"),
    rule_ids={"payments": "T7", "house_rules": "T9", "draw": "T8"},
)

GAME = Game(
    code=CODE,
    names=words("推倒胡", "推倒胡", "Tuidao Hu"),
    seat_counts=(2, 3, 4),  # T2.1
    rulesets=(CODE,),
    score=engine.score,
    waits=None,
    house_rule_defaults=house_rule_defaults,
    make_rules=make_rules,
    next_dealer=engine.next_dealer,
    dealer_base=lambda rules, streak: None,  # T2.2: no payment depends on the dealer
    hand_fields=("winner", "discarder", "concealed", "win_tile", "melds"),
    features=FEATURES,
    house_rules_of=house_rules,
    error_codes=("E_DISCARDER",),  # T4.2
)
