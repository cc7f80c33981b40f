"""Failures injected in the middle of a write leave the database exactly as it was; a retried
request with the same Idempotency-Key records once; an unreachable database is reported within
seconds, not after a hang."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

import calculator.services.rounds as rounds_service
from calculator.models import IdempotentAnswer, Payment, Round, RulesVersion, Session
from calculator.services import history
from calculator.services.sittings import rules_change
from scoring.games import score
from tests import factories
from tests.calculator.hands import DRAW, bao, paofeng, plain

ROOT = Path(__file__).resolve().parents[2]


class Injected(RuntimeError):
    """The fault a test injects."""


def dump() -> dict[str, list[dict[str, Any]]]:
    """Every row a write could touch, in a fixed order."""
    return {
        model.__name__: list(model.objects.values().order_by("pk"))
        for model in (Session, RulesVersion, Round, Payment, IdempotentAnswer)
    }


def fail_on_call(n: int, real: Any) -> Any:
    """``real``, except that its ``n``-th call and every later one raise."""
    calls = {"count": 0}

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        calls["count"] += 1
        if calls["count"] >= n:
            raise Injected(f"injected failure on call {n}")
        return real(*args, **kwargs)

    return wrapper


# The faults need real transactions (transactional_db), and an API client that answers a 500
# instead of raising it.
@pytest.fixture
def owner(transactional_db):
    return factories.make_user("owner")


@pytest.fixture
def api(owner) -> APIClient:
    client = APIClient(raise_request_exception=False)
    client.force_authenticate(owner)
    return client


@pytest.fixture
def sitting(owner) -> Session:
    """Five rounds under two rules versions: every later round depends on the ones before."""
    session = factories.make_sitting(
        owner, name="x", players="abcd", rounds=[plain("S"), DRAW, paofeng("W")]
    )
    rules_change(session=session, rules={"dealer_base": 10}, user=owner)
    factories.record_rounds(session, bao("N", "E"), plain("E"), user=owner)
    return session


def assert_server_error(response) -> None:
    assert response.status_code == 500
    assert response.json()["error"]["code"] == "E_SERVER"


def test_a_failure_while_writing_the_payments_of_a_new_round_saves_nothing(
    api, sitting, monkeypatch
):
    before = dump()
    # The round's INSERT goes through; the payments' (the second) fails.
    monkeypatch.setattr(rounds_service, "inserted", fail_on_call(2, rounds_service.inserted))
    response = api.post(f"/api/sessions/{sitting.pk}/rounds/", plain("W"), format="json")
    assert_server_error(response)
    assert dump() == before


@pytest.mark.parametrize("nth", [1, 2, 4])
def test_a_failure_in_the_engine_while_rescoring_after_a_correction_changes_nothing(
    api, sitting, monkeypatch, nth
):
    before = dump()
    monkeypatch.setattr("calculator.selectors.sittings.score", fail_on_call(nth, score))
    response = api.put(f"/api/sessions/{sitting.pk}/rounds/1/", plain("W"), format="json")
    assert_server_error(response)
    assert dump() == before


@pytest.mark.parametrize("step", ["_rounds_update", "bulk_create"])
def test_a_failure_after_the_old_payments_are_deleted_changes_nothing(
    api, sitting, monkeypatch, step
):
    before = dump()
    if step == "bulk_create":
        monkeypatch.setattr(
            Payment.objects, "bulk_create", fail_on_call(1, Payment.objects.bulk_create)
        )
    else:
        monkeypatch.setattr(history, step, fail_on_call(1, getattr(history, step)))
    assert_server_error(api.put(f"/api/sessions/{sitting.pk}/rounds/2/", plain("S"), format="json"))
    assert dump() == before
    assert_server_error(api.delete(f"/api/sessions/{sitting.pk}/rounds/1/"))
    assert dump() == before


def test_without_a_fault_the_same_correction_does_change_things(api, sitting):
    """The faults above are injected into writes that really change the ledger."""
    before = dump()
    response = api.put(f"/api/sessions/{sitting.pk}/rounds/1/", plain("W"), format="json")
    assert response.status_code == 200
    after = dump()
    assert after["Round"] != before["Round"] and after["Payment"] != before["Payment"]


def test_a_retry_after_a_failed_first_attempt_records_once(api, sitting, monkeypatch):
    url = f"/api/sessions/{sitting.pk}/rounds/"
    before = dump()
    with monkeypatch.context() as patched:
        patched.setattr(rounds_service, "inserted", fail_on_call(2, rounds_service.inserted))
        first = api.post(url, plain("W"), format="json", HTTP_IDEMPOTENCY_KEY="retry-1")
    assert_server_error(first)
    assert dump() == before  # no round, no payment, and no stored answer for the key
    retry = api.post(url, plain("W"), format="json", HTTP_IDEMPOTENCY_KEY="retry-1")
    assert retry.status_code == 201 and retry.json()["number"] == 6
    again = api.post(url, plain("W"), format="json", HTTP_IDEMPOTENCY_KEY="retry-1")
    assert again.status_code == 201 and again["Idempotent-Replayed"] == "true"
    assert again.json() == retry.json()
    assert Round.objects.filter(session=sitting).count() == 6
    assert Payment.objects.filter(round__number=6).count() == 3


# --- the database out of reach ----------------------------------------------------------------


def test_healthz_answers_ok_when_the_database_answers(transactional_db):
    response = APIClient().get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok"}


# Each script times only its own work, not the interpreter's start: the start is the machine's
# (seconds on a loaded one), the request or the check is the app's.
HEALTH_SCRIPT = """
import json, time, django
django.setup()
from django.test import Client
started = time.monotonic()
response = Client().get("/healthz")
took = time.monotonic() - started
print(json.dumps({"status": response.status_code, "body": response.json(), "took": took}))
"""

CHECK_SCRIPT = """
import io, json, time, django
django.setup()
from django.core.management import call_command
out = io.StringIO()
started = time.monotonic()
call_command("check", stdout=out)
print(json.dumps({"out": out.getvalue(), "took": time.monotonic() - started}))
"""


def run_with_database(url: str, *args: str) -> tuple[subprocess.CompletedProcess, float]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env |= {"DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "calculator.settings"}
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    return done, time.monotonic() - started


@pytest.mark.parametrize(
    "url",
    [
        "postgres://postgres@127.0.0.1:1/anqing",  # a closed port: refused at once
        "postgres://postgres@10.255.255.1:5432/anqing",  # no answer: the connect timeout
    ],
)
def test_an_unreachable_database_is_reported_within_seconds(url):
    done, _ = run_with_database(url, "-c", HEALTH_SCRIPT)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout.strip().splitlines()[-1])
    assert answer["status"] == 503
    error = answer["body"]["error"]
    assert error["code"] == "E_DATABASE"
    assert error["message_en"] == "The database cannot be reached."
    # The connect timeout (DJANGO_DB_CONNECT_TIMEOUT, 3 s by default) bounds the wait: no hang.
    assert answer["took"] < 3 + 5, answer["took"]


def test_the_app_starts_without_its_database():
    done, _ = run_with_database("postgres://postgres@127.0.0.1:1/anqing", "-c", CHECK_SCRIPT)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout.strip().splitlines()[-1])
    assert "no issues" in answer["out"]
    assert answer["took"] < 10, answer["took"]  # the checks never wait for the database
