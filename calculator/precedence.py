"""The rule books' order of refusals (R11, AJ12, HZ15) kept by what the app checks itself.

A round of a sitting is checked by the app before the engine scores it: its fields, and a winner
among the seats in play. The rule books refuse a request that cannot be read at all
(E_NOTATION) before anything about the table (E_CONTEXT), so before the app answers E_CONTEXT for
a winner who is not at the table, it asks the engine whether the hand can be read: a hand that
cannot (``"concealed": "x "``) is that E_NOTATION, as it is on ``POST /api/score/``.
"""

from __future__ import annotations

from collections.abc import Mapping

from calculator.errors import CalculatorError
from scoring.base import Game


def notation_error(game: Game, hand: Mapping, seats: tuple[str, ...]) -> CalculatorError | None:
    """The engine's E_NOTATION for ``hand`` read at a table of ``seats`` with a winner in play,
    or None when the engine can read it (whatever else it would refuse)."""
    request = {
        **hand,
        "game": game.code,
        "winner": seats[0],
        "dealer": seats[0],
        "dealer_streak": 0,
        "player_count": len(seats),
        "ruleset": game.default_ruleset,
        "rules": {},
        "base_silver": "1",
    }
    error = game.score(request).get("error")
    if not error or error["code"] != "E_NOTATION":
        return None
    return CalculatorError(
        error["code"], error["message"], error["message_en"], field=error.get("field")
    )
