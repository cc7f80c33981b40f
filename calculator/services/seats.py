"""Seat changes (換座位): the people at the table take other seats between two hands.

A seat change is an entry of the history, as an adjustment is: it takes the sitting's next number,
is recorded through ``rounds.round_record`` (one-time key, ``expected_round``, the sitting's lock)
and voided like any entry. It moves no money: each person's balance goes with them to their new
seat (``selectors.seating.permuted``). The deal stays with the seat that was to deal next, with
its streak: the three rule books pass the deal by seat (R2.2, AJ2.3, HZ2.2), so whoever sits
there now deals. A body names, for each seat in play, the seat its new occupant sits at now
(``{"S": "W", "W": "S", …}`` swaps 南 and 西); what is stored names the people by their keys.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from calculator.errors import CalculatorError
from calculator.models import Session
from calculator.selectors.seating import seating_now
from calculator.selectors.sittings import people_names, seats_of

SEAT_CHANGE_FIELDS = ("result", "seating")


def _refused(field: str, message: str, message_en: str) -> CalculatorError:
    """E_INVALID naming the field at fault (``seating``, ``seating.W``)."""
    return CalculatorError("E_INVALID", message, message_en, field=field)


def seat_change_parse(
    body: Mapping, session: Session, *, now: Mapping[str, int | None] | None = None
) -> dict[str, Any]:
    """A seat change's body checked against the sitting's seating now; what is stored as its
    ``hand``: ``{"seating": {seat: the key of the person who sits there after it}}``.

    ``seating`` must give every seat in play one seat of the table now (a permutation): a
    person given two seats, or none, is refused by name, and so is a change that moves no one.
    ``now``: the seating it starts from, when it is not the sitting's (an import's walk)."""
    for field in body:
        if field not in SEAT_CHANGE_FIELDS:
            raise _refused(
                field,
                f"換座位沒有欄位 {field}；只有 seating。",
                f"A seat change has no field {field}; it takes seating.",
            )
    seats = seats_of(session)
    listed = "、".join(seats)
    given = body.get("seating")
    if not isinstance(given, Mapping):
        raise _refused(
            "seating",
            f"seating 必須是對象：每個座位（{listed}）寫上換過去坐的人現在的座位。",
            f"seating must be an object: for each seat ({' '.join(seats)}), the seat its new "
            "occupant sits at now.",
        )
    for seat in given:
        if seat not in seats:
            raise _refused(
                "seating",
                f"seating 的鍵必須是這一場的座位（{listed}），收到 {seat!r}。",
                f"seating's keys must be the seats in play ({' '.join(seats)}), got {seat!r}.",
            )
    now = seating_now(session) if now is None else now
    by_person = people_names(session)
    names = {seat: by_person.get(now[seat], "") for seat in seats}
    for seat in seats:
        if seat not in given:
            raise _refused(
                f"seating.{seat}",
                f"seating.{seat}：沒有寫誰坐這個座位。",
                f"seating.{seat}: who sits there is missing.",
            )
        if given[seat] not in seats:
            raise _refused(
                f"seating.{seat}",
                f"seating.{seat} 必須是這一場的座位之一（{listed}），收到 {given[seat]!r}。",
                f"seating.{seat} must be one of the seats in play ({' '.join(seats)}), "
                f"got {given[seat]!r}.",
            )
    taken: dict[str, list[str]] = {}
    for seat in seats:
        taken.setdefault(given[seat], []).append(seat)
    twice = [old for old, new in taken.items() if len(new) > 1]
    if twice:
        old = twice[0]
        missing = [names[seat] for seat in seats if seat not in taken]
        raise _refused(
            f"seating.{taken[old][1]}",
            f"seating：{names[old]}（{old}）排了兩個座位（{'、'.join(taken[old])}），"
            f"{'、'.join(missing)} 沒有座位。",
            f"seating: {names[old]} ({old}) is given two seats ({' and '.join(taken[old])}) "
            f"and {' and '.join(missing)} none.",
        )
    if all(given[seat] == seat for seat in seats):
        raise _refused(
            "seating",
            "seating：每個人都坐在原來的座位，沒有人換座位。",
            "seating: everyone keeps their seat; nobody moves.",
        )
    return {"seating": {seat: now[given[seat]] for seat in seats}}
