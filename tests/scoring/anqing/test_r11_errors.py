"""R11 invalid input: every error code, the order in which they are reported when several apply,
and messages (Chinese and English) that name the tile, meld or field at fault."""

from __future__ import annotations

import pytest

from scoring import DEFAULTS, FACES, ScoringError, make_rules
from scoring.anqing.rules import rule_name
from scoring.tiles import parse_tiles, tile_words
from tests.scoring.anqing.anqing_case import hand, meld, names_tile, refusal

PLAIN = "123m456p789s345s99p"
REST = "456p789s345s99p"  # 11 tiles: PLAIN without 123m

# (request, code, a tile or field both messages must name, or None)
SINGLE_ERROR_ROWS = [
    pytest.param(hand("123m456p789s345s9p8z", "9p"), "E_NOTATION", "8z", id="R11-E_NOTATION"),
    pytest.param(
        hand(PLAIN, "9p", ruleset="sichuan"), "E_RULES", "sichuan", id="R11-E_RULES-ruleset"
    ),
    pytest.param(
        hand(PLAIN, "9p", rules={"pao_feng_bonus": 1}),
        "E_RULES",
        "pao_feng_bonus",
        id="R11-E_RULES-unknown-key",
    ),
    pytest.param(
        hand(PLAIN, "9p", rules={"pao_feng": "six"}),
        "E_RULES",
        "pao_feng",
        id="R11-E_RULES-wrong-kind",
    ),
    pytest.param(hand(PLAIN, "9p", winner="X"), "E_CONTEXT", None, id="R11-E_CONTEXT-winner"),
    pytest.param(hand(PLAIN, "9p", dealer="Q"), "E_CONTEXT", None, id="R11-E_CONTEXT-dealer"),
    pytest.param(
        hand(PLAIN, "9p", dealer_streak=-1), "E_CONTEXT", None, id="R11-E_CONTEXT-negative-streak"
    ),
    pytest.param(
        hand(PLAIN, "9p", bar_tiles=-1), "E_CONTEXT", None, id="R11-E_CONTEXT-negative-bar-tiles"
    ),
    pytest.param(
        hand(PLAIN, "9p", kongs_before_win=-1),
        "E_CONTEXT",
        None,
        id="R11-E_CONTEXT-negative-kongs",
    ),
    pytest.param(
        hand(PLAIN, "9p", kongs_before_win=1),
        "E_CONTEXT",
        None,
        id="R11-E_CONTEXT-kongs-before-win-without-kong",
    ),
    pytest.param(
        hand(REST, "9p", [meld("kong", "1111m", "E")], bar_tiles=1, kongs_before_win=3),
        "E_CONTEXT",
        None,
        id="R11-E_CONTEXT-kongs-before-win-more-than-kongs+bars",
    ),
    pytest.param(
        hand(REST, "9p", [meld("pung", "111m", "E")], first_turn=True),
        "E_CONTEXT",
        None,
        id="R11-E_CONTEXT-first-turn-with-fed-meld",
    ),
    pytest.param(
        hand(PLAIN, "9p", others_melds={"S": []}),
        "E_CONTEXT",
        None,
        id="R11-E_CONTEXT-others-melds-of-winner",
    ),
    pytest.param(
        hand(PLAIN, "9p", others_melds={"Z": []}),
        "E_CONTEXT",
        None,
        id="R11-E_CONTEXT-others-melds-not-a-seat",
    ),
    pytest.param(
        hand(PLAIN, "9p", others_melds={"W": [{"kind": "pung", "from": "E"}] * 5}),
        "E_CONTEXT",
        None,
        id="R11-E_CONTEXT-five-melds",
    ),
    pytest.param(hand("123m456p789s345s9p", "9p"), "E_TILE_COUNT", None, id="R11-E_TILE_COUNT-13"),
    pytest.param(
        hand("123m456p789s345s999p", "9p"), "E_TILE_COUNT", None, id="R11-E_TILE_COUNT-15"
    ),
    pytest.param(
        hand(PLAIN, "9p", [meld("pung", "111z", "E")]),
        "E_TILE_COUNT",
        None,
        id="R11-E_TILE_COUNT-meld-counts-three",
    ),
    pytest.param(
        hand("11111m456p789s34s9p", "9p"),
        "E_TOO_MANY_COPIES",
        "1m",
        id="R11-E_TOO_MANY_COPIES-concealed",
    ),
    pytest.param(
        hand("11m456p789s34s9p", "9p", [meld("kong", "1111m", "E")]),
        "E_TOO_MANY_COPIES",
        "1m",
        id="R11-E_TOO_MANY_COPIES-kong-counts-four",
    ),
    pytest.param(
        hand("55555z456p789s34s9p", "9p"),
        "E_TOO_MANY_COPIES",
        "5z",
        id="R11-E_TOO_MANY_COPIES-stand-in-counted-apart",
    ),
    pytest.param(
        hand(PLAIN, "9p", bar_tiles=9),
        "E_TOO_MANY_COPIES",
        None,
        id="R11-E_TOO_MANY_COPIES-nine-bar-tiles",
    ),
    pytest.param(hand(PLAIN, "1z"), "E_WIN_TILE", "1z", id="R11-E_WIN_TILE"),
    pytest.param(
        hand(REST, "9p", [meld("pung", "123m", "E")]),
        "E_MELD_SHAPE",
        "123m",
        id="R11-E_MELD_SHAPE",
    ),
    pytest.param(
        hand(REST, "9p", [meld("pung", "777m", "E")]),
        "E_MELD_WILD",
        "7m",
        id="R11-E_MELD_WILD",
    ),
    pytest.param(
        hand(REST, "9p", [meld("chi", "123m", "W")]),
        "E_MELD_FEEDER",
        None,
        id="R11-E_MELD_FEEDER",
    ),
    pytest.param(
        hand("456p345p99p123p", "9p", [meld("chi", "123m", "E")], ruleset="anqing-daque"),
        "E_CHI_NOT_ALLOWED",
        None,
        id="R11-E_CHI_NOT_ALLOWED",
    ),
    pytest.param(
        hand(REST, "9p", [meld("pung", "777z", "E")]),
        "E_BAR_TILE",
        "7z",
        id="R11-E_BAR_TILE-meld",
    ),
    pytest.param(hand("123m456p789s345s6z9p", "9p"), "E_BAR_TILE", "6z", id="R11-E_BAR_TILE-held"),
    pytest.param(hand("123m456p789s345s19p", "9p"), "E_NOT_WINNING", None, id="R11-E_NOT_WINNING"),
    pytest.param(
        hand(PLAIN, "9p", ruleset="anqing-daque"), "E_DAQUE_SUITS", None, id="R11-E_DAQUE_SUITS"
    ),
    pytest.param(hand("123m456p789s34s7m99p", "7m"), "E_WILD_DRAW", "7m", id="R11-E_WILD_DRAW"),
]


@pytest.mark.parametrize(("request_", "code", "named"), SINGLE_ERROR_ROWS)
def test_each_error_code(request_: dict, code: str, named: str | None) -> None:
    error = refusal(request_)
    assert error["code"] == code
    if named is None:
        return
    if named in FACES:
        assert names_tile(error["message"], named), error
        assert names_tile(error["message_en"], named), error
    elif code == "E_MELD_SHAPE":  # a meld's tiles, named for people: 一二三萬 / 1-2-3 Characters
        faces = parse_tiles(named, "named")
        assert tile_words(faces) in error["message"], error
        assert tile_words(faces, "en") in error["message_en"], error
    elif code == "E_RULES" and named in DEFAULTS:  # a house rule, by its name (R12)
        assert rule_name(named) in error["message"], error
        assert rule_name(named, "en") in error["message_en"], error
        assert error["field"] == f"rules.{named}", error
    else:
        assert named in error["message"] and named in error["message_en"], error


FIELD_ROWS = [
    pytest.param(hand(PLAIN, "9p", winner="X"), "winner", id="R11-field-winner"),
    pytest.param(hand(PLAIN, "9p", dealer="Q"), "dealer", id="R11-field-dealer"),
    pytest.param(hand(PLAIN, "9p", dealer_streak=-1), "dealer_streak", id="R11-field-streak"),
    pytest.param(
        hand(PLAIN, "9p", kongs_before_win=1), "kongs_before_win", id="R11-field-kongs-before-win"
    ),
    pytest.param(
        hand(REST, "9p", [meld("pung", "111m", "E")], first_turn=True),
        "first_turn",
        id="R11-field-first-turn",
    ),
    pytest.param(hand(PLAIN, "9p", others_melds={"Z": []}), "others_melds", id="R11-field-others"),
]


@pytest.mark.parametrize(("request_", "field"), FIELD_ROWS)
def test_context_errors_name_the_field(request_: dict, field: str) -> None:
    error = refusal(request_)
    assert error["code"] == "E_CONTEXT"
    # The messages name it in a player's words; the request key is the error's "field".
    assert error["field"].split(".")[0] == field, error
    assert field not in error["message"], error


# Several faults at once: the first in R11's order is reported.
PRIORITY_ROWS = [
    pytest.param(
        hand("123m8z", "9p", rules={"no_such_key": 1}),
        "E_NOTATION",
        id="R11-order-E_NOTATION-before-E_RULES",
    ),
    pytest.param(
        hand(PLAIN, "9p", rules={"no_such_key": 1}, winner="X"),
        "E_RULES",
        id="R11-order-E_RULES-before-E_CONTEXT",
    ),
    pytest.param(
        hand("123m456p", "1z", winner="X"),
        "E_CONTEXT",
        id="R11-order-seat-E_CONTEXT-before-E_TILE_COUNT",
    ),
    pytest.param(
        hand(PLAIN, "9p", [meld("pung", "123m", "E")]),
        "E_MELD_SHAPE",
        id="R11-order-meld-before-E_TILE_COUNT",
    ),
    pytest.param(
        hand(PLAIN, "9p", [meld("pung", "666z", "E")]),
        "E_BAR_TILE",
        id="R11-order-meld-E_BAR_TILE-before-E_TILE_COUNT",
    ),
    pytest.param(
        hand(
            "456p99p",
            "9p",
            [meld("chi", "123m", "W"), meld("pung", "789s", "E"), meld("pung", "345s", "E")],
        ),
        "E_MELD_FEEDER",
        id="R11-order-first-meld-first",
    ),
    pytest.param(
        hand(
            "456p99p",
            "9p",
            [meld("pung", "789s", "E"), meld("chi", "123m", "W"), meld("pung", "345s", "E")],
        ),
        "E_MELD_SHAPE",
        id="R11-order-melds-in-order",
    ),
    pytest.param(
        hand(REST, "9p", [meld("chi", "567m", "W")]),
        "E_MELD_WILD",
        id="R11-order-E_MELD_WILD-before-E_MELD_FEEDER",
    ),
    pytest.param(
        hand(REST, "9p", [meld("chi", "135m", "W")]),
        "E_MELD_SHAPE",
        id="R11-order-E_MELD_SHAPE-before-E_MELD_FEEDER",
    ),
    pytest.param(
        hand(REST, "9p", [meld("pung", "777z", "S")]),
        "E_BAR_TILE",
        id="R11-order-E_BAR_TILE-before-E_MELD_FEEDER",
    ),
    pytest.param(
        hand(REST, "9p", [meld("pung", "777m", "S")]),
        "E_MELD_WILD",
        id="R11-order-E_MELD_WILD-before-self-feeder",
    ),
    pytest.param(
        hand("456p345p99p", "9p", [meld("chi", "567m", "E")], ruleset="anqing-daque"),
        "E_CHI_NOT_ALLOWED",
        id="R11-order-E_CHI_NOT_ALLOWED-before-E_MELD_WILD",
    ),
    pytest.param(
        hand(
            REST,
            "9p",
            [meld("pung", "123m", "E")],
            others_melds={"W": [{"kind": "pung", "from": "W"}]},
        ),
        "E_MELD_SHAPE",
        id="R11-order-winner-melds-before-others",
    ),
    pytest.param(
        hand(PLAIN, "9p", others_melds={"W": [{"kind": "pung", "from": "W"}]}, kongs_before_win=1),
        "E_MELD_FEEDER",
        id="R11-order-others-melds-before-kongs-context",
    ),
    pytest.param(
        hand("11111m456p789s345s9p", "9p"),
        "E_TILE_COUNT",
        id="R11-order-E_TILE_COUNT-before-E_TOO_MANY_COPIES",
    ),
    pytest.param(
        hand("11111m456p789s34s9p", "1z"),
        "E_TOO_MANY_COPIES",
        id="R11-order-E_TOO_MANY_COPIES-before-E_WIN_TILE",
    ),
    pytest.param(
        hand(PLAIN, "1z", kongs_before_win=1),
        "E_WIN_TILE",
        id="R11-order-E_WIN_TILE-before-kongs-context",
    ),
    pytest.param(
        hand("123m456p789s345s6z9p", "9p", kongs_before_win=1),
        "E_CONTEXT",
        id="R11-order-kongs-context-before-held-E_BAR_TILE",
    ),
    pytest.param(
        hand("123m456p789s345s6z1p", "1p"),
        "E_BAR_TILE",
        id="R11-order-held-E_BAR_TILE-before-E_NOT_WINNING",
    ),
    pytest.param(
        hand("123m456p789s345s19p", "9p", ruleset="anqing-daque"),
        "E_NOT_WINNING",
        id="R11-order-E_NOT_WINNING-before-E_DAQUE_SUITS",
    ),
    pytest.param(
        hand("123m456p789s34s7m99p", "7m", ruleset="anqing-daque"),
        "E_DAQUE_SUITS",
        id="R11-order-E_DAQUE_SUITS-before-E_WILD_DRAW",
    ),
]


@pytest.mark.parametrize(("request_", "code"), PRIORITY_ROWS)
def test_first_error_in_r11_order_is_reported(request_: dict, code: str) -> None:
    assert refusal(request_)["code"] == code


@pytest.mark.parametrize(
    ("ruleset", "overrides"),
    [
        pytest.param("anqing-sichuan", None, id="R11-make_rules-unknown-ruleset"),
        pytest.param("anqing", {"no_such_key": 1}, id="R11-make_rules-unknown-key"),
        pytest.param("anqing", {"men_qing": "3"}, id="R11-make_rules-wrong-kind"),
    ],
)
def test_make_rules_raises_e_rules(ruleset: str, overrides: dict | None) -> None:
    with pytest.raises(ScoringError) as raised:
        make_rules(ruleset, overrides)
    assert raised.value.code == "E_RULES"
    assert raised.value.as_dict()["error"]["code"] == "E_RULES"
