"""Every endpoint of the session API (docs/api.md), its permissions and its error objects."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

import pytest

from calculator.models import Payment, Round, Session
from scoring import canonical_hand, score
from tests.calculator.hands import DRAW, bao, paofeng, plain
from tests.factories import api_error

pytestmark = pytest.mark.django_db


# --- authentication -------------------------------------------------------------------------


def test_token_login_and_use(owner, client_for):
    client = client_for()
    response = client.post(
        "/api/auth/token/", {"username": "owner", "password": "pw-owner-123"}, format="json"
    )
    assert response.status_code == 200
    token = response.json()["token"]
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.get("/api/sessions/").status_code == 200


def test_token_login_with_a_wrong_password_is_refused(owner, client_for):
    response = client_for().post(
        "/api/auth/token/", {"username": "owner", "password": "nope"}, format="json"
    )
    error = api_error(response, 400, "E_AUTH")
    assert error["message_en"] == "The username or the password is wrong."
    missing = client_for().post("/api/auth/token/", {"username": "owner"}, format="json")
    assert "password" in api_error(missing, 400, "E_INVALID")["message_en"]


def test_session_login_works_too(owner, client_for):
    client = client_for()
    assert client.login(username="owner", password="pw-owner-123")
    assert client.get("/api/sessions/").status_code == 200


def test_sessions_need_a_login(client_for):
    error = api_error(client_for().get("/api/sessions/"), 401, "E_AUTH")
    # English stays English whatever language the request is served in (LANGUAGE_CODE zh-hans).
    assert error["message_en"] == "Log in or send a token (Authorization: Token …)."
    wrong = client_for()
    wrong.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    assert api_error(wrong.get("/api/sessions/"), 401, "E_AUTH")["message_en"].isascii()
    api_error(client_for().post("/api/sessions/", {}, format="json"), 401, "E_AUTH")


# --- sessions -------------------------------------------------------------------------------


def test_create_session_answers_the_session_with_its_state(api):
    response = api.post(
        "/api/sessions/",
        {
            "name": "週六",
            "players": ["甲", "乙", "丙", "丁"],
            "ruleset": "anqing-daque",
            "base_silver": "0.50",
            "rules": {"pao_feng": 8},
        },
        format="json",
    )
    assert response.status_code == 201
    body = response.json()
    assert body["players"] == {"E": "甲", "S": "乙", "W": "丙", "N": "丁"}
    assert (body["ruleset"], body["base_silver"], body["rules"]) == (
        "anqing-daque",
        "0.5",
        {"pao_feng": 8},
    )
    assert body["state"] == {
        "dealer": "E",
        "dealer_streak": 0,
        "dealer_base": 8,
        "next_round": 1,
        "balances": {"E": "0", "S": "0", "W": "0", "N": "0"},
    }
    assert body["share_token"]


@pytest.mark.parametrize(
    ("change", "code", "names"),
    [
        ({"players": ["甲", "乙", "丙"]}, "E_INVALID", "players"),
        ({"players": ["甲", "乙", "丙", " "]}, "E_INVALID", "N"),
        ({"name": ""}, "E_INVALID", "name"),
        ({"base_silver": "-1"}, "E_INVALID", "base_silver"),
        ({"base_silver": "abc"}, "E_INVALID", "base_silver"),
        ({"ruleset": "hongzhong"}, "E_RULES", "hongzhong"),
        ({"rules": {"no_such_rule": 1}}, "E_RULES", "no_such_rule"),
        # a house rule by its name on the form (R12); the key is in the error's "field"
        ({"rules": {"pao_feng": "six"}}, "E_RULES", "'Pao feng (one-tile wait)'"),
    ],
)
def test_create_session_refuses_bad_input_and_saves_nothing(api, change, code, names):
    body = {"name": "週六", "players": ["甲", "乙", "丙", "丁"], **change}
    error = api_error(api.post("/api/sessions/", body, format="json"), 400, code)
    assert names in error["message_en"]
    assert Session.objects.count() == 0


def test_list_shows_only_the_callers_sessions(api, new_session, stranger, client_for):
    mine = new_session()
    client_for(stranger).post(
        "/api/sessions/", {"name": "別人", "players": ["a", "b", "c", "d"]}, format="json"
    )
    assert [s["id"] for s in api.get("/api/sessions/").json()] == [mine]


def test_someone_elses_session_does_not_exist_for_you(new_session, stranger, client_for):
    pk = new_session()
    other = client_for(stranger)
    for response in [
        other.get(f"/api/sessions/{pk}/"),
        other.get(f"/api/sessions/{pk}/rounds/"),
        other.post(f"/api/sessions/{pk}/rounds/", DRAW, format="json"),
        other.put(f"/api/sessions/{pk}/rounds/1/", DRAW, format="json"),
        other.delete(f"/api/sessions/{pk}/rounds/1/"),
        other.get(f"/api/sessions/{pk}/ledger/"),
        other.get(f"/api/sessions/{pk}/export/"),
        other.post(f"/api/sessions/{pk}/rules/", {"rules": {}}, format="json"),
    ]:
        api_error(response, 404, "E_NOT_FOUND")
    assert Round.objects.count() == 0


def test_an_invited_member_may_record_but_not_invite(api, new_session, stranger, client_for):
    pk = new_session()
    response = api.post(f"/api/sessions/{pk}/members/", {"username": "stranger"}, format="json")
    assert response.status_code == 201
    member = client_for(stranger)
    assert member.post(f"/api/sessions/{pk}/rounds/", DRAW, format="json").status_code == 201
    assert [s["id"] for s in member.get("/api/sessions/").json()] == [pk]
    api_error(
        member.post(f"/api/sessions/{pk}/members/", {"username": "owner"}, format="json"),
        403,
        "E_FORBIDDEN",
    )


def test_inviting_an_unknown_user_names_them(api, new_session):
    pk = new_session()
    error = api_error(
        api.post(f"/api/sessions/{pk}/members/", {"username": "ghost"}, format="json"),
        400,
        "E_INVALID",
    )
    assert "ghost" in error["message_en"]


# --- rounds ---------------------------------------------------------------------------------


def test_record_a_win_answers_the_round_and_the_state_after_it(api, new_session):
    pk = new_session(base_silver="2")
    response = api.post(f"/api/sessions/{pk}/rounds/", plain("S"), format="json")
    assert response.status_code == 201
    body = response.json()
    # R9 with s = 2: dealer E pays (8 + 3) × 2, W and N pay (4 + 3) × 2.
    assert [(p["from"], p["to"], p["amount"]) for p in body["payments"]] == [
        ("E", "S", "22"),
        ("W", "S", "14"),
        ("N", "S", "14"),
    ]
    assert body["total"] == "50"
    # The hand as the engine writes it (canonical notation), the rest as sent.
    assert body["hand"] == canonical_hand({k: v for k, v in plain("S").items() if k != "result"})
    assert body["scoring"]["fan"] == 3
    # A non-dealer win passes the deal to E's 下家 (R2.2).
    assert body["state"] == {
        "dealer": "S",
        "dealer_streak": 0,
        "dealer_base": 8,
        "next_round": 2,
        "balances": {"E": "-22", "S": "50", "W": "-14", "N": "-14"},
    }


def test_fractional_base_silver_keeps_exact_money(api, new_session):
    pk = new_session(base_silver="0.5")
    body = api.post(f"/api/sessions/{pk}/rounds/", plain("W"), format="json").json()
    # (8 + 3) × 0.5 from the dealer, (4 + 3) × 0.5 from S and N (R9).
    assert {p["from"]: p["amount"] for p in body["payments"]} == {
        "E": "5.5",
        "S": "3.5",
        "N": "3.5",
    }
    assert body["state"]["balances"] == {"E": "-5.5", "S": "-3.5", "W": "12.5", "N": "-3.5"}


def test_a_hand_the_engine_refuses_is_not_recorded(api, new_session):
    pk = new_session()
    bad = {**plain("S"), "concealed": "123m456m234s678s89p", "win_tile": "4m"}
    response = api.post(f"/api/sessions/{pk}/rounds/", bad, format="json")
    assert response.status_code == 400
    engine = score({**{k: v for k, v in bad.items() if k != "result"}, "dealer": "E"})
    assert response.json() == engine
    assert Round.objects.count() == 0
    assert api.get(f"/api/sessions/{pk}/").json()["state"]["next_round"] == 1


@pytest.mark.parametrize(
    ("body", "names"),
    [
        ({**plain("S"), "dealer": "S"}, "dealer"),
        ({**plain("S"), "dealer_streak": 3}, "dealer_streak"),
        ({**plain("S"), "base_silver": "9"}, "base_silver"),
        ({**plain("S"), "colour": "red"}, "colour"),
        ({"result": "lost"}, "result"),
        ({"winner": "S"}, "result"),
        ({"result": "draw", "winner": "S"}, "winner"),
        ({"result": "win", "winner": "S", "indicator": "9p", "concealed": "11m"}, "win_tile"),
    ],
)
def test_bad_round_bodies_are_refused_with_the_field_named(api, new_session, body, names):
    pk = new_session()
    error = api_error(
        api.post(f"/api/sessions/{pk}/rounds/", body, format="json"), 400, "E_INVALID"
    )
    assert names in error["message_en"]
    assert Round.objects.count() == 0


def test_a_winner_that_is_not_a_seat_is_a_context_error(api, new_session):
    pk = new_session()
    api_error(api.post(f"/api/sessions/{pk}/rounds/", plain("X"), format="json"), 400, "E_CONTEXT")


def test_a_body_that_is_not_json_is_refused(api, new_session):
    pk = new_session()
    response = api.post(f"/api/sessions/{pk}/rounds/", "{not json", content_type="application/json")
    api_error(response, 400, "E_INVALID")
    api_error(api.post(f"/api/sessions/{pk}/rounds/", [1, 2], format="json"), 400, "E_INVALID")


def test_rounds_list_and_one_round(api, new_session):
    pk = new_session()
    api.post(f"/api/sessions/{pk}/rounds/", plain("E"), format="json")
    api.post(f"/api/sessions/{pk}/rounds/", DRAW, format="json")
    rounds = api.get(f"/api/sessions/{pk}/rounds/").json()
    assert [(r["number"], r["result"], r["dealer_streak"]) for r in rounds] == [
        (1, "win", 0),
        (2, "draw", 1),
    ]
    one = api.get(f"/api/sessions/{pk}/rounds/2/").json()
    assert (one["result"], one["dealer"], one["dealer_base"], one["payments"]) == (
        "draw",
        "E",
        12,
        [],
    )
    api_error(api.get(f"/api/sessions/{pk}/rounds/3/"), 404, "E_NOT_FOUND")


def test_correcting_a_round_rescoring_the_next(api, new_session):
    pk = new_session()
    api.post(f"/api/sessions/{pk}/rounds/", plain("S"), format="json")  # S wins: deal → S
    api.post(f"/api/sessions/{pk}/rounds/", plain("S"), format="json")  # S dealer win
    # Round 1 was really a draw: E keeps the deal on streak 1, so round 2's S is no dealer.
    response = api.put(f"/api/sessions/{pk}/rounds/1/", DRAW, format="json")
    assert response.status_code == 200
    assert response.json()["result"] == "draw"
    second = api.get(f"/api/sessions/{pk}/rounds/2/").json()
    assert (second["dealer"], second["dealer_streak"]) == ("E", 1)
    # E pays (12 + 3 + 3), W and N pay (4 + 3) (R8.1, R8.2, R9).
    assert {p["from"]: p["amount"] for p in second["payments"]} == {"E": "18", "W": "7", "N": "7"}
    # The stored engine result is rewritten too, and reads back as JSON.
    assert (second["scoring"]["dealer_base"], second["dealer_base"]) == (12, 12)
    assert [p["amount"] for p in second["scoring"]["payments"]] == ["18", "7", "7"]
    assert response.json()["state"]["dealer"] == "S"


def test_a_refused_correction_changes_nothing(api, new_session):
    pk = new_session()
    api.post(f"/api/sessions/{pk}/rounds/", plain("S"), format="json")
    before = api.get(f"/api/sessions/{pk}/ledger/").json()
    bad = {**plain("S"), "win_tile": "7p"}
    response = api.put(f"/api/sessions/{pk}/rounds/1/", bad, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["code"].startswith("E_")
    assert api.get(f"/api/sessions/{pk}/ledger/").json() == before
    assert Round.objects.get().hand["win_tile"] == "4m"
    api_error(api.put(f"/api/sessions/{pk}/rounds/9/", DRAW, format="json"), 404, "E_NOT_FOUND")


def test_voiding_keeps_the_round_moves_no_money_and_skips_it_for_the_dealer(api, new_session):
    pk = new_session()
    api.post(f"/api/sessions/{pk}/rounds/", plain("S"), format="json")
    api.post(f"/api/sessions/{pk}/rounds/", plain("W"), format="json")
    response = api.delete(f"/api/sessions/{pk}/rounds/1/")
    assert response.status_code == 200
    assert response.json()["voided"] is True
    # Round 1 no longer counts: round 2 is dealt by E on streak 0 (R2.2).
    second = api.get(f"/api/sessions/{pk}/rounds/2/").json()
    assert (second["dealer"], second["dealer_streak"]) == ("E", 0)
    state = response.json()["state"]
    assert state["balances"] == {"E": "-11", "S": "-7", "W": "25", "N": "-7"}
    assert state["dealer"] == "S" and state["next_round"] == 3
    assert Payment.objects.filter(round__number=1).count() == 0
    # Voiding again changes nothing; a voided round cannot be corrected.
    assert api.delete(f"/api/sessions/{pk}/rounds/1/").json()["state"] == state
    api_error(api.put(f"/api/sessions/{pk}/rounds/1/", DRAW, format="json"), 409, "E_CONFLICT")
    api_error(api.delete(f"/api/sessions/{pk}/rounds/7/"), 404, "E_NOT_FOUND")


def test_an_idempotency_key_replays_the_first_answer(api, new_session):
    pk = new_session()
    url = f"/api/sessions/{pk}/rounds/"
    first = api.post(url, plain("S"), format="json", HTTP_IDEMPOTENCY_KEY="abc-1")
    again = api.post(url, plain("S"), format="json", HTTP_IDEMPOTENCY_KEY="abc-1")
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert Round.objects.count() == 1
    other = api.post(url, plain("N"), format="json", HTTP_IDEMPOTENCY_KEY="abc-2")
    assert other.json()["number"] == 2


# --- house rules ----------------------------------------------------------------------------


def test_changed_house_rules_apply_to_later_rounds_only(api, new_session):
    pk = new_session()
    api.post(f"/api/sessions/{pk}/rounds/", plain("S"), format="json")
    response = api.post(f"/api/sessions/{pk}/rules/", {"rules": {"dealer_base": 10}}, format="json")
    assert response.status_code == 201
    assert (response.json()["rules_version"], response.json()["rules"]) == (2, {"dealer_base": 10})
    assert response.json()["state"]["dealer_base"] == 10  # R12 dealer_base, R8.1
    api.post(f"/api/sessions/{pk}/rounds/", plain("W"), format="json")
    rounds = api.get(f"/api/sessions/{pk}/rounds/").json()
    assert [r["rules_version"] for r in rounds] == [1, 2]
    assert {p["from"]: p["amount"] for p in rounds[0]["payments"]}["E"] == "11"  # 8 + 3
    assert {p["from"]: p["amount"] for p in rounds[1]["payments"]}["S"] == "13"  # 10 + 3
    # Re-scoring after a correction keeps each round's own version.
    api.put(f"/api/sessions/{pk}/rounds/1/", plain("S"), format="json")
    rounds = api.get(f"/api/sessions/{pk}/rounds/").json()
    assert {p["from"]: p["amount"] for p in rounds[1]["payments"]}["S"] == "13"


def test_bad_house_rules_are_refused(api, new_session):
    pk = new_session()
    api_error(
        api.post(f"/api/sessions/{pk}/rules/", {"rules": {"nope": 1}}, format="json"),
        400,
        "E_RULES",
    )
    api_error(api.post(f"/api/sessions/{pk}/rules/", {}, format="json"), 400, "E_INVALID")


# --- reading the session --------------------------------------------------------------------


@pytest.fixture
def played(api, new_session) -> int:
    pk = new_session()
    for body in [plain("E"), bao("W", "N"), DRAW, paofeng("S")]:
        assert api.post(f"/api/sessions/{pk}/rounds/", body, format="json").status_code == 201
    return pk


# Hand-worked (R8-R10): 1 E dealer win 11 each; 2 E dealer streak 1, W wins fed by N:
# E pays 12+6+3 = 21, S pays 4+6 = 10, N pays 21 × 6 = 126; deal → S; 3 draw, S streak 1;
# 4 S dealer win streak 1, F 9: 12+9+3 = 24 each.
PLAYED_BALANCES = {"E": "-14", "S": "51", "W": "90", "N": "-127"}


def test_ledger_has_running_balances(api, played):
    ledger = api.get(f"/api/sessions/{played}/ledger/").json()
    assert [e["balances"] for e in ledger["rounds"]] == [
        {"E": "33", "S": "-11", "W": "-11", "N": "-11"},
        {"E": "12", "S": "-21", "W": "146", "N": "-137"},
        {"E": "12", "S": "-21", "W": "146", "N": "-137"},
        {"E": "-12", "S": "51", "W": "122", "N": "-161"},
    ]
    assert ledger["players"]["N"] == "阿北"


def test_ledger_as_csv(api, played):
    response = api.get(f"/api/sessions/{played}/ledger.csv")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert len(rows) == 3 + 3 + 1 + 3
    bao_row = next(r for r in rows if r["liability"])
    assert (bao_row["round"], bao_row["from"], bao_row["amount"], bao_row["multiplier"]) == (
        "2",
        "N",
        "126",
        "6",
    )
    assert [rows[-1][s] for s in "ESWN"] == ["-12", "51", "122", "-161"]


def test_standings_settlement_and_stats(api, played):
    standings = api.get(f"/api/sessions/{played}/standings/").json()
    assert [(r["place"], r["seat"], r["balance"]) for r in standings] == [
        (1, "W", "122"),
        (2, "S", "51"),
        (3, "E", "-12"),
        (4, "N", "-161"),
    ]
    transfers = api.get(f"/api/sessions/{played}/settlement/").json()
    assert len(transfers) == 3  # no two seats square each other: 4 − 1 transfers
    moved = dict.fromkeys("ESWN", Decimal(0))
    for t in transfers:
        moved[t["from"]] += Decimal(t["amount"])
        moved[t["to"]] -= Decimal(t["amount"])
    assert moved == {"E": Decimal(12), "S": Decimal(-51), "W": Decimal(-122), "N": Decimal(161)}
    stats = {row["seat"]: row for row in api.get(f"/api/sessions/{played}/stats/").json()}
    assert (stats["E"]["wins"], stats["E"]["dealer_wins"], stats["E"]["biggest_fan"]) == (1, 1, 3)
    assert (stats["W"]["wins"], stats["W"]["biggest_fan"], stats["W"]["average_fan"]) == (1, 6, "6")
    assert (stats["N"]["paid_under_bao"], stats["N"]["bao_payments"]) == ("126", 1)
    assert stats["N"]["wins"] == 0 and stats["N"]["average_fan"] is None


def test_share_link_reads_without_login_and_cannot_write(api, played, client_for):
    token = api.get(f"/api/sessions/{played}/").json()["share_token"]
    anonymous = client_for()
    response = anonymous.get(f"/api/share/{token}/")
    assert response.status_code == 200
    body = response.json()
    assert body["session"]["state"]["balances"] == {"E": "-12", "S": "51", "W": "122", "N": "-161"}
    assert "share_token" not in body["session"]
    assert len(body["rounds"]) == 4 and len(body["ledger"]["rounds"]) == 4
    api_error(anonymous.post(f"/api/share/{token}/", DRAW, format="json"), 405, "E_METHOD")
    api_error(anonymous.get("/api/share/not-a-token/"), 404, "E_NOT_FOUND")
    api_error(anonymous.post(f"/api/sessions/{played}/rounds/", DRAW, format="json"), 401, "E_AUTH")


# --- the open scoring door and the schema ---------------------------------------------------


def test_score_is_open_and_equal_to_the_engine(client_for):
    request = {**{k: v for k, v in paofeng("S").items() if k != "result"}, "dealer": "E"}
    response = client_for().post("/api/score/", request, format="json")
    assert response.status_code == 200
    assert response.json() == score(request)
    assert response.json()["fan"] == 9


def test_score_errors_are_the_engines(client_for):
    request = {
        "indicator": "9p",
        "winner": "S",
        "dealer": "E",
        "concealed": "12m",
        "win_tile": "1m",
    }
    response = client_for().post("/api/score/", request, format="json")
    assert response.status_code == 400
    assert response.json() == score(request)
    assert "error" in response.json()


def test_openapi_schema_and_its_ui(client_for):
    schema = client_for().get("/api/schema/")
    assert schema.status_code == 200
    text = schema.content.decode()
    for path in ["/api/sessions/{id}/rounds/", "/api/score/", "/api/share/{token}/"]:
        assert path in text
    assert client_for().get("/api/schema/ui/").status_code == 200
