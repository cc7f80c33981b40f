"""The pages. Each view parses a form, calls the engine, a service or a selector, and renders the
whole page, or only the named fragment when htmx asks (style: one view, page or fragment)."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping
from decimal import Decimal
from functools import lru_cache, wraps
from math import ceil
from typing import Any

import segno
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Max, Min
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

import scoring
from calculator import selectors, services
from calculator.api.parsers import refuse_bad_text
from calculator.errors import CalculatorError, RoundConflict
from calculator.login_attempts import login_blocked, login_failed, login_succeeded
from calculator.models import BALANCE_FIELDS, Round, Session
from calculator.money import money_str
from calculator.numbers import id_of, plain
from calculator.web import hand_links
from calculator.web.charts import balance_chart, settle_picture
from calculator.web.forms import (
    PLAYER_COUNT_CHOICES,
    HouseRulesForm,
    ImportForm,
    InviteForm,
    SessionForm,
    SignUpForm,
    game_from,
    game_name,
    player_count_from,
)
from calculator.web.games import web_game
from calculator.web.once import (
    CHANGES_KEY,
    confirmed,
    invited,
    round_corrected,
    round_saved,
    share_changed,
    written_once,
)
from calculator.web.templatetags.tiles import pick
from scoring.games import DEFAULT_GAME, GAMES


def shown_specials(
    game: str, indicator: object, rules: Mapping[str, Any] | None = None
) -> dict[str, Any] | None:
    """What the indicator turns up, shown beside it (the game's ``specials``, R4, AJ4.1); None
    before a tile is chosen or where it is not one tile the game reads."""
    if isinstance(indicator, str):
        indicator = indicator.strip()
    return web_game(game).specials_of(indicator, rules)


def error_of(problem: CalculatorError | scoring.ScoringError) -> dict[str, str]:
    return {"code": problem.code, "message": problem.message, "message_en": problem.message_en}


def render_page_or(
    request: HttpRequest, template: str, fragment: str, context: dict[str, Any]
) -> HttpResponse:
    """The page, or only ``template#fragment`` for an htmx request."""
    if request.htmx and not request.htmx.boosted:
        return render(request, f"{template}#{fragment}", context)
    return render(request, template, context)


def house_rules_of(
    request: HttpRequest, game: str = DEFAULT_GAME, data: QueryDict | None = None
) -> tuple[str, HouseRulesForm]:
    """The chosen ruleset of ``game`` and its house-rules form (R12, AJ13). Posted rule fields
    (or ``data``: a calculator link's) belong to the ruleset they were drawn for; after a switch
    of ruleset or game the new one's defaults apply."""
    data = request.POST if data is None else data
    rulesets = GAMES[game].rulesets
    ruleset = data.get("ruleset") or request.GET.get("ruleset") or rulesets[0]
    if ruleset not in rulesets:
        ruleset = rulesets[0]
    posted_rules = data if data.get("rules_for") == ruleset else None
    return ruleset, HouseRulesForm(posted_rules, ruleset=ruleset, game=game)


def table_of(request: HttpRequest, default_count: int | None = None) -> tuple[str, int]:
    """The game and the number of players a form or a link names (``?game=anji&player_count=3``):
    a game the app scores and a count it allows, else Anqing and the game's most."""
    data = request.POST if request.method == "POST" else request.GET
    game = game_from(data)
    return game, player_count_from(data, game, default_count)


# --- accounts, home ------------------------------------------------------------------------


def home(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("web:session_list")
    return render(request, "web/home.html")


class LoginView(auth_views.LoginView):
    """Django's log-in page, refusing a username after too many failures from one address
    (``calculator.login_attempts``) without checking the password."""

    next_page = "web:session_list"

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        username = request.POST.get("username", "")
        if login_blocked(request, username):
            messages.error(request, _("登录失败的次数太多了，请过一会儿再试。"))
            context = self.get_context_data(form=AuthenticationForm(request))
            return self.render_to_response(context, status=429)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        login_succeeded(self.request, form.cleaned_data.get("username", ""))
        return super().form_valid(form)

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        login_failed(self.request, self.request.POST.get("username", ""))
        return super().form_invalid(form)


class LogoutView(auth_views.LogoutView):
    """Django's log-out (POST), to the home page; the answer also asks the browser to drop this
    site's HTTP cache (``Clear-Site-Data: "cache"``). The pages the service worker kept for the
    account are deleted by offline.js before the form is sent."""

    next_page = "web:home"

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = super().post(request, *args, **kwargs)
        response["Clear-Site-Data"] = '"cache"'
        return response


def signup(request: HttpRequest) -> HttpResponse:
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("欢迎！先开一场吧。"))
        return redirect("web:session_new")
    return render(request, "registration/signup.html", {"form": form})


# --- the calculator (no login) ---------------------------------------------------------------


def calculator(request: HttpRequest) -> HttpResponse:
    """Check a disputed score, or see what a ready hand waits for (``scoring.waits``), for any
    game (``?game=anji&player_count=3`` switches). A GET whose query holds a hand (the link a
    result offers, ``calculator.web.hand_links``) is scored as if its form had been posted."""
    game, player_count = table_of(request)
    web = web_game(game)
    data = request.POST if request.method == "POST" else linked_hand(request, game, player_count)
    ruleset, rules_form = house_rules_of(request, game, data)
    usable_rules = rules_form.is_bound and rules_form.is_valid()
    in_force = {**rules_form.defaults, **(rules_form.cleaned_data if usable_rules else {})}
    form = web.calculator_form(data or None, player_count=player_count, in_force=in_force)
    context: dict[str, Any] = {
        "form": form,
        "web": web,
        "rules_form": rules_form,
        "ruleset": ruleset,
        "game": game,
        "player_count": player_count,
        "games": game_links(game, player_count),
        "seat_names": None,
    }
    if data is not None:
        context["specials"] = shown_specials(
            game,
            data.get("indicator", ""),
            {"honor_cycle": data.get("rule-honor_cycle", "seven")},
        )
        if form.is_valid() and rules_form.is_usable():
            engine_request = {
                **form.context_request(),
                **form.engine_request(),
                "rules": rules_form.overrides(),
            }
            context["hand_flowers"] = engine_request.get("flowers")
            if "win_tile" in engine_request and not engine_request["win_tile"]:
                # No winning tile: what the hand waits for (scoring.waits).
                del engine_request["win_tile"]
                waits = GAMES[game].waits or scoring.waits
                outcome = waits(engine_request)
                context["waits"] = outcome if "error" not in outcome else None
            else:
                outcome = score_any(engine_request)
                context["result"] = outcome if "error" not in outcome else None
            context["error"] = outcome.get("error")
            if context.get("result") or context.get("waits"):
                context.update(calculator_link(request, context, rules_form))
        else:
            context["invalid"] = True
    elif request.htmx and request.GET.get("ruleset"):
        return render(request, "web/calculator.html#house_rules", context)
    return render_page_or(request, "web/calculator.html", "preview", context)


def linked_hand(request: HttpRequest, game: str, player_count: int) -> QueryDict | None:
    """The data a calculator link binds the forms with (its query with the starting values of
    the fields it leaves out), or None for a GET that holds no hand (the game switch, the
    ruleset choice, the blank page)."""
    if all(key in hand_links.TABLE_KEYS for key in request.GET):
        return None  # the blank page and the game switch: no forms to make
    ruleset, blank_rules = house_rules_of(request, game)
    blank = web_game(game).calculator_form(
        None, player_count=player_count, in_force=blank_rules.defaults
    )
    if not hand_links.holds_hand(request.GET, blank):
        return None
    return hand_links.link_data(request.GET, blank, blank_rules, ruleset)


def calculator_link(
    request: HttpRequest, context: Mapping[str, Any], rules_form: HouseRulesForm
) -> dict[str, Any]:
    """The link that holds the hand just scored and the table, to open on any phone, with its
    QR code (as the share link's)."""
    path = hand_links.hand_link(
        game=context["game"],
        player_count=context["player_count"],
        ruleset=context["ruleset"],
        form=context["form"],
        values=hand_links.posted_values(context["form"]),
        rules=rules_form.overrides(),
    )
    url = request.build_absolute_uri(path)
    return {"hand_url": url, "hand_qr": link_qr(url, _("这手牌的链接的二维码"))}


def score_any(request: dict[str, Any]) -> dict:
    """The engine's answer for a request of any game (``scoring.games.score``)."""
    from scoring.games import score

    return score(request)


def short_game_name(code: str) -> str:
    """A game's name without the word mahjong: "安庆麻将" → "安庆", "Anji mahjong" → "Anji"."""
    name = game_name(code)
    for word in ("麻将", "麻將", " mahjong"):
        name = name.removesuffix(word)
    return name


def sittings_listed(sittings: list[dict[str, Any]], may_open: bool = True) -> list[dict[str, Any]]:
    """Rows of a list of sittings (``id``, ``date``) with the link of each (None where its ``id``
    is None, or when ``may_open`` is False) and its day in the site's time zone, made here once
    rather than by a tag and a filter for every row."""
    for sitting in sittings:
        opened = may_open and sitting["id"] is not None
        sitting["url"] = reverse("web:session", args=[sitting["id"]]) if opened else None
        sitting["day"] = timezone.localtime(sitting["date"]).date().isoformat()
    return sittings


def game_links(game: str, player_count: int) -> list[dict[str, Any]]:
    """The calculator's game switch, one short row: each game as a link, then, for the chosen
    game when it has several table sizes, each count; the chosen ones marked."""
    url = reverse("web:calculator")
    links = [
        {
            "url": f"{url}?game={code}",
            "key": code,
            # Short names ("安庆", "Anqing"), so three games and the table sizes share one row
            # above the hand editor on a phone.
            "name": short_game_name(code),
            "current": code == game,
        }
        for code in GAMES
    ]
    counts = GAMES[game].seat_counts
    if len(counts) > 1:
        links += [
            {
                "url": f"{url}?game={game}&player_count={count}",
                "key": f"{game}-{count}",
                "name": str(dict(PLAYER_COUNT_CHOICES)[count]),
                "current": count == player_count,
                "count": count,
            }
            for count in counts
        ]
    return links


# --- sessions --------------------------------------------------------------------------------


def with_session(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Login required; the session must be the user's own or one they were invited to."""

    @wraps(view)
    @login_required
    def wrapper(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            session = selectors.session_for_user(request.user, pk)
        except CalculatorError:
            raise Http404(_("找不到这一场。")) from None
        return view(request, session, *args, **kwargs)

    return wrapper


def while_open(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """An archived sitting is read-only: back to its page, which says so and offers the owner
    to restore it (``services`` refuse the change anyway)."""

    @wraps(view)
    def wrapper(request: HttpRequest, session: Session, *args: Any, **kwargs: Any) -> HttpResponse:
        if session.archived_at is not None:
            messages.error(request, archived_notice())
            return redirect("web:session", pk=session.pk)
        return view(request, session, *args, **kwargs)

    return wrapper


def archived_notice() -> str:
    return _("这一场已归档，只能查看：主人恢复它以后才能再记局、更正、作废或改家规。")


def session_lists(user: Any) -> dict[str, Any]:
    """The sittings a user sees: those in use, and the archived ones (a folded section)."""
    sessions = list(selectors.sessions_for_user(user))
    return {
        "sessions": [session for session in sessions if session.archived_at is None],
        "archived_sessions": [session for session in sessions if session.archived_at is not None],
    }


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
            session = services.session_import(owner=request.user, data=export)
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
    rebuilt = selectors.session_balances(session)
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


def restart_of(request: HttpRequest) -> Session | None:
    """The sitting named by ``?from=`` when the user may see it; anything else is ignored."""
    try:
        return selectors.session_for_user(request.user, id_of(request.GET.get("from")) or 0)
    except CalculatorError:
        return None


@written_once()
@login_required
def session_new(request: HttpRequest) -> HttpResponse:
    """Open a sitting; ``?from=<pk>`` starts from another one: the same players in the same
    seats, ruleset, base silver and house rules in force."""
    source = restart_of(request) if request.method == "GET" and "from" in request.GET else None
    if source is None:
        game, player_count = table_of(request)
        if request.method == "POST":
            form = SessionForm(request.POST, roster=selectors.roster_choices(request.user))
        else:
            # ?game=…&player_count=… (the game switch): names already typed are kept.
            kept = {k: v for k, v in request.GET.items() if k in SessionForm.base_fields}
            form = SessionForm(initial=kept, game=game, player_count=player_count)
        ruleset, rules_form = house_rules_of(request, game)
    else:
        start = selectors.session_restart(source)
        game, player_count = source.game, source.player_count
        form = SessionForm(
            initial=SessionForm.initial_from(start), game=game, player_count=player_count
        )
        ruleset = start["ruleset"]
        rules_form = HouseRulesForm(ruleset=ruleset, current=start["rules"], game=game)
    context: dict[str, Any] = {
        "form": form,
        "rules_form": rules_form,
        "ruleset": ruleset,
        "game": game,
        "source": source,
    }
    if request.htmx and request.method == "GET" and request.GET.get("game"):
        return render(request, "web/session_new.html#table", context)
    if request.htmx and request.method == "GET" and request.GET.get("ruleset"):
        return render(request, "web/session_new.html#house_rules", context)
    context["known_names"] = selectors.player_names_used(request.user)
    if request.method == "POST" and form.is_valid() and rules_form.is_usable():
        try:
            session = services.session_create(
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
            )
        except CalculatorError as problem:
            context["error"] = error_of(problem)
        else:
            return redirect("web:session", pk=session.pk)
    return render(request, "web/session_new.html", context)


# The session and share pages show this many rounds, the newest first, and page back for older
# ones: a phone shows a screenful or two, and the page costs the same at round 20 and round 2,000.
ROUNDS_PER_PAGE = 20


def page_number(request: HttpRequest) -> int:
    """``?page=`` of the session and share pages: 1 (the newest rounds), 2 (the ones before),
    …; anything but a whole number is page 1."""
    raw = request.GET.get("page", "")
    return int(raw) if re.fullmatch(r"[1-9][0-9]{0,5}", raw) else 1


def balances_before(entry: Mapping[str, Any]) -> dict[str, Decimal]:
    """Each seat's balance before a ledger entry: its running balance without its payments."""
    before = {seat: Decimal(amount) for seat, amount in entry["balances"].items()}
    for payment in entry["payments"]:
        before[payment["from"]] += Decimal(payment["amount"])
        before[payment["to"]] -= Decimal(payment["amount"])
    return before


def seats_in_play(session: Session) -> tuple[str, ...]:
    """The seats of the sitting's table: the first ``player_count`` of E S W N."""
    return tuple(scoring.SEATS[: session.player_count])


def session_context(session: Session, page: int = 1) -> dict[str, Any]:
    """What the session page and the share page both read: the state, and the rounds of page
    ``page`` (1: the newest ``ROUNDS_PER_PAGE``, 2: the ones before them, …) with their true
    running balances."""
    # The stored running state and the current rules, read once for everything below.
    stored = selectors.stored_state(session)
    version = selectors.current_rules_version(session)
    state = selectors.session_state(session, version, stored)
    # Rounds are numbered 1, 2, 3, … and never taken out (a void keeps them).
    total = state["next_round"] - 1
    pages = max(ceil(total / ROUNDS_PER_PAGE), 1)
    page = min(page, pages)
    end = total - (page - 1) * ROUNDS_PER_PAGE
    offset = max(end - ROUNDS_PER_PAGE, 0)
    ledger = selectors.ledger(session, offset=offset, limit=(end - offset) or None, stored=stored)
    names = ledger["players"]
    shown = ledger["rounds"]
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
            selectors.rules_for(session, version), state["dealer_streak"]
        ),
        "rules_overrides": version.overrides if version else {},
        "rules_version": version.number if version else 1,
        "seat_names": names,
        "seats": [
            {
                "seat": seat,
                "name": names[seat],
                "balance": state["balances"].get(seat, "0"),
                "dealer": seat == state["dealer"],
            }
            for seat in seats_in_play(session)
        ],
        "rounds": list(reversed(shown)),
        "chart": balance_chart(
            shown, names, start=start, first=offset, seats=seats_in_play(session)
        ),
    }


@with_session
def session_detail(request: HttpRequest, session: Session) -> HttpResponse:
    if request.htmx and request.GET.get("v") == str(session.version):
        return HttpResponse(status=204)  # the poll, and nothing new: htmx keeps what it shows
    context = session_context(session, page_number(request))
    context["changes"] = request.session.pop(CHANGES_KEY, None)
    context["is_owner"] = session.owner_id == request.user.pk
    context["share_url"] = (
        request.build_absolute_uri(reverse("web:share", args=[session.share_token]))
        if session.share_token
        else None
    )
    if not request.htmx or request.htmx.boosted:
        # Only the whole page asks to undo, confirms a draw and shows the QR code.
        if session.archived_at is None:
            balances = {seat: Decimal(v) for seat, v in context["state"]["balances"].items()}
            context["undo"] = selectors.undo_preview(session, balances)
        context["asking"] = request.GET.get("confirm")
        if context["share_url"]:
            context["share_qr"] = link_qr(context["share_url"], _("分享链接的二维码"))
    return render_page_or(request, "web/session.html", "ledger", context)


def link_qr(url: str, label: str) -> str:
    """A QR code of ``url`` as inline SVG: dark on white with the 4-module quiet zone, 5 px a
    module (about 200 px for a share link: whole pixels keep the modules crisp for a camera; a
    long link gets fewer, to stay within ``QR_MOST_WIDTH``) and no style attributes (the CSP
    forbids them)."""
    name = escape(label)
    return mark_safe(_qr_svg(url).replace("<svg ", f'<svg role="img" aria-label="{name}" ', 1))


# The widest a QR code is drawn (px): it fits a 390 px phone inside a card. A long link (the
# calculator's, which holds a whole hand) has more modules, so fewer whole pixels each.
QR_MOST_WIDTH = 300


@lru_cache(maxsize=256)
def _qr_svg(url: str) -> str:
    """The QR code of a link: the same link is drawn once per process (a sitting's page shows its
    share link on every visit), at most 256 links kept."""
    code = segno.make(url, error="m", micro=False)
    modules = code.symbol_size(border=4)[0]
    scale = max(2, min(5, QR_MOST_WIDTH // modules))
    return code.svg_inline(
        dark="#000", light="#fff", border=4, scale=scale, svgclass="qr-code", lineclass=None
    )


def ask_first(session: Session, question: str) -> HttpResponse:
    """A change posted without its confirmation: back to the session page with the question
    open (``<details>``), nothing changed."""
    url = reverse("web:session", args=[session.pk])
    return redirect(f"{url}?confirm={question}#{question}")


def balance_changes(
    before: Mapping[str, Decimal],
    after: Mapping[str, Decimal],
    seats: tuple[str, ...] = tuple(scoring.SEATS),
) -> dict[str, Any]:
    return {
        seat: {
            "before": money_str(before[seat]),
            "after": money_str(after[seat]),
            "delta": money_str(after[seat] - before[seat]),
        }
        for seat in seats
    }


def remember_changes(
    request: HttpRequest, session: Session, before: Mapping[str, Decimal], title: str
) -> None:
    """Keep what a change did to the balances for the session page to show once."""
    changes = balance_changes(before, selectors.session_balances(session), seats_in_play(session))
    request.session[CHANGES_KEY] = {"title": title, "seats": changes}


def hand_preview(
    session: Session, hand: Mapping[str, Any], game_round: Round | None, state: Mapping[str, Any]
) -> dict:
    """The engine's answer for a hand in this session's context, without saving anything.

    A new round takes the session's next dealer context (``state``) and current rules; a
    correction keeps the context and the rules version the round was recorded with (R2.2, R12)."""
    if game_round is None:
        dealer, streak = state["dealer"], state["dealer_streak"]
        version = selectors.current_rules_version(session)
    else:
        dealer, streak, version = (
            game_round.dealer,
            game_round.dealer_streak,
            game_round.rules_version,
        )
    # The game and the table size are the session's, never the form's (AJ14.1): hand_scored
    # sets them after the hand.
    return selectors.hand_scored(session, hand, dealer, streak, version)


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
    names = selectors.seat_names(session)
    version = game_round.rules_version if game_round else selectors.current_rules_version(session)
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
        "state": selectors.session_state(session),
    }
    if request.method == "POST":
        context["specials"] = shown_specials(
            session.game, request.POST.get("indicator", ""), in_force
        )
        previewing = "preview" in request.POST or bool(request.htmx)
        if form.is_valid():
            hand = form.engine_request()
            context["hand_flowers"] = hand.get("flowers")
            if previewing:
                outcome = hand_preview(session, hand, game_round, context["state"])
                context["result"] = outcome if "error" not in outcome else None
                context["error"] = outcome.get("error")
            else:
                return save_round(request, session, game_round, form.round_body(), context)
        else:
            context["invalid"] = True
    elif game_round and (hand := web.recorded_hand(game_round)) is not None:
        # A correction opens on the round as recorded, with its score beside the confirm button.
        context["specials"] = shown_specials(session.game, hand.get("indicator"), in_force)
        context["hand_flowers"] = hand.get("flowers")
        outcome = hand_preview(session, hand, game_round, context["state"])
        context["result"] = outcome if "error" not in outcome else None
        context["error"] = outcome.get("error")
    return render_page_or(request, "web/round_form.html", "preview", context)


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
    before = selectors.session_balances(session)
    try:
        if game_round is None:
            recorded = services.round_record(
                session=session,
                entry=entry,
                user=request.user,
                expected_round=posted_number(request, "expected_round"),
            )
            number = recorded.round.number
            title = _("第%(n)s局已记录") % {"n": number}
        else:
            number = game_round.number
            services.round_correct(
                session=session,
                number=number,
                entry=entry,
                user=request.user,
                expected_version=posted_number(request, "version"),
            )
            title = _("第%(n)s局已更正") % {"n": number}
    except RoundConflict as conflict:
        return conflict_page(request, session, game_round, entry, conflict)
    except CalculatorError as problem:
        if "form" not in context:
            # A draw has no form to show the refusal on (the cap, E_LIMIT): the session page
            # says it.
            messages.error(
                request, pick(error_of(problem), "message", selectors.seat_names(session))
            )
            return redirect("web:session", pk=session.pk)
        context["error"] = error_of(problem)
        return render(request, "web/round_form.html", context, status=400)
    remember_changes(request, session, before, title)
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
    names = selectors.seat_names(session)
    state = selectors.session_state(session)
    there = conflict.round
    theirs = None
    if there is not None:
        detail = selectors.round_detail(session, there.number)
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
    if entry.get("result") == Round.WIN or selectors.game_of_session(session).draw_fields:
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
@with_session
@while_open
def round_new(request: HttpRequest, session: Session) -> HttpResponse:
    return round_editor(request, session)


@written_once(write=round_corrected)
@with_session
@while_open
def round_edit(request: HttpRequest, session: Session, number: int) -> HttpResponse:
    game_round = session.rounds.select_related("rules_version").filter(number=number).first()
    if game_round is None:
        raise Http404(_("本场没有这一局。"))
    if game_round.result == Round.ADJUSTMENT:
        # Not a hand: corrected on the adjustment's own form.
        return redirect("web:adjustment_edit", pk=session.pk, number=number)
    if game_round.voided:
        messages.error(request, _("第%(n)s局已作废，不能更正。") % {"n": number})
        return redirect("web:round", pk=session.pk, number=number)
    if request.method == "POST" and "to_draw" in request.POST:
        return save_round(request, session, game_round, {"result": "draw"}, {"session": session})
    return round_editor(request, session, game_round)


@written_once(write=confirmed)
@require_POST
@with_session
@while_open
def round_draw(request: HttpRequest, session: Session) -> HttpResponse:
    """荒莊: the dealer keeps the deal (R2.2) and no money moves (R9). One tap asks, the
    second (``confirm``) records it."""
    if request.POST.get("confirm") != "1":
        return ask_first(session, "draw")
    return save_round(request, session, None, {"result": "draw"}, {"session": session})


@written_once(write=confirmed)
@require_POST
@with_session
@while_open
def round_undo(request: HttpRequest, session: Session) -> HttpResponse:
    """Undo the last round (``services.round_undo``: a void of the newest round that counts),
    after the page showed what it does to each balance. The form names the round it means; if
    that is no longer the newest that counts (another phone recorded or undid one since),
    nothing changes."""
    if request.POST.get("confirm") != "1":
        return ask_first(session, "undo")
    meant = request.POST.get("number", "")
    before = selectors.session_balances(session)
    try:
        undone = services.round_undo(
            session=session, number=id_of(meant) or 0, user=request.user
        )
    except CalculatorError:
        messages.error(request, stale_undo_notice(meant, selectors.last_live_round(session)))
        return redirect("web:session", pk=session.pk)
    undone_title = (
        _("第%(n)s条已撤销") if undone.result == Round.ADJUSTMENT else _("第%(n)s局已撤销")
    )
    remember_changes(request, session, before, undone_title % {"n": undone.number})
    return redirect("web:session", pk=session.pk)


def stale_undo_notice(meant: str, last: Round | None) -> str:
    if last is None:
        return _("没有可以撤销的局，什么也没改。")
    return _("第%(meant)s局已经不是最后一局了（现在最后一局是第%(last)s局），什么也没改。") % {
        "meant": plain(meant),
        "last": last.number,
    }


@with_session
def round_detail(request: HttpRequest, session: Session, number: int) -> HttpResponse:
    return render(request, "web/round.html", round_context(session, number))


def round_context(session: Session, number: int) -> dict[str, Any]:
    """What a round's why page shows, the owner's and the share link's alike: the round, its
    result, and the calculator link that scores the same hand in the same context."""
    try:
        detail = selectors.round_detail(session, number)
    except CalculatorError:
        raise Http404(_("本场没有这一局。")) from None
    hand = detail.get("hand") or {}
    if detail["result"] == Round.ADJUSTMENT:
        # Not a hand: no tiles, no engine, no calculator link; what it moved and why.
        return {
            "session": session,
            "round": detail,
            "result": None,
            "seat_names": selectors.seat_names(session),
            "check_url": None,
        }
    return {
        "session": session,
        "round": detail,
        "result": detail["scoring"],
        "hand_flowers": hand.get("flowers"),
        "seat_names": selectors.seat_names(session),
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
            rules=selectors.round_rules(session, number),
        ),
    }


@written_once()
@with_session
@while_open
def round_void(request: HttpRequest, session: Session, number: int) -> HttpResponse:
    """GET asks to confirm (works without JS); POST voids: kept in history, moves no money."""
    try:
        detail = selectors.round_detail(session, number)
    except CalculatorError:
        raise Http404(_("本场没有这一局。")) from None
    if request.method == "POST":
        before = selectors.session_balances(session)
        services.round_void(session=session, number=number, user=request.user)
        remember_changes(request, session, before, _("第%(n)s局已作废") % {"n": number})
        return redirect("web:session", pk=session.pk)
    context = {"session": session, "round": detail, "seat_names": selectors.seat_names(session)}
    return render(request, "web/round_void.html", context)


@with_session
def settle(request: HttpRequest, session: Session) -> HttpResponse:
    names = selectors.seat_names(session)
    stored = selectors.stored_state(session)
    balances = {seat: stored[field] for seat, field in BALANCE_FIELDS.items()}
    # Only the seats in play are shown: a 2- or 3-player table has no empty seats to list.
    seats = seats_in_play(session)
    context = {
        "session": session,
        "seat_names": names,
        "standings": [
            row for row in selectors.standings(session, balances) if row["seat"] in seats
        ],
        "transfers": selectors.settlement(session, balances),
        "stats": [row for row in selectors.player_stats(session, stored) if row["seat"] in seats],
        # The whole sitting, from the balances stored with its rounds (at most 200 points).
        "chart": balance_chart(
            selectors.balance_series(session, last=stored["last_number"]), names, seats=seats
        ),
    }
    context["picture"] = settle_picture(
        context["standings"], context["transfers"], context["chart"]
    )
    return render(request, "web/settle.html", context)


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
            invited = services.session_invite(
                session=session, username=form.cleaned_data["username"]
            )
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
    current = selectors.current_rules_version(session)
    in_force = current.overrides if current else {}
    form = HouseRulesForm(
        request.POST or None, ruleset=session.ruleset, current=in_force, game=session.game
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
                    version = services.rules_change(
                        session=session, rules=changed, user=request.user
                    )
                except CalculatorError as problem:
                    context["error"] = error_of(problem)
                else:
                    next_round = selectors.session_state(session)["next_round"]
                    messages.success(
                        request,
                        _("家规已改成第%(v)s版：从第%(n)s局起按新家规算分，已经记过的局不变。")
                        % {"v": version.number, "n": next_round},
                    )
                    return redirect("web:session", pk=session.pk)
        else:
            context["invalid"] = True
    context["state"] = selectors.session_state(session)
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


@with_session
def export_json(request: HttpRequest, session: Session) -> HttpResponse:
    response = JsonResponse(
        selectors.session_export(session), json_dumps_params={"ensure_ascii": False, "indent": 2}
    )
    response["Content-Disposition"] = f'attachment; filename="session-{session.pk}.json"'
    return response


@with_session
def export_csv(request: HttpRequest, session: Session) -> HttpResponse:
    response = HttpResponse(selectors.ledger_csv(session), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="session-{session.pk}.csv"'
    return response


# --- the share link: read-only, no login -------------------------------------------------------


@require_safe
def share(request: HttpRequest, token: str) -> HttpResponse:
    """The read-only page, polled every 3 s. One query (the sitting's version) answers a poll
    with nothing new (204: htmx keeps what it shows) and a reload whose ETag still holds
    (304); only a change renders the rounds again."""
    row = selectors.share_version(token)
    if row is None:
        if request.htmx:
            # The owner stopped sharing or made a new link while this page was open: reload it,
            # so the viewer reads that the link is no longer valid instead of stale rounds.
            return HttpResponse(status=404, headers={"HX-Refresh": "true"})
        raise Http404(_("这个分享链接无效。"))
    pk, version = row
    if request.htmx and request.GET.get("v") == str(version):
        return HttpResponse(status=204)
    page = page_number(request)
    response = shared_page(
        request,
        token,
        share_page_etag(request, pk, version, page),
        lambda session: render_page_or(
            request, "web/share.html", "live", session_context(session, page)
        ),
    )
    patch_vary_headers(response, ("HX-Request",))
    return response


def shared_page(
    request: HttpRequest, token: str, etag: str, draw: Callable[[Session], HttpResponse]
) -> HttpResponse:
    """A page read through the share link: 304 while ``etag`` holds, else ``draw`` of the
    sitting (404 if the link stopped meanwhile); asked again each time (no-cache) and kept by
    this browser only, as the page carries its CSRF token."""
    response = get_conditional_response(request, etag=etag)
    if response is None:
        try:
            session = selectors.session_by_share_token(token)
        except CalculatorError:
            raise Http404(_("这个分享链接无效。")) from None
        response = draw(session)
    response.headers.setdefault("ETag", etag)
    patch_cache_control(response, private=True, no_cache=True)
    patch_vary_headers(response, ("Cookie",))
    return response


@require_safe
def share_round(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """A round's why page through the share link, read-only and without logging in: the same
    page as the owner's (tiles, reading, items with their rules, 包 reasons, payments and the
    calculator link) without anything that changes the sitting. A link stopped or replaced
    opens nothing, as the share page."""
    row = selectors.share_version(token)
    if row is None:
        raise Http404(_("这个分享链接无效。"))
    pk, version = row
    return shared_page(
        request,
        token,
        share_page_etag(request, pk, version, f"round-{number}"),
        lambda session: render(
            request, "web/round.html", {**round_context(session, number), "share_token": token}
        ),
    )


def share_page_etag(request: HttpRequest, pk: int, version: int, page: int | str) -> str:
    """What the share page's HTML depends on: the sitting's version, the page of rounds (or
    ``round-<n>``, a round's why page), the language, whole page or fragment, and the visitor's
    cookies (the top bar says who is logged in and the forms carry the CSRF token)."""
    parts = [
        str(pk),
        str(version),
        str(page),
        get_language() or "",
        "fragment" if request.htmx else "page",
        request.COOKIES.get(settings.CSRF_COOKIE_NAME, ""),
        request.COOKIES.get(settings.SESSION_COOKIE_NAME, ""),
    ]
    digest = hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]
    return f'"share-{pk}-{version}-{digest}"'


# --- taking back: the share link, members, archiving, deleting -----------------------------------


def refused(
    request: HttpRequest, session: Session, problem: CalculatorError, back: str = "web:session"
) -> HttpResponse:
    """A change the service refused: 403 when it is the owner's alone, otherwise back to the
    page with the service's words."""
    message = pick(error_of(problem), "message", selectors.seat_names(session))
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
            services.share_link_revoke(session=session, user=request.user)
        else:
            services.share_link_rotate(session=session, user=request.user)
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
        services.session_archive(session=session, user=request.user)
    except CalculatorError as problem:
        return refused(request, session, problem)
    messages.success(request, _("已归档：这一场只能查看了，在“我的牌局”最下面的“已归档”里。"))
    return redirect("web:session", pk=session.pk)


@written_once()
@require_POST
@with_session
def session_restore(request: HttpRequest, session: Session) -> HttpResponse:
    try:
        services.session_restore(session=session, user=request.user)
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
        services.session_delete(session=session, user=request.user)
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
        services.member_remove(session=session, user=request.user, username=username)
    except CalculatorError as problem:
        return refused(request, session, problem, back="web:members")
    if leaving:
        messages.success(request, _("你已退出“%(name)s”。") % {"name": session.name})
        return redirect("web:session_list")
    messages.success(request, _("已移除“%(user)s”：对方再也看不到这一场了。") % {"user": username})
    return redirect("web:members", pk=session.pk)
