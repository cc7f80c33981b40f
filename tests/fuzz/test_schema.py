"""Schemathesis against the app's own OpenAPI schema: every operation, bounded examples,
deterministic. No answer may be a server error, and every answer must be one the schema
describes (status code, content type, body).

The caller is a user who owns two sittings with two rounds each, an Anqing one and a 紅中 one
(一炮多響 with three winners, then a draw whose kongs pay), and generated session ids, round
numbers and share tokens are steered onto those sittings now and then, so the session endpoints
are reached and not only their 404s, and both games' rounds are checked against the schema.
"""

from __future__ import annotations

from typing import Any

import hypothesis
import pytest
import schemathesis
from django.contrib.auth import get_user_model
from django.core import signals
from django.core.cache import cache
from django.db import close_old_connections
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.core.parameters import ParameterLocation
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

from calculator.models import Session
from calculator.services.rounds import round_record
from calculator.services.sittings import session_create
from calculator.wsgi import application
from tests.calculator.hands import DRAW, plain
from tests.calculator.hongzhong_sitting import ROUNDS as HONGZHONG_ROUNDS


def app(environ: dict, start_response: Any) -> list[bytes]:
    """The WSGI app, without closing the database connection around each request (as Django's
    test client does): the test's transaction lives on that connection."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        response = application(environ, start_response)
        body = b"".join(response)
        response.close()
        return [body]
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", app)

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
]


@pytest.fixture
def world(db) -> tuple[list[Session], str]:
    """Two sittings, each with a win and a draw (Anqing; 紅中's three-winner discard and a draw
    with kongs), and their owner's token."""
    owner = get_user_model().objects.create_user("fuzz-owner", password="pw-fuzz-owner-1")
    get_user_model().objects.create_user("fuzz-guest", password="pw-fuzz-guest-1")
    session = session_create(
        owner=owner, name="fuzz", players=["甲", "乙", "丙", "丁"], base_silver="1"
    )
    round_record(session=session, entry=plain("S"), user=owner)
    round_record(session=session, entry=DRAW, user=owner)
    hongzhong = session_create(
        owner=owner,
        name="fuzz 紅中",
        players=["甲", "乙", "丙", "丁"],
        base_silver="1",
        game="hongzhong",
    )
    for step in (HONGZHONG_ROUNDS[5], HONGZHONG_ROUNDS[3]):
        round_record(session=hongzhong, entry=step.body, user=owner)
    cache.clear()
    return [session, hongzhong], Token.objects.create(user=owner).key


def steer(case: schemathesis.Case, sessions: list[Session]) -> None:
    """Point well-formed path parameters at a sitting, about two times in three (the Anqing one
    for 1, the 紅中 one for 2)."""
    if case.meta is not None and case.meta.is_negative_at(ParameterLocation.PATH):
        return
    params = case.path_parameters or {}
    if isinstance(params.get("id"), int) and params["id"] % 3:
        params["id"] = sessions[params["id"] % 3 - 1].pk
    if isinstance(params.get("number"), int) and params["number"] % 3:
        params["number"] = 1 + params["number"] % 2
    if isinstance(params.get("token"), str) and len(params["token"]) % 3:
        params["token"] = sessions[len(params["token"]) % 3 - 1].share_token


@schema.parametrize()
@hypothesis.settings(
    max_examples=25,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(hypothesis.HealthCheck),
    phases=[hypothesis.Phase.explicit, hypothesis.Phase.generate],
)
def test_every_operation(case: schemathesis.Case, world: tuple[list[Session], str]) -> None:
    sessions, token = world
    steer(case, sessions)
    cache.clear()  # the log-in limit would otherwise turn the token endpoint into 429s
    # The WSGI transport hands the body over as sent: ask for it uncompressed.
    headers = {"Authorization": f"Token {token}", "Accept-Encoding": "identity"}
    case.call_and_validate(headers=headers, checks=CHECKS)
