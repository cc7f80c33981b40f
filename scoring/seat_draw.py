"""Drawing the seats and throwing for the first dealer at a new sitting.

Every game's rule book names East as the first dealer and asks the table to enter its players
with the dice winner at East (R2.2, AJ2.3, HZ2.2). The draw does that for the table: the names
are shuffled into the winds, the game's ``FirstDealer`` procedure finds the first dealer, and the
winds are turned round the table (each player keeps their neighbours) until the first dealer
sits at East. A game says how its first dealer is found (``Game.first_dealer``); one that says
nothing has a random first dealer (``RANDOM_DEALER``).

A throw is ``{"seat": "S", "dice": [3, 6]}``; ``seat_draw`` answers the throws with the seats
of the result, where the first dealer is at ``E``:

>>> import random
>>> from scoring.anji.game import GAME
>>> drawn = seat_draw(first_dealer_of(GAME), ["小李", "小王", "阿芳"], random.Random(7))
>>> sorted(drawn["players"]) == ["小李", "小王", "阿芳"], drawn["method"]
(True, 'highest')
>>> GAME.first_dealer.dealer_of(("E", "S", "W"), drawn["throws"])
'E'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from scoring.base import SEATS, words

# One die's faces, ⚀ for 1 to ⚅ for 6 (U+2680–U+2685).
DIE_FACES = "⚀⚁⚂⚃⚄⚅"

Throw = dict[str, Any]


def two_dice(rng: Random) -> list[int]:
    """One throw of two dice, each 1 to 6."""
    return [rng.randint(1, 6), rng.randint(1, 6)]


def die_faces(dice: Sequence[int]) -> str:
    """The dice as their faces.

    >>> die_faces([3, 6])
    '⚂⚅'
    """
    return "".join(DIE_FACES[die - 1] for die in dice)


@dataclass(frozen=True)
class FirstDealer:
    """How a game finds its first dealer, as data and two small functions.

    ``method`` names the procedure in a record (``count``, ``highest``, ``random``); ``names`` is
    its name in zh-hans, zh-hant and en, ``rule_id`` the rule it follows; ``dealer_words`` says
    who deals, with ``{dealer}`` for the name, and ``tie_words`` (where the procedure breaks
    ties) what a tie at the top adds. ``throw(seats, rng)`` throws at a table of ``seats`` and
    answers (the throws in the order thrown, the first dealer's seat). ``dealer_of(seats,
    throws)`` is the seat those throws make the first dealer, or None where they are not a
    throw of this procedure; None for a procedure without dice (the dealer is drawn at random,
    the record has no throws)."""

    method: str
    names: Mapping[str, str]
    rule_id: str
    throw: Callable[[tuple[str, ...], Random], tuple[list[Throw], str]]
    dealer_of: Callable[[tuple[str, ...], Sequence[Throw]], str | None] | None
    dealer_words: Mapping[str, str]
    tie_words: Mapping[str, str] | None = None

    @property
    def uses_dice(self) -> bool:
        return self.dealer_of is not None


def _random_dealer(seats: tuple[str, ...], rng: Random) -> tuple[list[Throw], str]:
    return [], rng.choice(seats)


def random_dealer(rule_id: str = "") -> FirstDealer:
    """A first dealer drawn at random, no dice (紅中's 「首局随机确认庄家」, HZ2.2, and any game
    that does not say)."""
    return FirstDealer(
        method="random",
        names=words("随机定庄", "隨機定莊", "Random first dealer"),
        rule_id=rule_id,
        throw=_random_dealer,
        dealer_of=None,
        dealer_words=words("{dealer}坐庄", "{dealer}坐莊", "{dealer} deals first"),
    )


RANDOM_DEALER = random_dealer()


def first_dealer_of(game: Any) -> FirstDealer:
    """How ``game`` (a ``scoring.base.Game``) finds its first dealer: its own ``first_dealer``,
    or at random where it does not say."""
    return game.first_dealer or RANDOM_DEALER


def turned(seats: tuple[str, ...], dealer: str) -> dict[str, str]:
    """Each seat's new seat when the winds turn round the table until ``dealer`` is at E: the
    order of play is kept, so everyone keeps their neighbours.

    >>> turned(("E", "S", "W", "N"), "W")
    {'E': 'W', 'S': 'N', 'W': 'E', 'N': 'S'}
    """
    shift = seats.index(dealer)
    return {seat: seats[(index - shift) % len(seats)] for index, seat in enumerate(seats)}


def seat_draw(first_dealer: FirstDealer, names: Sequence[str], rng: Random) -> dict[str, Any]:
    """Shuffle ``names`` into the first ``len(names)`` winds, throw for the first dealer with
    ``first_dealer`` and turn the winds until that player is at E.

    Answers ``method``; ``drawn`` (the names as shuffled, E S W N), ``players`` (as seated after
    the turn, the first dealer first), ``order`` (for each seat of ``players``, the index of its
    name in ``names``), and ``throws`` (in the order thrown, each ``seat`` as in ``players``)."""
    seats = SEATS[: len(names)]
    order = list(range(len(names)))
    rng.shuffle(order)
    throws, dealer = first_dealer.throw(seats, rng)
    moved = turned(seats, dealer)
    seated: dict[str, int] = {moved[seat]: order[index] for index, seat in enumerate(seats)}
    final_order = [seated[seat] for seat in seats]
    return {
        "method": first_dealer.method,
        "drawn": [names[index] for index in order],
        "players": [names[index] for index in final_order],
        "order": final_order,
        "throws": [{"seat": moved[t["seat"]], "dice": list(t["dice"])} for t in throws],
    }


__all__ = [
    "DIE_FACES",
    "RANDOM_DEALER",
    "FirstDealer",
    "die_faces",
    "first_dealer_of",
    "random_dealer",
    "seat_draw",
    "turned",
    "two_dice",
]
