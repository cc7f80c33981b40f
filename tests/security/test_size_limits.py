"""Request bodies, tile strings and meld lists are bounded: too much is refused with a clear
error object (the API) or message (the pages), and nothing is saved."""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.test import Client

from calculator.models import Payment, Round, Session
from tests.calculator.hands import plain
from tests.factories import api_error

pytestmark = pytest.mark.django_db


def counts() -> tuple[int, int, int]:
    return Session.objects.count(), Round.objects.count(), Payment.objects.count()


def test_a_body_over_the_limit_is_refused_with_413(owner, client_for):
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    export = {
        "format": "anqing-session",
        "name": "big",
        "players": ["a", "b", "c", "d"],
        "padding": "x" * limit,
    }
    before = counts()
    response = client_for(owner).post("/api/sessions/import/", export, format="json")
    error = api_error(response, 413, "E_TOO_LARGE")
    assert error["message_en"] == f"The request body is too large: at most {limit // 1024} KB."
    assert counts() == before


def test_the_limit_holds_whatever_content_length_claims(owner, client_for):
    body = json.dumps({"name": "x" * settings.DATA_UPLOAD_MAX_MEMORY_SIZE})
    response = client_for(owner).generic(
        "POST",
        "/api/sessions/",
        body,
        content_type="application/json",
        CONTENT_LENGTH="10",  # a lie, smaller than the body
    )
    # Only ten bytes are read: not JSON, refused with the error object either way.
    assert response.status_code in (400, 413)
    assert response.json()["error"]["code"] in ("E_INVALID", "E_TOO_LARGE")


def test_deeply_nested_json_is_a_clear_400_not_a_crash(owner, client_for):
    body = "[" * 100_000 + "]" * 100_000
    response = client_for(owner).generic(
        "POST", "/api/sessions/", body, content_type="application/json"
    )
    api_error(response, 400, "E_INVALID")
    score = Client().generic("POST", "/api/score/", body, content_type="application/json")
    api_error(score, 400, "E_INVALID")


def test_a_form_post_over_the_limit_is_refused(owner):
    client = Client()
    client.force_login(owner)
    response = client.post(
        "/sessions/new/", {"name": "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)}
    )
    assert response.status_code == 400
    assert Session.objects.count() == 0


def test_only_json_is_read(owner, client_for):
    response = client_for(owner).post("/api/sessions/", {"name": "form"}, format="multipart")
    api_error(response, 415, "E_INVALID")
    assert Session.objects.count() == 0


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"concealed": "123m" * 17}, "concealed"),
        ({"melds": [{"kind": "pung", "tiles": "1m" * 40, "from": "E"}]}, "melds[0].tiles"),
    ],
)
def test_a_long_tile_field_is_refused_naming_it(owner, client_for, sitting, change, field):
    before = counts()
    response = client_for(owner).post(
        f"/api/sessions/{sitting.pk}/rounds/", {**plain("S"), **change}, format="json"
    )
    error = api_error(response, 400, "E_NOTATION")
    assert error["message_en"].startswith(f"{field} is too long: at most 64 characters")
    assert counts() == before
    score = client_for().post("/api/score/", {**plain("S"), **change, "dealer": "E"}, format="json")
    assert score.json()["error"]["message_en"].startswith(f"{field} is too long")


def test_too_many_melds_are_refused(owner, client_for, sitting):
    before = counts()
    melds = [{"kind": "pung", "tiles": "111m", "from": "E"}] * 1000
    response = client_for(owner).post(
        f"/api/sessions/{sitting.pk}/rounds/", {**plain("S"), "melds": melds}, format="json"
    )
    assert "more than four melds" in api_error(response, 400, "E_CONTEXT")["message_en"]
    assert counts() == before


def test_absurd_amounts_on_the_open_score_door_are_a_clear_400(client_for):
    request = {**plain("S"), "dealer": "E"}
    del request["result"]
    response = client_for().post(
        "/api/score/", {**request, "base_silver": "1" + "0" * 5000}, format="json"
    )
    # R9: the engine keeps base silver within what a table plays for.
    error = api_error(response, 400, "E_CONTEXT")
    assert "Base silver must be above 0 and at most" in error["message_en"]
    assert len(error["message_en"]) < 300
    # Written with an exponent it is no amount a person writes: refused by name before that.
    response = client_for().post(
        "/api/score/", {**request, "base_silver": "1e999999"}, format="json"
    )
    assert api_error(response, 400, "E_NOTATION")["field"] == "base_silver"


def test_the_pages_refuse_a_long_tile_field_naming_it(owner, sitting):
    client = Client()
    client.force_login(owner)
    before = counts()
    response = client.post(
        f"/sessions/{sitting.pk}/rounds/new/",
        {
            "winner": "S",
            "indicator": "9p",
            "hand": "1m" * 35,
            "win_tile": "4m",
            "bar_tiles": 0,
            "kongs_before_win": 0,
        },
    )
    assert response.status_code == 400
    body = response.content.decode()
    assert "concealed" in body and "64" in body
    assert counts() == before
