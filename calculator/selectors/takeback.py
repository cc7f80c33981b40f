"""The session page's take-back tools, read before anything is done.

``undo_preview`` says what undoing the last round would change: the round, and each seat's
balance before and after (R9: the rounds after it are voided already and move nothing).
``session_restart`` is what a new sitting of the same table starts from: the same game and
people in the same seats (R2.1), ruleset and base silver (R3, R9), and the house rules in force
now (R12).
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from calculator.models import Round, Session
from calculator.money import money_str
from calculator.selectors.ledger import winner_fields
from calculator.selectors.sittings import (
    SEAT_FIELDS,
    current_rules_version,
    seat_names,
    seats_of,
    session_balances,
)


def last_live_round(session: Session) -> Round | None:
    """The round an undo takes back: the newest one that is not voided (without its hand and
    scoring)."""
    return (
        session.rounds.filter(voided=False)
        .order_by("-number")
        .only("number", "result", "winner", "fan", "voided")
        .first()
    )


def undo_preview(
    session: Session, balances: Mapping[str, Decimal] | None = None
) -> dict[str, Any] | None:
    """What undoing the last round would do, before it is done: the round, and each seat's
    balance before and after with the change. None when no round counts.

    The undo voids the newest round that counts; the rounds after it are all voided already and
    move no money, so the balances after are today's without that round's payments (R9).
    ``balances``: today's, when the caller has them."""
    game_round = last_live_round(session)
    if game_round is None:
        return None
    before = dict(balances) if balances is not None else session_balances(session)
    after = dict(before)
    for payment in game_round.payments.all():
        after[payment.payer] += payment.amount
        after[payment.payee] -= payment.amount
    return {
        "number": game_round.number,
        "result": game_round.result,
        **winner_fields(game_round.winner),
        "fan": game_round.fan,
        # An adjustment's kind and reason, or a hand's discarder: for the question to name them.
        "hand": game_round.hand or {},
        "seats": {
            seat: {
                "before": money_str(before[seat]),
                "after": money_str(after[seat]),
                "delta": money_str(after[seat] - before[seat]),
            }
            for seat in seats_of(session)
        },
    }


def session_restart(session: Session) -> dict[str, Any]:
    """What a new sitting of the same table starts from: the same game and players in the same
    seats (R2.1), the same ruleset and base silver (R3, R9), and the house rules in force now
    (R12)."""
    version = current_rules_version(session)
    return {
        "name": session.name,
        "game": session.game,
        "player_count": session.player_count,
        "players": seat_names(session),
        # The same people, not only the same names: a roster may have two of one name.
        "player_ids": {
            seat: getattr(session, f"{field}_id")
            for seat, field in SEAT_FIELDS.items()
            if getattr(session, f"{field}_id") is not None
        },
        "ruleset": session.ruleset,
        "base_silver": money_str(session.base_silver),
        "rules": version.overrides if version else {},
    }
