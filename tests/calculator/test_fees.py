"""Table fees (台费, 茶水费): money that leaves the table, kept apart from the zero-sum balances.

None of the rule books speaks of fees (a house matter): a fee entry is an adjustment of kind
``fee`` that moves no money between players and never touches the deal (R2.2); the share of each
win is a house rule every game has (R12 keeps it per version).

Every amount below is worked out by hand: ``plain(seat)`` is a 3-fan self-draw (R7) at base
silver 1: the dealer pays 8 + 3 = 11 (R8.1), the others 4 + 3 = 7 (R9), so a non-dealer winner
gets 25; a dealer winner gets 3 × 11 = 33.
"""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal

import pytest
from django.db import transaction

from calculator.errors import CalculatorError
from calculator.models import Fee, FeeTotals, Payment, Session
from calculator.money import money_str
from calculator.selectors.exports import session_export
from calculator.selectors.fees import fee_totals, net_positions
from calculator.selectors.group_periods import group_period_of
from calculator.selectors.groups import group_standings, group_unpaid
from calculator.selectors.roster import period_of, player_record
from calculator.selectors.sittings import session_balances
from calculator.selectors.standings import settlement, standings
from calculator.services.groups import group_create
from calculator.services.history import rescore_from
from calculator.services.imports import session_import
from calculator.services.rounds import round_correct, round_record, round_void
from calculator.services.sittings import rules_change
from tests import factories
from tests.calculator.hands import plain

pytestmark = pytest.mark.django_db


def fee(amount: str | None = "10", reason: str = "台费", **more) -> dict:
    body = {"result": "adjustment", "kind": "fee", "reason": reason, **more}
    if amount is not None:
        body["amount"] = amount
    return body


def fees_of(session: Session) -> list[tuple[int, str, str, str]]:
    """(entry, payer, collector, amount) of every fee row, in order."""
    rows = Fee.objects.filter(round__session=session).order_by("round__number", "payer")
    return [(f.round.number, f.payer, f.collector, money_str(f.amount)) for f in rows]


def kept(session: Session) -> dict[str, tuple[str, str]]:
    """The kept totals per seat (paid, collected), checked against a recount of the fee rows of
    the entries that count."""
    rows = {row.seat: row for row in FeeTotals.objects.filter(session=session)}
    recount: dict[str, list[Decimal]] = {}
    for f in Fee.objects.filter(round__session=session, round__voided=False):
        recount.setdefault(f.payer, [Decimal(0), Decimal(0)])[0] += f.amount
        recount.setdefault(f.collector, [Decimal(0), Decimal(0)])[1] += f.amount
    for seat, (paid, collected) in recount.items():
        assert (rows[seat].paid, rows[seat].collected) == (paid, collected), seat
    for seat, row in rows.items():
        if seat not in recount:
            assert row.paid == row.collected == 0
    return {seat: (money_str(row.paid), money_str(row.collected)) for seat, row in rows.items()}


def balances(session: Session) -> dict[str, str]:
    found = session_balances(session)
    assert sum(found.values()) == 0  # the table's money is still zero-sum (R9)
    return {seat: money_str(value) for seat, value in found.items()}


def test_an_equal_split_puts_the_odd_units_on_the_biggest_winners(owner):
    # After plain(S): S +25, E −11, W −7, N −7 (E deals). 10 among four is 2 each and 2 units
    # over: S (+25) pays one, then W (−7, before N in seat order) the other.
    session = factories.make_sitting(owner, rounds=[plain("S"), fee("10")])
    assert fees_of(session) == [(2, "E", "E", "2"), (2, "N", "E", "2"), (2, "S", "E", "3"),
                                (2, "W", "E", "3")]  # fmt: skip
    assert balances(session) == {"E": "-11", "S": "25", "W": "-7", "N": "-7"}  # untouched
    assert kept(session) == {"E": ("2", "10"), "S": ("3", "0"), "W": ("3", "0"), "N": ("2", "0")}
    assert Payment.objects.filter(round__number=2, round__session=session).count() == 0
    # The fee took the next number and left the deal where plain(S) put it: South, streak 0.
    session.refresh_from_db()
    assert (session.last_number, session.next_dealer, session.next_streak) == (2, "S", 0)


def test_named_payers_pay_their_own_amounts_to_a_named_collector(owner):
    session = factories.make_sitting(owner, rounds=[plain("S")])
    round_record(session=session, entry=fee(None, "茶水", payers={"E": "6", "W": "4"}, to="N"))
    assert fees_of(session) == [(2, "E", "N", "6"), (2, "W", "N", "4")]
    assert kept(session) == {"E": ("6", "0"), "S": ("0", "0"), "W": ("4", "0"), "N": ("0", "10")}


def test_net_positions_sum_to_zero_and_the_transfers_pay_the_collector(owner):
    # plain(S), then 10 split equally, collected by North: E pays 2, S 3, W 3, N 2.
    # Net = balance − paid + collected: E −11 − 2 = −13, S 25 − 3 = 22, W −7 − 3 = −10,
    # N −7 − 2 + 10 = 1; sum 0. Fewest transfers: E → S 13, W → S 9, W → N 1.
    session = factories.make_sitting(owner, rounds=[plain("S"), fee("10", to="N")])
    fees = fee_totals(session, ("E", "S", "W", "N"))
    net = net_positions(session_balances(session), fees)
    assert net == {"E": -13, "S": 22, "W": -10, "N": 1}
    assert sum(net.values()) == 0
    assert settlement(session) == [
        {"from": "E", "to": "S", "amount": "13"},
        {"from": "W", "to": "S", "amount": "9"},
        {"from": "W", "to": "N", "amount": "1"},
    ]
    row = {r["seat"]: r for r in standings(session)}["N"]
    assert (row["balance"], row["fees_paid"], row["fees_collected"], row["net"]) == (
        "-7", "2", "10", "1",
    )  # fmt: skip


@pytest.mark.parametrize(
    ("threshold", "expected"),
    [
        # S's 25 is below 30: no fee; S's dealer win of 33 is 3.3 → 3 (whole units at base 1).
        (30, [(2, "S", "E", "3")]),
        # 25 → 2.5 → 3 (half up); 33 → 3.3 → 3.
        (20, [(1, "S", "E", "3"), (2, "S", "E", "3")]),
        # a threshold of 0: every win.
        (0, [(1, "S", "E", "3"), (2, "S", "E", "3")]),
    ],
)
def test_a_share_of_each_win_at_or_above_the_threshold(owner, threshold, expected):
    rules = {"fee_share": 10, "fee_threshold": threshold}
    session = factories.make_sitting(owner, rules=rules, rounds=[plain("S"), plain("S")])
    assert fees_of(session) == expected
    assert balances(session) == {"E": "-22", "S": "58", "W": "-18", "N": "-18"}
    paid = sum(Decimal(amount) for *_, amount in expected)
    assert kept(session)["S"] == (str(paid), "0") and kept(session)["E"] == ("0", str(paid))


def test_the_share_is_rounded_to_the_sittings_money_precision(owner):
    # Base silver 0.5: S wins 12.5; 10 % is 1.25 → 1.3 (tenths, half up).
    session = factories.make_sitting(
        owner, base_silver="0.5", rules={"fee_share": 10}, rounds=[plain("S")]
    )
    assert fees_of(session) == [(1, "S", "E", "1.3")]


def test_a_fee_rule_changed_midway_applies_from_its_version_on(owner):
    session = factories.make_sitting(owner, rounds=[plain("S")])
    rules_change(session=session, rules={"fee_share": 20, "fee_collector": "W"})
    round_record(session=session, entry=plain("S"))  # dealer S wins 33: 20 % = 6.6 → 7
    assert fees_of(session) == [(2, "S", "W", "7")]


def test_void_and_correction_re_derive_the_fees(owner):
    session = factories.make_sitting(owner, rules={"fee_share": 10}, rounds=[plain("S"), fee("10")])
    # plain(S): 2.5 → 3 from S; then 10 equally with S (+25) and W (−7) paying the odd units.
    assert fees_of(session) == [(1, "S", "E", "3"), (2, "E", "E", "2"), (2, "N", "E", "2"),
                                (2, "S", "E", "3"), (2, "W", "E", "3")]  # fmt: skip
    # Correct round 1 to plain(W): W +25, E −11, S −7, N −7: W pays 3 of the win, and the
    # odd units of the split are W's (+25) and S's (−7, first of the two in seat order).
    round_correct(session=session, number=1, entry=plain("W"))
    assert fees_of(session) == [(1, "W", "E", "3"), (2, "E", "E", "2"), (2, "N", "E", "2"),
                                (2, "S", "E", "3"), (2, "W", "E", "3")]  # fmt: skip
    # Void round 1: no win fee; every balance 0, so the odd units go in seat order: E and S.
    round_void(session=session, number=1)
    assert balances(session) == {"E": "0", "S": "0", "W": "0", "N": "0"}
    assert fees_of(session) == [(2, "E", "E", "3"), (2, "N", "E", "2"), (2, "S", "E", "3"),
                                (2, "W", "E", "2")]  # fmt: skip
    assert kept(session) == {"E": ("3", "10"), "S": ("3", "0"), "W": ("2", "0"), "N": ("2", "0")}
    # Voiding the fee entry itself: nothing left to pay.
    round_void(session=session, number=2)
    assert not FeeTotals.objects.filter(session=session).exists()
    assert settlement(session) == []


def test_the_fees_are_what_the_history_gives(owner):
    """Re-deriving the whole history writes the same fee rows and totals as recording it did."""
    session = factories.make_sitting(
        owner,
        rules={"fee_share": 10, "fee_threshold": 30},
        rounds=[plain("S"), fee("7"), plain("S"), fee(None, payers={"N": "1.5"})],
    )
    recorded, totals = fees_of(session), kept(session)
    with transaction.atomic():
        rescore_from(Session.objects.get(pk=session.pk), 1)
    assert fees_of(session) == recorded and kept(session) == totals
    assert recorded[-1] == (4, "N", "E", "1.5")


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"amount": "0"}, "amount must be a number above 0"),
        ({"amount": "x"}, "amount must be a number above 0"),
        ({"amount": None}, "needs amount (split equally) or payers"),
        ({"payers": {"X": "1"}}, "payers' seats must be seats in play"),
        ({"payers": {"E": "-1"}}, "payers.E must be a number above 0"),
        ({"payers": {}}, "payers must be an object of seat → amount"),
        ({"payers": {"E": "1"}, "amount": "2"}, "is not the sum of payers"),
        ({"from": "E"}, "A fee has no from field"),
        ({"to": "Q"}, "to (who collects the fee) must be a seat in play"),
        ({"reason": " "}, "reason must say what the fee is for"),
    ],
)
def test_a_wrong_fee_is_refused_by_name_and_nothing_is_saved(owner, change, said):
    session = factories.make_sitting(owner)
    body = {**fee("10"), **change}
    if body.get("amount") is None:
        body.pop("amount")
    with pytest.raises(CalculatorError) as refused:
        round_record(session=session, entry=body)
    assert refused.value.code == "E_INVALID" and said in refused.value.message_en
    assert not Fee.objects.exists() and session.rounds.count() == 0


@pytest.mark.parametrize(
    "rules", [{"fee_share": 51}, {"fee_share": -1}, {"fee_collector": "X"}, {"fee_threshold": "1"}]
)
def test_a_fee_house_rule_out_of_bounds_is_refused(owner, rules):
    with pytest.raises(CalculatorError) as refused:
        factories.make_sitting(owner, rules=rules)
    assert refused.value.code == "E_RULES" and next(iter(rules)) in refused.value.message_en


@pytest.mark.parametrize("game", ["anji", "hongzhong"])
def test_every_game_takes_the_fee_house_rules(owner, game):
    session = factories.make_sitting(owner, game=game, rules={"fee_share": 5, "fee_collector": "S"})
    assert session.rules_versions.get().overrides == {"fee_share": 5, "fee_collector": "S"}


def test_export_and_import_carry_the_fee_rule_and_the_fee_entries(owner):
    session = factories.make_sitting(
        owner,
        rules={"fee_share": 10, "fee_collector": "N"},
        rounds=[plain("S"), fee("10"), fee(None, "茶水", payers={"W": "4"}, to="E")],
    )
    exported = session_export(session)
    # S's 25: 2.5 → 3 to N; 10 split: S and W pay the odd units (S +25, W −7); W's 4 tea to E.
    assert exported["fees"] == {
        "E": {"paid": "2", "collected": "4"},
        "S": {"paid": "6", "collected": "0"},
        "W": {"paid": "7", "collected": "0"},
        "N": {"paid": "2", "collected": "13"},
    }
    assert exported["rules_versions"][0]["rules"] == {"fee_share": 10, "fee_collector": "N"}
    copy = session_import(owner=owner, data=json.loads(json.dumps(exported)))
    assert session_export(copy)["fees"] == exported["fees"]
    assert fees_of(copy) == fees_of(session) and kept(copy) == kept(session)


def test_a_persons_record_and_a_groups_standings_carry_the_fees(owner):
    # Two sittings of the same four people, collected by North in both. The first: plain(S),
    # then 10 split (E 2, S 3, W 3, N 2). The second: plain(W) with 10 % of each win: W's 25 →
    # 2.5 → 3 to N. Balances: S +25 − 7 = 18, W −7 + 25 = 18, E −22, N −14.
    first = factories.make_sitting(owner, rounds=[plain("S"), fee("10", to="N")])
    second = factories.make_sitting(
        owner, rules={"fee_share": 10, "fee_collector": "N"}, rounds=[plain("W")]
    )
    people = {seat: player for seat, player in first.seat_players().items()}
    assert second.seat_players() == people  # the same people, named alike
    today = date.today()
    north = player_record(owner, people["N"], period_of({"period": "all"}, today))
    # N: −7 − 7 = −14 at the table; paid 2; collected 10 + 3: net −14 − 2 + 13 = −3.
    assert (north["balance"], north["fees_paid"], north["fees_collected"], north["net"]) == (
        "-14", "2", "13", "-3",
    )  # fmt: skip
    west = player_record(owner, people["W"], period_of({"period": "all"}, today))
    assert (west["balance"], west["fees_paid"], west["net"]) == ("18", "6", "12")

    group = group_create(owner=owner, name="周六", players=[p.pk for p in people.values()])
    answer = group_standings(owner, group, group_period_of({"period": "all"}, today), None)
    rows = {row["id"]: row for row in answer["standings"]}
    east, south = rows[people["E"].pk], rows[people["S"].pk]
    assert (east["balance"], east["fees_paid"], east["net"]) == ("-22", "2", "-24")
    assert (south["balance"], south["fees_paid"], south["net"]) == ("18", "3", "15")
    # Net E −24, S +15, W +12, N −3 (sum 0): the settle-up pays the fees through the net.
    unpaid = group_unpaid(group)
    assert sum(Decimal(row["net"]) for row in unpaid["balances"]) == 0
    assert unpaid["transfers"] == [
        {"from": people["E"].pk, "to": people["S"].pk, "amount": "15"},
        {"from": people["E"].pk, "to": people["W"].pk, "amount": "9"},
        {"from": people["N"].pk, "to": people["W"].pk, "amount": "3"},
    ]


def test_the_collector_is_someone_at_the_table(owner):
    """A three-player Anji table (AJ2.1) has no North to collect the fees."""
    with pytest.raises(CalculatorError) as refused:
        factories.make_sitting(
            owner, game="anji", player_count=3, players=["a", "b", "c"],
            rules={"fee_collector": "N"},
        )  # fmt: skip
    assert refused.value.code == "E_RULES" and refused.value.field == "fee_collector"
    session = factories.make_sitting(owner, game="anji", player_count=3, players=["a", "b", "c"])
    with pytest.raises(CalculatorError):
        rules_change(session=session, rules={"fee_share": 5, "fee_collector": "N"})
    rules_change(session=session, rules={"fee_share": 5, "fee_collector": "W"})
