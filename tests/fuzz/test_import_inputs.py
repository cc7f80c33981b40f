"""An export with any one value replaced by arbitrary JSON is imported or refused with the error
object, never a crash, and a refusal saves nothing. Then the problems this found, one by one."""

from __future__ import annotations

import copy
from typing import Any

import hypothesis
import pytest
from django.contrib.auth import get_user_model
from hypothesis import strategies as st
from rest_framework.test import APIClient

from calculator.models import Payment, Round, RulesVersion, Session
from calculator.services.sittings import session_create
from tests import factories
from tests.calculator.hands import paofeng, plain

pytestmark = pytest.mark.django_db


def hand_of(entry: dict) -> dict:
    return {k: v for k, v in entry.items() if k != "result"}


EXPORT: dict[str, Any] = {
    "format": "anqing-session",
    "version": 1,
    "name": "周六",
    "ruleset": "anqing",
    "base_silver": "1",
    "players": ["甲", "乙", "丙", "丁"],
    "rules_versions": [{"number": 1, "rules": {}}, {"number": 2, "rules": {"dealer_base": 10}}],
    "rounds": [
        {"number": 1, "result": "win", "hand": hand_of(plain("S")), "rules_version": 1},
        {"number": 2, "result": "draw", "hand": {}, "rules_version": 1, "voided": False},
        {"number": 3, "result": "win", "hand": hand_of(paofeng("W")), "rules_version": 2},
    ],
}

PLACES: list[tuple[Any, ...]] = [
    ("name",),
    ("ruleset",),
    ("base_silver",),
    ("players",),
    ("players", 2),
    ("rules_versions",),
    ("rules_versions", 0),
    ("rules_versions", 1, "rules"),
    ("rounds",),
    ("rounds", 0),
    ("rounds", 0, "number"),
    ("rounds", 0, "result"),
    ("rounds", 0, "hand"),
    ("rounds", 0, "hand", "winner"),
    ("rounds", 0, "hand", "concealed"),
    ("rounds", 0, "hand", "melds"),
    ("rounds", 0, "hand", "others_melds"),
    ("rounds", 0, "rules_version"),
    ("rounds", 1, "voided"),
    ("rounds", 2, "hand"),
    ("rounds", 2, "rules_version"),
]

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


def with_value(place: tuple[Any, ...], value: Any) -> dict:
    export = copy.deepcopy(EXPORT)
    target = export
    for key in place[:-1]:
        target = target[key]
    target[place[-1]] = value
    return export


def stored() -> tuple[int, ...]:
    return tuple(m.objects.count() for m in (Session, Round, Payment, RulesVersion))


# The importer, not the usual owner: a test below invites them by their name.
@pytest.fixture
def api() -> APIClient:
    return factories.api_client(factories.make_user("importer", password="pw-importer-1"))


@hypothesis.given(place=st.sampled_from(PLACES), value=JSON)
@hypothesis.settings(
    max_examples=200,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(hypothesis.HealthCheck),
)
def test_any_one_value_is_imported_or_refused_clearly(api, place, value) -> None:
    before = stored()
    response = api.post("/api/sessions/import/", with_value(place, value), format="json")
    assert response.status_code in (201, 400), (place, value, response.content)
    if response.status_code == 400:
        error = response.json()["error"]
        assert error["code"].startswith("E_") and error["message"] and error["message_en"]
        assert stored() == before


def import_error(api, export: dict) -> dict:
    before = stored()
    response = api.post("/api/sessions/import/", export, format="json")
    assert response.status_code == 400, response.content
    assert stored() == before
    return response.json()["error"]


@pytest.mark.parametrize("hand", [["1m"], "123m", 7])
def test_a_hand_that_is_not_an_object_names_its_round(api, hand) -> None:
    error = import_error(api, with_value(("rounds", 2, "hand"), hand))
    assert error["code"] == "E_INVALID"
    assert error["message_en"] == "Round 3: hand must be an object of hand fields."


@pytest.mark.parametrize("version", [[1], "1", True, 9])
def test_a_rules_version_that_is_not_a_number_in_the_file_names_its_round(api, version) -> None:
    error = import_error(api, with_value(("rounds", 0, "rules_version"), version))
    assert error["message_en"].startswith("Round 1 refers to a rules_version that is not")


@pytest.mark.parametrize("voided", ["no", "false", 0, None, []])
def test_voided_must_be_true_or_false(api, voided) -> None:
    error = import_error(api, with_value(("rounds", 1, "voided"), voided))
    assert error["message_en"] == f"Round 2: voided must be true or false, got {voided!r}."


def test_an_engine_refusal_says_which_round(api) -> None:
    broken = with_value(("rounds", 2, "hand", "win_tile"), "7p")
    error = import_error(api, broken)
    assert error["code"].startswith("E_") and error["code"] != "E_INVALID"
    assert error["message_en"].startswith("Round 3: ")
    assert error["message"].startswith("第 3 局：")


def test_a_bad_hand_field_says_which_round(api) -> None:
    error = import_error(api, with_value(("rounds", 0, "hand", "winner"), "X"))
    assert error["message_en"].startswith("Round 1: winner must be one of E S W N")


def test_inviting_a_member_again_or_the_owner_is_refused(api) -> None:
    owner = get_user_model().objects.get(username="importer")
    guest = get_user_model().objects.create_user("guest", password="pw-guest-12345")
    session = session_create(owner=owner, name="x", players=["a", "b", "c", "d"])
    url = f"/api/sessions/{session.pk}/members/"
    assert api.post(url, {"username": "guest"}, format="json").status_code == 201
    again = api.post(url, {"username": "guest"}, format="json")
    assert again.status_code == 400
    assert again.json()["error"]["message_en"] == "'guest' is already a member."
    itself = api.post(url, {"username": "importer"}, format="json")
    assert itself.status_code == 400
    assert "owns this session" in itself.json()["error"]["message_en"]
    assert list(session.members.all()) == [guest]
