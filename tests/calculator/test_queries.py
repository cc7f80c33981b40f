"""Reading a sitting costs the same number of queries whether it has 2 rounds or 30."""

from __future__ import annotations

import pytest

import calculator.selectors.ledger
from calculator.selectors.sittings import session_detail
from calculator.selectors.standings import balance_series, player_stats
from calculator.services.rounds import round_correct, round_record, round_void
from calculator.services.sittings import session_create
from tests import factories
from tests.calculator.hands import DRAW, bao, paofeng, plain

pytestmark = pytest.mark.django_db

BODIES = [plain("E"), DRAW, bao("W", "N"), paofeng("S"), plain("N")]


# A maker, not a sitting: each test asks for a sitting of so many rounds.
@pytest.fixture
def sitting(owner):
    def make(rounds: int):
        entries = [BODIES[number % len(BODIES)] for number in range(rounds)]
        session = factories.make_sitting(owner, name="t", players="abcd", rounds=entries)
        if rounds > 3:
            round_void(session=session, number=3)
        return session

    return make


@pytest.mark.parametrize("rounds", [2, 30])
def test_ledger_and_session_page_take_constant_queries(
    sitting, rounds, django_assert_num_queries, django_assert_max_num_queries
):
    session = sitting(rounds)
    # the stored state (total and balances), the rounds (without their hand and scoring), their
    # payments, their table fees, and when there are 包 rounds among them, their scoring
    with django_assert_max_num_queries(5):
        ledger = calculator.selectors.ledger.ledger(session)
    assert len(ledger["rounds"]) == rounds
    # the stored state, the current rules (detail and state), the kept table fees
    with django_assert_num_queries(4):
        detail = session_detail(session)
    assert detail["state"]["next_round"] == rounds + 1
    # the rounds' sums by dealer and winner, the 包 payments' sums, the stored balances
    with django_assert_num_queries(3):
        player_stats(session)
    with django_assert_num_queries(2):  # the newest number, the sampled rounds' balances
        balance_series(session)


@pytest.mark.parametrize("rounds", [2, 30])
def test_api_reads_take_constant_queries(
    sitting, rounds, api, django_assert_num_queries, django_assert_max_num_queries
):
    session = sitting(rounds)
    # the session (visibility check), the ledger's 4–5, the players' names
    with django_assert_max_num_queries(7):
        assert api.get(f"/api/sessions/{session.pk}/ledger/").status_code == 200
    # the session, the stored state, the current rules (state and detail), the players' names,
    # the owner's username, the kept table fees
    with django_assert_num_queries(7):
        assert api.get(f"/api/sessions/{session.pk}/").status_code == 200
    # the session, the stored state, the rounds with their rules versions, their payments, their
    # table fees
    with django_assert_num_queries(5):
        assert api.get(f"/api/sessions/{session.pk}/rounds/").status_code == 200


@pytest.mark.parametrize("rounds", [6, 40])
def test_correcting_round_1_rescoring_the_rest_takes_constant_queries(
    sitting, rounds, django_assert_num_queries
):
    session = sitting(rounds)
    # savepoint, lock, the round, its update, the rounds after it, the context before, the
    # balances before, the payments' delete, the changed rounds' executemany, the payments'
    # insert, the session's stored state and version, the seats' kept totals (the rounds'
    # sums by dealer, winners and discarder, the biggest hands' rounds, the 包 payments' sums,
    # the old rows' delete, the new rows' insert), what each seat paid each other (the payments'
    # sums by payer and payee, the old rows' delete, the new rows' insert), the table fees (the
    # later entries' fees deleted, their sums by payer and collector, the kept rows' delete; none
    # inserted in a sitting without fees), the reload, release
    with django_assert_num_queries(24):
        round_correct(session=session, number=1, entry=plain("S"))
    assert calculator.selectors.ledger.ledger(session)["rounds"][1]["dealer"] == "S"


# --- writes and pages: the same number of queries at 2 rounds and at 30 ------------------------

COUNTS: dict[str, set[int]] = {}


def counted(name: str, context) -> None:
    COUNTS.setdefault(name, set()).add(len(context.captured_queries))


@pytest.mark.parametrize("draws", [0, 40])
def test_writes_and_pages_take_the_same_queries_at_any_length(draws, api, owner):
    """The same newest rounds (a win, a draw, a 包, a 跑風, a win) after 0 or 40 draws."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    session = session_create(owner=owner, name="t", players=["a", "b", "c", "d"])
    for body in [DRAW] * draws + BODIES:
        round_record(session=session, entry=body, user=owner)
    page = Client()
    page.force_login(owner)
    visits = {
        "round post (API)": lambda: api.post(
            f"/api/sessions/{session.pk}/rounds/", plain("W"), format="json"
        ),
        "round post (page)": lambda: page.post(
            f"/sessions/{session.pk}/rounds/new/",
            {"winner": "W", "indicator": "9p", "hand": "123m56m234s678s99p", "win_tile": "4m",
             "bar_tiles": 0, "kongs_before_win": 0, "confirm": "1"},
        ),
        "session page": lambda: page.get(f"/sessions/{session.pk}/"),
        "share page": lambda: Client().get(f"/share/{session.share_token}/"),
        "ledger (API)": lambda: api.get(f"/api/sessions/{session.pk}/ledger/"),
        "settle-up page": lambda: page.get(f"/sessions/{session.pk}/settle/"),
        "player page": lambda: page.get(f"/players/{session.east_id}/"),
        "player stats (API)": lambda: api.get(f"/api/players/{session.east_id}/stats/"),
    }  # fmt: skip
    for name, visit in visits.items():
        with CaptureQueriesContext(connection) as context:
            response = visit()
        assert response.status_code in (200, 201, 302), (name, response.status_code)
        counted(name, context)
    if draws:
        # Both lengths have been visited (the parameters run in order): one count each.
        assert {name: len(counts) for name, counts in COUNTS.items()} == dict.fromkeys(COUNTS, 1), (
            COUNTS
        )
