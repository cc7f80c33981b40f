"""A test-only fourth game: four seats, no wild, no indicator, self-drawn wins only. Each of the
three others pays the winner a fixed number of points (the house rule ``points``, default 3)
times the base silver; a draw moves nothing; the winner deals next (the dealer's streak grows
when the dealer wins)."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from types import MappingProxyType
from typing import Any

from scoring.base import SEATS, Features, Game, HouseRule, words
from scoring.errors import ScoringError

CODE = "fourth"
DEFAULT_POINTS = 3
HOUSE_RULES = (
    HouseRule(
        "points", "int", 1, 50, DEFAULT_POINTS, labels=words("每家付分", "每家付分", "Points")
    ),
)


def house_rule_defaults(ruleset: str) -> dict[str, Any]:
    return {rule.key: rule.default for rule in HOUSE_RULES}


def make_rules(ruleset: str, overrides: Mapping[str, Any] | None = None) -> Mapping[str, Any]:
    if ruleset != CODE:
        raise ScoringError("E_RULES", f"未知的规则 {ruleset!r}", f"unknown ruleset {ruleset!r}")
    rules = house_rule_defaults(ruleset)
    for key, value in (overrides or {}).items():
        schema = next((rule for rule in HOUSE_RULES if rule.key == key), None)
        if schema is None or not schema.allows(value):
            raise ScoringError("E_RULES", f"家规 {key!r} 不对", f"bad house rule {key!r}")
        rules[key] = value
    return MappingProxyType(rules)


def _error(code: str, what: str) -> dict:
    return ScoringError(code, what, what).as_dict()


def score(request: dict) -> dict:
    if not isinstance(request, dict):
        return _error("E_SHAPE", "request")
    try:
        rules = make_rules(request.get("ruleset", CODE), request.get("rules"))
    except ScoringError as error:
        return error.as_dict()
    if request.get("player_count", 4) != 4:
        return _error("E_CONTEXT", "player_count")
    winner = request.get("winner")
    if winner not in SEATS:
        return _error("E_CONTEXT", "winner")
    try:
        silver = Decimal(str(request.get("base_silver", "1")))
    except ArithmeticError:
        return _error("E_CONTEXT", "base_silver")
    points = rules["points"]
    amount = silver * points
    payments = [
        {"from": seat, "to": winner, "amount": str(amount), "points": points}
        for seat in SEATS
        if seat != winner
    ]
    item = {
        "code": "SELF_DRAWN",
        "rule_id": "F1",
        "name": "自摸",
        "name_en": "Self-drawn",
        "count": points,
    }
    return {"items": [item], "payments": payments, "total": str(amount * 3)}


def next_dealer(dealer: str, streak: int, winner: str | None, players: int) -> tuple[str, int]:
    if winner is None:  # a draw: the dealer deals again
        return dealer, streak
    return winner, streak + 1 if winner == dealer else 0


GAME = Game(
    code=CODE,
    names={"zh-hans": "第四种", "zh-hant": "第四種", "en": "Fourth"},
    seat_counts=(4,),
    rulesets=(CODE,),
    score=score,
    waits=None,
    house_rule_defaults=house_rule_defaults,
    make_rules=make_rules,
    next_dealer=next_dealer,
    dealer_base=lambda rules, streak: None,
    hand_fields=("winner",),
    win_requires=("winner",),
    features=Features(),
    house_rules_of=lambda ruleset: HOUSE_RULES,
)
