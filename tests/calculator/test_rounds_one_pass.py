"""A round post in one pass: every statement it sends, named, on SQLite and on PostgreSQL; the
balances before and after it read under the sitting's lock; and what a post that queued behind
another writer reads once it has the lock (PostgreSQL only: SQLite takes one writer at a time).

The lists below are the whole of a post, commits included: one more statement, or one in another
place, fails the test. ``docs/architecture.md`` (the path of a
round) says the same numbers.
"""

from __future__ import annotations

import re
import threading
import time
from decimal import Decimal

import pytest
from django.conf import settings
from django.db import connection, connections, transaction
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from calculator.models import Round
from calculator.services.rounds import round_record
from calculator.services.sittings import rules_change
from calculator.web.once import CHANGES_KEY
from tests import factories
from tests.calculator.hands import plain

pytestmark = pytest.mark.django_db(transaction=True)

# The API's post: a phone's queue sends the token and an Idempotency-Key.
API_POST = [
    "SELECT auth_user",  # the token's user, with when the token was issued
    "BEGIN",  # SQLite: BEGIN IMMEDIATE, the write lock taken at once
    # The sitting with its row lock, the 404 check (its owner), the newest house rules and the
    # key's kept answer: one read.
    "SELECT calculator_session FOR UPDATE",
    "INSERT calculator_round",  # … RETURNING its id
    "INSERT calculator_payment",  # every payment of the round, one INSERT
    "UPDATE calculator_session",  # its version, balances, next dealer and streak, newest number
    "UPDATE calculator_seattotals",  # one executemany: a row a seat
    "UPDATE calculator_pairtotals",  # one executemany: a row a pair that paid
    "INSERT calculator_idempotentanswer",  # the answer kept for the key
    "COMMIT",
]

# The hand-entry form's confirm: logged in with a cookie, with its one-time key and the round it
# was opened for; answered by a redirect to the sitting's page.
PAGE_POST = [
    "SELECT django_session",  # the log-in
    "SELECT auth_user",
    "BEGIN",
    "SELECT calculator_idempotentanswer",  # the form's key, not used before (web/once.py)
    "INSERT calculator_idempotentanswer",  # its claim: … ON CONFLICT DO NOTHING RETURNING its id
    # The sitting with its row lock, the 404 check, its seats' players (the form's labels) and
    # its newest house rules: one read.
    "SELECT calculator_session FOR UPDATE",
    "INSERT calculator_round",
    "INSERT calculator_payment",
    "UPDATE calculator_session",
    "UPDATE calculator_seattotals",
    "UPDATE calculator_pairtotals",
    "UPDATE calculator_idempotentanswer",  # the claim answered: the redirect, kept for a replay
    "DELETE calculator_idempotentanswer",  # page keys older than a week
    "COMMIT",
    "BEGIN",  # the summary of changes goes into the log-in session, after the commit
    "UPDATE django_session",
    "COMMIT",
]

HAND_FORM = {"indicator": "9p", "hand": "123m56m234s678s99p", "win_tile": "4m"}


def named(sql: str) -> str:
    """A statement as the lists above name it: its verb and the table it is about (a SELECT's
    first column's table, not a subquery's). An ``executemany`` is one statement: Django logs it
    as "N times: …"."""
    sql = re.sub(r"^\d+ times: ", "", sql)
    if sql.startswith("SELECT pg_notify("):
        return "SELECT pg_notify"
    verb = sql.split(None, 1)[0].upper()
    if verb in ("BEGIN", "SAVEPOINT", "RELEASE", "COMMIT"):
        return verb
    if verb == "SELECT":
        table = re.match(r'SELECT\s+(?:DISTINCT\s+)?"(\w+)"\.', sql)
    elif verb == "INSERT":
        table = re.search(r'INTO\s+"(\w+)"', sql)
    elif verb == "UPDATE":
        table = re.search(r'UPDATE\s+"(\w+)"', sql)
    else:
        table = re.search(r'FROM\s+"(\w+)"', sql)
    name = f"{verb} {table[1] if table else '?'}"
    if re.search(r"\bFOR UPDATE\b[^()]*$", sql):
        name += " FOR UPDATE"
    return name


def on_this_database(statements: list[str]) -> list[str]:
    """The list as this database sends it: SQLite has no row lock (its transaction locks the
    whole file when it begins)."""
    if connection.vendor == "sqlite":
        return [name.removesuffix(" FOR UPDATE") for name in statements]
    if settings.EVENTS_CHANNEL == "postgres":
        # After the round's COMMIT, the push notice on the same connection (calculator/events.py).
        at = statements.index("COMMIT") + 1
        return [*statements[:at], "SELECT pg_notify", *statements[at:]]
    return statements


def notices() -> int:
    """The statements push adds to a round post: the NOTIFY after the commit on PostgreSQL."""
    return 1 if connection.vendor == "postgresql" and settings.EVENTS_CHANNEL == "postgres" else 0


def sent(queries: CaptureQueriesContext) -> list[str]:
    return [named(query["sql"]) for query in queries.captured_queries]


def test_a_round_post_through_the_api_is_these_statements(owner) -> None:
    session = factories.make_sitting(owner, rounds=[plain("E")])
    client = APIClient(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=owner).key}")
    with CaptureQueriesContext(connection) as queries:
        response = client.post(
            f"/api/sessions/{session.pk}/rounds/",
            {**plain("S"), "expected_round": 2},
            format="json",
            headers={"Idempotency-Key": "tap-1"},
        )
    assert response.status_code == 201, response.content
    assert response.json()["state"]["next_round"] == 3
    assert sent(queries) == on_this_database(API_POST)
    # 8 statements between a BEGIN and a COMMIT, on SQLite and on PostgreSQL alike.
    assert len(queries) == 10 + notices()


def test_a_round_post_through_the_form_is_these_statements(owner) -> None:
    session = factories.make_sitting(owner, rounds=[plain("E")])
    browser = factories.page_client(owner)
    form = {
        **HAND_FORM,
        "winner": "S",
        "bar_tiles": 0,
        "kongs_before_win": 0,
        "confirm": "1",
        "expected_round": 2,
        "once": "a-fresh-key",
    }
    with CaptureQueriesContext(connection) as queries:
        response = browser.post(f"/sessions/{session.pk}/rounds/new/", form)
    assert response.status_code == 302
    assert response["Location"] == f"/sessions/{session.pk}/"
    assert session.rounds.count() == 2
    assert sent(queries) == on_this_database(PAGE_POST)
    # 15 statements in two transactions (BEGIN … COMMIT), on SQLite and on PostgreSQL alike.
    assert len(queries) == 17 + notices()


def test_the_service_answers_the_balances_before_and_after_and_the_next_deal(owner) -> None:
    session = factories.make_sitting(owner, rounds=[plain("E")])

    def stored() -> dict[str, Decimal]:
        session.refresh_from_db()
        return {seat: getattr(session, f"balance_{seat.lower()}") for seat in "ESWN"}

    first = stored()
    recorded = round_record(session=session, entry=plain("S"), user=owner)
    assert recorded.before == first
    assert recorded.after == stored()
    net = {seat: recorded.after[seat] - recorded.before[seat] for seat in "ESWN"}
    assert net["S"] > 0 and sum(net.values()) == 0
    paid = sum((p.amount for p in recorded.payments if p.payee == "S"), Decimal(0))
    assert net["S"] == paid
    # Anqing: the dealer (East) lost the deal to South's win (R2.2).
    assert (recorded.next_dealer, recorded.next_streak) == (session.next_dealer, 0)
    assert recorded.state["dealer"] == session.next_dealer
    assert recorded.state["next_round"] == 3


# --- PostgreSQL: a post that waited for the lock -----------------------------------------------


def needs_postgresql() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL): SQLite takes one writer at a time")


def holding_the_lock(work) -> tuple[threading.Thread, threading.Event]:
    """``work()`` in a transaction of its own, kept open (the sitting's lock held) half a second
    after it is done; the event is set once it is done."""
    done = threading.Event()

    def run() -> None:
        try:
            with transaction.atomic():
                work()
                done.set()
                time.sleep(0.5)
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    assert done.wait(timeout=30)
    return thread, done


@pytest.mark.postgres
def test_the_page_says_what_its_own_round_did_when_another_phone_got_there_first(owner) -> None:
    needs_postgresql()
    session = factories.make_sitting(owner)
    browser = factories.page_client(owner)
    # Another phone records round 1 and has not committed yet when this form is confirmed: the
    # form (opened for round 2) waits for the lock, then records round 2.
    other, _ = holding_the_lock(lambda: round_record(session=session, entry=plain("E"), user=owner))
    form = {**HAND_FORM, "winner": "S", "bar_tiles": 0, "kongs_before_win": 0}
    response = browser.post(
        f"/sessions/{session.pk}/rounds/new/", {**form, "confirm": "1", "expected_round": 2}
    )
    other.join()
    assert response.status_code == 302
    first, second = Round.objects.filter(session=session).order_by("number")
    seats = browser.session[CHANGES_KEY]["seats"]
    # "Before" is the balances after round 1, which this round started from; the change is this
    # round's alone.
    for seat, change in seats.items():
        field = f"balance_{seat.lower()}"
        assert Decimal(change["before"]) == getattr(first, field), seat
        assert Decimal(change["after"]) == getattr(second, field), seat


@pytest.mark.postgres
def test_a_round_that_waited_for_new_house_rules_is_scored_with_them(owner) -> None:
    needs_postgresql()
    session = factories.make_sitting(owner)
    other, _ = holding_the_lock(
        lambda: rules_change(session=session, rules={"men_qing": 5}, user=owner)
    )
    recorded = round_record(session=session, entry=plain("S"), user=owner)
    other.join()
    assert recorded.round.rules_version.number == 2
    assert recorded.round.fan == 5  # MEN_QING as the new rules value it (R7, R12)


@pytest.mark.postgres
def test_a_key_answered_while_the_post_waited_is_a_replay(owner) -> None:
    needs_postgresql()
    session = factories.make_sitting(owner)
    other, _ = holding_the_lock(
        lambda: round_record(session=session, entry=plain("S"), user=owner, idempotency_key="k")
    )
    again = round_record(session=session, entry=plain("S"), user=owner, idempotency_key="k")
    other.join()
    assert again.replayed
    assert again.body["number"] == 1
    assert session.rounds.count() == 1


@pytest.mark.postgres
@pytest.mark.parametrize("change", ["void", "undo"])
def test_a_void_or_undo_that_waited_says_what_it_did_alone(owner, change) -> None:
    """The page's summary of a void (or an undo) starts from the balances the change found under
    the sitting's lock: another phone's round that committed meanwhile is not counted as its."""
    needs_postgresql()
    session = factories.make_sitting(owner, rounds=[plain("E")])
    browser = factories.page_client(owner)
    # Another phone records round 2 and has not committed when the change is confirmed.
    seen: dict = {}
    other, _ = holding_the_lock(
        lambda: seen.update(round_record(session=session, entry=plain("S"), user=owner).after)
    )
    if change == "void":
        response = browser.post(f"/sessions/{session.pk}/rounds/1/void/", {})
    else:
        response = browser.post(
            f"/sessions/{session.pk}/rounds/undo/", {"confirm": "1", "number": "2"}
        )
    other.join()
    assert response.status_code == 302
    assert Round.objects.get(session=session, number=1 if change == "void" else 2).voided
    session.refresh_from_db()
    seats = browser.session[CHANGES_KEY]["seats"]
    for seat, moved in seats.items():
        # Before: both rounds counted (round 2 committed before the change had the lock).
        assert Decimal(moved["before"]) == seen[seat], seat
        assert Decimal(moved["after"]) == getattr(session, f"balance_{seat.lower()}"), seat
