"""A sitting's life through the API: share links rotated and revoked, members removed or
leaving, sittings archived (read-only), restored and deleted."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from calculator.errors import CalculatorError
from calculator.models import IdempotentAnswer, Payment, Player, Round, RulesVersion
from calculator.selectors.ledger import ledger
from calculator.services.rounds import round_record
from calculator.services.sittings import rules_change, session_create, session_invite
from calculator.services.takeback import round_undo
from tests.calculator.hands import DRAW, bao, paofeng, plain
from tests.factories import api_error, record_rounds, snapshot

pytestmark = pytest.mark.django_db


# --- share links -------------------------------------------------------------------------------


def test_a_new_share_link_replaces_the_old_one(sitting, api, client_for):
    old = sitting.share_token
    response = api.post(f"/api/sessions/{sitting.pk}/share/")
    assert response.status_code == 200
    new = response.json()["share_token"]
    assert new and new != old
    assert api.get(f"/api/sessions/{sitting.pk}/").json()["share_token"] == new
    anonymous = client_for()
    api_error(anonymous.get(f"/api/share/{old}/"), 404, "E_NOT_FOUND")
    assert anonymous.get(f"/api/share/{new}/").status_code == 200
    assert Client().get(f"/share/{old}/").status_code == 404
    assert Client().get(f"/share/{new}/").status_code == 200


def test_a_revoked_share_link_answers_404_until_shared_again(sitting, api, client_for):
    old = sitting.share_token
    assert api.delete(f"/api/sessions/{sitting.pk}/share/").status_code == 204
    assert api.get(f"/api/sessions/{sitting.pk}/").json()["share_token"] is None
    api_error(client_for().get(f"/api/share/{old}/"), 404, "E_NOT_FOUND")
    assert Client().get(f"/share/{old}/").status_code == 404
    # Revoking twice changes nothing and is no error.
    assert api.delete(f"/api/sessions/{sitting.pk}/share/").status_code == 204
    again = api.post(f"/api/sessions/{sitting.pk}/share/").json()["share_token"]
    assert again != old
    assert client_for().get(f"/api/share/{again}/").status_code == 200


def test_only_the_owner_changes_the_share_link(sitting, member, stranger, client_for):
    before = snapshot()
    for method in ("post", "delete"):
        url = f"/api/sessions/{sitting.pk}/share/"
        error = api_error(getattr(client_for(member), method)(url), 403, "E_FORBIDDEN")
        assert "主人" in error["message"] and "owner" in error["message_en"]
        api_error(getattr(client_for(stranger), method)(url), 404, "E_NOT_FOUND")
        api_error(getattr(client_for(), method)(url), 401, "E_AUTH")
    assert snapshot() == before


# --- members -------------------------------------------------------------------------------------


def test_owner_and_members_see_the_members_with_the_owner_marked(
    sitting, member, api, client_for, stranger
):
    session_invite(
        session=sitting,
        username=get_user_model().objects.create_user("abao", password="pw-abao-1234").username,
    )
    expected = [
        {"username": "owner", "owner": True},
        {"username": "abao", "owner": False},
        {"username": "amei", "owner": False},
    ]
    assert api.get(f"/api/sessions/{sitting.pk}/members/").json() == expected
    assert client_for(member).get(f"/api/sessions/{sitting.pk}/members/").json() == expected
    api_error(client_for(stranger).get(f"/api/sessions/{sitting.pk}/members/"), 404, "E_NOT_FOUND")


def test_the_owner_removes_a_member_who_then_finds_nothing(sitting, member, api, client_for):
    assert api.delete(f"/api/sessions/{sitting.pk}/members/amei/").status_code == 204
    assert not sitting.members.exists()
    api_error(client_for(member).get(f"/api/sessions/{sitting.pk}/"), 404, "E_NOT_FOUND")
    api_error(
        client_for(member).post(f"/api/sessions/{sitting.pk}/rounds/", DRAW, format="json"),
        404,
        "E_NOT_FOUND",
    )
    assert not sitting.rounds.exists()


def test_a_member_may_leave_but_not_remove_anyone_else(sitting, member, client_for):
    other = get_user_model().objects.create_user("abao", password="pw-abao-1234")
    session_invite(session=sitting, username="abao")
    as_member = client_for(member)
    error = api_error(
        as_member.delete(f"/api/sessions/{sitting.pk}/members/abao/"), 403, "E_FORBIDDEN"
    )
    assert "退出" in error["message"] and "leave" in error["message_en"]
    assert sitting.members.filter(pk=other.pk).exists()
    assert as_member.delete(f"/api/sessions/{sitting.pk}/members/amei/").status_code == 204
    assert list(sitting.members.values_list("username", flat=True)) == ["abao"]


def test_the_owner_cannot_be_removed_and_a_stranger_is_no_member(sitting, member, api):
    before = snapshot()
    error = api_error(api.delete(f"/api/sessions/{sitting.pk}/members/owner/"), 400, "E_INVALID")
    assert "刪除" in error["message"] and "delete" in error["message_en"]
    error = api_error(api.delete(f"/api/sessions/{sitting.pk}/members/nobody/"), 404, "E_NOT_FOUND")
    assert "nobody" in error["message_en"]
    assert snapshot() == before


# --- archive, restore, delete ------------------------------------------------------------------


def test_an_archived_sitting_is_read_only_and_leaves_the_list(sitting, api, owner):
    record_rounds(sitting, plain("S"), DRAW)
    response = api.post(f"/api/sessions/{sitting.pk}/archive/")
    assert response.status_code == 200
    assert response.json()["archived"] is True
    assert api.get("/api/sessions/").json() == []
    listed = api.get("/api/sessions/?archived=1").json()
    assert [(s["id"], s["archived"]) for s in listed] == [(sitting.pk, True)]
    before = snapshot()
    base = f"/api/sessions/{sitting.pk}"
    for method, url, body in [
        ("post", f"{base}/rounds/", DRAW),
        ("put", f"{base}/rounds/1/", DRAW),
        ("delete", f"{base}/rounds/2/", None),
        ("post", f"{base}/rules/", {"rules": {"dealer_base": 10}}),
    ]:
        call = getattr(api, method)
        response = call(url, body, format="json") if body is not None else call(url)
        error = api_error(response, 409, "E_CONFLICT")
        assert "歸檔" in error["message"] and "archived" in error["message_en"]
    with pytest.raises(CalculatorError) as undo:
        round_undo(session=sitting, number=2, user=owner)
    assert undo.value.code == "E_CONFLICT"
    assert snapshot() == before
    # Still readable, exportable and shared.
    assert api.get(f"{base}/ledger/").status_code == 200
    assert api.get(f"{base}/export/").status_code == 200
    assert api.get(f"/api/share/{sitting.share_token}/").json()["session"]["archived"] is True


def test_restoring_an_archived_sitting_takes_rounds_again(sitting, api):
    api.post(f"/api/sessions/{sitting.pk}/archive/")
    response = api.delete(f"/api/sessions/{sitting.pk}/archive/")
    assert response.status_code == 200 and response.json()["archived"] is False
    assert [s["id"] for s in api.get("/api/sessions/").json()] == [sitting.pk]
    assert api.post(f"/api/sessions/{sitting.pk}/rounds/", DRAW, format="json").status_code == 201


def test_only_the_owner_archives_or_deletes(sitting, member, client_for):
    record_rounds(sitting, plain("S"))
    before = snapshot()
    as_member = client_for(member)
    base = f"/api/sessions/{sitting.pk}"
    api_error(as_member.post(f"{base}/archive/"), 403, "E_FORBIDDEN")
    api_error(as_member.delete(f"{base}/archive/"), 403, "E_FORBIDDEN")
    api_error(as_member.delete(f"{base}/"), 403, "E_FORBIDDEN")
    assert snapshot() == before


def test_deleting_a_sitting_takes_its_rounds_and_payments_and_keeps_its_players(
    sitting, owner, api
):
    other = session_create(owner=owner, name="另一場", players=["甲", "乙", "丙", "丁"])
    record_rounds(sitting, plain("S"), bao("W", "N"), DRAW)
    record_rounds(other, paofeng("E"))
    rules_change(session=sitting, rules={"dealer_base": 10})
    round_record(session=sitting, entry=DRAW, idempotency_key="k-1")
    seated = [sitting.east_id, sitting.south_id, sitting.west_id, sitting.north_id]
    other_ledger = ledger(other)
    assert api.delete(f"/api/sessions/{sitting.pk}/").status_code == 204
    api_error(api.get(f"/api/sessions/{sitting.pk}/"), 404, "E_NOT_FOUND")
    assert not Round.objects.filter(session_id=sitting.pk).exists()
    assert not Payment.objects.filter(round__session_id=sitting.pk).exists()
    assert not RulesVersion.objects.filter(session_id=sitting.pk).exists()
    assert not IdempotentAnswer.objects.filter(session_id=sitting.pk).exists()
    # Its people stay on the owner's roster.
    assert Player.objects.filter(pk__in=seated, owner=owner).count() == 4
    # The other sitting is untouched.
    assert ledger(other) == other_ledger
    assert [s["id"] for s in api.get("/api/sessions/").json()] == [other.pk]


# --- what a new sitting is made of -------------------------------------------------------------


@pytest.mark.parametrize("silver", ["1e3", "1E+2", "Infinity", "NaN", "١٢", " 1e1 "])
def test_a_base_silver_in_text_is_digits_with_a_point_only(api, silver):
    response = api.post(
        "/api/sessions/",
        {"name": "周六", "players": ["阿东", "阿南", "阿西", "阿北"], "base_silver": silver},
        format="json",
    )
    error = api_error(response, 400, "E_INVALID")
    assert error["field"] == "base_silver"
    assert "0–9" in error["message"] and "0-9" in error["message_en"]
    assert not Player.objects.exists()


@pytest.mark.parametrize(("silver", "kept"), [("2.5", "2.5"), (3, "3"), ("10.", "10")])
def test_a_base_silver_of_digits_or_a_json_number_is_taken(api, silver, kept):
    response = api.post(
        "/api/sessions/",
        {"name": "周六", "players": ["阿东", "阿南", "阿西", "阿北"], "base_silver": silver},
        format="json",
    )
    assert response.status_code == 201, response.content
    assert response.json()["base_silver"] == kept


def test_one_name_in_two_seats_is_refused_naming_both_seats(api):
    response = api.post(
        "/api/sessions/",
        {"name": "周六", "players": ["阿东", "小李", "小李", "阿北"]},
        format="json",
    )
    error = api_error(response, 400, "E_INVALID")
    assert error["field"] == "players"
    assert "南家和西家都是“小李”" in error["message"]
    assert "South and West are both '小李'" in error["message_en"]
    assert not Player.objects.exists()


def test_two_people_of_one_name_sit_together_when_each_seat_says_who(api):
    first = api.post(
        "/api/sessions/",
        {"name": "周五", "players": ["阿东", "小李", "阿西", "阿北"]},
        format="json",
    )
    assert first.status_code == 201
    # A different 小李 joins: the roster's 小李 by id, the other a new person of that name.
    known = Player.objects.get(name="小李").pk
    both = api.post(
        "/api/sessions/",
        {
            "name": "周六",
            "players": ["阿东", "小李", "小李", "阿北"],
            "player_ids": [None, known, None, None],
            "new_players": [False, False, True, False],
        },
        format="json",
    )
    assert both.status_code == 201, both.content
    assert Player.objects.filter(name="小李").count() == 2
