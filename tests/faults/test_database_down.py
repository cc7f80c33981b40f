"""A request that finds the database gone is answered 503, not a bare 500; the reason is logged."""

from __future__ import annotations

import pytest
from django.db import OperationalError
from django.test import Client

from tests import factories


# Like tests/security/test_input_errors.py's, whose driver text (host, port) is what it checks
# never reaches a page; here any outage will do.
@pytest.fixture
def gone(monkeypatch: pytest.MonkeyPatch) -> None:
    def unreachable(*args: object, **kwargs: object) -> None:
        raise OperationalError('connection to server at "127.0.0.1", port 5432 failed')

    monkeypatch.setattr("calculator.selectors.access.sessions_for_user", unreachable)
    monkeypatch.setattr("calculator.web.sittings.sessions_for_user", unreachable)


@pytest.fixture
def player(db) -> Client:
    return factories.page_client(factories.make_user("ahnan"))


def test_the_api_answers_503_with_the_error_object(player: Client, gone: None) -> None:
    response = player.get("/api/sessions/")
    assert response.status_code == 503
    assert response["Retry-After"] == "10"
    error = response.json()["error"]
    assert error["code"] == "E_DATABASE"
    assert "The database cannot be reached" in error["message_en"]
    # The driver's words (host, port) go to the log, not to the client.
    assert "port 5432" not in error["message"] + error["message_en"]


def test_a_page_answers_503_and_says_nothing_was_saved(player: Client, gone: None) -> None:
    response = player.get("/sessions/")
    assert response.status_code == 503
    body = response.content.decode()
    assert "The database cannot be reached" in body and "Nothing was saved" in body


def test_other_failures_are_not_mistaken_for_an_outage(player: Client, monkeypatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise ValueError("a bug, not an outage")

    monkeypatch.setattr("calculator.selectors.access.sessions_for_user", broken)  # the API's
    player.raise_request_exception = False
    assert player.get("/api/sessions/").status_code == 500
