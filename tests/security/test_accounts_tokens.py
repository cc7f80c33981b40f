"""API tokens expire after TOKEN_LIFETIME, and die with a log-out or DELETE /api/auth/token/."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

TOKEN_URL = "/api/auth/token/"


def with_token(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def age(token: Token, days: float) -> None:
    Token.objects.filter(pk=token.pk).update(created=token.created - timedelta(days=days))


def test_tokens_last_30_days_by_default():
    assert timedelta(days=30) == settings.TOKEN_LIFETIME
    assert (
        "calculator.api.tokens.ExpiringTokenAuthentication"
        in settings.REST_FRAMEWORK["DEFAULT_AUTHENTICATION_CLASSES"]
    )


def test_a_token_works_within_its_lifetime(owner):
    token = Token.objects.create(user=owner)
    age(token, 29)
    assert with_token(token.key).get("/api/sessions/").status_code == 200


def test_an_expired_token_is_refused_and_deleted(owner):
    token = Token.objects.create(user=owner)
    age(token, 31)
    response = with_token(token.key).get("/api/sessions/")
    assert response.status_code == 401
    error = response.json()["error"]
    assert error["code"] == "E_AUTH"
    assert "expired" in error["message_en"] and "過期" in error["message"]
    assert not Token.objects.filter(key=token.key).exists()


def test_the_lifetime_is_a_setting(owner, settings):
    settings.TOKEN_LIFETIME = timedelta(hours=1)
    token = Token.objects.create(user=owner)
    age(token, 0.1)  # 2.4 hours
    assert with_token(token.key).get("/api/sessions/").status_code == 401


def test_asking_again_after_expiry_gives_a_fresh_token(owner):
    old = Token.objects.create(user=owner)
    age(old, 31)
    response = APIClient().post(
        TOKEN_URL, {"username": "owner", "password": "pw-owner-123"}, format="json"
    )
    assert response.status_code == 200
    fresh = response.json()["token"]
    assert fresh != old.key
    assert with_token(fresh).get("/api/sessions/").status_code == 200


def test_asking_again_within_the_lifetime_gives_the_same_token(owner):
    token = Token.objects.create(user=owner)
    response = APIClient().post(
        TOKEN_URL, {"username": "owner", "password": "pw-owner-123"}, format="json"
    )
    assert response.json()["token"] == token.key


def test_asking_for_a_token_ignores_a_stale_one_sent_along(owner):
    response = with_token("not-a-token").post(
        TOKEN_URL, {"username": "owner", "password": "pw-owner-123"}, format="json"
    )
    assert response.status_code == 200


def test_logging_out_of_the_pages_deletes_the_token(owner):
    token = Token.objects.create(user=owner)
    client = Client()
    client.force_login(owner)
    client.post("/accounts/logout/")
    assert not Token.objects.filter(user=owner).exists()
    assert with_token(token.key).get("/api/sessions/").status_code == 401


def test_delete_revokes_the_callers_token(owner):
    token = Token.objects.create(user=owner)
    client = with_token(token.key)
    response = client.delete(TOKEN_URL)
    assert response.status_code == 204
    assert not Token.objects.filter(user=owner).exists()
    again = client.delete(TOKEN_URL)
    assert again.status_code == 401
    assert again.json()["error"]["code"] == "E_AUTH"
    assert client.get("/api/sessions/").status_code == 401


def test_delete_needs_a_caller(owner):
    Token.objects.create(user=owner)
    response = APIClient().delete(TOKEN_URL)
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "E_AUTH"
    assert Token.objects.filter(user=owner).exists()


def test_delete_touches_only_the_callers_token(owner, stranger):
    mine = Token.objects.create(user=owner)
    theirs = Token.objects.create(user=stranger)
    assert with_token(mine.key).delete(TOKEN_URL).status_code == 204
    assert Token.objects.filter(pk=theirs.pk).exists()


def test_the_schema_documents_delete():
    response = APIClient().get("/api/schema/?format=json")
    operation = response.json()["paths"]["/api/auth/token/"]["delete"]
    # 400 and 422: what its Idempotency-Key may answer (every keyed write documents them).
    assert set(operation["responses"]) == {"204", "400", "401", "403", "422"}
