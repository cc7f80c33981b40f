"""Adjustments on the pages: money that is not a hand — a penalty (詐胡: one player pays each
other player, or a fine paid to one player), a side payment, a chip correction. One form records
one (written once, for the entry number it was opened for) and corrects one (on the version it
was opened on); voiding goes through the round's own void page. The services check every field
(``services.adjustments.adjustment_parse``) and their refusal is shown on the form, nothing saved."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from calculator.errors import CalculatorError, RoundConflict
from calculator.models import Round, Session
from calculator.numbers import plain, written_amount
from calculator.selectors.sittings import seat_names, session_state
from calculator.services.fees import FEE_KIND
from calculator.services.history import is_locked
from calculator.services.rounds import Corrected, Recorded, round_correct, round_record
from calculator.web.common import (
    remember_changes,
    seats_in_play,
    while_open,
    with_session_to_write,
)
from calculator.web.once import any_post, written_once
from calculator.web.rounds import posted_number
from calculator.web.templatetags.tiles import pick

KINDS = ("penalty", "side_payment", "chip_correction")
EACH = "each"  # the "to" choice of a penalty paid to each other player


def kind_choices() -> list[tuple[str, str, str]]:
    """(value, label, what it is) for the form's first question."""
    return [
        ("penalty", _("罚分"), _("比如诈胡：一家赔给每一家，或罚给某一家")),
        ("side_payment", _("补钱"), _("两个人之间的一笔钱，比如上次欠的")),
        ("chip_correction", _("筹码更正"), _("筹码点错了，从一家拨给另一家")),
    ]


def posted_entry(request: HttpRequest) -> dict[str, Any]:
    """The adjustment as the form posts it, for the services to check."""
    post = request.POST
    payee = post.get("to", "")
    return {
        "result": Round.ADJUSTMENT,
        "kind": post.get("kind", ""),
        "from": post.get("from", ""),
        "to": None if payee in ("", EACH) else payee,
        "amount": post.get("amount", "").strip(),
        "reason": post.get("reason", ""),
    }


def form_context(
    request: HttpRequest,
    session: Session,
    game_round: Round | None,
    values: dict[str, Any],
    error: str | None = None,
) -> dict[str, Any]:
    state = session_state(session)
    return {
        "session": session,
        "round": game_round,
        "values": values,
        "error": error,
        "kinds": kind_choices(),
        "seats": [
            (seat, name)
            for seat, name in seat_names(session).items()
            if seat in seats_in_play(session)
        ],
        "each": EACH,
        "next_round": state["next_round"],
    }


def shown_values(entry: dict[str, Any]) -> dict[str, Any]:
    """What the form shows again: the fields as entered (``to`` of each other player as EACH)."""
    return {**entry, "to": entry.get("to") or EACH}


@written_once(write=any_post)
@with_session_to_write(any_post)
@while_open
def adjustment_new(request: HttpRequest, session: Session) -> HttpResponse:
    if request.method != "POST":
        kind = request.GET.get("kind", "penalty")
        values = {"kind": kind if kind in KINDS else "penalty", "to": EACH, "reason": ""}
        if values["kind"] == "penalty":
            values["reason"] = _("诈胡")
        return render(
            request, "web/adjustment_form.html", form_context(request, session, None, values)
        )
    return save(request, session, None)


@written_once(write=any_post)
@with_session_to_write(any_post)
@while_open
def adjustment_edit(request: HttpRequest, session: Session, number: int) -> HttpResponse:
    game_round = (
        session.rounds.filter(number=number, result=Round.ADJUSTMENT)
        .select_related("rules_version")
        .first()
    )
    if game_round is None:
        raise Http404(_("本场没有这一条调整。"))
    if game_round.voided:
        return redirect("web:round", pk=session.pk, number=number)
    if game_round.hand.get("kind") == FEE_KIND:  # a table fee has its own form
        return redirect("web:fee_edit", pk=session.pk, number=number)
    if request.method != "POST":
        values = shown_values(dict(game_round.hand))
        return render(
            request,
            "web/adjustment_form.html",
            form_context(request, session, game_round, values),
        )
    return save(request, session, game_round)


def save(request: HttpRequest, session: Session, game_round: Round | None) -> HttpResponse:
    entry = posted_entry(request)
    if entry["amount"] and written_amount(entry["amount"]) is None:
        # The page asks for digits and a point: "1e3" is not taken as 1000 (the API, which
        # speaks JSON, reads its amounts as the services do).
        error = _("金额只写数字 0–9，可以带一个小数点（如 20 或 2.5）；“%(value)s”不是。") % {
            "value": plain(entry["amount"])
        }
        context = form_context(request, session, game_round, shown_values(entry), error)
        return render(request, "web/adjustment_form.html", context, status=400)
    what = dict((k, label) for k, label, _what in kind_choices()).get(entry["kind"], "")

    def again(error: str, status: int) -> HttpResponse:
        context = form_context(request, session, game_round, shown_values(entry), error)
        return render(request, "web/adjustment_form.html", context, status=status)

    return entry_saved(request, session, game_round, entry, what, again)


def entry_saved(
    request: HttpRequest,
    session: Session,
    game_round: Round | None,
    entry: dict[str, Any],
    what: str,
    again: Callable[[str, int], HttpResponse],
) -> HttpResponse:
    """An entry that is not a hand (an adjustment, a table fee) recorded, or ``game_round``
    corrected, then the sitting with what changed; or its form ``again`` with why not: another
    phone got there first (409), or the services refused it (400). ``what`` names the entry in
    the summary ("第5条已记录：台费")."""
    # The sitting as ``with_session_to_write`` read it, with its lock: the service answers the
    # balances before and after, read under that lock.
    locked = is_locked(session)
    try:
        if game_round is None:
            changed: Recorded | Corrected = round_record(
                session=session,
                entry=entry,
                user=request.user,
                expected_round=posted_number(request, "expected_round"),
                locked=locked,
            )
            title = _("第%(n)s条已记录：%(what)s") % {"n": changed.round.number, "what": what}
        else:
            changed = round_correct(
                session=session,
                number=game_round.number,
                entry=entry,
                user=request.user,
                expected_version=posted_number(request, "version"),
                locked=locked,
            )
            title = _("第%(n)s条已更正") % {"n": game_round.number}
    except RoundConflict as conflict:
        # Another phone got there first: nothing saved; the form again, for the entry it would
        # now take (or the correction on the entry as it is now), with what happened said.
        if game_round is None:
            error = _(
                "第%(n)s条已经被另一台手机记了（看看下面的记录），这一条没有保存。"
                "如果还要记，再点一次保存，它会记成第%(next)s条。"
            ) % {"n": conflict.expected, "next": conflict.next_round}
        else:
            game_round.refresh_from_db()
            error = _("这一条在你打开更正之后被改过了，没有更正。看一下现在的样子，再改一次。")
        return again(error, 409)
    except CalculatorError as problem:
        return again(pick(problem.as_dict()["error"], "message", seat_names(session)), 400)
    remember_changes(request, session, changed.before, title, changed.after)
    return redirect("web:session", pk=session.pk)
