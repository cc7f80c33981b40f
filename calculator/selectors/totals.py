"""What a round and a sitting count for the kept totals (models ``SeatTotals``, ``PairTotals``).

``seat_totals_of`` and ``pair_totals_of`` count a whole sitting by SQL aggregates; ``round_totals``
and ``round_pair_totals`` count one round just scored, in memory, and agree with them
(tests/calculator/test_totals.py). Counted: only rounds not voided; each of several winners
on one discard has won the round (HZ9.2); a win without a discarder is a self-draw; a hand's
size is read where the game's result keeps it (``Features.hand_size``). The services write what
these count (``services.totals``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from django.db.models import Count, IntegerField, Max, Min, Q, QuerySet, Sum
from django.db.models.fields.json import KT
from django.db.models.functions import Cast

from calculator.models import Payment, Round
from calculator.money import ZERO
from scoring.games import game_of

# At most three winners on one discard (紅中, HZ9.2: everyone but the discarder).
MOST_WINNERS_OF_ONE_DISCARD = 3


def winner_slots(game: str) -> list[tuple[Any, Any]]:
    """Per winner of a round, (its seat in the stored result or None, the size of its hand), read
    where the game declares a result keeps it (``Features.hand_size``, ``Game.hand_size``): in
    the result itself, or, for a game of several winners on one discard, in each winner's entry
    of ``scoring["wins"]`` (紅中, HZ7, HZ9.2)."""
    features = game_of(game).features
    key = features.hand_size_field
    if features.several_winners:
        return [
            (
                KT(f"scoring__wins__{slot}__seat"),
                Cast(KT(f"scoring__wins__{slot}__{key}"), IntegerField()),
            )
            for slot in range(MOST_WINNERS_OF_ONE_DISCARD)
        ]
    return [(None, Cast(KT(f"scoring__{key}"), IntegerField()))]


def no_totals(seats: Iterable[str]) -> dict[str, dict[str, Any]]:
    """Each seat's kept totals before any round (``models.SeatTotals`` but the balance)."""
    return {
        seat: {
            "hands": 0,
            "wins": 0,
            "self_draws": 0,
            "dealer_wins": 0,
            "rounds_dealt": 0,
            "deal_ins": 0,
            "biggest": None,
            "biggest_round": None,
            "hand_sum": 0,
            "paid_under_bao": ZERO,
            "bao_payments": 0,
            "adjusted": ZERO,
            "penalties": 0,
        }
        for seat in seats
    }


def round_totals(
    game: str, seats: Iterable[str], game_round: Round, payments: Iterable[Payment]
) -> dict[str, dict[str, Any]]:
    """What one round (in memory, just scored) adds to each seat's kept totals: the same counts
    as ``seat_totals_of`` over that round alone, without asking the database (a round post adds
    its round; ``tests/calculator/test_totals.py`` checks the two agree after every post)."""
    engine = game_of(game)
    features = engine.features
    totals = no_totals(seats)
    if game_round.voided or game_round.result == Round.SEAT_CHANGE:
        return totals  # a seat change counts nothing (its seat rows are counted again)
    if game_round.result == Round.ADJUSTMENT:
        # Not a hand: only the money it moved, kept apart, and a penalty paid.
        for payment in payments:
            totals[payment.payer]["adjusted"] -= payment.amount
            totals[payment.payee]["adjusted"] += payment.amount
        hand = game_round.hand if isinstance(game_round.hand, Mapping) else {}
        if hand.get("kind") == "penalty" and hand.get("from") in totals:
            totals[hand["from"]]["penalties"] += 1
        return totals
    for row in totals.values():
        row["hands"] = 1
    totals[game_round.dealer]["rounds_dealt"] += 1
    scoring = game_round.scoring if isinstance(game_round.scoring, Mapping) else {}
    if game_round.result == Round.WIN:
        hand = game_round.hand if isinstance(game_round.hand, Mapping) else {}
        discarder = hand.get("discarder") or None
        if discarder in totals:
            totals[discarder]["deal_ins"] += 1
        wins = scoring.get("wins") or []
        for place, seat in enumerate(game_round.winner):
            # The hand's size where the game says a result keeps it (Game.hand_size); a winner
            # of several found by its seat (HZ9.2), else by its place, as the query reads it.
            value = engine.hand_size(scoring, seat)
            if value is None and features.several_winners and wins:
                entry = wins[min(place, MOST_WINNERS_OF_ONE_DISCARD - 1, len(wins) - 1)]
                value = engine.hand_size({"wins": [{**entry, "seat": seat}]}, seat)
            row = totals[seat]
            row["wins"] += 1
            row["self_draws"] += 0 if discarder else 1
            row["dealer_wins"] += 1 if seat == game_round.dealer else 0
            if isinstance(value, int):
                row["hand_sum"] += value
                if row["biggest"] is None or value > row["biggest"]:
                    row["biggest"], row["biggest_round"] = value, game_round.number
    for payment in payments:
        if payment.liability:
            totals[payment.payer]["paid_under_bao"] += payment.amount
            totals[payment.payer]["bao_payments"] += 1
    return totals


def seat_totals_of(
    game: str,
    seats: Iterable[str],
    rounds: QuerySet,
    payments: QuerySet,
    balances: Mapping[str, Decimal],
) -> dict[str, dict[str, Any]]:
    """Each seat's totals over ``rounds`` (a sitting's rounds) and ``payments`` (their
    payments), by SQL aggregates in three queries whatever the length of the sitting: the rounds
    grouped by dealer, winners and discarder; the biggest hands' first rounds; the 包 payments
    (R10). ``balances`` are the sitting's stored ones. Counted as ``_player_stats`` counts: only
    rounds not voided; each of several winners (HZ9.2) has won the round; a win without a
    discarder is a self-draw."""
    totals = no_totals(seats)
    for seat, row in totals.items():
        row["balance"] = balances[seat]
    slots = winner_slots(game)
    counted = rounds.filter(voided=False).annotate(
        discarder=KT("hand__discarder"),
        # An adjustment's kind and payer (null for a hand): its own groups below.
        adjustment=KT("hand__kind"),
        adjustment_from=KT("hand__from"),
        **{f"value{slot}": value for slot, (_, value) in enumerate(slots)},
        **{f"seat{slot}": seat for slot, (seat, _) in enumerate(slots) if seat is not None},
    )
    keys = ["dealer", "winner", "result", "discarder", "adjustment", "adjustment_from"]
    keys += [f"seat{slot}" for slot, (seat, _) in enumerate(slots) if seat is not None]
    sums = {f"sum{slot}": Sum(f"value{slot}") for slot in range(len(slots))}
    maxima = {f"max{slot}": Max(f"value{slot}") for slot in range(len(slots))}
    groups = counted.values(*keys).annotate(n=Count("id"), **sums, **maxima).order_by()
    hands = 0
    for group in groups:
        n = group["n"]
        if group["result"] == Round.ADJUSTMENT:
            # Not a hand: only a penalty paid is counted here (its money below).
            payer = group["adjustment_from"]
            if group["adjustment"] == "penalty" and payer in totals:
                totals[payer]["penalties"] += n
            continue
        hands += n
        totals[group["dealer"]]["rounds_dealt"] += n
        if group["result"] != Round.WIN:
            continue
        discarder = group["discarder"]
        if discarder in totals:
            totals[discarder]["deal_ins"] += n
        for place, seat in enumerate(group["winner"]):
            slot = next(
                (index for index in range(len(slots)) if group.get(f"seat{index}") == seat),
                min(place, len(slots) - 1),
            )
            row = totals[seat]
            row["wins"] += n
            row["self_draws"] += 0 if discarder else n
            row["dealer_wins"] += n if seat == group["dealer"] else 0
            row["hand_sum"] += group[f"sum{slot}"] or 0
            biggest = group[f"max{slot}"]
            if biggest is not None and (row["biggest"] is None or biggest > row["biggest"]):
                row["biggest"] = biggest
    for row in totals.values():
        row["hands"] = hands
    # The first round where each seat's biggest hand was won: one query, a filtered MIN a seat.
    firsts = {}
    for seat, row in totals.items():
        if row["biggest"] is None:
            continue
        if slots[0][0] is None:
            won = Q(winner__contains=seat, value0=row["biggest"])
        else:
            won = Q()
            for slot in range(len(slots)):
                won |= Q(**{f"seat{slot}": seat, f"value{slot}": row["biggest"]})
        firsts[seat] = Min("number", filter=Q(result=Round.WIN) & won)
    if firsts:
        for seat, number in counted.aggregate(**firsts).items():
            totals[seat]["biggest_round"] = number
    # The 包 payments (R10) and the money adjustments moved, in one query.
    liable_or_adjusted = (
        payments.filter(round__voided=False)
        .filter(~Q(liability=None) | Q(round__result=Round.ADJUSTMENT))
        .values("payer", "payee", "liability")
        .annotate(paid=Sum("amount"), n=Count("id"))
        .order_by()
    )
    for row in liable_or_adjusted:
        if row["liability"] is not None:
            totals[row["payer"]]["paid_under_bao"] += row["paid"]
            totals[row["payer"]]["bao_payments"] += row["n"]
        else:
            totals[row["payer"]]["adjusted"] -= row["paid"]
            totals[row["payee"]]["adjusted"] += row["paid"]
    return totals


def no_pair_totals(seats: Iterable[str]) -> dict[tuple[str, str], Decimal]:
    """Every ordered pair (payer, payee) of the seats in play, nothing paid yet."""
    seats = tuple(seats)
    return {(payer, payee): ZERO for payer in seats for payee in seats if payer != payee}


def round_pair_totals(
    game_round: Round, payments: Iterable[Payment]
) -> dict[tuple[str, str], Decimal]:
    """What one round (in memory, just scored) adds to what each seat paid another: its
    payments summed by (payer, payee); nothing for a voided round."""
    added: dict[tuple[str, str], Decimal] = {}
    if game_round.voided:
        return added
    for payment in payments:
        pair = (payment.payer, payment.payee)
        added[pair] = added.get(pair, ZERO) + payment.amount
    return {pair: amount for pair, amount in added.items() if amount}


def pair_totals_of(seats: Iterable[str], payments: QuerySet) -> dict[tuple[str, str], Decimal]:
    """What each seat paid each other over ``payments`` (a sitting's) of the rounds that count
    (not voided): one SQL aggregate, whatever the length of the sitting."""
    totals = no_pair_totals(seats)
    rows = (
        payments.filter(round__voided=False)
        .values("payer", "payee")
        .annotate(paid=Sum("amount"))
        .order_by()
    )
    for row in rows:
        pair = (row["payer"], row["payee"])
        totals[pair] = totals.get(pair, ZERO) + row["paid"]
    return totals
