"""Tests per rule id of the 紅中 rule book (HZ1–HZ16)."""

from __future__ import annotations

import pytest

from scoring.games import GAMES
from scoring.hongzhong import GAME, house_rule_defaults, make_rules, next_dealer, score
from scoring.hongzhong.errors import HongzhongError
from scoring.hongzhong.rules import INT_KEYS
from tests.scoring.hongzhong.hz_case import error_of, pays, run, with_winner
from tests.scoring.hongzhong.test_hz17_examples import (
    HZ17_1,
    HZ17_2,
    HZ17_3,
    HZ17_6,
    HZ17_7,
    HZ17_8,
)

PING = "234m567m345p78s22p5z"  # HZ17.1's hand, one 紅中


def win(seat="S", concealed=PING, win_tile="2p", **more):
    return {"seat": seat, "concealed": concealed, "win_tile": win_tile, **more}


def req(*winners, **more):
    return {"game": "hongzhong", "dealer": "E", "winners": list(winners), **more}


def codes(result, seat=None):
    assert "error" not in result, result
    wins = result["wins"] if seat is None else [w for w in result["wins"] if w["seat"] == seat]
    return [(i["code"], i["points"]) for i in wins[0]["items"]]


def test_registered_with_four_seats():
    """games.md: 紅中 is one of the registry's games, at a table of four (HZ2.1)."""
    assert GAMES["hongzhong"] is GAME
    assert GAME.code == "hongzhong" and GAME.seat_counts == (4,)
    assert GAME.win_requires == ("winners",) and GAME.draw_fields == ("kongs",)


# HZ1 — tiles
def test_hz1_1_flower_is_notation():
    assert error_of(score(req(win(birds="1f")))) == "E_NOTATION"


def test_hz1_3_eight_hong_zhong_bound():
    hand = "234m567p9s3755555z"  # five 紅中
    assert error_of(run(req(win("E", hand, "7z")))) == "E_TOO_MANY_COPIES"
    assert "error" not in run(req(win("E", hand, "7z")), rules={"hong_zhong_count": 8})


def test_hz1_3_eight_hong_zhong_eight_wilds():
    result = run(req(win("E", "123m456p" + "55555555z", "1m")), rules={"hong_zhong_count": 8})
    assert "error" not in result, result
    assert result["wins"][0]["hand_points"] >= 2


# HZ2.2 — the dealer
def test_hz2_2_next_dealer():
    assert next_dealer("E", 0, "W", 4) == ("W", 0)
    assert next_dealer("E", 2, None, 4) == ("E", 3)
    assert run(HZ17_3)["next_dealer"] == "N"
    assert run(HZ17_3, rules={"multi_win_dealer": "first_winner"})["next_dealer"] == "E"
    assert run(HZ17_7)["next_dealer"] == "S"


# HZ3 — ways to win
def test_hz3_2_discard_win_off_still_allows_robbed_kong():
    assert "error" not in run(HZ17_8, rules={"discard_win": False})
    assert error_of(run(HZ17_2, rules={"discard_win": False})) == "E_CONTEXT"


def test_hz3_2_robbed_kong_off():
    assert error_of(run(HZ17_8, rules={"qiang_gang_hu": "off"})) == "E_CONTEXT"


def test_hz3_3_several_winners_need_a_discarder():
    request = {k: v for k, v in HZ17_3.items() if k != "discarder"}
    assert error_of(run(request)) == "E_CONTEXT"


def test_hz3_3_discarder_cannot_win():
    assert error_of(run(HZ17_2, discarder="W")) == "E_CONTEXT"


# HZ4 — the 紅中
def test_hz4_2_meld_wild():
    melds = [{"kind": "pung", "tiles": "5z5z5z", "from": "E"}]
    assert error_of(run(req(win(concealed="234m567m345p22p", melds=melds)))) == "E_MELD_WILD"
    kongs = [{"seat": "W", "kind": "concealed_kong", "tiles": "5555z"}]
    assert error_of(run(req(win(), kongs=kongs))) == "E_MELD_WILD"


def test_hz4_3_thrown_hong_zhong_is_dead():
    request = req(win(concealed="234m567m345p789s2p5z", win_tile="5z"), discarder="N")
    assert error_of(run(request)) == "E_CONTEXT"
    assert "error" not in run({**request, "discarder": None})


def test_hz4_4_wu_hong_zhong_values():
    assert codes(run(HZ17_2)) == [("ZHUA_PAO", 1), ("WU_HONG_ZHONG", 1)]
    assert codes(run(HZ17_2, rules={"wu_hong_zhong_zhua_pao": 3})) == [
        ("ZHUA_PAO", 1),
        ("WU_HONG_ZHONG", 3),
    ]
    self_draw = {**HZ17_2, "discarder": None}
    assert codes(run(self_draw, rules={"wu_hong_zhong_zi_mo": 4}))[-1] == ("WU_HONG_ZHONG", 4)


# HZ5 — melds and kongs
@pytest.mark.parametrize(
    ("meld", "code"),
    [
        ({"kind": "chi", "tiles": "123m"}, "E_CHI_NOT_ALLOWED"),
        ({"kind": "pung", "tiles": "1112m", "from": "E"}, "E_MELD_SHAPE"),
        ({"kind": "kong", "tiles": "1111m"}, "E_MELD_FEEDER"),
        ({"kind": "kong", "tiles": "1111m", "from": "S"}, "E_MELD_FEEDER"),
        ({"kind": "concealed_kong", "tiles": "1111m", "from": "E"}, "E_MELD_FEEDER"),
        ({"kind": "pung", "tiles": "111m", "from": "X"}, "E_MELD_FEEDER"),
        ({"kind": "flower", "tiles": "111m"}, "E_NOTATION"),
        ({"kind": "pung"}, "E_NOTATION"),
    ],
)
def test_hz5_meld_checks(meld, code):
    assert error_of(run(req(win(concealed="234m567m345p22p5z", melds=[meld])))) == code


def test_hz5_1_at_most_four_melds():
    melds = [{"kind": "pung", "tiles": f"{r}{r}{r}m", "from": "E"} for r in range(1, 6)]
    assert error_of(run(req(win(concealed="2p", win_tile="2p", melds=melds)))) == "E_CONTEXT"


def test_hz5_3_kong_entries():
    assert error_of(run(HZ17_7, kongs=[{"seat": "E", "kind": "pung"}])) == "E_NOTATION"
    assert error_of(run(HZ17_7, kongs=[{"kind": "added_kong"}])) == "E_CONTEXT"
    assert error_of(run(HZ17_7, kongs=[{"seat": "E", "kind": "kong", "from": 5}])) == (
        "E_MELD_FEEDER"
    )


def test_hz5_5_tile_count():
    assert error_of(run(with_winner(HZ17_1, concealed=PING + "1m"))) == "E_TILE_COUNT"


# HZ6 — shapes
def test_hz6_2_seven_pairs_switch():
    hand = "1199m33p55s77s2266z"
    request = req(win("E", hand, "7s"))
    assert run(request)["wins"][0]["shape"] == "seven_pairs"
    assert error_of(run(request, rules={"allow_qi_dui": False})) == "E_NOT_WINNING"


def test_hz6_2_four_of_a_kind_as_two_pairs():
    request = req(win("E", "1111m33p55s77s2266z", "7s"))
    assert run(request)["wins"][0]["shape"] == "seven_pairs"
    assert error_of(run(request, rules={"qidui_allow_four": False})) == "E_NOT_WINNING"


def test_hz6_3_thirteen_orphans_does_not_win():
    request = req(win("E", "19m19p19s12345677z", "7z"))
    assert error_of(run(request)) == "E_NOT_WINNING"


def test_hz6_4_win_tile_must_be_held():
    assert error_of(run(with_winner(HZ17_1, win_tile="9p"))) == "E_WIN_TILE"


# HZ7 — hand points
def test_hz7_1_a_row_worth_zero_is_listed_and_ping_hu_judged_on_rows():
    result = run(HZ17_6, rules={"qing_yi_se": 0, "peng_peng_hu": 0})
    win_ = result["wins"][0]
    assert ("QING_YI_SE", 0) in codes(result) and ("PENG_PENG_HU", 0) in codes(result)
    assert [label["code"] for label in win_["labels"]] == []


def test_hz7_1_qing_yi_se_reads_hong_zhong_as_played():
    # 123m 456m 789m 11m + 22m with a 紅中: the 紅中 plays 2m.
    result = run(req(win("E", "123456789m1112m5z", "5z")))
    assert ("QING_YI_SE", 1) in codes(result)


def test_hz7_1_peng_peng_hu_with_hong_zhong():
    result = run(req(win("E", "111m222p333s44z55z7z", "7z")))
    assert ("PENG_PENG_HU", 1) in codes(result)


def test_hz7_2_double():
    assert run(HZ17_2, rules={"wu_hong_zhong_double": True})["wins"][0]["hand_points"] == 4


def test_hz7_4_min_points():
    assert "error" not in run(HZ17_1, rules={"min_points": 2})
    assert error_of(run(HZ17_1, rules={"min_points": 3})) == "E_MIN_POINTS"


# HZ8 — birds
@pytest.mark.parametrize(
    ("bird", "seat"),
    [("1m", "S"), ("5p", "S"), ("9s", "S"), ("1z", "S"), ("5z", "S"), ("2m", "W"), ("6z", "W")],
    ids=str,
)
def test_hz8_3_bird_seats_from_the_winner(bird, seat):
    result = run(with_winner(HZ17_1, birds=bird))
    assert result["wins"][0]["birds"] == [{"tile": bird, "seat": seat}]


def test_hz8_3_more_bird_seats():
    result = run(with_winner(HZ17_1, birds="3s7z"))
    assert [b["seat"] for b in result["wins"][0]["birds"]] == ["N", "N"]
    result = run(with_winner(HZ17_1, birds="4m4z"))
    assert [b["seat"] for b in result["wins"][0]["birds"]] == ["E", "E"]


def test_hz8_3_zhong_159_east_falls_on_winner_but_misses():
    result = run(with_winner(HZ17_1, birds="1z"), rules={"bird_rule": "zhong_159"})
    assert pays(result) == {"E→S": "2", "W→S": "2", "N→S": "2"}


@pytest.mark.parametrize(("bird", "value"), [("1m", 1), ("9p", 9), ("5z", 10), ("6z", 5)])
def test_hz8_4_values(bird, value):
    result = run(with_winner(HZ17_1, birds=bird), rules={"bird_rule": "yi_niao_quan_zhong"})
    assert result["wins"][0]["birds"] == [{"tile": bird, "seat": "S", "value": value}]
    assert result["wins"][0]["payments"][0]["hits"] == value


def test_hz8_2_mo_ji_jiang_ji_takes_no_bird():
    result = run(HZ17_1, rules={"bird_rule": "mo_ji_jiang_ji"})
    assert error_of(result) == "E_CONTEXT"


def test_hz8_2_fewer_birds_allowed():
    assert pays(run(with_winner(HZ17_1, birds=""))) == {"E→S": "2", "W→S": "2", "N→S": "2"}


# HZ9 — payments
def test_hz9_1_dealer_extra_once_per_pair():
    result = run(HZ17_1, rules={"dealer_extra": 2})
    assert pays(result) == {"E→S": "4", "W→S": "3", "N→S": "3"}


def test_hz9_3_base_silver():
    result = run(HZ17_1, base_silver="0.5")
    assert pays(result) == {"E→S": "1", "W→S": "1.5", "N→S": "1.5"}
    assert result["net"]["S"] == "4"
    for bad in ("-1", "abc", "NaN", True):
        assert error_of(run(HZ17_1, base_silver=bad)) == "E_NOTATION"


def test_hz9_3_zero_silver_keeps_detail_rows():
    result = run(HZ17_1, base_silver="0")
    assert result["payments"] == []
    assert len(result["wins"][0]["payments"]) == 3


def test_hz9_2_robbed_kong_as_self_draw():
    result = run(HZ17_8, rules={"qiang_gang_hu": "as_self_draw"})
    assert [p["from"] for p in result["wins"][0]["payments"]] == ["S", "W", "N"]
    assert codes(result)[0] == ("ZI_MO", 2)
    assert result["outcome"] == "robbed_kong"


# HZ10 — kongs
def test_hz10_winners_melded_kong_is_paid_by_its_feeder():
    melds = [{"kind": "kong", "tiles": "1111m", "from": "N"}]
    result = run(req(win(concealed="234m567m345p2p5z", melds=melds)))
    assert [(p["from"], p["points"]) for p in result["kong_payments"]] == [("N", 3)]
    assert result["wins"][0]["reading"][-1] == {
        "set": "kong",
        "tiles": "1111m",
        "melded": True,
        "kind": "kong",
        "from": "N",
    }


# HZ12.2 — outcome
def test_hz12_2_outcomes():
    assert run(HZ17_1)["outcome"] == "self_draw"
    assert run(HZ17_2)["outcome"] == "discard"
    assert run(HZ17_7)["outcome"] == "draw"
    assert error_of(run(HZ17_7, discarder="E")) == "E_CONTEXT"


# HZ13 — best reading
def test_hz13_fewer_substitutions_on_a_tie():
    # 5z can play 中 itself in a pung of three 紅中: no substitution.
    result = run(req(win("E", "123m456p789s11z555z", "1z")))
    sets = result["wins"][0]["reading"]
    assert {"set": "pung", "tiles": "555z", "printed": ["5z", "5z", "5z"], "melded": False} in (
        sets
    )


# HZ14 — explanations
def test_hz14_items_carry_rule_quote_and_why():
    result = run(HZ17_3)
    for item in result["items"]:
        assert item["rule"].startswith("HZ")
        assert isinstance(item["quote"], str)
        assert item["why"] and item["why_en"]
    assert [(i["seat"], i["code"]) for i in result["items"]] == [
        ("E", "ZHUA_PAO"),
        ("E", "WU_HONG_ZHONG"),
        ("S", "ZHUA_PAO"),
    ]


def test_hz14_reading_marks_one_win_set():
    for request in (HZ17_1, HZ17_2, HZ17_3, HZ17_6):
        for w in run(request)["wins"]:
            assert sum(bool(s.get("win")) for s in w["reading"]) == 1


# HZ15 — precedence
def test_hz15_notation_before_rules_before_context():
    request = {**HZ17_1, "dealer": "X", "rules": {"nope": 1}}
    assert error_of(run(request)) == "E_RULES"
    assert error_of(run(with_winner(request, birds="1f"))) == "E_NOTATION"
    assert error_of(run(HZ17_1, dealer="X")) == "E_CONTEXT"
    assert error_of(run(HZ17_1, game="other")) == "E_RULES"
    assert error_of(run(HZ17_1, ruleset="anji")) == "E_RULES"


def test_hz15_notation_cases():
    assert error_of(run(HZ17_1, winners={})) == "E_NOTATION"
    assert error_of(run(HZ17_1, winners=[1])) == "E_NOTATION"
    assert error_of(run(HZ17_1, kongs="x")) == "E_NOTATION"
    assert error_of(run(HZ17_1, piao_fen=[])) == "E_NOTATION"
    assert error_of(run(HZ17_1, piao_fen={"E": "1"})) == "E_NOTATION"
    assert error_of(run(HZ17_1, robbed_kong=1)) == "E_NOTATION"
    assert error_of(run(with_winner(HZ17_1, win_tile=""))) == "E_NOTATION"
    assert error_of(run(with_winner(HZ17_1, win_tile="2p3p"))) == "E_NOTATION"
    assert error_of(run(with_winner(HZ17_1, concealed=None))) == "E_NOTATION"


def test_hz15_context_cases():
    assert error_of(run(HZ17_1, piao_fen={"E": 1})) == "E_CONTEXT"  # piao_fen_max 0
    assert error_of(run(HZ17_1, piao_fen={"X": None})) == "E_CONTEXT"
    two = with_winner({**HZ17_3}, 1, seat="E")
    assert error_of(run(two)) == "E_CONTEXT"
    assert error_of(run(with_winner(HZ17_1, seat=["E"]))) == "E_CONTEXT"


def test_hz15_copies_before_win_tile_and_counted_per_winner():
    assert error_of(run(with_winner(HZ17_1, birds="2p2p2p"))) == "E_TOO_MANY_COPIES"
    # the shared winning tile 5s is not counted across winners
    assert "error" not in run(HZ17_3)


def test_hz15_never_raises_on_odd_input():
    for request in (None, [], {"game": "hongzhong"}, {"dealer": "E", "winners": [{}]}):
        assert "error" in score(request)


# HZ16 — house rules
def test_hz16_defaults_and_bounds():
    assert house_rule_defaults()["gang_ming"] == 3
    for key, (_, low, high) in INT_KEYS.items():
        with pytest.raises(HongzhongError):
            make_rules("hongzhong", {key: high + 1})
        with pytest.raises(HongzhongError):
            make_rules("hongzhong", {key: low - 1})
        with pytest.raises(HongzhongError):
            make_rules("hongzhong", {key: True})
        with pytest.raises(HongzhongError):
            make_rules("hongzhong", {key: None})
        assert make_rules("hongzhong", {key: high})[key] == high
    assert error_of(run(HZ17_1, rules={"bird_rule": "many"})) == "E_RULES"
    assert error_of(run(HZ17_1, rules={"multi_win": 1})) == "E_RULES"
    assert error_of(score({**HZ17_1, "rules": []})) == "E_RULES"
    assert "error" not in run({**HZ17_1, "rules": None})
