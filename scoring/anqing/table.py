"""Seats, the dealer's progression (R2) and the dealer's base and 連莊 bonus (R8)."""

from __future__ import annotations

from scoring.anqing.rules import Rules

SEATS: tuple[str, ...] = ("E", "S", "W", "N")  # R2.1, in order of play


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
