"""Reads shared by the API and the pages (selectors read).

Every function here runs a fixed number of queries whatever the length of the sitting, and
returns plain JSON-ready data: money as normalized decimal strings (see ``money_str``).
"""

from __future__ import annotations

import copy
import csv
import io
import re
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from itertools import combinations
from threading import Lock
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import (
    BooleanField,
    Count,
    ExpressionWrapper,
    F,
    IntegerField,
    Max,
    Min,
    Q,
    QuerySet,
    Sum,
)
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, Mod

from calculator.errors import invalid, not_found
from calculator.models import (
    BALANCE_FIELDS,
    Group,
    PairTotals,
    Payment,
    Player,
    Round,
    RulesVersion,
    SeatTotals,
    Session,
    roster_key,
)
from calculator.money import money_str
from calculator.numbers import shown
from calculator.paging import SHARE_LIMIT
from scoring import SEATS
from scoring.games import GAMES, Game, game_of, score

ZERO = Decimal("0")


# --- who may see what ------------------------------------------------------------------------


def sessions_for_user(user: AbstractBaseUser) -> QuerySet[Session]:
    """The sessions a user owns or was invited to; everyone else's do not exist for them."""
    if not user.is_authenticated:
        return Session.objects.none()
    visible = Session.objects.filter(Q(owner=user) | Q(members=user)).values("pk")
    return Session.objects.filter(pk__in=visible).select_related(
        "owner", "east", "south", "west", "north"
    )


def session_for_user(user: AbstractBaseUser, pk: int) -> Session:
    """The sitting ``pk`` if the user owns it or was invited to it: one query by primary key,
    and for someone other than the owner one more for the invitation."""
    # The row alone (get(): no ORDER BY): the players' names come with ``seat_names`` when a
    # page needs them, and a write through the API never does.
    try:
        session = Session.objects.get(pk=pk) if user.is_authenticated else None
    except Session.DoesNotExist:
        session = None
    if session is None or (
        session.owner_id != user.pk and not session.members.filter(pk=user.pk).exists()
    ):
        raise not_found("找不到這一場。", "No such session.")
    return session


def sessions_listed(user: AbstractBaseUser, *, archived: bool = False) -> QuerySet[Session]:
    """The sittings a user's list shows: those not archived, or with ``archived`` all of them."""
    sessions = sessions_for_user(user)
    return sessions if archived else sessions.filter(archived_at__isnull=True)


# A share token is what ``secrets.token_urlsafe`` makes: anything else names no sitting, and is
# never sent to the database (PostgreSQL refuses a NUL in a text parameter with an error).
SHARE_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,40}")


def session_by_share_token(token: str) -> Session:
    session = (
        Session.objects.filter(share_token=token).order_by().first()
        if SHARE_TOKEN.fullmatch(token)
        else None
    )
    if session is None:
        raise not_found("這個分享鏈接無效。", "This share link is not valid.")
    return session


def share_version(token: str) -> tuple[int, int] | None:
    """The pk and version of the sitting a share link shows (None for no such link): the one
    cheap query a page asking "anything new?" costs."""
    if not SHARE_TOKEN.fullmatch(token):
        return None
    return Session.objects.filter(share_token=token).values_list("pk", "version").first()


def members_list(session: Session) -> list[dict[str, Any]]:
    """Who may see and record in a sitting: its owner first, then the members by username."""
    members = session.members.order_by("username")
    return [
        {"username": session.owner.get_username(), "owner": True},
        *({"username": member.get_username(), "owner": False} for member in members),
    ]


# --- the game ----------------------------------------------------------------------------------


def game_of_session(session: Session) -> Game:
    """The sitting's game (``scoring.games``): everything that differs between games comes from
    it, never from a test of the game's code here."""
    return game_of(session.game)


def seats_of(session: Session) -> tuple[str, ...]:
    """The seats in play, in order: the first ``player_count`` of E S W N."""
    return game_of_session(session).seats(session.player_count)


# --- state -----------------------------------------------------------------------------------


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
    """The balances added up from the payments themselves, to check the stored ones against."""
    aggregates: dict[str, Any] = {}
    seats = seats_of(session)
    for seat in seats:
        aggregates[f"{seat}_in"] = Sum("amount", filter=Q(payee=seat))
        aggregates[f"{seat}_out"] = Sum("amount", filter=Q(payer=seat))
    sums = Payment.objects.filter(round__session=session, round__voided=False).aggregate(
        **aggregates
    )
    return {seat: (sums[f"{seat}_in"] or ZERO) - (sums[f"{seat}_out"] or ZERO) for seat in seats}


def current_rules_version(session: Session) -> RulesVersion:
    return session.rules_versions.order_by("-number").first()


def rules_for(session: Session, version: RulesVersion | None) -> Any:
    """The game's rules of a house-rules version: the session's ruleset with its overrides (R12,
    AJ13)."""
    return game_of_session(session).make_rules(
        session.ruleset, version.overrides if version else {}
    )


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
            "rules": version.overrides if version else {},
            "dealer": dealer,
            "dealer_streak": streak,
            "base_silver": money_str(session.base_silver),
        }
    )


def current_rules(session: Session) -> Any:
    """The rules for the next round: those of the newest house-rules version."""
    return rules_for(session, current_rules_version(session))


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


SEAT_FIELDS = {"E": "east", "S": "south", "W": "west", "N": "north"}


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
    }
    if with_share_token:
        detail["share_token"] = session.share_token
    return detail


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


# --- rounds and the ledger -----------------------------------------------------------------


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


def round_as_dict(game_round: Round, payments: Iterable[Payment] | None = None) -> dict[str, Any]:
    if payments is None:
        payments = game_round.payments.all()
    payments = list(payments)
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
        "recorded_at": game_round.recorded_at.isoformat() if game_round.recorded_at else None,
        "corrected_at": game_round.corrected_at.isoformat() if game_round.corrected_at else None,
        "voided_at": game_round.voided_at.isoformat() if game_round.voided_at else None,
        # Not a hand: what the adjustment names (its kind, who pays whom, how much, why).
        **(
            {"adjustment": game_round.hand}
            if game_round.result == Round.ADJUSTMENT
            else {}
        ),
    }


def round_answer(
    game_round: Round,
    payments: Iterable[Payment] | None = None,
    state: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A round as the API answers it after a change: the round and the session state after it
    (``state`` when the caller has it at hand)."""
    return {
        **round_as_dict(game_round, payments),
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
        session.rounds.prefetch_related("payments").select_related("rules_version").order_by("number")
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


# A sitting's adjustments listed at once: far more than a table ever enters (a round cap bounds
# them anyway).
ADJUSTMENTS_LISTED = 1000


def adjustments_list(session: Session) -> list[dict[str, Any]]:
    """The sitting's adjustments (penalties, side payments, chip corrections), in order."""
    rows = (
        session.rounds.filter(result=Round.ADJUSTMENT)
        .prefetch_related("payments")
        .select_related("rules_version")
        .order_by("number")[:ADJUSTMENTS_LISTED]
    )
    return [round_as_dict(row) for row in rows]


def adjustment_detail(session: Session, number: int) -> dict[str, Any]:
    game_round = (
        session.rounds.select_related("rules_version")
        .filter(number=number, result=Round.ADJUSTMENT)
        .first()
    )
    if game_round is None:
        raise not_found(
            f"本場第 {number} 條不是調整（或沒有這一條）。",
            f"Entry {number} of this session is not an adjustment (or there is none).",
        )
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
            session.rounds.filter(**in_window)
            .order_by("number")
            .values_list(*LEDGER_ROUND_FIELDS)
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
    words: dict[int, dict[str, dict[str, Any]]] = {}
    if liable:
        scorings = Round.objects.filter(pk__in=liable).values_list("pk", "scoring")
        words = {pk: _liability_words(scoring) for pk, scoring in scorings}
    entries = []
    seats = seats_of(session)
    for row in rows:
        round_id, number, result, winner, dealer, streak, fan, voided, x, kind, reason = row[:11]
        discarder, robbed = row[11:13]
        balances = row[13:]
        said = words.get(round_id, {})
        adjustment = (
            {"adjustment": {"kind": kind, "reason": reason}}
            if result == Round.ADJUSTMENT
            else {}
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
                **({"discarder": discarder} if isinstance(discarder, str) and discarder else {}),
                **({"robbed_kong": True} if robbed is True else {}),
                "voided": voided,
                "payments": [
                    {**payment, **said.get(payment["from"], {})} if payment["liability"] else payment
                    for payment in paid.get(round_id, [])
                ],
                "balances": {
                    seat: money_str(amount)
                    for seat, amount in zip(SEATS, balances, strict=True)
                    if seat in seats
                },
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
        # An adjustment's reason in words, last (a hand has none).
        balances = [entry["balances"][seat] for seat in seats]
        balances.append((entry.get("adjustment") or {}).get("reason") or "")
        if not entry["payments"]:
            writer.writerow([*head, "", "", "", "", "", *balances])
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
                ]
            )
    return out.getvalue()


# --- the chart of a whole sitting ------------------------------------------------------------

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
        "number", *(BALANCE_FIELDS[seat] for seat in seats)
    )
    return [
        {"number": number, "balances": dict(zip(seats, balances, strict=True))}
        for number, *balances in rows
    ]


# --- standings, settling up, statistics ----------------------------------------------------


def standings(
    session: Session, balances: Mapping[str, Decimal] | None = None
) -> list[dict[str, Any]]:
    """Seats from the biggest winner down; equal balances share a place."""
    names = seat_names(session)
    balances = balances if balances is not None else session_balances(session)
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
    session: Session, balances: Mapping[str, Decimal] | None = None
) -> list[dict[str, str]]:
    """The fewest transfers that bring every balance of the session back to zero."""
    return transfers_to_settle(
        dict(balances) if balances is not None else session_balances(session)
    )


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


def player_stats(
    session: Session, stored: Mapping[str, Any] | None = None
) -> list[dict[str, Any]]:
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
    # each winner's hand points), as the kept totals read it (_winner_slots).
    counted = 0
    slots = _winner_slots(session.game)
    keys = ["dealer", "winner", "result"]
    keys += [f"seat{slot}" for slot, (seat, _) in enumerate(slots) if seat is not None]
    groups = (
        session.rounds.filter(voided=False)
        .exclude(result=Round.ADJUSTMENT)
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
    for group in groups:
        counted += group["n"]
        stats[group["dealer"]]["rounds_dealt"] += group["n"]
        if group["result"] == Round.WIN:
            # Each of several winners on one discard (紅中, HZ9.2) has won the round.
            for place, seat in enumerate(group["winner"]):
                slot = next(
                    (index for index in range(len(slots)) if group.get(f"seat{index}") == seat),
                    min(place, len(slots) - 1),
                )
                winner = stats[seat]
                winner["wins"] += group["n"]
                winner["dealer_wins"] += group["n"] if seat == group["dealer"] else 0
                winner["fan_sum"] += group[f"sum{slot}"] or 0
                biggest = group[f"max{slot}"] or 0
                winner["biggest_fan"] = max(winner["biggest_fan"] or 0, biggest)
    liable = (
        Payment.objects.filter(round__session=session, round__voided=False)
        .exclude(liability=None)
        .values("payer")
        .annotate(paid=Sum("amount"), n=Count("id"))
        .order_by()
    )
    for row in liable:
        stats[row["payer"]]["paid_under_bao"] += row["paid"]
        stats[row["payer"]]["bao_payments"] += row["n"]
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


# --- totals kept per seat (models.SeatTotals) ---------------------------------------------------

# At most three winners on one discard (紅中, HZ9.2: everyone but the discarder).
MOST_WINNERS_OF_ONE_DISCARD = 3


def _winner_slots(game: str) -> list[tuple[Any, Any]]:
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
    its round; ``tests/calculator/test_seat_totals.py`` checks the two agree after every post)."""
    engine = game_of(game)
    features = engine.features
    totals = no_totals(seats)
    if game_round.voided:
        return totals
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
    slots = _winner_slots(game)
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


# --- export ----------------------------------------------------------------------------------


def session_export(session: Session) -> dict[str, Any]:
    """The whole history as entered; ``services.session_import`` rebuilds the same ledger."""
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
    }


def share_view(
    session: Session, *, offset: int | None = None, limit: int = SHARE_LIMIT
) -> dict[str, Any]:
    """Everything a share link shows: read-only, without the token that grants it and without
    the owner's username (an account name is not for anyone holding the link). The rounds are
    the newest ``limit`` unless ``offset`` says which (``round_window``)."""
    window = round_window(session, offset, limit)
    shared = session_detail(session, with_share_token=False)
    del shared["owner"]
    return {
        "session": shared,
        "ledger": ledger(session, offset=window.offset, limit=window.limit),
        "rounds": [round_as_dict(r) for r in window.rounds],
    }


# --- the session page's tools: undo, start again, remembered names ---------------------------


def last_live_round(session: Session) -> Round | None:
    """The round an undo takes back: the newest one that is not voided (without its hand and
    scoring)."""
    return (
        session.rounds.filter(voided=False)
        .order_by("-number")
        .only("number", "result", "winner", "fan", "voided")
        .first()
    )


def undo_preview(
    session: Session, balances: Mapping[str, Decimal] | None = None
) -> dict[str, Any] | None:
    """What undoing the last round would do, before it is done: the round, and each seat's
    balance before and after with the change. None when no round counts.

    The undo voids the newest round that counts; the rounds after it are all voided already and
    move no money, so the balances after are today's without that round's payments (R9).
    ``balances``: today's, when the caller has them."""
    game_round = last_live_round(session)
    if game_round is None:
        return None
    before = dict(balances) if balances is not None else session_balances(session)
    after = dict(before)
    for payment in game_round.payments.all():
        after[payment.payer] += payment.amount
        after[payment.payee] -= payment.amount
    return {
        "number": game_round.number,
        "result": game_round.result,
        **winner_fields(game_round.winner),
        "fan": game_round.fan,
        # An adjustment's kind and reason, or a hand's discarder: for the question to name them.
        "hand": game_round.hand or {},
        "seats": {
            seat: {
                "before": money_str(before[seat]),
                "after": money_str(after[seat]),
                "delta": money_str(after[seat] - before[seat]),
            }
            for seat in seats_of(session)
        },
    }


def session_restart(session: Session) -> dict[str, Any]:
    """What a new sitting of the same table starts from: the same game and players in the same
    seats (R2.1), the same ruleset and base silver (R3, R9), and the house rules in force now
    (R12)."""
    version = current_rules_version(session)
    return {
        "name": session.name,
        "game": session.game,
        "player_count": session.player_count,
        "players": seat_names(session),
        # The same people, not only the same names: a roster may have two of one name.
        "player_ids": {
            seat: getattr(session, f"{field}_id")
            for seat, field in SEAT_FIELDS.items()
            if getattr(session, f"{field}_id") is not None
        },
        "ruleset": session.ruleset,
        "base_silver": money_str(session.base_silver),
        "rules": version.overrides if version else {},
    }


def player_names_used(user: AbstractBaseUser, *, limit: int = 50) -> list[str]:
    """The names of the user's roster, each once, at most ``limit``: the people of the newest
    sitting first in seat order, then of the ones before, then anyone who sits at none of them
    (the new-sitting page's suggestions)."""
    if not user.is_authenticated:
        return []
    rows = (
        Session.objects.filter(owner=user)
        .order_by("-created_at", "-id")
        .values_list("east__name", "south__name", "west__name", "north__name")[: limit * 4]
    )
    names: dict[str, None] = {}
    for row in rows:
        for name in row:
            if name is not None:  # a seat not in play (a 2- or 3-player table)
                names.setdefault(name, None)
    if len(names) < limit:
        for name in (
            Player.objects.filter(owner=user)
            .order_by("name")
            .values_list("name", flat=True)[: limit * 2]
        ):
            names.setdefault(name, None)
    return list(names)[:limit]


# --- the roster ---------------------------------------------------------------------------------

ROSTER_SEATS = {"E": "east", "S": "south", "W": "west", "N": "north"}


def _seated_in(pks: list[int]) -> Q:
    return Q(east__in=pks) | Q(south__in=pks) | Q(west__in=pks) | Q(north__in=pks)


def _sittings_by_player(
    pks: list[int], limit: int | None = None
) -> dict[int, list[dict[str, Any]]]:
    """For each of ``pks``, the sittings they sat at, newest first (one query): each as a row of
    its id (``pk``), name, game, date, archive date, seats' people and stored balances. With
    ``limit``, only the newest ``limit`` sittings of them all."""
    found: dict[int, list[dict[str, Any]]] = {pk: [] for pk in pks}
    if not pks:
        return found
    # Plain rows of only what the roster and a player's page show: a long roster loads many.
    sittings = (
        Session.objects.filter(_seated_in(pks))
        .order_by("-created_at", "-id")
        .values(
            "pk",
            "name",
            "game",
            "created_at",
            "archived_at",
            *(f"{field}_id" for field in ROSTER_SEATS.values()),
            *BALANCE_FIELDS.values(),
        )
    )
    if limit is not None:
        sittings = sittings[:limit]
    for session in sittings:
        for field in ROSTER_SEATS.values():
            person = session[f"{field}_id"]
            if person in found:
                found[person].append(session)
    return found


def players_for_user(user: AbstractBaseUser) -> QuerySet[Player]:
    """The players a user may see: their roster, and players of other rosters linked to their
    account (read-only)."""
    if not user.is_authenticated:
        return Player.objects.none()
    return (
        Player.objects.filter(Q(owner=user) | Q(user=user))
        .select_related("owner", "user")
        .order_by("name", "id")
    )


def player_for_user(user: AbstractBaseUser, pk: int) -> Player:
    """Player ``pk`` if it is on the user's roster or linked to their account; else E_NOT_FOUND
    (a stranger's player does not exist for them)."""
    player = players_for_user(user).filter(pk=pk).first()
    if player is None:
        raise not_found("找不到這個人。", "No such player.")
    return player


def roster(
    user: AbstractBaseUser,
    players: list[Player] | None = None,
    sittings: dict[int, list[dict[str, Any]]] | None = None,
) -> list[dict[str, Any]]:
    """Each player a user may see (``players_for_user``, or ``players``) with the number of
    sittings they played, their newest sitting, and how they are the user's: on the user's
    roster (``yours``) or linked to the user's account (``linked``). Two people of one name on a
    roster are numbered: ``label`` is "小李" for the first, "小李 (2)" for the second."""
    players = list(players_for_user(user)) if players is None else players
    if sittings is None:
        sittings = _sittings_by_player([player.pk for player in players])
    # The n-th person of a name on a roster, in the order they were added (the whole roster's,
    # not only the players asked for: a page of the list numbers them as the roster does).
    place: dict[int, int] = {}
    counted: dict[tuple[int, str], int] = {}
    everyone = Player.objects.filter(owner__in={player.owner_id for player in players})
    for pk, owner, name in everyone.order_by("pk").values_list("pk", "owner", "name"):
        key = (owner, roster_key(name))
        counted[key] = place[pk] = counted.get(key, 0) + 1
    entries = []
    for player in players:
        nth = place.get(player.pk, 1)
        played = sittings[player.pk]
        entries.append(
            {
                "id": player.pk,
                "name": player.name,
                "label": player.name if nth == 1 else f"{player.name} ({nth})",
                "owner": player.owner.get_username(),
                "user": player.user.get_username() if player.user_id else None,
                "yours": player.owner_id == user.pk,
                "linked": player.user_id == user.pk,
                "sitting_count": len(played),
                "last_sitting": (
                    {
                        "id": played[0]["pk"],
                        "name": played[0]["name"],
                        "date": played[0]["created_at"],
                    }
                    if played
                    else None
                ),
            }
        )
    return entries


def player_detail(
    user: AbstractBaseUser, player: Player, limit: int | None = None
) -> dict[str, Any]:
    """A player as ``roster`` lists them, with every sitting they played (the newest ``limit``
    when given; ``sitting_count`` counts them all), newest first: its id, name, game, date, the
    seat they sat at and their balance there (the sitting's stored one)."""
    sittings = _sittings_by_player([player.pk], limit)
    entry = roster(user, [player], sittings)[0]
    if limit is not None and len(sittings[player.pk]) >= limit:
        entry["sitting_count"] = Session.objects.filter(_seated_in([player.pk])).count()
    played = []
    for session in sittings[player.pk]:
        seat = next(
            seat
            for seat, field in ROSTER_SEATS.items()
            if session[f"{field}_id"] == player.pk
        )
        played.append(
            {
                "id": session["pk"],
                "name": session["name"],
                "game": session["game"],
                "date": session["created_at"],
                "seat": seat,
                "balance": money_str(session[BALANCE_FIELDS[seat]]),
                "archived": session["archived_at"] is not None,
            }
        )
    return {**entry, "sittings": played}


def roster_choices(user: AbstractBaseUser) -> list[dict[str, Any]]:
    """The user's own roster (``roster`` entries), for the new-sitting page's suggestions and
    its choice between two people of one name."""
    own = Player.objects.filter(owner=user).select_related("owner", "user").order_by("name", "id")
    return roster(user, list(own))


# --- a player's statistics over a period (read from models.SeatTotals) --------------------------

PERIODS = ("month", "year", "all", "range")
PLAYER_RECORD_FIELDS = (
    "balance",
    "hands",
    "wins",
    "self_draws",
    "dealer_wins",
    "deal_ins",
    "biggest",
    "biggest_round",
    "hand_sum",
    "adjusted",
    "penalties",
)
ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


@dataclass(frozen=True)
class Period:
    """Which sittings count: those opened from ``start`` to ``end`` (both days included; None is
    open-ended)."""

    kind: str
    start: date | None
    end: date | None


def _date_param(value: str, name: str) -> date | None:
    if not value:
        return None
    try:
        if not ISO_DATE.fullmatch(value):
            raise ValueError
        return date.fromisoformat(value)
    except ValueError:
        raise invalid(
            f"{name} 要是一個日期，寫成 2026-03-31，收到 {shown(value)}。",
            f"{name} must be a date written as 2026-03-31, got {shown(value)}.",
        ) from None


def period_of(params: Mapping[str, str], today: date) -> Period:
    """The period a page or request asks for (GET ``period``: this ``month``, this ``year``,
    ``all`` time, or a ``range`` of ``from`` – ``to``); E_INVALID names a bad one."""
    start_text, end_text = params.get("from", "").strip(), params.get("to", "").strip()
    kind = params.get("period") or ("range" if start_text or end_text else "all")
    if kind not in PERIODS:
        raise invalid(
            f"period 只能是 month、year、all 或 range，收到 {shown(kind)}。",
            f"period must be month, year, all or range, got {shown(kind)}.",
        )
    if kind == "month":
        return Period(kind, today.replace(day=1), None)
    if kind == "year":
        return Period(kind, today.replace(month=1, day=1), None)
    if kind == "all":
        return Period(kind, None, None)
    start, end = _date_param(start_text, "from"), _date_param(end_text, "to")
    if start and end and start > end:
        raise invalid(
            f"開始日期 {start} 在結束日期 {end} 之後。",
            f"The start date {start} is after the end date {end}.",
        )
    return Period(kind, start, end)


def player_record(user: AbstractBaseUser, player: Player, period: Period) -> dict[str, Any]:
    """What ``player`` did in the sittings opened in ``period``, from the kept totals (one row a
    sitting; two queries whatever the history): the sittings, the total won or lost, the counts
    of every game together, and per game its own biggest hand and average (fan for Anqing,
    points for Anji and 紅中: never averaged together); ``curve``, the running total after each
    sitting, oldest first. The biggest hand names its sitting and round only when ``user`` may
    see that sitting."""
    rows = SeatTotals.objects.filter(player=player)
    if period.start is not None:
        rows = rows.filter(session__created_at__date__gte=period.start)
    if period.end is not None:
        rows = rows.filter(session__created_at__date__lte=period.end)
    # Plain rows, not models: a regular's page reads one per sitting.
    rows = rows.order_by("session__created_at", "session_id").values(
        *PLAYER_RECORD_FIELDS,
        "session_id",
        session_name=F("session__name"),
        game=F("session__game"),
        date=F("session__created_at"),
    )
    games: dict[str, dict[str, Any]] = {}
    biggest: dict[str, dict[str, Any]] = {}
    curve = []
    running = adjusted = ZERO
    penalties = 0
    for row in rows:
        running += row["balance"]
        # Adjustments (penalties, side payments, chip corrections) are in the balance, and
        # counted apart from the hands.
        adjusted += row["adjusted"]
        penalties += row["penalties"]
        curve.append(
            {
                "session": row["session_id"],
                "name": row["session_name"],
                "date": row["date"],
                "balance": money_str(row["balance"]),
                "running": money_str(running),
            }
        )
        code = row["game"]
        features = game_of(code).features
        game = games.setdefault(
            code,
            {
                "game": code,
                "unit": features.unit,
                "sittings": 0,
                "balance": ZERO,
                "hands": 0,
                "wins": 0,
                "self_draws": 0,
                "dealer_wins": 0,
                # Only where a win may be on a discard can a seat deal in (Anqing: R5).
                "deal_ins": 0 if features.discard_wins else None,
                "hand_sum": 0,
            },
        )
        game["sittings"] += 1
        game["balance"] += row["balance"]
        for field in ("hands", "wins", "self_draws", "dealer_wins", "hand_sum"):
            game[field] += row[field]
        if game["deal_ins"] is not None:
            game["deal_ins"] += row["deal_ins"]
        best = biggest.get(code)
        if row["biggest"] is not None and (best is None or row["biggest"] > best["biggest"]):
            biggest[code] = row
    # Which of the biggest hands' sittings the viewer may open (a linked account may not).
    shown = {row["session_id"] for row in biggest.values()}
    visible = (
        set(
            Session.objects.filter(pk__in=shown)
            .filter(Q(owner=user) | Q(members=user))
            .values_list("pk", flat=True)
        )
        if shown and user.is_authenticated
        else set()
    )
    per_game = []
    for code in sorted(games):
        game = games[code]
        hand_sum = game.pop("hand_sum")
        best = biggest.get(code)
        game["average"] = (
            money_str((Decimal(hand_sum) / game["wins"]).quantize(Decimal("0.01")))
            if game["wins"]
            else None
        )
        seen = best is not None and best["session_id"] in visible
        game["biggest"] = (
            {
                "value": best["biggest"],
                "session": best["session_id"] if seen else None,
                "session_name": best["session_name"] if seen else None,
                "round": best["biggest_round"] if seen else None,
            }
            if best is not None
            else None
        )
        game["balance"] = money_str(game["balance"])
        per_game.append(game)
    totals = {
        field: sum(game[field] for game in per_game)
        for field in ("sittings", "hands", "wins", "self_draws", "dealer_wins")
    }
    deal_ins = [game["deal_ins"] for game in per_game if game["deal_ins"] is not None]
    return {
        "period": {"period": period.kind, "from": period.start, "to": period.end},
        **totals,
        "balance": money_str(running),
        "from_hands": money_str(running - adjusted),
        "adjusted": money_str(adjusted),
        "penalties": penalties,
        "deal_ins": sum(deal_ins) if deal_ins else None,
        "games": per_game,
        "curve": curve,
    }


# --- groups: the standings of people who play together (models.Group) --------------------------

GROUP_PERIODS = ("month", "season", "year", "all")
# ASCII digits only (``\d`` would take "２０２６" too).
YEAR_MONTH = re.compile(r"([0-9]{4})-([0-9]{2})")
YEAR_SEASON = re.compile(r"([0-9]{4})-Q([1-4])")
YEAR = re.compile(r"[0-9]{4}")


def groups_for_user(user: AbstractBaseUser) -> QuerySet[Group]:
    """The groups a user may see: their own, those they were added to as a member, and those
    with a player linked to their account; everyone else's do not exist for them."""
    if not user.is_authenticated:
        return Group.objects.none()
    visible = Group.objects.filter(Q(owner=user) | _shared_with(user))
    return (
        Group.objects.filter(pk__in=visible.values("pk"))
        .select_related("owner")
        .order_by("name", "id")
    )


def _shared_with(user: AbstractBaseUser) -> Q:
    """The groups someone other than their owner may see: those they were added to as a member
    and those with a player linked to their account."""
    return Q(members=user) | Q(players__user=user)


def group_for_user(user: AbstractBaseUser, pk: int) -> Group:
    """Group ``pk`` if the user may see it (``groups_for_user``); else E_NOT_FOUND. The group is
    read by its key; only someone other than its owner asks the members and the linked
    players."""
    group = (
        Group.objects.select_related("owner").filter(pk=pk).first()
        if user.is_authenticated
        else None
    )
    if group is not None and group.owner_id != user.pk:
        if not Group.objects.filter(_shared_with(user), pk=pk).exists():
            group = None
    if group is None:
        raise not_found("找不到這個群。", "No such group.")
    return group


def group_player_ids(group: Group) -> list[int]:
    return list(group.players.order_by("name", "id").values_list("pk", flat=True))


def group_sittings(
    group: Group, players: list[int] | QuerySet | None = None
) -> QuerySet[Session]:
    """The sittings that count for the group: every seat in play taken by one of its players (a
    three-player sitting of three of four counts; one with anybody else does not). ``players``:
    the group's ids, or a subquery of them."""
    pks = group_player_ids(group) if players is None else players
    return Session.objects.filter(east__in=pks, south__in=pks).filter(
        Q(west__isnull=True) | Q(west__in=pks), Q(north__isnull=True) | Q(north__in=pks)
    )


def group_detail(user: AbstractBaseUser, group: Group, members: bool = True) -> dict[str, Any]:
    """The group as the API and the pages show it: its players (id, name, linked account), its
    members' usernames (unless ``members`` is False: the standings page does not show them),
    and whether ``user`` owns it (and so may change it)."""
    players = group.players.order_by("name", "id").values_list("pk", "name", "user__username")
    detail = {
        "id": group.pk,
        "name": group.name,
        "owner": group.owner.get_username(),
        "yours": group.owner_id == user.pk,
        "created_at": group.created_at,
        "players": [{"id": pk, "name": name, "user": linked} for pk, name, linked in players],
    }
    if members:
        detail["members"] = list(
            group.members.order_by("username").values_list("username", flat=True)
        )
    return detail


@dataclass(frozen=True)
class GroupPeriod:
    """Which sittings of a group count: those opened (in the site's time zone) from ``start`` to
    ``end``, both days included (None: all time). ``value`` names the month (2026-12), the
    season (2026-Q4) or the year (2026); ``previous`` and ``following`` the ones around it."""

    kind: str
    value: str
    start: date | None
    end: date | None
    previous: str | None
    following: str | None

    def as_dict(self) -> dict[str, Any]:
        return {
            "period": self.kind,
            "value": self.value or None,
            "from": self.start,
            "to": self.end,
            "previous": self.previous,
            "next": self.following,
        }


def _month_start(year: int, month: int) -> date | None:
    """The first day of a month counted past December or before January; None out of range."""
    year, month = year + (month - 1) // 12, (month - 1) % 12 + 1
    return date(year, month, 1) if 1000 <= year <= 9999 else None


def _months(start: date, months: int, kind: str) -> GroupPeriod:
    """The period of ``months`` months from ``start`` (a month, a season or a year)."""
    following = _month_start(start.year, start.month + months)
    end = (following or date(9999, 12, 31) + timedelta(days=1)) - timedelta(days=1)
    before = _month_start(start.year, start.month - months)

    def named(first: date | None) -> str | None:
        if first is None:
            return None
        if kind == "month":
            return f"{first.year:04d}-{first.month:02d}"
        if kind == "season":
            return f"{first.year:04d}-Q{(first.month - 1) // 3 + 1}"
        return f"{first.year:04d}"

    return GroupPeriod(kind, named(start) or "", start, end, named(before), named(following))


def group_period_of(params: Mapping[str, str], today: date) -> GroupPeriod:
    """The period a group's page or request asks for: GET ``period`` (``month``, the default;
    ``season``, a quarter; ``year``; ``all``) with ``month`` (2026-12), ``season`` (2026-Q4)
    or ``year`` (2026), each this one by default; E_INVALID names a bad one."""
    kind = params.get("period") or "month"
    if kind not in GROUP_PERIODS:
        raise invalid(
            f"period 只能是 month、season、year 或 all，收到 {shown(kind)}。",
            f"period must be month, season, year or all, got {shown(kind)}.",
        )
    if kind == "all":
        return GroupPeriod(kind, "", None, None, None, None)
    value = (params.get(kind) or "").strip()
    if kind == "month":
        found = YEAR_MONTH.fullmatch(value) if value else None
        if value and (found is None or not 1 <= int(found[2]) <= 12 or int(found[1]) < 1000):
            raise invalid(
                f"month 要寫成 2026-12 這樣的年月，收到 {shown(value)}。",
                f"month must be a year and month written as 2026-12, got {shown(value)}.",
            )
        start = date(int(found[1]), int(found[2]), 1) if found else today.replace(day=1)
        return _months(start, 1, kind)
    if kind == "season":
        found = YEAR_SEASON.fullmatch(value) if value else None
        if value and (found is None or int(found[1]) < 1000):
            raise invalid(
                f"season 要寫成 2026-Q4 這樣的年和季度（Q1 到 Q4），收到 {shown(value)}。",
                f"season must be a year and quarter written as 2026-Q4 (Q1 to Q4), "
                f"got {shown(value)}.",
            )
        year, quarter = (int(found[1]), int(found[2])) if found else (today.year, 0)
        first_month = (quarter - 1) * 3 + 1 if found else (today.month - 1) // 3 * 3 + 1
        return _months(date(year, first_month, 1), 3, kind)
    if value and (not YEAR.fullmatch(value) or int(value) < 1000):
        raise invalid(
            f"year 要寫成 2026 這樣的年份，收到 {shown(value)}。",
            f"year must be a year written as 2026, got {shown(value)}.",
        )
    return _months(date(int(value) if value else today.year, 1, 1), 12, kind)


def group_game_of(params: Mapping[str, str]) -> str | None:
    """GET ``game``: one game's code, or ``all`` (the default) for every game (None)."""
    code = (params.get("game") or "all").strip()
    if code == "all":
        return None
    if code not in GAMES:
        raise invalid(
            f"game 只能是 all 或 {'、'.join(GAMES)}，收到 {shown(code)}。",
            f"game must be all or one of {', '.join(GAMES)}, got {shown(code)}.",
        )
    return code


def _period_q(period: GroupPeriod, game: str | None) -> Q:
    """The sittings opened in ``period`` (the site's time zone) and of ``game`` (None: any)."""
    found = Q()
    if period.start is not None:
        found &= Q(created_at__date__gte=period.start)
    if period.end is not None:
        found &= Q(created_at__date__lte=period.end)
    if game is not None:
        found &= Q(game=game)
    return found


def _in_period(sittings: QuerySet[Session], period: GroupPeriod, game: str | None) -> QuerySet:
    return sittings.filter(_period_q(period, game))


GROUP_COUNTS = ("hands", "wins", "self_draws", "deal_ins", "bao_payments")


def _group_row(pk: int, name: str) -> dict[str, Any]:
    return {
        "id": pk,
        "name": name,
        "sittings": 0,
        "balance": ZERO,
        **dict.fromkeys(GROUP_COUNTS, 0),
        "paid_under_bao": ZERO,
        "biggest": [],
    }


SITTING_ROW = (
    "pk",
    "name",
    "game",
    "created_at",
    "paid_out_at",
    "owner_id",
    *(f"{f}_id" for f in SEAT_FIELDS.values()),
)


def _period_sittings(sittings: QuerySet[Session]) -> dict[int, dict[str, Any]]:
    """The sittings of a group's period, read once (one query of short rows): by id, their name,
    game, date (oldest first) and the person at each seat."""
    return {row["pk"]: row for row in sittings.order_by("created_at", "id").values(*SITTING_ROW)}


def _kept_rows(sittings: Iterable[int]) -> list[tuple]:
    """The kept ``SeatTotals`` of ``sittings`` as plain rows (one query, no GROUP BY to plan: a
    group of 100 sittings reads 400 short rows): player, sitting, balance, paid under 包, the
    biggest hand and its round, then ``GROUP_COUNTS``."""
    return list(
        SeatTotals.objects.filter(session_id__in=list(sittings))
        .order_by()
        .values_list(
            "player_id",
            "session_id",
            "balance",
            "paid_under_bao",
            "biggest",
            "biggest_round",
            *GROUP_COUNTS,
        )
    )


@dataclass(frozen=True)
class GroupReading:
    """What a group's page reads once for all its parts: the sittings of the period (and game),
    those not paid out yet (of any period and game), and the kept rows of both."""

    period: dict[int, dict[str, Any]]
    unpaid: dict[int, dict[str, Any]]
    kept: list[tuple]


def group_reading(
    group: Group, players: list[int], period: GroupPeriod, game: str | None
) -> GroupReading:
    """The group's sittings of ``period`` and ``game`` and those not paid out, in one query
    (each row says whether it is in the period), and their kept rows in a second."""
    in_period = _period_q(period, game)
    sittings = group_sittings(group, players)
    if in_period:
        sittings = sittings.filter(in_period | Q(paid_out_at__isnull=True)).annotate(
            in_period=ExpressionWrapper(in_period, output_field=BooleanField())
        )
        rows = sittings.order_by("created_at", "id").values(*SITTING_ROW, "in_period")
    else:
        rows = sittings.order_by("created_at", "id").values(*SITTING_ROW)
    rows = list(rows)
    return GroupReading(
        period={row["pk"]: row for row in rows if row.get("in_period", True)},
        unpaid={row["pk"]: row for row in rows if row["paid_out_at"] is None},
        kept=_kept_rows(row["pk"] for row in rows),
    )


def group_period_sittings(
    group: Group, players: list[int], period: GroupPeriod, game: str | None
) -> dict[int, dict[str, Any]]:
    """The group's sittings of ``period`` (and ``game``), read once for a whole page: the
    standings (``group_standings``) and the list of sittings (``group_sittings_of``)."""
    return _period_sittings(_in_period(group_sittings(group, players), period, game))


def group_sittings_of(
    user: AbstractBaseUser, sittings: dict[int, dict[str, Any]], limit: int
) -> list[dict[str, Any]]:
    """The newest ``limit`` of ``sittings`` (``group_period_sittings``): id (None when ``user``
    may not open it), name, game, date and whether it was paid out."""
    rows = sorted(sittings.values(), key=lambda row: (row["created_at"], row["pk"]))[::-1][:limit]
    # Only sittings of someone else ask whether the user was invited to them.
    others = [row["pk"] for row in rows if row["owner_id"] != user.pk]
    invited = set(
        Session.objects.filter(pk__in=others, members=user).values_list("pk", flat=True)
    ) if others and user.is_authenticated else set()
    return [
        {
            "id": row["pk"] if row["owner_id"] == user.pk or row["pk"] in invited else None,
            "name": row["name"],
            "game": row["game"],
            "date": row["created_at"],
            "paid_out": row["paid_out_at"] is not None,
        }
        for row in rows
    ]


def _group_rows(
    players: list[Player] | None, sittings: dict[int, dict[str, Any]], kept: list[tuple]
) -> tuple[dict[int, dict[str, Any]], list[dict[str, Any]]]:
    """Each player's sums over ``sittings`` (``_period_sittings``), and the biggest hand of each
    player in each game with the oldest sitting and round it was won at, added up here from the
    ``kept`` rows (``_kept_rows``; those of other sittings are passed over). ``players`` None: a
    row for each player who sat at one of them (no names: for the titles alone)."""
    rows = {player.pk: _group_row(player.pk, player.name) for player in players or ()}
    best: dict[tuple[int, str], dict[str, Any]] = {}
    for player, session, balance, bao, biggest, biggest_round, *counts in kept:
        if session not in sittings:
            continue
        row = rows.get(player)
        if row is None:
            if players is not None:
                continue
            row = rows[player] = _group_row(player, "")
        row["sittings"] += 1
        row["balance"] += balance
        row["paid_under_bao"] += bao
        for field, value in zip(GROUP_COUNTS, counts, strict=True):
            row[field] += value
        if biggest is None:
            continue
        sitting = sittings[session]
        key = (player, sitting["game"])
        held = best.get(key)
        # The biggest value; of equal ones, the oldest sitting's (the first time it was won).
        order = (sitting["created_at"], session)
        if held is None or biggest > held["value"] or (
            biggest == held["value"] and order < held["order"]
        ):
            best[key] = {
                "player": player,
                "game": sitting["game"],
                "value": biggest,
                "order": order,
                "session_id": session,
                "session_name": sitting["name"],
                "biggest_round": biggest_round,
            }
    return rows, [best[key] for key in sorted(best)]

def _titled(
    rows: Iterable[dict[str, Any]], value: Any, **fields: Any
) -> dict[str, Any] | None:
    """A title: the players with the highest ``value(row)`` (ties share it, in the order of
    their ids); nobody at 0."""
    values = {row["id"]: value(row) for row in rows}
    best = max((v for v in values.values() if v), default=None)
    if best is None:
        return None
    holders = sorted(pk for pk, v in values.items() if v == best)
    return {**fields, "value": best, "players": holders}


def _titles(rows: dict[int, dict[str, Any]], biggest: list[dict[str, Any]]) -> list[dict]:
    """胡牌王 (most wins), 自摸王 (most self-draws), the biggest hand of each game (最大一手: fan
    and points are never compared) and 包牌最多 (most paid under 包, R10)."""
    titles = [
        _titled(rows.values(), lambda row: row["wins"], title="wins"),
        _titled(rows.values(), lambda row: row["self_draws"], title="self_draws"),
    ]
    for code in sorted({found["game"] for found in biggest}):
        best = {found["player"]: found["value"] for found in biggest if found["game"] == code}
        titles.append(
            _titled(
                rows.values(),
                lambda row, best=best: best.get(row["id"]),
                title="biggest",
                game=code,
                unit=game_of(code).features.unit,
            )
        )
    bao = _titled(rows.values(), lambda row: row["paid_under_bao"], title="bao")
    if bao is not None:
        bao["value"] = money_str(bao["value"])
    titles.append(bao)
    return [title for title in titles if title is not None]


def _pair_sums(sittings: dict[int, dict[str, Any]]) -> dict[tuple[int, int], Decimal]:
    """What each player paid each other over ``sittings`` (``_period_sittings``): the kept
    ``PairTotals`` rows summed in the database by pair of seats and seating (who sat where), so
    a long history of one table comes back as a few rows, each pair of seats then read as the
    people sitting there."""
    paid: dict[tuple[int, int], Decimal] = {}
    seats = [f"session__{field}_id" for field in SEAT_FIELDS.values()]
    rows = (
        PairTotals.objects.filter(session_id__in=list(sittings))
        .order_by()
        .values_list("payer", "payee", *seats)
        .annotate(total=Sum("amount"))
    )
    for payer, payee, *seated, amount in rows:
        people = dict(zip(SEAT_FIELDS, seated, strict=True))
        pair = (people[payer], people[payee])
        paid[pair] = paid.get(pair, ZERO) + amount
    return paid


def group_standings(
    user: AbstractBaseUser,
    group: Group,
    period: GroupPeriod,
    game: str | None,
    players: list[Player] | None = None,
    reading: GroupReading | None = None,
) -> dict[str, Any]:
    """The group's standings over the sittings of ``period`` (and of one ``game``, or of all):
    per player the sittings, hands, wins, self-draws, deal-ins, what they paid under 包, their
    biggest hand of each game (linked to its round when ``user`` may open that sitting) and
    their total won or lost, biggest total first; the titles; and, for each pair of players who
    sat together, what each paid the other. Read from the kept totals: a fixed number of
    queries whatever the length of the history. ``players``: the group's, and ``reading``:
    ``group_reading`` of them, if already read."""
    if players is None:
        players = list(group.players.order_by("name", "id"))
    pks = [player.pk for player in players]
    # The period's sittings once (as the caller read them): every read below is of their kept
    # rows.
    if reading is None:
        sittings = group_period_sittings(group, pks, period, game)
        kept = _kept_rows(sittings)
    else:
        sittings, kept = reading.period, reading.kept
    rows, biggest = _group_rows(players, sittings, kept)
    titles = _titles(rows, biggest)
    # The sitting and round of each biggest hand (its first, oldest sitting of the period),
    # linked only where ``user`` may open that sitting.
    shown = {found["session_id"] for found in biggest}
    # The user's own sittings are known from the rows; only the others ask who was invited.
    visible = {pk for pk in shown if sittings[pk]["owner_id"] == user.pk}
    others = shown - visible
    if others and user.is_authenticated:
        visible |= set(
            Session.objects.filter(pk__in=others, members=user).values_list("pk", flat=True)
        )
    for found in sorted(biggest, key=lambda found: found["game"]):
        seen = found["session_id"] in visible
        rows[found["player"]]["biggest"].append(
            {
                "game": found["game"],
                "unit": game_of(found["game"]).features.unit,
                "value": found["value"],
                "session": found["session_id"] if seen else None,
                "session_name": found["session_name"] if seen else None,
                "round": found["biggest_round"] if seen else None,
            }
        )
    order = {pk: index for index, pk in enumerate(pks)}
    table = sorted(
        rows.values(), key=lambda row: (-row["balance"], -row["sittings"], order[row["id"]])
    )
    for row in table:
        row["balance"] = money_str(row["balance"])
        row["paid_under_bao"] = money_str(row["paid_under_bao"])
    paid = _pair_sums(sittings)
    head_to_head = []
    for index, first in enumerate(pks):
        for second in pks[index + 1 :]:
            if (first, second) not in paid and (second, first) not in paid:
                continue  # never at one table in the period
            first_paid = paid.get((first, second), ZERO)
            second_paid = paid.get((second, first), ZERO)
            head_to_head.append(
                {
                    "player": first,
                    "other": second,
                    "paid": money_str(first_paid),
                    "received": money_str(second_paid),
                    # What ``player`` won from ``other`` (negative: lost to them).
                    "net": money_str(second_paid - first_paid),
                }
            )
    return {
        "group": group.pk,
        "period": period.as_dict(),
        "game": game or "all",
        "sittings": len(sittings),
        "standings": table,
        "titles": titles,
        "head_to_head": head_to_head,
    }


def group_titles_of(group: Group, period: GroupPeriod) -> list[dict[str, Any]]:
    """Only the titles of the group over ``period`` (every game): three small queries (the
    group's people, the period's sittings, their kept rows; ids written out plan faster than
    nested subqueries)."""
    people = list(group.players.order_by().values_list("pk", flat=True))
    sittings = _in_period(group_sittings(group, people), period, None)
    sittings = _period_sittings(sittings)
    return _titles(*_group_rows(None, sittings, _kept_rows(sittings)))


def group_board(
    user: AbstractBaseUser,
    group: Group,
    period: GroupPeriod,
    game: str | None,
    players: list[Player] | None = None,
) -> tuple[dict[str, Any], dict[str, Any], GroupReading]:
    """A group's standings over ``period`` and ``game`` (``group_standings``) and its settle-up
    across the sittings not paid out (``group_unpaid``) from one ``group_reading``, returned as
    well for the list of the period's sittings. ``players``: the group's, if already read."""
    if players is None:
        players = list(group.players.order_by("name", "id"))
    pks = [player.pk for player in players]
    reading = group_reading(group, pks, period, game)
    standings = group_standings(user, group, period, game, players, reading)
    return standings, group_unpaid(group, pks, reading), reading


def group_unpaid(
    group: Group, players: list[int] | None = None, reading: GroupReading | None = None
) -> dict[str, Any]:
    """The sittings of the group not paid out yet, summed as one settle-up: each player's total
    over them and the fewest transfers that settle them (``transfers_to_settle`` over people).
    ``players``: the group's ids (name order), and ``reading``: ``group_reading`` of them, if
    already read."""
    pks = group_player_ids(group) if players is None else players
    if reading is None:
        unpaid = _period_sittings(group_sittings(group, pks).filter(paid_out_at__isnull=True))
        kept = _kept_rows(unpaid)
    else:
        unpaid, kept = reading.unpaid, reading.kept
    # The sittings with kept rows (oldest first) and each person's total.
    seen: set[int] = set()
    totals: dict[int, Decimal] = {}
    for player, session, balance, *_rest in kept:
        if session in unpaid:
            seen.add(session)
            totals[player] = totals.get(player, ZERO) + balance
    ids = [pk for pk in unpaid if pk in seen]
    return {
        "sittings": ids,
        "balances": [
            {"player": pk, "balance": money_str(totals.get(pk, ZERO))}
            for pk in pks
            if totals.get(pk)
        ],
        "transfers": transfers_to_settle(totals, pks),
    }
