"""Standings on the pages: the settle page, with the standings, the fewest transfers that settle
up, each player's statistics and the balance chart of the whole sitting."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from calculator.models import BALANCE_FIELDS, Session
from calculator.selectors.fees import fee_totals, has_fees
from calculator.selectors.sittings import seat_names, stored_state
from calculator.selectors.standings import balance_series, player_stats, settlement, standings
from calculator.web.charts import balance_chart, settle_picture
from calculator.web.common import seats_in_play, with_session
from calculator.web.lang_marks import premarked
from calculator.web.page_cache import kept, key_of, sitting_key


def settle_context(session: Session) -> dict[str, Any]:
    names = seat_names(session)
    stored = stored_state(session)
    balances = {seat: stored[field] for seat, field in BALANCE_FIELDS.items()}
    # Only the seats in play are shown: a 2- or 3-player table has no empty seats to list.
    seats = seats_in_play(session)
    fees = fee_totals(session, seats)
    context = {
        "session": session,
        "seat_names": names,
        "standings": [row for row in standings(session, balances, fees) if row["seat"] in seats],
        # Net of the table fees, paid to whoever collected them (selectors.fees).
        "transfers": settlement(session, balances, fees),
        "has_fees": has_fees(fees),
        "collectors": [seat for seat in seats if fees[seat]["collected"]],
        "stats": [row for row in player_stats(session, stored) if row["seat"] in seats],
        # The whole sitting, from the balances stored with its rounds (at most 200 points).
        "chart": balance_chart(
            balance_series(session, last=stored["last_number"]), names, seats=seats
        ),
    }
    context["picture"] = settle_picture(
        context["standings"], context["transfers"], context["chart"], fees=context["has_fees"]
    )
    return context


@require_safe
@with_session
def settle(request: HttpRequest, session: Session) -> HttpResponse:
    """Everything the page shows of the sitting is the same for everyone who may open it: drawn
    without the request once per version and language, and reused (``page_cache``)."""
    language = get_language()
    html = kept(
        key_of("settle", sitting_key(session), session.version, language),
        lambda: premarked(
            render_to_string("web/settle.html#settled", settle_context(session)), language
        ),
    )
    return render(request, "web/settle.html", {"settled_html": html})
