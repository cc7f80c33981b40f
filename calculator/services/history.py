"""The walk through a sitting's rounds, and the running state stored with them.

A round is scored in the dealer context the rounds before it give: East deals first, then each
counted round passes or keeps the deal by the game's own rule (R2.2, AJ2.3, HZ2.2), a voided round
or an adjustment does not; each round with its own house-rules version (R12). ``rescore_from``
rescores every round from one on after a correction, a void or an import; ``score_round`` scores
one. The running balances after each round are stored on its row, and the sitting's row holds
the balances, next dealer, streak and newest number (``history_changed``, which also bumps the
sitting's version and brings the kept totals up to date), so no page adds the rounds up again.
``locked`` takes the sitting's row lock that every write starts with; ``replayed`` is the walk
of ``rescore_from`` written nowhere, for what a change would do before it is done.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from functools import cache
from typing import Any, NamedTuple

from django.db import connection
from django.db.models import F, OuterRef, Subquery

from calculator.compiled import Compiled
from calculator.errors import CalculatorError
from calculator.events import changed_on_commit
from calculator.models import (
    BALANCE_FIELDS,
    Fee,
    IdempotentAnswer,
    Payment,
    Round,
    RulesVersion,
    Session,
)
from calculator.money import ZERO, money_str
from calculator.selectors.seating import (
    Seating,
    permuted,
    seat_change_seating,
    seating_after,
    seating_fields,
    seating_opening,
    seating_text,
)
from calculator.selectors.sittings import (
    SEAT_FIELDS,
    game_of_session,
    hand_scored,
    rules_for,
    seats_of,
)
from calculator.services.adjustments import adjustment_payments
from calculator.services.fees import fee_totals_refresh, fees_delete_from, round_fees
from calculator.services.totals import (
    pair_totals_add,
    pair_totals_refresh,
    seat_totals_add,
    seat_totals_refresh,
)
from scoring.games import SEATS

ROUND_UPDATE_FIELDS = [
    "dealer",
    "dealer_streak",
    "dealer_base",
    "fan",
    "scoring",
    *BALANCE_FIELDS.values(),
    "seating",
]


def locked(
    session: Session | int,
    *,
    rules: bool = False,
    answer_key: str | None = None,
    players: bool = False,
) -> Session:
    """The session row, locked until the end of the transaction (SELECT … FOR UPDATE OF the
    sitting's row alone). What a write needs next comes in the same read, when asked:

    - ``rules``: the newest house-rules version, kept for ``current_rules_version`` (no one can
      add a version while the lock is held: ``sittings.rules_change`` takes it too);
    - ``answer_key``: the id of the answer kept for that ``Idempotency-Key`` in this sitting, if
      any (``kept_answer``); the answer itself is read only on a replay;
    - ``players``: the names of its seats' players, for ``seat_names``.

    ``session`` may be the sitting's key (``Session.DoesNotExist`` if there is none)."""
    pk = session if isinstance(session, int) else session.pk
    variant = (rules, answer_key is not None, players)
    values = {"pk": pk} if answer_key is None else {"pk": pk, "answer_key": answer_key}
    found = LOCKED.rows(variant, **values)
    if not found:
        raise Session.DoesNotExist("Session matching query does not exist.")
    row = found[0]
    if players:
        # What ``seat_names`` would read: the names of the players in its seats.
        row._seat_names = {seat: getattr(row, f"seat_name_{seat}") for seat in seats_of(row)}
    # PostgreSQL (read committed): a statement that waited for the lock gets the row as the
    # writer before it left it, but its subqueries still see the database as it was when the
    # statement began. Every writer that adds a house-rules version or a kept answer bumps the
    # sitting's version, so a version the subquery saw older than the row's says the rules and
    # the answer may be too: they are read again, now (rarely: only a post that queued).
    fresh = getattr(row, "seen_version", row.version) == row.version
    if rules:
        read = {field: getattr(row, f"newest_rules_{field}") for field in RULES_READ}
        version = None
        if not fresh:
            version = row.rules_versions.order_by("-number").first()
        elif read["id"] is not None:
            # A row as the database gave it; its other fields are read if ever asked for.
            version = RulesVersion.from_db(
                row._state.db,
                ["id", "session_id", "number", "overrides"],
                [read["id"], row.pk, read["number"], read["overrides"]],
            )
        row._current_rules_version = version
    if answer_key is not None:
        answer_id = row.kept_answer_id
        if not fresh:
            kept = IdempotentAnswer.objects.filter(session=row, key=answer_key)
            answer_id = kept.values_list("pk", flat=True).first()
        row._kept_answer = (answer_key, answer_id)
    row._locked = True
    return row


def _locked_rows(
    variant: tuple[bool, bool, bool], *, pk: int, answer_key: str | None = None
) -> Any:
    """The query ``locked`` sends: the sitting's row ``FOR UPDATE OF`` itself, with the newest
    house rules (``variant[0]``) and the kept answer's id (``variant[1]``) as subqueries, and the
    names of its seats' players (``variant[2]``) joined in."""
    rules, keyed, players = variant
    rows = Session.objects.select_for_update(of=("self",)).filter(pk=pk)
    if players:
        rows = rows.annotate(
            **{f"seat_name_{seat}": F(f"{field}__name") for seat, field in SEAT_FIELDS.items()}
        )
    if rules:
        newest = RulesVersion.objects.filter(session=OuterRef("pk")).order_by("-number")
        rows = rows.annotate(
            **{f"newest_rules_{field}": Subquery(newest.values(field)[:1]) for field in RULES_READ}
        )
    if keyed:
        kept = IdempotentAnswer.objects.filter(session=OuterRef("pk"), key=answer_key)
        rows = rows.annotate(kept_answer_id=Subquery(kept.values("pk")[:1]))
    if rules or keyed:
        # The sitting's version as the rest of the statement saw it (see ``locked``).
        same = Session.objects.filter(pk=OuterRef("pk"))
        rows = rows.annotate(seen_version=Subquery(same.values("version")[:1]))
    return rows


# Sent by every write; compiled once per database (calculator.compiled): a round post spent more
# building this statement than the database spends answering it.
LOCKED = Compiled(_locked_rows, pk=-7_391_884_201, answer_key="\x1f kept answer \x1f")


# What a write reads of the newest house-rules version with the lock: what a round keeps of it
# (its key, its number in the ledger) and what the engine scores with (its overrides, R12).
RULES_READ = ("id", "number", "overrides")


def is_locked(session: Session) -> bool:
    """Whether ``session`` was read by ``locked`` and a transaction is still open: a view that read
    it so tells the services, which then do not read it again."""
    return getattr(session, "_locked", False) and connection.in_atomic_block


def kept_answer(session: Session, key: str) -> IdempotentAnswer | None:
    """The first answer kept for ``key`` in this sitting: none when the locked read found none,
    else read (its body is read only on a replay)."""
    known = getattr(session, "_kept_answer", None)
    if known is not None and known[0] == key:
        return None if known[1] is None else IdempotentAnswer.objects.get(pk=known[1])
    return IdempotentAnswer.objects.filter(session=session, key=key).first()


def _context_before(session: Session, number: int) -> tuple[str, int]:
    """Dealer and streak going into round ``number``: East first (R2.2), then each counted
    round passes or keeps the deal; voided rounds do not count."""
    previous = (
        session.rounds.filter(number__lt=number, voided=False)
        .order_by("-number")
        .only("dealer", "dealer_streak", "winner", "scoring")
        .first()
    )
    if previous is None:
        return SEATS[0], 0
    return dealer_after(session, previous.dealer, previous.dealer_streak, previous)


def dealer_after(session: Session, dealer: str, streak: int, game_round: Round) -> tuple[str, int]:
    """Who deals after a counted round and with which streak, by the game's own rule (R2.2,
    AJ2.3, HZ2.2). A result that names the next dealer (紅中: the discarder after 一炮多響) is
    followed; the streak goes on only when the same seat deals again."""
    if game_round.result in (Round.ADJUSTMENT, Round.SEAT_CHANGE):
        # Not a hand: the deal stays where it is. After a seat change that is the same seat
        # (R2.2, AJ2.3, HZ2.2 pass the deal by seat), so whoever sits there now deals next.
        return dealer, streak
    named = (game_round.scoring or {}).get("next_dealer")
    if named in SEATS:
        return named, streak + 1 if named == dealer else 0
    return game_of_session(session).next_dealer(
        dealer, streak, game_round.winner or None, session.player_count
    )


def score_round(
    session: Session, game_round: Round, dealer: str, streak: int, rules_cache: dict[int, Any]
) -> list[Payment]:
    """Score one round in its dealer context with its own rules version; set its derived fields
    and return its (unsaved) payments. An engine error refuses the round."""
    version = game_round.rules_version
    game_round.dealer, game_round.dealer_streak = dealer, streak
    if game_round.result == Round.SEAT_CHANGE:
        # Not scored and moves no money: the balances go with the people (``seated``).
        game_round.dealer_base = 0
        game_round.fan = None
        game_round.scoring = None
        return []
    if game_round.result == Round.ADJUSTMENT:
        # Not scored: it moves what it names (its ``hand``), and the engine has no say.
        game_round.dealer_base = 0
        game_round.fan = None
        game_round.scoring = None
        return [
            Payment(round=game_round, payer=payer, payee=payee, amount=Decimal(amount))
            for payer, payee, amount in adjustment_payments(game_round.hand, seats_of(session))
        ]
    if game_round.result == Round.DRAW and not game_of_session(session).draw_fields:
        rules = rules_cache.get(version.pk)
        if rules is None:
            rules = rules_cache[version.pk] = rules_for(session, version)
        # R8.1: the dealer's base this round; a draw (荒莊) moves no money (R9).
        game_round.dealer_base = _stored_dealer_base(session, rules, streak)
        game_round.fan = None
        game_round.scoring = None
        return []
    hand = game_round.hand
    if game_round.result == Round.DRAW:
        # A draw the game scores (紅中: its kongs may pay, HZ10.3, HZ11): no winners.
        hand = {**hand, "winners": []}
    result = hand_scored(session, hand, dealer, streak, version)
    if "error" in result:
        error = result["error"]
        raise CalculatorError(
            error["code"], error["message"], error["message_en"], field=error.get("field")
        )
    _storable(result)
    # Games without a dealer's base (AJ2.3: no payment depends on the dealer) or fan store 0
    # and no fan.
    game_round.dealer_base = result.get("dealer_base") or 0
    game_round.fan = result.get("fan")
    game_round.scoring = result
    # One row per payer → payee; Anqing's parts of the amount (R9, R10), or a game's points.
    return [
        Payment(
            round=game_round,
            payer=payment["from"],
            payee=payment["to"],
            amount=Decimal(str(payment["amount"])),
            base=payment.get("base", 0),
            fan=payment.get("fan", 0),
            bonus=payment.get("bonus", 0),
            multiplier=payment.get("multiplier", 1),
            points=payment.get("points"),
            liability=payment.get("liability"),
        )
        for payment in result["payments"]
    ]


def _stored_dealer_base(session: Session, rules: Any, streak: int) -> int:
    """The dealer's base a round is stored with (R8.1); 0 in a game where none applies."""
    base = game_of_session(session).dealer_base(rules, streak)
    return 0 if base is None else base


# What the ledger's columns hold (calculator/models.py): an amount's digits before the point, and
# PostgreSQL's integer for base, fan, bonus and multiplier.
_AMOUNT = Payment._meta.get_field("amount")
MAX_STORED_AMOUNT = Decimal(10) ** (_AMOUNT.max_digits - _AMOUNT.decimal_places)
MAX_STORED_INTEGER = 2**31 - 1


def _storable(result: Mapping) -> None:
    """E_RULES when a payment is more than the ledger can hold: only house rules near their
    bounds (``scoring.MAXIMA``) together with a large base silver get there; the session's
    rules or base silver have to come down."""
    for payment in result["payments"]:
        amount = Decimal(str(payment["amount"]))
        numbers = [payment.get(name) or 0 for name in ("base", "fan", "bonus", "multiplier")]
        numbers.append(payment.get("points") or 0)
        if abs(amount) < MAX_STORED_AMOUNT and max(numbers) <= MAX_STORED_INTEGER:
            continue
        who = f"{payment['from']} → {payment['to']}"
        multiplier = payment.get("multiplier", 1)
        raise CalculatorError(
            "E_RULES",
            f"這一局 {who} 要付 {amount}（倍數 {multiplier}），超過賬本能記的上限"
            f"（{MAX_STORED_AMOUNT}）；請調低基礎銀子或家規的番數、倍數。",
            f"This round's payment {who} of {amount} (multiplier {multiplier}) is more "
            f"than the ledger can hold (below {MAX_STORED_AMOUNT}); lower the base silver or the "
            f"house rules' values and multipliers.",
        )


class Running(NamedTuple):
    """The running state after the newest round: the balances by seat, who deals next with which
    streak (R2.2), the newest round's number, who sits where."""

    balances: dict[str, Decimal]
    dealer: str
    streak: int
    last: int
    seating: Seating | None = None


def seated(
    game_round: Round, balances: Mapping[str, Decimal], seating: Seating
) -> tuple[dict[str, Decimal], Seating]:
    """The balances and the seating after a counted ``game_round``: a seat change moves each
    person's balance to their new seat; anything else leaves both as they are."""
    if game_round.result != Round.SEAT_CHANGE or game_round.voided:
        return dict(balances), seating
    after = seat_change_seating(game_round.hand)
    return permuted(balances, seating, after), after


def stored_seating(session: Session, seating: Seating) -> str:
    """What a round keeps of the seating after it: "" while it is the opening one."""
    return "" if seating == seating_opening(session) else seating_text(seating)


def seating_kept(session: Session, seating: Seating) -> dict[str, Any]:
    """The sitting's row fields for ``seating`` as the seating now, set on ``session`` too (its
    cached names forgotten), so the kept totals written next follow the people."""
    fields = seating_fields(seating)
    for name, value in fields.items():
        setattr(session, name, value)
    if hasattr(session, "_seat_names"):
        del session._seat_names
    return fields


def rescore_from(session: Session, number: int, *, name_round: bool = False) -> Running:
    """Re-score rounds ``number``, ``number + 1``, … in order: each gets the dealer context that
    the (corrected) history before it gives (R2.2), with its own rules version (R12). With
    ``name_round`` an engine refusal says which round it is about. Returns the running state it
    stored."""
    walk = replayed(session, number, name_round=name_round)
    Payment.objects.filter(round__session=session, round__number__gte=number).delete()
    fees_delete_from(session, number)
    _rounds_update(walk.changed)
    Payment.objects.bulk_create(walk.payments, batch_size=500)
    Fee.objects.bulk_create(walk.fees, batch_size=500)
    running = walk.running
    state = state_fields(running.balances, running.dealer, running.streak, running.last)
    state.update(seating_kept(session, running.seating))
    history_changed(session, state)
    return running


class Replayed(NamedTuple):
    """A walk of the rounds from one on, written nowhere yet: the running state after the newest,
    the payments of the rounds that count, the rounds whose stored fields changed, and the fees
    the entries that count take (``services.fees``: money that leaves the table)."""

    running: Running
    payments: list[Payment]
    changed: list[Round]
    fees: list[Fee]


def replayed(
    session: Session, number: int, *, name_round: bool = False, voiding: int | None = None
) -> Replayed:
    """The walk ``rescore_from`` stores, without writing anything: rounds ``number``, … scored in
    order in the dealer context the history before each gives (R2.2). ``voiding``: that round
    taken as voided, for what a void would do before it is done (``rounds.round_void_preview``)."""
    later: list[Round] = list(
        session.rounds.filter(number__gte=number).select_related("rules_version").order_by("number")
    )
    dealer, streak = _context_before(session, number)
    # The running balances going in: those stored on the round before (a voided round carries
    # the ones before it), which this re-scoring does not change.
    previous = (
        session.rounds.filter(number__lt=number)
        .order_by("-number")
        .only(*BALANCE_FIELDS.values(), "seating")
        .first()
    )
    running = balances_of(previous) if previous else dict.fromkeys(SEATS, ZERO)
    seating = seating_after(session, previous)
    rules_cache: dict[int, Any] = {}
    payments: list[Payment] = []
    changed: list[Round] = []
    fees: list[Fee] = []
    seats = seats_of(session)
    for game_round in later:
        if game_round.number == voiding:
            game_round.voided = True
        before = [getattr(game_round, field) for field in ROUND_UPDATE_FIELDS]
        # A voided round is scored where it stands, so it shows what it would have been worth,
        # but it moves no money and does not pass or keep the deal (R2.2).
        try:
            scored = score_round(session, game_round, dealer, streak, rules_cache)
        except CalculatorError as problem:
            raise in_round(game_round.number, problem) if name_round else problem from None
        if not game_round.voided:
            fees.extend(round_fees(session, game_round, scored, running, seats))
            payments.extend(scored)
            running = moved(running, scored)
            running, seating = seated(game_round, running, seating)
            dealer, streak = dealer_after(session, dealer, streak, game_round)
        set_balances(game_round, running)
        game_round.seating = stored_seating(session, seating)
        if before != [getattr(game_round, field) for field in ROUND_UPDATE_FIELDS]:
            changed.append(game_round)
    last = later[-1].number if later else number - 1
    return Replayed(Running(running, dealer, streak, last, seating), payments, changed, fees)


def in_round(number: int, problem: CalculatorError) -> CalculatorError:
    named = CalculatorError(
        problem.code,
        f"第 {number} 局：{problem.message}",
        f"Round {number}: {problem.message_en}",
        status=problem.status,
        field=problem.field,
    )
    named.round_number, named.in_round = number, problem
    return named


def _rounds_update(rounds: list[Round]) -> None:
    """Write the derived fields of many rounds in one ``executemany``.

    ``bulk_update`` builds one CASE per column per row, which costs seconds for the 1,000 rounds a
    correction of round 1 can re-score; each value still goes through its field's own conversion.
    """
    if not rounds:
        return
    fields = [Round._meta.get_field(name) for name in ROUND_UPDATE_FIELDS]
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in fields)
    sql = f"UPDATE {quote(Round._meta.db_table)} SET {assignments} WHERE {quote('id')} = %s"
    rows = [
        [field.get_db_prep_save(getattr(game_round, field.attname), connection) for field in fields]
        + [game_round.pk]
        for game_round in rounds
    ]
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)


def history_changed(
    session: Session,
    state: Mapping[str, Any] | None = None,
    *,
    added: Round | None = None,
    added_payments: Iterable[Payment] = (),
    added_fees: Iterable[Fee] = (),
) -> None:
    """One bump of the sitting's version per change of what it shows, so a page showing version
    N learns from one cheap query whether anything is new; with ``state`` (``state_fields``)
    the stored balances, next dealer and newest number are written in the same statement.
    ``added``: the change is that one round recorded after the others, with its payments and
    fees (a round without fees leaves the kept fee totals as they are)."""
    fields = tuple(state or ())
    values = [
        Session._meta.get_field(name).get_db_prep_save(state[name], connection) for name in fields
    ]
    with connection.cursor() as cursor:
        cursor.execute(_bump_sql(fields), [*values, session.pk])
        row = cursor.fetchone()
    # Every phone that has the sitting open learns of it once this commits (calculator/events.py).
    changed_on_commit(session.pk, row[0] if row else None)
    if state is not None:
        # The rounds or their payments changed: the seats' kept totals follow in this transaction.
        balances = {seat: state[field] for seat, field in BALANCE_FIELDS.items()}
        if added is not None:
            added_payments = list(added_payments)
            seat_totals_add(session, added, balances, added_payments)
            pair_totals_add(session, added, added_payments)
            if added_fees:
                fee_totals_refresh(session, seats_of(session))
        else:
            seat_totals_refresh(session, balances)
            pair_totals_refresh(session)
            fee_totals_refresh(session, seats_of(session))


@cache
def _bump_sql(fields: tuple[str, ...]) -> str:
    """``UPDATE`` the sitting's row: its version one more and ``fields`` set, as one fixed
    statement per set of fields (the ORM's ``update()`` built it anew on every round), answering
    the new version for the notice that tells the other phones."""
    quote, meta = connection.ops.quote_name, Session._meta
    columns = ", ".join(f"{quote(meta.get_field(name).column)} = %s" for name in fields)
    version = quote("version")
    sets = f"{version} = {version} + 1" + (f", {columns}" if columns else "")
    return (
        f"UPDATE {quote(meta.db_table)} SET {sets} WHERE {quote(meta.pk.column)} = %s "
        f"RETURNING {version}"
    )


def balances_of(row: Session | Round) -> dict[str, Decimal]:
    """The balances a sitting or a round holds, by seat."""
    return {seat: getattr(row, field) for seat, field in BALANCE_FIELDS.items()}


def set_balances(row: Session | Round, balances: Mapping[str, Decimal]) -> None:
    for seat, field in BALANCE_FIELDS.items():
        setattr(row, field, balances[seat])


def moved(balances: Mapping[str, Decimal], payments: Iterable[Payment]) -> dict[str, Decimal]:
    """``balances`` after ``payments`` (R9: each is zero-sum between payer and payee)."""
    after = dict(balances)
    for payment in payments:
        after[payment.payer] -= payment.amount
        after[payment.payee] += payment.amount
    return after


def state_fields(
    balances: Mapping[str, Decimal], dealer: str, streak: int, last: int
) -> dict[str, Any]:
    return {
        **{field: balances[seat] for seat, field in BALANCE_FIELDS.items()},
        "next_dealer": dealer,
        "next_streak": streak,
        "last_number": last,
    }


def state_of(
    session: Session,
    balances: Mapping[str, Decimal],
    dealer: str,
    streak: int,
    last: int,
    version: RulesVersion | None,
) -> dict[str, Any]:
    """The contract's ``state`` from values at hand (no query): as ``selectors.sittings.session_state``."""
    state: dict[str, Any] = {"dealer": dealer, "dealer_streak": streak}
    base = game_of_session(session).dealer_base(rules_for(session, version), streak)
    if base is not None:  # Anji's state has none (no payment depends on the dealer, AJ2.3)
        state["dealer_base"] = base
    state["next_round"] = last + 1
    state["balances"] = {seat: money_str(balances[seat]) for seat in seats_of(session)}
    return state
