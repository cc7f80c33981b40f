"""An Idempotency-Key is bound to its user and its body: the same request again replays the first
answer; the key reused for another body, or by another user, is refused (422 E_IDEMPOTENCY) and
records nothing, instead of silently losing the new round."""

from __future__ import annotations

import hashlib
import json

import pytest

from calculator.models import IdempotentAnswer, Payment, Round
from calculator.services.rounds import round_record
from tests.calculator.hands import DRAW, plain

pytestmark = pytest.mark.django_db


def rounds_url(session) -> str:
    return f"/api/sessions/{session.pk}/rounds/"


def kept() -> tuple[int, int, int]:
    return Round.objects.count(), Payment.objects.count(), IdempotentAnswer.objects.count()


def test_the_same_request_again_replays_the_first_answer(owner, sitting, client_for):
    client = client_for(owner)
    first = client.post(rounds_url(sitting), plain("W"), format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert first.status_code == 201
    before = kept()
    # Key order and spacing do not make another request: the hash is of the canonical JSON.
    again = client.post(
        rounds_url(sitting),
        json.dumps(dict(reversed(plain("W").items())), indent=2),
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY="k1",
    )
    assert again.status_code == 201 and again["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert kept() == before


def test_the_key_remembers_its_user_and_the_hash_of_the_body(owner, sitting, client_for):
    body = {**plain("W"), "concealed": "123m456m234s678s99p"}
    client_for(owner).post(rounds_url(sitting), body, format="json", HTTP_IDEMPOTENCY_KEY="k2")
    answer = IdempotentAnswer.objects.get(key="k2")
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert answer.user == owner
    assert answer.body_hash == hashlib.sha256(canonical.encode()).hexdigest()


@pytest.mark.parametrize(
    "second",
    [
        pytest.param(plain("N"), id="another-winner"),
        pytest.param(DRAW, id="a-draw"),
        pytest.param({**plain("W"), "first_turn": False}, id="one-more-field"),
    ],
)
def test_the_key_with_another_body_is_refused_and_records_nothing(
    owner, sitting, client_for, second
):
    client = client_for(owner)
    client.post(rounds_url(sitting), plain("W"), format="json", HTTP_IDEMPOTENCY_KEY="k3")
    before = kept()
    response = client.post(rounds_url(sitting), second, format="json", HTTP_IDEMPOTENCY_KEY="k3")
    assert response.status_code == 422
    assert "Idempotent-Replayed" not in response
    error = response.json()["error"]
    assert error["code"] == "E_IDEMPOTENCY"
    assert "Idempotency-Key" in error["message"]
    assert "different request" in error["message_en"]
    assert kept() == before
    # A new key records the new round.
    fresh = client.post(rounds_url(sitting), second, format="json", HTTP_IDEMPOTENCY_KEY="k4")
    assert fresh.status_code == 201


def test_the_key_from_another_user_is_refused(owner, member, sitting, client_for):
    client_for(owner).post(
        rounds_url(sitting), plain("W"), format="json", HTTP_IDEMPOTENCY_KEY="k5"
    )
    before = kept()
    response = client_for(member).post(
        rounds_url(sitting), plain("W"), format="json", HTTP_IDEMPOTENCY_KEY="k5"
    )
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "E_IDEMPOTENCY"
    assert kept() == before


def test_an_answer_kept_before_keys_were_bound_still_replays(owner, sitting):
    first = round_record(session=sitting, entry=plain("W"), user=owner, idempotency_key="old")
    IdempotentAnswer.objects.filter(key="old").update(user=None, body_hash="")
    again = round_record(session=sitting, entry=plain("N"), user=owner, idempotency_key="old")
    assert again.replayed and again.body == first.body


@pytest.mark.parametrize("key", ["a\x00b", "tab\there", "x" * 201])
def test_a_key_that_cannot_be_kept_is_refused(owner, sitting, client_for, key):
    before = kept()
    response = client_for(owner).post(
        rounds_url(sitting), plain("W"), format="json", HTTP_IDEMPOTENCY_KEY=key
    )
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "E_INVALID"
    assert "Idempotency-Key" in response.json()["error"]["message_en"]
    assert kept() == before


def test_the_schema_documents_the_refusal(client_for):
    schema = client_for().get("/api/schema/?format=json").json()
    operation = schema["paths"]["/api/sessions/{id}/rounds/"]["post"]
    assert "422" in operation["responses"]
    assert "E_IDEMPOTENCY" in json.dumps(operation["parameters"])
