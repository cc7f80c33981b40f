"""Money as every game writes it (R9, AJ11.1, HZ9.3): exact decimals, no exponent, no trailing
zeros."""

from __future__ import annotations

from decimal import Decimal
from functools import lru_cache


@lru_cache(maxsize=4096)
def money(amount: Decimal) -> str:
    """A decimal string without exponent or trailing zeros.

    >>> money(Decimal("16.00")), money(Decimal("8.50")), money(Decimal("0E-4"))
    ('16', '8.5', '0')
    """
    if amount == 0:
        return "0"
    return format(amount.normalize(), "f")


def grouped(amount: Decimal | str) -> str:
    """An amount as a sentence for people writes it: digits grouped by three, exact, as the pages
    write amounts (80,000,000; 1,234.5).

    >>> grouped(Decimal("126000000")), grouped("1234.50"), grouped("8")
    ('126,000,000', '1,234.5', '8')
    """
    value = Decimal(amount)
    return "0" if value == 0 else format(value.normalize(), ",f")


@lru_cache(maxsize=4096)
def amount_of(units: int, silver: Decimal) -> str:
    """``units`` (fan units or points) × base silver as a money string, exact.

    >>> amount_of(3, Decimal("2.5")), amount_of(0, Decimal("1"))
    ('7.5', '0')
    """
    return money(Decimal(units) * silver)
