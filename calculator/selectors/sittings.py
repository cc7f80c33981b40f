"""A sitting: its game, seats, house rules, stored running state and description.

Everything that differs between games comes from the sitting's game (``game_of_session``), never
from a test of its code. The next dealer, streak and dealer's base (R2.2, R8.1) and the balances
are read from the running state the services store on the sitting's row (``stored_state``), so
the cost does not grow with the sitting; ``payment_sums`` adds the payments up to check them.
``hand_scored`` asks the engine about a hand in the sitting's context (ruleset, base silver,
dealer, streak, a house-rules version: R12, AJ13).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from django.db.models import Sum

from calculator.models import BALANCE_FIELDS, Payment, Player, RulesVersion, Session
from calculator.money import ZERO, money_str
from calculator.selectors.fees import engine_overrides, fee_totals
from calculator.selectors.seating import (
    seating_after,
    seating_before,
    seating_now,
    seating_opening,
    seatings_by_person,
)
from scoring.games import Game, game_of, score


def game_of_session(session: Session) -> Game:
    """The sitting's game (``scoring.games``): everything that differs between games comes from
    it, never from a test of the game's code here."""
    return game_of(session.game)


def seats_of(session: Session) -> tuple[str, ...]:
    """The seats in play, in order: the first ``player_count`` of E S W N."""
    return game_of_session(session).seats(session.player_count)


SEAT_FIELDS = {"E": "east", "S": "south", "W": "west", "N": "north"}

STATE_FIELDS = (*BALANCE_FIELDS.values(), "next_dealer", "next_streak", "last_number", "version")


def stored_state(session: Session) -> dict[str, Any]:
    """The sitting's stored running state, read fresh (one single-row query): the services keep
    it with every change of history, so it never needs the rounds added up again."""
    return Session.objects.filter(pk=session.pk).values(*STATE_FIELDS).get()


def session_balances(session: Session) -> dict[str, Decimal]:
    """Each seat's balance: what it received minus what it paid, voided rounds left out (the
    services store the sum; ``payment_sums`` adds it up from the payments)."""
    stored = stored_state(session)
    return {seat: stored[BALANCE_FIELDS[seat]] for seat in seats_of(session)}


def payment_sums(session: Session) -> dict[str, Decimal]:
    """The balances added up from the payments themselves, to check the stored ones against:
    each person's payments, at whatever seat they made them (``selectors.seating``), by the seat
    they hold now."""
    seats = seats_of(session)
    rows = (
        Payment.objects.filter(round__session=session, round__voided=False)
        .values("round__seating", "payer", "payee")
        .annotate(paid=Sum("amount"))
        .order_by()
    )
    rows = list(rows)
    seatings = seatings_by_person((row["round__seating"] for row in rows), seating_opening(session))
    by_person: dict[Any, Decimal] = {}
    for row in rows:
        seating = seatings[row["round__seating"]]
        payer, payee = seating[row["payer"]], seating[row["payee"]]
        by_person[payer] = by_person.get(payer, ZERO) - row["paid"]
        by_person[payee] = by_person.get(payee, ZERO) + row["paid"]
    now = seating_now(session)
    return {seat: by_person.get(now[seat], ZERO) for seat in seats}


def current_rules_version(session: Session) -> RulesVersion:
    """The newest house-rules version: as read with the sitting's row lock
    (``services.history.locked``), else one query."""
    if hasattr(session, "_current_rules_version"):
        return session._current_rules_version
    return session.rules_versions.order_by("-number").first()


def rules_for(session: Session, version: RulesVersion | None) -> Any:
    """The game's rules of a house-rules version: the session's ruleset with its overrides (R12,
    AJ13)."""
    return game_of_session(session).make_rules(
        session.ruleset, engine_overrides(version.overrides if version else {})
    )


def current_rules(session: Session) -> Any:
    """The rules for the next round: those of the newest house-rules version."""
    return rules_for(session, current_rules_version(session))


def hand_scored(
    session: Session,
    hand: Mapping[str, Any],
    dealer: str,
    streak: int,
    version: RulesVersion | None,
) -> dict:
    """The engine's answer for a hand in a session's context: its game and number of players, its
    ruleset and base silver, the round's dealer and streak (R2.2, R8) and a house-rules version
    (R12). Nothing is saved."""
    return score(
        {
            **hand,
            "game": session.game,
            "player_count": session.player_count,
            "ruleset": session.ruleset,
            "rules": engine_overrides(version.overrides if version else {}),
            "dealer": dealer,
            "dealer_streak": streak,
            "base_silver": money_str(session.base_silver),
        }
    )


def session_state(
    session: Session,
    version: RulesVersion | None = None,
    stored: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Who deals the next round, with which streak and base (R2.2, R8.1), and the balances: from
    the stored running state, so the cost does not grow with the sitting. ``version`` and
    ``stored``: the current house rules and ``stored_state`` when the caller already has them."""
    stored = stored if stored is not None else stored_state(session)
    streak = stored["next_streak"]
    rules = rules_for(session, version) if version is not None else current_rules(session)
    state: dict[str, Any] = {"dealer": stored["next_dealer"], "dealer_streak": streak}
    base = game_of_session(session).dealer_base(rules, streak)
    if base is not None:  # Anji's state has none (no payment depends on the dealer, AJ2.3)
        state["dealer_base"] = base
    state["next_round"] = stored["last_number"] + 1
    state["balances"] = {
        seat: money_str(stored[BALANCE_FIELDS[seat]]) for seat in seats_of(session)
    }
    return state


def seat_names(session: Session) -> dict[str, str]:
    """The players' names by seat in play: from the players already loaded with the session,
    else one query for them (remembered on the session object for the rest of the request)."""
    names = getattr(session, "_seat_names", None)
    if names is None:
        seats = seats_of(session)
        ids = {seat: getattr(session, f"{SEAT_FIELDS[seat]}_id") for seat in seats}
        loaded = all(
            Session._meta.get_field(SEAT_FIELDS[seat]).is_cached(session) for seat in seats
        )
        if loaded:
            names = {seat: player.name for seat, player in session.seat_players().items()}
        else:
            found = dict(Player.objects.filter(pk__in=ids.values()).values_list("pk", "name"))
            names = {seat: found[pk] for seat, pk in ids.items()}
        session._seat_names = names
    return names


def people_names(session: Session) -> dict[int, str]:
    """The names of the people at the sitting's table, by key (``seat_names``: no query when the
    sitting's names are known)."""
    now = seating_now(session)
    return {now[seat]: name for seat, name in seat_names(session).items()}


def names_at(session: Session, number: int, *, before: bool = False) -> dict[str, str]:
    """The players' names by seat as they sat at entry ``number`` (``before``: going into it,
    for a seat change): the names now while no one has moved (no query), else as the entry
    keeps its seating."""
    if not session.opening:
        return seat_names(session)
    if before:
        seating = seating_before(session, number)
    else:
        seating = seating_after(session, session.rounds.filter(number=number).first())
    names = people_names(session)
    return {seat: names.get(seating[seat], "") for seat in seats_of(session)}


def session_detail(session: Session, *, with_share_token: bool = True) -> dict[str, Any]:
    version = current_rules_version(session)
    detail = {
        "id": session.pk,
        "name": session.name,
        "owner": session.owner.get_username(),
        "game": session.game,
        "player_count": session.player_count,
        "ruleset": session.ruleset,
        "base_silver": money_str(session.base_silver),
        "rules": version.overrides if version else {},
        "rules_version": version.number if version else 1,
        "players": seat_names(session),
        "created_at": session.created_at.isoformat(),
        "archived": session.archived_at is not None,
        "state": session_state(session),
        "seat_draw": session.seat_draw,
    }
    # Table fees per seat (money that leaves the table, kept apart from the balances).
    detail["fees"] = session_fees(session, detail["state"]["balances"])
    if with_share_token:
        detail["share_token"] = session.share_token
    return detail


def session_fees(session: Session, balances: Mapping[str, str]) -> dict[str, dict[str, str]]:
    """Each seat's table fees: paid, collected, and its balance (``balances``, as the state
    says them) net of them: one query of the kept totals."""
    fees = fee_totals(session, seats_of(session))
    return {
        seat: {
            "paid": money_str(row["paid"]),
            "collected": money_str(row["collected"]),
            "net": money_str(Decimal(balances[seat]) - row["paid"] + row["collected"]),
        }
        for seat, row in fees.items()
    }


def session_summaries(sessions: Iterable[Session]) -> list[dict[str, Any]]:
    return [
        {
            "id": session.pk,
            "name": session.name,
            "owner": session.owner.get_username(),
            "game": session.game,
            "player_count": session.player_count,
            "ruleset": session.ruleset,
            "base_silver": money_str(session.base_silver),
            "players": seat_names(session),
            "created_at": session.created_at.isoformat(),
            "archived": session.archived_at is not None,
        }
        for session in sessions
    ]
