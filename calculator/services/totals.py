"""The kept totals of a sitting (models ``SeatTotals`` and ``PairTotals``), kept with its history.

A round recorded after the others adds what it counts to each seat's row and to each pair's row
with one fixed UPDATE for each table, sent as one ``executemany``, whatever the length of the
sitting (``seat_totals_add``, ``pair_totals_add``); any other change of history rewrites them from SQL aggregates
(``seat_totals_refresh``, ``pair_totals_refresh``). What a round or a sitting counts is read by
``selectors.totals``; players' records and groups' standings are read from these rows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from functools import cache

from django.db import connection

from calculator.models import PairTotals, Payment, Round, SeatTotals, Session
from calculator.money import ZERO
from calculator.selectors.seating import seating_now, to_seats_now
from calculator.selectors.sittings import seats_of
from calculator.selectors.totals import (
    no_pair_totals,
    no_totals,
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


# What a round adds to a seat's counts (``selectors.totals.round_totals``), one column each.
SEAT_ADDED = (*SEAT_TOTAL_COUNTS, "paid_under_bao", "adjusted", "penalties")


@cache
def _seat_sql() -> str:
    """One UPDATE of a seat's kept row, the same text for every round (no query built a post).

    The biggest hand and its round change together, only for a bigger hand than the kept one (the
    first round of the biggest hand keeps its place); both CASEs read the old ``biggest``, as SET
    does in PostgreSQL and SQLite alike."""
    table, quote = SeatTotals._meta.db_table, connection.ops.quote_name
    counts = ", ".join(f"{quote(name)} = {quote(name)} + %s" for name in SEAT_ADDED)
    bigger = f"%s IS NOT NULL AND ({quote('biggest')} IS NULL OR {quote('biggest')} < %s)"
    return (
        f"UPDATE {quote(table)} SET {quote('balance')} = %s, {counts}, "
        f"{quote('biggest_round')} = CASE WHEN {bigger} THEN %s ELSE {quote('biggest_round')} END, "
        f"{quote('biggest')} = CASE WHEN {bigger} THEN %s ELSE {quote('biggest')} END "
        f"WHERE {quote('session_id')} = %s AND {quote('seat')} = %s"
    )


@cache
def _pair_sql() -> str:
    table, quote = PairTotals._meta.db_table, connection.ops.quote_name
    return (
        f"UPDATE {quote(table)} SET {quote('amount')} = {quote('amount')} + %s "
        f"WHERE {quote('session_id')} = %s AND {quote('payer')} = %s AND {quote('payee')} = %s"
    )


def seat_totals_add(
    session: Session,
    game_round: Round,
    balances: Mapping[str, Decimal],
    payments: Iterable[Payment] = (),
) -> None:
    """A round recorded after the others: what it adds (``selectors.totals.round_totals``, from the
    round and its ``payments`` as just scored) is added to each seat's kept totals, one row a seat
    in one ``executemany`` of a fixed statement, whatever the length of the sitting. A sitting
    without its rows is counted whole."""
    added = round_totals(session.game, seats_of(session), game_round, payments)
    rows = []
    for seat, new in added.items():
        biggest, biggest_round = new["biggest"], new["biggest_round"]
        rows.append(
            [
                balances[seat],
                *(new[field] for field in SEAT_ADDED),
                *(biggest, biggest, biggest_round),
                *(biggest, biggest, biggest),
                session.pk,
                seat,
            ]
        )
    with connection.cursor() as cursor:
        cursor.executemany(_seat_sql(), rows)
        updated = cursor.rowcount  # summed over the rows (sqlite3, psycopg 3)
    if updated != len(rows):
        seat_totals_refresh(session, balances)


def _seatings(session: Session) -> list[str]:
    """The seatings the sitting's rounds were played in, as stored ("" the opening one): a row
    of the kept totals is a person's, whatever seats they held."""
    if not session.opening:
        return [""]  # no one has moved: no query
    seatings = Round.objects.filter(session=session).values_list("seating", flat=True)
    return sorted(set(seatings.order_by().distinct()))


def _added_to(row: dict, part: Mapping) -> None:
    """What a person did in one seating (``part``) added to their row of the kept totals; the
    biggest hand stays the first round it was won in."""
    for name in (*SEAT_TOTAL_COUNTS, "paid_under_bao", "adjusted", "penalties"):
        row[name] += part[name]
    biggest, first = part["biggest"], part["biggest_round"]
    if biggest is None:
        return
    if (
        row["biggest"] is None
        or biggest > row["biggest"]
        or (biggest == row["biggest"] and (first or 0) < (row["biggest_round"] or 0))
    ):
        row["biggest"], row["biggest_round"] = biggest, first


def seat_totals_refresh(session: Session, balances: Mapping[str, Decimal]) -> None:
    """Rewrite the sitting's ``SeatTotals`` from its rounds and payments (SQL aggregates, a fixed
    number of queries per seating the sitting was played in) and its stored ``balances``: a row
    per person, at the seat they hold now, counting what they did at every seat they held."""
    seats = seats_of(session)
    totals = no_totals(seats)
    hands = Round.objects.filter(session=session).exclude(result=Round.SEAT_CHANGE)
    payments = Payment.objects.filter(round__session=session)
    zero = dict.fromkeys(seats, ZERO)
    to_now = to_seats_now(session)
    for text in _seatings(session):
        part = seat_totals_of(
            session.game,
            seats,
            hands.filter(seating=text),
            payments.filter(round__seating=text),
            zero,
        )
        for seat, seat_now in to_now(text).items():
            if seat in part:
                _added_to(totals[seat_now], part[seat])
    for seat, row in totals.items():
        row["balance"] = balances[seat]
    people = seating_now(session)
    SeatTotals.objects.filter(session=session).delete()
    SeatTotals.objects.bulk_create(
        SeatTotals(session=session, seat=seat, player_id=people[seat], **row)
        for seat, row in totals.items()
    )


def pair_totals_add(session: Session, game_round: Round, payments: Iterable[Payment]) -> None:
    """A round recorded after the others: its payments (``selectors.totals.round_pair_totals``) are
    added to what each seat paid another, one row a pair in one ``executemany`` of a fixed
    statement, whatever the length of the sitting. A sitting without its rows is counted whole."""
    added = round_pair_totals(game_round, payments)
    if not added:
        return
    rows = [[paid, session.pk, payer, payee] for (payer, payee), paid in added.items()]
    with connection.cursor() as cursor:
        cursor.executemany(_pair_sql(), rows)
        updated = cursor.rowcount
    if updated != len(rows):
        pair_totals_refresh(session)


def pair_totals_refresh(session: Session) -> None:
    """Rewrite the sitting's ``PairTotals`` from its payments (one SQL aggregate per seating the
    sitting was played in): what each person paid each other, labelled by the seats they hold
    now."""
    seats = seats_of(session)
    totals = no_pair_totals(seats)
    payments = Payment.objects.filter(round__session=session)
    to_now = to_seats_now(session)
    for text in _seatings(session):
        seat_now = to_now(text)
        part = pair_totals_of(seats, payments.filter(round__seating=text))
        for (payer, payee), amount in part.items():
            if payer in seat_now and payee in seat_now:
                pair = (seat_now[payer], seat_now[payee])
                totals[pair] = totals.get(pair, ZERO) + amount
    PairTotals.objects.filter(session=session).delete()
    PairTotals.objects.bulk_create(
        PairTotals(session=session, payer=payer, payee=payee, amount=amount)
        for (payer, payee), amount in totals.items()
    )
