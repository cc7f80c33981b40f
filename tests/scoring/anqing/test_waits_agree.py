"""waits() and score() agree (R7.2, R11): every tile waits() lists scores with the same fan when
drawn, and every tile it leaves out is refused by score(). Checked over 2,000 random ready hands
of both rulesets, every indicator, fed and concealed melds, kongs and exposed bar tiles."""

from __future__ import annotations

import random
from typing import Any

from scoring import FACES, score, waits

SEATS = ["E", "S", "W", "N"]
SHANGJIA = {"E": "N", "S": "E", "W": "S", "N": "W"}  # R2.1
SUITED = [face for face in FACES if face[1] != "z"]
CHOW_STARTS = [face for face in SUITED if int(face[0]) <= 7]


def chow(start: str) -> list[str]:
    return [f"{int(start[0]) + k}{start[1]}" for k in range(3)]


def compact(faces: list[str]) -> str:
    return "".join(face[0] + face[1] for face in faces)  # "1m2m…" is valid notation (R1)


def ready_hand(rng: random.Random) -> dict[str, Any]:
    """A complete hand built set by set, less one concealed tile: ready by construction."""
    ruleset = rng.choice(["anqing", "anqing-daque"])
    winner = rng.choice(SEATS)
    melds: list[dict[str, str]] = []
    concealed: list[str] = []
    for _ in range(4):
        roll = rng.random()
        if roll < 0.25:
            kind = rng.choice(["pung", "kong", "concealed_kong", "chi"])
            if kind == "chi" and ruleset == "anqing":
                melds.append(
                    {
                        "kind": "chi",
                        "tiles": compact(chow(rng.choice(CHOW_STARTS))),
                        "from": SHANGJIA[winner],
                    }
                )
                continue
            kind = "pung" if kind == "chi" else kind
            face = rng.choice(FACES)
            meld = {"kind": kind, "tiles": compact([face] * (3 if kind == "pung" else 4))}
            if kind != "concealed_kong":
                meld["from"] = rng.choice([seat for seat in SEATS if seat != winner])
            melds.append(meld)
        elif roll < 0.65:
            concealed += chow(rng.choice(CHOW_STARTS))
        else:
            concealed += [rng.choice(FACES)] * 3
    concealed += [rng.choice(FACES)] * 2
    rng.shuffle(concealed)
    concealed.pop()
    return {
        "ruleset": ruleset,
        "indicator": rng.choice(FACES),
        "winner": winner,
        "dealer": rng.choice(SEATS),
        "dealer_streak": rng.randint(0, 3),
        "concealed": compact(concealed),
        "melds": melds,
        "bar_tiles": rng.choice([0, 0, 0, 1, 2, 4, 6, 7, 8]),
    }


def test_waits_lists_exactly_the_tiles_score_accepts_with_the_same_fan() -> None:
    rng = random.Random(20261130)
    checked = 0
    while checked < 2_000:
        request = ready_hand(rng)
        answer = waits(request)
        if "error" in answer:  # e.g. five copies already: refused whatever is drawn
            continue
        listed = {wait["tile"]: wait["fan"] for wait in answer["waits"]}
        for face in FACES:
            drawn = score({**request, "concealed": request["concealed"] + face, "win_tile": face})
            if face in listed:
                assert "error" not in drawn, (request, face, drawn)
                assert drawn["fan"] == listed[face], (request, face, drawn["fan"], listed[face])
            else:
                assert "error" in drawn, (request, face, drawn["fan"])
        checked += 1


def test_a_wait_that_would_make_a_ninth_bar_tile_is_not_listed() -> None:
    """The issue's case: 打缺, indicator 6m (鑽 7m, bar tiles 中發白 less the stand-in), seven
    exposed bar tiles and one 發 held: drawing another 發 makes nine bar tiles (R11)."""
    request = {
        "ruleset": "anqing-daque",
        "indicator": "6m",
        "winner": "S",
        "dealer": "E",
        "concealed": "123m456m789m111p6z",
        "bar_tiles": 7,
    }
    drawn = score({**request, "concealed": request["concealed"] + "6z", "win_tile": "6z"})
    assert drawn["error"]["code"] == "E_TOO_MANY_COPIES"
    assert "6z" not in {wait["tile"] for wait in waits(request)["waits"]}
