"""The `game` field through every door: the engine, `POST /api/score/` and `manage.py score`
answer a request with `game` identically, and the OpenAPI schema names `game` and
`player_count` in the request and `game` in the result (docs/api.md "Other games")."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

from scoring import GAMES, score
from tests.calculator.hands import bao, paofeng

pytestmark = pytest.mark.django_db

REQUEST = {k: v for k, v in paofeng("S").items() if k != "result"} | {"dealer": "E"}
BAO = {k: v for k, v in bao("W", "N").items() if k != "result"} | {"dealer": "E"}


def cli(request: dict, tmp_path) -> tuple[int, dict]:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(request), encoding="utf-8")
    out = io.StringIO()
    try:
        call_command("score", str(path), stdout=out)
    except SystemExit as exited:
        return int(exited.code), json.loads(out.getvalue())
    return 0, json.loads(out.getvalue())


@pytest.mark.parametrize("game", ["anqing", None, "absent"])
@pytest.mark.parametrize("hand", [REQUEST, BAO], ids=["paofeng", "bao"])
def test_an_anqing_request_answers_alike_through_every_door(client_for, tmp_path, game, hand):
    request = dict(hand) if game == "absent" else {**hand, "game": game}
    engine = score(request)
    assert engine["game"] == "anqing"
    assert {k: v for k, v in engine.items() if k != "game"} == {
        k: v for k, v in score(hand).items() if k != "game"
    }
    response = client_for().post("/api/score/", request, format="json")
    assert response.status_code == 200
    assert response.json() == engine
    assert cli(request, tmp_path) == (0, engine)


@pytest.mark.parametrize("game", ["sichuan", "", 7, ["anqing"]])
def test_an_unknown_game_is_e_rules_through_every_door(client_for, tmp_path, game):
    request = {**REQUEST, "game": game}
    engine = score(request)
    assert engine["error"]["code"] == "E_RULES"
    response = client_for().post("/api/score/", request, format="json")
    assert response.status_code == 400
    assert response.json() == engine
    assert cli(request, tmp_path) == (2, engine)


def test_another_games_ruleset_is_e_rules_through_the_api(client_for):
    request = {**REQUEST, "game": "anqing", "ruleset": "anji"}
    response = client_for().post("/api/score/", request, format="json")
    assert response.status_code == 400
    assert response.json() == score(request)
    assert response.json()["error"]["code"] == "E_RULES"


def test_the_schema_names_game_and_player_count(client_for):
    schema = client_for().get("/api/schema/?format=json").json()
    parts = schema["components"]["schemas"]
    request = parts["ScoreRequest"]["properties"]
    game = request["game"]
    codes = game.get("enum") or next(
        parts[ref["$ref"].rsplit("/", 1)[1]]["enum"]
        for ref in game.get("oneOf", game.get("allOf", []))
        if "$ref" in ref
    )
    assert set(codes) == set(GAMES)
    assert request["player_count"]["minimum"] == 2 and request["player_count"]["maximum"] == 4
    assert "game" not in parts["ScoreRequest"].get("required", [])
    assert "game" in parts["ScoreResult"]["properties"]
    assert "game" in parts["ScoreResult"]["required"]


ANJI_REQUEST = {
    "game": "anji", "rules": {}, "player_count": 3, "indicator": "9m", "winner": "S",
    "dealer": "E", "base_silver": "1", "concealed": "234567p345678s1m7z", "win_tile": "7z",
    "melds": [], "flowers": "5f",
}  # fmt: skip


def test_an_anji_answer_is_the_one_the_schema_describes_and_the_cli_gives(client_for, tmp_path):
    """AJ15.3 at a 3-player table: the API, the engine and the command line agree, and the
    answer is what the OpenAPI schema's GameResult (anji) describes."""
    from calculator.api.serializers.results import AnjiResultSerializer

    client = client_for()
    response = client.post("/api/score/", ANJI_REQUEST, format="json")
    assert response.status_code == 200
    answer = response.json()
    assert answer == score(ANJI_REQUEST)
    assert cli(ANJI_REQUEST, tmp_path) == (0, answer)
    assert (answer["game"], answer["x"], answer["total"]) == ("anji", 3, "6")
    checked = AnjiResultSerializer(data=answer)
    assert checked.is_valid(), checked.errors
    schema = client.get("/api/schema/?format=json").json()
    one_of = schema["components"]["schemas"]["GameResult"]["oneOf"]
    assert {"$ref": "#/components/schemas/AnjiResult"} in one_of
