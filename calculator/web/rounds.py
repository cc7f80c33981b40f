"""Rounds on the pages: the entry form of a win or a draw (preview, then record), a correction,
the conflict page when the sitting moved on while the form was open, a round's why page (the
owner's; the share link's is ``exports``) and its void."""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

import scoring
from calculator.errors import CalculatorError, RoundConflict
from calculator.models import Round, Session
from calculator.money import money_str
from calculator.selectors import ledger
from calculator.selectors.sittings import (
    current_rules_version,
    game_of_session,
    hand_scored,
    names_at,
    seat_names,
    session_balances,
    session_state,
)
from calculator.services import rounds
from calculator.services.history import is_locked
from calculator.web import hand_links
from calculator.web.common import (
    ask_first,
    balance_changes,
    error_of,
    remember_changes,
    render_page_or,
    seats_in_play,
    shown_specials,
    while_open,
    with_session,
    with_session_to_write,
)
from calculator.web.games import web_game
from calculator.web.once import any_post, confirmed, round_corrected, round_saved, written_once
from calculator.web.templatetags.tiles import pick
from scoring.games import GAMES


def hand_preview(
    session: Session, hand: Mapping[str, Any], game_round: Round | None, state: Mapping[str, Any]
) -> dict:
    """The engine's answer for a hand in this session's context, without saving anything.

    A new round takes the session's next dealer context (``state``) and current rules; a
    correction keeps the context and the rules version the round was recorded with (R2.2, R12)."""
    if game_round is None:
        dealer, streak = state["dealer"], state["dealer_streak"]
        version = current_rules_version(session)
    else:
        dealer, streak, version = (
            game_round.dealer,
            game_round.dealer_streak,
            game_round.rules_version,
        )
    # The game and the table size are the session's, never the form's (AJ14.1): hand_scored
    # sets them after the hand.
    return hand_scored(session, hand, dealer, streak, version)


def house_rules_in_force(session: Session, version: Any) -> dict[str, Any]:
    """A rules version's values (defaults with its overrides) of the session's game."""
    try:
        defaults = GAMES[session.game].house_rule_defaults(session.ruleset)
    except (KeyError, scoring.ScoringError):
        defaults = {}
    return {**defaults, **(version.overrides if version else {})}


def round_editor(
    request: HttpRequest, session: Session, game_round: Round | None = None
) -> HttpResponse:
    """Record a new win, or correct round ``game_round``: preview (htmx or the 预览 button) or
    confirm. Nothing is saved unless the engine accepts the hand."""
    web = web_game(session.game)
    names = seat_names(session)
    version = game_round.rules_version if game_round else current_rules_version(session)
    in_force = house_rules_in_force(session, version)
    form = web.round_form(
        request.POST or None,
        game_round=game_round,
        seat_names=names,
        player_count=session.player_count,
        in_force=in_force,
        # the draw question's "enter the kongs" opens the form on a draw (?result=draw)
        draw=request.method == "GET" and request.GET.get("result") == "draw",
    )
    honor_cycle = in_force.get("honor_cycle", "seven")
    context: dict[str, Any] = {
        "session": session,
        "form": form,
        "web": web,
        "round": game_round,
        "seat_names": names,
        "honor_cycle": honor_cycle,
    }
    if request.method == "POST":
        context["specials"] = shown_specials(
            session.game, request.POST.get("indicator", ""), in_force
        )
        previewing = "preview" in request.POST or bool(request.htmx)
        if form.is_valid():
            hand = form.engine_request()
            context["hand_flowers"] = hand.get("flowers")
            if not previewing:
                # Recorded, the answer is a redirect: the state is read only for a page drawn.
                return save_round(request, session, game_round, form.round_body(), context)
            context["state"] = state_shown(session, game_round, version)
            outcome = hand_preview(session, hand, game_round, context["state"])
            context["result"] = outcome if "error" not in outcome else None
            context["error"] = outcome.get("error")
        else:
            context["invalid"] = True
    elif game_round and (hand := web.recorded_hand(game_round)) is not None:
        # A correction opens on the round as recorded, with its score beside the confirm button.
        context["specials"] = shown_specials(session.game, hand.get("indicator"), in_force)
        context["hand_flowers"] = hand.get("flowers")
        context["state"] = state_shown(session, game_round, version)
        outcome = hand_preview(session, hand, game_round, context["state"])
        context["result"] = outcome if "error" not in outcome else None
        context["error"] = outcome.get("error")
    context.setdefault("state", state_shown(session, game_round, version))
    return render_page_or(request, "web/round_form.html", "preview", context)


def state_shown(session: Session, game_round: Round | None, version: Any) -> dict[str, Any]:
    """The sitting's state as the round form draws it: a new round's form has the newest house
    rules at hand already (``version``); a correction's is the round's own, so the state reads
    the newest."""
    return session_state(session, version if game_round is None else None)


def posted_number(request: HttpRequest, name: str) -> int | None:
    """A whole number the form carries (``expected_round``, ``version``); None when the form does
    not say (a page drawn before forms said which round they record)."""
    raw = request.POST.get(name, "")
    return int(raw) if re.fullmatch(r"[1-9][0-9]{0,8}", raw) else None


# What a form posts besides the round itself: taken out when the round is posted again from the
# conflict page, which gives it a new key and the round it now records.
NOT_THE_ROUND = ("csrfmiddlewaretoken", "once", "expected_round", "version", "preview", "confirm")


def save_round(
    request: HttpRequest,
    session: Session,
    game_round: Round | None,
    entry: dict[str, Any],
    context: dict[str, Any],
) -> HttpResponse:
    drawn_for = request.POST.get("drawn_for", "")
    if drawn_for and drawn_for != str(request.user.pk):
        # A round kept on a phone is sent only for the account it was entered under.
        messages.error(
            request, _("这一局是在另一个账号下填的，没有记录；请用那个账号登录后再发送。")
        )
        return redirect("web:session", pk=session.pk)
    # The sitting as ``with_session_to_write`` read it, with its lock: the service reads it no
    # more, and answers the balances before and after the round, read under that lock.
    locked = is_locked(session)
    try:
        if game_round is None:
            changed: rounds.Recorded | rounds.Corrected = rounds.round_record(
                session=session,
                entry=entry,
                user=request.user,
                expected_round=posted_number(request, "expected_round"),
                locked=locked,
            )
            title = _("第%(n)s局已记录") % {"n": changed.round.number}
        else:
            changed = rounds.round_correct(
                session=session,
                number=game_round.number,
                entry=entry,
                user=request.user,
                expected_version=posted_number(request, "version"),
                locked=locked,
            )
            title = _("第%(n)s局已更正") % {"n": game_round.number}
    except RoundConflict as conflict:
        return conflict_page(request, session, game_round, entry, conflict)
    except CalculatorError as problem:
        if "form" not in context:
            # A draw has no form to show the refusal on (the cap, E_LIMIT): the session page
            # says it.
            messages.error(request, pick(error_of(problem), "message", seat_names(session)))
            return redirect("web:session", pk=session.pk)
        context["error"] = error_of(problem)
        context.setdefault("state", session_state(session))
        return render(request, "web/round_form.html", context, status=400)
    remember_changes(request, session, changed.before, title, changed.after)
    return redirect("web:session", pk=session.pk)


def hand_rows(hand: Mapping[str, Any], names: Mapping[str, str]) -> list[dict[str, Any]]:
    """A hand's tiles to show in a few rows: each winner's (紅中 may have several) standing
    tiles, melds and winning tile."""
    winners = hand.get("winners")
    blocks = winners if isinstance(winners, list) else [hand] if hand.get("concealed") else []
    rows = []
    for block in blocks:
        if not isinstance(block, Mapping):
            continue
        melds = [
            meld.get("tiles", "")
            for meld in block.get("melds") or []
            if isinstance(meld, Mapping) and isinstance(meld.get("tiles"), str)
        ]
        seat = block.get("seat") or hand.get("winner") or ""
        rows.append(
            {
                "who": names.get(seat, "") if isinstance(seat, str) else "",
                "concealed": block.get("concealed") or "",
                "melds": melds,
                "win_tile": block.get("win_tile") or "",
            }
        )
    return rows


def seat_nets(
    payments: list[Mapping[str, Any]], names: Mapping[str, str], seats: tuple[str, ...]
) -> list[dict[str, Any]]:
    """What each seat wins (+) or pays (−) in a round."""
    net = {seat: Decimal(0) for seat in seats}
    for payment in payments:
        amount = Decimal(str(payment.get("amount", 0)))
        net[payment["from"]] = net.get(payment["from"], Decimal(0)) - amount
        net[payment["to"]] = net.get(payment["to"], Decimal(0)) + amount
    return [
        {"seat": seat, "name": names.get(seat, seat), "delta": money_str(net[seat])}
        for seat in seats
    ]


def conflict_page(
    request: HttpRequest,
    session: Session,
    game_round: Round | None,
    entry: Mapping[str, Any],
    conflict: RoundConflict,
) -> HttpResponse:
    """The sitting moved on while this form was open (another phone recorded this round, or
    changed the round being corrected): nothing was saved. The page shows the round that is
    there and the one just entered side by side, with one tap for each way out: the same hand
    (nothing to do), record mine (as the next round, or over the changed round), discard mine."""
    names = seat_names(session)
    state = session_state(session)
    there = conflict.round
    theirs = None
    if there is not None:
        detail = ledger.round_detail(session, there.number)
        theirs = {
            **detail,
            "recorded_by": there.recorded_by.get_username() if there.recorded_by else "",
            "when": there.voided_at or there.corrected_at or there.recorded_at,
            "tiles": hand_rows(detail.get("hand") or {}, names),
            "nets": seat_nets(detail.get("payments") or [], names, seats_in_play(session)),
        }
    hand = {key: value for key, value in entry.items() if key != "result"}
    mine: dict[str, Any] = {"result": entry.get("result"), "tiles": hand_rows(hand, names)}
    if game_round is not None:
        game_round.refresh_from_db()
    # A win is scored; so is a draw in a game whose draws can move money (紅中's kongs, HZ11).
    if entry.get("result") == Round.WIN or game_of_session(session).draw_fields:
        scored_as = {**hand}
        if entry.get("result") == Round.DRAW:
            scored_as["winners"] = []
        outcome = hand_preview(session, scored_as, game_round, state)
        mine["scoring"] = outcome if "error" not in outcome else None
        mine["error"] = outcome.get("error")
        mine["nets"] = seat_nets(
            (mine["scoring"] or {}).get("payments") or [], names, seats_in_play(session)
        )
    again = [
        (name, value)
        for name, values in request.POST.lists()
        if name not in NOT_THE_ROUND
        for value in values
    ]
    context = {
        "session": session,
        "seat_names": names,
        "state": state,
        "correction": game_round,
        "theirs": theirs,
        "mine": mine,
        "expected": conflict.expected,
        "next_round": conflict.next_round,
        # The form meant a round after the next one (one queued before it was not recorded).
        "ahead": game_round is None and conflict.expected > conflict.next_round,
        "again": again,
        "again_action": request.path,
        "version_now": there.version if there is not None else None,
        "key_sent": request.POST.get("once", ""),
        "version_sent": request.POST.get("version", ""),
    }
    return render(request, "web/round_conflict.html", context, status=409)


@written_once(write=round_saved)
@with_session_to_write(round_saved)
@while_open
def round_new(request: HttpRequest, session: Session) -> HttpResponse:
    return round_editor(request, session)


@written_once(write=round_corrected)
@with_session_to_write(round_corrected)
@while_open
def round_edit(request: HttpRequest, session: Session, number: int) -> HttpResponse:
    game_round = session.rounds.select_related("rules_version").filter(number=number).first()
    if game_round is None:
        raise Http404(_("本场没有这一局。"))
    if game_round.result == Round.ADJUSTMENT:
        # Not a hand: corrected on the adjustment's own form.
        return redirect("web:adjustment_edit", pk=session.pk, number=number)
    if game_round.result == Round.SEAT_CHANGE:
        # Not corrected: voided, and another one recorded (its page says so).
        return redirect("web:round", pk=session.pk, number=number)
    if game_round.voided:
        messages.error(request, _("第%(n)s局已作废，不能更正。") % {"n": number})
        return redirect("web:round", pk=session.pk, number=number)
    if request.method == "POST" and "to_draw" in request.POST:
        return save_round(request, session, game_round, {"result": "draw"}, {"session": session})
    return round_editor(request, session, game_round)


@written_once(write=confirmed)
@require_POST
@with_session_to_write(confirmed)
@while_open
def round_draw(request: HttpRequest, session: Session) -> HttpResponse:
    """荒莊: the dealer keeps the deal (R2.2) and no money moves (R9). One tap asks, the
    second (``confirm``) records it."""
    if request.POST.get("confirm") != "1":
        return ask_first(session, "draw")
    return save_round(request, session, None, {"result": "draw"}, {"session": session})


@require_safe
@with_session
def round_detail(request: HttpRequest, session: Session, number: int) -> HttpResponse:
    return render(request, "web/round.html", round_context(session, number))


def round_context(session: Session, number: int) -> dict[str, Any]:
    """What a round's why page shows, the owner's and the share link's alike: the round, its
    result, and the calculator link that scores the same hand in the same context."""
    try:
        detail = ledger.round_detail(session, number)
    except CalculatorError:
        raise Http404(_("本场没有这一局。")) from None
    hand = detail.get("hand") or {}
    if detail["result"] == Round.SEAT_CHANGE:
        # Not a hand: who moved where, and who deals next (the seat keeps the deal).
        return {
            "session": session,
            "round": detail,
            "result": None,
            "seat_names": names_at(session, number, before=True),
            "check_url": None,
        }
    if detail["result"] == Round.ADJUSTMENT:
        # Not a hand: no tiles, no engine, no calculator link; what it moved and why.
        return {
            "session": session,
            "round": detail,
            "result": None,
            "seat_names": names_at(session, number),
            "check_url": None,
        }
    return {
        "session": session,
        "round": detail,
        "result": detail["scoring"],
        "hand_flowers": hand.get("flowers"),
        "seat_names": names_at(session, number),
        # The round's own dealer, streak and rules version (R2.2, R8, R12), the sitting's base
        # silver: what the round was scored with, so the calculator gives the same payments.
        "check_url": hand_links.round_link(
            game=session.game,
            player_count=session.player_count,
            ruleset=session.ruleset,
            result=detail["result"],
            hand=hand,
            table={
                "dealer": detail["dealer"],
                "dealer_streak": detail["dealer_streak"],
                "base_silver": money_str(session.base_silver),
            },
            rules=ledger.round_rules(session, number),
        ),
    }


@written_once()
@with_session_to_write(any_post)
@while_open
def round_void(request: HttpRequest, session: Session, number: int) -> HttpResponse:
    """GET asks to confirm (works without JS); POST voids: kept in history, moves no money."""
    try:
        detail = ledger.round_detail(session, number)
    except CalculatorError:
        raise Http404(_("本场没有这一局。")) from None
    names = seat_names(session)
    if request.method == "POST":
        before = session_balances(session)
        try:
            rounds.round_void(session=session, number=number, user=request.user)
        except CalculatorError as problem:
            # A later round the engine refuses in the dealer context the void would leave:
            # nothing changed, and the sitting's page says which round and why.
            messages.error(request, pick(error_of(problem), "message", names))
            return redirect("web:session", pk=session.pk)
        remember_changes(request, session, before, _("第%(n)s局已作废") % {"n": number})
        return redirect("web:session", pk=session.pk)
    context: dict[str, Any] = {"session": session, "round": detail, "seat_names": names}
    if not detail["voided"]:
        # What the void does to each balance, as the undo question shows it: the later rounds
        # are scored again without it, nothing is written.
        try:
            preview = rounds.round_void_preview(session=session, number=number)
        except CalculatorError as problem:
            context["void_error"] = pick(error_of(problem), "message", names)
        else:
            context["changes"] = balance_changes(
                preview.before, preview.after, seats_in_play(session)
            )
    return render(request, "web/round_void.html", context)
