"""Everything can be taken back, and nothing is unbounded (API and services).

Share links rotated and revoked, members removed or leaving, sittings archived (read-only),
restored and deleted; caps on rounds, rules versions and live sittings (E_LIMIT, 422, nothing
saved); ``?limit=``/``?offset=`` pages with ``X-Total-Count`` and ``Link``; the ledger's page
keeps its true running balances; the share answer's ETag; every change of history bumps the
sitting's version once.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from calculator.errors import CalculatorError
from calculator.models import IdempotentAnswer, Payment, Player, Round, RulesVersion, Session
from calculator.selectors.ledger import ledger, rounds_list
from calculator.services.imports import session_import
from calculator.services.rounds import round_correct, round_record, round_void
from calculator.services.sittings import (
    rules_change,
    session_archive,
    session_create,
    session_invite,
    session_restore,
    share_link_revoke,
    share_link_rotate,
)
from calculator.services.takeback import round_undo
from tests.calculator.hands import DRAW, bao, paofeng, plain

pytestmark = pytest.mark.django_db


@pytest.fixture
def sitting(owner) -> Session:
    return session_create(
        owner=owner, name="周六牌局", players=["阿東", "阿南", "阿西", "阿北"], base_silver="1"
    )


@pytest.fixture
def member(sitting):
    user = get_user_model().objects.create_user("amei", password="pw-member-123")
    session_invite(session=sitting, username="amei")
    return user


@pytest.fixture
def stranger(db):
    return get_user_model().objects.create_user("stranger", password="pw-stranger-123")


def record(session: Session, *entries: dict) -> None:
    for entry in entries:
        round_record(session=session, entry=entry)


def error_of(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.content
    error = response.json()["error"]
    assert error["code"] == code
    assert error["message"] and error["message_en"]
    return error


def snapshot() -> list:
    """Everything a refused write could have touched."""
    return [
        list(Session.objects.values().order_by("pk")),
        list(Session.members.through.objects.values().order_by("pk")),
        list(Round.objects.values().order_by("pk")),
        list(Payment.objects.values().order_by("pk")),
        list(RulesVersion.objects.values().order_by("pk")),
        list(IdempotentAnswer.objects.values().order_by("pk")),
    ]


# --- share links -------------------------------------------------------------------------------


def test_a_new_share_link_replaces_the_old_one(sitting, api, client_for):
    old = sitting.share_token
    response = api.post(f"/api/sessions/{sitting.pk}/share/")
    assert response.status_code == 200
    new = response.json()["share_token"]
    assert new and new != old
    assert api.get(f"/api/sessions/{sitting.pk}/").json()["share_token"] == new
    anonymous = client_for()
    error_of(anonymous.get(f"/api/share/{old}/"), 404, "E_NOT_FOUND")
    assert anonymous.get(f"/api/share/{new}/").status_code == 200
    assert Client().get(f"/share/{old}/").status_code == 404
    assert Client().get(f"/share/{new}/").status_code == 200


def test_a_revoked_share_link_answers_404_until_shared_again(sitting, api, client_for):
    old = sitting.share_token
    assert api.delete(f"/api/sessions/{sitting.pk}/share/").status_code == 204
    assert api.get(f"/api/sessions/{sitting.pk}/").json()["share_token"] is None
    error_of(client_for().get(f"/api/share/{old}/"), 404, "E_NOT_FOUND")
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
        error = error_of(getattr(client_for(member), method)(url), 403, "E_FORBIDDEN")
        assert "主人" in error["message"] and "owner" in error["message_en"]
        error_of(getattr(client_for(stranger), method)(url), 404, "E_NOT_FOUND")
        error_of(getattr(client_for(), method)(url), 401, "E_AUTH")
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
    error_of(client_for(stranger).get(f"/api/sessions/{sitting.pk}/members/"), 404, "E_NOT_FOUND")


def test_the_owner_removes_a_member_who_then_finds_nothing(sitting, member, api, client_for):
    assert api.delete(f"/api/sessions/{sitting.pk}/members/amei/").status_code == 204
    assert not sitting.members.exists()
    error_of(client_for(member).get(f"/api/sessions/{sitting.pk}/"), 404, "E_NOT_FOUND")
    error_of(
        client_for(member).post(f"/api/sessions/{sitting.pk}/rounds/", DRAW, format="json"),
        404,
        "E_NOT_FOUND",
    )
    assert not sitting.rounds.exists()


def test_a_member_may_leave_but_not_remove_anyone_else(sitting, member, client_for):
    other = get_user_model().objects.create_user("abao", password="pw-abao-1234")
    session_invite(session=sitting, username="abao")
    as_member = client_for(member)
    error = error_of(
        as_member.delete(f"/api/sessions/{sitting.pk}/members/abao/"), 403, "E_FORBIDDEN"
    )
    assert "退出" in error["message"] and "leave" in error["message_en"]
    assert sitting.members.filter(pk=other.pk).exists()
    assert as_member.delete(f"/api/sessions/{sitting.pk}/members/amei/").status_code == 204
    assert list(sitting.members.values_list("username", flat=True)) == ["abao"]


def test_the_owner_cannot_be_removed_and_a_stranger_is_no_member(sitting, member, api):
    before = snapshot()
    error = error_of(api.delete(f"/api/sessions/{sitting.pk}/members/owner/"), 400, "E_INVALID")
    assert "刪除" in error["message"] and "delete" in error["message_en"]
    error = error_of(api.delete(f"/api/sessions/{sitting.pk}/members/nobody/"), 404, "E_NOT_FOUND")
    assert "nobody" in error["message_en"]
    assert snapshot() == before


# --- archive, restore, delete ------------------------------------------------------------------


def test_an_archived_sitting_is_read_only_and_leaves_the_list(sitting, api, owner):
    record(sitting, plain("S"), DRAW)
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
        error = error_of(response, 409, "E_CONFLICT")
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
    record(sitting, plain("S"))
    before = snapshot()
    as_member = client_for(member)
    base = f"/api/sessions/{sitting.pk}"
    error_of(as_member.post(f"{base}/archive/"), 403, "E_FORBIDDEN")
    error_of(as_member.delete(f"{base}/archive/"), 403, "E_FORBIDDEN")
    error_of(as_member.delete(f"{base}/"), 403, "E_FORBIDDEN")
    assert snapshot() == before


def test_deleting_a_sitting_takes_its_rounds_and_payments_and_keeps_its_players(
    sitting, owner, api
):
    other = session_create(owner=owner, name="另一場", players=["甲", "乙", "丙", "丁"])
    record(sitting, plain("S"), bao("W", "N"), DRAW)
    record(other, paofeng("E"))
    rules_change(session=sitting, rules={"dealer_base": 10})
    round_record(session=sitting, entry=DRAW, idempotency_key="k-1")
    seated = [sitting.east_id, sitting.south_id, sitting.west_id, sitting.north_id]
    other_ledger = ledger(other)
    assert api.delete(f"/api/sessions/{sitting.pk}/").status_code == 204
    error_of(api.get(f"/api/sessions/{sitting.pk}/"), 404, "E_NOT_FOUND")
    assert not Round.objects.filter(session_id=sitting.pk).exists()
    assert not Payment.objects.filter(round__session_id=sitting.pk).exists()
    assert not RulesVersion.objects.filter(session_id=sitting.pk).exists()
    assert not IdempotentAnswer.objects.filter(session_id=sitting.pk).exists()
    # Its people stay on the owner's roster.
    assert Player.objects.filter(pk__in=seated, owner=owner).count() == 4
    # The other sitting is untouched.
    assert ledger(other) == other_ledger
    assert [s["id"] for s in api.get("/api/sessions/").json()] == [other.pk]


# --- caps ----------------------------------------------------------------------------------------


def test_the_round_after_the_cap_is_refused_and_nothing_is_saved(sitting, api, settings):
    settings.MAX_ROUNDS_PER_SESSION = 3
    record(sitting, plain("S"), DRAW, DRAW)
    before = snapshot()
    response = api.post(f"/api/sessions/{sitting.pk}/rounds/", plain("W"), format="json")
    error = error_of(response, 422, "E_LIMIT")
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
    error_of(response, 422, "E_LIMIT")
    assert not Session.objects.exists()
    assert api.post("/api/sessions/import/", export_with(50), format="json").status_code == 201


def test_an_import_over_the_rules_versions_cap_is_refused(api, settings):
    settings.MAX_RULES_VERSIONS_PER_SESSION = 3
    error = error_of(
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
    error_of(api.post(url, {"rules": {"dealer_base": 12}}, format="json"), 422, "E_LIMIT")
    assert snapshot() == before


def test_live_sittings_per_account_are_capped(api, settings):
    settings.MAX_LIVE_SESSIONS_PER_USER = 2
    body = {"name": "一場", "players": ["甲", "乙", "丙", "丁"]}
    first = api.post("/api/sessions/", body, format="json").json()["id"]
    api.post("/api/sessions/", body, format="json")
    error = error_of(api.post("/api/sessions/", body, format="json"), 422, "E_LIMIT")
    assert "2" in error["message"] and "archive or delete" in error["message_en"]
    error_of(api.post("/api/sessions/import/", export_with(1), format="json"), 422, "E_LIMIT")
    assert Session.objects.count() == 2
    # An archived sitting does not count; restoring it would pass the cap.
    api.post(f"/api/sessions/{first}/archive/")
    assert api.post("/api/sessions/", body, format="json").status_code == 201
    error_of(api.delete(f"/api/sessions/{first}/archive/"), 422, "E_LIMIT")
    assert Session.objects.get(pk=first).archived_at is not None


# --- pages of a list -------------------------------------------------------------------------------


def test_the_sessions_list_comes_in_pages(api, owner):
    ids = [
        session_create(owner=owner, name=f"第{n}場", players=["甲", "乙", "丙", "丁"]).pk
        for n in range(5)
    ]
    newest_first = ids[::-1]
    response = api.get("/api/sessions/?limit=2")
    assert [s["id"] for s in response.json()] == newest_first[:2]
    assert response["X-Total-Count"] == "5"
    assert response["Link"] == ('<http://testserver/api/sessions/?limit=2&offset=2>; rel="next"')
    response = api.get("/api/sessions/?limit=2&offset=4")
    assert [s["id"] for s in response.json()] == newest_first[4:]
    assert response["Link"] == '<http://testserver/api/sessions/?limit=2&offset=2>; rel="prev"'
    whole = api.get("/api/sessions/")
    assert len(whole.json()) == 5 and whole["X-Total-Count"] == "5" and "Link" not in whole


@pytest.mark.parametrize(
    "query, name",
    [
        ("limit=0", "limit"),
        ("limit=501", "limit"),
        ("limit=ten", "limit"),
        ("limit=-1", "limit"),
        ("offset=-1", "offset"),
        ("offset=1.5", "offset"),
        ("offset=1000000001", "offset"),
        ("archived=yes", "archived"),
    ],
)
def test_a_bad_page_parameter_is_named(sitting, api, query, name):
    for url in ("/api/sessions/", f"/api/sessions/{sitting.pk}/rounds/"):
        if name == "archived" and "rounds" in url:
            continue
        error = error_of(api.get(f"{url}?{query}"), 400, "E_INVALID")
        assert error["message_en"].startswith(name)
    if name != "archived":
        error_of(api.get(f"/api/sessions/{sitting.pk}/ledger/?{query}"), 400, "E_INVALID")
        error_of(api.get(f"/api/share/{sitting.share_token}/?{query}"), 400, "E_INVALID")


def test_rounds_come_in_pages_in_order(sitting, api):
    record(sitting, plain("S"), DRAW, paofeng("W"), DRAW, plain("N"), DRAW, DRAW)
    url = f"/api/sessions/{sitting.pk}/rounds/"
    response = api.get(f"{url}?limit=3&offset=2")
    assert [r["number"] for r in response.json()] == [3, 4, 5]
    assert response["X-Total-Count"] == "7"
    assert response["Link"] == (
        f'<http://testserver{url}?limit=3&offset=5>; rel="next", '
        f'<http://testserver{url}?limit=3&offset=0>; rel="prev"'
    )
    assert api.get(url).json() == rounds_list(sitting)
    past = api.get(f"{url}?offset=9")
    assert past.json() == [] and past["X-Total-Count"] == "7"


def test_a_ledger_page_starts_from_the_true_running_balances(sitting, api):
    record(sitting, plain("S"), bao("W", "N"), DRAW, paofeng("E"), plain("N"), DRAW, plain("W"))
    round_void(session=sitting, number=2)
    whole = ledger(sitting)
    url = f"/api/sessions/{sitting.pk}/ledger/"
    page = api.get(f"{url}?offset=3&limit=2")
    body = page.json()
    assert [e["number"] for e in body["rounds"]] == [4, 5]
    assert body["rounds"] == whole["rounds"][3:5]
    assert body["balances"] == whole["balances"]  # the sitting's, not the page's last round
    assert (body["total_rounds"], body["offset"], body["limit"]) == (7, 3, 2)
    assert page["X-Total-Count"] == "7" and 'rel="next"' in page["Link"]
    last = api.get(f"{url}?offset=5").json()
    assert last["rounds"] == whole["rounds"][5:] and last["balances"] == whole["balances"]
    assert sum(Decimal(v) for v in body["rounds"][0]["balances"].values()) == 0


@pytest.mark.parametrize("rounds", [12, 40])
def test_a_ledger_page_never_reads_the_rounds_before_it(
    sitting, api, rounds, django_assert_num_queries
):
    record(
        sitting, *[[plain("S"), DRAW, paofeng("W"), bao("E", "N")][n % 4] for n in range(rounds)]
    )
    # the session, its stored state (total and balances), the page's rounds, their payments, the
    # 包 round's words, the players' names: none of them reads the rounds before the page
    with django_assert_num_queries(6):
        body = api.get(f"/api/sessions/{sitting.pk}/ledger/?offset=5&limit=3").json()
    assert body["rounds"] == ledger(sitting)["rounds"][5:8]


def test_the_share_answer_shows_the_newest_50_rounds_by_default(sitting, client_for):
    record(sitting, plain("S"), *[DRAW] * 52)
    anonymous = client_for()
    response = anonymous.get(f"/api/share/{sitting.share_token}/")
    body = response.json()
    assert [r["number"] for r in body["rounds"]] == list(range(4, 54))
    assert [e["number"] for e in body["ledger"]["rounds"]] == list(range(4, 54))
    assert body["ledger"]["rounds"][0]["balances"] == ledger(sitting)["balances"]
    assert response["X-Total-Count"] == "53"
    assert response["Link"] == (
        f'<http://testserver/api/share/{sitting.share_token}/?offset=0&limit=50>; rel="prev"'
    )
    first = anonymous.get(f"/api/share/{sitting.share_token}/?offset=0&limit=2").json()
    assert [r["number"] for r in first["rounds"]] == [1, 2]
    assert "owner" not in body["session"]


def test_the_share_answer_has_an_etag_and_answers_304_with_one_query(
    sitting, client_for, django_assert_num_queries
):
    record(sitting, plain("S"))
    anonymous = client_for()
    url = f"/api/share/{sitting.share_token}/"
    first = anonymous.get(url)
    etag = first["ETag"]
    with django_assert_num_queries(1):
        again = anonymous.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b""
    # Another page of rounds is another answer.
    assert anonymous.get(f"{url}?limit=1")["ETag"] != etag
    record(sitting, DRAW)
    changed = anonymous.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert [r["number"] for r in changed.json()["rounds"]] == [1, 2]


# --- the version goes up with every change of history, once --------------------------------------


def version_of(session: Session) -> int:
    return Session.objects.values_list("version", flat=True).get(pk=session.pk)


def test_every_change_of_history_bumps_the_version_once(sitting, owner):
    steps = [
        lambda: round_record(session=sitting, entry=plain("S")),
        lambda: round_record(session=sitting, entry=DRAW),
        lambda: round_correct(session=sitting, number=1, entry=paofeng("W")),
        lambda: round_void(session=sitting, number=1),
        lambda: round_undo(session=sitting, number=2),
        lambda: rules_change(session=sitting, rules={"dealer_base": 10}),
        lambda: session_archive(session=sitting, user=owner),
        lambda: session_restore(session=sitting, user=owner),
    ]
    for expected, step in enumerate(steps, start=1):
        step()
        assert version_of(sitting) == expected
    # What changes no history leaves the version alone: a void of a voided round, a repeated
    # archive's counterpart, the share link, the members.
    round_void(session=sitting, number=1)
    session_restore(session=sitting, user=owner)
    share_link_rotate(session=sitting, user=owner)
    share_link_revoke(session=sitting, user=owner)
    assert version_of(sitting) == len(steps)


def test_a_refused_round_bumps_nothing(sitting):
    with pytest.raises(CalculatorError):
        round_record(session=sitting, entry={**plain("S"), "win_tile": "5z"})
    assert version_of(sitting) == 0


def test_members_per_sitting_are_capped(sitting, api, settings):
    settings.MAX_MEMBERS_PER_SESSION = 2
    for name in ("member-a", "member-b", "member-c"):
        get_user_model().objects.create_user(name, password="pw-member-77")
    url = f"/api/sessions/{sitting.pk}/members/"
    assert api.post(url, {"username": "member-a"}, format="json").status_code == 201
    assert api.post(url, {"username": "member-b"}, format="json").status_code == 201
    error = error_of(api.post(url, {"username": "member-c"}, format="json"), 422, "E_LIMIT")
    assert "2" in error["message"] and "at most 2 invited members" in error["message_en"]
    assert sorted(sitting.members.values_list("username", flat=True)) == ["member-a", "member-b"]
