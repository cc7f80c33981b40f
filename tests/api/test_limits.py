"""Nothing is unbounded: caps on rounds, rules versions, live sittings and members (E_LIMIT, 422,
nothing saved), on the API and the import."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from calculator.errors import CalculatorError
from calculator.models import Session
from calculator.services.imports import session_import
from tests.calculator.hands import DRAW, plain
from tests.factories import api_error, record_rounds, snapshot

pytestmark = pytest.mark.django_db


# --- caps ----------------------------------------------------------------------------------------


def test_the_round_after_the_cap_is_refused_and_nothing_is_saved(sitting, api, settings):
    settings.MAX_ROUNDS_PER_SESSION = 3
    record_rounds(sitting, plain("S"), DRAW, DRAW)
    before = snapshot()
    response = api.post(f"/api/sessions/{sitting.pk}/rounds/", plain("W"), format="json")
    error = api_error(response, 422, "E_LIMIT")
    assert "3 局" in error["message"] and "再開一場" in error["message"]
    assert "cap of 3 rounds" in error["message_en"] and "new session" in error["message_en"]
    assert snapshot() == before
    # Correcting and voiding the rounds already there still work.
    response = api.put(f"/api/sessions/{sitting.pk}/rounds/2/", plain("N"), format="json")
    assert response.status_code == 200


def export_with(rounds: int, versions: int = 1) -> dict:
    return {
        "format": "anqing-session",
        "name": "很長的一場",
        "players": ["甲", "乙", "丙", "丁"],
        "rules_versions": [{"number": n, "rules": {}} for n in range(1, versions + 1)],
        "rounds": [{"number": n, "result": "draw", "hand": {}} for n in range(1, rounds + 1)],
    }


def test_an_import_over_the_round_cap_is_refused_before_any_work(api, settings, owner):
    settings.MAX_ROUNDS_PER_SESSION = 50
    with CaptureQueriesContext(connection) as queries:
        with pytest.raises(CalculatorError) as refused:
            session_import(owner=owner, data=export_with(56_000))
    assert refused.value.code == "E_LIMIT" and refused.value.status == 422
    assert "56000" in refused.value.message_en and "50" in refused.value.message_en
    # Not one row read or written: only the transaction's savepoint, rolled back.
    assert all("SAVEPOINT" in query["sql"] for query in queries.captured_queries)
    response = api.post("/api/sessions/import/", export_with(51), format="json")
    api_error(response, 422, "E_LIMIT")
    assert not Session.objects.exists()
    assert api.post("/api/sessions/import/", export_with(50), format="json").status_code == 201


def test_an_import_over_the_rules_versions_cap_is_refused(api, settings):
    settings.MAX_RULES_VERSIONS_PER_SESSION = 3
    error = api_error(
        api.post("/api/sessions/import/", export_with(1, versions=4), format="json"),
        422,
        "E_LIMIT",
    )
    assert "3" in error["message_en"] and "4" in error["message_en"]
    assert not Session.objects.exists()


def test_new_house_rules_past_the_cap_are_refused(sitting, api, settings):
    settings.MAX_RULES_VERSIONS_PER_SESSION = 2
    url = f"/api/sessions/{sitting.pk}/rules/"
    assert api.post(url, {"rules": {"dealer_base": 10}}, format="json").status_code == 201
    before = snapshot()
    api_error(api.post(url, {"rules": {"dealer_base": 12}}, format="json"), 422, "E_LIMIT")
    assert snapshot() == before


def test_live_sittings_per_account_are_capped(api, settings):
    settings.MAX_LIVE_SESSIONS_PER_USER = 2
    body = {"name": "一場", "players": ["甲", "乙", "丙", "丁"]}
    first = api.post("/api/sessions/", body, format="json").json()["id"]
    api.post("/api/sessions/", body, format="json")
    error = api_error(api.post("/api/sessions/", body, format="json"), 422, "E_LIMIT")
    assert "2" in error["message"] and "archive or delete" in error["message_en"]
    api_error(api.post("/api/sessions/import/", export_with(1), format="json"), 422, "E_LIMIT")
    assert Session.objects.count() == 2
    # An archived sitting does not count; restoring it would pass the cap.
    api.post(f"/api/sessions/{first}/archive/")
    assert api.post("/api/sessions/", body, format="json").status_code == 201
    api_error(api.delete(f"/api/sessions/{first}/archive/"), 422, "E_LIMIT")
    assert Session.objects.get(pk=first).archived_at is not None


def test_members_per_sitting_are_capped(sitting, api, settings):
    settings.MAX_MEMBERS_PER_SESSION = 2
    for name in ("member-a", "member-b", "member-c"):
        get_user_model().objects.create_user(name, password="pw-member-77")
    url = f"/api/sessions/{sitting.pk}/members/"
    assert api.post(url, {"username": "member-a"}, format="json").status_code == 201
    assert api.post(url, {"username": "member-b"}, format="json").status_code == 201
    error = api_error(api.post(url, {"username": "member-c"}, format="json"), 422, "E_LIMIT")
    assert "2" in error["message"] and "at most 2 invited members" in error["message_en"]
    assert sorted(sitting.members.values_list("username", flat=True)) == ["member-a", "member-b"]
