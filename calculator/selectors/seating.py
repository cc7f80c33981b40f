"""Who sits where: the seating now, at the opening and after each round, and what a seat change
moves.

A seating is the players' keys by seat, E S W N (``None`` for a seat not in play). The sitting's
seats (``Session.east`` …) are the seating now; each round keeps the seating after it
(``Round.seating``, "" for the opening one) and the sitting the one it was opened with
(``Session.opening``, "" while no seat change has moved anyone). A seat change (a round of result
``seats``) keeps the seating it makes in its ``hand`` by the players' keys, so voiding an earlier
change never makes it name someone else. Balances are kept by seat; at a seat change each
person's balance goes with them to their new seat (``permuted``), so the sitting still sums to
zero.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from decimal import Decimal
from typing import Any

from calculator.models import Round, Session
from scoring.games import SEATS

SEAT_ATTNAMES = {"E": "east_id", "S": "south_id", "W": "west_id", "N": "north_id"}

Seating = dict[str, int | None]


def seating_text(seating: Mapping[str, int | None]) -> str:
    """A seating as it is stored: the players' keys in E S W N order, "" for an empty seat."""
    return ",".join(str(seating.get(seat) or "") for seat in SEATS)


def seating_read(text: str) -> Seating:
    """A stored seating (``seating_text``) read back."""
    parts = (text.split(",") + [""] * len(SEATS))[: len(SEATS)]
    return {seat: int(part) if part else None for seat, part in zip(SEATS, parts, strict=True)}


def seating_now(session: Session) -> Seating:
    """Who sits where now: the sitting's seats."""
    return {seat: getattr(session, attname) for seat, attname in SEAT_ATTNAMES.items()}


def seating_opening(session: Session) -> Seating:
    """The seating the sitting was opened with."""
    return seating_read(session.opening) if session.opening else seating_now(session)


def seating_after(session: Session, game_round: Round | None) -> Seating:
    """The seating after ``game_round`` (the opening one when there is no round)."""
    if game_round is None or not game_round.seating:
        return seating_opening(session)
    return seating_read(game_round.seating)


def seating_fields(seating: Mapping[str, int | None]) -> dict[str, Any]:
    """The sitting's row fields that hold ``seating`` as the seating now."""
    return {attname: seating.get(seat) for seat, attname in SEAT_ATTNAMES.items()}


def seat_change_seating(hand: Mapping) -> Seating:
    """The seating a seat change makes, as its ``hand`` keeps it."""
    kept = hand.get("seating") or {}
    return {seat: kept.get(seat) for seat in SEATS}


def permuted(
    balances: Mapping[str, Decimal], before: Mapping[str, Any], after: Mapping[str, Any]
) -> dict[str, Decimal]:
    """``balances`` by seat after the people of ``before`` sit as ``after`` says: each person's
    balance goes to their new seat (a permutation: the sum stays the same)."""
    seat_of = {person: seat for seat, person in before.items() if person is not None}
    moved = dict(balances)
    for seat, person in after.items():
        if person is not None and person in seat_of:
            moved[seat] = balances[seat_of[person]]
    return moved


def seat_moves(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[tuple[Any, str, str]]:
    """Who moved: (person, from seat, to seat), in the order of the seats they left."""
    to_seat = {person: seat for seat, person in after.items() if person is not None}
    return [
        (person, seat, to_seat[person])
        for seat, person in before.items()
        if person is not None and to_seat.get(person, seat) != seat
    ]


def seatings_by_person(
    seatings: Iterable[str], opening: Mapping[str, Any]
) -> dict[str, dict[str, Any]]:
    """Each stored seating text ("" the opening one) read as seat → person."""
    return {text: (seating_read(text) if text else dict(opening)) for text in set(seatings)}


def seating_before(session: Session, number: int) -> Seating:
    """Who sat where going into entry ``number``: after the entry before it (one query, none
    while no one has moved)."""
    if not session.opening or number <= 1:
        return seating_opening(session)
    previous = session.rounds.filter(number__lt=number).order_by("-number").only("seating").first()
    return seating_after(session, previous)


def seat_change_moves(
    before: Mapping[str, Any], asked: Mapping[str, Any] | None, names: Mapping[int, str]
) -> list[dict[str, Any]]:
    """What a seat change asked for (its ``hand["seating"]``), from the seating before it:
    ``[{"player": name, "from": seat, "to": seat}, …]``, whether it counts or is voided."""
    after = {seat: (asked or {}).get(seat) for seat in before}
    return [
        {"player": names.get(person, ""), "from": left, "to": took}
        for person, left, took in seat_moves(before, after)
    ]


def to_seats_now(session: Session) -> Callable[[str], dict[str, str]]:
    """For a stored seating ("" the opening one), each of its seats → the seat its person holds
    now: what a row kept by seat at some round means for the people sitting now."""
    now = {person: seat for seat, person in seating_now(session).items() if person is not None}
    opening = seating_opening(session)
    known: dict[str, dict[str, str]] = {}

    def mapping(text: str) -> dict[str, str]:
        if text not in known:
            seating = seating_read(text) if text else opening
            known[text] = {seat: now[person] for seat, person in seating.items() if person in now}
        return known[text]

    return mapping
