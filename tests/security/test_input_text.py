"""Text no column can keep — NUL (PostgreSQL refuses it) and lone surrogates (no UTF-8 for them)
— is refused with E_INVALID naming where it is, wherever JSON can carry it: every key and string
of an API body, and the pages' import file. SQLite would store much of it, so these tests check
the refusal itself, not the database. Melds carry only the contract's keys."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from calculator.api.parsers import bad_text_at
from calculator.models import IdempotentAnswer, Payment, Round, RulesVersion, Session
from tests.calculator.hands import bao, plain

pytestmark = pytest.mark.django_db

NUL, LOW, HIGH = "\u0000", "\ud800", "\udfff"


def stored() -> tuple[int, ...]:
    return tuple(
        model.objects.count() for model in (Session, RulesVersion, Round, Payment, IdempotentAnswer)
    )


def post_json(client, url: str, body: object, **headers: str):
    """The body as JSON text with \\u escapes, the way any client may spell NUL or a surrogate
    (the test client's own encoder could not write a lone surrogate as UTF-8)."""
    return client.post(url, json.dumps(body), content_type="application/json", **headers)


def refused(response, *names: str) -> dict:
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["code"] == "E_INVALID", error
    for name in names:
        assert name in error["message"] and name in error["message_en"], (name, error)
    assert "not allowed" in error["message_en"] or "unknown key" in error["message_en"], error
    return error


# --- anonymous doors ------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [NUL, LOW, HIGH])
def test_the_token_door_refuses_the_username_by_name(client_for, owner, bad):
    response = post_json(client_for(), "/api/auth/token/", {"username": f"x{bad}", "password": "p"})
    refused(response, "username")


@pytest.mark.parametrize("bad", [NUL, LOW, HIGH])
def test_the_score_door_refuses_the_indicator_by_name(client_for, bad):
    request = {**plain("S"), "dealer": "E", "indicator": bad}
    del request["result"]
    refused(post_json(client_for(), "/api/score/", request), "indicator")


def test_a_bad_string_anywhere_in_the_body_is_named_by_its_path(client_for):
    request = {
        **bao("S", "W"),
        "dealer": "E",
        "others_melds": {"E": [{"kind": "pung", "from": "S", "tiles": f"111m{NUL}"}]},
    }
    del request["result"]
    error = refused(post_json(client_for(), "/api/score/", request), "others_melds.E[0].tiles")
    # The message is itself valid text: the bad character is never echoed.
    assert NUL not in json.dumps(error)


def test_a_bad_key_is_shown_escaped(client_for):
    request = {**plain("S"), "dealer": "E", f"note{LOW}": 1}
    del request["result"]
    error = refused(post_json(client_for(), "/api/score/", request), "note\\ud800")
    assert LOW not in error["message"] + error["message_en"]


# --- sessions, members, rounds, imports -----------------------------------------------------


@pytest.mark.parametrize(
    ("change", "where"),
    [
        pytest.param({"name": f"周六{NUL}"}, "name", id="session-name-nul"),
        pytest.param({"name": f"周六{HIGH}"}, "name", id="session-name-surrogate"),
        pytest.param({"players": ["阿东", "阿南", f"阿{NUL}西", "阿北"]}, "players[2]", id="nul"),
        pytest.param({"players": ["阿东", f"{LOW}", "阿西", "阿北"]}, "players[1]", id="low"),
        pytest.param({"rules": {"liability_basis": f"pair{NUL}"}}, "rules.liability_basis"),
    ],
)
def test_a_session_with_bad_text_is_refused_and_nothing_is_saved(owner, client_for, change, where):
    body = {"name": "周六", "players": ["阿东", "阿南", "阿西", "阿北"], **change}
    before = stored()
    refused(post_json(client_for(owner), "/api/sessions/", body), where)
    assert stored() == before


@pytest.mark.parametrize("bad", [NUL, HIGH])
def test_an_invited_username_with_bad_text_is_refused(owner, sitting, client_for, bad):
    response = post_json(
        client_for(owner), f"/api/sessions/{sitting.pk}/members/", {"username": f"stranger{bad}"}
    )
    refused(response, "username")
    assert not sitting.members.exists()


@pytest.mark.parametrize(
    ("others_melds", "where"),
    [
        pytest.param({"E": [{"kind": "pung", "from": f"S{NUL}"}]}, "others_melds.E[0].from"),
        pytest.param({"N": [{"kind": "pung", "from": "S", "tiles": HIGH}]}, "others_melds.N[0]"),
        pytest.param({f"E{NUL}": []}, "others_melds", id="a-seat-key"),
    ],
)
def test_a_round_with_bad_text_in_others_melds_is_refused(
    owner, sitting, client_for, others_melds, where
):
    before = stored()
    response = post_json(
        client_for(owner),
        f"/api/sessions/{sitting.pk}/rounds/",
        {**plain("S"), "others_melds": others_melds},
    )
    refused(response, where)
    assert stored() == before


@pytest.mark.parametrize(
    ("body", "where", "key"),
    [
        pytest.param(
            {**plain("S"), "others_melds": {"E": [{"kind": "pung", "from": "S", "note": "x"}]}},
            "others_melds.E[0]",
            "note",
            id="others-melds",
        ),
        pytest.param(
            {
                **bao("S", "W"),
                "melds": [
                    {"kind": "pung", "tiles": "222m", "from": "W", "colour": "red"},
                    *bao("S", "W")["melds"][1:],
                ],
            },
            "melds[0]",
            "colour",
            id="melds",
        ),
    ],
)
def test_a_meld_key_the_contract_does_not_define_is_refused_by_name(
    owner, sitting, client_for, body, where, key
):
    before = stored()
    response = post_json(client_for(owner), f"/api/sessions/{sitting.pk}/rounds/", body)
    error = refused(response, where, key)
    assert "kind" in error["message_en"] and "from" in error["message_en"]
    assert stored() == before


def test_a_correction_with_an_unknown_meld_key_is_refused_too(owner, sitting, client_for):
    body = {**plain("S"), "others_melds": {"E": [{"kind": "pung", "from": "S", "x": 1}]}}
    before = Round.objects.get(session=sitting, number=1).hand
    response = client_for(owner).put(
        f"/api/sessions/{sitting.pk}/rounds/1/", json.dumps(body), content_type="application/json"
    )
    refused(response, "others_melds.E[0]", "'x'")
    assert Round.objects.get(session=sitting, number=1).hand == before


def export_with(bad: str) -> dict:
    return {
        "format": "anqing-session",
        "name": "周六",
        "players": ["阿东", "阿南", "阿西", "阿北"],
        "rounds": [
            {"number": 1, "result": "win", "hand": {**plain("S"), "concealed": f"123m{bad}"}},
        ],
    }


@pytest.mark.parametrize("bad", [NUL, LOW])
def test_an_api_import_with_bad_text_is_refused_by_path(owner, client_for, bad):
    before = stored()
    response = post_json(client_for(owner), "/api/sessions/import/", export_with(bad))
    refused(response, "rounds[0].hand.concealed")
    assert stored() == before


@pytest.mark.parametrize("bad", [NUL, LOW])
def test_the_import_page_refuses_bad_text_by_path(owner, bad):
    client = Client()
    client.force_login(owner)
    before = stored()
    response = client.post(
        "/sessions/import/", {"text": json.dumps(export_with(bad))}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert 'data-error-code="E_INVALID"' in page
    assert "rounds[0].hand.concealed" in page and "not allowed" in page
    assert stored() == before


def test_the_import_page_refuses_json_nested_too_deep(owner):
    client = Client(raise_request_exception=False)
    client.force_login(owner)
    before = stored()
    deep = "[" * 100_000 + "]" * 100_000
    response = client.post("/sessions/import/", {"text": deep}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert "nested too deeply" in response.content.decode()
    assert stored() == before


def test_page_forms_already_refuse_nul_in_their_text_fields(owner):
    """Django's CharField refuses NUL (ProhibitNullCharactersValidator); a form post cannot
    carry a lone surrogate at all (the body is decoded as UTF-8)."""
    client = Client()
    client.force_login(owner)
    before = stored()
    response = client.post(
        "/sessions/new/",
        {
            "name": "周六\x00",
            "player_E": "阿东",
            "player_S": "阿南",
            "player_W": "阿西",
            "player_N": "阿北",
            "ruleset": "anqing",
            "base_silver": "1",
        },
    )
    assert response.status_code in (200, 400)
    assert "name" in response.context["form"].errors
    assert stored() == before


def test_the_walk_is_in_document_order_and_not_recursive():
    assert bad_text_at({"a": [1, {"b": "ok"}], "c": [f"{NUL}"], "d": NUL}) == ("c[0]", None)
    deep: object = NUL
    for _ in range(5000):  # deeper than Python's recursion limit
        deep = [deep]
    assert bad_text_at(deep) == ("[0]" * 5000, None)
    assert bad_text_at({"name": "阿東", "n": 1.5, "ok": True, "none": None}) is None
