"""紅中 (``"game": "hongzhong"``, hongzhong-rules.md HZ1–HZ17) through the JSON API, the OpenAPI
schema and ``manage.py score``.

- Every HZ17 worked example answers alike from the engine, ``POST /api/score/`` and the command
  line (exit status 0 for a result, 2 for an error object), and every result is what the schema's
  GameResult (HongzhongResult, HZ14) describes.
- A 紅中 sitting through the sessions API: the twelve rounds of ``hongzhong_sitting`` (their
  expected numbers worked out by hand there), a correction and a void, the ledger and export /
  import; 一炮多響 (HZ3.3, HZ9.2), draws whose kongs pay or not (HZ10.3), and the round body's
  E_CONTEXT refusals (score-api.md "Sessions").
"""

from __future__ import annotations

import copy
import functools
import io
import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from calculator.models import Payment, Round, Session
from calculator.money import money_str
from calculator.selectors.sittings import payment_sums
from scoring import score
from tests.calculator import hongzhong_sitting as sitting
from tests.scoring.hongzhong.test_hz17_examples import HZ17_3, HZ17_4, HZ17_7, PAID, REFUSED

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
SEATS = ["E", "S", "W", "N"]

EXAMPLES = [(rule, request_) for rule, request_, *_ in PAID] + [
    (rule, request_) for rule, request_, _code in REFUSED
]


# --- the schema, as a validator of real answers -----------------------------------------------


@functools.cache
def _components() -> dict[str, Any]:
    """The OpenAPI document's component schemas as JSON Schema: OpenAPI 3.0's ``nullable`` is
    spelled as "or null", references point into ``$defs``."""
    document = APIClient().get("/api/schema/?format=json").json()

    def convert(node: Any) -> Any:
        if isinstance(node, list):
            return [convert(item) for item in node]
        if not isinstance(node, dict):
            return node
        out = {key: convert(value) for key, value in node.items() if key != "discriminator"}
        if isinstance(out.get("$ref"), str):
            out["$ref"] = out["$ref"].replace("#/components/schemas/", "#/$defs/")
        if out.pop("nullable", False) is True:
            return {"anyOf": [out, {"type": "null"}]}
        return out

    return {"document": document, "defs": convert(document["components"]["schemas"])}


def schema_errors(component: str, answer: Any) -> list[str]:
    """What in ``answer`` the schema's ``component`` does not describe (empty: it conforms)."""
    validator = jsonschema.Draft202012Validator(
        {"$ref": f"#/$defs/{component}", "$defs": _components()["defs"]}
    )
    return [f"{list(error.absolute_path)}: {error.message[:300]}" for error in validator.iter_errors(answer)]


def cli(request: Any, tmp_path: Path) -> tuple[int, dict]:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(request, ensure_ascii=False), encoding="utf-8")
    out = io.StringIO()
    try:
        call_command("score", str(path), stdout=out)
    except SystemExit as exited:
        return int(exited.code), json.loads(out.getvalue())
    return 0, json.loads(out.getvalue())


# --- one request, three doors (score-api.md "Other games") ------------------------------------


@pytest.mark.parametrize(("rule", "request_"), EXAMPLES, ids=[rule for rule, _ in EXAMPLES])
def test_every_hz17_example_answers_alike_through_every_door(rule, request_, client_for, tmp_path):
    request_ = copy.deepcopy(request_)
    engine = score(copy.deepcopy(request_))
    response = client_for().post("/api/score/", request_, format="json")
    refused = "error" in engine
    assert response.status_code == (400 if refused else 200), rule
    assert response.json() == engine, rule
    assert cli(request_, tmp_path) == (2 if refused else 0, engine), rule
    if refused:
        assert schema_errors("Error", engine) == []
        return
    assert engine["game"] == "hongzhong"
    assert schema_errors("GameResult", engine) == [], rule
    assert schema_errors("HongzhongResult", engine) == [], rule
    # Told apart by game: neither Anqing's result nor Anji's describes it (oneOf holds).
    assert schema_errors("ScoreResult", engine) != []
    assert schema_errors("AnjiResult", engine) != []


def test_the_command_line_as_a_process_exits_0_and_2(tmp_path):
    """HZ17.4 (three winners) and HZ17.14's chi (E_CHI_NOT_ALLOWED) through ``manage.py score``
    itself, from a file and from standard input."""
    path = tmp_path / "hz17_4.json"
    path.write_text(json.dumps(HZ17_4), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "manage.py", "score", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == score(HZ17_4)
    assert json.loads(done.stdout)["next_dealer"] == "W"
    chi = next(request_ for rule, request_, _code in REFUSED if rule == "HZ17.14 chi")
    done = subprocess.run(
        [sys.executable, "manage.py", "score", "-"],
        cwd=ROOT,
        input=json.dumps(chi),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert json.loads(done.stdout) == score(chi)
    assert json.loads(done.stdout)["error"]["code"] == "E_CHI_NOT_ALLOWED"


def test_the_schema_documents_hongzhong(client_for):
    parts = _components()["document"]["components"]["schemas"]
    game_result = parts["GameResult"]
    assert {"$ref": "#/components/schemas/HongzhongResult"} in game_result["oneOf"]
    assert game_result["discriminator"]["mapping"]["hongzhong"] == (
        "#/components/schemas/HongzhongResult"
    )
    result = parts["HongzhongResult"]
    assert set(result["required"]) >= {
        "game", "ruleset", "outcome", "discarder", "wins", "items", "kong_payments",
        "payments", "net", "total", "next_dealer",
    }  # fmt: skip
    win = parts["HongzhongWin"]
    assert set(win["required"]) >= {
        "seat", "shape", "reading", "items", "labels", "hand_points", "birds", "payments",
        "total",
    }  # fmt: skip
    payment = parts["HongzhongWinPayment"]["properties"]
    assert {"from", "to", "amount", "points", "hand", "hits", "birds", "dealer", "piao_fen",
            "capped", "parts"} <= set(payment)  # fmt: skip
    assert {"for", "points", "hand", "hits", "birds", "dealer", "piao_fen", "capped"} <= set(
        parts["HongzhongPart"]["properties"]
    )
    assert "seat" in parts["HongzhongSeatItem"]["required"]
    assert {"from", "to", "amount", "points", "kind", "seat"} <= set(
        parts["KongPayment"]["required"]
    )
    # The request: the 紅中 fields of the score request and of a round body (HZ12.1).
    for name in ["ScoreRequest", "RoundEntry"]:
        fields = parts[name]["properties"]
        assert {"winners", "discarder", "robbed_kong", "kongs", "piao_fen"} <= set(fields), name
    winner = parts["HongzhongWinner"]
    assert set(winner["properties"]) == {"seat", "concealed", "win_tile", "melds", "birds"}
    assert set(winner["required"]) == {"seat", "concealed", "win_tile"}
    assert {"seat", "kind", "from", "tiles"} == set(parts["HongzhongKong"]["properties"])
    # Round answers and ledger rounds name every winner.
    for name in ["Round", "RoundAnswer", "LedgerRound"]:
        assert "winners" in parts[name]["required"], name
    # The validator is not blind: an answer without next_dealer, or with a seat that is none,
    # does not conform.
    answer = score(HZ17_3)
    assert schema_errors("HongzhongResult", {k: v for k, v in answer.items() if k != "next_dealer"})
    broken = copy.deepcopy(answer)
    broken["wins"][0]["payments"][0]["from"] = "X"
    assert schema_errors("GameResult", broken)
    assert client_for().get("/api/schema/?format=json").status_code == 200


# --- a 紅中 sitting ------------------------------------------------------------------------------


def open_hongzhong(api, **fields) -> int:
    body = {
        "name": "紅中",
        "game": "hongzhong",
        "players": sitting.PLAYERS,
        "base_silver": sitting.BASE_SILVER,
        **fields,
    }
    response = api.post("/api/sessions/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()["id"]


def state_of(api, pk: int) -> dict:
    """The session's state, checked: four seats, zero-sum, equal to the payments' own sums, no
    dealer's base (HZ2.2: nothing is paid by streak)."""
    state = api.get(f"/api/sessions/{pk}/").json()["state"]
    balances = {seat: Decimal(amount) for seat, amount in state["balances"].items()}
    assert list(balances) == SEATS
    assert sum(balances.values()) == 0, state
    assert balances == payment_sums(Session.objects.get(pk=pk))
    assert "dealer_base" not in state
    return state


def rows_of(pk: int, number: int) -> list[tuple[str, str, str]]:
    """The ledger rows stored for a round: (payer, payee, amount)."""
    game_round = Round.objects.get(session_id=pk, number=number)
    return [
        (p.payer, p.payee, money_str(p.amount))
        for p in Payment.objects.filter(round=game_round).order_by("id")
    ]


def pairs(rows: list[dict]) -> dict[str, str]:
    return {f"{row['from']}→{row['to']}": row["amount"] for row in rows}


def kong_points(scoring: dict | None) -> dict[str, int]:
    points: dict[str, int] = {}
    for row in (scoring or {}).get("kong_payments", []):
        points[row["to"]] = points.get(row["to"], 0) + row["points"]
    return points


def check_round(answer: dict, step: sitting.Step) -> None:
    """A round answer against the hand-worked step."""
    assert answer["winners"] == step.winners, step.number
    assert answer["winner"] == (step.winners[0] if step.winners else None)
    assert answer["result"] == step.body["result"]
    assert (answer["dealer"], answer["dealer_streak"]) == (step.dealer, step.dealer_streak)
    assert pairs(answer["payments"]) == step.payments, step.number
    # One ledger row per payer → payee pair (HZ14): no pair twice.
    assert len(answer["payments"]) == len(step.payments)
    assert answer["total"] == step.total
    assert answer["fan"] is None
    scoring = answer["scoring"]
    assert scoring["game"] == "hongzhong"
    assert scoring["net"] == step.net
    assert pairs(scoring["payments"]) == step.payments
    assert kong_points(scoring) == step.kong_points
    assert [win["seat"] for win in scoring["wins"]] == [
        winner["seat"] for winner in step.body.get("winners", [])
    ]
    assert schema_errors("RoundAnswer", answer) == [], step.number


def test_a_hongzhong_session_seats_four_players(api):
    pk = open_hongzhong(api)
    detail = api.get(f"/api/sessions/{pk}/").json()
    assert (detail["game"], detail["player_count"], detail["ruleset"]) == (
        "hongzhong",
        4,
        "hongzhong",
    )
    assert detail["players"] == dict(zip(SEATS, sitting.PLAYERS, strict=True))
    assert detail["state"] == {
        "dealer": "E",
        "dealer_streak": 0,
        "next_round": 1,
        "balances": {"E": "0", "S": "0", "W": "0", "N": "0"},
    }
    assert schema_errors("SessionDetail", detail) == []
    count = Session.objects.count()
    three = api.post(
        "/api/sessions/",
        {"name": "三人", "game": "hongzhong", "players": ["甲", "乙", "丙"]},
        format="json",
    )
    assert three.status_code == 400
    assert "error" in three.json()
    three_count = api.post(
        "/api/sessions/",
        {"name": "三人", "game": "hongzhong", "player_count": 3, "players": ["甲", "乙", "丙"]},
        format="json",
    )
    assert three_count.status_code == 400
    assert Session.objects.count() == count
    # Another game's ruleset, or a house-rule key of another game, is E_RULES (HZ16).
    for wrong in [{"ruleset": "anji"}, {"rules": {"pao_feng": 6}}, {"rules": {"zi_mo": None}}]:
        response = api.post(
            "/api/sessions/",
            {"name": "紅中", "game": "hongzhong", "players": sitting.PLAYERS, **wrong},
            format="json",
        )
        assert response.status_code == 400, wrong
        assert response.json()["error"]["code"] == "E_RULES", wrong


def test_the_twelve_round_sitting_with_a_correction_and_a_void(api):
    pk = open_hongzhong(api)
    url = f"/api/sessions/{pk}/rounds/"
    for step in sitting.ROUNDS:
        response = api.post(url, step.body, format="json")
        assert response.status_code == 201, (step.number, response.json())
        answer = response.json()
        assert answer["number"] == step.number
        check_round(answer, step)
        assert answer["state"] == step.state.as_api(), step.number
        assert state_of(api, pk) == step.state.as_api(), step.number
        assert sorted(rows_of(pk, step.number)) == sorted(
            (pair[0], pair[2], amount) for pair, amount in step.payments.items()
        )
    rounds = api.get(url).json()
    assert [r["winners"] for r in rounds] == [step.winners for step in sitting.ROUNDS]
    for listed in rounds:
        assert schema_errors("Round", listed) == [], listed["number"]

    # Correct round 5: E alone on N's discard. Later rounds are re-scored with E dealing round 6.
    corrected = api.put(f"{url}5/", sitting.CORRECTION.body, format="json")
    assert corrected.status_code == 200, corrected.json()
    check_round(corrected.json(), sitting.CORRECTION)
    assert corrected.json()["state"] == sitting.CORRECTION.state.as_api()
    assert state_of(api, pk) == sitting.CORRECTION.state.as_api()
    rounds = api.get(url).json()
    assert [(r["dealer"], r["dealer_streak"]) for r in rounds] == sitting.DEALERS_AFTER_CORRECTION
    assert rounds[4]["winners"] == ["E"]
    # Every other round moves what it moved before.
    for listed, step in zip(rounds, sitting.ROUNDS, strict=True):
        if step.number != 5:
            assert pairs(listed["payments"]) == step.payments, step.number

    # Void round 8: kept, moves nothing, passes no deal (round 9 is E's now).
    voided = api.delete(f"{url}{sitting.VOID_NUMBER}/")
    assert voided.status_code == 200, voided.json()
    assert voided.json()["voided"] is True
    assert voided.json()["state"] == sitting.VOID_STATE.as_api()
    assert schema_errors("RoundAnswer", voided.json()) == []
    assert state_of(api, pk) == sitting.VOID_STATE.as_api()
    rounds = api.get(url).json()
    assert [(r["dealer"], r["dealer_streak"]) for r in rounds] == sitting.DEALERS_AFTER_VOID
    assert rows_of(pk, sitting.VOID_NUMBER) == []

    # The ledger: every round with its running balances, and the sitting's balances.
    ledger = api.get(f"/api/sessions/{pk}/ledger/").json()
    assert schema_errors("Ledger", ledger) == []
    assert ledger["balances"] == sitting.VOID_STATE.balances
    assert [entry["balances"] for entry in ledger["rounds"]] == sitting.LEDGER_AFTER_VOID
    assert [entry["winners"] for entry in ledger["rounds"]] == [
        ["E"] if step.number == 5 else step.winners for step in sitting.ROUNDS
    ]
    assert [entry["voided"] for entry in ledger["rounds"]] == [n == 8 for n in range(1, 13)]
    assert ledger["rounds"][7]["payments"] == []
    for entry in ledger["rounds"]:
        assert sum(Decimal(amount) for amount in entry["balances"].values()) == 0

    # Export and import: the same rounds, the same ledger, the same state.
    exported = api.get(f"/api/sessions/{pk}/export/").json()
    assert exported["game"] == "hongzhong"
    assert schema_errors("Export", exported) == []
    assert [r["voided"] for r in exported["rounds"]] == [n == 8 for n in range(1, 13)]
    imported = api.post("/api/sessions/import/", exported, format="json")
    assert imported.status_code == 201, imported.json()
    copy_pk = imported.json()["id"]
    assert imported.json()["game"] == "hongzhong"
    assert state_of(api, copy_pk) == sitting.VOID_STATE.as_api()
    assert api.get(f"/api/sessions/{copy_pk}/ledger/").json() == ledger
    assert [(r["dealer"], r["dealer_streak"]) for r in api.get(
        f"/api/sessions/{copy_pk}/rounds/"
    ).json()] == sitting.DEALERS_AFTER_VOID  # fmt: skip


WIN_WITHOUT_WINNERS = [
    {"result": "win", "winners": []},
    {"result": "win"},
    {"result": "win", "winners": None},
    {"result": "win", "discarder": "N", "winners": []},
]
DRAW_WITH_WINNERS = [
    {"result": "draw", "winners": sitting.ROUNDS[0].body["winners"]},
    {"result": "draw", "winners": sitting.ROUNDS[0].body["winners"], "kongs": HZ17_7["kongs"]},
]


@pytest.mark.parametrize("body", WIN_WITHOUT_WINNERS + DRAW_WITH_WINNERS)
def test_a_win_needs_winners_and_a_draw_has_none(api, body):
    """score-api.md "Sessions": "win" without winners, or "draw" with winners, is 400 E_CONTEXT,
    and nothing is saved — on a new round and on a correction alike."""
    pk = open_hongzhong(api)
    url = f"/api/sessions/{pk}/rounds/"
    response = api.post(url, body, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["error"]["code"] == "E_CONTEXT"
    assert Round.objects.filter(session_id=pk).count() == 0
    assert state_of(api, pk)["next_round"] == 1
    assert api.post(url, sitting.ROUNDS[0].body, format="json").status_code == 201
    before = api.get(f"{url}1/").json()
    response = api.put(f"{url}1/", body, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["error"]["code"] == "E_CONTEXT"
    assert api.get(f"{url}1/").json() == before
    assert state_of(api, pk) == sitting.ROUNDS[0].state.as_api()


# HZ17.7's kongs (HZ10.1): E's 暗槓 S W N → E 2 each; W's 補槓 E S N → W 1 each; N's 明槓 fed by
# S, S → N 3. Net E +5, S −6, W +1, N 0.
DRAW_KONGS = {"result": "draw", "kongs": HZ17_7["kongs"]}


@pytest.mark.parametrize(
    ("rules", "balances", "rows"),
    [
        ({}, {"E": "5", "S": "-6", "W": "1", "N": "0"}, 7),
        ({"kong_pays_on_draw": True}, {"E": "5", "S": "-6", "W": "1", "N": "0"}, 7),
        ({"kong_pays_on_draw": False}, {"E": "0", "S": "0", "W": "0", "N": "0"}, 0),
    ],
    ids=["default", "true", "false"],
)
def test_a_draws_kongs_pay_only_when_the_house_says_so(api, rules, balances, rows):
    """HZ10.3, HZ11: a draw is scored for its kongs; 荒莊荒槓 (false) moves nothing. Either way
    the dealer stays, streak + 1 (HZ2.2)."""
    pk = open_hongzhong(api, rules=rules)
    answer = api.post(f"/api/sessions/{pk}/rounds/", DRAW_KONGS, format="json").json()
    assert answer["result"] == "draw"
    assert (answer["winner"], answer["winners"]) == (None, [])
    assert answer["scoring"]["outcome"] == "draw"
    assert len(answer["payments"]) == rows == len(rows_of(pk, 1))
    assert answer["state"] == {
        "dealer": "E",
        "dealer_streak": 1,
        "next_round": 2,
        "balances": balances,
    }
    assert state_of(api, pk) == answer["state"]
    assert schema_errors("RoundAnswer", answer) == []


# 一炮多響 with two winners on N's discard 5s, where one winner's kong was fed by the discarder
# too, so win and kong money go the same way. E: 123m 456m 789p + pair 55s + 明槓 7777s fed by N;
# ZHUA_PAO 1 + WU_HONG_ZHONG 1, H = 2, no birds: N → E 2; the 明槓: N → E 3 (HZ10.1). S: HZ17.3's
# S, H = 1, no birds: N → S 1. One row per payer → payee: N → E 5, N → S 1 (HZ14).
TWO_WINNERS = {
    "result": "win",
    "discarder": "N",
    "winners": [
        {
            "seat": "E",
            "concealed": "123m456m789p55s",
            "win_tile": "5s",
            "melds": [{"kind": "kong", "tiles": "7777s", "from": "N"}],
        },
        {
            "seat": "S",
            "concealed": "111789m3p5z345s",
            "win_tile": "5s",
            "melds": [{"kind": "pung", "tiles": "777z", "from": "W"}],
        },
    ],
}
# HZ17.4 as a round body: W → N 5, W → E 2, W → S 2.
THREE_WINNERS = {"result": "win", **{k: v for k, v in HZ17_4.items() if k not in ("game", "dealer")}}


@pytest.mark.parametrize(
    ("body", "rows", "winners", "after"),
    [
        (TWO_WINNERS, [("N", "E", "5"), ("N", "S", "1")], ["E", "S"], {"discarder": "N",
         "first_winner": "E"}),
        (THREE_WINNERS, [("W", "E", "2"), ("W", "S", "2"), ("W", "N", "5")], ["E", "S", "N"],
         {"discarder": "W", "first_winner": "N"}),
    ],
    ids=["two winners", "three winners"],
)  # fmt: skip
@pytest.mark.parametrize("multi_win_dealer", ["discarder", "first_winner"])
def test_yi_pao_duo_xiang(api, body, rows, winners, after, multi_win_dealer):
    """HZ3.3, HZ9.2: each winner is settled on its own with the discarder, the ledger keeps one
    row per payer → payee; the next dealer is the discarder (default) or, with
    ``multi_win_dealer`` ``first_winner``, the first winner in play order after the discarder
    (HZ2.2). E deals round 1: the streak is 1 only when E deals again."""
    pk = open_hongzhong(api, rules={"multi_win_dealer": multi_win_dealer})
    answer = api.post(f"/api/sessions/{pk}/rounds/", body, format="json").json()
    assert answer["winners"] == winners
    assert answer["winner"] == winners[0]
    assert sorted(rows_of(pk, 1)) == sorted(rows)
    assert sorted((p["from"], p["to"], p["amount"]) for p in answer["payments"]) == sorted(rows)
    state = state_of(api, pk)
    dealer = after[multi_win_dealer]
    streak = 1 if dealer == "E" else 0
    assert (state["dealer"], state["dealer_streak"]) == (dealer, streak)
    assert answer["scoring"]["next_dealer"] == dealer
    assert schema_errors("RoundAnswer", answer) == []
    if body is TWO_WINNERS:
        east = answer["scoring"]["wins"][0]
        assert [(p["from"], p["amount"], p["hand"], p["hits"]) for p in east["payments"]] == [
            ("N", "2", 2, 0)
        ]
        assert [(p["from"], p["to"], p["amount"]) for p in answer["scoring"]["kong_payments"]] == [
            ("N", "E", "3")
        ]
    # A second round after 一炮多響 is dealt by that seat.
    second = api.post(f"/api/sessions/{pk}/rounds/", DRAW_KONGS, format="json").json()
    assert (second["dealer"], second["dealer_streak"]) == (dealer, streak)
