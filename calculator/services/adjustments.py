"""Adjustments: money that is not a hand.

A penalty (one player pays each other player, or one named player), a side payment, a chip
correction: a reason in words and an amount in the sitting's money. The rule books say nothing of
them; an adjustment moves only what it names, never the deal or the dealer's streak. It is stored
as a round whose result is ``adjustment`` (``adjustment_parse`` checks its body,
``adjustment_payments`` says what it moves).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from calculator.errors import CalculatorError, invalid
from calculator.money import money_str
from calculator.numbers import shown, written_amount
from calculator.services.fees import FEE_KIND, fee_parse

ADJUSTMENT_KINDS = ("penalty", "side_payment", "chip_correction", FEE_KIND)
ADJUSTMENT_FIELDS = ("result", "kind", "from", "to", "amount", "reason", "payers")
ADJUSTMENT_REASON_MAX = 200
# The most one adjustment may move a payer → payee: far above any table's stake, far below what
# the ledger can hold.
ADJUSTMENT_AMOUNT_MAX = Decimal("1000000000")
ADJUSTMENT_WORDS = {
    "penalty": ("罰分", "a penalty"),
    "side_payment": ("補錢", "a side payment"),
    "chip_correction": ("籌碼更正", "a chip correction"),
    FEE_KIND: ("臺費", "a table fee"),
}


def amount_refused(message: str, message_en: str) -> CalculatorError:
    """E_INVALID naming ``amount`` (its ``field`` too, as the engine's errors name theirs)."""
    return CalculatorError("E_INVALID", message, message_en, field="amount")


def _as_given(value: object) -> str:
    """A value of a request as it was sent, for a message: its repr, cut short (a refusal never
    grows with what it refuses)."""
    return shown(value)


def adjustment_parse(body: Mapping, seats: tuple[str, ...]) -> dict[str, Any]:
    """An adjustment's body, checked field by field; what is stored as its ``hand``:
    ``kind``, ``from`` (a seat in play), ``to`` (another seat; for a penalty null is each other
    player), ``amount`` (a positive decimal string, at most 4 places), ``reason``."""
    for field in body:
        if field not in ADJUSTMENT_FIELDS:
            raise invalid(
                f"調整（adjustment）沒有欄位 {field}；可用：kind、from、to、amount、reason。",
                f"An adjustment has no field {field}; it takes kind, from, to, amount, reason.",
            )
    kind = body.get("kind")
    if kind not in ADJUSTMENT_KINDS:
        raise invalid(
            f"kind 必須是 penalty（罰分）、side_payment（補錢）、chip_correction（籌碼更正）"
            f"或 fee（臺費），收到 {kind!r}。",
            f"kind must be penalty, side_payment, chip_correction or fee, got {kind!r}.",
        )
    if kind == FEE_KIND:
        return fee_parse(body, seats)  # money that leaves the table, not between players
    if "payers" in body:
        raise invalid("只有臺費（fee）帶 payers。", "Only a fee (kind fee) has a payers field.")
    payer = body.get("from")
    if payer not in seats:
        raise invalid(
            f"from（付錢的人）必須是這一場的座位之一（{'、'.join(seats)}），收到 {payer!r}。",
            f"from (who pays) must be one of the seats in play ({' '.join(seats)}), got {payer!r}.",
        )
    payee = body.get("to")
    if payee is None and kind != "penalty":
        raise invalid(
            "補錢和籌碼更正要寫 to（收錢的人）。",
            "A side payment or a chip correction needs to (who is paid).",
        )
    if payee is not None and (payee not in seats or payee == payer):
        raise invalid(
            f"to（收錢的人）必須是另一個座位（{'、'.join(s for s in seats if s != payer)}），"
            f"或罰分時為 null（每家）；收到 {payee!r}。",
            f"to (who is paid) must be another seat in play "
            f"({' '.join(s for s in seats if s != payer)}), or null for a penalty paid to each "
            f"other player; got {payee!r}.",
        )
    # Text is an amount as the pages ask for one, digits and a point ("1e3" is not 1000, nor
    # "1_000", "１２" or "Infinity"): the one reading of ``calculator.numbers``, for the API's
    # POST and PUT, the pages and the import alike. A JSON number is a number.
    amount = written_amount(body.get("amount"))
    given = _as_given(body.get("amount"))
    if amount is None:
        raise amount_refused(
            f"amount 只寫數字 0–9，可以帶一個小數點（如 20 或 2.5），收到 {given}。",
            f"amount is written with the digits 0-9 and at most one decimal point "
            f"(such as 20 or 2.5), got {given}.",
        )
    if amount <= 0 or amount.as_tuple().exponent < -4:
        raise amount_refused(
            f"amount 必須是大於 0 的數，最多 4 位小數，收到 {given}。",
            f"amount must be a number above 0 with at most 4 decimal places, got {given}.",
        )
    if amount > ADJUSTMENT_AMOUNT_MAX:
        # Echoed as it was sent, never written out: a JSON number of 400 digits stays short.
        raise amount_refused(
            f"amount 最多 {ADJUSTMENT_AMOUNT_MAX:,}，收到 {given}。",
            f"amount is at most {ADJUSTMENT_AMOUNT_MAX:,}, got {given}.",
        )
    reason = body.get("reason")
    reason = reason.strip() if isinstance(reason, str) else reason
    if not isinstance(reason, str) or not reason:
        raise invalid(
            "reason 要寫明原因（例如：詐胡）。", "reason must say why (for example: a false win)."
        )
    if len(reason) > ADJUSTMENT_REASON_MAX or not reason.isprintable():
        raise invalid(
            f"reason 最多 {ADJUSTMENT_REASON_MAX} 個可見字符。",
            f"reason is at most {ADJUSTMENT_REASON_MAX} printable characters.",
        )
    return {
        "kind": kind,
        "from": payer,
        "to": payee,
        "amount": money_str(amount),
        "reason": reason,
    }


def adjustment_payments(hand: Mapping, seats: Iterable[str]) -> list[tuple[str, str, str]]:
    """What an adjustment moves: (payer, payee, amount) rows, one per player paid (a penalty
    without ``to`` is paid to each other player in play). A fee moves nothing between players:
    its money leaves the table (``services.fees``)."""
    if hand.get("kind") == FEE_KIND:
        return []
    payer, payee, amount = hand["from"], hand.get("to"), hand["amount"]
    paid = [payee] if payee else [seat for seat in seats if seat != payer]
    return [(payer, seat, amount) for seat in paid]
