"""What the page modules of several domains share, and no view: the door to a sitting's pages
(``with_session``, ``with_session_to_write``, ``while_open``), the page-or-fragment answer and how a refusal is shown, the
question a change asks first and the balances it moved, the game and house rules a form names,
a link's QR code, and the short game names and sitting rows the lists of other pages show."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from functools import lru_cache, wraps
from typing import Any

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

import scoring
from calculator.errors import CalculatorError
from calculator.models import Session
from calculator.money import money_str
from calculator.selectors.access import session_for_user
from calculator.selectors.sittings import session_balances
from calculator.services.rounds import session_to_write
from calculator.web.forms import HouseRulesForm, game_from, game_name, player_count_from
from calculator.web.games import web_game
from calculator.web.once import CHANGES_KEY
from scoring.games import DEFAULT_GAME, GAMES

# --- a sitting's pages: who may open them, and an archived sitting read-only ----------------------


def with_session(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Login required; the session must be the user's own or one they were invited to."""

    @wraps(view)
    @login_required
    def wrapper(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            session = session_for_user(request.user, pk)
        except CalculatorError:
            raise Http404(_("找不到这一场。")) from None
        return view(request, session, *args, **kwargs)

    return wrapper


def with_session_to_write(
    write: Callable[[HttpRequest], bool],
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """As ``with_session``, for a round's or an adjustment's form. A post that records or
    corrects (``write(request)``, the rule its ``written_once`` is given) reads the sitting once,
    in a transaction around the view: its row lock, its newest house rules and its seats'
    players (``services.rounds.session_to_write``), which the form, the service (``locked``) and
    the page then use; a 404 still comes first. Any other request reads it as ``with_session``.

    No savepoint of its own: inside ``written_once``'s transaction an error leaving the view
    rolls that transaction back whole, as it did before."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        shown = with_session(view)

        @wraps(view)
        @login_required
        def wrapper(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method != "POST" or not write(request):
                return shown(request, pk, *args, **kwargs)
            with transaction.atomic(savepoint=False):
                try:
                    session = session_to_write(user=request.user, pk=pk, players=True)
                except CalculatorError:
                    # Not the user's to see: the block ends as it began (nothing in it went
                    # wrong, so an enclosing transaction stays usable), then the 404.
                    session = None
                if session is not None:
                    return view(request, session, *args, **kwargs)
            raise Http404(_("找不到这一场。"))

        return wrapper

    return decorate


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


def seats_in_play(session: Session) -> tuple[str, ...]:
    """The seats of the sitting's table: the first ``player_count`` of E S W N."""
    return tuple(scoring.SEATS[: session.player_count])


# --- the answer: the page or its fragment, a refusal's words --------------------------------------


def render_page_or(
    request: HttpRequest, template: str, fragment: str, context: dict[str, Any]
) -> HttpResponse:
    """The page, or only ``template#fragment`` for an htmx request."""
    if request.htmx and not request.htmx.boosted:
        return render(request, f"{template}#{fragment}", context)
    return render(request, template, context)


def error_of(problem: CalculatorError | scoring.ScoringError) -> dict[str, str]:
    return {"code": problem.code, "message": problem.message, "message_en": problem.message_en}


# --- a change: the question it asks first, the balances it moved ----------------------------------


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
    request: HttpRequest,
    session: Session,
    before: Mapping[str, Decimal],
    title: str,
    after: Mapping[str, Decimal] | None = None,
) -> None:
    """Keep what a change did to the balances for the session page to show once: ``before`` and
    ``after`` as the service read them under the sitting's lock (``after`` absent: read now)."""
    after = session_balances(session) if after is None else after
    changes = balance_changes(before, after, seats_in_play(session))
    request.session[CHANGES_KEY] = {"title": title, "seats": changes}


# --- the table a form names: the game, the number of players, the house rules, the specials -------


def table_of(request: HttpRequest, default_count: int | None = None) -> tuple[str, int]:
    """The game and the number of players a form or a link names (``?game=anji&player_count=3``):
    a game the app scores and a count it allows, else Anqing and the game's most."""
    data = request.POST if request.method == "POST" else request.GET
    game = game_from(data)
    return game, player_count_from(data, game, default_count)


def house_rules_of(
    request: HttpRequest,
    game: str = DEFAULT_GAME,
    data: QueryDict | None = None,
    form_class: type[HouseRulesForm] = HouseRulesForm,
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
    return ruleset, form_class(posted_rules, ruleset=ruleset, game=game)


def shown_specials(
    game: str, indicator: object, rules: Mapping[str, Any] | None = None
) -> dict[str, Any] | None:
    """What the indicator turns up, shown beside it (the game's ``specials``, R4, AJ4.1); None
    before a tile is chosen or where it is not one tile the game reads."""
    if isinstance(indicator, str):
        indicator = indicator.strip()
    return web_game(game).specials_of(indicator, rules)


# --- links and lists: a link's QR code, a game's short name, rows of sittings ---------------------


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
