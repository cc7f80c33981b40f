"""Table fees on the pages (台费, 茶水费): money that leaves the table.

``SittingRulesForm`` is the house-rules form of a sitting: the game's own keys and the table
fee's, which every game has (``selectors.fees``). ``fee_new`` and ``fee_edit`` record and correct
a fee entry (an adjustment of kind ``fee``: split equally among everyone at the table, or paid
by named people, with a note), written once for the entry number the form was opened for;
voiding goes through the round's own void page. The services check every field
(``services.fees.fee_parse``); a refusal is shown on the form, nothing saved.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from calculator.models import Round, Session
from calculator.numbers import plain, written_amount
from calculator.selectors.fees import FEE_RULES, fee_rule
from calculator.selectors.sittings import current_rules_version, seat_names, session_state
from calculator.services.fees import FEE_KIND
from calculator.web.adjustments import entry_saved
from calculator.web.common import seats_in_play, while_open, with_session_to_write
from calculator.web.forms import HouseRulesForm
from calculator.web.once import any_post, written_once

EQUAL, NAMED = "equal", "named"


class SittingRulesForm(HouseRulesForm):
    """A sitting's house rules: the game's, and the table fee's that every game has. With
    ``seats`` (a sitting's seats in play) the collector is one of them: a three-player table
    offers no North."""

    shared_rules = FEE_RULES

    def __init__(self, *args: Any, seats: tuple[str, ...] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        collector = self.fields.get("fee_collector")
        if seats and isinstance(collector, forms.ChoiceField):
            collector.choices = [(v, label) for v, label in collector.choices if v in seats]


def posted_entry(request: HttpRequest, seats: tuple[str, ...]) -> dict[str, Any]:
    """The fee as the form posts it, for the services to check: the whole amount split equally,
    or each named person's amount (an empty box is someone who does not pay)."""
    post = request.POST
    entry: dict[str, Any] = {
        "result": Round.ADJUSTMENT,
        "kind": FEE_KIND,
        "to": post.get("to") or None,
        "reason": post.get("reason", ""),
    }
    if post.get("split") == NAMED:
        entry["payers"] = {
            seat: post.get(f"pay_{seat}", "").strip()
            for seat in seats
            if post.get(f"pay_{seat}", "").strip()
        }
    else:
        entry["amount"] = post.get("amount", "").strip()
    return entry


def shown_values(entry: dict[str, Any]) -> dict[str, Any]:
    """What the form shows again: the split, the amounts and the note as entered."""
    payers = entry.get("payers")
    return {
        "split": NAMED if payers else EQUAL,
        "amount": "" if payers else entry.get("amount", ""),
        "payers": payers or {},
        "to": entry.get("to") or "",
        "reason": entry.get("reason", ""),
    }


def form_context(
    session: Session, game_round: Round | None, values: dict[str, Any], error: str | None = None
) -> dict[str, Any]:
    seats = seats_in_play(session)
    names = seat_names(session)
    version = game_round.rules_version if game_round else current_rules_version(session)
    collector = values.get("to") or fee_rule(version.overrides if version else {}, seats).collector
    return {
        "session": session,
        "round": game_round,
        "values": {**values, "to": collector},
        "error": error,
        "seats": [(seat, names[seat], values["payers"].get(seat, "")) for seat in seats],
        "equal": EQUAL,
        "named": NAMED,
        "next_round": session_state(session)["next_round"],
    }


@written_once(write=any_post)
@with_session_to_write(any_post)
@while_open
def fee_new(request: HttpRequest, session: Session) -> HttpResponse:
    if request.method != "POST":
        values = {"split": EQUAL, "amount": "", "payers": {}, "to": "", "reason": _("台费")}
        return render(request, "web/fee_form.html", form_context(session, None, values))
    return save(request, session, None)


@written_once(write=any_post)
@with_session_to_write(any_post)
@while_open
def fee_edit(request: HttpRequest, session: Session, number: int) -> HttpResponse:
    game_round = (
        session.rounds.filter(number=number, result=Round.ADJUSTMENT, hand__kind=FEE_KIND)
        .select_related("rules_version")
        .first()
    )
    if game_round is None:
        raise Http404(_("本场没有这一条台费。"))
    if game_round.voided:
        return redirect("web:round", pk=session.pk, number=number)
    if request.method != "POST":
        values = shown_values(dict(game_round.hand))
        return render(request, "web/fee_form.html", form_context(session, game_round, values))
    return save(request, session, game_round)


def save(request: HttpRequest, session: Session, game_round: Round | None) -> HttpResponse:
    entry = posted_entry(request, seats_in_play(session))
    amounts = [entry.get("amount") or "", *(entry.get("payers") or {}).values()]
    wrong = next((a for a in amounts if a and written_amount(a) is None), None)
    if wrong is not None:
        # The page asks for digits and a point: "1e3" is not taken as 1000.
        error = _("金额只写数字 0–9，可以带一个小数点（如 20 或 2.5）；“%(value)s”不是。") % {
            "value": plain(wrong)
        }
        context = form_context(session, game_round, shown_values(entry), error)
        return render(request, "web/fee_form.html", context, status=400)
    if entry.get("payers") == {}:
        error = _("指定谁付时，至少给一个人写上金额。")
        context = form_context(session, game_round, shown_values(entry), error)
        return render(request, "web/fee_form.html", context, status=400)

    def again(error: str, status: int) -> HttpResponse:
        context = form_context(session, game_round, shown_values(entry), error)
        return render(request, "web/fee_form.html", context, status=status)

    return entry_saved(request, session, game_round, entry, _("台费"), again)
