"""Seat changes on the pages (换座位): the people at the table take other seats between two
hands. One form, for the entry number it was opened for: for each seat, who sits there next,
among the people at the table; a preview of the new seating and of who deals next (the deal
stays with the seat, R2.2, AJ2.3, HZ2.2); confirm. A seating that is not a permutation is refused
on the form by name, nothing saved. Voiding goes through the round's own void page."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from calculator.errors import CalculatorError, RoundConflict
from calculator.models import Round, Session
from calculator.selectors.sittings import seat_names, session_state
from calculator.services.history import is_locked
from calculator.services.rounds import RoundEntry, round_record
from calculator.web.common import remember_changes, seats_in_play, while_open, with_session_to_write
from calculator.web.once import any_post, written_once
from calculator.web.rounds import posted_number
from calculator.web.templatetags.tiles import pick
from calculator.web.vocabulary import SEAT_WINDS, seat_label


def posted_seating(request: HttpRequest, seats: tuple[str, ...]) -> dict[str, str]:
    """For each seat, the seat (now) of the person chosen to sit there, as the form posts it."""
    return {seat: request.POST.get(f"seat-{seat}", "") for seat in seats}


def seating_problem(
    chosen: dict[str, str], names: dict[str, str], seats: tuple[str, ...]
) -> str | None:
    """What is wrong with a chosen seating, in the page's words: a seat with no one, a person
    given two seats (and who then has none), nobody moving."""
    for seat in seats:
        if chosen.get(seat) not in seats:
            return _("请给%(seat)s选一个人。") % {"seat": SEAT_WINDS[seat]}
    given: dict[str, list[str]] = {}
    for seat in seats:
        given.setdefault(chosen[seat], []).append(seat)
    for person, taken in given.items():
        if len(taken) > 1:
            missing = [names[seat] for seat in seats if seat not in given]
            return _("%(name)s被排了两个座位（%(seats)s），%(missing)s没有座位。") % {
                "name": names[person],
                "seats": _("、").join(str(SEAT_WINDS[seat]) for seat in taken),
                "missing": _("、").join(missing),
            }
    if all(chosen[seat] == seat for seat in seats):
        return _("每个人都还坐在原来的座位上，没有人换座位。")
    return None


def form_context(
    session: Session, chosen: dict[str, str], error: str | None = None
) -> dict[str, Any]:
    seats = seats_in_play(session)
    names = seat_names(session)
    state = session_state(session)
    return {
        "session": session,
        "error": error,
        "rows": [
            {
                "seat": seat,
                "wind": SEAT_WINDS[seat],
                "now": names[seat],
                "choices": [(other, names[other], chosen.get(seat) == other) for other in seats],
                "next": names.get(chosen.get(seat, ""), ""),
                "moved": chosen.get(seat, seat) != seat,
            }
            for seat in seats
        ],
        "dealer_next": names.get(chosen.get(state["dealer"], ""), ""),
        "dealer": state["dealer"],
        "dealer_wind": SEAT_WINDS[state["dealer"]],
        "dealer_now": seat_label(state["dealer"], names),
        "streak": state["dealer_streak"],
        "next_round": state["next_round"],
    }


@written_once(write=any_post)
@with_session_to_write(any_post)
@while_open
def seat_change_new(request: HttpRequest, session: Session) -> HttpResponse:
    seats = seats_in_play(session)
    if request.method != "POST":
        chosen = {seat: seat for seat in seats}
        return render(request, "web/seat_change_form.html", form_context(session, chosen))
    chosen = posted_seating(request, seats)
    names = seat_names(session)
    problem = seating_problem(chosen, names, seats)
    if problem:
        context = form_context(session, chosen, problem)
        return render(request, "web/seat_change_form.html", context, status=400)
    try:
        changed = round_record(
            session=session,
            entry=RoundEntry(Round.SEAT_CHANGE, {"seating": chosen}),
            user=request.user,
            expected_round=posted_number(request, "expected_round"),
            locked=is_locked(session),
        )
    except RoundConflict as conflict:
        error = _("第%(n)s条已经被另一台手机记了，座位没有换。看一下现在谁坐哪里，再换一次。") % {
            "n": conflict.expected
        }
        chosen = {seat: seat for seat in seats}
        context = form_context(session, chosen, error)
        return render(request, "web/seat_change_form.html", context, status=409)
    except CalculatorError as problem:
        error = pick(problem.as_dict()["error"], "message", names)
        context = form_context(session, chosen, error)
        return render(request, "web/seat_change_form.html", context, status=400)
    title = _("第%(n)s条已记录：换座位") % {"n": changed.round.number}
    # Each balance goes with its person: by seat, what the new occupant had before is what they
    # have now, so the page shows no change of money.
    remember_changes(request, session, changed.after, title, changed.after)
    return redirect("web:session", pk=session.pk)
