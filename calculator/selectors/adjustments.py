"""A sitting's adjustments (penalties, side payments, chip corrections) as the API lists them."""

from __future__ import annotations

from typing import Any

from calculator.errors import not_found
from calculator.models import Round, Session
from calculator.selectors.ledger import round_as_dict

# A sitting's adjustments listed at once: far more than a table ever enters (a round cap bounds
# them anyway).
ADJUSTMENTS_LISTED = 1000


def adjustments_list(session: Session) -> list[dict[str, Any]]:
    """The sitting's adjustments (penalties, side payments, chip corrections), in order."""
    rows = (
        session.rounds.filter(result=Round.ADJUSTMENT)
        .prefetch_related("payments")
        .select_related("rules_version")
        .order_by("number")[:ADJUSTMENTS_LISTED]
    )
    return [round_as_dict(row) for row in rows]


def adjustment_detail(session: Session, number: int) -> dict[str, Any]:
    game_round = (
        session.rounds.select_related("rules_version")
        .filter(number=number, result=Round.ADJUSTMENT)
        .first()
    )
    if game_round is None:
        raise not_found(
            f"本場第 {number} 條不是調整（或沒有這一條）。",
            f"Entry {number} of this session is not an adjustment (or there is none).",
        )
    return round_as_dict(game_round)
