"""Seats, the first dealer and the dealer's progression (R2) and the dealer's base and 連莊
bonus (R8)."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from scoring.anqing.rules import Rules
from scoring.base import words
from scoring.seat_draw import FirstDealer, Throw, two_dice

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


def counted_to(seats: tuple[str, ...], thrower: str, total: int) -> str:
    """The seat a count of ``total`` reaches going round ``seats`` in order of play from the
    thrower, who counts one: 5 and 9 come back to the thrower at four seats.

    >>> [counted_to(SEATS, "E", total) for total in (2, 3, 4, 5, 9, 12)]
    ['S', 'W', 'N', 'E', 'E', 'N']
    """
    return seats[(seats.index(thrower) + total - 1) % len(seats)]


def first_dealer_throw(seats: tuple[str, ...], rng: Random) -> tuple[list[Throw], str]:
    """R2.2's first dealer: 「由一名玩家執篩起莊（東南西北）」, East throws two dice and counts
    round the table (東南西北) to the total; that player deals first."""
    thrower = seats[0]
    dice = two_dice(rng)
    return [{"seat": thrower, "dice": dice}], counted_to(seats, thrower, sum(dice))


def first_dealer_of(seats: tuple[str, ...], throws: Sequence[Throw]) -> str | None:
    """The first dealer one throw makes (R2.2); None unless there is exactly one."""
    if len(throws) != 1:
        return None
    return counted_to(seats, throws[0]["seat"], sum(throws[0]["dice"]))


# R2.2: one player throws and counts round; the seat the count reaches deals first.
FIRST_DEALER = FirstDealer(
    method="count",
    names=words("执筛起庄", "執篩起莊", "One throw, counted round the table"),
    rule_id="R2.2",
    throw=first_dealer_throw,
    dealer_of=first_dealer_of,
    dealer_words=words(
        "数到{dealer}，坐庄", "數到{dealer}，坐莊", "the count reaches {dealer}, who deals first"
    ),
)


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
