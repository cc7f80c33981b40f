"""Memory benchmark: does a worker stay flat, and does every engine cache earn its hits?

    .venv/bin/python benchmarks/memory.py                   # 10,000 varied requests
    .venv/bin/python benchmarks/memory.py --requests 2000

Two parts, one run:

1. gunicorn (one sync worker, debug off, SQLite in a temporary folder: ``/api/score/`` needs no
   database) gets ``--warm`` varied ``POST /api/score/`` requests, then ``--requests`` more; the
   worker's resident memory (VmRSS from /proc) is read after the warm-up and at the end. Target:
   at most +20 MB after the warm-up.
2. In this process, the same kind of requests go straight to ``scoring.score`` and every
   ``functools.lru_cache`` of the engine reports its size and hit rate: a cache that is not hit
   costs memory for nothing.

"Varied" means what tables send: complete hands drawn at random, every indicator (so every 鑽,
stand-in and bar face), 0–4 wilds, random seats, dealers and streaks, some melds, some refused.
"""

from __future__ import annotations

import argparse
import functools
import http.client
import json
import os
import random
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scoring import FACES, SEATS, score, specials  # noqa: E402

SUITED = [f for f in FACES if f[1] in "mps"]


def varied(rng: random.Random) -> dict:
    """One request as a table might send it (valid most of the time)."""
    indicator = rng.choice(FACES)
    info = specials(indicator)
    wild = info["wild"]
    barred = set(info["bar_faces"]) | {info["stand_in"]} | {wild}
    pool = [f for f in FACES if f not in barred]
    while True:
        tiles: list[str] = []
        for _ in range(4):
            if rng.random() < 0.55:
                suit = rng.choice("mps")
                rank = rng.randint(1, 7)
                tiles += [f"{rank + i}{suit}" for i in range(3)]
            else:
                tiles += [rng.choice(pool)] * 3
        tiles += [rng.choice(pool)] * 2
        if all(tiles.count(t) <= 4 for t in set(tiles)) and wild not in tiles:
            break
    for i in rng.sample(range(14), rng.choice([0, 0, 1, 1, 2, 3, 4])):
        tiles[i] = wild
    rng.shuffle(tiles)
    return {
        "ruleset": rng.choice(["anqing", "anqing", "anqing-daque"]),
        "indicator": indicator,
        "winner": rng.choice(SEATS),
        "dealer": rng.choice(SEATS),
        "dealer_streak": rng.choice([0, 0, 0, 1, 2, 5]),
        "base_silver": rng.choice(["1", "2", "0.5", "10"]),
        "concealed": "".join(tiles),
        "win_tile": tiles[13],
    }


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def worker_pid(master: int) -> int:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    if len(children) != 1:
        raise RuntimeError(f"expected one worker, found {children}")
    return int(children[0])


def send(conn: http.client.HTTPConnection, body: dict) -> int:
    conn.request(
        "POST", "/api/score/", body=json.dumps(body), headers={"Content-Type": "application/json"}
    )
    response = conn.getresponse()
    response.read()
    return response.status


def over_http(args: argparse.Namespace) -> float:
    folder = Path(tempfile.mkdtemp())
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{folder / 'memory.sqlite3'}",
        "DJANGO_DEBUG": "0",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "CACHE_URL": "locmem://",
    }
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "calculator.wsgi", "--bind", f"127.0.0.1:{port}",
         "--workers", "1", "--error-logfile", str(folder / "gunicorn.log")],
        cwd=ROOT, env=env,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                send(conn, {})
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("gunicorn did not start") from None
                time.sleep(0.2)
        worker = worker_pid(server.pid)
        rng = random.Random(args.seed)
        for _ in range(args.warm):
            send(conn, varied(rng))
        after_warm = rss_mb(worker)
        statuses: dict[int, int] = {}
        for _ in range(args.requests):
            status = send(conn, varied(rng))
            statuses[status] = statuses.get(status, 0) + 1
        at_end = rss_mb(worker)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    growth = at_end - after_warm
    print(
        f"1. gunicorn worker: {after_warm:.1f} MB after {args.warm} requests, {at_end:.1f} MB "
        f"after {args.requests} more: {growth:+.1f} MB (target ≤ +20 MB: "
        f"{'met' if growth <= 20 else 'MISSED'}); answers {statuses}"
    )
    return growth


def caches() -> list[tuple[str, functools._lru_cache_wrapper]]:
    import scoring

    found = []
    for module in list(sys.modules.values()):
        if not getattr(module, "__name__", "").startswith(scoring.__name__):
            continue
        for name, value in vars(module).items():
            if hasattr(value, "cache_info") and getattr(value, "__module__", "") == module.__name__:
                found.append((f"{module.__name__}.{name}", value))
    return sorted(found)


def in_process(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    for _ in range(args.warm + args.requests):
        score(varied(rng))
    print(f"\n2. engine caches after {args.warm + args.requests} varied score() calls:")
    print(f"   {'cache':45} {'size':>7} {'max':>7} {'hits':>9} {'misses':>9} {'hit rate':>9}")
    for name, cached in caches():
        info = cached.cache_info()
        total = info.hits + info.misses
        rate = info.hits / total if total else 0
        print(
            f"   {name:45} {info.currsize:7} {info.maxsize or 0:7} {info.hits:9} "
            f"{info.misses:9} {rate:9.0%}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--warm", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=20261130)
    args = parser.parse_args()
    growth = over_http(args)
    in_process(args)
    return int(growth > 20)


if __name__ == "__main__":
    raise SystemExit(main())
