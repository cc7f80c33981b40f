"""Answers carry no internal details (the database's host and port, the owner's username on a
share link); the details go to the log instead, and a 500 leaves a trace in the server's log."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import OperationalError
from django.test import Client

from calculator import health
from calculator.api import calculator as score_api
from calculator.services.rounds import round_record
from calculator.services.sittings import session_create
from tests import factories
from tests.calculator.hands import plain

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
DRIVER_SAYS = (
    'connection to server at "db.internal.example" (10.1.2.3), port 6543 failed: Connection refused'
)
SECRETS = ("db.internal.example", "10.1.2.3", "6543", "Connection refused")


@pytest.fixture
def gone(monkeypatch: pytest.MonkeyPatch) -> None:
    def unreachable(*args: object, **kwargs: object) -> None:
        raise OperationalError(DRIVER_SAYS)

    monkeypatch.setattr("calculator.selectors.access.sessions_for_user", unreachable)
    monkeypatch.setattr("calculator.web.sittings.sessions_for_user", unreachable)


@pytest.fixture
def player(owner) -> Client:
    return factories.page_client(owner)


def logged(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "calculator" and r.levelno == logging.ERROR]


@pytest.mark.parametrize("path", ["/api/sessions/", "/sessions/"])
def test_the_503_says_the_database_is_unreachable_and_logs_why(player, gone, caplog, path):
    with caplog.at_level(logging.ERROR, logger="calculator"):
        response = player.get(path)
    assert response.status_code == 503
    body = response.content.decode()
    assert "The database cannot be reached" in body
    for secret in SECRETS:
        assert secret not in body, secret
    [record] = logged(caplog)
    assert "port 6543" in record.getMessage() and "OperationalError" in record.getMessage()


def test_the_api_503_is_the_generic_error_object(player, gone):
    error = player.get("/api/sessions/").json()["error"]
    assert error == {
        "code": "E_DATABASE",
        "message": "暫時連不上數據庫。",
        "message_en": "The database cannot be reached.",
    }


def test_healthz_says_down_without_the_detail(monkeypatch, caplog):
    class Unreachable:
        def cursor(self) -> None:
            raise OperationalError(DRIVER_SAYS)

    monkeypatch.setattr(health, "connection", Unreachable())
    with caplog.at_level(logging.ERROR, logger="calculator"):
        response = Client().get("/healthz")
    assert response.status_code == 503
    assert response.json()["error"]["code"] == "E_DATABASE"
    for secret in SECRETS:
        assert secret not in response.content.decode(), secret
    assert logged(caplog)


def test_the_share_answer_leaves_the_owner_out(client_for):
    owner = get_user_model().objects.create_user("zhang-san-owner", password="pw-zhang-123")
    session = session_create(owner=owner, name="周六", players=["甲", "乙", "丙", "丁"])
    round_record(session=session, entry=plain("S"), user=owner)
    response = client_for().get(f"/api/share/{session.share_token}/")
    assert response.status_code == 200
    assert "owner" not in response.json()["session"]
    assert "zhang-san-owner" not in response.content.decode()
    # The owner's own API still names the owner.
    mine = client_for(owner).get(f"/api/sessions/{session.pk}/")
    assert mine.json()["owner"] == "zhang-san-owner"


def test_the_share_schema_has_no_owner(client_for):
    schema = client_for().get("/api/schema/?format=json").json()["components"]["schemas"]
    assert "owner" not in schema["SharedSession"]["properties"]
    assert "owner" in schema["SessionDetail"]["properties"]


def test_a_500_is_logged_on_django_request(monkeypatch, caplog):
    def broken(*args: object, **kwargs: object) -> None:
        raise ValueError("a bug on purpose")

    monkeypatch.setattr(score_api.ScoreView, "post", broken)
    client = Client(raise_request_exception=False)
    with caplog.at_level(logging.ERROR, logger="django.request"):
        response = client.post("/api/score/", "{}", content_type="application/json")
    assert response.status_code == 500
    assert response.json()["error"]["code"] == "E_SERVER"
    assert "a bug on purpose" not in response.content.decode()
    [record] = [r for r in caplog.records if r.name == "django.request"]
    assert record.levelno == logging.ERROR and record.exc_info


BROKEN_SCRIPT = """
import django
django.setup()
from django.test import Client
from calculator.api import calculator as score_api

def broken(*args, **kwargs):
    raise ValueError("a bug on purpose")

score_api.ScoreView.post = broken
print(Client(raise_request_exception=False).post("/api/score/", "{}",
      content_type="application/json").status_code)
"""


def run(script: str, **env: str) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    environment |= {"DJANGO_SETTINGS_MODULE": "calculator.settings", **env}
    return subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_with_debug_off_a_500_reaches_standard_error():
    """What gunicorn's log shows: the request, the error and its traceback."""
    done = run(BROKEN_SCRIPT)
    assert done.stdout.strip() == "500", done.stderr
    assert "ERROR django.request: Internal Server Error: /api/score/" in done.stderr
    assert "ValueError: a bug on purpose" in done.stderr


def test_the_log_is_quiet_when_nothing_is_wrong():
    script = BROKEN_SCRIPT.replace("score_api.ScoreView.post = broken", "")
    done = run(script)
    assert done.stdout.strip() == "400", done.stderr
    assert done.stderr == ""
    # DJANGO_LOG_LEVEL=INFO is accepted (and still quiet for a client's 400).
    assert json.loads(run(script, DJANGO_LOG_LEVEL="INFO").stdout) == 400
