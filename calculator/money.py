"""Money as text: exact decimals written the way the engine writes them ("12", "0.5", "-3")."""

from __future__ import annotations

from decimal import Decimal

from scoring.base import Game

# What the ledger stores of a sitting's base silver (Session.base_silver: 12 digits, 4 places).
STORED_SILVER = Decimal("99999999.9999")
STORED_PLACES = 4

ZERO = Decimal("0")


def money_str(amount: Decimal | int | str) -> str:
    """Normalized decimal string without exponent or trailing zeros.

    >>> money_str(Decimal("12.00")), money_str(Decimal("1E+1")), money_str(Decimal("-0.50"))
    ('12', '10', '-0.5')
    """
    value = Decimal(amount)
    if value == 0:
        return "0"
    return format(value.normalize(), "f")


def silver_bounds(game: Game, *, stored: bool = False) -> tuple[Decimal, Decimal, int]:
    """Base silver's least and most and its most decimal places for ``game``: its engine's own
    (``Game.max_silver``, ``silver_places``), within what the ledger stores for a sitting
    (``stored``). The pages' forms and the services read it from here."""
    most, places = game.max_silver, game.silver_places
    if stored:
        most, places = min(most, STORED_SILVER), min(places, STORED_PLACES)
    return Decimal(1).scaleb(-places), most, places
