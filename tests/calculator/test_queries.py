"""Reading a sitting costs the same number of queries whether it has 2 rounds or 30."""

from __future__ import annotations

import pytest

from calculator import selectors, services
from tests.calculator.hands import DRAW, bao, paofeng, plain

pytestmark = pytest.mark.django_db

BODIES = [plain("E"), DRAW, bao("W", "N"), paofeng("S"), plain("N")]


@pytest.fixture
def sitting(owner):
    def make(rounds: int):
        session = services.session_create(owner=owner, name="t", players=["a", "b", "c", "d"])
        for number in range(rounds):
            services.round_record(session=session, entry=BODIES[number % len(BODIES)], user=owner)
        if rounds > 3:
            services.round_void(session=session, number=3)
        return session

    return make


@pytest.mark.parametrize("rounds", [2, 30])
def test_ledger_and_session_page_take_constant_queries(
    sitting, rounds, django_assert_num_queries, django_assert_max_num_queries
):
    session = sitting(rounds)
    # the stored state (total and balances), the rounds (without their hand and scoring), their
    # payments, and when there are 包 rounds among them, their scoring
    with django_assert_max_num_queries(4):
        ledger = selectors.ledger(session)
    assert len(ledger["rounds"]) == rounds
    # the stored state, the current rules (detail and state)
    with django_assert_num_queries(3):
        detail = selectors.session_detail(session)
    assert detail["state"]["next_round"] == rounds + 1
    # the rounds' sums by dealer and winner, the 包 payments' sums, the stored balances
    with django_assert_num_queries(3):
        selectors.player_stats(session)
    with django_assert_num_queries(2):  # the newest number, the sampled rounds' balances
        selectors.balance_series(session)


@pytest.mark.parametrize("rounds", [2, 30])
def test_api_reads_take_constant_queries(
    sitting, rounds, api, django_assert_num_queries, django_assert_max_num_queries
):
    session = sitting(rounds)
    # the session (visibility check), the ledger's 3–4, the players' names
    with django_assert_max_num_queries(6):
        assert api.get(f"/api/sessions/{session.pk}/ledger/").status_code == 200
    # the session, the stored state, the current rules (state and detail), the players' names,
    # the owner's username
    with django_assert_num_queries(6):
        assert api.get(f"/api/sessions/{session.pk}/").status_code == 200
    # the session, the stored state, the rounds with their rules versions, their payments
    with django_assert_num_queries(4):
        assert api.get(f"/api/sessions/{session.pk}/rounds/").status_code == 200


@pytest.mark.parametrize("rounds", [6, 40])
def test_correcting_round_1_rescoring_the_rest_takes_constant_queries(
    sitting, rounds, django_assert_num_queries
):
    session = sitting(rounds)
    # savepoint, lock, the round, its update, the rounds after it, the context before, the
    # balances before, the payments' delete, the changed rounds' executemany, the payments'
    # insert, the session's stored state and version, the reload, release
    with django_assert_num_queries(13):
        services.round_correct(session=session, number=1, entry=plain("S"))
    assert selectors.ledger(session)["rounds"][1]["dealer"] == "S"
