"""Text no database or answer can hold, where the JSON parser does not see it: a share token in
the URL, and the command line's request file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("url", ["/api/share/%00/", "/share/%00/", "/share/a%00b/"])
@pytest.mark.django_db
def test_a_share_token_with_nul_is_not_found_and_never_queried(url: str) -> None:
    # PostgreSQL answers a NUL in a text parameter with an error (a 500 before); SQLite does not
    # mind, so the test checks that no query carries it.
    with CaptureQueriesContext(connection) as queries:
        response = Client().get(url)
    assert response.status_code == 404
    assert not any("\x00" in str(query["sql"]) for query in queries.captured_queries)


@pytest.mark.django_db
def test_a_share_poll_with_nul_is_not_found(client: Client) -> None:
    response = client.get("/share/%00/", {"version": "1"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 404


@pytest.mark.parametrize("text", ['{"indicator": "\\ud800"}', '{"concealed\\u0000": "1m"}'])
def test_the_command_line_refuses_text_it_cannot_print(text: str) -> None:
    ran = subprocess.run(
        [sys.executable, "manage.py", "score", "-"],
        cwd=ROOT, input=text, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert ran.returncode == 2, ran.stderr
    error = json.loads(ran.stdout)["error"]
    assert "lone surrogate" in error["message_en"]
    assert "Traceback" not in ran.stderr
