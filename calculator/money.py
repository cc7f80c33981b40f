"""Money as text: exact decimals written the way the engine writes them ("12", "0.5", "-3")."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation


def money_str(amount: Decimal | int | str) -> str:
    """Normalized decimal string without exponent or trailing zeros.

    >>> money_str(Decimal("12.00")), money_str(Decimal("1E+1")), money_str(Decimal("-0.50"))
    ('12', '10', '-0.5')
    """
    value = Decimal(amount)
    if value == 0:
        return "0"
    return format(value.normalize(), "f")


def parse_money(raw: object) -> Decimal | None:
    """A positive finite decimal from a string or number, or None when it is not one."""
    if isinstance(raw, bool) or not isinstance(raw, str | int | float | Decimal):
        return None
    try:
        value = Decimal(str(raw).strip())
    except InvalidOperation:
        return None
    if not value.is_finite():
        return None
    return value
