"""AJ12: every error code, and the order in which they are reported when several apply."""

from __future__ import annotations

import pytest

from scoring.anji import ERROR_CODES
from tests.scoring.anji.anji_case import error_of, run
from tests.scoring.anji.test_aj15_examples import AJ15_1, AJ15_2, AJ15_3, AJ15_15

# One row per code, in AJ12's order (Precedence): each request breaks that rule and, where
# listed, every later one too, so the row proves the earlier code wins.
SINGLE = [
    ("E_RULES", {**AJ15_1, "game": "anji", "ruleset": "x"}),
    ("E_NOTATION", {**AJ15_1, "indicator": None}),
    ("E_NOTATION", {**AJ15_1, "win_tile": ""}),
    ("E_NOTATION", {**AJ15_1, "indicator": "12m"}),
    ("E_NOTATION", {**AJ15_1, "jia_piao": "yes"}),
    ("E_NOTATION", {**AJ15_1, "kongs_before_win": 1.0}),
    ("E_NOTATION", {**AJ15_1, "melds": [5]}),
    ("E_CONTEXT", {**AJ15_1, "winner": None}),
    ("E_CONTEXT", {**AJ15_1, "kongs_before_win": 13}),
    ("E_CONTEXT", {**AJ15_1, "piao": 4}),
    ("E_CONTEXT", {**AJ15_1, "piao": 1, "piao_flowers": 3}),  # more than the flowers
    ("E_CONTEXT", {**AJ15_15, "first_turn": True}),
    ("E_CONTEXT", {**AJ15_15, "discarder": "E"}),  # the winner
    ("E_CONTEXT", {**AJ15_15, "discarder": "W", "player_count": 2, "winner": "E"}),
    ("E_MELD_WILD", {**AJ15_2, "indicator": "4m"}),
    ("E_MELD_SHAPE", {**AJ15_2, "melds": [{"kind": "kong", "tiles": "555m"}]}),
    ("E_MELD_FEEDER", {**AJ15_2, "melds": [{"kind": "chi", "tiles": "567m", "from": "W"}]}),
    ("E_TILE_COUNT", {**AJ15_1, "concealed": "123456m34578s99p"}),
    ("E_TOO_MANY_COPIES", {**AJ15_1, "concealed": "11111m4578s99p4p11z"}),
    ("E_WIN_TILE", {**AJ15_1, "win_tile": "9m"}),
    ("E_CONTEXT", {**AJ15_1, "piao": 2, "concealed": "123456m34578s4p4p4p", "flowers": ""}),
    ("E_NOT_WINNING", {**AJ15_1, "concealed": "123456m13579s99p4p"}),
    ("E_DISCARD_WILD", {**AJ15_1, "discarder": "E", "rules": {"discard_win": True}}),
    ("E_PIAO", {**AJ15_1, "piao": 1}),
]

PRECEDENCE = [
    # an unknown game first, through the registry
    ("E_RULES", {**AJ15_1, "game": "anjii", "concealed": "x"}),
    # E_NOTATION before E_RULES before E_CONTEXT
    ("E_NOTATION", {**AJ15_1, "concealed": "x", "ruleset": "y", "winner": "Q"}),
    ("E_RULES", {**AJ15_1, "ruleset": "y", "winner": "Q"}),
    ("E_CONTEXT", {**AJ15_2, "winner": "Q", "melds": [{"kind": "chi", "tiles": "555m"}]}),
    # the melds in order, each wild, shape, feeder
    (
        "E_MELD_WILD",
        {**AJ15_2, "indicator": "4m", "melds": [{"kind": "chi", "tiles": "567m", "from": "S"}]},
    ),
    (
        "E_MELD_SHAPE",
        {
            **AJ15_2,
            "melds": [
                {"kind": "chi", "tiles": "568m", "from": "S"},
                {"kind": "pung", "tiles": "888s"},
            ],
        },
    ),
    # tile count before copies before the win tile
    ("E_TILE_COUNT", {**AJ15_1, "concealed": "11111m", "win_tile": "9s"}),
    ("E_TOO_MANY_COPIES", {**AJ15_1, "concealed": "11111m4578s99p4p11z", "win_tile": "9s"}),
    ("E_WIN_TILE", {**AJ15_1, "win_tile": "9s", "kongs_before_win": 1}),
    # the later context before not winning
    ("E_CONTEXT", {**AJ15_1, "concealed": "123456m13579s99p4p", "kongs_before_win": 1}),
    # not winning before the discard and piao refusals
    ("E_NOT_WINNING", {**AJ15_1, "concealed": "123456m13579s99p4p", "piao": 1}),
]


@pytest.mark.parametrize(("code", "request_"), SINGLE)
def test_each_code(code, request_) -> None:
    from scoring import score

    result = score(request_)
    assert error_of(result) == code, result
    error = result["error"]
    assert error["message"] and error["message_en"]
    assert {"code", "message", "message_en"} <= set(error)
    assert set(error) <= {"code", "message", "message_en", "field"}


@pytest.mark.parametrize(("code", "request_"), PRECEDENCE)
def test_precedence(code, request_) -> None:
    from scoring import score

    assert error_of(score(request_)) == code


def test_every_code_is_met() -> None:
    met = {code for code, _ in SINGLE}
    assert met == set(ERROR_CODES)


def test_not_a_request() -> None:
    assert error_of(run.__globals__["score"]([])) == "E_NOTATION"  # type: ignore[index]


def test_null_optional_fields_are_absent() -> None:
    nulls = {
        key: None
        for key in (
            "melds",
            "kongs_before_win",
            "piao",
            "piao_flowers",
            "jia_piao",
            "first_turn",
            "discarder",
            "player_count",
            "base_silver",
            "rules",
            "ruleset",
        )
    }
    assert run({**AJ15_3, **nulls})["x"] == run(AJ15_3)["x"]
