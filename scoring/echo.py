"""A value of a request as a refusal quotes it: short, whatever was sent.

A refusal names the value it refuses so a person can find it, but never grows with it: a base
silver of 400 digits, a house rule of ``10**400`` or ``"1e1000000"`` is quoted cut to
``ECHO_MOST`` characters. The engine's messages and the app's (``calculator.numbers``) quote
through here, so every answer quotes a value the same way.

>>> shown("1e1000000"), shown("9" * 60)
("'1e1000000'", "'99999999999999999999999999999999999999…")
>>> plain(10**50), shown([1, 2]), shown({"a": 1}), shown(None)
('100000000000000000000000000000000000000…', '[…]', '{…}', 'None')
>>> f"got {Echo('x' * 50)!r} / 「{Echo(7)}」"
"got 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… / 「7」"
"""

from __future__ import annotations

ECHO_MOST = 40


def _cut(text: str, most: int) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


def _written(value: object, write: type[str] | object) -> str:
    if isinstance(value, list | tuple):
        return "[…]" if value else "[]"
    if isinstance(value, dict):
        return "{…}" if value else "{}"
    try:
        return write(value)  # type: ignore[operator]
    except ValueError:  # an integer past the 4,300 digits Python writes out
        return "…"


def shown(value: object, most: int = ECHO_MOST) -> str:
    """``value`` as a program wrote it (its repr: text in quotes), cut to ``most`` characters;
    a list or an object as ``[…]`` or ``{…}``."""
    return _cut(_written(value, repr), most)


def plain(value: object, most: int = ECHO_MOST) -> str:
    """``value`` as text (no quotes), cut to ``most`` characters."""
    return _cut(_written(value, str), most)


class Echo:
    """A value to put in a message template: ``{value}`` writes ``plain``, ``{value!r}``
    ``shown``; so a template written for the value itself quotes it short."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __str__(self) -> str:
        return plain(self.value)

    def __format__(self, spec: str) -> str:
        return format(plain(self.value), spec)

    def __repr__(self) -> str:
        return shown(self.value)
