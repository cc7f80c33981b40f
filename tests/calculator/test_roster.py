"""The roster: players are people of their owner's roster, the same row at every sitting they sit
down at; merged, linked to an account, kept when a sitting is deleted; and the API over it."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from calculator.errors import CalculatorError
from calculator.models import IdempotentAnswer, Player, Session
from calculator.selectors.exports import session_export
from calculator.selectors.roster import player_for_user, players_for_user
from calculator.selectors.sittings import seat_names
from calculator.services.imports import session_import
from calculator.services.roster import player_link, player_merge, player_rename
from calculator.services.rounds import round_record
from calculator.services.sittings import session_create, session_delete
from tests.calculator.hands import plain

pytestmark = pytest.mark.django_db

FOUR = ["小李", "阿南", "阿西", "Ann"]


def sit(owner, players=FOUR, **fields) -> Session:
    return session_create(owner=owner, name="周六", players=list(players), **fields)


def seats(session: Session) -> list[int]:
    return [player.pk for player in session.seat_players().values()]


@pytest.fixture
def friend(db):
    return get_user_model().objects.create_user("xiaoli", password="pw-xiaoli-1")


# --- seating the roster ----------------------------------------------------------------------------


def test_a_name_on_the_roster_is_that_person_at_the_next_sitting(owner):
    first = sit(owner)
    second = sit(owner, [" 小李 ", "阿南", "老王", "ann"])
    assert seats(second)[:2] == seats(first)[:2]
    assert seats(second)[3] == seats(first)[3]  # "ann" is "Ann": Latin letters in either case
    assert seats(second)[2] not in seats(first)  # 老王 is new
    assert Player.objects.filter(owner=owner).count() == 5
    assert Player.objects.get(pk=seats(second)[0]).name == "小李"


def test_two_owners_each_have_their_own_xiao_li(owner, stranger):
    mine, theirs = sit(owner), sit(stranger)
    assert not set(seats(mine)) & set(seats(theirs))
    assert {p.owner_id for p in Player.objects.filter(pk__in=seats(theirs))} == {stranger.pk}


def test_a_different_xiao_li_is_a_new_person(owner):
    first = sit(owner)
    other = sit(owner, new_players=[True, False, False, False])
    assert seats(other)[0] != seats(first)[0]
    assert seats(other)[1:] == seats(first)[1:]
    # Two 小李 now: a plain name seats the one who sat down most recently, an id either.
    assert seats(sit(owner))[0] == seats(other)[0]
    picked = sit(owner, player_ids=[seats(first)[0], None, None, None])
    assert seats(picked)[0] == seats(first)[0]
    # Both at one table: each seat says which 小李 (typed twice, the name alone is refused).
    both = sit(
        owner,
        ["小李", "阿南", "小李", "Ann"],
        player_ids=[seats(other)[0], None, seats(first)[0], None],
    )
    assert (seats(both)[0], seats(both)[2]) == (seats(other)[0], seats(first)[0])
    with pytest.raises(CalculatorError) as refused:
        sit(owner, ["小李", "阿南", "小李", "Ann"])
    assert refused.value.field == "players"


def test_one_person_cannot_sit_twice(owner):
    sit(owner)
    with pytest.raises(CalculatorError) as refused:
        sit(owner, ["小李", "阿南", "小李", "Ann"])
    assert refused.value.code == "E_INVALID"
    assert "一個人不能同時坐兩個位置" in refused.value.message
    assert "cannot sit twice" in refused.value.message_en
    pk = Player.objects.get(name="阿南").pk
    with pytest.raises(CalculatorError):
        sit(owner, ["阿南", "阿南", "x", "y"], player_ids=[pk, pk, None, None])
    assert Session.objects.count() == 1


def test_ids_must_be_the_owners_and_match_the_name(owner, stranger):
    theirs = sit(stranger)
    for ids, words in (
        ([seats(theirs)[0], None, None, None], "not on your roster"),
        ([seats(sit(owner))[1], None, None, None], "but player_ids picks"),
        (["1", None, None, None], "whole number or null"),
        ([None, None], "a list of 4 items"),
    ):
        with pytest.raises(CalculatorError) as refused:
            sit(owner, player_ids=ids)
        assert words in refused.value.message_en
    with pytest.raises(CalculatorError) as refused:
        sit(owner, player_ids=[seats(theirs)[0], None, None, None], new_players=[True] + [False] * 3)
    assert refused.value.code == "E_INVALID"
    assert Session.objects.filter(owner=owner).count() == 1


# --- merge, link, rename -------------------------------------------------------------------------


def test_merge_points_every_seat_at_the_kept_person(owner):
    first = sit(owner)
    second = sit(owner, ["李明", "阿南", "阿西", "Ann"])
    keep, merged = Player.objects.get(name="小李"), Player.objects.get(name="李明")
    versions = {s.pk: s.version for s in Session.objects.all()}
    player_merge(owner=owner, keep=keep, merged=merged)
    second.refresh_from_db()
    assert second.east_id == first.east_id == keep.pk
    assert not Player.objects.filter(pk=merged.pk).exists()
    # The sittings that show the person by name learn that something changed.
    assert all(s.version == versions[s.pk] + 1 for s in Session.objects.all())


def test_merge_refusals(owner, stranger):
    first = sit(owner)
    theirs = sit(stranger)
    xiaoli = Player.objects.get(pk=first.east_id)
    cases = [
        (xiaoli, xiaoli, "E_INVALID", "itself"),
        (xiaoli, Player.objects.get(pk=theirs.east_id), "E_FORBIDDEN", "same roster"),
        (xiaoli, Player.objects.get(pk=first.south_id), "E_SAME_TABLE", "sat together"),
    ]
    for keep, merged, code, words in cases:
        with pytest.raises(CalculatorError) as refused:
            player_merge(owner=owner, keep=keep, merged=merged)
        assert refused.value.code == code
        assert words in refused.value.message_en and refused.value.message
    with pytest.raises(CalculatorError) as refused:
        player_merge(
            owner=stranger, keep=Player.objects.get(pk=theirs.east_id), merged=xiaoli
        )
    assert refused.value.code == "E_FORBIDDEN"
    assert Player.objects.count() == 8


def test_link_lets_the_account_see_the_player(owner, friend, stranger):
    sitting = sit(owner)
    round_record(session=sitting, entry=plain("E"))
    xiaoli = Player.objects.get(pk=sitting.east_id)
    assert not players_for_user(friend).exists()
    player_link(player=xiaoli, user=owner, username="xiaoli")
    assert list(players_for_user(friend)) == [xiaoli]
    with pytest.raises(CalculatorError) as refused:
        player_link(player=xiaoli, user=friend, username="stranger")
    assert refused.value.code == "E_FORBIDDEN"
    with pytest.raises(CalculatorError) as refused:
        player_link(player=xiaoli, user=owner, username="nobody")
    assert refused.value.code == "E_INVALID" and "nobody" in refused.value.message_en
    with pytest.raises(CalculatorError) as refused:
        player_link(
            player=Player.objects.get(pk=sitting.south_id), user=owner, username="xiaoli"
        )
    assert "merge the two first" in refused.value.message_en
    with pytest.raises(CalculatorError):
        player_for_user(stranger, xiaoli.pk)


def test_rename_shows_at_every_sitting(owner):
    sitting = sit(owner)
    player_rename(
        player=Player.objects.get(pk=sitting.east_id), user=owner, name=" 李明 "
    )
    assert seat_names(Session.objects.get(pk=sitting.pk))["E"] == "李明"
    with pytest.raises(CalculatorError) as refused:
        player_rename(player=Player.objects.get(pk=sitting.east_id), user=owner, name=" ")
    assert refused.value.code == "E_INVALID"


def test_deleting_a_sitting_keeps_the_roster(owner):
    first, second = sit(owner), sit(owner, ["小李", "阿南", "阿西", "新人"])
    session_delete(session=second, user=owner)
    session_delete(session=first, user=owner)
    assert sorted(Player.objects.filter(owner=owner).values_list("name", flat=True)) == sorted(
        [*FOUR, "新人"]
    )
    # The roster still knows them: a new sitting seats the same people.
    assert Player.objects.count() == 5
    sit(owner)
    assert Player.objects.count() == 5


def test_import_seats_the_importers_roster(owner):
    sitting = sit(owner)
    round_record(session=sitting, entry=plain("E"))
    copy = session_import(owner=owner, data=session_export(sitting))
    assert seats(copy) == seats(sitting)
    export = session_export(sitting)
    export["players"] = ["小李", "小李", "阿西", "Ann"]  # an export from before the roster
    twice = session_import(owner=owner, data=export)
    assert seats(twice)[0] == sitting.east_id and seats(twice)[1] not in seats(sitting)


# --- the API -------------------------------------------------------------------------------------


def test_api_lists_the_roster_and_linked_players(api, owner, friend, client_for, new_session):
    pk = new_session()
    new_session(players=["阿東", "阿南", "阿西", "老王"])
    listed = api.get("/api/players/").json()
    assert sorted(entry["name"] for entry in listed) == ["老王", "阿北", "阿南", "阿東", "阿西"]
    east = next(entry for entry in listed if entry["name"] == "阿東")
    assert east["sitting_count"] == 2 and east["yours"] and not east["linked"]
    assert client_for(friend).get("/api/players/").json() == []
    assert client_for(friend).get(f"/api/players/{east['id']}/").status_code == 404
    assert client_for(friend).patch(
        f"/api/players/{east['id']}/", {"name": "x"}, format="json"
    ).status_code == 404

    linked = api.post(f"/api/players/{east['id']}/link/", {"username": "xiaoli"}, format="json")
    assert linked.status_code == 200, linked.json()
    seen = client_for(friend).get("/api/players/").json()
    assert [(e["name"], e["linked"], e["yours"]) for e in seen] == [("阿東", True, False)]
    detail = client_for(friend).get(f"/api/players/{east['id']}/").json()
    assert [s["seat"] for s in detail["sittings"]] == ["E", "E"]
    assert detail["sittings"][-1]["id"] == pk
    # Read-only for the linked account.
    refused = client_for(friend).patch(f"/api/players/{east['id']}/", {"name": "x"}, format="json")
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "E_FORBIDDEN"


def test_api_detail_has_each_sittings_balance(api, new_session):
    pk = new_session()
    assert api.post(f"/api/sessions/{pk}/rounds/", plain("S"), format="json").status_code == 201
    south = next(e for e in api.get("/api/players/").json() if e["name"] == "阿南")
    detail = api.get(f"/api/players/{south['id']}/").json()
    balances = api.get(f"/api/sessions/{pk}/").json()["state"]["balances"]
    assert detail["sittings"] == [
        {
            "id": pk,
            "name": "週六牌局",
            "game": "anqing",
            "date": detail["sittings"][0]["date"],
            "seat": "S",
            "balance": balances["S"],
            "archived": False,
        }
    ]


def test_api_rename_and_merge(api, owner, new_session):
    new_session()
    new_session(players=["東哥", "阿南", "阿西", "阿北"])
    roster = {e["name"]: e["id"] for e in api.get("/api/players/").json()}
    renamed = api.patch(f"/api/players/{roster['東哥']}/", {"name": "東東"}, format="json")
    assert renamed.status_code == 200 and renamed.json()["name"] == "東東"
    bad = api.patch(f"/api/players/{roster['東哥']}/", {"name": ""}, format="json")
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "E_INVALID"

    url = f"/api/players/{roster['阿東']}/merge/"
    headers = {"Idempotency-Key": "merge-1"}
    body = {"player": roster["東哥"]}
    merged = api.post(url, body, format="json", headers=headers)
    assert merged.status_code == 200, merged.json()
    assert merged.json()["sitting_count"] == 2
    again = api.post(url, body, format="json", headers=headers)
    assert again.status_code == 200 and again.json() == merged.json()
    assert again["Idempotent-Replayed"] == "true"
    other = api.post(url, {"player": roster["阿南"]}, format="json", headers=headers)
    assert other.status_code == 422 and other.json()["error"]["code"] == "E_IDEMPOTENCY"
    assert IdempotentAnswer.objects.filter(session=None).count() == 1

    together = api.post(url, {"player": roster["阿南"]}, format="json")
    assert together.status_code == 400
    assert together.json()["error"]["code"] == "E_SAME_TABLE"
    itself = api.post(url, {"player": roster["阿東"]}, format="json")
    assert itself.status_code == 400
    missing = api.post(url, {"player": 999999}, format="json")
    assert missing.status_code == 404
    assert api.post(url, {"player": "x"}, format="json").status_code == 400


def test_api_link_refusals_and_replay(api, owner, friend, client_for, new_session):
    new_session()
    east = next(e for e in api.get("/api/players/").json() if e["name"] == "阿東")
    url = f"/api/players/{east['id']}/link/"
    unknown = api.post(url, {"username": "nobody"}, format="json")
    assert unknown.status_code == 400 and unknown.json()["error"]["code"] == "E_INVALID"
    headers = {"Idempotency-Key": "link-1"}
    first = api.post(url, {"username": "xiaoli"}, format="json", headers=headers)
    again = api.post(url, {"username": "xiaoli"}, format="json", headers=headers)
    assert first.status_code == again.status_code == 200
    assert first.json()["user"] == "xiaoli" and again["Idempotent-Replayed"] == "true"
    # The friend cannot link what is not theirs, nor take the link away.
    assert client_for(friend).post(url, {"username": "xiaoli"}, format="json").status_code == 403
    assert client_for(friend).get(f"/api/players/{east['id']}/").status_code == 200
    assert client_for(friend).delete(url).status_code == 403
    # The owner takes it away: the friend sees the player no more.
    unlinked = api.delete(url)
    assert unlinked.status_code == 200 and unlinked.json()["user"] is None
    assert client_for(friend).get(f"/api/players/{east['id']}/").status_code == 404
    assert api.delete(url).status_code == 200  # unlinked already: nothing changes


def test_api_session_create_takes_roster_ids_and_new_people(api, new_session):
    first = new_session()
    east = api.get(f"/api/sessions/{first}/").json()["players"]["E"]
    assert east == "阿東"
    new_session(new_players=[True, False, False, False])
    ids = sorted(e["id"] for e in api.get("/api/players/").json() if e["name"] == "阿東")
    assert len(ids) == 2
    picked = new_session(player_ids=[ids[0], None, None, None])
    assert Session.objects.get(pk=picked).east_id == ids[0]
    bad = api.post(
        "/api/sessions/",
        {"name": "x", "players": ["阿東", "阿南", "阿西", "阿北"], "player_ids": [ids[0]] * 4},
        format="json",
    )
    assert bad.status_code == 400
