"""Fixtures for every test tree: fast password hashing, the usual people (an owner, a stranger,
a member), their clients, and a sitting. They call ``tests/factories.py``; a tree whose tests
need another detail overrides a fixture there with one factory call.

The real password hasher (PBKDF2, over a million rounds) takes most of a second per password on
purpose; hundreds of tests make accounts and log in, which would spend minutes of every run
hashing. What the tests check about passwords (they are checked, limited, changed) does not
depend on the hasher; the production settings keep the slow one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.test.utils import override_settings
from rest_framework.test import APIClient

from calculator.models import Session
from calculator.web import page_cache
from tests import factories


@pytest.fixture(autouse=True, scope="session")
def fast_password_hashing() -> Iterator[None]:
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(autouse=True)
def pages_drawn_afresh() -> Iterator[None]:
    """Each test starts with nothing kept of the pages drawn once per version
    (``calculator/web/page_cache.py``): a test's database is rolled back, and the next test's
    sitting may have the same id and version as one before it. (The shared cache is a table of
    that database, rolled back with it.)"""
    page_cache.clear()
    yield
    page_cache.clear()


# --- people -------------------------------------------------------------------------------------


@pytest.fixture
def owner(db) -> AbstractBaseUser:
    """``owner`` / ``pw-owner-123``: the owner of ``sitting``."""
    return factories.make_user("owner")


@pytest.fixture
def stranger(db) -> AbstractBaseUser:
    """``stranger`` / ``pw-stranger-123``: no part of any sitting."""
    return factories.make_user("stranger")


@pytest.fixture
def member(sitting: Session) -> AbstractBaseUser:
    """``amei``, invited to ``sitting``."""
    return factories.make_member(sitting)


# --- clients ------------------------------------------------------------------------------------


@pytest.fixture
def client_for() -> Callable[..., APIClient]:
    """An API client for a user, or for no one."""
    return factories.api_client


@pytest.fixture
def api(owner: AbstractBaseUser) -> APIClient:
    """The owner's API client."""
    return factories.api_client(owner)


@pytest.fixture
def owner_client(owner: AbstractBaseUser) -> Client:
    """The owner's browser, as the pages see it."""
    return factories.page_client(owner)


@pytest.fixture
def member_client(member: AbstractBaseUser) -> Client:
    """The member's browser, as the pages see it."""
    return factories.page_client(member)


# --- sittings -----------------------------------------------------------------------------------


@pytest.fixture
def sitting(owner: AbstractBaseUser) -> Session:
    """The owner's Anqing sitting 周六牌局 of 阿东, 阿南, 阿西 and 阿北 at base silver 1, no round
    yet."""
    return factories.make_sitting(owner)


@pytest.fixture
def new_session(api: APIClient) -> Callable[..., int]:
    """POST a session through the API and return its id."""

    def make(**fields) -> int:
        body = {"name": "週六牌局", "players": ["阿東", "阿南", "阿西", "阿北"], **fields}
        response = api.post("/api/sessions/", body, format="json")
        assert response.status_code == 201, response.json()
        return response.json()["id"]

    return make
