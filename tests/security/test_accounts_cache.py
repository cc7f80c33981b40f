"""The log-in counts live in a cache every app server shares: Django's database cache by
default (its table made by ``migrate``), Redis or memory by ``CACHE_URL``."""

from __future__ import annotations

from datetime import UTC, timedelta

import pytest
from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from django.utils import timezone

from calculator.settings import cache_from_url

pytestmark = pytest.mark.django_db


def test_the_default_cache_is_the_database_cache():
    assert settings.CACHES["default"]["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"
    assert settings.CACHES["default"]["LOCATION"] == "calculator_cache"


def test_migrate_made_the_cache_table_and_it_works():
    assert "calculator_cache" in connection.introspection.table_names()
    cache.set("probe", 7, timeout=60)
    assert cache.get("probe") == 7


@pytest.mark.parametrize(
    ("url", "backend", "location"),
    [
        ("", "django.core.cache.backends.db.DatabaseCache", "calculator_cache"),
        ("redis://cache:6379/1", "django.core.cache.backends.redis.RedisCache", None),
        ("rediss://:pw@cache:6380/0", "django.core.cache.backends.redis.RedisCache", None),
        ("locmem://", "django.core.cache.backends.locmem.LocMemCache", ""),
        ("locmem://limits", "django.core.cache.backends.locmem.LocMemCache", "limits"),
    ],
)
def test_cache_url_picks_the_backend(url, backend, location):
    chosen = cache_from_url(url)
    assert chosen["BACKEND"] == backend
    assert chosen["LOCATION"] == (url if location is None else location)


@pytest.mark.parametrize("url", ["memcached://cache:11211", "calculator_cache", "file:///tmp"])
def test_any_other_cache_url_is_refused_by_name(url):
    with pytest.raises(ImproperlyConfigured) as refused:
        cache_from_url(url)
    assert repr(url) in str(refused.value)
    assert "redis://" in str(refused.value)


def test_the_refusal_does_not_show_a_password():
    with pytest.raises(ImproperlyConfigured) as refused:
        cache_from_url("memcached://admin:s3cret@cache:11211")
    assert "s3cret" not in str(refused.value)
    assert "cache:11211" in str(refused.value)


def test_a_failure_counts_for_the_whole_window_in_the_database_cache(client, db):
    """Django's database cache resets a key's expiry to its default (300 s) on incr(): each
    failure must keep the log-in window (900 s) instead."""
    client.post("/accounts/login/", {"username": "someone", "password": "wrong"})
    client.post("/accounts/login/", {"username": "someone", "password": "wrong"})
    with connection.cursor() as cursor:
        cursor.execute("SELECT expires FROM calculator_cache")
        expiries = [row[0] for row in cursor.fetchall()]
    assert len(expiries) == 4  # two failures, each for the name and for the address
    soonest = min(
        when.replace(tzinfo=UTC) if timezone.is_naive(when) else when for when in expiries
    )
    assert soonest >= timezone.now() + timedelta(seconds=settings.LOGIN_FAILURE_WINDOW - 60)
