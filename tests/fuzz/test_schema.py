"""Schemathesis against the app's own OpenAPI schema: every operation, bounded examples,
deterministic. No answer may be a server error, and every answer must be one the schema
describes (status code, content type, body).

The caller is a user who owns a sitting with two rounds, and generated session ids, round
numbers and share tokens are steered onto that sitting now and then, so the session endpoints
are reached and not only their 404s.
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

from calculator import services
from calculator.models import Session
from calculator.wsgi import application
from tests.calculator.hands import DRAW, plain


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
def world(db) -> tuple[Session, str]:
    """A sitting with a win and a draw, and its owner's token."""
    owner = get_user_model().objects.create_user("fuzz-owner", password="pw-fuzz-owner-1")
    get_user_model().objects.create_user("fuzz-guest", password="pw-fuzz-guest-1")
    session = services.session_create(
        owner=owner, name="fuzz", players=["甲", "乙", "丙", "丁"], base_silver="1"
    )
    services.round_record(session=session, entry=plain("S"), user=owner)
    services.round_record(session=session, entry=DRAW, user=owner)
    cache.clear()
    return session, Token.objects.create(user=owner).key


def steer(case: schemathesis.Case, session: Session) -> None:
    """Point well-formed path parameters at the sitting, about two times in three."""
    if case.meta is not None and case.meta.is_negative_at(ParameterLocation.PATH):
        return
    params = case.path_parameters or {}
    if isinstance(params.get("id"), int) and params["id"] % 3:
        params["id"] = session.pk
    if isinstance(params.get("number"), int) and params["number"] % 3:
        params["number"] = 1 + params["number"] % 2
    if isinstance(params.get("token"), str) and len(params["token"]) % 3:
        params["token"] = session.share_token


@schema.parametrize()
@hypothesis.settings(
    max_examples=25,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(hypothesis.HealthCheck),
    phases=[hypothesis.Phase.explicit, hypothesis.Phase.generate],
)
def test_every_operation(case: schemathesis.Case, world: tuple[Session, str]) -> None:
    session, token = world
    steer(case, session)
    cache.clear()  # the log-in limit would otherwise turn the token endpoint into 429s
    # The WSGI transport hands the body over as sent: ask for it uncompressed.
    headers = {"Authorization": f"Token {token}", "Accept-Encoding": "identity"}
    case.call_and_validate(headers=headers, checks=CHECKS)
