"""Table fees (台费, 茶水费): money that leaves the table, written with the history.

Two kinds, none of them in the rule books (a house matter):

- a **fee entry**, an adjustment of kind ``fee`` (``fee_parse`` checks its body): an amount split
  equally among everyone at the table, or paid by named people, each their amount, with a note;
  it moves no money between players and never touches the deal or the streak;
- the **share of each win** the house rules may set (``selectors.fees.FEE_RULES``): a per cent of
  what each winner takes in a round, when that is at least the threshold.

``round_fees`` says what an entry of the history takes, in the walk that scores it
(``services.history``), so a correction or a void re-derives the fees with the rounds;
``fee_totals_refresh`` keeps each seat's totals (``FeeTotals``) in the same transaction.

Rounding: a share of a win is rounded half up to the sitting's money precision, the decimal
places of its base silver (whole units at a base silver of 1, tenths at 0.5, …). An equal split
is cut in the smallest unit of that precision and the amount; the units that do not divide are
paid one each by the biggest winners at the table before the entry (ties in seat order E S W N),
so nobody who is losing pays the odd cent for someone who is winning.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.db.models import Q, Sum

from calculator.errors import CalculatorError
from calculator.models import Fee, FeeTotals, Payment, Round, Session
from calculator.money import ZERO, money_str
from calculator.numbers import shown, written_amount
from calculator.selectors.fees import fee_rule
from calculator.selectors.seating import to_seats_now

FEE_KIND = "fee"
# The most one fee entry may take: far above any room's price, far below what the ledger holds.
FEE_AMOUNT_MAX = Decimal("1000000000")
FEE_NOTE_MAX = 200


def _refused(field: str, message: str, message_en: str) -> CalculatorError:
    """E_INVALID naming the field of the body it is about (docs/api.md, the error's ``field``)."""
    return CalculatorError("E_INVALID", message, message_en, field=field)


def _amount(raw: object, field: str) -> Decimal:
    amount = written_amount(raw)
    given = shown(raw)
    if amount is None or amount <= 0 or amount.as_tuple().exponent < -4:
        raise _refused(
            field,
            f"{field} 必須是大於 0 的數，最多 4 位小數，收到 {given}。",
            f"{field} must be a number above 0 with at most 4 decimal places, got {given}.",
        )
    if amount > FEE_AMOUNT_MAX:
        raise _refused(
            field,
            f"{field} 最多 {FEE_AMOUNT_MAX:,}，收到 {given}。",
            f"{field} is at most {FEE_AMOUNT_MAX:,}, got {given}.",
        )
    return amount


def fee_parse(body: Mapping, seats: tuple[str, ...]) -> dict[str, Any]:
    """A fee entry's body (an adjustment of kind ``fee``), checked field by field; what is stored
    as its ``hand``: ``kind``, ``amount`` (the whole fee), ``payers`` (null: split equally among
    everyone at the table; else seat → amount, each their amount), ``to`` (who collects it;
    null: the house rule's collector) and ``reason`` (the note: 台费, 茶水)."""
    if "from" in body:
        raise _refused(
            "from",
            "臺費（fee）不帶 from；平分時寫 amount，指定付的人時寫 payers。",
            "A fee has no from field: give amount to split it equally, or payers to name who pays.",
        )
    payers = body.get("payers")
    if payers is None:
        if "amount" not in body:
            raise _refused(
                "amount",
                "臺費要寫 amount（平分）或 payers（誰付多少）。",
                "A fee needs amount (split equally) or payers (who pays how much).",
            )
        total = _amount(body.get("amount"), "amount")
        named = None
    else:
        if not isinstance(payers, Mapping) or not payers:
            raise _refused(
                "payers",
                "payers 必須是「座位 → 金額」的對象，至少一位。",
                "payers must be an object of seat → amount, with at least one seat.",
            )
        named = {}
        for seat, raw in payers.items():
            if seat not in seats:
                raise _refused(
                    "payers",
                    f"payers 的座位必須是這一場的座位之一（{'、'.join(seats)}），收到 {shown(seat)}。",
                    f"payers' seats must be seats in play ({' '.join(seats)}), got {shown(seat)}.",
                )
            named[seat] = _amount(raw, f"payers.{seat}")
        total = sum(named.values(), ZERO)
        if "amount" in body and written_amount(body.get("amount")) != total:
            raise _refused(
                "amount",
                f"amount（{shown(body.get('amount'))}）和 payers 的總數（{money_str(total)}）不符。",
                f"amount ({shown(body.get('amount'))}) is not the sum of payers "
                f"({money_str(total)}).",
            )
        if total > FEE_AMOUNT_MAX:
            raise _refused(
                "amount",
                f"amount 最多 {FEE_AMOUNT_MAX:,}。",
                f"amount is at most {FEE_AMOUNT_MAX:,}.",
            )
    collector = body.get("to")
    if collector is not None and collector not in seats:
        raise _refused(
            "to",
            f"to（收臺費的人）必須是這一場的座位之一（{'、'.join(seats)}），或 null（家規裡收臺費的人）；"
            f"收到 {shown(collector)}。",
            f"to (who collects the fee) must be a seat in play ({' '.join(seats)}), or null for "
            f"the house rules' collector; got {shown(collector)}.",
        )
    note = body.get("reason")
    note = note.strip() if isinstance(note, str) else note
    if not isinstance(note, str) or not note:
        raise _refused(
            "reason",
            "reason 要寫明是什麼費（例如：臺費、茶水）。",
            "reason must say what the fee is for (for example: room, tea).",
        )
    if len(note) > FEE_NOTE_MAX or not note.isprintable():
        raise _refused(
            "reason",
            f"reason 最多 {FEE_NOTE_MAX} 個可見字符。",
            f"reason is at most {FEE_NOTE_MAX} printable characters.",
        )
    return {
        "kind": FEE_KIND,
        "amount": money_str(total),
        "payers": None if named is None else {s: money_str(named[s]) for s in seats if s in named},
        "to": collector,
        "reason": note,
    }


def money_unit(session: Session) -> Decimal:
    """The sitting's money precision: one unit of its base silver's last decimal place, whole
    units at most (1 at a base silver of 1 or 2, 0.1 at 0.5, 0.01 at 0.25)."""
    exponent = Decimal(session.base_silver).normalize().as_tuple().exponent
    return Decimal(1).scaleb(min(0, int(exponent)))


def equal_shares(
    total: Decimal, seats: tuple[str, ...], balances: Mapping[str, Decimal], unit: Decimal
) -> dict[str, Decimal]:
    """``total`` split equally among ``seats`` in units of ``unit`` (or of the amount's own last
    place, if finer); each unit that does not divide is paid by one of the biggest winners at
    the table (``balances`` before the entry; ties in seat order).

    >>> equal_shares(Decimal("100"), ("E", "S", "W"), {"E": 0, "S": 5, "W": -5}, Decimal(1))
    {'E': Decimal('33'), 'S': Decimal('34'), 'W': Decimal('33')}
    """
    exponent = min(int(unit.as_tuple().exponent), int(total.normalize().as_tuple().exponent))
    step = Decimal(1).scaleb(exponent)
    units = int(total / step)
    each, odd = divmod(units, len(seats))
    order = sorted(seats, key=lambda seat: (-balances.get(seat, ZERO), seats.index(seat)))
    extra = set(order[:odd])
    return {seat: (each + (seat in extra)) * step for seat in seats}


def round_fees(
    session: Session,
    game_round: Round,
    payments: Iterable[Payment],
    balances: Mapping[str, Decimal],
    seats: tuple[str, ...],
) -> list[Fee]:
    """The (unsaved) fees an entry of the history takes, scored in the walk: a fee entry's
    payers; a win's share for each winner it applies to under the entry's house rules. A voided
    entry takes none (the caller does not ask). ``balances``: each seat's before the entry."""
    overrides = game_round.rules_version.overrides if game_round.rules_version_id else {}
    rule = fee_rule(overrides, seats)
    if game_round.result == Round.ADJUSTMENT:
        hand = game_round.hand or {}
        if hand.get("kind") != FEE_KIND:
            return []
        collector = hand.get("to") or rule.collector
        if hand.get("payers"):
            paid = {seat: Decimal(amount) for seat, amount in hand["payers"].items()}
        else:
            paid = equal_shares(Decimal(hand["amount"]), seats, balances, money_unit(session))
        return [
            Fee(round=game_round, payer=seat, collector=collector, amount=amount)
            for seat, amount in paid.items()
            if amount > 0
        ]
    if game_round.result != Round.WIN or not rule.share:
        return []
    payments = list(payments)
    unit = money_unit(session)
    fees = []
    for winner in dict.fromkeys(game_round.winner):
        won = sum((p.amount for p in payments if p.payee == winner), ZERO) - sum(
            (p.amount for p in payments if p.payer == winner), ZERO
        )
        if won <= 0 or won < rule.threshold:
            continue
        amount = (won * rule.share / 100).quantize(unit, rounding=ROUND_HALF_UP)
        if amount > 0:
            fees.append(
                Fee(round=game_round, payer=winner, collector=rule.collector, amount=amount)
            )
    return fees


def fee_totals_refresh(session: Session, seats: tuple[str, ...]) -> None:
    """Rewrite the sitting's ``FeeTotals`` from its fees of the entries that count (one SQL
    aggregate), per person at the seat they hold now; a sitting without fees keeps no rows."""
    rows = (
        Fee.objects.filter(round__session=session, round__voided=False)
        .values("payer", "collector", "round__seating")
        .annotate(total=Sum("amount"))
        .order_by()
    )
    totals = {seat: {"paid": ZERO, "collected": ZERO} for seat in seats}
    # A fee row names the seats of its entry; after a seat change the totals follow the people,
    # at the seats they hold now (``selectors.seating.to_seats_now``), as ``SeatTotals`` do.
    to_now = to_seats_now(session)
    for row in rows:
        now = to_now(row["round__seating"] or "")
        payer, collector = now.get(row["payer"]), now.get(row["collector"])
        if payer in totals:
            totals[payer]["paid"] += row["total"]
        if collector in totals:
            totals[collector]["collected"] += row["total"]
    FeeTotals.objects.filter(session=session).delete()
    if any(row["paid"] or row["collected"] for row in totals.values()):
        FeeTotals.objects.bulk_create(
            FeeTotals(session=session, seat=seat, **row) for seat, row in totals.items()
        )


def fees_delete_from(session: Session, number: int) -> None:
    """The fees of entries ``number``, … (re-derived by the walk that follows)."""
    Fee.objects.filter(Q(round__session=session) & Q(round__number__gte=number)).delete()
