"""Anqing answers byte for byte: 2,000 stored requests (tools/anqing_corpus.py, written before
the engine became a home for several games) get exactly their stored answers from
``scoring.score`` / ``scoring.waits``; a result of ``score`` only gains ``"game": "anqing"``
(first), an error object is unchanged. ``game`` absent, ``"anqing"`` or null answer alike; unknown
fields are ignored; another game's ruleset and an unknown game are E_RULES."""

from __future__ import annotations

import gzip
import json
import pathlib

import pytest

import scoring
from scoring import GAMES, game_of, score, waits
from scoring.anqing import score as anqing_score

CORPUS = pathlib.Path(__file__).parent / "data" / "anqing_corpus.json.gz"


def _cases() -> list[dict]:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as stored:
        return json.load(stored)["cases"]


CASES = _cases()


def _text(answer: dict) -> str:
    """An answer as JSON text, key order kept: equal texts are equal bytes on the wire."""
    return json.dumps(answer, ensure_ascii=False)


def _expected(call: str, stored: dict) -> dict:
    if call == "score" and "error" not in stored:
        return {"game": "anqing", **stored}
    return stored


def test_the_corpus_is_varied() -> None:
    """Every R11 code, both rulesets, every indicator, wilds, 包 and waits are in it."""
    assert len(CASES) >= 2000
    codes = {c["answer"]["error"]["code"] for c in CASES if "error" in c["answer"]}
    assert codes == set(scoring.ERROR_CODES)
    wins = [c for c in CASES if c["call"] == "score" and "error" not in c["answer"]]
    assert len(wins) >= 1000
    assert {c["answer"]["ruleset"] for c in wins} == set(scoring.RULESETS)
    assert {c["request"]["indicator"] for c in wins} == set(scoring.FACES)
    assert {c["request"]["concealed"].count(c["answer"]["wild"]) for c in wins} >= {0, 1, 2, 3, 4}
    assert any(p.get("liability") for c in wins for p in c["answer"]["payments"])
    assert any(c["request"].get("rules") for c in wins)
    assert any(c["answer"].get("waits") for c in CASES if c["call"] == "waits")


@pytest.mark.parametrize("chunk", range(10))
def test_every_stored_request_gets_its_stored_answer(chunk: int) -> None:
    calls = {"score": score, "waits": waits}
    wrong = []
    for index in range(chunk, len(CASES), 10):
        case = CASES[index]
        answer = calls[case["call"]](json.loads(json.dumps(case["request"])))
        if _text(answer) != _text(_expected(case["call"], case["answer"])):
            wrong.append(index)
    assert not wrong, f"{len(wrong)} answers changed, first: case {wrong[0]}"


@pytest.mark.parametrize("game", ["anqing", None])
def test_game_anqing_or_null_answers_as_without_it(game: str | None) -> None:
    for case in CASES[::20]:
        request = {**case["request"], "game": game}
        call = score if case["call"] == "score" else waits
        assert _text(call(request)) == _text(_expected(case["call"], case["answer"]))


def test_unknown_fields_are_ignored() -> None:
    for case in [c for c in CASES if c["call"] == "score"][::25]:
        request = {**case["request"], "player_count": 4, "flowers": "1f", "colour": "red"}
        assert _text(score(request)) == _text(_expected("score", case["answer"]))


def test_anqings_own_score_has_no_game_field() -> None:
    case = next(c for c in CASES if c["call"] == "score" and "error" not in c["answer"])
    assert _text(anqing_score(case["request"])) == _text(case["answer"])


@pytest.mark.parametrize("ruleset", ["anji", "hongzhong"])
def test_another_games_ruleset_is_e_rules(ruleset: str) -> None:
    case = next(c for c in CASES if c["call"] == "score" and "error" not in c["answer"])
    answer = score({**case["request"], "game": "anqing", "ruleset": ruleset})
    assert answer["error"]["code"] == "E_RULES"
    assert ruleset in answer["error"]["message"] and ruleset in answer["error"]["message_en"]


@pytest.mark.parametrize("game", ["sichuan", "", 3, ["anqing"], "ANQING"])
@pytest.mark.parametrize("call", [score, waits])
def test_an_unknown_game_is_e_rules_before_anything_else(game: object, call) -> None:
    answer = call({"game": game, "concealed": "not tiles"})
    assert answer["error"]["code"] == "E_RULES"
    assert repr(game) in answer["error"]["message_en"]


def test_a_game_without_waits_answers_an_error_object(monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    monkeypatch.setitem(GAMES, "nowaits", replace(game_of("anqing"), code="nowaits", waits=None))
    answer = waits({"game": "nowaits", "indicator": "6m", "concealed": "123m"})
    assert answer["error"]["code"] == "E_RULES"
    assert "nowaits" in answer["error"]["message_en"]


def test_the_registry_is_exported_at_the_root() -> None:
    assert scoring.GAMES is GAMES and scoring.game_of("anqing").code == "anqing"
    assert isinstance(GAMES["anqing"], scoring.Game)
    assert scoring.score is scoring.games.score and scoring.waits is scoring.games.waits
