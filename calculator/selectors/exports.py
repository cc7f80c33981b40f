"""A sitting written out: the export file, and what a share link shows.

``session_export`` is the whole history as entered, which ``services.imports.session_import``
rebuilds into the same ledger; ``share_view`` is a read-only view without the token that grants
it or the owner's account name.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from calculator.models import Round, Session
from calculator.money import money_str
from calculator.paging import SHARE_LIMIT
from calculator.selectors.fees import fee_totals
from calculator.selectors.ledger import ledger, round_as_dict, round_window
from calculator.selectors.seating import seat_change_seating, seating_opening
from calculator.selectors.sittings import (
    people_names,
    seats_of,
    session_balances,
    session_detail,
)
from calculator.selectors.standings import settlement


def _exported_hand(
    game_round: Round, seats: tuple[str, ...], seating: dict[str, Any]
) -> tuple[Any, dict[str, Any]]:
    """A round's hand as the file keeps it, and the seating after it: a seat change names, for
    each seat, the seat its new occupant held before it (as its API body does), not people."""
    if game_round.result != Round.SEAT_CHANGE:
        return game_round.hand, seating
    asked = seat_change_seating(game_round.hand)
    held = {person: seat for seat, person in seating.items() if person is not None}
    hand = {"seating": {seat: held.get(asked[seat], seat) for seat in seats}}
    return hand, seating if game_round.voided else asked


def session_export(session: Session) -> dict[str, Any]:
    """The whole history as entered; ``services.imports.session_import`` rebuilds the same ledger.
    ``players`` are the opening seating; seat changes move them."""
    rounds = list(session.rounds.select_related("rules_version").order_by("number"))
    seats = seats_of(session)
    seating = seating_opening(session)
    names = people_names(session)
    hands = []
    for game_round in rounds:
        hand, seating = _exported_hand(game_round, seats, seating)
        hands.append(hand)
    return {
        "format": "anqing-session",
        "version": 1,
        "name": session.name,
        "game": session.game,
        "player_count": session.player_count,
        "ruleset": session.ruleset,
        "base_silver": money_str(session.base_silver),
        "players": [
            names.get(person, "")
            for person in list(seating_opening(session).values())[: len(seats)]
        ],
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
                "hand": hand,
                "rules_version": game_round.rules_version.number,
                "voided": game_round.voided,
            }
            for game_round, hand in zip(rounds, hands, strict=True)
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
