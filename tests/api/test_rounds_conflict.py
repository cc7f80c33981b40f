"""A round body may say which round it records (docs/api.md, *Which round a body is for*).

``expected_round`` on ``POST …/rounds/`` is the number the new round is meant to take, and
``version`` on ``PUT …/rounds/{n}/`` the version of the round a correction was made on. When the
sitting has moved on, nothing is written and the answer is 409 ``E_CONFLICT`` with the round that
is there and the number the next round would take.

The hands are those of tests/calculator/hands.py: ``plain(seat)`` is F = 3 for any seat, and the
dealer moves on after a round the dealer did not win, stays after one the dealer won (R2.2).
"""

from __future__ import annotations

import threading
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, connections
from rest_framework.test import APIClient

from calculator.models import Payment, Round, Session
from tests.calculator.hands import DRAW, paofeng, plain
from tests.factories import api_error

pytestmark = pytest.mark.django_db

BAD_NUMBERS = ["2", "1", 2.0, 1.5, 0, -1, True, False, None, [], [1], {}, {"n": 1}]


def written(pk: int) -> tuple:
    """Everything a refused request must leave as it was: the rounds (with their versions and
    hands), the payments, the stored balances and the sitting's version."""
    session = Session.objects.get(pk=pk)
    rounds = list(
        Round.objects.filter(session=session)
        .order_by("number")
        .values_list("number", "version", "result", "winner", "hand", "voided")
    )
    payments = list(
        Payment.objects.filter(round__session=session)
        .order_by("pk")
        .values_list("round__number", "payer", "payee", "amount")
    )
    balances = (session.balance_e, session.balance_s, session.balance_w, session.balance_n)
    return rounds, payments, balances, session.version, session.last_number


# The id of a sitting opened and played through the API, which is all these tests speak to.
@pytest.fixture
def sitting(api, new_session):
    """A sitting with one round: South won round 1 off East's deal, so South deals next (R2.2)."""
    pk = new_session()
    response = api.post(f"/api/sessions/{pk}/rounds/", plain("S"), format="json")
    assert response.status_code == 201, response.json()
    return pk


# --- POST …/rounds/ with expected_round --------------------------------------------------------


def test_the_expected_round_is_recorded_as_that_number(api, new_session):
    pk = new_session()
    url = f"/api/sessions/{pk}/rounds/"
    first = api.post(url, {**plain("S"), "expected_round": 1}, format="json")
    assert first.status_code == 201, first.json()
    assert first.json()["number"] == 1
    assert first.json()["version"] == 1
    # R2.2: South won off East's deal, so South deals round 2.
    assert first.json()["state"]["dealer"] == "S"
    assert first.json()["state"]["next_round"] == 2
    second = api.post(url, {**DRAW, "expected_round": 2}, format="json")
    assert second.status_code == 201, second.json()
    assert second.json()["number"] == 2
    # expected_round says which round the body is for; it is not part of the round's hand.
    assert Round.objects.get(session_id=pk, number=1).hand == first.json()["hand"]
    assert "expected_round" not in first.json()["hand"]
    assert Round.objects.filter(session_id=pk).count() == 2


def test_a_stale_expected_round_is_refused_with_the_round_that_is_there(api, sitting):
    url = f"/api/sessions/{sitting}/rounds/"
    before = written(sitting)
    round_one = api.get(f"{url}1/").json()
    # A second phone still shows the form for round 1 and records another hand as it.
    response = api.post(url, {**paofeng("W"), "expected_round": 1}, format="json")
    error = api_error(response, 409, "E_CONFLICT")
    assert "1" in error["message_en"] and "2" in error["message_en"]
    body = response.json()
    assert set(body) == {"error", "round", "next_round"}
    # The round that is there, exactly as the API shows round 1, and the number the next takes.
    assert body["round"] == round_one
    assert body["round"]["number"] == 1
    assert body["round"]["winner"] == "S"
    assert body["next_round"] == 2
    # Nothing written: no round, no payment, the same balances, the sitting's version as it was.
    assert written(sitting) == before
    state = api.get(f"/api/sessions/{sitting}/").json()["state"]
    assert state["next_round"] == 2
    assert state["dealer"] == "S"  # still South's deal after round 1 (R2.2)
    assert sum(Decimal(amount) for amount in state["balances"].values()) == 0


def test_the_conflict_names_the_round_recorded_under_that_number(api, sitting):
    url = f"/api/sessions/{sitting}/rounds/"
    assert api.post(url, plain("N"), format="json").status_code == 201
    assert api.post(url, DRAW, format="json").status_code == 201
    # Round 2 was meant, the sitting is at round 4: the answer shows round 2, not the newest.
    response = api.post(url, {**plain("E"), "expected_round": 2}, format="json")
    api_error(response, 409, "E_CONFLICT")
    assert response.json()["round"] == api.get(f"{url}2/").json()
    assert response.json()["round"]["winner"] == "N"
    assert response.json()["next_round"] == 4
    assert Round.objects.filter(session_id=sitting).count() == 3


def test_an_expected_round_past_the_next_one_is_refused_too(api, sitting):
    url = f"/api/sessions/{sitting}/rounds/"
    before = written(sitting)
    response = api.post(url, {**plain("E"), "expected_round": 5}, format="json")
    error = api_error(response, 409, "E_CONFLICT")
    # Round 5 is not recorded: the message does not say it is.
    assert "is recorded already" not in error["message_en"]
    assert "5" in error["message_en"] and "2" in error["message_en"]
    assert response.json()["next_round"] == 2
    assert written(sitting) == before


def test_a_conflict_is_checked_before_the_hand(api, sitting):
    """A stale form is refused as stale, whatever its hand: the person sees the round that is
    there rather than an error about a round that will not be recorded anyway."""
    response = api.post(
        f"/api/sessions/{sitting}/rounds/",
        {"result": "win", "winner": "E", "expected_round": 1},
        format="json",
    )
    api_error(response, 409, "E_CONFLICT")


@pytest.mark.parametrize("value", BAD_NUMBERS, ids=repr)
def test_expected_round_must_be_a_whole_number_of_at_least_one(api, sitting, value):
    before = written(sitting)
    response = api.post(
        f"/api/sessions/{sitting}/rounds/", {**plain("W"), "expected_round": value}, format="json"
    )
    error = api_error(response, 400, "E_INVALID")
    assert "expected_round" in error["message"] and "expected_round" in error["message_en"]
    assert set(response.json()) == {"error"}
    assert written(sitting) == before


def test_without_expected_round_a_post_takes_the_next_number_as_before(api, sitting):
    response = api.post(f"/api/sessions/{sitting}/rounds/", plain("W"), format="json")
    assert response.status_code == 201
    assert response.json()["number"] == 2
    # R2.2: South dealt round 2 and West won it.
    assert (response.json()["dealer"], response.json()["state"]["dealer"]) == ("S", "W")


def test_other_unknown_fields_are_still_refused(api, sitting):
    response = api.post(
        f"/api/sessions/{sitting}/rounds/",
        {**plain("W"), "expected_round": 2, "expected": 2},
        format="json",
    )
    error = api_error(response, 400, "E_INVALID")
    assert "expected" in error["message_en"]
    assert Round.objects.filter(session_id=sitting).count() == 1


# --- Idempotency-Key with expected_round -----------------------------------------------------


def test_a_replay_answers_its_first_201_after_the_sitting_moved_on(api, new_session):
    pk = new_session()
    url = f"/api/sessions/{pk}/rounds/"
    body = {**plain("S"), "expected_round": 1}
    first = api.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="tap-1")
    assert first.status_code == 201, first.json()
    later = api.post(url, {**plain("W"), "expected_round": 2}, format="json")
    assert later.status_code == 201
    # The first post again (its answer was lost on the way): the sitting is at round 3 now, but
    # this is the same request, so it gets its first answer rather than a conflict.
    again = api.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="tap-1")
    assert again.status_code == 201, again.json()
    assert again["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert Round.objects.filter(session_id=pk).count() == 2


def test_the_key_covers_expected_round_too(api, new_session):
    """The key's body hash is of the whole body as sent: the same hand meant as another round is
    another request (E_IDEMPOTENCY), not a replay."""
    pk = new_session()
    url = f"/api/sessions/{pk}/rounds/"
    first = api.post(
        url, {**plain("S"), "expected_round": 1}, format="json", HTTP_IDEMPOTENCY_KEY="tap-2"
    )
    assert first.status_code == 201
    before = written(pk)
    other = api.post(
        url, {**plain("S"), "expected_round": 2}, format="json", HTTP_IDEMPOTENCY_KEY="tap-2"
    )
    api_error(other, 422, "E_IDEMPOTENCY")
    without = api.post(url, plain("S"), format="json", HTTP_IDEMPOTENCY_KEY="tap-2")
    api_error(without, 422, "E_IDEMPOTENCY")
    assert written(pk) == before


def test_a_key_whose_first_post_was_refused_as_stale_is_not_spent(api, sitting):
    url = f"/api/sessions/{sitting}/rounds/"
    stale = api.post(
        url, {**plain("W"), "expected_round": 1}, format="json", HTTP_IDEMPOTENCY_KEY="tap-3"
    )
    api_error(stale, 409, "E_CONFLICT")
    # Nothing was recorded, so nothing is replayed: the same request meets the same conflict.
    again = api.post(
        url, {**plain("W"), "expected_round": 1}, format="json", HTTP_IDEMPOTENCY_KEY="tap-3"
    )
    api_error(again, 409, "E_CONFLICT")
    assert Round.objects.filter(session_id=sitting).count() == 1


# --- PUT …/rounds/{n}/ with version --------------------------------------------------------


def test_a_correction_on_the_current_version_is_made_and_the_version_goes_up(api, sitting):
    url = f"/api/sessions/{sitting}/rounds/1/"
    assert api.get(url).json()["version"] == 1
    corrected = api.put(url, {**plain("E"), "version": 1}, format="json")
    assert corrected.status_code == 200, corrected.json()
    assert corrected.json()["version"] == 2
    assert corrected.json()["winner"] == "E"
    # R2.2: East won East's own deal, so East deals again, on a streak of 1.
    assert corrected.json()["state"]["dealer"] == "E"
    assert corrected.json()["state"]["dealer_streak"] == 1
    assert "version" not in corrected.json()["hand"]
    again = api.put(url, {**plain("N"), "version": 2}, format="json")
    assert again.status_code == 200, again.json()
    assert again.json()["version"] == 3
    assert Round.objects.get(session_id=sitting, number=1).version == 3


def test_a_correction_without_version_still_corrects_and_counts_a_version(api, sitting):
    url = f"/api/sessions/{sitting}/rounds/1/"
    corrected = api.put(url, plain("W"), format="json")
    assert corrected.status_code == 200
    assert corrected.json()["version"] == 2


def test_a_correction_on_a_stale_version_is_refused_with_the_round_as_it_is(api, sitting):
    url = f"/api/sessions/{sitting}/rounds/1/"
    # Two phones open the correction of round 1 (version 1); the first saves West as winner.
    assert api.put(url, {**plain("W"), "version": 1}, format="json").status_code == 200
    now = api.get(url).json()
    before = written(sitting)
    response = api.put(url, {**plain("N"), "version": 1}, format="json")
    error = api_error(response, 409, "E_CONFLICT")
    assert "2" in error["message_en"] and "1" in error["message_en"]
    body = response.json()
    assert set(body) == {"error", "round", "next_round"}
    assert body["round"] == now
    assert body["round"]["winner"] == "W" and body["round"]["version"] == 2
    assert body["next_round"] == 2
    # The round is as the first phone left it; nothing else moved.
    assert written(sitting) == before
    assert api.get(url).json() == now


def test_voiding_a_round_counts_a_version_and_makes_an_open_correction_stale(api, sitting):
    url = f"/api/sessions/{sitting}/rounds/1/"
    voided = api.delete(url)
    assert voided.status_code == 200
    assert voided.json()["voided"] is True
    assert voided.json()["version"] == 2
    # Voiding again changes nothing, so the version stays.
    assert api.delete(url).json()["version"] == 2
    before = written(sitting)
    stale = api.put(url, {**plain("E"), "version": 1}, format="json")
    api_error(stale, 409, "E_CONFLICT")
    assert stale.json()["round"]["voided"] is True
    assert stale.json()["round"]["version"] == 2
    # On the current version a voided round still cannot be corrected: that conflict is the
    # error object alone, as before.
    current = api.put(url, {**plain("E"), "version": 2}, format="json")
    api_error(current, 409, "E_CONFLICT")
    assert set(current.json()) == {"error"}
    assert written(sitting) == before


@pytest.mark.parametrize("value", BAD_NUMBERS, ids=repr)
def test_version_must_be_a_whole_number_of_at_least_one(api, sitting, value):
    before = written(sitting)
    response = api.put(
        f"/api/sessions/{sitting}/rounds/1/", {**plain("E"), "version": value}, format="json"
    )
    error = api_error(response, 400, "E_INVALID")
    assert "version" in error["message"] and "version" in error["message_en"]
    assert written(sitting) == before


def test_version_goes_only_with_a_correction(api, sitting):
    """A new round's body takes expected_round, not version (the parser refuses unknown fields);
    a correction's takes version, not expected_round."""
    post = api.post(f"/api/sessions/{sitting}/rounds/", {**plain("W"), "version": 1}, format="json")
    assert "version" in api_error(post, 400, "E_INVALID")["message_en"]
    put = api.put(
        f"/api/sessions/{sitting}/rounds/1/", {**plain("W"), "expected_round": 1}, format="json"
    )
    assert "expected_round" in api_error(put, 400, "E_INVALID")["message_en"]
    assert Round.objects.get(session_id=sitting, number=1).version == 1


def test_a_stranger_gets_404_whatever_the_numbers(client_for, sitting):
    stranger = client_for(get_user_model().objects.create_user("x", password="pw-x-12345"))
    url = f"/api/sessions/{sitting}/rounds/"
    api_error(
        stranger.post(url, {**DRAW, "expected_round": "x"}, format="json"), 404, "E_NOT_FOUND"
    )
    api_error(stranger.put(f"{url}1/", {**DRAW, "version": 1}, format="json"), 404, "E_NOT_FOUND")


# --- the OpenAPI -----------------------------------------------------------------------------


def test_the_schema_documents_the_fields_and_the_conflict(api):
    schema = api.get("/api/schema/?format=json").json()
    components = schema["components"]["schemas"]
    rounds = schema["paths"]["/api/sessions/{id}/rounds/"]["post"]
    correction = schema["paths"]["/api/sessions/{id}/rounds/{number}/"]["put"]

    def body_of(operation: dict) -> dict:
        ref = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        return components[ref.rsplit("/", 1)[-1]]

    expected_round = body_of(rounds)["properties"]["expected_round"]
    assert (expected_round["type"], expected_round["minimum"]) == ("integer", 1)
    assert "expected_round" not in body_of(rounds).get("required", [])
    version = body_of(correction)["properties"]["version"]
    assert (version["type"], version["minimum"]) == ("integer", 1)
    assert "version" not in body_of(rounds)["properties"]
    assert "expected_round" not in body_of(correction)["properties"]
    assert "expected_round" not in components["ScoreRequest"]["properties"]
    assert "version" in components["Round"]["required"]
    for operation in (rounds, correction):
        ref = operation["responses"]["409"]["content"]["application/json"]["schema"]["$ref"]
        conflict = components[ref.rsplit("/", 1)[-1]]
        assert {"error", "round", "next_round"} <= set(conflict["properties"])
        assert conflict["required"] == ["error"]


# --- PostgreSQL: two posts at once ------------------------------------------------------------


def posted_at_once(owner, url: str, bodies: list[dict], keys: list[str | None]) -> list:
    """POST each body from its own client and thread, released together; each thread has its
    own database connection. The answers as (status, body), or the exception a thread met."""
    barrier = threading.Barrier(len(bodies))
    answers: list = [None] * len(bodies)

    def post(i: int) -> None:
        try:
            phone = APIClient()
            phone.force_authenticate(owner)
            headers = {} if keys[i] is None else {"HTTP_IDEMPOTENCY_KEY": keys[i]}
            barrier.wait()
            response = phone.post(url, bodies[i], format="json", **headers)
            answers[i] = (response.status_code, response.json())
        except Exception as error:  # noqa: BLE001 - reported by the test's asserts
            answers[i] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=post, args=(i,)) for i in range(len(bodies))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return answers


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("keys", [("phone-a", "phone-b"), (None, None)], ids=["keys", "no-keys"])
def test_two_posts_of_the_same_expected_round_at_once_record_one(owner, keys):
    """Two phones record round n at the same moment, each over its own database connection: one
    is recorded as round n, the other is told it is stale (409, naming the round recorded)."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL): SQLite has no row locks")
    client = APIClient()
    client.force_authenticate(owner)
    created = client.post(
        "/api/sessions/", {"name": "two phones", "players": ["a", "b", "c", "d"]}, format="json"
    )
    assert created.status_code == 201, created.json()
    session = Session.objects.get(pk=created.json()["id"])
    url = f"/api/sessions/{session.pk}/rounds/"

    for expected in (1, 2, 3):
        bodies = [
            {**plain("S"), "expected_round": expected},
            {**paofeng("W"), "expected_round": expected},
        ]
        round_keys = [None if key is None else f"{key}-{expected}" for key in keys]
        answers = posted_at_once(owner, url, bodies, round_keys)
        assert all(isinstance(answer, tuple) for answer in answers), answers
        assert sorted(status for status, _ in answers) == [201, 409], answers
        (recorded,) = [body for status, body in answers if status == 201]
        (refused,) = [body for status, body in answers if status == 409]
        assert recorded["number"] == expected
        assert refused["error"]["code"] == "E_CONFLICT"
        # The refused phone is shown the round the other recorded, and where the sitting is.
        assert refused["round"]["number"] == expected
        assert refused["round"]["winner"] == recorded["winner"]
        assert refused["round"]["payments"] == recorded["payments"]
        assert refused["next_round"] == expected + 1
        assert Round.objects.filter(session=session).count() == expected
    state = client.get(f"/api/sessions/{session.pk}/").json()["state"]
    assert state["next_round"] == 4
    assert sum(Decimal(amount) for amount in state["balances"].values()) == 0
