"""Properties of the 紅中 engine over random rounds: it never raises, the net sums to zero, the
merged payments are the detailed ones added up, and a winning hand stays winning when a natural
tile of its reading is swapped for a 紅中 (HZ4.1)."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.hongzhong import score
from scoring.tiles import FACES

SEATS = ("E", "S", "W", "N")
WALL = [f for f in FACES for _ in range(4)]

tiles = st.lists(st.sampled_from(FACES), min_size=0, max_size=15).map("".join)
rules = st.fixed_dictionaries(
    {},
    optional={
        "bird_rule": st.sampled_from(
            ["count", "zhong_159", "yi_niao_quan_zhong", "mo_ji_jiang_ji"]
        ),
        "bird_value": st.sampled_from(["add", "multiply"]),
        "qiang_gang_hu": st.sampled_from(["as_discard", "as_self_draw", "bao_san_jia"]),
        "dealer_extra": st.integers(0, 3),
        "cap": st.integers(0, 10),
        "hong_zhong_count": st.sampled_from([4, 8]),
    },
)


@st.composite
def hands(draw):
    shuffled = draw(st.permutations(WALL))
    return "".join(shuffled[:14]), draw(st.integers(0, 13)), "".join(shuffled[14:16])


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(SEATS), hands()), max_size=3),
    st.sampled_from([None, *SEATS]),
    st.booleans(),
    rules,
    st.sampled_from(SEATS),
)
def test_random_rounds(winners, discarder, robbed, house, dealer):
    request = {
        "game": "hongzhong",
        "dealer": dealer,
        "discarder": discarder,
        "robbed_kong": robbed,
        "rules": house,
        "winners": [
            {"seat": s, "concealed": c, "win_tile": c[2 * i : 2 * i + 2], "birds": b}
            for s, (c, i, b) in winners
        ],
        "kongs": [{"seat": "E", "kind": "concealed_kong"}],
    }
    result = score(request)
    if "error" in result:
        assert {"code", "message", "message_en"} <= set(result["error"])
        assert set(result["error"]) <= {"code", "message", "message_en", "field"}
        return
    assert sum(Decimal(v) for v in result["net"].values()) == 0
    detail = [p for w in result["wins"] for p in w["payments"]] + result["kong_payments"]
    assert sum(Decimal(p["amount"]) for p in detail) == Decimal(result["total"])
    assert sum(Decimal(p["amount"]) for p in result["payments"]) == Decimal(result["total"])


SETS = [[f] * 3 for f in FACES if f != "5z"] + [
    [f"{r + k}{suit}" for k in range(3)] for suit in "mps" for r in range(1, 8)
]


@st.composite
def winning(draw):
    """Four sets and a pair, up to three naturals swapped for 紅中 (HZ4.1: still winning)."""
    sets = draw(st.lists(st.sampled_from(SETS), min_size=4, max_size=4))
    pair = draw(st.sampled_from([f for f in FACES if f != "5z"]))
    tiles = [t for s in sets for t in s] + [pair, pair]
    for i in draw(st.lists(st.integers(0, 13), max_size=3, unique=True)):
        tiles[i] = "5z"
    return tiles, draw(st.integers(0, 13))


@settings(max_examples=150, deadline=None)
@given(winning(), st.sampled_from([None, "W"]))
def test_sets_and_a_pair_win_with_hong_zhong_anywhere(hand, discarder):
    tiles, i = hand
    request = {
        "game": "hongzhong",
        "dealer": "E",
        "discarder": discarder,
        "winners": [{"seat": "E", "concealed": "".join(tiles), "win_tile": tiles[i]}],
    }
    result = score(request)
    counts = {t: tiles.count(t) for t in tiles}
    if any(n > 4 for n in counts.values()):
        assert result["error"]["code"] == "E_TOO_MANY_COPIES"
    elif discarder and tiles[i] == "5z":
        assert result["error"]["code"] == "E_CONTEXT"  # HZ4.3
    else:
        assert "error" not in result, result
        assert result["wins"][0]["hand_points"] >= 1
        assert sum(Decimal(v) for v in result["net"].values()) == 0
