"""A sitting's seat changes (換座位) as the API lists them."""

from __future__ import annotations

from typing import Any

from calculator.errors import not_found
from calculator.models import Round, Session
from calculator.selectors.ledger import round_as_dict

# A sitting's seat changes listed at once: far more than a table ever makes (a round cap bounds
# them anyway).
SEAT_CHANGES_LISTED = 1000


def seat_changes_list(session: Session) -> list[dict[str, Any]]:
    """The sitting's seat changes, in order, each with who moved where."""
    rows = (
        session.rounds.filter(result=Round.SEAT_CHANGE)
        .select_related("rules_version", "session")
        .order_by("number")[:SEAT_CHANGES_LISTED]
    )
    return [round_as_dict(row, payments=()) for row in rows]


def seat_change_detail(session: Session, number: int) -> dict[str, Any]:
    game_round = (
        session.rounds.select_related("rules_version", "session")
        .filter(number=number, result=Round.SEAT_CHANGE)
        .first()
    )
    if game_round is None:
        raise not_found(
            f"本場第 {number} 條不是換座位（或沒有這一條）。",
            f"Entry {number} of this session is not a seat change (or there is none).",
        )
    return round_as_dict(game_round, payments=())
