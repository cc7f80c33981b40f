"""Rounds posted at the same moment, each over its own database connection (PostgreSQL only:
SQLite has no row locks to prove anything with)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from decimal import Decimal

import pytest
from django.db import connection, connections

from calculator.errors import CalculatorError
from calculator.models import Round
from calculator.selectors.ledger import ledger
from calculator.selectors.sittings import session_state
from calculator.services.rounds import round_correct, round_record
from calculator.services.sittings import session_create
from tests.calculator.hands import DRAW, paofeng, plain

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

THREADS = 8


@pytest.fixture(autouse=True)
def _postgresql_only():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL): SQLite has no row locks")


def at_once(work: Callable[[int], object]) -> list[object]:
    """Run ``work(i)`` in THREADS threads released together; each thread has its own connection."""
    barrier = threading.Barrier(THREADS)
    answers: list[object] = [None] * THREADS

    def run(i: int) -> None:
        try:
            barrier.wait()
            answers[i] = work(i)
        except Exception as error:  # noqa: BLE001 - reported by the test below
            answers[i] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return answers


def test_rounds_posted_at_once_get_distinct_numbers_and_lose_no_money(owner):
    session = session_create(owner=owner, name="rush", players=["a", "b", "c", "d"])
    bodies = [
        plain("S"),
        paofeng("W"),
        DRAW,
        plain("N"),
        plain("E"),
        paofeng("S"),
        DRAW,
        plain("W"),
    ]

    def record(i: int) -> int:
        return round_record(session=session, entry=bodies[i], user=owner).round.number

    answers = at_once(record)
    # Each is recorded after the other (the session row lock): none fails, none is lost.
    assert sorted(answers) == list(range(1, THREADS + 1)), answers
    assert Round.objects.filter(session=session).count() == THREADS
    state = session_state(session)
    assert sum(Decimal(v) for v in state["balances"].values()) == 0
    assert state["next_round"] == THREADS + 1
    # Whatever order the threads got, the history is consistent: re-walking it from round 1
    # (R2.2) changes nothing.
    before = ledger(session)
    first = Round.objects.get(session=session, number=1)
    round_correct(session=session, number=1, entry={"result": first.result, **first.hand})
    assert ledger(session) == before


def test_the_same_idempotency_key_at_once_records_one_round(owner):
    session = session_create(owner=owner, name="retry", players=["a", "b", "c", "d"])

    def record(i: int) -> dict:
        return round_record(
            session=session, entry=plain("S"), user=owner, idempotency_key="tap-once"
        ).body

    answers = at_once(record)
    assert not [a for a in answers if isinstance(a, Exception | CalculatorError)], answers
    assert Round.objects.filter(session=session).count() == 1
    assert all(answer == answers[0] for answer in answers)
