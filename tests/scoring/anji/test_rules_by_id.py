"""Anji rule by rule (AJ1–AJ14): one or more small cases per rule id."""

from __future__ import annotations

import pytest

from scoring import score as score_any_game
from scoring.anji import GAME, house_rule_defaults, make_rules, next_dealer, parse_flowers, waits
from scoring.anji.errors import AnjiError
from scoring.anji.tiles import FLOWER_BASE, wild_of
from scoring.tiles import FACES, parse_tiles
from tests.scoring.anji.anji_case import error_of, items_of, not_counted_of, run
from tests.scoring.anji.test_aj15_examples import AJ15_1, AJ15_2, AJ15_3, AJ15_6, AJ15_9


# --- AJ1 tiles and notation ---------------------------------------------------------------
def test_aj1_2_flowers_read_only_by_the_opt_in_function() -> None:
    assert parse_flowers("1f2f 8f") == [0, 1, 7]
    with pytest.raises(Exception) as refused:
        parse_tiles("1f", "concealed")  # Anqing's notation keeps refusing f
    assert refused.value.code == "E_NOTATION"


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"win_tile": "1f"}, "E_NOTATION"),  # AJ1.3: a flower as the winning tile
        ({"flowers": "1f5m"}, "E_NOTATION"),  # a non-flower in flowers
        ({"flowers": "9f"}, "E_NOTATION"),  # flowers run 1–8
        (
            {"melds": [{"kind": "pung", "tiles": "1f1f1f"}], "concealed": "123456m345s99p"},
            "E_NOTATION",
        ),
        ({"flowers": "2f2f"}, "E_TOO_MANY_COPIES"),
        ({"flowers": ""}, None),  # AJ12: "" is no flower
    ],
)
def test_aj1_3_where_flowers_may_stand(changes, code) -> None:
    assert error_of(run(AJ15_1, **changes)) == code


def test_aj1_4_order_inside_a_string_does_not_matter() -> None:
    a = run(AJ15_1)
    b = run(AJ15_1, concealed="4p99p87543s654321m", flowers="3f1f")
    assert (a["x"], a["total"]) == (b["x"], b["total"])


# --- AJ2 seats and dealer -----------------------------------------------------------------
def test_aj2_1_seats_in_play() -> None:
    assert GAME.seats(2) == ("E", "S") and GAME.seats(3) == ("E", "S", "W")
    assert error_of(run(AJ15_1, player_count=3, winner="N")) == "E_CONTEXT"
    assert error_of(run(AJ15_1, player_count=5)) == "E_CONTEXT"
    assert error_of(run(AJ15_1, player_count=True)) == "E_NOTATION"


def test_aj2_3_next_dealer() -> None:
    assert next_dealer("E", 0, "S", 4) == ("S", 0)  # the winner deals
    assert next_dealer("S", 2, "S", 3) == ("S", 3)  # the dealer won
    assert next_dealer("W", 1, None, 3) == ("W", 2)  # a draw: the dealer stays
    assert GAME.dealer_base(make_rules(), 3) is None  # no payment depends on the dealer


def test_aj2_3_dealer_changes_no_payment() -> None:
    assert run(AJ15_1, dealer="N")["payments"] == run(AJ15_1)["payments"]


# --- AJ3 one rule set -----------------------------------------------------------------------
def test_aj3_1_one_ruleset() -> None:
    assert GAME.rulesets == ("anji",)
    assert run(AJ15_1, ruleset="anji")["ruleset"] == "anji"
    assert error_of(run(AJ15_1, ruleset="anqing")) == "E_RULES"


# --- AJ4 the 财神 ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("indicator", "cycle", "wild"),
    [
        ("3p", "seven", "4p"),
        ("9m", "seven", "1m"),
        ("4z", "seven", "5z"),
        ("7z", "seven", "1z"),
        ("6z", "seven", "7z"),
        ("4z", "winds4_dragons3", "1z"),
        ("7z", "winds4_dragons3", "1z"),
        ("5z", "winds4_dragons3", "6z"),
        ("1f", "seven", "1z"),
        ("8f", "winds4_dragons3", "1z"),
    ],
)
def test_aj4_1_indicator_to_caishen(indicator, cycle, wild) -> None:
    from scoring.anji.tiles import parse_indicator

    assert FACES[wild_of(parse_indicator(indicator), cycle)] == wild
    assert FLOWER_BASE == 34


def test_aj4_3_caishen_never_melds() -> None:
    assert error_of(run(AJ15_2, indicator="4m")) == "E_MELD_WILD"  # 5m in the chi 567m


def test_aj4_3_a_caishen_may_be_a_fifth_copy() -> None:
    # 财神 4s: with 1111m held, a 财神 plays 1m as a fifth copy (AJ4.3)
    result = run(AJ15_1, indicator="3s", concealed="1111m4s234p567p789p", win_tile="2p", flowers="")
    played = "".join(s["tiles"] for s in result["reading"] if s["tiles"].endswith("m"))
    assert played.count("1") == 5  # four natural 1m and a 财神 playing a fifth


def test_aj4_4_no_wild_means() -> None:
    assert run(AJ15_9)["has_wild"] is False
    assert run(AJ15_3)["has_wild"] is True


def test_aj4_5_clean_needs_no_flower() -> None:
    assert items_of(run(AJ15_2, flowers="1f"))[0][0] == "ZI_MO_NO_WILD"


# --- AJ5 melds ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("meld", "code"),
    [
        ({"kind": "chi", "tiles": "567m", "from": "N"}, None),  # E's 上家 is N
        ({"kind": "chi", "tiles": "567m", "from": "S"}, "E_MELD_FEEDER"),
        ({"kind": "chi", "tiles": "567m", "from": "E"}, "E_MELD_FEEDER"),  # the winner
        ({"kind": "chi", "tiles": "567m", "from": "X"}, "E_MELD_FEEDER"),
        ({"kind": "chi", "tiles": "568m"}, "E_MELD_SHAPE"),
        ({"kind": "chi", "tiles": ""}, "E_MELD_SHAPE"),
        ({"kind": "chi", "tiles": "123z"}, "E_MELD_SHAPE"),
        ({"kind": "pung", "tiles": "567m"}, "E_MELD_SHAPE"),
        ({"kind": "bad", "tiles": "567m"}, "E_NOTATION"),
        ({"kind": "chi"}, "E_NOTATION"),
    ],
)
def test_aj5_melds(meld, code) -> None:
    assert error_of(run(AJ15_2, melds=[meld])) == code


def test_aj5_3_feeder_at_three_players() -> None:
    chi = {"kind": "chi", "tiles": "567m", "from": "W"}  # E's 上家 at n = 3 is W
    assert error_of(run(AJ15_2, player_count=3, melds=[chi])) is None
    assert error_of(run(AJ15_2, player_count=3, melds=[{**chi, "from": "N"}])) == "E_MELD_FEEDER"
    kong = {"kind": "concealed_kong", "tiles": "5555m", "from": "S"}
    assert error_of(run(AJ15_2, melds=[kong])) == "E_MELD_FEEDER"


def test_aj5_4_tile_count_and_four_melds() -> None:
    assert error_of(run(AJ15_2, concealed="234m234p789p1z")) == "E_TILE_COUNT"
    five = [{"kind": "pung", "tiles": "111m"}] * 5
    assert error_of(run(AJ15_2, melds=five)) == "E_CONTEXT"


# --- AJ6 shapes ---------------------------------------------------------------------------
def test_aj6_3_seven_pairs_with_four_of_a_kind() -> None:
    four = {**AJ15_9, "concealed": "1111m2299p44s6677z"}
    assert run(four)["shape"] == "seven_pairs"
    assert error_of(run(four, rules={"qidui_allow_four": False})) == "E_NOT_WINNING"


def test_aj6_3_seven_pairs_with_caishen() -> None:
    result = run(AJ15_9, concealed="1155m2299p44s66z7z3m", win_tile="7z")  # 3m is 财神
    assert result["shape"] == "seven_pairs"
    assert ("QI_DUI", 2, 1) in items_of(result)


def test_aj6_4_thirteen_needs_all_thirteen() -> None:
    assert (
        error_of(
            run({**AJ15_1, "indicator": "1s", "concealed": "19m19p19s1123456z5s", "win_tile": "6z"})
        )
        == "E_NOT_WINNING"
    )


def test_aj6_5_four_caishen_needs_a_self_draw() -> None:
    request = {
        "game": "anji",
        "indicator": "5m",
        "winner": "S",
        "dealer": "E",
        "concealed": "6666m159p258s1457z",
        "win_tile": "7z",
        "rules": {"discard_win": True, "discard_win_with_caishen": True},
        "discarder": "E",
    }
    assert error_of(run(request)) == "E_NOT_WINNING"


def test_aj6_6_drawn_caishen_beside_natural_is_not_bao_tou() -> None:
    # the 财神 1m is drawn, the pair 7z + 1m: not 爆头
    result = run(AJ15_3, win_tile="1m")
    assert [c for c, _, _ in items_of(result)] == ["ZI_MO", "FLOWERS"]


def test_aj6_6_two_caishen_pair_drawn_is_bao_tou() -> None:
    result = run(AJ15_3, concealed="234567p345678s1m1m", win_tile="1m", flowers="")
    assert items_of(result) == [("BAO_TOU", 2, 1)]
    assert [s for s in result["reading"] if s.get("win")][0]["set"] == "pair"


def test_aj6_7_discard_win_is_a_house_rule() -> None:
    request = {**AJ15_9, "discarder": "S", "flowers": ""}
    assert error_of(run(request)) == "E_CONTEXT"
    allowed = run(request, rules={"discard_win": True})
    assert items_of(allowed)[0][0] == "FANG_CHONG_NO_WILD"


# --- AJ7 settlement -------------------------------------------------------------------------
def test_aj7_2_parts() -> None:
    parts = {i["code"]: i["part"] for i in run({**AJ15_9})["items"]}
    assert parts == {"ZI_MO_NO_WILD": "method", "QI_DUI_NO_WILD": "shape", "FLOWERS": "flowers"}


def test_aj7_3_g1_higher_than_the_best_counts() -> None:
    result = run(AJ15_3, rules={"zi_mo": 7})
    assert items_of(result)[0] == ("ZI_MO", 7, 1)
    assert not_counted_of(result) == [("BAO_TOU", 2)]


def test_aj7_3_equal_values_go_to_the_lower_group() -> None:
    request = {**AJ15_6, "kongs_before_win": 1, "rules": {"gang_kai": 15}}  # G2 15 = G5 15
    result = run(request)
    assert items_of(result)[0][0] == "GANG_KAI"
    assert ("DA_DIAO_PLUS", 10) in not_counted_of(result)
    assert "不比它低" in result["not_counted"][-1]["why"]


# --- AJ8 rows -----------------------------------------------------------------------------
def test_aj8_1_jia_piao() -> None:
    assert items_of(run(AJ15_2, jia_piao=True))[0] == ("JIA_PIAO_CLEAN", 20, 1)
    assert items_of(run(AJ15_1, jia_piao=True))[0] == ("JIA_PIAO", 10, 1)


def test_aj8_1_gang_kai_with_wild() -> None:
    request = {
        **AJ15_1,
        "concealed": "123456m34s99p4p",
        "win_tile": "3m",
        "melds": [{"kind": "kong", "tiles": "7777s"}],
        "kongs_before_win": 1,
    }
    assert items_of(run(request))[0] == ("GANG_KAI", 3, 1)


def test_aj8_2_qing_yi_se_with_a_meld() -> None:
    request = {**AJ15_2, "indicator": "9p", "concealed": "234m234m789m11m", "win_tile": "1m"}
    assert ("QING_YI_SE", 10, 1) in items_of(run(request))


def test_aj8_3_flowers_value() -> None:
    assert items_of(run(AJ15_1, rules={"flowers": 3}))[-1] == ("FLOWERS", 6, 2)


# --- AJ9 declared facts -------------------------------------------------------------------
def test_aj9_1_kongs_need_kong_melds() -> None:
    assert error_of(run(AJ15_1, kongs_before_win=1)) == "E_CONTEXT"
    assert error_of(run(AJ15_1, kongs_before_win=1, rules={"flower_draw_is_gang": True})) is None


def test_aj9_first_turn_conflicts() -> None:
    assert error_of(run(AJ15_2, first_turn=True)) == "E_CONTEXT"  # a meld
    assert error_of(run(AJ15_3, first_turn=True, jia_piao=True)) == "E_CONTEXT"


def test_aj9_piao_with_too_many_caishen() -> None:
    # three 财神 held + p 2 > 4
    request = {
        "game": "anji",
        "indicator": "3m",
        "winner": "S",
        "dealer": "E",
        "concealed": "123456p2378s444m6z",
        "win_tile": "6z",
        "piao": 2,
    }
    assert error_of(run(request)) == "E_CONTEXT"


# --- AJ10 best reading --------------------------------------------------------------------
def test_aj10_3_piao_needs_bao_tou() -> None:
    assert error_of(run(AJ15_1, piao=1)) == "E_PIAO"


def test_aj10_1_discard_win_best_for_winner() -> None:
    # AJ15.15 at 3 players: X_d + (n − 2) X_o
    result = run(
        {
            "game": "anji",
            "rules": {"discard_win": True},
            "indicator": "2p",
            "winner": "E",
            "dealer": "E",
            "discarder": "S",
            "concealed": "456m789m11p567s333z",
            "win_tile": "3z",
            "player_count": 3,
            "flowers": "4f",
        }
    )
    assert result["total"] == "8"


# --- AJ11 payments ------------------------------------------------------------------------
def test_aj11_base_silver_zero_and_decimals() -> None:
    assert run(AJ15_1, base_silver="0")["total"] == "0"
    assert run(AJ15_1, base_silver="0.25")["payments"][0]["amount"] == "0.75"
    assert error_of(run(AJ15_1, base_silver="-1")) == "E_NOTATION"
    assert error_of(run(AJ15_1, base_silver="abc")) == "E_NOTATION"
    assert error_of(run(AJ15_1, base_silver="NaN")) == "E_NOTATION"


def test_aj11_2_a_zero_payment_is_listed() -> None:
    result = run(AJ15_3, rules={"bao_tou": 0, "zi_mo": 0, "flowers": 0})
    assert [p["amount"] for p in result["payments"]] == ["0", "0", "0"]


# --- AJ13 house rules ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("rules", "ok"),
    [
        ({"bao_tou": 1000}, True),
        ({"bao_tou": 1001}, False),
        ({"bao_tou": -1}, False),
        ({"bao_tou": True}, False),
        ({"bao_tou": 2.0}, False),
        ({"bao_tou": None}, False),
        ({"honor_cycle": "eight"}, False),
        ({"discard_win": 1}, False),
        ({"discard_win": None}, False),
        ({"fan": 1}, False),
        ([], False),
        (None, True),
    ],
)
def test_aj13_bounds(rules, ok) -> None:
    assert (error_of(run(AJ15_1, rules=rules)) is None) is ok
    if not ok:
        assert error_of(run(AJ15_1, rules=rules)) == "E_RULES"


def test_aj13_every_key_has_a_default() -> None:
    defaults = house_rule_defaults("anji")
    assert len(defaults) == 36 and defaults["qidui_allow_four"] is True
    for key, value in defaults.items():
        assert make_rules("anji", {key: value})[key] == value
    with pytest.raises(AnjiError):
        make_rules("anji", {"zi_mo": "1"})


# --- AJ14 request and result ---------------------------------------------------------------
def test_aj14_through_the_registry_and_unknown_fields() -> None:
    direct = run(AJ15_1)
    routed = score_any_game({**AJ15_1, "bar_tiles": 3, "dealer_streak": 2, "melds": None})
    assert routed == direct
    assert score_any_game({**AJ15_1, "game": "mahjong"})["error"]["code"] == "E_RULES"


def test_aj14_2_result_fields() -> None:
    result = run(AJ15_3)
    assert list(result) == [
        "game",
        "ruleset",
        "player_count",
        "wild",
        "shape",
        "reading",
        "has_wild",
        "flower_count",
        "items",
        "not_counted",
        "x",
        "x_discarder",
        "payments",
        "total",
    ]
    for item in result["items"] + result["not_counted"]:
        assert {"code", "name", "points", "count", "part", "rule", "quote", "why", "why_en"} <= set(
            item
        )
        assert item["rule"].startswith("AJ")


def test_aj14_1_hand_fields() -> None:
    assert GAME.hand_fields == (
        "winner",
        "indicator",
        "concealed",
        "win_tile",
        "melds",
        "flowers",
        "kongs_before_win",
        "piao",
        "piao_flowers",
        "jia_piao",
        "first_turn",
        "discarder",
    )


# --- waits --------------------------------------------------------------------------------
def test_waits_bao_tou_ready_waits_on_every_tile() -> None:
    answer = waits({"game": "anji", "indicator": "3p", "concealed": "123m456m789s123p4p"})
    assert answer["wild"] == "4p"
    assert len(answer["waits"]) == 34  # every face; none is held four times
    assert all(w["x"] >= 2 for w in answer["waits"])


def test_waits_plain_hand() -> None:
    answer = waits({"game": "anji", "indicator": "5z", "concealed": "123m456m789s123p9p"})
    assert [w["tile"] for w in answer["waits"]] == ["9p", "6z"]  # 6z: a drawn 财神
    assert answer["waits"][0]["items"][0]["code"] == "ZI_MO_CLEAN"


def test_waits_refuses_like_score() -> None:
    assert waits({"game": "anji", "indicator": "5z", "concealed": "123m"})["error"]["code"] == (
        "E_TILE_COUNT"
    )
