"""Fixtures for the security tests: an owner with a played sitting, a stranger, clients."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache, caches
from django.core.cache.backends.db import BaseDatabaseCache
from rest_framework.test import APIClient

from calculator.models import Session
from calculator.services.rounds import round_record
from calculator.services.sittings import session_create
from tests.calculator.hands import DRAW, plain


@pytest.fixture(autouse=True)
def fresh_cache(request: pytest.FixtureRequest) -> Iterator[None]:
    """Log-in failure counts live in the cache: every test starts and ends with none. The
    database cache (the default) lives in the test's database, so a test without one has no
    counts, and one with it clears them once its database is there."""
    if isinstance(caches["default"], BaseDatabaseCache):
        wants_db = request.node.get_closest_marker("django_db") is not None or bool(
            {"db", "transactional_db"} & set(request.fixturenames)
        )
        if not wants_db:
            yield
            return
        request.getfixturevalue("db")
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def fast_passwords(settings) -> None:
    """Log-in tests check many passwords; the real hasher is slow on purpose."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def owner(db):
    return get_user_model().objects.create_user("owner", password="pw-owner-123")


@pytest.fixture
def stranger(db):
    return get_user_model().objects.create_user("stranger", password="pw-stranger-123")


@pytest.fixture
def sitting(owner) -> Session:
    """A sitting with a win and a draw, so every page and endpoint has something to show."""
    session = session_create(owner=owner, name="周六牌局", players=["阿东", "阿南", "阿西", "阿北"])
    round_record(session=session, entry=plain("S"), user=owner)
    round_record(session=session, entry=DRAW, user=owner)
    return session


@pytest.fixture
def api_as():
    def make(user=None) -> APIClient:
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    return make
