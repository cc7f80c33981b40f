"""The groups' API: /api/groups/ (list, create), /api/groups/{id}/ (read, change, delete),
/api/groups/{id}/standings/ and /api/sessions/{id}/paid-out/; who may do what, and bad input
answered 400 naming the field (never a server error)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model

from calculator.models import Session
from calculator.services.sittings import session_invite
from tests import factories
from tests.calculator.hands import bao, paofeng, plain

pytestmark = pytest.mark.django_db


# Played, and of four people whose names the answers list (a, b, c, d).
@pytest.fixture
def sitting(owner):
    session = factories.make_sitting(
        owner, name="週六", players="abcd", rounds=[plain("E"), paofeng("E"), bao("W", "N")]
    )
    session.refresh_from_db()  # the balances the rounds stored
    return session


@pytest.fixture
def group_id(api, sitting):
    people = [person.pk for person in sitting.seat_players().values()]
    answer = api.post("/api/groups/", {"name": " 牌友 ", "players": people}, format="json")
    assert answer.status_code == 201, answer.json()
    return answer.json()["id"]


@pytest.fixture
def friend(client_for):
    user = get_user_model().objects.create_user("friend", password="pw-friend-123")
    return user, client_for(user)


def test_create_list_read_change_and_delete(api, sitting, group_id, friend):
    group = api.get(f"/api/groups/{group_id}/").json()
    assert (group["name"], group["owner"], group["yours"]) == ("牌友", "owner", True)
    assert [player["name"] for player in group["players"]] == ["a", "b", "c", "d"]
    assert [row["id"] for row in api.get("/api/groups/").json()] == [group_id]
    changed = api.patch(
        f"/api/groups/{group_id}/",
        {"name": "三人", "players": [p["id"] for p in group["players"][:3]], "members": ["friend"]},
        format="json",
    )
    assert changed.status_code == 200, changed.json()
    assert changed.json()["name"] == "三人"
    assert len(changed.json()["players"]) == 3
    assert changed.json()["members"] == ["friend"]
    # The member reads it, but may not change it.
    user, client = friend
    assert client.get(f"/api/groups/{group_id}/").json()["yours"] is False
    refused = client.patch(f"/api/groups/{group_id}/", {"name": "x"}, format="json")
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "E_FORBIDDEN"
    assert client.delete(f"/api/groups/{group_id}/").status_code == 403
    assert (
        api.patch(f"/api/groups/{group_id}/", {"members": []}, format="json").json()["members"]
        == []
    )
    assert client.get(f"/api/groups/{group_id}/").status_code == 404
    assert api.delete(f"/api/groups/{group_id}/").status_code == 204
    assert api.get(f"/api/groups/{group_id}/").status_code == 404


def test_standings_and_the_unpaid_settle_up(api, sitting, group_id):
    today = sitting.created_at.astimezone()  # opened just now
    answer = api.get(f"/api/groups/{group_id}/standings/", {"game": "anqing"})
    assert answer.status_code == 200, answer.json()
    body = answer.json()
    assert body["sittings"] == 1
    assert body["period"]["period"] == "month"
    rows = {row["name"]: row for row in body["standings"]}
    # a: F 3 and F 9 dealing (two self-draws); c: F 6 with d liable under 包.
    assert (rows["a"]["wins"], rows["a"]["self_draws"], rows["c"]["wins"]) == (2, 2, 1)
    assert rows["a"]["biggest"][0]["value"] == 9
    assert rows["a"]["biggest"][0]["round"] == 2
    balances = dict(zip("ESWN", [sitting.balance_e, sitting.balance_s, sitting.balance_w,
                                 sitting.balance_n], strict=True))  # fmt: skip
    for seat, name in zip("ESWN", "abcd", strict=True):
        assert Decimal(rows[name]["balance"]) == balances[seat]
    titles = {title["title"]: title for title in body["titles"]}
    assert titles["wins"]["players"] == [rows["a"]["id"]]
    assert titles["bao"]["players"] == [rows["d"]["id"]]
    assert len(body["head_to_head"]) == 6
    assert body["unpaid"]["sittings"] == [sitting.pk]
    left = {row["player"]: Decimal(row["balance"]) for row in body["unpaid"]["balances"]}
    for transfer in body["unpaid"]["transfers"]:
        left[transfer["from"]] += Decimal(transfer["amount"])
        left[transfer["to"]] -= Decimal(transfer["amount"])
    assert set(left.values()) == {Decimal(0)}
    # Another month has nothing; another game neither.
    other = api.get(f"/api/groups/{group_id}/standings/", {"month": f"{today.year - 1}-01"})
    assert other.json()["sittings"] == 0
    assert api.get(f"/api/groups/{group_id}/standings/", {"game": "anji"}).json()["sittings"] == 0
    everything = api.get(f"/api/groups/{group_id}/standings/", {"period": "all"}).json()
    assert everything["sittings"] == 1


def test_paid_out_marks_by_the_owner_only(api, sitting, group_id, friend, client_for):
    user, client = friend
    session_invite(session=sitting, username="friend")
    assert client.post(f"/api/sessions/{sitting.pk}/paid-out/").status_code == 403
    marked = api.post(f"/api/sessions/{sitting.pk}/paid-out/")
    assert marked.status_code == 200
    assert (marked.json()["paid_out"], marked.json()["paid_out_by"]) == (True, "owner")
    standings = api.get(f"/api/groups/{group_id}/standings/").json()
    assert standings["unpaid"] == {"sittings": [], "balances": [], "transfers": []}
    assert standings["sittings"] == 1  # still counted
    unmarked = api.delete(f"/api/sessions/{sitting.pk}/paid-out/")
    assert unmarked.json()["paid_out"] is False
    assert Session.objects.get(pk=sitting.pk).paid_out_at is None
    stranger = client_for(get_user_model().objects.create_user("x", password="pw-x-12345"))
    assert stranger.post(f"/api/sessions/{sitting.pk}/paid-out/").status_code == 404


def test_strangers_find_no_group(group_id, client_for):
    stranger = client_for(get_user_model().objects.create_user("x", password="pw-x-12345"))
    assert stranger.get("/api/groups/").json() == []
    for method in ("get", "patch", "delete"):
        assert getattr(stranger, method)(f"/api/groups/{group_id}/").status_code == 404
    assert stranger.get(f"/api/groups/{group_id}/standings/").status_code == 404
    assert client_for().get("/api/groups/").status_code in (401, 403)


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"period": "week"}, "period"),
        ({"month": "2026-00"}, "month"),
        ({"month": "x" * 500}, "month"),
        ({"period": "season", "season": "Q4"}, "season"),
        ({"period": "year", "year": "２０２６"}, "year"),
        ({"game": "poker"}, "game"),
        ({"month": "2026-12\x00"}, "month"),
    ],
)
def test_bad_standings_parameters_are_400_naming_the_field(api, group_id, params, field):
    answer = api.get(f"/api/groups/{group_id}/standings/", params)
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "E_INVALID"
    assert field in answer.json()["error"]["message_en"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"players": [1, 2]}, "name"),
        ({"name": "x" * 61, "players": [1, 2]}, "name"),
        ({"name": 5, "players": [1, 2]}, "name"),
        ({"name": "g"}, "players"),
        ({"name": "g", "players": "1,2"}, "players"),
        ({"name": "g", "players": [1.5, 2]}, "players"),
        ({"name": "g", "players": [{"id": 1}, 2]}, "players"),
        ({"name": "g", "players": [999999, 999998]}, "players"),
        ({"name": "g", "players": list(range(1, 20))}, "players"),
    ],
)
def test_bad_group_bodies_are_400_naming_the_field(api, sitting, body, field):
    answer = api.post("/api/groups/", body, format="json")
    assert answer.status_code == 400, answer.json()
    assert answer.json()["error"]["code"] == "E_INVALID"
    assert field in answer.json()["error"]["message_en"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": None}, "name"),
        ({"name": ""}, "name"),
        ({"players": None}, "players"),
        ({"players": [True, False]}, "players"),
        ({"members": "friend"}, "members"),
        ({"members": [1]}, "members"),
        ({"members": ["nobody-here"]}, "nobody-here"),
    ],
)
def test_bad_changes_are_400_naming_the_field(api, group_id, body, field):
    answer = api.patch(f"/api/groups/{group_id}/", body, format="json")
    assert answer.status_code == 400, answer.json()
    assert field in answer.json()["error"]["message_en"]


def test_a_body_that_is_not_an_object_is_400(api, group_id):
    for body in ([], "x", 3):
        answer = api.post("/api/groups/", body, format="json")
        assert answer.status_code == 400
        answer = api.patch(f"/api/groups/{group_id}/", body, format="json")
        assert answer.status_code == 400


def test_a_retried_create_makes_one_group(api, sitting):
    people = [person.pk for person in sitting.seat_players().values()]
    headers = {"Idempotency-Key": "group-1"}
    first = api.post("/api/groups/", {"name": "牌友", "players": people}, format="json",
                     headers=headers)  # fmt: skip
    again = api.post("/api/groups/", {"name": "牌友", "players": people}, format="json",
                     headers=headers)  # fmt: skip
    assert first.status_code == again.status_code == 201
    assert again["Idempotent-Replayed"] == "true" and again.json() == first.json()
    assert [row["id"] for row in api.get("/api/groups/").json()] == [first.json()["id"]]
    other = api.post("/api/groups/", {"name": "别的", "players": people}, format="json",
                     headers=headers)  # fmt: skip
    assert other.status_code == 422 and other.json()["error"]["code"] == "E_IDEMPOTENCY"
