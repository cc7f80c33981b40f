"""Taking back on the pages: undo the last round that counts (after the sitting's page showed
what it does to each balance, ``selectors.takeback.undo_preview``), and the sitting a new one starts
again from (``/sessions/new/?from=<pk>``)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

import calculator.services.takeback
from calculator.errors import CalculatorError
from calculator.models import Round, Session
from calculator.numbers import id_of, plain
from calculator.selectors.access import session_for_user
from calculator.selectors.sittings import session_balances
from calculator.selectors.takeback import last_live_round
from calculator.web.common import ask_first, remember_changes, while_open, with_session_to_write
from calculator.web.once import confirmed, written_once


def restart_of(request: HttpRequest) -> Session | None:
    """The sitting named by ``?from=`` when the user may see it; anything else is ignored."""
    try:
        return session_for_user(request.user, id_of(request.GET.get("from")) or 0)
    except CalculatorError:
        return None


@written_once(write=confirmed)
@require_POST
@with_session_to_write(confirmed)
@while_open
def round_undo(request: HttpRequest, session: Session) -> HttpResponse:
    """Undo the last round (``services.takeback.round_undo``: a void of the newest round that counts),
    after the page showed what it does to each balance. The form names the round it means; if
    that is no longer the newest that counts (another phone recorded or undid one since),
    nothing changes."""
    if request.POST.get("confirm") != "1":
        return ask_first(session, "undo")
    meant = request.POST.get("number", "")
    before = session_balances(session)
    try:
        undone = calculator.services.takeback.round_undo(
            session=session, number=id_of(meant) or 0, user=request.user
        )
    except CalculatorError:
        messages.error(request, stale_undo_notice(meant, last_live_round(session)))
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
