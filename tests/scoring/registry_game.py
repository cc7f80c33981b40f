"""A test-only game for the registry's tests: four seats, no wild, 2 points a self-drawn win."""

from __future__ import annotations

from scoring.base import Game

SEATS = ("E", "S", "W", "N")


def score(request: dict) -> dict:
    winner = request.get("winner")
    if winner not in SEATS:
        return {"error": {"code": "E_CONTEXT", "message": "winner", "message_en": "winner"}}
    others = [seat for seat in SEATS if seat != winner]
    payments = [{"from": seat, "to": winner, "amount": "2"} for seat in others]
    return {"items": [], "payments": payments, "total": "6"}


GAME = Game(
    code="registry_test",
    names={"zh-hans": "测试", "zh-hant": "測試", "en": "Test"},
    seat_counts=(4,),
    rulesets=("registry_test",),
    score=score,
    waits=None,
    house_rule_defaults=lambda ruleset: {"points": 2, "on": True},
    make_rules=lambda ruleset, overrides=None: dict(overrides or {}),
    next_dealer=lambda dealer, streak, winner, players: (dealer, streak + 1),
    dealer_base=lambda rules, streak: None,
    hand_fields=("winner",),
    win_requires=("winner",),
)
