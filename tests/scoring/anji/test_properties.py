"""AJ11 properties over random hands: zero-sum, and X × (n − 1) at every table size."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.anji import score
from scoring.anji.tiles import parse_indicator, wild_of
from scoring.tiles import FACES

SEATS = ("E", "S", "W", "N")
CHOWS = [(s, r) for s in "mps" for r in range(1, 8)]


@st.composite
def anji_requests(draw: st.DrawFn) -> dict:
    """A complete hand (four sets and a pair), some tiles then replaced by the 财神 face."""
    indicator = draw(st.sampled_from(FACES + tuple(f"{n}f" for n in range(1, 9))))
    tiles: list[str] = []
    for _ in range(4):
        if draw(st.booleans()):
            suit_rank = draw(st.sampled_from(CHOWS))
            tiles += [f"{suit_rank[1] + i}{suit_rank[0]}" for i in range(3)]
        else:
            tiles += [draw(st.sampled_from(FACES))] * 3
    tiles += [draw(st.sampled_from(FACES))] * 2
    if max(Counter(tiles).values()) > 4:
        tiles = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "1z", "2z", "2z"]
    wilds = draw(st.integers(0, 4))
    wild = FACES[wild_of(parse_indicator(indicator))]
    for index in draw(st.lists(st.integers(0, 13), max_size=wilds, unique=True)):
        tiles[index] = wild
    win_tile = draw(st.sampled_from(tiles))
    n = draw(st.sampled_from((2, 3, 4)))
    flowers = draw(st.lists(st.integers(1, 8), max_size=4, unique=True))
    request = {
        "game": "anji",
        "indicator": indicator,
        "winner": draw(st.sampled_from(SEATS[:n])),
        "dealer": draw(st.sampled_from(SEATS[:n])),
        "player_count": n,
        "concealed": "".join(tiles),
        "win_tile": win_tile,
        "flowers": "".join(f"{f}f" for f in flowers),
        "base_silver": draw(st.sampled_from(("1", "0.5", "2", "0"))),
        "first_turn": draw(st.booleans()),
        "jia_piao": False,
    }
    if draw(st.booleans()):
        request["rules"] = {
            "zi_mo_stacks": draw(st.booleans()),
            "no_wild_means": draw(st.sampled_from(("no_caishen_tile", "no_wild_substitution"))),
        }
    return request


@settings(max_examples=300, deadline=None)
@given(anji_requests())
def test_zero_sum_and_scaling(request: dict) -> None:
    result = score(request)
    if "error" in result:
        assert result["error"]["code"] in ("E_NOT_WINNING", "E_TOO_MANY_COPIES"), result
        return
    n = request["player_count"]
    payments = result["payments"]
    assert len(payments) == n - 1
    assert {p["from"] for p in payments} == set(SEATS[:n]) - {request["winner"]}
    assert all(p["to"] == request["winner"] for p in payments)
    silver = Decimal(request["base_silver"])
    # zero-sum: what the others pay is what the winner receives
    assert sum(Decimal(p["amount"]) for p in payments) == Decimal(result["total"])
    # every payment is X; the total is X × (n − 1)
    assert all(p["points"] == result["x"] for p in payments)
    assert Decimal(result["total"]) == result["x"] * (n - 1) * silver
    # X is the sum of the counted items
    assert result["x"] == sum(i["points"] for i in result["items"])
    # the same hand at another table size scales the same X
    for other in (2, 3, 4):
        if request["winner"] in SEATS[:other] and request["dealer"] in SEATS[:other]:
            again = score({**request, "player_count": other})
            assert again["x"] == result["x"]
            assert Decimal(again["total"]) == result["x"] * (other - 1) * silver


@settings(max_examples=100, deadline=None)
@given(anji_requests(), st.sampled_from(("S", "W", "N")))
def test_discard_win_zero_sum(request: dict, discarder: str) -> None:
    n = request["player_count"]
    request = {
        **request,
        "winner": "E",
        "discarder": discarder if discarder in SEATS[:n] else "S",
        "first_turn": False,
        "rules": {"discard_win": True, "discard_win_with_caishen": True},
    }
    result = score(request)
    if "error" in result:
        return
    payments = result["payments"]
    d = [p for p in payments if p["from"] == request["discarder"]]
    others = [p for p in payments if p["from"] != request["discarder"]]
    assert d[0]["points"] == result["x_discarder"]
    assert all(p["points"] == result["x"] for p in others)
    assert sum(p["points"] for p in payments) == result["x_discarder"] + (n - 2) * result["x"]
    assert sum(Decimal(p["amount"]) for p in payments) == Decimal(result["total"])
