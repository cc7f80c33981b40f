"""AJ15: every worked example of the rule book, request → the exact result fields, at 4, 3 and 2
players."""

from __future__ import annotations

import pytest

from tests.scoring.anji.anji_case import error_of, items_of, not_counted_of, run, totals

AJ15_1 = {
    "game": "anji",
    "indicator": "3p",
    "winner": "S",
    "dealer": "E",
    "concealed": "123456m34578s99p4p",
    "win_tile": "3m",
    "flowers": "1f3f",
}
AJ15_2 = {
    "game": "anji",
    "indicator": "7s",
    "winner": "E",
    "dealer": "E",
    "concealed": "234m234p789p11z",
    "win_tile": "1z",
    "melds": [{"kind": "chi", "tiles": "567m"}],
}
AJ15_3 = {
    "game": "anji",
    "indicator": "9m",
    "winner": "S",
    "dealer": "E",
    "concealed": "234567p345678s1m7z",
    "win_tile": "7z",
    "flowers": "5f",
}
AJ15_4 = {
    "game": "anji",
    "indicator": "5z",
    "winner": "S",
    "dealer": "E",
    "concealed": "345m678p6z3s",
    "win_tile": "3s",
    "kongs_before_win": 2,
    "melds": [
        {"kind": "concealed_kong", "tiles": "9999s"},
        {"kind": "added_kong", "tiles": "2222z"},
    ],
}
AJ15_5 = {
    "game": "anji",
    "indicator": "1z",
    "winner": "W",
    "dealer": "E",
    "concealed": "123m789m456p55s",
    "win_tile": "6p",
    "kongs_before_win": 1,
    "melds": [{"kind": "kong", "tiles": "7777p"}],
}
AJ15_6 = {
    "game": "anji",
    "indicator": "4s",
    "winner": "S",
    "dealer": "S",
    "concealed": "5s9m",
    "win_tile": "9m",
    "flowers": "2f4f",
    "melds": [
        {"kind": "pung", "tiles": "222m"},
        {"kind": "chi", "tiles": "345p"},
        {"kind": "pung", "tiles": "111z"},
        {"kind": "kong", "tiles": "8888s"},
    ],
}
AJ15_7 = {
    "game": "anji",
    "indicator": "4s",
    "winner": "S",
    "dealer": "E",
    "concealed": "5s6z",
    "win_tile": "6z",
    "kongs_before_win": 1,
    "flowers": "7f",
    "melds": [
        {"kind": "pung", "tiles": "222m"},
        {"kind": "chi", "tiles": "345p"},
        {"kind": "pung", "tiles": "111z"},
        {"kind": "added_kong", "tiles": "8888s"},
    ],
}
AJ15_8 = {
    "game": "anji",
    "indicator": "6z",
    "winner": "S",
    "dealer": "E",
    "concealed": "1112345678999s7z",
    "win_tile": "2s",
}
AJ15_9 = {
    "game": "anji",
    "indicator": "2m",
    "winner": "E",
    "dealer": "E",
    "concealed": "1155m2299p44s6677z",
    "win_tile": "7z",
    "flowers": "1f2f6f",
}
AJ15_10 = {
    "game": "anji",
    "indicator": "1s",
    "winner": "S",
    "dealer": "E",
    "concealed": "19m19p19s1123456z2s",
    "win_tile": "6z",
    "flowers": "3f",
}
AJ15_11 = {
    "game": "anji",
    "indicator": "3m",
    "winner": "S",
    "dealer": "E",
    "concealed": "123p456p789p234s4m6s",
    "win_tile": "6s",
    "piao": 2,
    "piao_flowers": 1,
    "flowers": "1f8f",
}
AJ15_12 = {
    "game": "anji",
    "indicator": "3m",
    "winner": "S",
    "dealer": "E",
    "concealed": "123456p2378s444m6z",
    "win_tile": "6z",
    "piao": 1,
}
AJ15_13 = {
    "game": "anji",
    "indicator": "5m",
    "winner": "S",
    "dealer": "E",
    "concealed": "6666m159p258s1457z",
    "win_tile": "7z",
    "flowers": "2f",
}
AJ15_14 = {
    "game": "anji",
    "indicator": "8m",
    "winner": "E",
    "dealer": "E",
    "concealed": "123m456m789p11z333s",
    "win_tile": "3s",
    "first_turn": True,
}
AJ15_15 = {
    "game": "anji",
    "rules": {"discard_win": True},
    "indicator": "2p",
    "winner": "E",
    "dealer": "E",
    "discarder": "S",
    "concealed": "456m789m11p567s333z",
    "win_tile": "3z",
    "flowers": "4f",
}
AJ15_16 = {
    "game": "anji",
    "rules": {"discard_win": True},
    "indicator": "2p",
    "winner": "E",
    "dealer": "E",
    "discarder": "S",
    "concealed": "456m789m1p3p567s333z",
    "win_tile": "3z",
}
AJ15_17 = {
    "game": "anji",
    "indicator": "4z",
    "winner": "S",
    "dealer": "E",
    "concealed": "123m456m789m123p9p5z",
    "win_tile": "9p",
}
AJ15_18 = {
    "game": "anji",
    "indicator": "3m",
    "winner": "S",
    "dealer": "E",
    "concealed": "23m4m456p789p11z",
    "win_tile": "1z",
    "melds": [{"kind": "pung", "tiles": "999s"}],
}
NWS = {"no_wild_means": "no_wild_substitution"}

# (rule id, request, items [(code, points, count)], not counted [(code, points)], x,
#  totals {4, 3, 2})
EXAMPLES = [
    ("AJ15.1", AJ15_1, [("ZI_MO", 1, 1), ("FLOWERS", 2, 2)], [], 3, {4: "9", 3: "6", 2: "3"}),
    (
        "AJ15.1 base_silver",
        {**AJ15_1, "base_silver": "0.5"},
        [("ZI_MO", 1, 1), ("FLOWERS", 2, 2)],
        [],
        3,
        {4: "4.5", 3: "3", 2: "1.5"},
    ),
    ("AJ15.2", AJ15_2, [("ZI_MO_CLEAN", 5, 1)], [], 5, {4: "15", 3: "10", 2: "5"}),
    (
        "AJ15.3",
        AJ15_3,
        [("BAO_TOU", 2, 1), ("FLOWERS", 1, 1)],
        [("ZI_MO", 1)],
        3,
        {4: "9", 3: "6", 2: "3"},
    ),
    (
        "AJ15.3 zi_mo_stacks",
        {**AJ15_3, "rules": {"zi_mo_stacks": True}},
        [("ZI_MO", 1, 1), ("BAO_TOU", 2, 1), ("FLOWERS", 1, 1)],
        [],
        4,
        {4: "12", 3: "8", 2: "4"},
    ),
    (
        "AJ15.4",
        AJ15_4,
        [("GANG_BAO", 10, 2)],
        [("ZI_MO", 1), ("GANG_KAI", 3), ("BAO_TOU", 2)],
        10,
        {4: "30", 3: "20", 2: "10"},
    ),
    (
        "AJ15.5",
        AJ15_5,
        [("QING_GANG_KAI", 10, 1)],
        [("ZI_MO_CLEAN", 5)],
        10,
        {4: "30", 3: "20", 2: None},
    ),
    (
        "AJ15.5 flower",
        {**AJ15_5, "flowers": "8f"},
        [("GANG_KAI_NO_WILD", 5, 1), ("FLOWERS", 1, 1)],
        [("ZI_MO_NO_WILD", 2)],
        6,
        {4: "18", 3: "12", 2: None},
    ),
    (
        "AJ15.6",
        AJ15_6,
        [("DA_DIAO_PLUS", 10, 1), ("FLOWERS", 2, 2)],
        [("ZI_MO", 1), ("BAO_TOU", 2)],
        12,
        {4: "36", 3: "24", 2: "12"},
    ),
    (
        "AJ15.6 natural",
        {**AJ15_6, "concealed": "99m"},
        [("DA_DIAO", 5, 1), ("FLOWERS", 2, 2)],
        [("ZI_MO_NO_WILD", 2)],
        7,
        {4: "21", 3: "14", 2: "7"},
    ),
    (
        "AJ15.7",
        AJ15_7,
        [("DA_DIAO_PLUS", 10, 1), ("DA_DIAO_GANG_BAO", 5, 1), ("FLOWERS", 1, 1)],
        [("ZI_MO", 1), ("GANG_KAI", 3), ("BAO_TOU", 2), ("GANG_BAO", 5)],
        16,
        {4: "48", 3: "32", 2: "16"},
    ),
    (
        "AJ15.8",
        AJ15_8,
        [("BAO_TOU", 2, 1), ("QING_YI_SE", 10, 1)],
        [("ZI_MO", 1)],
        12,
        {4: "36", 3: "24", 2: "12"},
    ),
    (
        "AJ15.9",
        AJ15_9,
        [("ZI_MO_NO_WILD", 2, 1), ("QI_DUI_NO_WILD", 5, 1), ("FLOWERS", 3, 3)],
        [],
        10,
        {4: "30", 3: "20", 2: "10"},
    ),
    (
        "AJ15.10",
        AJ15_10,
        [("ZI_MO", 1, 1), ("SHI_SAN_YAO", 2, 1), ("FLOWERS", 1, 1)],
        [],
        4,
        {4: "12", 3: "8", 2: "4"},
    ),
    (
        "AJ15.11",
        AJ15_11,
        [("PIAO_CAI", 20, 2), ("PIAO_GANG", 5, 1), ("FLOWERS", 2, 2)],
        [("ZI_MO", 1), ("BAO_TOU", 2)],
        27,
        {4: "81", 3: "54", 2: "27"},
    ),
    (
        "AJ15.12",
        AJ15_12,
        [("SI_CAI_SHEN_PIAO", 20, 1)],
        [("ZI_MO", 1), ("BAO_TOU", 2)],
        20,
        {4: "60", 3: "40", 2: "20"},
    ),
    (
        "AJ15.13",
        AJ15_13,
        [("SI_CAI_SHEN", 10, 1), ("FLOWERS", 1, 1)],
        [("ZI_MO", 1)],
        11,
        {4: "33", 3: "22", 2: "11"},
    ),
    (
        "AJ15.14",
        AJ15_14,
        [("TIAN_HU", 10, 1)],
        [("ZI_MO_CLEAN", 5)],
        10,
        {4: "30", 3: "20", 2: "10"},
    ),
    (
        "AJ15.14 di hu",
        {**AJ15_14, "winner": "S", "flowers": "6f"},
        [("DI_HU", 10, 1), ("FLOWERS", 1, 1)],
        [("ZI_MO_NO_WILD", 2)],
        11,
        {4: "33", 3: "22", 2: "11"},
    ),
    (
        "AJ15.15",
        AJ15_15,
        [("FANG_CHONG_NO_WILD", 2, 1), ("FLOWERS", 1, 1)],
        [],
        3,
        {4: "11", 3: "8", 2: "5"},
    ),
    (
        "AJ15.16 with caishen",
        {**AJ15_16, "rules": {"discard_win": True, "discard_win_with_caishen": True}},
        [("FANG_CHONG", 1, 1)],
        [],
        1,
        {4: "4", 3: "3", 2: "2"},
    ),
    ("AJ15.17", AJ15_17, [("BAO_TOU", 2, 1)], [("ZI_MO", 1)], 2, {4: "6", 3: "4", 2: "2"}),
    ("AJ15.18", AJ15_18, [("ZI_MO", 1, 1)], [], 1, {4: "3", 3: "2", 2: "1"}),
    (
        "AJ15.18 no_wild_substitution",
        {**AJ15_18, "rules": NWS},
        [("ZI_MO_CLEAN", 5, 1)],
        [],
        5,
        {4: "15", 3: "10", 2: "5"},
    ),
    # AJ6.5: melds do not matter to 四财神
    (
        "AJ6.5",
        {
            "game": "anji",
            "indicator": "5m",
            "winner": "S",
            "dealer": "E",
            "concealed": "6666m159p258s7z",
            "win_tile": "7z",
            "melds": [{"kind": "pung", "tiles": "111z"}],
        },
        [("SI_CAI_SHEN", 10, 1)],
        [("ZI_MO", 1)],
        10,
        {4: "30", 3: "20", 2: "10"},
    ),
    # AJ6.7: 天胡 on an 爆头 reading
    (
        "AJ6.7 tian hu bao tou",
        {**AJ15_3, "dealer": "S", "first_turn": True},
        [("TIAN_HU", 10, 1), ("FLOWERS", 1, 1)],
        [("ZI_MO", 1), ("BAO_TOU", 2)],
        11,
        {4: "33", 3: "22", 2: "11"},
    ),
    (
        "AJ6.7 tian hu bao_tou 20",
        {**AJ15_3, "dealer": "S", "first_turn": True, "rules": {"bao_tou": 20}},
        [("BAO_TOU", 20, 1), ("FLOWERS", 1, 1)],
        [("ZI_MO", 1), ("TIAN_HU", 10)],
        21,
        {4: "63", 3: "42", 2: "21"},
    ),
    # AJ7.3: a row worth 0 still applies and is listed
    (
        "AJ7.3 zero rows",
        {**AJ15_3, "rules": {"bao_tou": 0, "zi_mo": 0}},
        [("BAO_TOU", 0, 1), ("FLOWERS", 1, 1)],
        [("ZI_MO", 0)],
        1,
        {4: "3", 3: "2", 2: "1"},
    ),
    # AJ9.1: flower_draw_is_gang
    (
        "AJ9.1 flower_draw_is_gang",
        {
            "game": "anji",
            "indicator": "3p",
            "winner": "S",
            "dealer": "E",
            "concealed": "123m456m789s123p5z4p",
            "win_tile": "5z",
            "flowers": "1f",
            "kongs_before_win": 1,
            "rules": {"flower_draw_is_gang": True},
        },
        [("GANG_BAO", 5, 1), ("FLOWERS", 1, 1)],
        [("ZI_MO", 1), ("GANG_KAI", 3), ("BAO_TOU", 2)],
        6,
        {4: "18", 3: "12", 2: "6"},
    ),
]


@pytest.mark.parametrize(
    ("rule", "request_", "items", "not_counted", "x", "by_count"),
    EXAMPLES,
    ids=[row[0] for row in EXAMPLES],
)
def test_worked_example(rule, request_, items, not_counted, x, by_count) -> None:
    result = run(request_)
    assert items_of(result) == items, rule
    assert not_counted_of(result) == not_counted, rule
    assert result["x"] == x, rule
    assert totals(request_) == by_count, rule


def test_aj15_1_payments_and_reading() -> None:
    result = run(AJ15_1)
    assert result["game"] == "anji" and result["ruleset"] == "anji"
    assert result["wild"] == "4p" and result["has_wild"] is True
    assert result["flower_count"] == 2 and result["x_discarder"] is None
    assert result["payments"] == [
        {"from": "E", "to": "S", "amount": "3", "points": 3},
        {"from": "W", "to": "S", "amount": "3", "points": 3},
        {"from": "N", "to": "S", "amount": "3", "points": 3},
    ]
    half = run(AJ15_1, base_silver="0.5")
    assert [p["amount"] for p in half["payments"]] == ["1.5", "1.5", "1.5"]
    assert half["total"] == "4.5"


def test_aj15_3_result_as_the_contract_shows() -> None:
    """The contract's own example (score-api.md, Other games): AJ15.3."""
    result = run(AJ15_3)
    assert result["shape"] == "standard"
    assert sorted(result["reading"], key=lambda s: s["tiles"]) == [
        {"set": "chow", "tiles": "234p", "melded": False},
        {"set": "chow", "tiles": "345s", "melded": False},
        {"set": "chow", "tiles": "567p", "melded": False},
        {"set": "chow", "tiles": "678s", "melded": False},
        {"set": "pair", "tiles": "77z", "printed": ["7z", "1m"], "melded": False, "win": True},
    ]
    zi_mo = result["not_counted"][0]
    assert zi_mo["why"] == "爆头（2分）更高，方法只计最高的一项"
    assert zi_mo["why_en"] == (
        "the wild-pair win (2 points) is worth more; only the highest method row counts"
    )


def test_aj15_4_reading_and_wild() -> None:
    result = run(AJ15_4)
    assert result["wild"] == "6z"
    win = [s for s in result["reading"] if s.get("win")]
    assert win == [
        {"set": "pair", "tiles": "33s", "printed": ["3s", "6z"], "melded": False, "win": True}
    ]
    melds = [s for s in result["reading"] if s["melded"]]
    assert melds == [
        {"set": "kong", "tiles": "9999s", "melded": True, "kind": "concealed_kong", "from": None},
        {"set": "kong", "tiles": "2222z", "melded": True, "kind": "added_kong", "from": None},
    ]


def test_aj15_5_two_players_refuse_seat_west() -> None:
    assert error_of(run(AJ15_5, player_count=2)) == "E_CONTEXT"


def test_aj15_13_shapeless_reading() -> None:
    result = run(AJ15_13)
    assert result["shape"] == "si_cai_shen"
    assert result["reading"] == [
        {"set": "si_cai_shen", "tiles": "6666m159p258s1457z", "melded": False, "win": True}
    ]


def test_aj15_15_discarder_pays_more() -> None:
    result = run(AJ15_15)
    assert result["x"] == 3 and result["x_discarder"] == 5
    item = result["items"][0]
    assert item["points_discarder"] == 4 and item["points"] == 2
    assert [(p["from"], p["points"]) for p in result["payments"]] == [("S", 5), ("W", 3), ("N", 3)]


def test_aj15_16_discard_with_wild_refused() -> None:
    assert error_of(run(AJ15_16)) == "E_DISCARD_WILD"
    allowed = run(AJ15_16, rules={"discard_win": True, "discard_win_with_caishen": True})
    assert allowed["x"] == 1 and allowed["x_discarder"] == 2


def test_aj15_17_honour_cycles() -> None:
    assert run(AJ15_17)["wild"] == "5z"
    assert error_of(run(AJ15_17, rules={"honor_cycle": "winds4_dragons3"})) == "E_NOT_WINNING"
    assert error_of(run(AJ15_17, indicator="3f")) == "E_NOT_WINNING"


REFUSALS = [
    ({**AJ15_11, "concealed": "123p456p789p234s66s", "piao": 1}, "E_PIAO"),
    ({**AJ15_1, "discarder": "E"}, "E_CONTEXT"),
    ({**AJ15_1, "flowers": "1f1f"}, "E_TOO_MANY_COPIES"),
    ({**AJ15_1, "melds": [{"kind": "pung", "tiles": "444p"}]}, "E_MELD_WILD"),
    ({**AJ15_1, "concealed": "123456m34578s99p4p1f"}, "E_NOTATION"),
    ({**AJ15_1, "player_count": 2, "winner": "W"}, "E_CONTEXT"),
    ({**AJ15_1, "piao_flowers": 1}, "E_CONTEXT"),
    ({**AJ15_4, "kongs_before_win": 3}, "E_CONTEXT"),
    ({**AJ15_1, "player_count": "3"}, "E_NOTATION"),
    ({**AJ15_1, "concealed": ""}, "E_TILE_COUNT"),
    ({**AJ15_1, "rules": {"bao_tou": None}}, "E_RULES"),
    ({**AJ15_2, "melds": "567m"}, "E_NOTATION"),
    ({**AJ15_2, "melds": [{"kind": "chi", "tiles": "567m", "from": 5}]}, "E_MELD_FEEDER"),
]


@pytest.mark.parametrize(("request_", "code"), REFUSALS)
def test_aj15_19_refusals(request_, code) -> None:
    result = run(request_)
    assert error_of(result) == code, result
    assert result["error"]["message"] and result["error"]["message_en"]
