"""Benchmark of the scoring engine on fixed-seed hands.

Run with `.venv/bin/python benchmarks/engine.py`. Prints, from one run:
  1. per-hand time of score() vs mahjong's HandCalculator.estimate_hand_value on the same 5,000
     complete 14-tile hands without wilds (target ours/theirs <= 1.0x);
  2. score()'s median per-hand time with 0-4 wilds on another 5,000 hands (each hand timed with
     every count in turn) and the ratio to the no-wild median (target <= 5x), and the slowest
     single hand (target < 20 ms);
  3. waits() on 1,000 ready 13-tile hands: median and max.
  4. Anji (game "anji"): score() on 2,000 complete hands, each timed with 0-4 of its tiles other
     than the drawn one turned into 財神, in turn; the 4-財神 median within 5x of the no-wild
     median, and the slowest hand under 20 ms.
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from mahjong.hand_calculating.hand_config import HandConfig  # noqa: E402

from scoring import score, waits  # noqa: E402

SEED = 20240601
HANDS = 5_000
READY_HANDS = 1_000
INDICATOR = "6m"  # 鑽 7m; 6z 7z are bar tiles; 5z plays 7m
WILD = "7m"
# No 鑽 face, no 紅中 (it is the 鑽's stand-in), no bar tiles 發 白.
FACES = [f"{r}{s}" for s in "mps" for r in range(1, 10) if f"{r}{s}" != WILD] + [
    f"{r}z" for r in range(1, 5)
]
CHOW_STARTS = [(r, s) for s in "mps" for r in range(1, 8) if not (s == "m" and r >= 5)]
SUIT_OFFSET = {"m": 0, "p": 9, "s": 18, "z": 27}


def complete_hand(rng: random.Random) -> list[str]:
    """Four sets and a pair from the allowed faces, at most four copies of any face."""
    while True:
        tiles: list[str] = []
        for _ in range(4):
            if rng.random() < 0.6:
                rank, suit = rng.choice(CHOW_STARTS)
                tiles += [f"{rank + i}{suit}" for i in range(3)]
            else:
                tiles += [rng.choice(FACES)] * 3
        tiles += [rng.choice(FACES)] * 2
        if max(Counter(tiles).values()) <= 4:
            rng.shuffle(tiles)
            return tiles


def request(tiles: list[str], win_tile: str) -> dict:
    return {
        "ruleset": "anqing",
        "indicator": INDICATOR,
        "winner": "S",
        "dealer": "E",
        "concealed": "".join(tiles),
        "win_tile": win_tile,
    }


def to_136(tiles: list[str]) -> list[int]:
    """Our faces to the mahjong package's 136 format (each copy its own index)."""
    seen: Counter[int] = Counter()
    result = []
    for tile in tiles:
        index34 = SUIT_OFFSET[tile[1]] + int(tile[0]) - 1
        result.append(index34 * 4 + seen[index34])
        seen[index34] += 1
    return result


def timed(call: Callable[[], object]) -> float:
    """CPU time of one call (so other work on a shared machine does not count), with the
    garbage collector paused as timeit does."""
    gc.disable()
    try:
        start = time.process_time()
        call()
        return time.process_time() - start
    finally:
        gc.enable()


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.3f} ms"


def main() -> int:
    rng = random.Random(SEED)
    hands = [complete_hand(rng) for _ in range(HANDS)]
    wins = [rng.choice(tiles) for tiles in hands]

    # The registry of games loads its packages on first use: that import is done here, with a
    # request refused before any tile is read, so that no hand's timing carries it.
    score({})

    # 1. ours vs the mahjong package, same hands
    ours, theirs, errors, their_errors = [], [], 0, 0
    config = HandConfig(is_tsumo=True)
    for tiles, win in zip(hands, wins, strict=True):
        req = request(tiles, win)
        ours_result: dict = {}
        ours.append(timed(lambda req=req, out=ours_result: out.update(score(req))))
        errors += "error" in ours_result
        tiles136 = to_136(tiles)
        win136 = tiles136[tiles.index(win)]
        their_result: list = []
        theirs.append(
            timed(
                lambda t=tiles136, w=win136, out=their_result: out.append(
                    HandCalculator.estimate_hand_value(t, w, config=config)
                )
            )
        )
        their_errors += their_result[0].error is not None
    ours_mean, theirs_mean = statistics.fmean(ours), statistics.fmean(theirs)
    print(f"1. score() vs mahjong HandCalculator on {HANDS} complete hands, no wilds")
    print(f"   {'':24}{'mean':>11}{'median':>11}{'max':>11}")
    for name, times in (("score()", ours), ("estimate_hand_value()", theirs)):
        print(
            f"   {name:24}{ms(ours_mean if times is ours else theirs_mean)}"
            f"{ms(statistics.median(times))}{ms(max(times))}"
        )
    ratio = ours_mean / theirs_mean
    median_ratio = statistics.median(ours) / statistics.median(theirs)
    print(
        f"   ratio ours/theirs: mean {ratio:.2f}x, median {median_ratio:.2f}x   target <= 1.0x   "
        f"{'OK' if ratio <= 1.0 else 'MISSED'}"
    )
    print(f"   hands refused by score(): {errors} (expected 0)")
    print(
        f"   hands the mahjong package answered with an error (mostly no yaku, which it "
        f"reports early): {their_errors}"
    )

    # 2. wilds: another 5,000 hands, each timed with 0, 1, 2, 3 and 4 of its tiles (never the
    # drawn one) replaced by the 鑽 face, one after another, so that a burst of load on this
    # shared machine falls on every count alike; each is the hand's first scoring.
    print(
        f"\n2. score() with wilds ({HANDS} other hands, each timed with 0-4 of its tiles other than "
        f"the drawn one -> {WILD}, in turn)"
    )
    print(f"   {'wilds':>5}{'median':>11}{'x no-wild':>11}{'max':>11}")
    times_by_count: dict[int, list[float]] = {count: [] for count in range(5)}
    slowest, slowest_hand = 0.0, ""
    for _ in range(HANDS):
        tiles = complete_hand(rng)
        win = rng.choice(tiles)
        others = [i for i, tile in enumerate(tiles) if i != tiles.index(win)]
        for count in range(5):
            variant = list(tiles)
            for index in rng.sample(others, count):
                variant[index] = WILD
            req = request(variant, win)
            elapsed = timed(lambda req=req: score(req))
            times_by_count[count].append(elapsed)
            if elapsed > slowest:
                slowest, slowest_hand = elapsed, f"{req['concealed']} win {win}"
    medians = {count: statistics.median(times) for count, times in times_by_count.items()}
    for count, times in times_by_count.items():
        print(
            f"   {count:>5}{ms(medians[count])}{medians[count] / medians[0]:>10.2f}x"
            f"{ms(max(times))}"
        )
    worst_ratio = max(medians.values()) / medians[0]
    print(
        f"   worst median ratio: {worst_ratio:.2f}x   target <= 5x   "
        f"{'OK' if worst_ratio <= 5 else 'MISSED'}"
    )
    print(
        f"   slowest single hand: {ms(slowest).strip()}   target < 20 ms   "
        f"{'OK' if slowest < 0.020 else 'MISSED'}   ({slowest_hand})"
    )

    # 3. waits() on ready hands: a complete hand minus one tile
    times = []
    for tiles in hands[:READY_HANDS]:
        ready = list(tiles)
        ready.pop(rng.randrange(len(ready)))
        req = request(ready, "")
        del req["win_tile"]
        times.append(timed(lambda req=req: waits(req)))
    print(f"\n3. waits() on {READY_HANDS} ready 13-tile hands")
    print(f"   median {ms(statistics.median(times)).strip()}   max {ms(max(times)).strip()}")

    anji(rng)
    return 0


ANJI_HANDS = 2_000
ANJI_INDICATOR = "3p"  # 財神 4p
ANJI_WILD = "4p"
ANJI_FACES = [face for face in FACES + ["5z", "6z", "7z"] if face != ANJI_WILD]


def anji_hand(rng: random.Random) -> list[str]:
    """Four sets and a pair without the 財神 face, at most four copies of any face."""
    while True:
        tiles: list[str] = []
        for _ in range(4):
            if rng.random() < 0.6:
                suit = rng.choice("mps")
                ranks = [r for r in range(1, 8) if f"{r}{suit}" != ANJI_WILD]
                rank = rng.choice(ranks)
                tiles += [f"{rank + i}{suit}" for i in range(3)]
            else:
                tiles += [rng.choice(ANJI_FACES)] * 3
        tiles += [rng.choice(ANJI_FACES)] * 2
        if ANJI_WILD not in tiles and max(Counter(tiles).values()) <= 4:
            rng.shuffle(tiles)
            return tiles


def anji(rng: random.Random) -> None:
    """4. Anji hands: 0-4 財神 timed in turn on each hand, as part 2 does for Anqing."""
    print(
        f"\n4. Anji score() ({ANJI_HANDS} hands, each timed with 0-4 of its tiles other than the "
        f"drawn one -> 財神 {ANJI_WILD}, in turn)"
    )
    print(f"   {'財神':>5}{'median':>11}{'x no-wild':>11}{'max':>11}")
    times_by_count: dict[int, list[float]] = {count: [] for count in range(5)}
    slowest, slowest_hand, refused = 0.0, "", 0
    for _ in range(ANJI_HANDS):
        tiles = anji_hand(rng)
        win = rng.choice(tiles)
        others = [i for i, tile in enumerate(tiles) if i != tiles.index(win)]
        for count in range(5):
            variant = list(tiles)
            for index in rng.sample(others, count):
                variant[index] = ANJI_WILD
            req = {
                "game": "anji",
                "indicator": ANJI_INDICATOR,
                "winner": "S",
                "dealer": "E",
                "concealed": "".join(variant),
                "win_tile": win,
                "flowers": "1f",
            }
            out: dict = {}
            elapsed = timed(lambda req=req, out=out: out.update(score(req)))
            refused += "error" in out
            times_by_count[count].append(elapsed)
            if elapsed > slowest:
                slowest, slowest_hand = elapsed, f"{req['concealed']} win {win}"
    medians = {count: statistics.median(times) for count, times in times_by_count.items()}
    for count, times in times_by_count.items():
        print(
            f"   {count:>5}{ms(medians[count])}{medians[count] / medians[0]:>10.2f}x"
            f"{ms(max(times))}"
        )
    ratio = medians[4] / medians[0]
    print(
        f"   4-財神 median / no-wild median: {ratio:.2f}x   target <= 5x   "
        f"{'OK' if ratio <= 5 else 'MISSED'}"
    )
    print(
        f"   slowest single hand: {ms(slowest).strip()}   target < 20 ms   "
        f"{'OK' if slowest < 0.020 else 'MISSED'}   ({slowest_hand})"
    )
    print(f"   hands refused: {refused} (expected 0)")


if __name__ == "__main__":
    sys.exit(main())
