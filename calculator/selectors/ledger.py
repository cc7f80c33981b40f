"""The ledger: a sitting's rounds and payments as the pages and the API show them.

``round_as_dict`` is a round as the API answers it; ``round_window`` reads a range of round numbers
on the (sitting, number) index, so a page of rounds costs the same wherever it is in the sitting.
``ledger`` is every payment, round by round, with each seat's running balance after it (the one
stored with the round) and the engine's account of each 包 payment (R10), read as plain values;
``ledger_csv`` writes it out.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from calculator.errors import not_found
from calculator.models import BALANCE_FIELDS, Fee, Payment, Round, Session
from calculator.money import ZERO, money_str
from calculator.selectors.seating import (
    seat_change_moves,
    seating_before,
    seating_read,
)
from calculator.selectors.seating import seating_opening as opening
from calculator.selectors.sittings import (
    people_names,
    seat_names,
    seats_of,
    session_state,
    stored_state,
)
from scoring import SEATS


def fee_as_dict(payer: str, collector: str, amount: Decimal) -> dict[str, str]:
    """A table fee as answers show it: who paid it (``from``), who collected it (``to``)."""
    return {"from": payer, "to": collector, "amount": money_str(amount)}


def payment_as_dict(payment: Payment) -> dict[str, Any]:
    return _payment_row(
        payment.payer,
        payment.payee,
        payment.amount,
        payment.base,
        payment.fan,
        payment.bonus,
        payment.multiplier,
        payment.liability,
        payment.points,
    )


def _payment_row(
    payer: str,
    payee: str,
    amount: Decimal,
    base: int,
    fan: int,
    bonus: int,
    multiplier: int,
    liability: str | None,
    points: int | None,
) -> dict[str, Any]:
    """A payment as the API answers it; ``points`` only for a game that counts them (Anji)."""
    row = {
        "from": payer,
        "to": payee,
        "amount": money_str(amount),
        "base": base,
        "fan": fan,
        "bonus": bonus,
        "multiplier": multiplier,
        "liability": liability,
    }
    if points is not None:
        row["points"] = points
    return row


LIABILITY_WORDS = ("fed", "rule", "why", "why_en", "why_short", "why_short_en")


def liability_words(game_round: Round) -> dict[str, dict[str, Any]]:
    """The engine's account of each 包 payment of a round (who fed which melds, R10), by payer;
    empty for rounds scored before the engine gave one."""
    return _liability_words(game_round.scoring)


def _liability_words(scoring: Mapping[str, Any] | None) -> dict[str, dict[str, Any]]:
    return {
        row["from"]: {key: row[key] for key in LIABILITY_WORDS if key in row}
        for row in (scoring or {}).get("payments", [])
        if row.get("liability")
    }


def winner_fields(stored: str) -> dict[str, Any]:
    """A round's ``winner`` (the first winner in play order; null for a draw) and ``winners``
    (every winner: one, or several on one discard in 紅中, HZ9.2), from what a round stores.

    >>> winner_fields("S"), winner_fields("EW"), winner_fields("")
    ({'winner': 'S', 'winners': ['S']}, {'winner': 'E', 'winners': ['E', 'W']}, {'winner': None, 'winners': []})
    """
    return {"winner": stored[:1] or None, "winners": list(stored)}


def round_as_dict(
    game_round: Round,
    payments: Iterable[Payment] | None = None,
    fees: Iterable[Fee] | None = None,
) -> dict[str, Any]:
    if payments is None:
        payments = game_round.payments.all()
    payments = list(payments)
    if fees is None:
        fees = game_round.fees.all() if game_round.pk else ()
    return {
        "number": game_round.number,
        "result": game_round.result,
        **winner_fields(game_round.winner),
        "dealer": game_round.dealer,
        "dealer_streak": game_round.dealer_streak,
        "dealer_base": game_round.dealer_base,
        "fan": game_round.fan,
        "total": money_str(sum((p.amount for p in payments), ZERO)),
        "voided": game_round.voided,
        # Goes up with each correction or void; a correction may name it (E_CONFLICT if stale).
        "version": game_round.version,
        "hand": game_round.hand,
        "rules_version": game_round.rules_version.number,
        "scoring": game_round.scoring,
        "payments": [payment_as_dict(p) for p in payments],
        # Money that left the table at this entry (services.fees): not in the balances.
        "fees": [fee_as_dict(f.payer, f.collector, f.amount) for f in fees],
        "recorded_at": game_round.recorded_at.isoformat() if game_round.recorded_at else None,
        "corrected_at": game_round.corrected_at.isoformat() if game_round.corrected_at else None,
        "voided_at": game_round.voided_at.isoformat() if game_round.voided_at else None,
        # Not a hand: what the adjustment names (its kind, who pays whom, how much, why).
        **({"adjustment": game_round.hand} if game_round.result == Round.ADJUSTMENT else {}),
        # Not a hand either: who moved from which seat to which (by name).
        **(
            {"seat_change": round_seat_change(game_round)}
            if game_round.result == Round.SEAT_CHANGE
            else {}
        ),
    }


def round_seat_change(game_round: Round) -> list[dict[str, Any]]:
    """A seat change's moves as the API answers them: who went from which seat to which."""
    session = game_round.session
    before = seating_before(session, game_round.number)
    return seat_change_moves(before, game_round.hand.get("seating"), people_names(session))


def round_answer(
    game_round: Round,
    payments: Iterable[Payment] | None = None,
    state: dict[str, Any] | None = None,
    fees: Iterable[Fee] | None = None,
) -> dict[str, Any]:
    """A round as the API answers it after a change: the round and the session state after it
    (``state`` when the caller has it at hand)."""
    return {
        **round_as_dict(game_round, payments, fees),
        "state": state if state is not None else session_state(game_round.session),
    }


@dataclass(frozen=True)
class RoundWindow:
    """Some rounds of a sitting, in order: ``offset`` rounds come before them, ``total`` in all."""

    rounds: list[Round]
    total: int
    offset: int
    limit: int
    # The sitting's stored running state as read with the rounds (``stored_state``).
    stored: dict[str, Any]


def round_window(session: Session, offset: int | None = 0, limit: int | None = None) -> RoundWindow:
    """Rounds ``offset + 1`` … ``offset + limit`` in order (every round from ``offset`` on when
    ``limit`` is None; the newest ``limit`` when ``offset`` is None), with their payments and rules
    versions.

    Rounds are numbered 1, 2, 3, … and never taken out (a void keeps them), so the window is a
    range of numbers on the (session, number) index, and the total is the stored newest number:
    three queries wherever the window is in the sitting."""
    stored = stored_state(session)
    total = stored["last_number"]
    if offset is None:
        offset = max(total - limit, 0) if limit is not None else 0
    end = total if limit is None else min(offset + limit, total)
    query = (
        session.rounds.prefetch_related("payments", "fees")
        .select_related("rules_version")
        .order_by("number")
    )
    rounds = list(query.filter(number__gt=offset, number__lte=end)) if end > offset else []
    return RoundWindow(
        rounds, total, offset, max(total - offset, 0) if limit is None else limit, stored
    )


def rounds_list(
    session: Session, *, offset: int | None = 0, limit: int | None = None
) -> list[dict[str, Any]]:
    return [round_as_dict(r) for r in round_window(session, offset, limit).rounds]


def rounds_page(session: Session, *, offset: int | None, limit: int) -> dict[str, Any]:
    """A page of ``rounds_list`` with where it stands: ``rounds``, ``total``, ``offset``,
    ``limit``."""
    window = round_window(session, offset, limit)
    return {
        "rounds": [round_as_dict(r) for r in window.rounds],
        "total": window.total,
        "offset": window.offset,
        "limit": window.limit,
    }


def round_detail(session: Session, number: int) -> dict[str, Any]:
    game_round = session.rounds.select_related("rules_version").filter(number=number).first()
    if game_round is None:
        raise not_found(f"本場沒有第 {number} 局。", f"This session has no round {number}.")
    return round_as_dict(game_round)


def round_rules(session: Session, number: int) -> dict[str, Any]:
    """The house-rule overrides of the version round ``number`` was scored with (R12): what the
    calculator needs to score its hand the same way. Empty for no such round."""
    overrides = (
        session.rounds.filter(number=number)
        .values_list("rules_version__overrides", flat=True)
        .first()
    )
    return dict(overrides) if isinstance(overrides, Mapping) else {}


LEDGER_ROUND_FIELDS = (
    "id",
    "number",
    "result",
    "winner",
    "dealer",
    "dealer_streak",
    "fan",
    "voided",
    # A game that counts points instead of fan keeps them in its answer (Anji's X, AJ8): read
    # from the stored answer's one key, no hand or scoring JSON brought back.
    "scoring__x",
    # An adjustment's kind and reason (a hand has neither).
    "hand__kind",
    "hand__reason",
    # Who threw the winning tile, and whether it was a kong robbed: how the win came, as the
    # round list says it (AJ6.7, HZ3.2); None for a self-draw.
    "hand__discarder",
    "hand__robbed_kong",
    # Who sat where after the round, and the seating a seat change asked for (by person).
    "seating",
    "hand__seating",
    *BALANCE_FIELDS.values(),
)
LEDGER_PAYMENT_FIELDS = ("round_id", "payer", "payee", "amount", "base", "fan", "bonus")
LEDGER_PAYMENT_FIELDS += ("multiplier", "liability", "points")


def ledger(
    session: Session,
    *,
    offset: int | None = 0,
    limit: int | None = None,
    stored: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Every payment, round by round, with the running balance of each seat after the round.

    With ``offset``/``limit`` only those rounds (the newest ``limit`` when ``offset`` is None);
    ``balances`` are always the balances after the last round. The running balances are the ones
    stored with each round, and rows are read as plain values (no model objects, no hand or
    scoring JSON): the stored state, the rounds, their payments, and the 包 rounds' words — at
    most four queries, wherever the page is in the sitting. ``stored``: ``stored_state`` when the
    caller has it."""
    stored = stored if stored is not None else stored_state(session)
    total = stored["last_number"]
    if offset is None:
        offset = max(total - limit, 0) if limit is not None else 0
    end = total if limit is None else min(offset + limit, total)
    in_window = {"number__gt": offset, "number__lte": end}
    rows = (
        list(
            session.rounds.filter(**in_window).order_by("number").values_list(*LEDGER_ROUND_FIELDS)
        )
        if end > offset
        else []
    )
    paid: dict[int, list[dict[str, Any]]] = {}
    liable: set[int] = set()
    if rows:
        payments = (
            Payment.objects.filter(round__session=session, round__voided=False)
            .filter(**{f"round__{key}": value for key, value in in_window.items()})
            .order_by("round_id", "id")
            .values_list(*LEDGER_PAYMENT_FIELDS)
        )
        for round_id, *row in payments:
            paid.setdefault(round_id, []).append(_payment_row(*row))
            if paid[round_id][-1]["liability"]:
                liable.add(round_id)
    # Table fees (money that leaves the table, services.fees) of the window's entries.
    taken: dict[int, list[dict[str, str]]] = {}
    if rows:
        fees = (
            Fee.objects.filter(round__session=session)
            .filter(**{f"round__{key}": value for key, value in in_window.items()})
            .order_by("round_id", "id")
            .values_list("round_id", "payer", "collector", "amount")
        )
        for round_id, payer, collector, amount in fees:
            taken.setdefault(round_id, []).append(fee_as_dict(payer, collector, amount))
    words: dict[int, dict[str, dict[str, Any]]] = {}
    if liable:
        scorings = Round.objects.filter(pk__in=liable).values_list("pk", "scoring")
        words = {pk: _liability_words(scoring) for pk, scoring in scorings}
    entries = []
    seats = seats_of(session)
    named = people_names(session)
    seating = seating_before(session, offset + 1)
    for row in rows:
        round_id, number, result, winner, dealer, streak, fan, voided, x, kind, reason = row[:11]
        discarder, robbed, seated_after, asked = row[11:15]
        balances = row[15:]
        before, seating = seating, seating_read(seated_after) if seated_after else opening(session)
        moves = (
            {"seat_change": seat_change_moves(before, asked, named)}
            if result == Round.SEAT_CHANGE
            else {}
        )
        said = words.get(round_id, {})
        adjustment = (
            {"adjustment": {"kind": kind, "reason": reason}} if result == Round.ADJUSTMENT else {}
        )
        entries.append(
            {
                "number": number,
                "result": result,
                **winner_fields(winner),
                "dealer": dealer,
                "dealer_streak": streak,
                "fan": fan,
                **({"points": x} if isinstance(x, int) and not isinstance(x, bool) else {}),
                **adjustment,
                **moves,
                **({"discarder": discarder} if isinstance(discarder, str) and discarder else {}),
                **({"robbed_kong": True} if robbed is True else {}),
                "voided": voided,
                "payments": [
                    {**payment, **said.get(payment["from"], {})}
                    if payment["liability"]
                    else payment
                    for payment in paid.get(round_id, [])
                ],
                "fees": taken.get(round_id, []),
                "balances": {
                    seat: money_str(amount)
                    for seat, amount in zip(SEATS, balances, strict=True)
                    if seat in seats
                },
                # Who sat where after it (the balances are theirs).
                "players": {seat: named.get(seating[seat], "") for seat in seats},
            }
        )
    return {
        "players": seat_names(session),
        "rounds": entries,
        "balances": {seat: money_str(stored[BALANCE_FIELDS[seat]]) for seat in seats},
        "total_rounds": total,
        "offset": offset,
        "limit": max(total - offset, 0) if limit is None else limit,
    }


def ledger_csv(session: Session) -> str:
    """The ledger as CSV: one line per payment (one per draw or voided round), running balances."""
    out = io.StringIO()
    writer = csv.writer(out)
    seats = seats_of(session)
    writer.writerow(
        [
            "round",
            "result",
            "winner",
            "dealer",
            "dealer_streak",
            "voided",
            "from",
            "to",
            "amount",
            "liability",
            "multiplier",
            *seats,
            "reason",
            # "yes" on a table fee's line: money that left the table (not in the balances).
            "fee",
        ]
    )
    for entry in ledger(session)["rounds"]:
        head = [
            entry["number"],
            entry["result"],
            "".join(entry["winners"]),  # every winner of a round (紅中: several, HZ9.2)
            entry["dealer"],
            entry["dealer_streak"],
            "yes" if entry["voided"] else "",
        ]
        # An adjustment's reason in words, last (a hand has none); the seat columns are by seat,
        # so after a seat change they are the new occupants' (the moves say who).
        balances = [entry["balances"][seat] for seat in seats]
        # A seat change says who moved, in the same column.
        moves = ", ".join(
            f"{move['player']} {move['from']}→{move['to']}" for move in entry.get("seat_change", [])
        )
        balances.append((entry.get("adjustment") or {}).get("reason") or moves)
        fees = entry.get("fees") or []
        if not entry["payments"] and not fees:
            writer.writerow([*head, "", "", "", "", "", *balances, ""])
        for payment in entry["payments"]:
            writer.writerow(
                [
                    *head,
                    payment["from"],
                    payment["to"],
                    payment["amount"],
                    payment["liability"] or "",
                    payment["multiplier"],
                    *balances,
                    "",
                ]
            )
        for fee in fees:
            writer.writerow(
                [*head, fee["from"], fee["to"], fee["amount"], "", "", *balances, "yes"]
            )
    return out.getvalue()
