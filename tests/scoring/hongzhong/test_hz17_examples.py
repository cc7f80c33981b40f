"""HZ17: every worked example of the rule book, as a table citing its rule id."""

from __future__ import annotations

import pytest

from tests.scoring.hongzhong.hz_case import error_of, pays, run, with_winner

HZ17_1 = {
    "game": "hongzhong",
    "dealer": "E",
    "winners": [
        {"seat": "S", "concealed": "234m567m345p78s22p5z", "win_tile": "2p", "birds": "3m6p"}
    ],
}
HZ17_2 = {
    "game": "hongzhong",
    "dealer": "E",
    "discarder": "N",
    "winners": [
        {"seat": "W", "concealed": "123m456m789m234s99s", "win_tile": "4s", "birds": "1s9m"}
    ],
}
HZ17_3 = {
    "game": "hongzhong",
    "dealer": "E",
    "discarder": "N",
    "winners": [
        {"seat": "E", "concealed": "23455789m678p345s", "win_tile": "5s", "birds": "2m4z"},
        {
            "seat": "S",
            "concealed": "111789m3p5z345s",
            "win_tile": "5s",
            "melds": [{"kind": "pung", "tiles": "777z", "from": "W"}],
            "birds": "2m4z",
        },
    ],
}
HZ17_4 = {
    "game": "hongzhong",
    "dealer": "S",
    "discarder": "W",
    "winners": [
        {"seat": "N", "concealed": "11223344556677p", "win_tile": "7p", "birds": "5p"},
        {"seat": "E", "concealed": "234567m567p567s7p5z", "win_tile": "7p", "birds": "5p"},
        {
            "seat": "S",
            "concealed": "345m789s66m6p7p5z",
            "win_tile": "7p",
            "melds": [{"kind": "pung", "tiles": "444z", "from": "N"}],
            "birds": "5p",
        },
    ],
}
HZ17_5 = {
    "game": "hongzhong",
    "dealer": "E",
    "winners": [
        {"seat": "E", "concealed": "1199m33p57s2266z5z5z", "win_tile": "7s", "birds": "8m1z"}
    ],
}
HZ17_6 = {
    "game": "hongzhong",
    "dealer": "E",
    "winners": [
        {
            "seat": "W",
            "concealed": "33p555p888p",
            "win_tile": "8p",
            "birds": "4s6s",
            "melds": [
                {"kind": "pung", "tiles": "111p", "from": "S"},
                {"kind": "concealed_kong", "tiles": "9999p"},
            ],
        }
    ],
    "kongs": [{"seat": "N", "kind": "kong", "tiles": "2222m", "from": "E"}],
}
HZ17_7 = {
    "game": "hongzhong",
    "dealer": "S",
    "winners": [],
    "kongs": [
        {"seat": "E", "kind": "concealed_kong"},
        {"seat": "W", "kind": "added_kong"},
        {"seat": "N", "kind": "kong", "from": "S"},
    ],
}
HZ17_8 = {
    "game": "hongzhong",
    "dealer": "E",
    "discarder": "S",
    "robbed_kong": True,
    "winners": [
        {"seat": "E", "concealed": "123m678m234p456s99s", "win_tile": "5s", "birds": "5m7s"}
    ],
}
HZ17_9 = {
    "game": "hongzhong",
    "rules": {"bird_rule": "yi_niao_quan_zhong"},
    "dealer": "E",
    "winners": [
        {"seat": "N", "concealed": "234m567m345p78s22p5z", "win_tile": "2p", "birds": "7p"}
    ],
}
HZ17_10 = {
    "game": "hongzhong",
    "rules": {"bird_rule": "zhong_159", "bird_count": 4},
    "dealer": "E",
    "winners": [
        {"seat": "S", "concealed": "234m567m345p78s22p5z", "win_tile": "2p", "birds": "1m5z2p9s"}
    ],
}
HZ17_11 = {
    "game": "hongzhong",
    "rules": {"dealer_extra": 1, "piao_fen_max": 3, "cap": 6},
    "dealer": "E",
    "piao_fen": {"E": 2, "S": 1, "W": 0, "N": 3},
    "winners": [
        {"seat": "S", "concealed": "234m567m345p78s22p5z", "win_tile": "2p", "birds": "3m6p"}
    ],
}
HZ17_12 = {
    "game": "hongzhong",
    "rules": {"hong_zhong_count": 8},
    "dealer": "E",
    "winners": [
        {"seat": "E", "concealed": "234m567p9s3755555z", "win_tile": "7z", "birds": "6s2p"}
    ],
}
HZ17_13 = {
    "game": "hongzhong",
    "rules": {"bird_rule": "mo_ji_jiang_ji"},
    "dealer": "E",
    "winners": [{"seat": "S", "concealed": "234m567m345p78s22p5z", "win_tile": "2p"}],
}

# (rule id, request, merged payments, net or None, total, next dealer)
PAID = [
    (
        "HZ17.1",
        HZ17_1,
        {"E→S": "2", "W→S": "3", "N→S": "3"},
        {"E": "-2", "S": "8", "W": "-3", "N": "-3"},
        "8",
        "S",
    ),
    ("HZ17.2", HZ17_2, {"N→W": "4"}, {"E": "0", "S": "0", "W": "4", "N": "-4"}, "4", "W"),
    (
        "HZ17.2 wu_hong_zhong_double",
        {**HZ17_2, "rules": {"wu_hong_zhong_double": True}},
        {"N→W": "6"},
        None,
        "6",
        "W",
    ),
    (
        "HZ17.3",
        HZ17_3,
        {"N→E": "3", "N→S": "1"},
        {"E": "3", "S": "1", "W": "0", "N": "-4"},
        "4",
        "N",
    ),
    (
        "HZ17.3 E alone",
        {**HZ17_3, "winners": HZ17_3["winners"][:1], "rules": {"min_points": 2}},
        {"N→E": "3"},
        None,
        "3",
        "E",
    ),
    (
        "HZ17.3 extra birds",
        with_winner({**HZ17_3, "rules": {"wu_hong_zhong_extra_birds": 1}}, 0, birds="2m4z1m"),
        {"N→E": "4", "N→S": "1"},
        None,
        "5",
        "N",
    ),
    (
        "HZ17.4",
        HZ17_4,
        {"W→E": "2", "W→S": "2", "W→N": "5"},
        {"E": "2", "S": "2", "W": "-9", "N": "5"},
        "9",
        "W",
    ),
    (
        "HZ17.4 first_winner",
        {**HZ17_4, "rules": {"multi_win_dealer": "first_winner"}},
        {"W→E": "2", "W→S": "2", "W→N": "5"},
        None,
        "9",
        "N",
    ),
    ("HZ17.5", HZ17_5, {"S→E": "4", "W→E": "4", "N→E": "5"}, None, "13", "E"),
    (
        "HZ17.6",
        HZ17_6,
        {"E→W": "7", "E→N": "3", "S→W": "8", "N→W": "8"},
        {"E": "-10", "S": "-8", "W": "23", "N": "-5"},
        "26",
        "W",
    ),
    (
        "HZ17.7",
        HZ17_7,
        {
            "E→W": "1",
            "S→E": "2",
            "S→W": "1",
            "S→N": "3",
            "W→E": "2",
            "N→E": "2",
            "N→W": "1",
        },
        {"E": "5", "S": "-6", "W": "1", "N": "0"},
        "12",
        "S",
    ),
    (
        "HZ17.7 kong_pays_on_draw false",
        {**HZ17_7, "rules": {"kong_pays_on_draw": False}},
        {},
        {"E": "0", "S": "0", "W": "0", "N": "0"},
        "0",
        "S",
    ),
    (
        "HZ17.7 gang_bu 0",
        {**HZ17_7, "rules": {"gang_bu": 0}},
        {"S→E": "2", "S→N": "3", "W→E": "2", "N→E": "2"},
        {"E": "6", "S": "-5", "W": "-2", "N": "1"},
        "9",
        "S",
    ),
    ("HZ17.8", HZ17_8, {"S→E": "3"}, None, "3", "E"),
    (
        "HZ17.8 bao_san_jia",
        {**HZ17_8, "rules": {"qiang_gang_hu": "bao_san_jia"}},
        {"S→E": "13"},
        None,
        "13",
        "E",
    ),
    (
        "HZ17.8 bao_san_jia, dealer and 飄",
        {
            **HZ17_8,
            "dealer": "W",
            "piao_fen": {"N": 2},
            "rules": {"qiang_gang_hu": "bao_san_jia", "dealer_extra": 1, "piao_fen_max": 2},
        },
        {"S→E": "16"},
        None,
        "16",
        "E",
    ),
    ("HZ17.9", HZ17_9, {"E→N": "9", "S→N": "9", "W→N": "9"}, None, "27", "N"),
    (
        "HZ17.9 bird_count 0",
        {**HZ17_9, "rules": {"bird_rule": "yi_niao_quan_zhong", "bird_count": 0}},
        {"E→N": "9", "S→N": "9", "W→N": "9"},
        None,
        "27",
        "N",
    ),
    ("HZ17.10", HZ17_10, {"E→S": "5", "W→S": "5", "N→S": "5"}, None, "15", "S"),
    ("HZ17.11", HZ17_11, {"E→S": "6", "W→S": "4", "N→S": "6"}, None, "16", "S"),
    (
        "HZ17.11 E null",
        {**HZ17_11, "piao_fen": {"E": None, "S": 1, "W": 0, "N": 3}},
        {"E→S": "4", "W→S": "4", "N→S": "6"},
        None,
        "14",
        "S",
    ),
    ("HZ17.12", HZ17_12, {"S→E": "4", "W→E": "2", "N→E": "2"}, None, "8", "E"),
    ("HZ17.13", HZ17_13, {"E→S": "4", "W→S": "4", "N→S": "4"}, None, "12", "S"),
    (
        "HZ17.13 1 counts ten",
        with_winner(
            {
                **HZ17_13,
                "rules": {"bird_rule": "mo_ji_jiang_ji", "yi_niao_one_counts_ten": True},
            },
            concealed="123m567m345p78s22p5z",
            win_tile="1m",
        ),
        {"E→S": "12", "W→S": "12", "N→S": "12"},
        None,
        "36",
        "S",
    ),
    (
        "HZ17.13 multiply",
        {**HZ17_1, "rules": {"bird_value": "multiply"}},
        {"E→S": "2", "W→S": "4", "N→S": "4"},
        None,
        "10",
        "S",
    ),
]


@pytest.mark.parametrize(
    ("rule", "request_", "payments", "net", "total", "dealer"),
    PAID,
    ids=[row[0] for row in PAID],
)
def test_worked_example(rule, request_, payments, net, total, dealer):
    result = run(request_)
    assert pays(result) == payments, rule
    if net is not None:
        assert result["net"] == net
    assert sum(int(v) for v in result["net"].values()) == 0
    assert result["total"] == total
    assert result["next_dealer"] == dealer


CHI = {"kind": "chi", "tiles": "123p", "from": "S"}
REFUSED = [
    (
        "HZ17.14 min points",
        {**HZ17_1, "discarder": "E", "rules": {"min_points": 2}},
        "E_MIN_POINTS",
    ),
    ("HZ17.14 three birds", with_winner(HZ17_1, birds="3m6p9s"), "E_CONTEXT"),
    ("HZ17.14 no discard win", {**HZ17_3, "rules": {"discard_win": False}}, "E_CONTEXT"),
    ("HZ17.14 two faces", with_winner(HZ17_3, 1, win_tile="3p"), "E_CONTEXT"),
    (
        "HZ17.14 chi",
        with_winner(HZ17_6, melds=[CHI, {"kind": "concealed_kong", "tiles": "9999p"}]),
        "E_CHI_NOT_ALLOWED",
    ),
    (
        "HZ17.14 kong without from",
        {**HZ17_6, "kongs": [{"seat": "N", "kind": "kong", "tiles": "2222m"}]},
        "E_MELD_FEEDER",
    ),
    (
        "HZ17.14 winner's kong in kongs",
        {**HZ17_1, "kongs": [{"seat": "S", "kind": "concealed_kong"}]},
        "E_CONTEXT",
    ),
    (
        "HZ17.14 flower",
        with_winner(HZ17_1, concealed="234m567m345p78s22p5z1f"),
        "E_NOTATION",
    ),
    ("HZ17.14 min points, co-winner", {**HZ17_3, "rules": {"min_points": 2}}, "E_MIN_POINTS"),
    (
        "HZ17.14 first meld checked whole",
        with_winner(
            HZ17_6,
            melds=[
                {"kind": "pung", "tiles": "123p", "from": "S"},
                {"kind": "chi", "tiles": "789p", "from": "S"},
            ],
        ),
        "E_MELD_SHAPE",
    ),
    (
        "HZ17.14 from 5",
        with_winner(
            HZ17_6,
            melds=[
                {"kind": "pung", "tiles": "111p", "from": 5},
                {"kind": "concealed_kong", "tiles": "9999p"},
            ],
        ),
        "E_MELD_FEEDER",
    ),
    (
        "HZ17.14 empty kong tiles",
        {
            **HZ17_7,
            "kongs": [{"seat": "E", "kind": "concealed_kong", "tiles": ""}, *HZ17_7["kongs"][1:]],
        },
        "E_MELD_SHAPE",
    ),
    ("HZ17.14 empty concealed", with_winner(HZ17_1, concealed=""), "E_TILE_COUNT"),
    ("HZ17.14 null rule", {**HZ17_1, "rules": {"zi_mo": None}}, "E_RULES"),
    (
        "HZ17.3 extra birds, S holds 紅中",
        with_winner(
            with_winner({**HZ17_3, "rules": {"wu_hong_zhong_extra_birds": 1}}, 0, birds="2m4z1m"),
            1,
            birds="2m4z1m",
        ),
        "E_CONTEXT",
    ),
    ("HZ17.4 multi_win false", {**HZ17_4, "rules": {"multi_win": False}}, "E_CONTEXT"),
    ("HZ17.12 four 紅中", {**HZ17_12, "rules": {}}, "E_TOO_MANY_COPIES"),
]


@pytest.mark.parametrize(("rule", "request_", "code"), REFUSED, ids=[r[0] for r in REFUSED])
def test_refusal(rule, request_, code):
    assert error_of(run(request_)) == code, rule


def hand_of(result, seat):
    return next(w for w in result["wins"] if w["seat"] == seat)


def codes(win):
    return [(i["code"], i["points"]) for i in win["items"]]


def test_hz17_1_items_and_birds():
    win = hand_of(run(HZ17_1), "S")
    assert codes(win) == [("ZI_MO", 2)]
    assert [label["code"] for label in win["labels"]] == ["PING_HU"]
    assert win["birds"] == [{"tile": "3m", "seat": "N"}, {"tile": "6p", "seat": "W"}]


def test_hz17_3_matches_the_contract():
    result = run(HZ17_3)
    e, s = result["wins"]
    assert codes(e) == [("ZHUA_PAO", 1), ("WU_HONG_ZHONG", 1)]
    assert codes(s) == [("ZHUA_PAO", 1)]
    assert e["payments"] == [
        {
            "from": "N",
            "to": "E",
            "amount": "3",
            "points": 3,
            "hand": 2,
            "hits": 1,
            "birds": 1,
            "dealer": 0,
            "piao_fen": 0,
            "capped": False,
        }
    ]
    assert s["birds"] == [{"tile": "2m", "seat": "W"}, {"tile": "4z", "seat": "E"}]
    assert {"set": "pair", "tiles": "33p", "printed": ["3p", "5z"], "melded": False} in s["reading"]
    assert {"set": "chow", "tiles": "345s", "melded": False, "win": True} in s["reading"]
    assert {"set": "pung", "tiles": "777z", "melded": True, "kind": "pung", "from": "W"} in s[
        "reading"
    ]
    assert result["outcome"] == "discard"
    assert result["kong_payments"] == []


def test_hz17_4_seven_pairs_beats_standard():
    n = hand_of(run(HZ17_4), "N")
    assert n["shape"] == "seven_pairs"
    assert codes(n) == [("ZHUA_PAO", 1), ("QI_DUI", 1), ("QING_YI_SE", 1), ("WU_HONG_ZHONG", 1)]
    assert n["hand_points"] == 4


def test_hz17_5_seven_pairs_with_two_hong_zhong():
    win = hand_of(run(HZ17_5), "E")
    assert win["shape"] == "seven_pairs"
    assert codes(win) == [("ZI_MO", 2), ("QI_DUI", 1)]


def test_hz17_6_items_and_kongs():
    result = run(HZ17_6)
    win = hand_of(result, "W")
    assert codes(win) == [
        ("ZI_MO", 2),
        ("PENG_PENG_HU", 1),
        ("QING_YI_SE", 1),
        ("WU_HONG_ZHONG", 1),
    ]
    assert [(p["from"], p["to"], p["points"], p["kind"]) for p in result["kong_payments"]] == [
        ("E", "W", 2, "concealed_kong"),
        ("S", "W", 2, "concealed_kong"),
        ("N", "W", 2, "concealed_kong"),
        ("E", "N", 3, "kong"),
    ]


def test_hz17_7_zero_rows_kept_in_kong_payments():
    result = run({**HZ17_7, "rules": {"gang_bu": 0}})
    zero = [(p["from"], p["amount"]) for p in result["kong_payments"] if p["kind"] == "added_kong"]
    assert zero == [("E", "0"), ("S", "0"), ("N", "0")]
    assert result["outcome"] == "draw" and result["wins"] == []


def test_hz17_8_robbed_kong_labels_and_parts():
    win = hand_of(run(HZ17_8), "E")
    assert codes(win) == [("ZHUA_PAO", 1), ("WU_HONG_ZHONG", 1)]
    assert [label["code"] for label in win["labels"]] == ["PING_HU", "QIANG_GANG_HU"]
    result = run(
        {
            **HZ17_8,
            "dealer": "W",
            "piao_fen": {"N": 2},
            "rules": {"qiang_gang_hu": "bao_san_jia", "dealer_extra": 1, "piao_fen_max": 2},
        }
    )
    (payment,) = hand_of(result, "E")["payments"]
    assert set(payment) == {"from", "to", "amount", "points", "parts"}
    assert [(p["for"], p["points"]) for p in payment["parts"]] == [("S", 4), ("W", 6), ("N", 6)]


def test_hz17_11_capped():
    (e, w, n) = hand_of(run(HZ17_11), "S")["payments"]
    assert (e["points"], e["capped"]) == (6, False)
    assert (n["points"], n["capped"]) == (6, True)


def test_hz17_12_five_hong_zhong():
    win = hand_of(run(HZ17_12), "E")
    assert codes(win) == [("ZI_MO", 2)]
    assert sum(len(s.get("printed", [])) and s["printed"].count("5z") for s in win["reading"]) == 5
