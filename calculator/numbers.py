"""Numbers from people and programs, read one way: every field of the API, the pages' forms and
the import that takes a number reads it here.

- ``decimal_of``: an amount written with the digits 0–9 (sign, point, exponent as JSON writes a
  number), finite; exact as written, so that "1e1000000" is read as the huge number it is and
  refused by its bound (``fits``), which compares without a context, before anything quantizes
  or writes it out (either would overflow the decimal context or write a million digits).
- ``written_amount``: an amount as the pages ask for one, the digits 0–9 with an optional
  decimal point ("20", "2.5"): no sign, no exponent ("1e3" is not 1000), no other script's digits,
  no "Infinity" or "NaN"; a JSON number is read as ``decimal_of`` reads it.
- ``whole_of``: a whole number written with the digits 0–9, a JSON integer (never a boolean) or
  text; other scripts' digits ("１２", "١٢", "²"), exponents, "0x10" and "1_000" are not.
- ``an_id`` / ``id_of``: a row's id, 1 … 2⁶³ − 1 (what a database's key holds).
- ``shown``: the value as a refusal quotes it, cut short (``scoring.echo``).

>>> decimal_of("0.50"), decimal_of(" 2 "), decimal_of("1e3"), decimal_of("NaN"), decimal_of("١")
(Decimal('0.50'), Decimal('2'), Decimal('1E+3'), None, None)
>>> fits(decimal_of("1e1000000"), Decimal(1), Decimal(10**9), 4), fits(Decimal("0.00001"), 0, 1, 4)
(False, False)
>>> written_amount("2.5"), written_amount(" 20 "), written_amount("1e3"), written_amount(3)
(Decimal('2.5'), Decimal('20'), None, Decimal('3'))
>>> whole_of("12"), whole_of(12), whole_of("１２"), whole_of(True), whole_of("9" * 30, most=10**9)
(12, 12, None, None, None)
>>> id_of("7"), id_of(str(2**63)), id_of(0)
(7, None, None)
"""

from __future__ import annotations

import json
import re
from decimal import Decimal, InvalidOperation

from scoring import AMOUNT_TEXT
from scoring.echo import ECHO_MOST, Echo, plain, shown

__all__ = [
    "ECHO_MOST",
    "ID_MOST",
    "Echo",
    "an_id",
    "decimal_of",
    "fits",
    "id_of",
    "plain",
    "shown",
    "shown_json",
    "whole_of",
    "written_amount",
]

# A row's id: a positive 64-bit integer.
ID_MOST = 2**63 - 1
_WHOLE_TEXT = re.compile(r"[0-9]+")
# An amount as a person writes one on a page: digits, and a decimal point if any.
_WRITTEN_AMOUNT = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+")
# Spaces around a number typed into a form are not part of it; other scripts' spaces are.
_SPACES = " \t\r\n"


def decimal_of(raw: object) -> Decimal | None:
    """A finite decimal from a JSON number or a string of ASCII digits, or None when it is not
    one. Decimal() alone would also take "5_000" and other scripts' digits ("٥", "５"); an amount
    is written the way the engine reads one (``scoring.AMOUNT_TEXT``)."""
    if isinstance(raw, bool) or not isinstance(raw, str | int | float | Decimal):
        return None
    try:
        text = str(raw).strip(_SPACES)
    except ValueError:  # an integer past the digits Python writes out
        return None
    if not AMOUNT_TEXT.fullmatch(text):
        return None
    try:
        value = Decimal(text)
    except InvalidOperation:
        return None
    if not value.is_finite():
        return None
    return value


def written_amount(raw: object) -> Decimal | None:
    """An amount written as the pages ask for one: the digits 0–9 with at most one decimal point
    (the spaces a phone's keyboard adds around it aside), or None. ``decimal_of`` also takes a
    sign and an exponent, as JSON writes a number; a person typing "1e3" did not mean 1000. A
    JSON number (not text) is read as ``decimal_of`` reads it."""
    if isinstance(raw, str) and not _WRITTEN_AMOUNT.fullmatch(raw.strip(_SPACES)):
        return None
    return decimal_of(raw)


def fits(amount: Decimal | None, least: Decimal | int, most: Decimal | int, places: int) -> bool:
    """Whether ``amount`` is from ``least`` to ``most`` with at most ``places`` decimal places
    as written; compared and counted without the decimal context, so an amount of any size is
    answered (and never quantized, normalized or written out)."""
    if amount is None or not least <= amount <= most:
        return False
    return amount.as_tuple().exponent >= -places  # type: ignore[operator]


def whole_of(
    raw: object, *, least: int | None = None, most: int | None = None, text: bool = True
) -> int | None:
    """A whole number from a JSON integer or (with ``text``) text of the digits 0–9 with an
    optional minus, or None; also None outside ``least`` … ``most`` where given. Text longer
    than ``most`` could be written is refused before it is read."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        value = raw
    elif isinstance(raw, str) and text:
        written = raw.strip(_SPACES)
        negative = written.startswith("-")
        digits = written[1:] if negative else written
        longest = len(str(max(abs(least or 0), abs(most or 0)))) if most is not None else 19
        if not _WHOLE_TEXT.fullmatch(digits) or len(digits.lstrip("0")) > longest:
            return None
        value = -int(digits) if negative else int(digits)
    else:
        return None
    if (least is not None and value < least) or (most is not None and value > most):
        return None
    return value


def an_id(value: object) -> bool:
    """Whether ``value`` can be a row's id: a JSON integer 1 … 2⁶³ − 1."""
    return type(value) is int and 0 < value <= ID_MOST


def id_of(raw: object) -> int | None:
    """A row's id from a JSON integer or text of the digits 0–9, or None."""
    return whole_of(raw, least=1, most=ID_MOST)


def shown_json(value: object, most: int = ECHO_MOST) -> str:
    """A refused value of a JSON body as a message quotes it: as JSON writes it (text in double
    quotes), short; a list or an object as ``[…]`` or ``{…}``."""
    if isinstance(value, list | dict):
        return "[…]" if isinstance(value, list) else "{…}"
    try:
        text = json.dumps(value, ensure_ascii=False)
    except ValueError:
        text = "…"
    return text if len(text) <= most else f"{text[: most - 1]}…"
