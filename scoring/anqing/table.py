"""Seats, the dealer's progression (R2) and the dealer's base and 連莊 bonus (R8)."""

from __future__ import annotations

from scoring.anqing.rules import Rules

SEATS: tuple[str, ...] = ("E", "S", "W", "N")  # R2.1, in order of play
# A seat as the texts name it: by its word, never by a letter (docs/engine-api.md).
SEAT_WORDS = {"E": "東家", "S": "南家", "W": "西家", "N": "北家"}
SEAT_WORDS_EN = {"E": "East", "S": "South", "W": "West", "N": "North"}
SEAT_LIST = ("東家、南家、西家、北家", "East, South, West, North")


def seat_word(seat: object, language: str = "zh-hant") -> str:
    """東家 / East for E …; what was typed, quoted, for a value that is not a seat.

    >>> seat_word("S"), seat_word("S", "en"), seat_word("Q")
    ('南家', 'South', '「Q」')
    """
    words = SEAT_WORDS_EN if language == "en" else SEAT_WORDS
    if isinstance(seat, str) and seat in words:
        return words[seat]
    return repr(seat) if language == "en" else f"「{seat}」"


def next_seat(seat: str) -> str:
    """下家 of a seat (R2.1).

    >>> next_seat("E"), next_seat("N")
    ('S', 'E')
    """
    return SEATS[(SEATS.index(seat) + 1) % 4]


def previous_seat(seat: str) -> str:
    """上家 of a seat (R2.1): the only one who may feed a chow under ``anqing`` (R5.2)."""
    return SEATS[(SEATS.index(seat) - 1) % 4]


def dealer_after(dealer: str, streak: int, winner: str | None) -> tuple[str, int]:
    """R2.2: dealer win or draw (``winner`` None) keeps the deal, streak + 1; else 下家 deals.

    >>> dealer_after("E", 0, "E"), dealer_after("E", 2, None), dealer_after("E", 3, "W")
    (('E', 1), ('E', 3), ('S', 0))
    """
    if winner is None or winner == dealer:
        return dealer, streak + 1
    return next_seat(dealer), 0


def dealer_base(rules: Rules, streak: int) -> int:
    """R8.1: ``8 + 4 × streak`` by default."""
    values = rules.values
    return int(values["dealer_base"]) + int(values["dealer_base_step"]) * streak


def lianzhuang_bonus(rules: Rules, streak: int) -> int:
    """R8.2: 3, 6, 12, 15 for streaks 1-4 by default; longer streaks keep the last value."""
    if streak <= 0:
        return 0
    ladder = tuple(rules["lianzhuang_bonus"])
    if not ladder:
        return 0
    return int(ladder[min(streak, len(ladder)) - 1])
