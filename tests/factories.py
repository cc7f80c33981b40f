"""What the tests start from, made the same way everywhere: a user, a client, a sitting with its
rounds, a member; and the two readings many API tests share (an error answer, and everything a
refused write must leave alone).

Plain functions with keyword arguments for what differs; the fixtures in ``tests/conftest.py``
call them with the usual values, and a test that needs another detail calls them itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from rest_framework.test import APIClient

from calculator.models import IdempotentAnswer, Payment, Round, RulesVersion, Session
from calculator.services.rounds import round_record
from calculator.services.sittings import session_create, session_invite

SITTING_NAME = "周六牌局"
PLAYERS = ("阿东", "阿南", "阿西", "阿北")


# --- people and their clients ------------------------------------------------------------------


def make_user(username: str = "owner", password: str | None = None) -> AbstractBaseUser:
    """An account; its password is ``pw-<username>-123`` unless one is given."""
    return get_user_model().objects.create_user(username, password=password or f"pw-{username}-123")


def api_client(user: AbstractBaseUser | None = None) -> APIClient:
    """DRF's test client, authenticated as ``user`` when one is given."""
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def page_client(user: AbstractBaseUser) -> Client:
    """Django's test client with ``user`` logged in, as the pages see a browser."""
    client = Client()
    client.force_login(user)
    return client


# --- sittings and their rounds -----------------------------------------------------------------


def make_sitting(
    owner: AbstractBaseUser,
    *,
    name: str = SITTING_NAME,
    players: Iterable[str] = PLAYERS,
    rounds: Iterable[dict] = (),
    **fields: Any,
) -> Session:
    """A sitting of ``owner`` (an Anqing one at base silver 1 unless ``fields`` say otherwise:
    ``game``, ``player_count``, ``base_silver``, ``rules`` …), with ``rounds`` recorded by the
    owner in order. The object is the one created: read it again (``refresh_from_db``) for the
    balances and dealer stored by the rounds."""
    session = session_create(owner=owner, name=name, players=list(players), **fields)
    for entry in rounds:
        round_record(session=session, entry=entry, user=owner)
    return session


def record_rounds(session: Session, *entries: dict, user: AbstractBaseUser | None = None) -> None:
    """Record each entry as the next round (a service call), by ``user`` when one is given."""
    for entry in entries:
        round_record(session=session, entry=entry, user=user)


def make_member(session: Session, username: str = "amei") -> AbstractBaseUser:
    """An account invited to ``session`` by its username, as the owner does on the members page."""
    user = make_user(username, password="pw-member-123")
    session_invite(session=session, username=username)
    return user


# --- what the API answered, and what a refused write left --------------------------------------


def api_error(response, status: int, code: str) -> dict:
    """The error object of an API answer, checked: its status, JSON, its code, and a message in
    the page's language and in English."""
    assert response.status_code == status, response.content
    assert response["Content-Type"] == "application/json"
    error = response.json()["error"]
    assert error["code"] == code, error
    assert error["message"] and error["message_en"]
    return error


def snapshot() -> list:
    """Everything a write could touch, to compare before and after one that was refused."""
    return [
        list(Session.objects.values().order_by("pk")),
        list(Session.members.through.objects.values().order_by("pk")),
        list(Round.objects.values().order_by("pk")),
        list(Payment.objects.values().order_by("pk")),
        list(RulesVersion.objects.values().order_by("pk")),
        list(IdempotentAnswer.objects.values().order_by("pk")),
    ]
