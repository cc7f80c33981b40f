"""Write the corpus of Anqing answers: ~2,000 varied requests and what the engine answers them.

    .venv/bin/python tools/anqing_corpus.py [--out tests/scoring/anqing/data/anqing_corpus.json.gz]

The requests come from a fixed seed, so the same engine always writes the same file: complete
hands of every shape with 0–4 wilds for every indicator, under both rulesets, with melds, bar
tiles, kongs, first-turn wins, 包 hands (three or four melds fed by one player), house-rule
overrides, requests that each R11 code refuses, and ready hands for ``waits()``.
tests/scoring/anqing/test_corpus.py checks that every request still gets exactly its stored answer
(a result also carries ``"game": "anqing"``). Rewrite the file only when a change of the answers is
meant, and say so in the commit.
"""

from __future__ import annotations

import argparse
import gzip
import json
import pathlib
import random
import sys
from collections import Counter
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scoring import DEFAULTS, FACES, RULESETS, specials, waits  # noqa: E402
from scoring.anqing import score  # noqa: E402  (Anqing's own entry point: no "game" in a result)

SEED = 20260413
OUT = ROOT / "tests" / "scoring" / "anqing" / "data" / "anqing_corpus.json.gz"
SEATS = ("E", "S", "W", "N")
SUITED = [f"{r}{s}" for s in "mps" for r in range(1, 10)]
HONORS = [f"{r}z" for r in range(1, 8)]
SILVERS = ["1", "0.5", "2", "0.25", "3", "10", "1.5", 1, 2.5]


def previous(seat: str) -> str:
    return SEATS[(SEATS.index(seat) - 1) % 4]


def tiles(faces: list[str]) -> str:
    return "".join(faces)


class Maker:
    """Builds requests from one random source."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.avoid: frozenset[str] = frozenset()  # the 鑽 and the bar faces, most of the time

    # --- pieces
    def face(self, suits: str, honors: bool = True) -> str:
        pool = [f for f in SUITED if f[1] in suits] + (HONORS if honors else [])
        return self.rng.choice([f for f in pool if f not in self.avoid] or pool)

    def chow(self, suits: str) -> list[str]:
        for _ in range(20):
            suit = self.rng.choice(suits)
            start = self.rng.randint(1, 7)
            faces = [f"{start + i}{suit}" for i in range(3)]
            if self.avoid.isdisjoint(faces):
                break
        return faces

    def house_rules(self) -> dict[str, Any] | None:
        rng = self.rng
        if rng.random() > 0.3:
            return None
        out: dict[str, Any] = {}
        for key in rng.sample(sorted(DEFAULTS), rng.randint(1, 4)):
            default = DEFAULTS[key]
            if isinstance(default, bool):
                out[key] = rng.random() < 0.5
            elif isinstance(default, int):
                out[key] = rng.choice([0, 1, 2, 5, 8, 12, 20, 60, 100])
            elif isinstance(default, tuple):
                out[key] = [rng.randint(0, 20) for _ in range(rng.randint(1, 5))]
            else:
                out[key] = rng.choice(["as_dealer", "pair", "pattern"])
        return out

    # --- complete hands
    def sets_and_pair(self, shape: str, suits: str) -> tuple[list[list[str]], list[str]]:
        rng = self.rng
        if shape == "seven_pairs":
            return [], [f for _ in range(7) for f in [self.face(suits)] * 2]
        if shape == "lan":
            faces = []
            for suit in "mps":
                start = rng.randint(1, 3)
                faces += [f"{r}{suit}" for r in range(start, 10, rng.choice([3, 3, 4]))]
            honors = rng.sample(HONORS, rng.randint(5, 7))
            return [], rng.sample(faces, min(len(faces), 14 - len(honors))) + honors
        if shape == "yi_long":
            suit = rng.choice(suits)
            sets = [[f"{r + i}{suit}" for i in range(3)] for r in (1, 4, 7)]
            sets.append(self.chow(suits) if rng.random() < 0.5 else [self.face(suits)] * 3)
            return sets, [self.face(suits)] * 2
        sets = []
        for _ in range(4):
            roll = rng.random()
            if shape == "pungs" or roll < 0.4:
                sets.append([self.face(suits, honors=shape != "one_suit")] * 3)
            else:
                sets.append(self.chow(suits))
        return sets, [self.face(suits, honors=shape != "one_suit")] * 2

    def complete(self) -> dict[str, Any]:
        """A complete hand; almost always one whose tiles exist (at most four of a face)."""
        for _ in range(50):
            request = self._complete()
            if self.rng.random() < 0.03 or self._copies_ok(request):
                return request
        return request

    @staticmethod
    def _copies_ok(request: dict[str, Any]) -> bool:
        written = request["concealed"] + "".join(m["tiles"] for m in request.get("melds", []))
        held = Counter(written[i : i + 2] for i in range(0, len(written), 2))
        return max(held.values()) <= 4

    def _complete(self) -> dict[str, Any]:
        rng = self.rng
        indicator = rng.choice(FACES)
        wild = specials(indicator)["wild"]
        ruleset = rng.choice(RULESETS)
        self.avoid = frozenset()
        if rng.random() < 0.93:
            self.avoid = frozenset([wild, *specials(indicator)["bar_faces"]])
        shape = rng.choices(
            ["standard", "pungs", "one_suit", "seven_pairs", "lan", "yi_long", "honors"],
            weights=[40, 12, 10, 10, 8 if ruleset == "anqing" else 1, 6, 4],
        )[0]
        suits = {"one_suit": rng.choice("mps"), "honors": ""}.get(
            shape,
            "".join(
                rng.sample("mps", rng.choice([2, 2, 2, 2, 3]))
                if ruleset == "anqing-daque"
                else "mps"
            ),
        )
        if shape == "honors":
            honors = [f for f in HONORS if f not in self.avoid]
            sets = [[f] * 3 for f in rng.sample(honors, min(4, len(honors)))]
            sets += [self.chow("mps")] * (4 - len(sets))
            pair = [rng.choice(honors)] * 2
        else:
            sets, pair = self.sets_and_pair(shape, suits or "mps")
        winner = rng.choice(SEATS)
        melds: list[dict[str, Any]] = []
        concealed: list[str] = list(pair)
        bao_feeder = rng.choice([s for s in SEATS if s != winner]) if rng.random() < 0.12 else None
        for group in sets:
            is_pung = len(set(group)) == 1
            if bao_feeder and is_pung:
                kind = rng.choice(["pung", "pung", "kong"])
                faces = group + ([group[0]] if kind == "kong" else [])
                melds.append({"kind": kind, "tiles": tiles(faces), "from": bao_feeder})
            elif rng.random() < (0.35 if not bao_feeder else 0.2):
                if is_pung:
                    kind = rng.choice(["pung", "pung", "kong", "added_kong", "concealed_kong"])
                    faces = group + ([group[0]] if kind != "pung" else [])
                    if kind == "concealed_kong" and rng.random() < 0.3:
                        faces[-1] = wild
                    meld: dict[str, Any] = {"kind": kind, "tiles": tiles(faces)}
                    if kind != "concealed_kong":
                        meld["from"] = rng.choice([s for s in SEATS if s != winner])
                elif ruleset == "anqing-daque" and rng.random() < 0.9:
                    concealed += group
                    continue
                else:
                    meld = {"kind": "chi", "tiles": tiles(rng.sample(group, 3))}
                    meld["from"] = previous(winner)
                melds.append(meld)
            else:
                concealed += group
        # 0-4 wilds take the place of concealed tiles
        for _ in range(rng.choices([0, 1, 2, 3, 4], weights=[40, 25, 15, 10, 10])[0]):
            spots = [i for i, f in enumerate(concealed) if f != wild]
            if spots:
                concealed[rng.choice(spots)] = wild
        rng.shuffle(concealed)
        naturals = [f for f in concealed if f != wild]
        win_tile = rng.choice(concealed if rng.random() < 0.3 or not naturals else naturals)
        kong_count = sum(1 for m in melds if "kong" in m["kind"])
        request: dict[str, Any] = {
            "ruleset": ruleset,
            "indicator": indicator,
            "winner": winner,
            "dealer": rng.choice(SEATS),
            "concealed": tiles(concealed),
            "win_tile": win_tile,
        }
        if melds or rng.random() < 0.5:
            request["melds"] = melds
        if rng.random() < 0.7:
            request["dealer_streak"] = rng.choice([0, 0, 0, 1, 2, 3, 4, 5, 8])
        if rng.random() < 0.7:
            request["base_silver"] = rng.choice(SILVERS)
        bars = rng.choice([0, 0, 0, 1, 2, 3]) if ruleset == "anqing" else 0
        if bars or rng.random() < 0.2:
            request["bar_tiles"] = bars
        if (kong_count or bars) and rng.random() < 0.4:
            request["kongs_before_win"] = rng.randint(1, kong_count + bars)
        fed = any(m["kind"] != "concealed_kong" for m in melds)
        if rng.random() < (0.01 if fed else 0.12):
            request["first_turn"] = True
        if bao_feeder or rng.random() < 0.1:
            request["others_melds"] = self.others(winner, ruleset)
        rules = self.house_rules()
        if rules is not None:
            request["rules"] = rules
        if rng.random() < 0.05:
            request["player_count"] = 4  # an unknown field: ignored
        return request

    def others(self, winner: str, ruleset: str) -> dict[str, list[dict[str, Any]]]:
        rng = self.rng
        out: dict[str, list[dict[str, Any]]] = {}
        for seat in rng.sample([s for s in SEATS if s != winner], rng.randint(1, 2)):
            feeders = [s for s in SEATS if s != seat]
            out[seat] = [
                {"kind": rng.choice(["pung", "kong", "added_kong"]), "from": rng.choice(feeders)}
                if rng.random() < 0.7 or ruleset == "anqing-daque"
                else {"kind": "chi", "from": previous(seat)}
                for _ in range(rng.randint(0, 4))
            ]
        return out

    # --- refusals: one mutation per R11 code (and a few ways to reach each)
    def refused(self, base: dict[str, Any]) -> dict[str, Any]:
        rng = self.rng
        request = json.loads(json.dumps(base))
        how = rng.choice(MUTATIONS)
        how(request, rng)
        return request

    # --- ready hands for waits()
    def ready(self) -> dict[str, Any]:
        rng = self.rng
        request = self.complete()
        concealed = [
            request["concealed"][i : i + 2] for i in range(0, len(request["concealed"]), 2)
        ]
        if rng.random() < 0.85:
            concealed.remove(request["win_tile"])
        else:  # a 13-tile hand that is not ready, or a count that is wrong
            concealed[rng.randrange(len(concealed))] = rng.choice(FACES)
        del request["win_tile"]
        request["concealed"] = tiles(concealed)
        for key in ("winner", "dealer"):
            if rng.random() < 0.3:
                del request[key]
        return request


def _drop(request: dict, rng: random.Random) -> None:
    request.pop(rng.choice(["indicator", "concealed", "win_tile", "winner", "dealer"]), None)


def _bad_tile(request: dict, rng: random.Random) -> None:
    request["concealed"] = request["concealed"][:-2] + rng.choice(["8z", "0m", "x", "1f", "10p"])


def _bad_type(request: dict, rng: random.Random) -> None:
    key, value = rng.choice(
        [
            ("winner", 1),
            ("first_turn", "yes"),
            ("base_silver", "abc"),
            ("base_silver", "NaN"),
            ("base_silver", True),
            ("dealer_streak", 1.5),
            ("melds", "123m"),
            ("others_melds", []),
            ("melds", [{"kind": "triple", "tiles": "111m"}]),
        ]
    )
    request[key] = value


def _rules(request: dict, rng: random.Random) -> None:
    choice = rng.randrange(5)
    if choice == 0:
        request["ruleset"] = rng.choice(["sichuan", "anji", "hongzhong", 3, ""])
    elif choice == 1:
        request["rules"] = {"pao_feng_bonus": 1}
    elif choice == 2:
        request["rules"] = {rng.choice(sorted(DEFAULTS)): "six"}
    elif choice == 3:
        request["rules"] = {"pao_feng": 1001}
    else:
        request["rules"] = {"gang_kai_ladder": list(range(13))}


def _context(request: dict, rng: random.Random) -> None:
    key, value = rng.choice(
        [
            ("winner", "X"),
            ("dealer", "Q"),
            ("dealer_streak", -1),
            ("bar_tiles", -2),
            ("kongs_before_win", 9),
            ("base_silver", "0"),
            ("base_silver", "0.00001"),
            ("base_silver", "2000000"),
            ("others_melds", {"Z": []}),
        ]
    )
    request[key] = value


def _meld(request: dict, rng: random.Random) -> None:
    winner = request.get("winner", "E")
    wild = specials(request["indicator"])["wild"]
    bar = specials(request["indicator"])["bar_faces"][0]
    kind, meld = rng.choice(
        [
            ("chi", {"kind": "chi", "tiles": "123m", "from": previous(winner)}),
            ("bar", {"kind": "pung", "tiles": bar * 3, "from": previous(winner)}),
            ("wild", {"kind": "pung", "tiles": wild * 3, "from": previous(winner)}),
            ("shape", {"kind": "chi", "tiles": "135p", "from": previous(winner)}),
            ("feeder", {"kind": "chi", "tiles": "456s", "from": winner}),
            (
                "feeder",
                {"kind": "chi", "tiles": "456s", "from": SEATS[(SEATS.index(winner) + 2) % 4]},
            ),
            ("feeder", {"kind": "concealed_kong", "tiles": "2222p", "from": "E"}),
            ("shape", {"kind": "kong", "tiles": "222p", "from": previous(winner)}),
        ]
    )
    if kind == "chi":
        request["ruleset"] = "anqing-daque"
    request["melds"] = [meld, *request.get("melds", [])][:4]


def _count(request: dict, rng: random.Random) -> None:
    concealed = request["concealed"]
    if rng.random() < 0.5 and len(concealed) > 4:
        request["concealed"] = (
            concealed[2:] if concealed[:2] != request.get("win_tile") else concealed[:-2]
        )
    else:
        request["concealed"] = concealed + rng.choice(FACES)


def _copies(request: dict, rng: random.Random) -> None:
    concealed = [request["concealed"][i : i + 2] for i in range(0, len(request["concealed"]), 2)]
    face = rng.choice(concealed)
    keep = [f for f in concealed if f != face]
    request["concealed"] = tiles(([face] * 5 + keep)[: len(concealed)])
    if rng.random() < 0.3:
        request["bar_tiles"] = 9


def _win_tile(request: dict, rng: random.Random) -> None:
    held = set(request["concealed"][i : i + 2] for i in range(0, len(request["concealed"]), 2))
    request["win_tile"] = rng.choice([f for f in FACES if f not in held])


def _not_winning(request: dict, rng: random.Random) -> None:
    faces = Counter(rng.choice(SUITED + HONORS) for _ in range(40))
    pool = [f for f, n in faces.items() for _ in range(min(n, 3))]
    concealed = rng.sample(pool, min(14, len(pool)))
    request["concealed"] = tiles(concealed)
    request["win_tile"] = concealed[0]
    request["melds"] = []


def _daque(request: dict, rng: random.Random) -> None:
    request["ruleset"] = "anqing-daque"
    request["indicator"] = "9z" if rng.random() < 0.1 else "4z"  # 鑽 東 (or a bad indicator)
    request["concealed"] = "123m456p789s222s33z"
    request["win_tile"] = rng.choice(["1m", "3z"])
    request["melds"] = []


def _wild_draw(request: dict, rng: random.Random) -> None:
    request["indicator"] = "6m"  # 鑽 7m
    request["concealed"] = rng.choice(["123m456p789s3457s7m", "123m456p789s345s7m1z"])
    request["win_tile"] = "7m"
    request["melds"] = []


MUTATIONS = [
    _drop,
    _bad_tile,
    _bad_type,
    _rules,
    _context,
    _meld,
    _meld,
    _count,
    _copies,
    _win_tile,
    _not_winning,
    _daque,
    _wild_draw,
]


def build(seed: int = SEED, total: int = 2000) -> list[dict[str, Any]]:
    maker = Maker(seed)
    cases: list[dict[str, Any]] = []
    n_waits = total // 10
    n_refused = total // 5
    for _ in range(total - n_waits - n_refused):
        request = maker.complete()
        cases.append({"call": "score", "request": request, "answer": score(request)})
    for _ in range(n_refused):
        request = maker.refused(maker.complete())
        cases.append({"call": "score", "request": request, "answer": score(request)})
    for _ in range(n_waits):
        request = maker.ready()
        if maker.rng.random() < 0.1:
            MUTATIONS[maker.rng.randrange(6)](request, maker.rng)
        cases.append({"call": "waits", "request": request, "answer": waits(request)})
    return cases


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=pathlib.Path, default=OUT)
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    cases = build(args.seed)
    body = json.dumps({"seed": args.seed, "cases": cases}, ensure_ascii=False, indent=None)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with gzip.GzipFile(args.out, "wb", mtime=0) as out:
        out.write(body.encode("utf-8"))
    answers = Counter(
        c["answer"]["error"]["code"] if "error" in c["answer"] else f"{c['call']}:ok" for c in cases
    )
    print(f"{len(cases)} cases → {args.out.relative_to(ROOT)}")
    for key, n in sorted(answers.items()):
        print(f"  {key:20} {n}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
