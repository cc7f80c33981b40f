"""Reading a score request's fields, for every game: tile strings, seats, lists of entries,
integers (and their bounds), booleans and base silver.

Each reader raises the game's error (``Words.error``) with the code its rule book gives and a
message naming the field, in the game's own words (``Words``: one pair of templates, Chinese and
English, per kind of fault). A game's request reader is then a list of its fields in its rule
book's precedence order: every ``E_NOTATION`` read first, then the rules, then the ``E_CONTEXT``
checks (``bounded``, ``seat``, ``silver_in_bounds``).

A template is formatted with ``str.format``; a value given as a pair ``(zh, en)`` is written in
each language as its own half (a field's name, a list of seats).

>>> words = Words(error=ScoringError, integer=("{name} 应是整数", "{name} must be a whole number"))
>>> integer({"piao": 2}, "piao", words)
2
>>> integer({"piao": "2"}, "piao", words)
Traceback (most recent call last):
...
scoring.errors.ScoringError: E_NOTATION: piao must be a whole number
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Any

from scoring.echo import Echo
from scoring.errors import ScoringError

# A pair of message templates: Chinese, English.
Text = tuple[str, str]
# An amount written as text: ASCII digits, an optional sign, point and exponent, as JSON writes a
# number. Decimal() also reads "5_000", "٥" or "５"; none of those is an amount a player typed.
AMOUNT_TEXT = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_MISSING = object()


@dataclass(frozen=True)
class Words:
    """A game's error type and the words of its reading errors (templates, see the module)."""

    error: Callable[[str, str, str], ScoringError]
    not_object: Text = ("请求应是一个 JSON 对象", "the request must be a JSON object")
    missing: Text = ("缺少 {name}", "{name} is missing")
    integer: Text = (
        "{name} 应是整数，收到 {value!r}",
        "{name} must be a whole number, got {value!r}",
    )
    boolean: Text = (
        "{name} 应是 true 或 false，收到 {value!r}",
        "{name} must be true or false, got {value!r}",
    )
    not_list: Text = ("{name} 应是一个列表", "{name} must be a list")
    not_entry: Text = (
        "{name} 第 {number} 项应是一个对象",
        "{name} entry {number} must be an object",
    )
    # E_CONTEXT: an integer out of its bounds (``low``, ``high``)
    bounds: Text = (
        "{name} 应在 {low}–{high} 之间，收到 {value}",
        "{name} must be from {low} to {high}, got {value}",
    )
    # E_NOTATION: a seat that is not text at all (where the rule book reads it so)
    seat_text: Text = ("{name} 应是座位 E、S、W、N 之一", "{name} must be one of E S W N")
    # E_CONTEXT: a seat not in play (``seats``); ``seat_missing`` where null has words of its own
    seat: Text = (
        "{name} 应是座位 {seats} 之一，收到 {value!r}",
        "{name} must be one of the seats {seats}, got {value!r}",
    )
    seat_missing: Text | None = None
    # base silver: not a number type; not amount text; not finite; out of bounds
    silver_type: Text = ("{name}「{value}」不是数字", "{name} '{value}' is not a number")
    silver_text: Text = ("{name}「{value}」不是数字", "{name} '{value}' is not a number")
    silver_finite: Text = ("{name}「{value}」不是数字", "{name} '{value}' is not a number")
    silver_bounds: Text = (
        "{name} 不能超过 {most}，最多 {places} 位小数",
        "{name} must be at most {most}, with at most {places} decimal places",
    )

    def fail(self, code: str, text: Text, **values: Any) -> ScoringError:
        """The game's error ``code`` with ``text`` filled in (a pair value gives each language
        its half). The value refused is quoted short (``scoring.echo``)."""
        if "value" in values:
            values["value"] = Echo(values["value"])
        zh = {k: v[0] if type(v) is tuple else v for k, v in values.items()}
        en = {k: v[1] if type(v) is tuple else v for k, v in values.items()}
        return self.error(code, text[0].format(**zh), text[1].format(**en))


@dataclass(frozen=True)
class Silver:
    """A game's base-silver bounds, as its engine keeps them.

    ``above_zero``: the amount must be above 0 (Anqing R9; 0 or less is out of bounds); otherwise
    it is 0 or more and a negative amount is not read at all (E_NOTATION). ``written_places``:
    count the decimal places as written (``"1.50000"`` has five), not as the amount has them.
    ``text``: the pattern an amount written as text must match.
    """

    most: Decimal
    places: int
    above_zero: bool = False
    written_places: bool = False
    text: re.Pattern[str] = AMOUNT_TEXT


def request_object(request: object, words: Words) -> Mapping:
    """The request itself: a JSON object (E_NOTATION)."""
    if type(request) is not dict and not isinstance(request, Mapping):
        raise words.fail("E_NOTATION", words.not_object)
    return request


def required(request: Mapping, name: str, words: Words, *, empty: bool = False) -> Any:
    """A field that must be given: absent or ``null`` (and ``""`` with ``empty``) is
    E_NOTATION."""
    value = request.get(name)
    if value is None or (empty and value == ""):
        raise words.fail("E_NOTATION", words.missing, name=name)
    return value


def tiles(
    request: Mapping,
    name: str,
    words: Words,
    parse: Callable[[Any, str], Any],
    *,
    empty: bool = False,
) -> Any:
    """A required tile field read by the game's ``parse(text, field)`` (one tile or many); its
    notation errors are the parser's (E_NOTATION naming the field)."""
    return parse(required(request, name, words, empty=empty), name)


def optional_tiles(
    request: Mapping, name: str, parse: Callable[[Any, str], Any], default: Any = ()
) -> Any:
    """An optional tile field: absent or ``null`` is ``default``."""
    value = request.get(name)
    return default if value is None else parse(value, name)


def integer(
    request: Mapping,
    name: str,
    words: Words,
    default: int = 0,
    *,
    label: str | tuple[str, str] | None = None,
) -> int:
    """An integer field (a JSON integer: booleans, strings and ``3.0`` are E_NOTATION); absent
    or ``null`` is ``default``. ``label`` names it in the message where its key alone does not
    (an entry of an object field)."""
    value = request.get(name)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise words.fail("E_NOTATION", words.integer, name=label or name, value=value)
    return value


def boolean(request: Mapping, name: str, words: Words, *, null: bool = True) -> bool:
    """A boolean field (a JSON boolean), absent false; ``null`` is absent unless ``null`` is
    False (then it is E_NOTATION)."""
    value = request.get(name, False) if not null else request.get(name)
    if value is None and null:
        return False
    if not isinstance(value, bool):
        raise words.fail("E_NOTATION", words.boolean, name=name, value=value)
    return value


def entries(value: object, name: str, words: Words, *, objects: bool = True) -> list:
    """A list field whose entries are objects, absent or ``null`` empty (E_NOTATION otherwise,
    the list first, then its entries in order). With ``objects`` False the entries are left to
    ``entry``, one at a time, where a rule book reads each entry through before the next."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise words.fail("E_NOTATION", words.not_list, name=name)
    if objects:
        for number, item in enumerate(value, 1):
            entry(item, name, number, words)
    return value


def entry(value: object, name: str, number: int, words: Words) -> Mapping:
    """Entry ``number`` (from 1) of the list ``name``: an object (E_NOTATION)."""
    if not isinstance(value, Mapping):
        raise words.fail("E_NOTATION", words.not_entry, name=name, number=number)
    return value


def bounded(name: str, value: int, words: Words, low: int = 0, high: int | None = None) -> int:
    """E_CONTEXT unless ``low <= value`` (and ``<= high`` where given)."""
    if value < low or (high is not None and value > high):
        raise words.fail("E_CONTEXT", words.bounds, name=name, value=value, low=low, high=high)
    return value


def seat_text(request: Mapping, name: str, words: Words) -> str:
    """A required seat read as text (E_NOTATION); whether it is a seat is ``seat``'s."""
    value = required(request, name, words, empty=True)
    if not isinstance(value, str):
        raise words.fail("E_NOTATION", words.seat_text, name=name)
    return value


def seat(value: object, name: str, words: Words, seats: tuple[str, ...]) -> str:
    """E_CONTEXT unless ``value`` is one of ``seats`` (the seats in play)."""
    if value in seats:
        return value  # type: ignore[return-value]
    if value is None and words.seat_missing is not None:
        raise words.fail("E_CONTEXT", words.seat_missing, name=name)
    raise words.fail(
        "E_CONTEXT",
        words.seat,
        name=name,
        value=value,
        count=len(seats),
        seats=("、".join(seats), ", ".join(seats)),
    )


def silver(
    request: Mapping,
    words: Words,
    bounds: Silver,
    *,
    name: str = "base_silver",
    default: str = "1",
    null: bool = True,
) -> Decimal:
    """Base silver as an exact Decimal (E_NOTATION when it cannot be read: not a number or
    number text, not finite, or negative where 0 is the least). Absent is ``default``; so is
    ``null`` unless ``null`` is False. Its bounds are ``silver_in_bounds``'s."""
    value = request.get(name, default) if not null else request.get(name)
    if value is None and null:
        value = default
    if isinstance(value, bool) or not isinstance(value, str | int | float | Decimal):
        raise words.fail("E_NOTATION", words.silver_type, name=name, value=value)
    if type(value) is str or type(value) is int:  # equal Decimals may differ in places
        return _cached_amount(value, words, bounds, name)
    return _amount(value, words, bounds, name)


def _amount(value: str | int | float | Decimal, words: Words, bounds: Silver, name: str) -> Decimal:
    text = str(value).strip()
    try:
        amount = Decimal(text)
    except InvalidOperation:
        amount = None
    if amount is None or (amount.is_finite() and not bounds.text.fullmatch(text)):
        raise words.fail("E_NOTATION", words.silver_text, name=name, value=value)
    if not amount.is_finite():
        raise words.fail("E_NOTATION", words.silver_finite, name=name, value=value)
    if not bounds.above_zero and amount < 0:
        raise words.fail("E_NOTATION", words.silver_text, name=name, value=value)
    return amount


_cached_amount = lru_cache(maxsize=256, typed=True)(_amount)


def silver_in_bounds(
    amount: Decimal,
    words: Words,
    bounds: Silver,
    *,
    name: str = "base_silver",
    code: str = "E_CONTEXT",
    value: object = None,
) -> Decimal:
    """``code`` (E_CONTEXT unless the rule book reads it as notation) unless ``amount`` is within
    ``bounds``: at most ``most``, at most ``places`` decimals, above 0 where ``above_zero``."""
    if not (
        _in_bounds(amount, bounds) if bounds.written_places else _in_bounds_cached(amount, bounds)
    ):
        raise words.fail(
            code,
            words.silver_bounds,
            name=name,
            value=amount if value is None else value,
            most=bounds.most,
            places=bounds.places,
        )
    return amount


def _in_bounds(amount: Decimal, bounds: Silver) -> bool:
    if bounds.above_zero and amount <= 0:
        return False
    if amount > bounds.most:
        return False
    written = amount if bounds.written_places else amount.normalize()
    return written.as_tuple().exponent >= -bounds.places  # type: ignore[operator]


# Equal amounts are in bounds alike once the places are counted on the normalised amount.
_in_bounds_cached = lru_cache(maxsize=256)(_in_bounds)
