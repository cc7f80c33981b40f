"""Fixtures for the security tests: no log-in failures left over, and a sitting already played."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.core.cache import cache, caches
from django.core.cache.backends.db import BaseDatabaseCache

from calculator.models import Session
from tests import factories
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


@pytest.fixture
def sitting(owner) -> Session:
    """A sitting with a win and a draw, so every page and endpoint has something to show."""
    return factories.make_sitting(owner, rounds=[plain("S"), DRAW])
