"""A retry that arrives while the first request with its ``Idempotency-Key`` is still running
(docs/api.md, *Retries and concurrency*): it waits for the first to finish, then answers the
first's answer again with ``Idempotent-Replayed: true``, and nothing is written twice. A round's
key waits on the sitting's lock; a key of no sitting waits on the first request's claim of it.
On SQLite the wait is for the database's write lock, on PostgreSQL for the row: both here."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connections
from rest_framework.test import APIClient

from calculator.models import IdempotentAnswer, Round, Session
from tests.calculator.hands import plain

pytestmark = pytest.mark.django_db(transaction=True)

SLOW = 1.0  # seconds the first request takes inside its transaction


def first_then_retry(
    owner, monkeypatch, where: str, url: str, body: dict, key: str
) -> tuple[tuple[int, Any, str | None], tuple[int, Any, str | None], float]:
    """Post ``body`` with ``key``; while that first request is inside its transaction (``where``,
    a function it calls there, made slow), post it again from another client. Both answers as
    (status, body, Idempotent-Replayed), and how long the retry took."""
    inside = threading.Event()
    real: Callable[..., Any] = _resolve(where)

    def slow(*args: Any, **kwargs: Any) -> Any:
        if not inside.is_set():  # the first request only
            inside.set()
            time.sleep(SLOW)
        return real(*args, **kwargs)

    monkeypatch.setattr(where, slow)
    answers: list[Any] = [None, None]
    took: list[float] = [0.0]

    def post(i: int) -> None:
        try:
            phone = APIClient()
            phone.force_authenticate(owner)
            if i == 1:
                assert inside.wait(10), "the first request never got inside"
            started = time.monotonic()
            response = phone.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY=key)
            if i == 1:
                took[0] = time.monotonic() - started
            answers[i] = (
                response.status_code,
                response.json(),
                response.headers.get("Idempotent-Replayed"),
            )
        except Exception as error:  # noqa: BLE001 - reported by the test's asserts
            answers[i] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=post, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert all(isinstance(answer, tuple) for answer in answers), answers
    return answers[0], answers[1], took[0]


def _resolve(dotted: str) -> Callable[..., Any]:
    module, _, name = dotted.rpartition(".")
    return getattr(__import__(module, fromlist=[name]), name)


def test_a_round_retried_while_the_first_post_runs_waits_then_replays(owner, monkeypatch):
    client = APIClient()
    client.force_authenticate(owner)
    created = client.post(
        "/api/sessions/", {"name": "retry", "players": ["a", "b", "c", "d"]}, format="json"
    )
    session = Session.objects.get(pk=created.json()["id"])
    url = f"/api/sessions/{session.pk}/rounds/"
    body = {**plain("S"), "expected_round": 1}
    # Slow inside the sitting's lock: after the locked read, before the round is recorded.
    first, retry, took = first_then_retry(
        owner, monkeypatch, "calculator.services.rounds._recorded", url, body, "tap-once"
    )
    assert first[0] == 201 and first[2] is None, first
    assert retry == (201, first[1], "true")
    assert took >= SLOW / 2, f"the retry did not wait for the first ({took:.2f} s)"
    assert Round.objects.filter(session=session).count() == 1
    assert IdempotentAnswer.objects.filter(session=session, key="tap-once").count() == 1


def test_a_keyed_write_of_no_sitting_retried_while_it_runs_waits_then_replays(owner, monkeypatch):
    body = {"name": "週日", "players": ["甲", "乙", "丙", "丁"]}
    # Slow after the key is claimed, before the sitting is opened.
    first, retry, took = first_then_retry(
        owner, monkeypatch, "calculator.api.sittings.session_create", "/api/sessions/", body, "k1"
    )
    assert first[0] == 201 and first[2] is None, first
    assert retry == (201, first[1], "true")
    assert took >= SLOW / 2, f"the retry did not wait for the first ({took:.2f} s)"
    assert Session.objects.filter(owner=owner, name="週日").count() == 1
