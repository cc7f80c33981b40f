"""A session exported as JSON and imported again gives the same rounds and the same ledger."""

from __future__ import annotations

import pytest

from calculator.models import Session
from tests.calculator.hands import DRAW, bao, paofeng, plain

pytestmark = pytest.mark.django_db


def test_export_then_import_reproduces_the_ledger(api, new_session):
    pk = new_session(base_silver="0.5", rules={"pao_feng": 8})
    url = f"/api/sessions/{pk}/rounds/"
    for body in [plain("E"), DRAW, paofeng("E"), bao("W", "N")]:
        assert api.post(url, body, format="json").status_code == 201
    api.post(
        f"/api/sessions/{pk}/rules/", {"rules": {"pao_feng": 6, "dealer_base": 10}}, format="json"
    )
    api.post(url, paofeng("S"), format="json")
    api.delete(f"{url}2/")
    exported = api.get(f"/api/sessions/{pk}/export/")
    assert exported.status_code == 200
    data = exported.json()
    assert data["format"] == "anqing-session"
    assert [v["rules"] for v in data["rules_versions"]] == [
        {"pao_feng": 8},
        {"pao_feng": 6, "dealer_base": 10},
    ]
    assert [(r["number"], r["rules_version"], r["voided"]) for r in data["rounds"]] == [
        (1, 1, False),
        (2, 1, True),
        (3, 1, False),
        (4, 1, False),
        (5, 2, False),
    ]

    imported = api.post("/api/sessions/import/", data, format="json")
    assert imported.status_code == 201, imported.json()
    new_pk = imported.json()["id"]
    assert new_pk != pk
    original = api.get(f"/api/sessions/{pk}/ledger/").json()
    copy = api.get(f"/api/sessions/{new_pk}/ledger/").json()
    assert copy == original
    assert copy["balances"] == data["balances"]
    assert (
        api.get(f"/api/sessions/{new_pk}/").json()["state"]
        == api.get(f"/api/sessions/{pk}/").json()["state"]
    )
    # R12: the house-rule override shows up in the money: round 3 has PAO_FENG 8 (F = 11).
    assert copy["rounds"][2]["fan"] == 11


@pytest.mark.parametrize(
    ("change", "names"),
    [
        ({"format": "csv"}, "format"),
        ({"rounds": [{"number": 2, "result": "draw"}]}, "numbered"),
        ({"rounds": [{"number": 1, "result": "win", "hand": {"winner": "S"}}]}, "indicator"),
        ({"rounds": [{"number": 1, "result": "draw", "rules_version": 4}]}, "rules_version"),
        ({"players": ["a"]}, "players"),
        ({"rules_versions": ["pao_feng"]}, "rules_versions"),
        ({"rules_versions": [{"rules": {}}, {"rules": {"nope": 1}}]}, "nope"),
    ],
)
def test_a_bad_import_says_why_and_saves_nothing(api, change, names):
    data = {
        "format": "anqing-session",
        "name": "x",
        "players": ["a", "b", "c", "d"],
        "rules_versions": [{"number": 1, "rules": {}}],
        "rounds": [],
        **change,
    }
    response = api.post("/api/sessions/import/", data, format="json")
    assert response.status_code == 400
    assert names in response.json()["error"]["message_en"]
    assert Session.objects.count() == 0


def test_an_import_whose_hand_the_engine_refuses_names_the_engine_error(api):
    bad = {k: v for k, v in plain("S").items() if k != "result"} | {"win_tile": "7p"}
    data = {
        "format": "anqing-session",
        "name": "x",
        "players": ["a", "b", "c", "d"],
        "rounds": [{"number": 1, "result": "win", "hand": bad}],
    }
    response = api.post("/api/sessions/import/", data, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "E_WIN_TILE"
    assert Session.objects.count() == 0


def test_seat_changes_go_through_export_and_import(api, new_session):
    """The file names the opening seating and each seat change by seats (as its API body does),
    so the copy seats the same people at each round, voided changes included."""
    pk = new_session()
    url = f"/api/sessions/{pk}/"
    api.post(f"{url}rounds/", plain("S"), format="json")
    swap = {"seating": {"E": "E", "S": "W", "W": "S", "N": "N"}}
    assert api.post(f"{url}seat-changes/", swap, format="json").status_code == 201  # 2
    api.post(f"{url}rounds/", plain("S"), format="json")  # 3
    turn = {"seating": {"E": "N", "S": "E", "W": "S", "N": "W"}}
    assert api.post(f"{url}seat-changes/", turn, format="json").status_code == 201  # 4
    api.post(f"{url}seat-changes/", swap, format="json")  # 5, voided below
    api.delete(f"{url}seat-changes/5/")
    api.post(f"{url}rounds/", plain("W"), format="json")  # 6
    data = api.get(f"{url}export/").json()
    opened = api.get(f"{url}").json()["players"]
    assert data["players"] != list(opened.values())  # the opening seating, not today's
    assert [r["hand"] for r in data["rounds"] if r["result"] == "seats"] == [swap, turn, swap]
    imported = api.post("/api/sessions/import/", data, format="json")
    assert imported.status_code == 201, imported.json()
    copy_url = f"/api/sessions/{imported.json()['id']}/"
    assert api.get(copy_url).json()["players"] == opened
    assert api.get(f"{copy_url}ledger/").json() == api.get(f"{url}ledger/").json()
    assert api.get(f"{copy_url}").json()["state"] == api.get(f"{url}").json()["state"]
    copy = Session.objects.get(pk=imported.json()["id"])
    assert api.get(f"{copy_url}export/").json()["rounds"] == data["rounds"]
    assert copy.opening and copy.south.name != data["players"][1]


def test_an_import_refuses_a_seat_change_that_is_not_a_permutation(api, new_session):
    pk = new_session()
    data = api.get(f"/api/sessions/{pk}/export/").json()
    data["rounds"] = [
        {"number": 1, "result": "seats", "hand": {"seating": {"E": "E", "S": "E", "W": "W",
                                                               "N": "N"}}},
    ]  # fmt: skip
    answer = api.post("/api/sessions/import/", data, format="json")
    assert answer.status_code == 400
    assert "1" in answer.json()["error"]["message_en"]
    assert Session.objects.count() == 1  # nothing saved
