"""The kept totals of a sitting (models ``SeatTotals`` and ``PairTotals``), kept with its history.

A round recorded after the others adds what it counts to each seat's row and to each pair's row
in a few small UPDATEs, whatever the length of the sitting (``seat_totals_add``,
``pair_totals_add``); any other change of history rewrites them from SQL aggregates
(``seat_totals_refresh``, ``pair_totals_refresh``). What a round or a sitting counts is read by
``selectors.totals``; players' records and groups' standings are read from these rows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from django.db.models import Case, DecimalField, F, PositiveIntegerField, Q, Value, When

from calculator.models import PairTotals, Payment, Round, SeatTotals, Session
from calculator.money import ZERO
from calculator.selectors.sittings import SEAT_FIELDS, seats_of
from calculator.selectors.totals import (
    pair_totals_of,
    round_pair_totals,
    round_totals,
    seat_totals_of,
)

SEAT_TOTAL_COUNTS = (
    "hands",
    "wins",
    "self_draws",
    "dealer_wins",
    "rounds_dealt",
    "deal_ins",
    "hand_sum",
    "bao_payments",
)


def seat_totals_add(
    session: Session,
    game_round: Round,
    balances: Mapping[str, Decimal],
    payments: Iterable[Payment] = (),
) -> None:
    """A round recorded after the others: what it adds (``selectors.totals.round_totals``, from the
    round and its ``payments`` as just scored) is added to each seat's kept totals in one small
    UPDATE a seat, whatever the length of the sitting. A sitting without its rows is counted
    whole."""
    added = round_totals(session.game, seats_of(session), game_round, payments)
    for seat, new in added.items():
        change: dict[str, Any] = {"balance": balances[seat]}
        for field in SEAT_TOTAL_COUNTS:
            if new[field]:
                change[field] = F(field) + new[field]
        for field in ("paid_under_bao", "adjusted", "penalties"):
            if new[field]:
                change[field] = F(field) + new[field]
        if new["biggest"] is not None:
            # The first round of the biggest hand: a later hand as big does not take its place.
            bigger = Q(biggest__isnull=True) | Q(biggest__lt=new["biggest"])
            change["biggest"] = Case(
                When(bigger, then=Value(new["biggest"])),
                default=F("biggest"),
                output_field=PositiveIntegerField(),
            )
            change["biggest_round"] = Case(
                When(bigger, then=Value(new["biggest_round"])),
                default=F("biggest_round"),
                output_field=PositiveIntegerField(),
            )
        if not SeatTotals.objects.filter(session=session, seat=seat).update(**change):
            seat_totals_refresh(session, balances)
            return


def seat_totals_refresh(session: Session, balances: Mapping[str, Decimal]) -> None:
    """Rewrite the sitting's ``SeatTotals`` from its rounds and payments (SQL aggregates, a fixed
    number of queries whatever its length) and its stored ``balances``."""
    totals = seat_totals_of(
        session.game,
        seats_of(session),
        Round.objects.filter(session=session),
        Payment.objects.filter(round__session=session),
        balances,
    )
    people = {seat: getattr(session, f"{field}_id") for seat, field in SEAT_FIELDS.items()}
    SeatTotals.objects.filter(session=session).delete()
    SeatTotals.objects.bulk_create(
        SeatTotals(session=session, seat=seat, player_id=people[seat], **row)
        for seat, row in totals.items()
    )


def pair_totals_add(session: Session, game_round: Round, payments: Iterable[Payment]) -> None:
    """A round recorded after the others: its payments (``selectors.totals.round_pair_totals``) are
    added to what each seat paid another in one UPDATE, whatever the length of the sitting. A
    sitting without its rows is counted whole."""
    added = round_pair_totals(game_round, payments)
    if not added:
        return
    pairs = Q()
    for payer, payee in added:
        pairs |= Q(payer=payer, payee=payee)
    amount = Case(
        *(
            When(payer=payer, payee=payee, then=Value(paid))
            for (payer, payee), paid in added.items()
        ),
        default=Value(ZERO),
        output_field=DecimalField(max_digits=24, decimal_places=4),
    )
    updated = (
        PairTotals.objects.filter(session=session).filter(pairs).update(amount=F("amount") + amount)
    )
    if updated != len(added):
        pair_totals_refresh(session)


def pair_totals_refresh(session: Session) -> None:
    """Rewrite the sitting's ``PairTotals`` from its payments (one SQL aggregate)."""
    totals = pair_totals_of(seats_of(session), Payment.objects.filter(round__session=session))
    PairTotals.objects.filter(session=session).delete()
    PairTotals.objects.bulk_create(
        PairTotals(session=session, payer=payer, payee=payee, amount=amount)
        for (payer, payee), amount in totals.items()
    )
