"""Where a sitting stands: standings, settling up, the players' statistics, the chart.

``standings`` orders the seats by balance; ``transfers_to_settle`` finds the fewest transfers that
bring every balance to zero (for a sitting's seats, or a group's people); ``player_stats`` counts
per seat the wins, dealer wins, biggest hand, average and what was paid under 包 (R10), kept per
version of the sitting's history; ``balance_series`` is each seat's running balance for the
chart, at most a few hundred points however long the sitting.
"""

from __future__ import annotations

import copy
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from decimal import Decimal
from itertools import combinations
from threading import Lock
from typing import Any

from django.db.models import Count, Max, Q, Sum
from django.db.models.functions import Mod

from calculator.models import BALANCE_FIELDS, Payment, Round, Session
from calculator.money import ZERO, money_str
from calculator.selectors.fees import fee_columns, fee_totals, net_positions
from calculator.selectors.seating import to_seats_now
from calculator.selectors.sittings import seat_names, seats_of, session_balances, stored_state
from calculator.selectors.totals import winner_slots
from scoring import SEATS


def standings(
    session: Session,
    balances: Mapping[str, Decimal] | None = None,
    fees: Mapping[str, Mapping[str, Decimal]] | None = None,
) -> list[dict[str, Any]]:
    """Seats from the biggest winner down; equal balances share a place. Each row says what the
    seat won at the table (``balance``) and its table fees (``fees_paid``, ``fees_collected``,
    ``net``: ``selectors.fees``). ``fees``: ``fee_totals`` when the caller has them."""
    names = seat_names(session)
    balances = balances if balances is not None else session_balances(session)
    fees = fees if fees is not None else fee_totals(session, seats_of(session))
    ordered = sorted(seats_of(session), key=lambda seat: (-balances[seat], SEATS.index(seat)))
    table, place = [], 0
    for index, seat in enumerate(ordered):
        if index == 0 or balances[seat] != balances[ordered[index - 1]]:
            place = index + 1
        table.append(
            {
                "place": place,
                "seat": seat,
                "name": names[seat],
                "balance": money_str(balances[seat]),
                **fee_columns(balances[seat], fees.get(seat)),
            }
        )
    return table


# The most people an exhaustive search of the fewest transfers tries every split of; beyond
# that (a big group's settle-up across sittings) they settle as one group: k − 1 transfers.
EXHAUSTIVE_DEBTS = 10


def _zero_sum_groups(debts: list[tuple[Any, Decimal]]) -> list[list[tuple[Any, Decimal]]]:
    """The partition of the seats (or people) into the most groups that each sum to zero.

    n seats that owe or are owed can always settle in n − (number of such groups) transfers, and
    never in fewer; four seats at most, so trying every split is cheap (more than
    ``EXHAUSTIVE_DEBTS`` people are taken as one group).
    """
    if not debts:
        return []
    if len(debts) > EXHAUSTIVE_DEBTS:
        return [debts]
    first, rest = debts[0], debts[1:]
    best: list[list[tuple[Any, Decimal]]] | None = None
    for size in range(len(rest) + 1):
        for partners in combinations(rest, size):
            group = [first, *partners]
            if sum(amount for _, amount in group) != 0:
                continue
            others = [debt for debt in rest if debt not in partners]
            candidate = [group, *_zero_sum_groups(others)]
            if best is None or len(candidate) > len(best):
                best = candidate
    return best or [debts]


def settlement(
    session: Session,
    balances: Mapping[str, Decimal] | None = None,
    fees: Mapping[str, Mapping[str, Decimal]] | None = None,
) -> list[dict[str, str]]:
    """The fewest transfers that bring every seat's net position back to zero: its balance with
    the table fees paid to whoever collected them (``selectors.fees.net_positions``; the balance
    itself in a sitting without fees). The collector then pays the room outside the app."""
    balances = dict(balances) if balances is not None else session_balances(session)
    fees = fees if fees is not None else fee_totals(session, seats_of(session))
    return transfers_to_settle(net_positions(balances, fees))


def transfers_to_settle(
    balances: Mapping[Any, Decimal], order: Sequence[Any] = SEATS
) -> list[dict[str, Any]]:
    """Within each zero-sum group, the biggest debtor pays the biggest creditor, and so on: a
    group of k seats settles in k − 1 transfers, the fewest possible overall. The keys are the
    seats (E S W N), or any others listed in ``order`` (a group's people), which also breaks
    ties between equal amounts."""
    rank = {key: index for index, key in enumerate(order)}
    debts = [(key, balances[key]) for key in order if balances.get(key, 0) != 0]
    transfers: list[dict[str, Any]] = []
    for group in _zero_sum_groups(debts):
        owed = sorted(([a, k] for k, a in group if a > 0), key=lambda x: (-x[0], rank[x[1]]))
        owing = sorted(([-a, k] for k, a in group if a < 0), key=lambda x: (-x[0], rank[x[1]]))
        i = j = 0
        while i < len(owing) and j < len(owed):
            amount = min(owing[i][0], owed[j][0])
            transfers.append({"from": owing[i][1], "to": owed[j][1], "amount": money_str(amount)})
            owing[i][0] -= amount
            owed[j][0] -= amount
            i += owing[i][0] == 0
            j += owed[j][0] == 0
    return transfers


# The statistics of a sitting as of a version of its history: they change only when the version
# does, so each process keeps the last few (a small LRU) instead of summing the rounds again for
# every visit of the settle-up page.
STATS_KEPT = 64
_stats: OrderedDict[tuple[Any, ...], list[dict[str, Any]]] = OrderedDict()
_stats_lock = Lock()


def player_stats(session: Session, stored: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """Per seat: wins, dealer wins, biggest hand, average fan, and what it paid under 包 (R10).

    Kept per (sitting, version of its history; every service that changes history bumps it).
    ``stored``: ``stored_state`` as just read, when the caller has it."""
    stored = stored if stored is not None else stored_state(session)
    # With the creation time: a key never names another sitting that got the same id after a
    # rollback or a restored backup.
    key = (session.pk, session.created_at, stored["version"])
    balances = {seat: stored[field] for seat, field in BALANCE_FIELDS.items()}
    with _stats_lock:
        kept = _stats.get(key)
        if kept is not None:
            _stats.move_to_end(key)
            return copy.deepcopy(kept)
    table = _player_stats(session, balances)
    with _stats_lock:
        _stats[key] = copy.deepcopy(table)
        while len(_stats) > STATS_KEPT:
            _stats.popitem(last=False)
    return table


def _player_stats(session: Session, balances: Mapping[str, Decimal]) -> list[dict[str, Any]]:
    names = seat_names(session)
    seats = seats_of(session)
    stats = {
        seat: {
            "seat": seat,
            "name": names[seat],
            "wins": 0,
            "dealer_wins": 0,
            "rounds_dealt": 0,
            "biggest_fan": None,
            "fan_sum": 0,
            "paid_under_bao": ZERO,
            "bao_payments": 0,
            "balance": ZERO,
        }
        for seat in seats
    }
    # Sums in the database, grouped by (dealer, winner, result): a few dozen rows at most,
    # whatever the length of the sitting.
    # A hand's size where the game declares a result keeps it (Features.hand_size: fan, X,
    # each winner's hand points), as the kept totals read it (winner_slots).
    counted = 0
    slots = winner_slots(session.game)
    # With the seating each was played in: a person's hands count at whatever seat they held.
    keys = ["dealer", "winner", "result", "seating"]
    keys += [f"seat{slot}" for slot, (seat, _) in enumerate(slots) if seat is not None]
    groups = (
        session.rounds.filter(voided=False)
        .exclude(result__in=(Round.ADJUSTMENT, Round.SEAT_CHANGE))
        .annotate(
            **{f"value{slot}": value for slot, (_, value) in enumerate(slots)},
            **{f"seat{slot}": seat for slot, (seat, _) in enumerate(slots) if seat is not None},
        )
        .values(*keys)
        .annotate(
            n=Count("id"),
            **{f"sum{slot}": Sum(f"value{slot}") for slot in range(len(slots))},
            **{f"max{slot}": Max(f"value{slot}") for slot in range(len(slots))},
        )
        .order_by()
    )
    now = to_seats_now(session)
    for group in groups:
        counted += group["n"]
        seat_now = now(group["seating"])
        stats[seat_now[group["dealer"]]]["rounds_dealt"] += group["n"]
        if group["result"] == Round.WIN:
            # Each of several winners on one discard (紅中, HZ9.2) has won the round.
            for place, seat in enumerate(group["winner"]):
                slot = next(
                    (index for index in range(len(slots)) if group.get(f"seat{index}") == seat),
                    min(place, len(slots) - 1),
                )
                winner = stats[seat_now[seat]]
                winner["wins"] += group["n"]
                winner["dealer_wins"] += group["n"] if seat == group["dealer"] else 0
                winner["fan_sum"] += group[f"sum{slot}"] or 0
                biggest = group[f"max{slot}"] or 0
                winner["biggest_fan"] = max(winner["biggest_fan"] or 0, biggest)
    liable = (
        Payment.objects.filter(round__session=session, round__voided=False)
        .exclude(liability=None)
        .values("payer", "round__seating")
        .annotate(paid=Sum("amount"), n=Count("id"))
        .order_by()
    )
    for row in liable:
        payer = now(row["round__seating"])[row["payer"]]
        stats[payer]["paid_under_bao"] += row["paid"]
        stats[payer]["bao_payments"] += row["n"]
    for seat in seats:
        stats[seat]["balance"] = balances[seat]
    table = []
    for seat in seats:
        row = stats[seat]
        fan_sum = row.pop("fan_sum")
        row["average_fan"] = (
            money_str((Decimal(fan_sum) / row["wins"]).quantize(Decimal("0.01")))
            if row["wins"]
            else None
        )
        row["paid_under_bao"] = money_str(row["paid_under_bao"])
        row["balance"] = money_str(row["balance"])
        row["rounds"] = counted
        table.append(row)
    return table


# The most points a line of the whole sitting's chart has: a phone draws no more than that anyway.
CHART_POINTS = 200


def balance_series(
    session: Session, points: int = CHART_POINTS, last: int | None = None
) -> list[dict[str, Any]]:
    """Each seat's running balance after rounds spread evenly over the sitting (all of them up to
    ``points``; the last always), read from the balances stored with each round: one query of at
    most ``points`` rows, however long the sitting. ``last``: the newest round number, when the
    caller has it."""
    last = last if last is not None else stored_state(session)["last_number"]
    if last <= points:
        wanted = session.rounds.all()
    else:
        # Every step-th round and the last: a filter on the (session, number) index, not a
        # list of hundreds of numbers to bind.
        step = -(-last // points)
        wanted = session.rounds.annotate(place=Mod("number", step)).filter(
            Q(place=0) | Q(number=last)
        )
    seats = seats_of(session)
    rows = wanted.order_by("number").values_list(
        "seating", "number", *(BALANCE_FIELDS[seat] for seat in seats)
    )
    # Each line is a person's, by the seat they hold now (a seat change moves them).
    now = to_seats_now(session)
    series = []
    for seating, number, *balances in rows:
        moved = {now(seating)[seat]: balance for seat, balance in zip(seats, balances, strict=True)}
        series.append({"number": number, "balances": {seat: moved[seat] for seat in seats}})
    return series
