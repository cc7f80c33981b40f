"""A sitting written out: the export file, and what a share link shows.

``session_export`` is the whole history as entered, which ``services.imports.session_import``
rebuilds into the same ledger; ``share_view`` is a read-only view without the token that grants
it or the owner's account name.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from calculator.models import Session
from calculator.money import money_str
from calculator.paging import SHARE_LIMIT
from calculator.selectors.fees import fee_totals
from calculator.selectors.ledger import ledger, round_as_dict, round_window
from calculator.selectors.sittings import seat_names, seats_of, session_balances, session_detail
from calculator.selectors.standings import settlement


def session_export(session: Session) -> dict[str, Any]:
    """The whole history as entered; ``services.imports.session_import`` rebuilds the same ledger."""
    rounds = list(session.rounds.select_related("rules_version").order_by("number"))
    return {
        "format": "anqing-session",
        "version": 1,
        "name": session.name,
        "game": session.game,
        "player_count": session.player_count,
        "ruleset": session.ruleset,
        "base_silver": money_str(session.base_silver),
        "players": list(seat_names(session).values()),
        # How the seats were drawn (R2.2, AJ2.3, HZ2.2); null when they were typed.
        "seat_draw": session.seat_draw,
        "rules_versions": [
            {"number": version.number, "rules": version.overrides}
            for version in session.rules_versions.order_by("number")
        ],
        "rounds": [
            {
                "number": game_round.number,
                "result": game_round.result,
                "hand": game_round.hand,
                "rules_version": game_round.rules_version.number,
                "voided": game_round.voided,
            }
            for game_round in rounds
        ],
        "balances": {seat: money_str(a) for seat, a in session_balances(session).items()},
        # Table fees per seat, as the history gives them: an import derives them again from the
        # fee entries among the rounds and the fee house rule of the rules versions.
        "fees": {
            seat: {key: money_str(amount) for key, amount in row.items()}
            for seat, row in fee_totals(session, seats_of(session)).items()
        },
    }


def share_view(
    session: Session, *, offset: int | None = None, limit: int = SHARE_LIMIT
) -> dict[str, Any]:
    """Everything a share link shows: read-only, without the token that grants it and without
    the owner's username (an account name is not for anyone holding the link). The rounds are
    the newest ``limit`` unless ``offset`` says which (``round_window``); ``transfers`` are the
    fewest that settle the balances now, as the share page shows them once the sitting is
    archived or a phone asks."""
    window = round_window(session, offset, limit)
    shared = session_detail(session, with_share_token=False)
    del shared["owner"]
    balances = {seat: Decimal(amount) for seat, amount in shared["state"]["balances"].items()}
    return {
        "session": shared,
        "ledger": ledger(session, offset=window.offset, limit=window.limit),
        "rounds": [round_as_dict(r) for r in window.rounds],
        "transfers": settlement(session, balances),
    }
