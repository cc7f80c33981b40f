"""The roster's API: POST /api/players/ (a person added before their first sitting: the name's
rules, a name the roster has already, retries, the cap) and the shape of
/api/players/{id}/stats/, every field of which the OpenAPI schema names."""

from __future__ import annotations

import pytest

import calculator.services.roster
from calculator.models import Player, Session
from tests import factories
from tests.calculator.hands import plain

pytestmark = pytest.mark.django_db


def added(api, body: object, **headers: str):
    return api.post("/api/players/", body, format="json", headers=headers)


def test_a_person_is_added_and_answered_as_the_detail_shows_them(api, owner):
    answer = added(api, {"name": "  小李 "})
    assert answer.status_code == 201, answer.json()
    player = answer.json()
    assert (player["name"], player["label"], player["owner"]) == ("小李", "小李", "owner")
    assert (player["yours"], player["linked"], player["user"]) == (True, False, None)
    assert (player["sitting_count"], player["last_sitting"], player["sittings"]) == (0, None, [])
    assert api.get(f"/api/players/{player['id']}/").json() == player
    assert Player.objects.get(pk=player["id"]).owner == owner
    assert [row["id"] for row in api.get("/api/players/").json()] == [player["id"]]


def test_the_person_added_sits_down_at_a_new_sitting(api, owner):
    pk = added(api, {"name": "小李"}).json()["id"]
    # The typed name is the roster's person: no second 小李.
    opened = api.post(
        "/api/sessions/", {"name": "周六", "players": ["小李", "阿南", "阿西", "阿北"]},
        format="json",
    )  # fmt: skip
    assert opened.status_code == 201, opened.json()
    assert Session.objects.get(pk=opened.json()["id"]).east_id == pk
    assert Player.objects.filter(owner=owner, name="小李").count() == 1
    assert api.get(f"/api/players/{pk}/").json()["sitting_count"] == 1


def test_a_name_the_roster_has_is_refused_unless_distinct(api, owner, sitting):
    east = sitting.east  # 阿东
    before = list(Player.objects.values().order_by("pk"))
    for name in ("阿东", " 阿东  "):
        error = factories.api_error(added(api, {"name": name}), 400, "E_INVALID")
        assert "name" in error["message_en"] and str(east.pk) in error["message_en"]
        assert "distinct" in error["message_en"] and "阿东" in error["message"]
    assert list(Player.objects.values().order_by("pk")) == before
    other = added(api, {"name": "阿东", "distinct": True})
    assert other.status_code == 201, other.json()
    assert other.json()["label"] == "阿东 (2)"
    assert Player.objects.filter(owner=owner, name="阿东").count() == 2
    # Latin letters in either case are one name, as at a new sitting.
    assert added(api, {"name": "Ann"}).status_code == 201
    factories.api_error(added(api, {"name": " aNN"}), 400, "E_INVALID")
    # Another account's roster is its own.
    stranger = factories.api_client(factories.make_user("stranger"))
    assert added(stranger, {"name": "阿东"}).status_code == 201


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "name"),
        ({"name": ""}, "name"),
        ({"name": "   "}, "name"),
        ({"name": "x" * 41}, "name"),
        ({"name": 5}, "name"),
        ({"name": None}, "name"),
        ({"name": ["小李"]}, "name"),
        ({"name": "小李", "distinct": "yes"}, "distinct"),
        ({"name": "小李", "distinct": 1}, "distinct"),
        ({"name": "小李", "distinct": None}, "distinct"),
        ({"name": "小李", "owner": "someone"}, "owner"),
        ({"name": "小\u0000李"}, "name"),
    ],
)
def test_bad_input_is_400_naming_the_field_and_saves_nothing(api, owner, body, field):
    error = factories.api_error(added(api, body), 400, "E_INVALID")
    assert field in error["message_en"]
    assert not Player.objects.exists()


def test_a_body_that_is_not_an_object_is_400(api, owner):
    for body in ([], "小李", 3):
        factories.api_error(added(api, body), 400, "E_INVALID")
    assert not Player.objects.exists()


def test_no_one_logged_in_adds_nobody(client_for, db):
    assert added(client_for(), {"name": "小李"}).status_code in (401, 403)
    assert not Player.objects.exists()


def test_a_retry_adds_one_person_and_the_key_with_another_name_is_422(api, owner):
    first = added(api, {"name": "小李"}, **{"Idempotency-Key": "add-1"})
    again = added(api, {"name": "小李"}, **{"Idempotency-Key": "add-1"})
    assert first.status_code == again.status_code == 201
    assert again["Idempotent-Replayed"] == "true" and again.json() == first.json()
    assert Player.objects.filter(owner=owner).count() == 1
    other = added(api, {"name": "老张"}, **{"Idempotency-Key": "add-1"})
    factories.api_error(other, 422, "E_IDEMPOTENCY")
    assert list(Player.objects.values_list("name", flat=True)) == ["小李"]
    # A second 小李 through a new key is refused as the same name: nothing doubled by retries.
    factories.api_error(added(api, {"name": "小李"}, **{"Idempotency-Key": "add-2"}), 400,
                        "E_INVALID")  # fmt: skip


def test_a_full_roster_takes_no_one_more(api, owner, monkeypatch):
    monkeypatch.setattr(calculator.services.roster, "ROSTER_MAX", 2)
    assert added(api, {"name": "一"}).status_code == 201
    assert added(api, {"name": "二"}).status_code == 201
    error = factories.api_error(added(api, {"name": "三"}), 422, "E_LIMIT")
    assert "2" in error["message_en"]
    assert Player.objects.count() == 2


# --- the statistics' fields, named by the schema ---------------------------------------------


def schema_of(api) -> dict:
    return api.get("/api/schema/?format=json").json()["components"]["schemas"]


def test_every_field_of_the_statistics_is_in_the_schema(api, owner, sitting):
    # South wins F 3 (East pays 8 + 3, West and North 4 + 3: +25), then pays a penalty of 2 to
    # each other player (−6).
    factories.record_rounds(sitting, plain("S"), user=owner)
    factories.record_rounds(
        sitting,
        {"result": "adjustment", "kind": "penalty", "from": "S", "amount": "2", "reason": "詐胡"},
        user=owner,
    )
    stats = api.get(f"/api/players/{sitting.south_id}/stats/").json()
    assert (stats["penalties"], stats["adjusted"], stats["from_hands"]) == (1, "-6", "25")
    assert stats["balance"] == "19"
    schemas = schema_of(api)
    record = schemas["PlayerRecord"]
    assert set(record["properties"]) == set(stats)
    assert set(record["required"]) == set(stats)
    game = schemas["RecordGame"]
    assert set(game["properties"]) == set(stats["games"][0])
    assert set(schemas["RecordCurve"]["properties"]) == set(stats["curve"][0])
    assert set(schemas["RecordBiggest"]["properties"]) == set(stats["games"][0]["biggest"])
    assert set(schemas["RecordPeriod"]["properties"]) == set(stats["period"])
    operation = api.get("/api/schema/?format=json").json()["paths"]["/api/players/{id}/stats/"]
    answer = operation["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert answer == {"$ref": "#/components/schemas/PlayerRecord"}
    assert {parameter["name"] for parameter in operation["get"]["parameters"]} >= {
        "period", "from", "to"
    }  # fmt: skip


def test_the_add_is_in_the_schema(api, owner):
    paths = api.get("/api/schema/?format=json").json()["paths"]
    post = paths["/api/players/"]["post"]
    assert set(post["responses"]) >= {"201", "400", "422"}
    assert "Idempotency-Key" in {parameter["name"] for parameter in post["parameters"]}
    assert set(schema_of(api)["PlayerAdd"]["properties"]) == {"name", "distinct"}
