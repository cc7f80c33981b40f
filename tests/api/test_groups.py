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


# --- marking the group's sittings paid out in one call ---------------------------------------


def paid_out(client, group_id: int, body: object = None, **headers: str):
    return client.post(f"/api/groups/{group_id}/paid-out/", body, format="json", headers=headers)


@pytest.fixture
def second(owner, sitting):
    """A second sitting of the same four people, and one with somebody else (not the group's)."""
    factories.make_sitting(owner, name="外人", players=["a", "b", "c", "x"], rounds=[plain("S")])
    return factories.make_sitting(owner, name="週日", players="abcd", rounds=[plain("S")])


def test_the_groups_unpaid_sittings_are_marked_in_one_call(api, sitting, second, group_id):
    assert api.get(f"/api/groups/{group_id}/standings/").json()["unpaid"]["sittings"] == [
        sitting.pk, second.pk
    ]  # fmt: skip
    answer = paid_out(api, group_id)
    assert answer.status_code == 200, answer.json()
    body = answer.json()
    assert body == {
        "group": group_id,
        "marked": [sitting.pk, second.pk],
        "not_yours": [],
        "unpaid": {"sittings": [], "balances": [], "transfers": []},
    }
    marked = Session.objects.filter(paid_out_at__isnull=False)
    assert sorted(marked.values_list("pk", flat=True)) == sorted([sitting.pk, second.pk])
    assert {session.paid_out_by.username for session in marked} == {"owner"}
    assert Session.objects.get(name="外人").paid_out_at is None  # not the group's
    # Nothing left: a second call marks nothing.
    assert paid_out(api, group_id).json()["marked"] == []


def test_only_the_sittings_sent_are_marked(api, sitting, second, group_id):
    outsider = Session.objects.get(name="外人").pk
    answer = paid_out(api, group_id, {"sittings": [second.pk, outsider, 999999]})
    assert answer.status_code == 200, answer.json()
    assert answer.json()["marked"] == [second.pk]
    assert answer.json()["unpaid"]["sittings"] == [sitting.pk]
    assert Session.objects.get(pk=sitting.pk).paid_out_at is None
    assert Session.objects.get(pk=outsider).paid_out_at is None


def test_a_sitting_another_account_opened_is_named_and_left_alone(api, sitting, group_id):
    """A sitting of the group's people that another account opened (its seats the group's
    people): only its owner marks it, so it is named and left as it was."""
    theirs = factories.make_sitting(factories.make_user("laowang"), name="老王的")
    Session.objects.filter(pk=theirs.pk).update(
        east=sitting.east, south=sitting.south, west=sitting.west, north=sitting.north
    )
    answer = paid_out(api, group_id)
    assert answer.status_code == 200, answer.json()
    assert answer.json()["marked"] == [sitting.pk]
    assert answer.json()["not_yours"] == [{"id": theirs.pk, "name": "老王的", "owner": "laowang"}]
    assert Session.objects.get(pk=theirs.pk).paid_out_at is None


def test_a_group_paid_out_is_the_owners_and_hidden_from_strangers(
    api, sitting, group_id, friend, client_for
):
    api.patch(f"/api/groups/{group_id}/", {"members": ["friend"]}, format="json")
    _, member = friend
    factories.api_error(paid_out(member, group_id), 403, "E_FORBIDDEN")
    stranger = client_for(get_user_model().objects.create_user("x", password="pw-x-12345"))
    factories.api_error(paid_out(stranger, group_id), 404, "E_NOT_FOUND")
    factories.api_error(paid_out(api, group_id + 1000), 404, "E_NOT_FOUND")
    assert paid_out(client_for(), group_id).status_code in (401, 403)
    assert not Session.objects.filter(paid_out_at__isnull=False).exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"sittings": "1,2"}, "sittings"),
        ({"sittings": [1.5]}, "sittings"),
        ({"sittings": [True]}, "sittings"),
        ({"sittings": None}, "sittings"),
        ({"sittings": [{"id": 1}]}, "sittings"),
        ({"groups": [1]}, "groups"),
        ([], "JSON object"),
    ],
)
def test_a_bad_paid_out_body_is_400_naming_the_field(api, sitting, group_id, body, field):
    error = factories.api_error(paid_out(api, group_id, body), 400, "E_INVALID")
    assert field in error["message_en"]
    assert not Session.objects.filter(paid_out_at__isnull=False).exists()


def test_a_retried_paid_out_answers_the_first_and_another_body_is_422(
    api, sitting, second, group_id
):
    first = paid_out(api, group_id, {"sittings": [sitting.pk]}, **{"Idempotency-Key": "paid-1"})
    again = paid_out(api, group_id, {"sittings": [sitting.pk]}, **{"Idempotency-Key": "paid-1"})
    assert first.status_code == again.status_code == 200
    assert again["Idempotent-Replayed"] == "true" and again.json() == first.json()
    assert first.json()["marked"] == [sitting.pk]
    other = paid_out(api, group_id, {"sittings": [second.pk]}, **{"Idempotency-Key": "paid-1"})
    factories.api_error(other, 422, "E_IDEMPOTENCY")
    assert Session.objects.get(pk=second.pk).paid_out_at is None


# --- dealer wins and the split of each total, worked out by hand ------------------------------


def test_standings_of_two_sittings_worked_out_by_hand(api, owner):
    """Sitting one, a b c d at E S W N, base silver 1 (R8, R9): a (E, dealing) wins F 3, each
    pays 8 + 3: a +33, b c d −11. b (S) wins F 3 with a dealing on a streak of 1 (base 12, bonus
    3): a pays 12 + 3 + 3 = 18, c and d 4 + 3 = 7: b +32. c pays a penalty of 2 to each other
    player. Sitting two, b a c d at E S W N: a (S) wins F 3, b dealing pays 11, c and d 7 each;
    d pays b a side payment of 5.

    a: hands 33 − 18 + 25 = 40, adjustments +2, total 42; b: 21 − 11 = 10, +2 + 5 = 7, 17;
    c: −18 − 7 = −25, −6, −31; d: −18 − 7 = −25, +2 − 5 = −3, −28."""
    people = "abcd"
    one = factories.make_sitting(owner, name="一", players=people,
                                 rounds=[plain("E"), plain("S")])  # fmt: skip
    factories.record_rounds(
        one,
        {"result": "adjustment", "kind": "penalty", "from": "W", "amount": "2", "reason": "詐胡"},
        user=owner,
    )
    two = factories.make_sitting(owner, name="二", players="bacd", rounds=[plain("S")])
    factories.record_rounds(
        two,
        {"result": "adjustment", "kind": "side_payment", "from": "N", "to": "E", "amount": "5",
         "reason": "買馬"},
        user=owner,
    )  # fmt: skip
    ids = [person.pk for person in one.seat_players().values()]
    group = api.post("/api/groups/", {"name": "四人", "players": ids}, format="json").json()
    body = api.get(f"/api/groups/{group['id']}/standings/").json()
    assert body["sittings"] == 2
    table = [
        (row["name"], row["balance"], row["from_hands"], row["adjusted"], row["penalties"],
         row["wins"], row["dealer_wins"], row["self_draws"], row["hands"], row["sittings"])
        for row in body["standings"]
    ]  # fmt: skip
    assert table == [
        ("a", "42", "40", "2", 0, 2, 1, 2, 3, 2),
        ("b", "17", "10", "7", 0, 1, 0, 1, 3, 2),
        ("d", "-28", "-25", "-3", 0, 0, 0, 0, 3, 2),
        ("c", "-31", "-25", "-6", 1, 0, 0, 0, 3, 2),
    ]
    # The same words as the player's statistics, person by person.
    for row in body["standings"]:
        stats = api.get(f"/api/players/{row['id']}/stats/").json()
        for field in ("balance", "from_hands", "adjusted", "penalties", "dealer_wins", "wins"):
            assert row[field] == stats[field], (row["name"], field)
    schema = api.get("/api/schema/?format=json").json()["components"]["schemas"]
    assert set(schema["GroupStanding"]["properties"]) == set(body["standings"][0])
