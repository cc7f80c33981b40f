"""Seat changes through the API (``/api/sessions/{id}/seat-changes/``): recorded as the next
entry, read in the rounds and the ledger, retried once, refused with the field named and nothing
saved, voided.

The sitting is 阿东 (东), 阿南 (南), 阿西 (西), 阿北 (北) at base silver 1; ``plain("S")`` is a
3-fan self-draw by 南 with 东 dealing: 东 pays 8 + 3 = 11, 西 and 北 4 + 3 = 7 each, 南 gets 25
(R7, R8.1, R9); the deal passes to 南 (R2.2)."""

from __future__ import annotations

import pytest

from calculator.models import Round
from tests import factories
from tests.calculator.hands import plain

pytestmark = pytest.mark.django_db

SWAP = {"seating": {"E": "E", "S": "W", "W": "S", "N": "N"}}


@pytest.fixture
def played(owner):
    return factories.make_sitting(owner, rounds=[plain("S")])


def test_a_seat_change_is_recorded_and_read(api, played):
    path = f"/api/sessions/{played.pk}/"
    answer = api.post(f"{path}seat-changes/", {**SWAP, "expected_round": 2}, format="json")
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert body["number"] == 2 and body["result"] == "seats" and body["payments"] == []
    assert body["seat_change"] == [
        {"player": "阿南", "from": "S", "to": "W"},
        {"player": "阿西", "from": "W", "to": "S"},
    ]
    # Each balance went with its person; 南 still deals next, now 阿西.
    assert body["state"]["balances"] == {"E": "-11", "S": "-7", "W": "25", "N": "-7"}
    assert (body["state"]["dealer"], body["state"]["dealer_streak"]) == ("S", 0)
    detail = api.get(path).json()
    assert detail["players"] == {"E": "阿东", "S": "阿西", "W": "阿南", "N": "阿北"}
    rounds = api.get(f"{path}rounds/").json()
    assert [r["result"] for r in rounds] == ["win", "seats"]
    ledger = api.get(f"{path}ledger/").json()
    first, change = ledger["rounds"]
    # The round before the change keeps its people: 南 was 阿南 then.
    assert first["players"]["S"] == "阿南" and change["players"]["S"] == "阿西"
    assert change["seat_change"] == body["seat_change"]
    assert change["balances"] == {"E": "-11", "S": "-7", "W": "25", "N": "-7"}
    listed = api.get(f"{path}seat-changes/").json()
    assert [entry["number"] for entry in listed] == [2]
    assert api.get(f"{path}seat-changes/2/").json()["seat_change"] == body["seat_change"]
    factories.api_error(api.get(f"{path}seat-changes/1/"), 404, "E_NOT_FOUND")
    csv = api.get(f"{path}ledger.csv").content.decode().splitlines()
    # The change's line: no payment, the balances by seat after it, who moved in the last column.
    assert csv[-1] == '2,seats,,S,0,,,,,,,-11,-7,25,-7,"阿南 S→W, 阿西 W→S",'


def test_a_retry_records_once(api, played):
    path = f"/api/sessions/{played.pk}/seat-changes/"
    first = api.post(path, SWAP, format="json", HTTP_IDEMPOTENCY_KEY="swap-1")
    again = api.post(path, SWAP, format="json", HTTP_IDEMPOTENCY_KEY="swap-1")
    assert first.status_code == again.status_code == 201
    assert again["Idempotent-Replayed"] == "true" and again.content == first.content
    assert Round.objects.filter(session=played, result=Round.SEAT_CHANGE).count() == 1
    played.refresh_from_db()
    assert played.south.name == "阿西"  # swapped once, not back again


@pytest.mark.parametrize(
    "body, field",
    [
        ({"seating": {"E": "E", "S": "W", "W": "W", "N": "N"}}, "seating.W"),
        ({"seating": {"E": "E", "S": "W", "W": "S"}}, "seating.N"),
        ({"seating": {"E": "E", "S": "S", "W": "W", "N": "N"}}, "seating"),
        ({"seating": {"E": "E", "S": "W", "W": "S", "N": 7}}, "seating.N"),
        ({"seating": "S↔W"}, "seating"),
        ({**SWAP, "winner": "S"}, "winner"),
    ],
)
def test_a_bad_seating_is_400_naming_the_field(api, played, body, field):
    path = f"/api/sessions/{played.pk}/seat-changes/"
    error = factories.api_error(api.post(path, body, format="json"), 400, "E_INVALID")
    assert error["field"] == field
    assert Round.objects.filter(session=played).count() == 1  # nothing saved
    played.refresh_from_db()
    assert played.south.name == "阿南"


def test_a_person_named_twice_and_the_one_missing_are_named(api, played):
    body = {"seating": {"E": "E", "S": "W", "W": "W", "N": "N"}}
    error = api.post(f"/api/sessions/{played.pk}/seat-changes/", body, format="json").json()
    assert "阿西" in error["error"]["message_en"] and "阿南" in error["error"]["message_en"]


def test_a_seat_change_is_voided(api, played):
    path = f"/api/sessions/{played.pk}/"
    api.post(f"{path}seat-changes/", SWAP, format="json")
    answer = api.delete(f"{path}seat-changes/2/")
    assert answer.status_code == 200 and answer.json()["voided"] is True
    assert answer.json()["state"]["balances"] == {"E": "-11", "S": "25", "W": "-7", "N": "-7"}
    assert api.get(path).json()["players"]["S"] == "阿南"
    # Not an adjustment, and not a hand: the other doors do not take it.
    factories.api_error(api.get(f"{path}adjustments/2/"), 404, "E_NOT_FOUND")


def test_player_stats_and_group_standings_count_people_at_every_seat(api, owner, played):
    """After round 1 (阿南 self-draws at 南, 东 dealing: 阿东 −11, 阿西 −7, 阿北 −7, 阿南 +25)
    阿南 and 阿西 swap; the deal stays at 南, now 阿西's. Round 3: 南 (阿西, the dealer)
    self-draws: 3 × 11 = 33 from 阿东, 阿南 (at 西) and 阿北 (R8.1). Totals: 阿东 −22, 阿南 14,
    阿西 26, 阿北 −18; 阿南 won 1 (not dealing), 阿西 won 1 as dealer and dealt 1; each played 2
    hands. 阿南 won from 阿西: +7 (round 1) − 11 (round 3) = −4."""
    path = f"/api/sessions/{played.pk}/"
    api.post(f"{path}seat-changes/", SWAP, format="json")
    api.post(f"{path}rounds/", plain("S"), format="json")
    people = {p["name"]: p["id"] for p in api.get("/api/players/").json()}
    anan = api.get(f"/api/players/{people['阿南']}/stats/").json()
    axi = api.get(f"/api/players/{people['阿西']}/stats/").json()
    assert (anan["balance"], anan["hands"], anan["wins"], anan["dealer_wins"]) == ("14", 2, 1, 0)
    assert (axi["balance"], axi["hands"], axi["wins"], axi["dealer_wins"]) == ("26", 2, 1, 1)
    group = api.post(
        "/api/groups/", {"name": "牌友", "players": list(people.values())}, format="json"
    ).json()
    standings = api.get(f"/api/groups/{group['id']}/standings/").json()
    rows = {row["name"]: row for row in standings["standings"]}
    assert {name: rows[name]["balance"] for name in rows} == {
        "阿西": "26", "阿南": "14", "阿北": "-18", "阿东": "-22",
    }  # fmt: skip
    assert (rows["阿西"]["wins"], rows["阿西"]["dealer_wins"]) == (1, 1)
    pair = next(
        row
        for row in standings["head_to_head"]
        if {row["player"], row["other"]} == {people["阿南"], people["阿西"]}
    )
    net = pair["net"] if pair["player"] == people["阿南"] else str(-int(pair["net"]))
    assert net == "-4"
