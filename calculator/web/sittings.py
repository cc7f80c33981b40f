"""Sittings on the pages: the list (and a sitting read from an export file), a new sitting (or
one started again from another, ``takeback.restart_of``), a sitting's page with its rounds a
page at a time, its members, its house rules and their history, the share link, archiving,
restoring and deleting. Each view parses a form, calls a service or a selector, and renders the
whole page, or only the named fragment when htmx asks (style: one view, page or fragment)."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from decimal import Decimal
from math import ceil
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Max, Min
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

import calculator.selectors.ledger
import calculator.services.sittings
import scoring
from calculator.api.parsers import refuse_bad_text
from calculator.errors import CalculatorError
from calculator.models import Session
from calculator.selectors.access import sessions_for_user
from calculator.selectors.fees import fee_columns, fee_totals, has_fees
from calculator.selectors.roster import player_names_used, roster_choices
from calculator.selectors.sittings import (
    current_rules_version,
    rules_for,
    seat_names,
    seats_of,
    session_balances,
    session_state,
    stored_state,
)
from calculator.selectors.takeback import session_restart, undo_preview
from calculator.services import imports
from calculator.services.sittings import (
    rules_change,
    session_create,
    session_invite,
    share_link_revoke,
    share_link_rotate,
)
from calculator.web import seat_draw
from calculator.web.charts import balance_chart
from calculator.web.common import (
    archived_notice,
    ask_first,
    error_of,
    house_rules_of,
    link_qr,
    render_page_or,
    seats_in_play,
    table_of,
    with_session,
)
from calculator.web.fees import SittingRulesForm
from calculator.web.forms import HouseRulesForm, ImportForm, InviteForm, SessionForm
from calculator.web.games import web_game
from calculator.web.lang_marks import premarked
from calculator.web.once import (
    CHANGES_KEY,
    confirmed,
    fresh_keys,
    invited,
    share_changed,
    written_once,
)
from calculator.web.page_cache import kept, key_of, sitting_key
from calculator.web.takeback import restart_of
from calculator.web.templatetags.tiles import pick
from scoring.games import GAMES


def session_lists(user: Any) -> dict[str, Any]:
    """The sittings a user sees: those in use, and the archived ones (a folded section)."""
    sessions = list(sessions_for_user(user))
    return {
        "sessions": [session for session in sessions if session.archived_at is None],
        "archived_sessions": [session for session in sessions if session.archived_at is not None],
    }


@require_safe
@login_required
def session_list(request: HttpRequest) -> HttpResponse:
    context = {**session_lists(request.user), "import_form": ImportForm()}
    return render(request, "web/session_list.html", context)


@written_once()
@login_required
def session_import(request: HttpRequest) -> HttpResponse:
    """Rebuild a sitting from its JSON export (uploaded or pasted): every round is scored again
    with the rules version it was recorded with (R12); nothing is saved if any part is wrong."""
    if request.method != "POST":
        return redirect("web:session_list")
    form = ImportForm(request.POST, request.FILES)
    context: dict[str, Any] = {**session_lists(request.user), "import_form": form}
    if form.is_valid():
        export = form.cleaned_data["export"]
        try:
            # The file's JSON may spell NUL or a lone surrogate (\u0000, \ud800), as the API's may.
            refuse_bad_text(export)
            session = imports.session_import(owner=request.user, data=export)
        except CalculatorError as problem:
            # a refused round is named once, by the page, before the engine's words
            context["import_error"] = error_of(problem.in_round or problem)
            context["import_round"] = problem.round_number
        else:
            messages.success(request, import_notice(session, export))
            return redirect("web:session", pk=session.pk)
    return render(request, "web/session_list.html", context, status=400)


def import_notice(session: Session, export: Mapping[str, Any]) -> str:
    """Say what was imported, and whether the balances came out as the file says."""
    rebuilt = session_balances(session)
    written = export.get("balances")
    rounds = session.rounds.count()
    try:
        differs = isinstance(written, Mapping) and any(
            Decimal(str(written[seat])) != rebuilt[seat] for seat in scoring.SEATS
        )
    except (KeyError, ArithmeticError, ValueError):
        differs = True
    if differs:
        return _(
            "已导入“%(name)s”（%(rounds)s局）。注意：重新算出的余额和文件里写的不一样，"
            "请核对每一局。"
        ) % {"name": session.name, "rounds": rounds}
    return _("已导入“%(name)s”（%(rounds)s局），余额和文件里的一致。") % {
        "name": session.name,
        "rounds": rounds,
    }


@written_once()
@login_required
def session_new(request: HttpRequest) -> HttpResponse:
    """Open a sitting; ``?from=<pk>`` starts from another one: the same players in the same
    seats, ruleset, base silver and house rules in force."""
    source = restart_of(request) if request.method == "GET" and "from" in request.GET else None
    if source is None:
        game, player_count = table_of(request)
        if request.method == "POST":
            form = SessionForm(request.POST, roster=roster_choices(request.user))
        else:
            # ?game=…&player_count=… (the game switch): names already typed are kept.
            kept = {k: v for k, v in request.GET.items() if k in SessionForm.base_fields}
            form = SessionForm(initial=kept, game=game, player_count=player_count)
        ruleset, rules_form = house_rules_of(request, game, form_class=SittingRulesForm)
    else:
        start = session_restart(source)
        game, player_count = source.game, source.player_count
        form = SessionForm(
            initial=SessionForm.initial_from(start), game=game, player_count=player_count
        )
        ruleset = start["ruleset"]
        rules_form = SittingRulesForm(ruleset=ruleset, current=start["rules"], game=game)
    context: dict[str, Any] = {
        "form": form,
        "rules_form": rules_form,
        "ruleset": ruleset,
        "game": game,
        "source": source,
        "procedure": seat_draw.procedure_of(GAMES[form.chosen_game]),
    }
    if request.htmx and request.method == "GET" and request.GET.get("game"):
        return render(request, "web/session_new.html#table", context)
    if request.htmx and request.method == "GET" and request.GET.get("ruleset"):
        return render(request, "web/session_new.html#house_rules", context)
    action = request.POST.get(seat_draw.ACTION) if request.method == "POST" else None
    if action in ("throw", "accept"):
        # 抽座位 / 再抽一次 / 用这个座位 (R2.2, AJ2.3, HZ2.2): nothing is written.
        return seat_draw.draw_step(request, action, context)
    context["known_names"] = player_names_used(request.user)
    if request.method == "POST" and form.is_valid() and rules_form.is_usable():
        try:
            session = session_create(
                owner=request.user,
                name=form.cleaned_data["name"],
                players=form.players(),
                ruleset=form.cleaned_data["ruleset"],
                base_silver=str(form.cleaned_data["base_silver"]),
                rules=rules_form.overrides(),
                game=form.chosen_game,
                player_count=form.chosen_count,
                player_ids=form.player_ids(),
                new_players=form.new_players(),
                seat_draw=seat_draw.kept_draw(request.POST, form.players()),
            )
        except CalculatorError as problem:
            context["error"] = error_of(problem)
        else:
            return redirect("web:session", pk=session.pk)
    if request.method == "POST":
        # The draw accepted stays with the form shown again with what to correct.
        context["kept_draw"] = request.POST.get(seat_draw.KEPT, "")
    return render(request, "web/session_new.html", context)


# The session and share pages show this many rounds, the newest first, and page back for older
# ones: a phone shows a screenful or two, and the page costs the same at round 20 and round 2,000.
ROUNDS_PER_PAGE = 20


def page_number(request: HttpRequest, rounds: int) -> int:
    """``?page=`` of the session and share pages: 1 (the newest rounds), 2 (the ones before),
    …; anything but a whole number is page 1, and past the oldest page of a sitting of
    ``rounds`` rounds the oldest page."""
    raw = request.GET.get("page", "")
    asked = int(raw) if re.fullmatch(r"[1-9][0-9]{0,5}", raw) else 1
    return min(asked, pages_of(rounds))


def pages_of(rounds: int) -> int:
    """How many pages of rounds a sitting of ``rounds`` rounds shows (at least one)."""
    return max(ceil(rounds / ROUNDS_PER_PAGE), 1)


def balances_before(entry: Mapping[str, Any]) -> dict[str, Decimal]:
    """Each seat's balance before a ledger entry: its running balance without its payments."""
    before = {seat: Decimal(amount) for seat, amount in entry["balances"].items()}
    for payment in entry["payments"]:
        before[payment["from"]] += Decimal(payment["amount"])
        before[payment["to"]] -= Decimal(payment["amount"])
    return before


def session_context(session: Session, page: int = 1) -> dict[str, Any]:
    """What the session page and the share page both read: the state, and the rounds of page
    ``page`` (1: the newest ``ROUNDS_PER_PAGE``, 2: the ones before them, …) with their true
    running balances."""
    # The stored running state and the current rules, read once for everything below.
    stored = stored_state(session)
    version = current_rules_version(session)
    state = session_state(session, version, stored)
    # Rounds are numbered 1, 2, 3, … and never taken out (a void keeps them).
    total = state["next_round"] - 1
    pages = pages_of(total)
    page = min(page, pages)
    end = total - (page - 1) * ROUNDS_PER_PAGE
    offset = max(end - ROUNDS_PER_PAGE, 0)
    ledger = calculator.selectors.ledger.ledger(
        session, offset=offset, limit=(end - offset) or None, stored=stored
    )
    names = ledger["players"]
    shown = ledger["rounds"]
    fees = fee_totals(session, seats_in_play(session))
    start = balances_before(shown[0]) if shown else None
    return {
        "page": page,
        "pages": pages,
        "older_page": page + 1 if page < pages else None,
        "newer_page": page - 1 if page > 1 else None,
        "total_rounds": total,
        "first_shown": shown[0]["number"] if shown else None,
        "last_shown": shown[-1]["number"] if shown else None,
        "session": session,
        "state": state,
        # What keeping the deal adds (Anqing's 連莊加番, R8.2); None: nothing (AJ2.3).
        "lianzhuang_bonus": web_game(session.game).deal_bonus(
            rules_for(session, version), state["dealer_streak"]
        ),
        "rules_overrides": version.overrides if version else {},
        "rules_version": version.number if version else 1,
        "seat_names": names,
        # How the seats were drawn, one line (R2.2, AJ2.3, HZ2.2); None when they were typed.
        "seat_draw": seat_draw.told(session, names),
        "seats": [
            {
                "seat": seat,
                "name": names[seat],
                "balance": state["balances"].get(seat, "0"),
                "dealer": seat == state["dealer"],
                # Table fees, kept apart from the balance (selectors.fees).
                **fee_columns(Decimal(state["balances"].get(seat, "0")), fees.get(seat)),
            }
            for seat in seats_in_play(session)
        ],
        "has_fees": has_fees(fees),
        "rounds": list(reversed(shown)),
        "chart": balance_chart(
            shown, names, start=start, first=offset, seats=seats_in_play(session)
        ),
    }


# What the sitting's page reads besides its #ledger fragment, the same for everyone who may open
# it: kept with the fragment (page_cache), so a hit reads nothing more of the sitting.
SHOWN = ("page", "state", "seat_names", "rules_overrides", "rules_version", "total_rounds")


def sitting_page(session: Session, page: int) -> dict[str, Any]:
    """The sitting's page as everyone who may open it sees it at the version read with
    ``session``: its ``#ledger`` fragment drawn (``ledger_html``), the undo question's preview
    (``undo``, None for an archived sitting or one with nothing to undo) and ``SHOWN``. Drawn once
    per version, language and page of rounds, and reused (``page_cache``); the fragment is drawn
    without the request, so nothing of one viewer can be in it."""

    def draw() -> dict[str, Any]:
        context = session_context(session, page)
        undo = None
        if session.archived_at is None:
            balances = {seat: Decimal(v) for seat, v in context["state"]["balances"].items()}
            undo = undo_preview(session, balances)
        return {
            "ledger_html": premarked(
                render_to_string("web/session.html#ledger", context), get_language()
            ),
            "undo": undo,
            **{name: context[name] for name in SHOWN},
        }

    key = key_of("session", sitting_key(session), session.version, get_language(), page)
    return kept(key, draw)


@require_safe
@with_session
def session_detail(request: HttpRequest, session: Session) -> HttpResponse:
    if request.htmx and request.GET.get("v") == str(session.version):
        return HttpResponse(status=204)  # the poll, and nothing new: htmx keeps what it shows
    page = page_number(request, session.last_number)
    changes = request.session.pop(CHANGES_KEY, None)
    if request.htmx and not request.htmx.boosted:
        return HttpResponse(sitting_page(session, page)["ledger_html"])
    # Around the fragment, what differs with the viewer and the request: the owner's buttons,
    # a change of this phone's to show once, the question asked, the link as this host spells it.
    context: dict[str, Any] = {"session": session, "page": page, "changes": changes}
    context["is_owner"] = session.owner_id == request.user.pk
    context["share_url"] = (
        request.build_absolute_uri(reverse("web:share", args=[session.share_token]))
        if session.share_token
        else None
    )
    # The board (a tablet or a TV at the table): through the share link, so a tablet that scans
    # its QR code needs no log-in; the sitting's own board while it is not shared. It follows the
    # share link and the host as ``share_url`` does, which the kept body is keyed by.
    context["board_url"] = (
        request.build_absolute_uri(reverse("web:share_board", args=[session.share_token]))
        if session.share_token
        else reverse("web:board", args=[session.pk])
    )
    context["asking"] = request.GET.get("confirm")
    if context["share_url"]:
        context["share_qr"] = link_qr(context["share_url"], _("分享链接的二维码"))
        context["board_qr"] = link_qr(context["board_url"], _("大屏幕的二维码"))
    if changes or context["asking"]:
        context.update(sitting_page(session, page))
    else:
        context["body_html"] = sitting_body(request, session, context)
    return render(request, "web/session.html", context)


# Stand-ins for what each response of the sitting's page has its own of: the CSRF token and the
# viewer's id (the drawn form says whose it is). No text a player typed can hold a NUL.
CSRF_HOLE, VIEWER_HOLE = "\x00csrf\x00", "\x00viewer\x00"


class _Viewer:
    """The viewer as the kept body of the sitting's page is drawn: an id to fill in."""

    pk = VIEWER_HOLE


def sitting_body(request: HttpRequest, session: Session, context: dict[str, Any]) -> str:
    """The sitting's page inside its frame, as every member (or the owner) sees it at this
    version, language, page and share link: drawn once without the request, with stand-ins for
    the CSRF token and the viewer's id and any one-time keys, and kept (``page_cache``); each
    response fills in its own token, id and new keys."""
    share_url = context["share_url"] or ""
    language = get_language()
    key = key_of(
        "session-body",
        sitting_key(session),
        session.version,
        language,
        context["page"],
        "owner" if context["is_owner"] else "member",
        hashlib.sha256(share_url.encode()).hexdigest()[:16],
    )

    def draw() -> str:
        shown = sitting_page(session, context["page"])
        drawing = {**context, **shown, "csrf_token": CSRF_HOLE, "user": _Viewer()}
        return premarked(render_to_string("web/session.html#body", drawing), language)

    drawn = kept(key, draw)
    filled = drawn.replace(CSRF_HOLE, get_token(request))
    return mark_safe(fresh_keys(filled.replace(VIEWER_HOLE, str(request.user.pk))))


@written_once(fragment=invited)
@with_session
def members(request: HttpRequest, session: Session) -> HttpResponse:
    """Who may record in this sitting; its owner invites others by username."""
    is_owner = session.owner_id == request.user.pk
    if request.method == "POST" and not is_owner:
        raise PermissionDenied(_("只有这一场的主人能邀请别人。"))
    form = InviteForm(request.POST or None, session=session)
    context: dict[str, Any] = {"session": session, "is_owner": is_owner, "form": form}
    if request.method == "POST" and form.is_valid():
        try:
            invited = session_invite(session=session, username=form.cleaned_data["username"])
        except CalculatorError as problem:
            context["error"] = error_of(problem)
        else:
            notice = _("已邀请“%(name)s”：对方登录后就能看到这一场，也能记局、更正、作废。") % {
                "name": invited.get_username()
            }
            if not request.htmx:
                messages.success(request, notice)
                return redirect("web:members", pk=session.pk)
            context["notice"] = notice
            context["form"] = InviteForm(session=session)
    context["member_list"] = list(session.members.order_by("username"))
    return render_page_or(request, "web/members.html", "members", context)


@written_once()
@with_session
def rules(request: HttpRequest, session: Session) -> HttpResponse:
    """The house rules in force and their history; a change makes a new version that only the
    rounds recorded after it use (R12)."""
    current = current_rules_version(session)
    in_force = current.overrides if current else {}
    form = SittingRulesForm(
        request.POST or None,
        ruleset=session.ruleset,
        current=in_force,
        game=session.game,
        seats=seats_of(session),
    )
    context: dict[str, Any] = {"session": session, "rules_form": form, "current": current}
    if request.method == "POST" and session.archived_at is not None:
        messages.error(request, archived_notice())
        return redirect("web:session", pk=session.pk)
    if request.method == "POST":
        if form.is_valid():
            changed = form.overrides()
            if changed == in_force:
                context["unchanged"] = True
            else:
                try:
                    version = rules_change(session=session, rules=changed, user=request.user)
                except CalculatorError as problem:
                    context["error"] = error_of(problem)
                else:
                    next_round = session_state(session)["next_round"]
                    messages.success(
                        request,
                        _("家规已改成第%(v)s版：从第%(n)s局起按新家规算分，已经记过的局不变。")
                        % {"v": version.number, "n": next_round},
                    )
                    return redirect("web:session", pk=session.pk)
        else:
            context["invalid"] = True
    context["state"] = session_state(session)
    context["versions"] = rules_history(session, form)
    return render(request, "web/rules.html", context, status=400 if context.get("error") else 200)


def rules_history(session: Session, form: HouseRulesForm) -> list[dict[str, Any]]:
    """Every rules version, newest first: when, by whom, what differs from the defaults, and
    which rounds were scored with it."""
    used = {
        row["rules_version__number"]: row
        for row in session.rounds.values("rules_version__number").annotate(
            first=Min("number"), last=Max("number"), count=Count("id")
        )
    }
    versions = list(session.rules_versions.select_related("created_by").order_by("-number"))
    return [
        {
            "number": version.number,
            "created_at": version.created_at,
            "created_by": version.created_by.get_username() if version.created_by else "",
            "current": index == 0,
            "changes": form.describe(version.overrides),
            "rounds": used.get(version.number),
        }
        for index, version in enumerate(versions)
    ]


def refused(
    request: HttpRequest, session: Session, problem: CalculatorError, back: str = "web:session"
) -> HttpResponse:
    """A change the service refused: 403 when it is the owner's alone, otherwise back to the
    page with the service's words."""
    message = pick(error_of(problem), "message", seat_names(session))
    if problem.code == "E_FORBIDDEN":
        raise PermissionDenied(message)
    messages.error(request, message)
    return redirect(back, pk=session.pk)


def session_anchor(session: Session, anchor: str) -> str:
    return f"{reverse('web:session', args=[session.pk])}#{anchor}"


@written_once(write=share_changed)
@require_POST
@with_session
def share_link_change(request: HttpRequest, session: Session) -> HttpResponse:
    """换一个链接 (``rotate``) and 停止分享 (``stop``) ask first, as a draw does; 重新分享
    (``start``) after a stop makes a new link at once."""
    action = request.POST.get("action")
    if action not in ("rotate", "stop", "start"):
        return redirect(session_anchor(session, "share"))
    if action != "start" and request.POST.get("confirm") != "1":
        return ask_first(session, f"share-{action}")
    try:
        if action == "stop":
            share_link_revoke(session=session, user=request.user)
        else:
            share_link_rotate(session=session, user=request.user)
    except CalculatorError as problem:
        return refused(request, session, problem)
    notices = {
        "rotate": _("已换成新的分享链接：旧的链接打不开了。"),
        "stop": _("已停止分享：旧的链接打不开了。想再分享时点“重新分享”。"),
        "start": _("已重新分享：这是一个新的链接。"),
    }
    messages.success(request, notices[action])
    return redirect(session_anchor(session, "share"))


@written_once(write=confirmed)
@require_POST
@with_session
def session_archive(request: HttpRequest, session: Session) -> HttpResponse:
    """Archive (asks first): read-only and out of the list, until the owner restores it."""
    if request.POST.get("confirm") != "1":
        return ask_first(session, "archive")
    try:
        calculator.services.sittings.session_archive(session=session, user=request.user)
    except CalculatorError as problem:
        return refused(request, session, problem)
    messages.success(request, _("已归档：这一场只能查看了，在“我的牌局”最下面的“已归档”里。"))
    return redirect("web:session", pk=session.pk)


@written_once()
@require_POST
@with_session
def session_restore(request: HttpRequest, session: Session) -> HttpResponse:
    try:
        calculator.services.sittings.session_restore(session=session, user=request.user)
    except CalculatorError as problem:
        return refused(request, session, problem)
    messages.success(request, _("已恢复：这一场又可以记局了。"))
    return redirect("web:session", pk=session.pk)


@written_once(write=confirmed)
@require_POST
@with_session
def session_delete(request: HttpRequest, session: Session) -> HttpResponse:
    """Delete the sitting with every round (asks first); there is no way back."""
    if request.POST.get("confirm") != "1":
        return ask_first(session, "delete")
    name = session.name
    try:
        calculator.services.sittings.session_delete(session=session, user=request.user)
    except CalculatorError as problem:
        return refused(request, session, problem)
    messages.success(request, _("已删除“%(name)s”和它的每一局。") % {"name": name})
    return redirect("web:session_list")


@written_once(write=confirmed)
@require_POST
@with_session
def member_remove(request: HttpRequest, session: Session, username: str) -> HttpResponse:
    """The owner removes a member, or a member leaves; the confirmation is the button inside
    each member's question (``confirm``)."""
    if request.POST.get("confirm") != "1":
        return redirect("web:members", pk=session.pk)
    leaving = username == request.user.get_username()
    try:
        calculator.services.sittings.member_remove(
            session=session, user=request.user, username=username
        )
    except CalculatorError as problem:
        return refused(request, session, problem, back="web:members")
    if leaving:
        messages.success(request, _("你已退出“%(name)s”。") % {"name": session.name})
        return redirect("web:session_list")
    messages.success(request, _("已移除“%(user)s”：对方再也看不到这一场了。") % {"user": username})
    return redirect("web:members", pk=session.pk)
