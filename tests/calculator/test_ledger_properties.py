"""Hypothesis drives record / draw / correct / void at random and checks, after every step, that
the ledger squares (R9 zero-sum), the rounds are numbered without gaps, and every payment and
dealer state equals an independent walk of R2.2, R8 and R9-R10 over the same history."""

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
from calculator.models import Payment
from calculator.selectors.ledger import ledger
from calculator.selectors.sittings import payment_sums, session_balances, session_state
from calculator.services.rounds import round_correct, round_record, round_void
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


def expected_history(entries: list[tuple[dict, bool]]) -> tuple[list, tuple[str, int]]:
    """(dealer, streak, {payer: amount}) per counted round, and the dealer state after them."""
    dealer, streak = "E", 0
    rounds: list = []
    for body, voided in entries:
        if voided:
            rounds.append(None)
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

    @precondition(lambda self: self.entries)
    @rule(data=st.data(), body=bodies)
    def correct(self, data: st.DataObject, body: dict) -> None:
        number = data.draw(st.integers(1, len(self.entries)))
        if self.entries[number - 1][1]:
            with pytest.raises(CalculatorError) as refused:
                round_correct(session=self.session, number=number, entry=body)
            assert refused.value.code == "E_CONFLICT"
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
        expected, (dealer, streak) = expected_history(self.entries)
        whole = ledger(self.session)
        assert [entry["number"] for entry in whole["rounds"]] == list(range(1, len(expected) + 1))
        balances = dict.fromkeys(SEATS, Decimal(0))
        for entry, want in zip(whole["rounds"], expected, strict=True):
            assert entry["voided"] == (want is None)
            if want is None:
                assert entry["payments"] == []
                continue
            assert (entry["dealer"], entry["dealer_streak"]) == want[:2]
            assert {p["from"]: Decimal(p["amount"]) for p in entry["payments"]} == want[2]
            for p in entry["payments"]:
                balances[p["from"]] -= Decimal(p["amount"])
                balances[p["to"]] += Decimal(p["amount"])
        # The running balances stored with each round (a voided one carries the one before)
        # equal the walk, as do the sitting's stored balances and the payments' own sums.
        running = dict.fromkeys(SEATS, Decimal(0))
        for entry in whole["rounds"]:
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
