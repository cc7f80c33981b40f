"""Properties that hold for every hand (hypothesis): payments are zero-sum with the winner (R9),
tile order never matters (R1), a fifth copy is refused (R11), dict key order never matters, and a
鑽 may take the place of any concealed tile of a complete hand (R4.2)."""

from __future__ import annotations

import json
from collections import Counter
from decimal import Decimal
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring import score
from tests.scoring.anqing.anqing_case import SEAT_ORDER, summary

WILD = "7m"  # indicator 6m
# Faces a generated hand may use: no 鑽 (7m), no stand-in (5z), no bar tile (6z, 7z).
PLAIN_FACES = [f"{r}{s}" for s in "mps" for r in range(1, 10) if f"{r}{s}" != WILD] + [
    f"{r}z" for r in range(1, 5)
]
CHOW_STARTS = [(r, s) for s in "mps" for r in range(1, 8) if not (s == "m" and r >= 5)]

PROPERTY_SETTINGS = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)


def _shangjia(seat: str) -> str:
    return SEAT_ORDER[(SEAT_ORDER.index(seat) - 1) % 4]


def _tiles(faces: list[str]) -> str:
    return "".join(faces)


@st.composite
def complete_hands(draw: st.DrawFn) -> dict[str, Any]:
    """A valid complete hand without wilds: 4 sets + a pair, some sets melded, any seats."""
    winner = draw(st.sampled_from(SEAT_ORDER))
    others = [seat for seat in SEAT_ORDER if seat != winner]
    concealed: list[str] = []
    melds: list[dict[str, Any]] = []
    for _ in range(4):
        if draw(st.booleans()):
            rank, suit = draw(st.sampled_from(CHOW_STARTS))
            faces = [f"{rank + i}{suit}" for i in range(3)]
            kind, feeder = "chi", _shangjia(winner)
        else:
            faces = [draw(st.sampled_from(PLAIN_FACES))] * 3
            kind, feeder = "pung", draw(st.sampled_from(others))
        if draw(st.integers(0, 3)) == 0:
            melds.append({"kind": kind, "tiles": _tiles(faces), "from": feeder})
        else:
            concealed += faces
    concealed += [draw(st.sampled_from(PLAIN_FACES))] * 2
    held = Counter(concealed)
    for declared in melds:
        held.update(declared["tiles"][i : i + 2] for i in range(0, len(declared["tiles"]), 2))
    assume(max(held.values()) <= 4)
    concealed = draw(st.permutations(concealed))
    return {
        "ruleset": "anqing",
        "indicator": "6m",
        "winner": winner,
        "dealer": draw(st.sampled_from(SEAT_ORDER)),
        "dealer_streak": draw(st.integers(0, 6)),
        "base_silver": draw(st.sampled_from(["1", "0.5", "2", "0.25", "3"])),
        "concealed": _tiles(list(concealed)),
        "win_tile": draw(st.sampled_from(sorted(set(concealed)))),
        "melds": melds,
    }


def _faces(tiles: str) -> list[str]:
    return [tiles[i : i + 2] for i in range(0, len(tiles), 2)]


@PROPERTY_SETTINGS
@given(complete_hands())
def test_payments_are_zero_sum_with_the_winner(request: dict) -> None:
    """R9: each other seat pays the winner once; the payments add up to the total."""
    result = score(request)
    assert "error" not in result, result  # R6.1: a natural complete hand always wins
    payments = result["payments"]
    assert [p["from"] for p in payments] == [s for s in SEAT_ORDER if s != request["winner"]]
    assert all(p["to"] == request["winner"] for p in payments)
    amounts = [Decimal(p["amount"]) for p in payments]
    assert all(amount > 0 for amount in amounts)
    assert sum(amounts) == Decimal(result["total"])


@PROPERTY_SETTINGS
@given(complete_hands(), st.randoms(use_true_random=False))
def test_tile_order_never_changes_the_result(request: dict, rng: Any) -> None:
    """R1: order inside a hand string does not matter, in the hand or in a meld."""
    shuffled = json.loads(json.dumps(request))
    concealed = _faces(request["concealed"])
    rng.shuffle(concealed)
    shuffled["concealed"] = _tiles(concealed)
    for declared in shuffled["melds"]:
        faces = _faces(declared["tiles"])
        rng.shuffle(faces)
        declared["tiles"] = _tiles(faces)
    assert summary(score(shuffled)) == summary(score(request))


@PROPERTY_SETTINGS
@given(complete_hands(), st.data())
def test_a_fifth_copy_is_refused(request: dict, data: st.DataObject) -> None:
    """R11: a fifth copy of a face (count kept at 14) is E_TOO_MANY_COPIES."""
    concealed = _faces(request["concealed"])
    held = Counter(concealed)
    for declared in request["melds"]:
        held.update(_faces(declared["tiles"]))
    face = data.draw(st.sampled_from(sorted(held)))
    others = [i for i, tile in enumerate(concealed) if tile != face]
    needed = 5 - held[face]
    assume(len(others) >= needed)
    for index in data.draw(st.permutations(others))[:needed]:
        concealed[index] = face
    result = score({**request, "concealed": _tiles(concealed)})
    assert result.get("error", {}).get("code") == "E_TOO_MANY_COPIES", result


def _reversed_keys(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _reversed_keys(value[key]) for key in reversed(list(value))}
    if isinstance(value, list):
        return [_reversed_keys(item) for item in value]
    return value


@PROPERTY_SETTINGS
@given(complete_hands(), st.sampled_from([{}, {"pao_feng": 7, "liability_basis": "pair"}]))
def test_dict_key_order_never_matters(request: dict, rules: dict) -> None:
    """The same request with its keys (and its melds' and rules' keys) in another order."""
    request = {**request, "rules": rules, "others_melds": {"E": [], "N": [], "W": [], "S": []}}
    del request["others_melds"][request["winner"]]
    assert json.dumps(score(_reversed_keys(request)), sort_keys=True) == json.dumps(
        score(request), sort_keys=True
    )


@PROPERTY_SETTINGS
@given(complete_hands(), st.data())
def test_a_wild_may_replace_any_concealed_tile(request: dict, data: st.DataObject) -> None:
    """R4.2: a 鑽 plays any tile, so a complete hand stays a win when up to four of its concealed
    tiles (not the drawn one) are 鑽."""
    concealed = _faces(request["concealed"])
    win_index = concealed.index(request["win_tile"])
    candidates = [i for i in range(len(concealed)) if i != win_index]
    how_many = data.draw(st.integers(1, min(4, len(candidates))))
    for index in data.draw(st.permutations(candidates))[:how_many]:
        concealed[index] = WILD
    result = score({**request, "concealed": _tiles(concealed)})
    assert "error" not in result, result
