"""Table fees and seat changes together: a fee row names the seats of its entry, and the kept fee
totals follow the people to the seats they hold after a change, as the balances do.

Worked out by hand (base silver 1, the players 阿东 E, 阿南 S, 阿西 W, 阿北 N): ``plain("S")`` is a
3-fan self-draw by South with East dealing: E pays 11, W and N 7 each, S takes 25 (R8.1, R9).
Entry 2, 茶水 paid by E 6 and W 4, collected by N. Entry 3 swaps South and West: 阿西 sits at S
with −7, 阿南 at W with +25. Entry 4, 台费 paid by S (阿西 now) 2, collected by N.

Per person: 阿东 paid 6; 阿西 paid 4 + 2 = 6; 阿南 0; 阿北 collected 12. Net = balance − paid +
collected: 阿东 −11 − 6 = −17, 阿西 −7 − 6 = −13, 阿南 +25, 阿北 −7 + 12 = +5; sum 0."""

from __future__ import annotations

from decimal import Decimal

import pytest

from calculator.models import FeeTotals, Round
from calculator.selectors.fees import fee_totals, net_positions
from calculator.selectors.sittings import seats_of, session_balances
from calculator.services.rounds import RoundEntry, round_record, round_void
from tests import factories
from tests.calculator.hands import plain

pytestmark = pytest.mark.django_db


def by_person(session) -> dict[str, tuple[Decimal, Decimal, Decimal, Decimal]]:
    """Per person now seated: (balance, fees paid, fees collected, net)."""
    session.refresh_from_db()
    seats = seats_of(session)
    balances = session_balances(session)
    fees = fee_totals(session, seats)
    net = net_positions(balances, fees)
    assert sum(net.values()) == 0
    names = {seat: player.name for seat, player in session.seat_players().items()}
    return {
        names[seat]: (balances[seat], fees[seat]["paid"], fees[seat]["collected"], net[seat])
        for seat in seats
    }


def test_the_fees_follow_each_person_to_their_new_seat(owner):
    session = factories.make_sitting(owner, rounds=[plain("S")])
    tea = {
        "result": "adjustment",
        "kind": "fee",
        "reason": "茶水",
        "payers": {"E": "6", "W": "4"},
        "to": "N",
    }
    round_record(session=session, entry=tea)
    swap = {"E": "E", "S": "W", "W": "S", "N": "N"}
    round_record(session=session, entry=RoundEntry(Round.SEAT_CHANGE, {"seating": swap}))
    table = {
        "result": "adjustment",
        "kind": "fee",
        "reason": "台费",
        "payers": {"S": "2"},
        "to": "N",
    }
    round_record(session=session, entry=table)
    assert by_person(session) == {
        "阿东": (Decimal(-11), Decimal(6), Decimal(0), Decimal(-17)),
        "阿西": (Decimal(-7), Decimal(6), Decimal(0), Decimal(-13)),
        "阿南": (Decimal(25), Decimal(0), Decimal(0), Decimal(25)),
        "阿北": (Decimal(-7), Decimal(0), Decimal(12), Decimal(5)),
    }
    # Kept by the seat each person holds now.
    kept = {
        row.seat: (row.paid, row.collected) for row in FeeTotals.objects.filter(session=session)
    }
    assert kept["S"] == (Decimal(6), Decimal(0)) and kept["W"] == (Decimal(0), Decimal(0))

    # Voiding the swap: 阿南 and 阿西 are back at their seats, and entry 4's fee, named by seat,
    # is now South's, 阿南's: 阿西 paid 4, 阿南 2.
    round_void(session=session, number=3)
    assert by_person(session) == {
        "阿东": (Decimal(-11), Decimal(6), Decimal(0), Decimal(-17)),
        "阿南": (Decimal(25), Decimal(2), Decimal(0), Decimal(23)),
        "阿西": (Decimal(-7), Decimal(4), Decimal(0), Decimal(-11)),
        "阿北": (Decimal(-7), Decimal(0), Decimal(12), Decimal(5)),
    }
