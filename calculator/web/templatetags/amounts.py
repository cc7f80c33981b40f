"""``{% load amounts %}``: an amount of money as a table reads it, digits grouped by three.

Every page that shows money — balances, payments, settle-up, the why pages' sums, the player's and
the group's pages, the settle picture — writes it through ``amount`` (or ``signed_amount`` for a
change), so one number reads the same everywhere::

    {{ row.balance|amount }}          80,000,000 · -1,234.5 · 0.25
    {{ change.delta|signed_amount }}  +80,000,000 · -4 · 0

The grouping is the same in 简体, 繁體 and English: 80,000,000, never 8,000万. A base silver may
have decimals (0.0001 … ), and 8,000万 would write 80,000,000.5 as "8,000万0.5" or round it;
grouped digits write every amount exactly, read the same in the three languages, and are how a
phone's calculator and a bank's slip write money at these tables. An amount is exact (the ledger's
decimals): nothing is rounded, the decimals are written as stored.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django import template

register = template.Library()


def grouped(value: object) -> str:
    """``value`` (a Decimal, an int or the ledger's text) with its whole part grouped by three;
    what is not a number is given back as it is.

    >>> grouped("80000000"), grouped("-240000000.5"), grouped(1000), grouped("12"), grouped("—")
    ('80,000,000', '-240,000,000.5', '1,000', '12', '—')
    """
    try:
        number = Decimal(str(value).strip())
    except (InvalidOperation, ValueError):
        return "" if value is None else str(value)
    if not number.is_finite():
        return str(value)
    if number == 0:
        return "0"
    text = format(number.normalize(), "f")
    sign = "-" if text.startswith("-") else ""
    whole, _, decimals = text.lstrip("-").partition(".")
    out = f"{sign}{int(whole):,}"
    return f"{out}.{decimals}" if decimals else out


@register.filter
def amount(value: object) -> str:
    """``{{ value|amount }}``: 80,000,000 (see the module)."""
    return grouped(value)


@register.filter
def signed_amount(value: object) -> str:
    """``{{ delta|signed_amount }}``: a change with its sign, grouped: "+80,000", "-4", "0"."""
    text = grouped(value if value not in (None, "") else 0)
    return f"+{text}" if text[:1].isdigit() and text != "0" else text
