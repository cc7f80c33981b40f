"""The draw for seats and the first dealer at a new sitting (R2.2, AJ2.3, HZ2.2).

``seat_draw_throw`` shuffles the names typed into the winds, throws for the first dealer the way
the game says (``Game.first_dealer``, ``scoring.seat_draw``) and turns the winds until the first
dealer sits at East: nothing is saved. ``seat_draw_checked`` checks a draw's record before a
sitting is opened with it (``services.sittings.session_create``): its method is the game's, its
throws are dice of the seats in play, and they make the player at East the first dealer.

The dice come from ``RANDOM``, the system's random source; a test puts a seeded one in its place.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from calculator.errors import CalculatorError
from calculator.numbers import shown
from scoring.games import SEATS, Game
from scoring.seat_draw import first_dealer_of, seat_draw

RANDOM: Random = secrets.SystemRandom()

# A record's keys: what the sitting keeps (``Session.seat_draw``).
RECORD_KEYS = ("method", "throws")


def refused(message: str, message_en: str) -> CalculatorError:
    return CalculatorError("E_INVALID", message, message_en, field="seat_draw")


def seat_draw_names(game: Game, players: object) -> list[str]:
    """The names to draw for: a list of as many as one of the game's seat counts, each 1 to 40
    characters (the spaces around it aside); E_INVALID naming ``players`` otherwise."""
    counts = "、".join(str(count) for count in game.seat_counts)
    counts_en = ", ".join(str(count) for count in game.seat_counts)
    if not isinstance(players, list) or len(players) not in game.seat_counts:
        raise CalculatorError(
            "E_INVALID",
            f"players 必須是 {counts} 個名字（{game.names['zh-hant']}），順序不限。",
            f"players must be a list of {counts_en} names ({game.names['en']}), in any order.",
            field="players",
        )
    names = [name.strip() if isinstance(name, str) else "" for name in players]
    if not all(0 < len(name) <= 40 for name in names):
        raise CalculatorError(
            "E_INVALID",
            "players 的每個名字必須是 1 到 40 個字。",
            "Each name of players must be 1 to 40 characters.",
            field="players",
        )
    return names


def seat_draw_throw(*, game: Game, players: Sequence[str]) -> dict[str, Any]:
    """Draw seats for ``players`` (names already checked, one per seat in play) and throw for
    the first dealer: ``scoring.seat_draw.seat_draw``'s answer, with the record to keep as
    ``seat_draw``."""
    drawn = seat_draw(first_dealer_of(game), list(players), RANDOM)
    drawn["seat_draw"] = {key: drawn[key] for key in RECORD_KEYS}
    return drawn


def _dice(value: object) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(type(die) is int and 1 <= die <= 6 for die in value)
    )


def seat_draw_checked(record: object, game: Game, player_count: int) -> dict[str, Any]:
    """``record`` as the sitting keeps it, or E_INVALID naming ``seat_draw``: an object of
    ``method`` (the game's: count, highest or random) and ``throws`` (each ``{"seat", "dice":
    [a, b]}``, a seat in play and two dice 1–6, in the order thrown) that make the player at E
    the first dealer, as the game's procedure says (R2.2, AJ2.3, HZ2.2)."""
    procedure = first_dealer_of(game)
    if not isinstance(record, Mapping) or set(record) != set(RECORD_KEYS):
        raise refused(
            "seat_draw 必須是一個對象，只有 method 和 throws 兩個鍵（或 true：由伺服器抽）。",
            "seat_draw must be an object of method and throws only (or true: the server draws).",
        )
    if record["method"] != procedure.method:
        raise refused(
            f"{game.names['zh-hant']}的 seat_draw.method 是 {procedure.method}，"
            f"收到 {shown(record['method'])}。",
            f"seat_draw.method for {game.names['en']} is {procedure.method}, "
            f"got {shown(record['method'])}.",
        )
    seats = SEATS[:player_count]
    throws = record["throws"]
    if not isinstance(throws, list) or not all(
        isinstance(t, Mapping)
        and set(t) == {"seat", "dice"}
        and t["seat"] in seats
        and _dice(t["dice"])
        for t in throws
    ):
        raise refused(
            "seat_draw.throws 必須是列表，每一項是 {seat, dice}：在座的位置和兩個 1 到 6 的點數。",
            "seat_draw.throws must be a list of {seat, dice}: a seat in play and two dice, "
            "each 1 to 6.",
        )
    throws = [{"seat": t["seat"], "dice": list(t["dice"])} for t in throws]
    if procedure.dealer_of is None:
        dealer = "E" if not throws else None
    else:
        dealer = procedure.dealer_of(seats, throws)
    if dealer != "E":
        rule = f"（{procedure.rule_id}）" if procedure.rule_id else ""
        rule_en = f" ({procedure.rule_id})" if procedure.rule_id else ""
        raise refused(
            f"seat_draw.throws 不是{procedure.names['zh-hant']}{rule}讓東家坐莊的擲骰"
            "（沒有骰子的遊戲 throws 是空列表）：座位要按抽到的轉好，起莊的人坐東。",
            f"seat_draw.throws is not a throw of {procedure.names['en']}{rule_en} that makes "
            "East the first dealer (a game without dice has no throws): the seats must be "
            "turned so that the first dealer sits at East.",
        )
    return {"method": procedure.method, "throws": throws}
