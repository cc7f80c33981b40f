"""A sitting as it leaves the app: its export files (JSON, to import again; CSV, the ledger) and
the read-only pages of its share link (no login), which answer 304 while nothing changed.

The share page shows the settle-up (who pays whom in the fewest transfers, and the picture for
the group chat) once the owner archives the sitting — the end of the evening — and before that
to a phone that asks for it (``?settle=1``, the page's 结算 link)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from calculator.errors import CalculatorError
from calculator.models import Session
from calculator.selectors.access import session_by_share_token, share_state, share_version
from calculator.selectors.exports import session_export
from calculator.selectors.ledger import ledger_csv
from calculator.web.common import with_session
from calculator.web.lang_marks import premarked
from calculator.web.page_cache import kept, key_of
from calculator.web.rounds import round_context
from calculator.web.sittings import page_number, session_context
from calculator.web.standings import settle_context


@require_safe
@with_session
def export_json(request: HttpRequest, session: Session) -> HttpResponse:
    response = JsonResponse(
        session_export(session), json_dumps_params={"ensure_ascii": False, "indent": 2}
    )
    response["Content-Disposition"] = f'attachment; filename="session-{session.pk}.json"'
    return response


@require_safe
@with_session
def export_csv(request: HttpRequest, session: Session) -> HttpResponse:
    response = HttpResponse(ledger_csv(session), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="session-{session.pk}.csv"'
    return response


@require_safe
def share(request: HttpRequest, token: str) -> HttpResponse:
    """The read-only page, polled every 3 s. One query (the sitting's version) answers a poll
    with nothing new (204: htmx keeps what it shows) and a reload whose ETag still holds
    (304); a change answers the rounds as drawn once for that version (``shared_live``)."""
    row = share_state(token)
    if row is None:
        if request.htmx:
            # The owner stopped sharing or made a new link while this page was open: reload it,
            # so the viewer reads that the link is no longer valid instead of stale rounds.
            return HttpResponse(status=404, headers={"HX-Refresh": "true"})
        raise Http404(_("这个分享链接无效。"))
    pk, version, rounds = row
    if request.htmx and request.GET.get("v") == str(version):
        return HttpResponse(status=204)
    page = page_number(request, rounds)
    asked = settle_asked(request)

    def draw() -> HttpResponse:
        shown = shared_live(token, version, page, settle=asked)
        if request.htmx and not request.htmx.boosted:
            return HttpResponse(shown["live_html"])
        # Around the kept fragment: the link's board and its stream, at the version shown.
        return render(
            request, "web/share.html", {**shown, "share_token": token, "version": version}
        )

    shown_as = f"{page}-settle" if asked else page
    response = shared_page(request, share_page_etag(request, pk, version, shown_as), draw)
    patch_vary_headers(response, ("HX-Request",))
    return response


def settle_asked(request: HttpRequest) -> bool:
    """Whether this phone asked the share page for the settle-up before the end (``?settle=1``,
    which the live region then keeps asking with, so it follows every new round)."""
    return request.GET.get("settle") == "1"


def shared_live(token: str, version: int, page: int, *, settle: bool = False) -> dict[str, Any]:
    """The share page's ``#live`` fragment (``live_html``) and the sitting's name, drawn
    without the request once per link, version, language, page and whether the settle-up was
    asked for, and reused (``page_cache``): every phone following the link at that version gets
    the same. The settle-up is in it when asked for or once the sitting is archived (which moves
    the version on, so the key of an archived sitting is never one drawn before it ended)."""

    def draw() -> dict[str, Any]:
        session = shared_session(token)
        context = session_context(session, page)
        context["settle_asked"] = settle
        if settle or session.archived_at is not None:
            # The owner's settle-up page's own reads: transfers, standings, the whole sitting's
            # chart and the picture drawn from them.
            context["settled"] = settle_context(session)
        html = premarked(render_to_string("web/share.html#live", context), get_language())
        return {"live_html": html, "session_name": session.name}

    shown = "settle" if settle else "rounds"
    return kept(key_of("share", token, version, get_language(), page, shown), draw)


def shared_session(token: str) -> Session:
    """The sitting a share link shows; 404 if the link stopped meanwhile."""
    try:
        return session_by_share_token(token)
    except CalculatorError:
        raise Http404(_("这个分享链接无效。")) from None


def shared_page(request: HttpRequest, etag: str, draw: Callable[[], HttpResponse]) -> HttpResponse:
    """A page read through the share link: 304 while ``etag`` holds, else ``draw()``; asked
    again each time (no-cache) and kept by this browser only, as the page carries its CSRF
    token."""
    response = get_conditional_response(request, etag=etag)
    if response is None:
        response = draw()
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
    row = share_version(token)
    if row is None:
        raise Http404(_("这个分享链接无效。"))
    pk, version = row
    return shared_page(
        request,
        share_page_etag(request, pk, version, f"round-{number}"),
        lambda: render(
            request,
            "web/round.html",
            {**round_context(shared_session(token), number), "share_token": token},
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
