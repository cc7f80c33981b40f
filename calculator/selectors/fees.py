"""Table fees (台费, 茶水费): money that leaves the table, read.

None of the rule books speaks of fees: they are a house matter, so the house rules that set them
are the same for every game and are declared here, beside each game's own schema, not in a game's
package (the engine never sees them: ``engine_overrides``). ``fee_rule`` reads the share of each
win a house-rules version takes; ``fee_totals`` what each seat of a sitting paid and collected
(``FeeTotals``); ``net_positions`` what settles up once the fees are paid to whoever collected
them. The fees themselves are written by ``services.fees`` with the history.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any, NamedTuple

from django.db.models import OuterRef, Subquery, Value
from django.db.models.functions import Coalesce

from calculator.models import FeeTotals, Session
from calculator.money import ZERO, money_str
from scoring.base import HouseRule, words
from scoring.games import SEATS

# The most a share of a win may be, in per cent, and the most a threshold may be, in the
# sitting's money.
FEE_SHARE_MAX = 50
FEE_THRESHOLD_MAX = 1_000_000_000

FEE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "fee_share",
        "int",
        0,
        FEE_SHARE_MAX,
        0,
        labels=words(
            "台费：每局赢家抽成（百分之几，0 = 不抽）",
            "臺費：每局贏家抽成（百分之幾，0 = 不抽）",
            "Table fee: per cent of each win (0 = none)",
        ),
    ),
    HouseRule(
        "fee_threshold",
        "int",
        0,
        FEE_THRESHOLD_MAX,
        0,
        labels=words(
            "台费：一局赢到多少起抽",
            "臺費：一局贏到多少起抽",
            "Table fee: taken from a win of at least",
        ),
    ),
    HouseRule(
        "fee_collector",
        "choice",
        default="E",
        choices=SEATS,
        labels=words(
            "台费由谁收（付房钱的人）",
            "臺費由誰收（付房錢的人）",
            "Who collects the fees (and pays the room)",
        ),
        choice_labels={
            "E": words("东", "東", "East"),
            "S": words("南", "南", "South"),
            "W": words("西", "西", "West"),
            "N": words("北", "北", "North"),
        },
    ),
)
FEE_KEYS = frozenset(rule.key for rule in FEE_RULES)
FEE_DEFAULTS: dict[str, Any] = {rule.key: rule.default for rule in FEE_RULES}


def engine_overrides(overrides: Mapping[str, Any] | None) -> dict[str, Any]:
    """A house-rules version's overrides as the game's engine takes them: without the fee keys,
    which are the app's, not the game's."""
    return {key: value for key, value in (overrides or {}).items() if key not in FEE_KEYS}


def fee_overrides(overrides: Mapping[str, Any] | None) -> dict[str, Any]:
    """Only the fee keys of a house-rules version's overrides."""
    return {key: value for key, value in (overrides or {}).items() if key in FEE_KEYS}


class FeeRule(NamedTuple):
    """A share of each win (``share`` per cent of what a winner takes in a round, when that is at
    least ``threshold``), paid to ``collector``."""

    share: int
    threshold: int
    collector: str


def fee_rule(overrides: Mapping[str, Any] | None, seats: Iterable[str] = SEATS) -> FeeRule:
    """The fee house rule of a version's overrides (defaults for the keys it does not set). A
    collector who is not at the table (refused when the rules are set: ``rules_checked``) is
    East."""
    values = {**FEE_DEFAULTS, **fee_overrides(overrides)}
    collector = values["fee_collector"] if values["fee_collector"] in tuple(seats) else SEATS[0]
    return FeeRule(values["fee_share"], values["fee_threshold"], collector)


def fee_totals(session: Session, seats: Iterable[str]) -> dict[str, dict[str, Decimal]]:
    """Each seat's fees over the entries that count: ``paid`` and ``collected`` (one query of at
    most four rows, the kept ``FeeTotals``; zero where a sitting has none)."""
    totals = {seat: {"paid": ZERO, "collected": ZERO} for seat in seats}
    for seat, paid, collected in FeeTotals.objects.filter(session=session).values_list(
        "seat", "paid", "collected"
    ):
        if seat in totals:
            totals[seat] = {"paid": paid, "collected": collected}
    return totals


def net_positions(
    balances: Mapping[Any, Decimal], fees: Mapping[Any, Mapping[str, Decimal]]
) -> dict[Any, Decimal]:
    """What each one settles up with the fees paid to whoever collected them: the table balance,
    less the fees paid, plus the fees collected. Sums to zero as the balances do (every fee paid
    is collected by someone at the table)."""
    return {
        key: balance
        - fees.get(key, {}).get("paid", ZERO)
        + fees.get(key, {}).get("collected", ZERO)
        for key, balance in balances.items()
    }


def has_fees(fees: Mapping[Any, Mapping[str, Decimal]]) -> bool:
    return any(row["paid"] or row["collected"] for row in fees.values())


def fee_columns(balance: Decimal, fees: Mapping[str, Decimal] | None) -> dict[str, str]:
    """The fee fields an answer adds beside a balance (new fields only: ``fees_paid``,
    ``fees_collected``, ``net``)."""
    paid = fees["paid"] if fees else ZERO
    collected = fees["collected"] if fees else ZERO
    return {
        "fees_paid": money_str(paid),
        "fees_collected": money_str(collected),
        "net": money_str(balance - paid + collected),
    }


def kept_fees(session_field: str = "session_id", seat_field: str = "seat") -> dict[str, Any]:
    """Annotations that bring a seat's kept fees (``fees_paid``, ``fees_collected``; 0 without
    fees) beside each row of a query of ``SeatTotals`` (or another query naming a sitting and a
    seat): subqueries of the same statement, no query more."""
    kept = FeeTotals.objects.filter(session=OuterRef(session_field), seat=OuterRef(seat_field))
    return {
        f"fees_{field}": Coalesce(Subquery(kept.values(field)[:1]), Value(ZERO))
        for field in ("paid", "collected")
    }
