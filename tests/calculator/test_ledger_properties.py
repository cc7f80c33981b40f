"""Hypothesis drives record / draw / seat change / correct / void at random and checks, after
every step, that the ledger squares (R9 zero-sum), the rounds are numbered without gaps, and every
payment, balance and dealer state equals an independent walk of R2.2, R8 and R9-R10 over the same
history, in which a seat change moves each person's balance with them and leaves the deal with
the seat."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from calculator.errors import CalculatorError
from calculator.models import Payment, Round, Session
from calculator.selectors.ledger import ledger
from calculator.selectors.sittings import (
    payment_sums,
    seat_names,
    session_balances,
    session_state,
)
from calculator.services.rounds import RoundEntry, round_correct, round_record, round_void
from calculator.services.sittings import session_create
from tests.calculator.hands import DRAW, bao, paofeng, plain

SEATS = "ESWN"
LIANZHUANG = [0, 3, 6, 12, 15]  # R8.2, streaks past 4 keep 15

wins = st.one_of(
    st.sampled_from(SEATS).map(plain),
    st.sampled_from(SEATS).map(paofeng),
    st.permutations(SEATS).map(lambda seats: bao(seats[0], seats[1])),
)
bodies = st.one_of(wins, st.just(DRAW))
# A seat change: for each seat, the seat its new occupant sits at now (never everyone staying).
seat_changes = (
    st.permutations(SEATS)
    .filter(lambda seats: list(seats) != list(SEATS))
    .map(lambda seats: {"result": "seats", "seating": dict(zip(SEATS, seats, strict=True))})
)
PEOPLE = dict(zip(SEATS, "abcd", strict=True))  # the opening seating


def seating_after(entries: list[tuple[dict, bool]]) -> dict[str, str]:
    """Who sits where after ``entries``: each counted seat change seats the people it names."""
    seating = dict(PEOPLE)
    for body, voided in entries:
        if body["result"] == "seats" and not voided:
            seating = dict(body["people"])
    return seating


def expected_history(entries: list[tuple[dict, bool]]) -> tuple[list, tuple[str, int]]:
    """(dealer, streak, {payer: amount}) per counted round, and the dealer state after them."""
    dealer, streak = "E", 0
    rounds: list = []
    for body, voided in entries:
        if voided:
            rounds.append(None)
            continue
        if body["result"] == "seats":
            rounds.append(("seats", body["people"]))  # the deal stays with the seat
            continue
        if body["result"] == "draw":
            rounds.append((dealer, streak, {}))
            streak += 1
            continue
        winner = body["winner"]
        fan = 6 if body.get("melds") else 9 if body["win_tile"] == "9p" else 3
        feeder = body["melds"][0]["from"] if body.get("melds") else None
        bonus = LIANZHUANG[min(streak, 4)]
        payments = {}
        for loser in SEATS:
            if loser == winner:
                continue
            if loser == feeder:  # R10.2 順包, three pungs ×6 (R10.1), as_dealer basis (R10.5)
                payments[loser] = (8 + 4 * streak + fan + bonus) * 6
            elif dealer in (winner, loser):
                payments[loser] = 8 + 4 * streak + fan + bonus
            else:
                payments[loser] = 4 + fan
        rounds.append((dealer, streak, payments))
        if winner == dealer:
            streak += 1
        else:
            dealer, streak = SEATS[(SEATS.index(dealer) + 1) % 4], 0
    return rounds, (dealer, streak)


class Sitting(RuleBasedStateMachine):
    owner = None

    def __init__(self) -> None:
        super().__init__()
        self.session = session_create(
            owner=self.owner, name="hypothesis", players=["a", "b", "c", "d"]
        )
        self.entries: list[tuple[dict, bool]] = []

    @rule(body=bodies)
    def record(self, body: dict) -> None:
        recorded = round_record(session=self.session, entry=body, user=self.owner)
        self.entries.append((body, False))
        assert recorded.round.number == len(self.entries)

    @rule(body=seat_changes)
    def change_seats(self, body: dict) -> None:
        entry = RoundEntry(Round.SEAT_CHANGE, {"seating": body["seating"]})
        recorded = round_record(session=self.session, entry=entry, user=self.owner)
        now = seating_after(self.entries)
        people = {seat: now[old] for seat, old in body["seating"].items()}
        self.entries.append(({**body, "people": people}, False))
        assert recorded.round.number == len(self.entries)

    @precondition(lambda self: self.entries)
    @rule(data=st.data(), body=bodies)
    def correct(self, data: st.DataObject, body: dict) -> None:
        number = data.draw(st.integers(1, len(self.entries)))
        if self.entries[number - 1][1]:
            with pytest.raises(CalculatorError) as refused:
                round_correct(session=self.session, number=number, entry=body)
            assert refused.value.code == "E_CONFLICT"
            return
        if self.entries[number - 1][0]["result"] == "seats":
            with pytest.raises(CalculatorError) as refused:  # voided, never corrected
                round_correct(session=self.session, number=number, entry=body)
            assert refused.value.code == "E_INVALID"
            return
        round_correct(session=self.session, number=number, entry=body)
        self.entries[number - 1] = (body, False)

    @precondition(lambda self: self.entries)
    @rule(data=st.data())
    def void(self, data: st.DataObject) -> None:
        number = data.draw(st.integers(1, len(self.entries)))
        round_void(session=self.session, number=number)
        self.entries[number - 1] = (self.entries[number - 1][0], True)

    @invariant()
    def ledger_matches_the_rule_book(self) -> None:
        # The sitting as a page reads it (a seat change moved its people since it was opened).
        self.session = Session.objects.get(pk=self.session.pk)
        expected, (dealer, streak) = expected_history(self.entries)
        whole = ledger(self.session)
        assert [entry["number"] for entry in whole["rounds"]] == list(range(1, len(expected) + 1))
        balances = dict.fromkeys(SEATS, Decimal(0))
        seating = dict(PEOPLE)
        for entry, want in zip(whole["rounds"], expected, strict=True):
            assert entry["voided"] == (want is None)
            if want is None:
                assert entry["payments"] == []
                continue
            if want[0] == "seats":
                # Each person's balance goes with them: the seat they take gets it.
                assert entry["result"] == "seats" and entry["payments"] == []
                held = {person: seat for seat, person in seating.items()}
                balances = {seat: balances[held[want[1][seat]]] for seat in SEATS}
                seating = dict(want[1])
                continue
            assert (entry["dealer"], entry["dealer_streak"]) == want[:2]
            assert {p["from"]: Decimal(p["amount"]) for p in entry["payments"]} == want[2]
            for p in entry["payments"]:
                balances[p["from"]] -= Decimal(p["amount"])
                balances[p["to"]] += Decimal(p["amount"])
        # The running balances stored with each round (a voided one carries the one before)
        # equal the walk, as do the sitting's stored balances and the payments' own sums.
        running = dict.fromkeys(SEATS, Decimal(0))
        now = dict(PEOPLE)
        for entry, want in zip(whole["rounds"], expected, strict=True):
            if want is not None and want[0] == "seats":
                held = {person: seat for seat, person in now.items()}
                running = {seat: running[held[want[1][seat]]] for seat in SEATS}
                now = dict(want[1])
            assert entry["players"] == now  # who sat where after it, by name
            for p in entry["payments"]:
                running[p["from"]] -= Decimal(p["amount"])
                running[p["to"]] += Decimal(p["amount"])
            assert {s: Decimal(v) for s, v in entry["balances"].items()} == running
        assert payment_sums(self.session) == session_balances(self.session)
        for offset in range(0, len(whole["rounds"]), 5):
            page = ledger(self.session, offset=offset, limit=5)
            assert page["rounds"] == whole["rounds"][offset : offset + 5]
            assert page["balances"] == whole["balances"]
        state = session_state(self.session)
        assert {s: Decimal(v) for s, v in state["balances"].items()} == balances
        assert sum(balances.values()) == 0
        assert seat_names(self.session) == seating == seating_after(self.entries)
        assert (state["dealer"], state["dealer_streak"]) == (dealer, streak)
        assert state["dealer_base"] == 8 + 4 * streak  # R8.1
        assert state["next_round"] == len(self.entries) + 1
        assert not Payment.objects.filter(round__session=self.session, round__voided=True).exists()


@pytest.mark.django_db
def test_random_sittings_keep_the_ledger_square(owner):
    Sitting.owner = owner
    run_state_machine_as_test(
        Sitting,
        settings=settings(
            max_examples=25,
            stateful_step_count=12,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
