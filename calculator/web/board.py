"""The board: a sitting on a big screen (a tablet or a TV in the middle of the table, landscape,
read from two metres): each person's balance, the dealer and the streak, who deals the next
hand, and the last round with its items and payments.

Two doors to one page: the share link's (``/share/<token>/board/``: read-only, no log-in, for the
tablet that scanned the QR code on the sitting's page) and the sitting's own
(``/sessions/<id>/board/``, for its owner and members, shared or not). The live region refreshes
itself as the share page's does: its poll sends the version it shows, and nothing new is a 204
after one query."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from calculator.models import Round, Session
from calculator.selectors import ledger
from calculator.selectors.access import share_version
from calculator.web.common import render_page_or, with_session
from calculator.web.exports import share_page_etag, shared_page, shared_session
from calculator.web.sittings import session_context


def board_context(session: Session, share_token: str | None = None) -> dict[str, Any]:
    """What the board shows: the sitting page's state and seats (``session_context``), and the
    newest round that still counts (a voided one moves nothing) with its scoring as the why page
    reads it (``ledger.round_detail``): the items its game's part lists, the payments."""
    context = session_context(session)
    last = next((entry for entry in context["rounds"] if not entry["voided"]), None)
    result = None
    if last is not None and last["result"] != Round.ADJUSTMENT:
        result = ledger.round_detail(session, last["number"])["scoring"]
    context.update(
        {
            "last": last,
            "last_rounds": [last] if last else [],
            "result": result,
            "share_token": share_token,
        }
    )
    return context


@require_safe
def share_board(request: HttpRequest, token: str) -> HttpResponse:
    """The board through the share link: the share page's answers (a 204 for a poll with
    nothing new, a 304 while the ETag holds, a 404 once the link stopped: reloaded by htmx)."""
    row = share_version(token)
    if row is None:
        if request.htmx:
            return HttpResponse(status=404, headers={"HX-Refresh": "true"})
        raise Http404(_("这个分享链接无效。"))
    pk, version = row
    if request.htmx and request.GET.get("v") == str(version):
        return HttpResponse(status=204)
    response = shared_page(
        request,
        share_page_etag(request, pk, version, "board"),
        lambda: render_page_or(
            request, "web/board.html", "live", board_context(shared_session(token), token)
        ),
    )
    patch_vary_headers(response, ("HX-Request",))
    return response


@require_safe
@with_session
def session_board(request: HttpRequest, session: Session) -> HttpResponse:
    """The board of a sitting its owner or a member opens (shared or not)."""
    if request.htmx and request.GET.get("v") == str(session.version):
        return HttpResponse(status=204)
    return render_page_or(request, "web/board.html", "live", board_context(session))
