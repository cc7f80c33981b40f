"""Where one round post spends its time: pyinstrument's call tree and the queries, in one process.

    .venv/bin/python benchmarks/profile_round.py                  # 200 posts of each kind, SQLite
    .venv/bin/python benchmarks/profile_round.py --posts 500 --pg postgres://postgres@127.0.0.1:5432
    .venv/bin/python benchmarks/profile_round.py --only api --tree 0   # times and queries only

Migrates a fresh database (a temporary SQLite file, or with ``--pg`` the PostgreSQL database
``anqing_profile``, dropped first and afterwards), makes a user with an API token and two Anqing
sittings, then records rounds through Django's test ``Client`` (the whole middleware stack, debug
off, no server in between) the two ways a table does:

- ``api``: ``POST /api/sessions/{id}/rounds/`` with ``Authorization: Token …`` and an
  ``Idempotency-Key`` (as a phone's queue sends it), the bodies ``benchmarks/load.py`` sends;
- ``page``: the hand-entry form's confirm (``POST /sessions/{id}/rounds/new/``) with its one-time
  key and ``expected_round``, logged in with a session cookie, answered by a redirect.

For each kind it prints:

1. the time of a post (p50 and mean over ``--posts``, the kinds interleaved with
   ``POST /api/score/``, the yardstick), the CPU time of this process (with SQLite the database's
   too), and how much of the time went to the database, by kind of statement (the commits
   included). The CPU time is the steadier figure on a busy machine;
2. every statement of one post (commits included), numbered, with its time;
3. pyinstrument's call tree over ``--posts`` more posts (``--tree 0`` leaves it out; ``--flat``
   lists the functions by their own time instead).

Times are wall-clock and CPU in one process on a shared machine: compare the rows of one run. The
HTTP benchmark (``benchmarks/webbench.py``) gives the ratio to a bare Django view.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from load import admin_sql, round_bodies  # noqa: E402

KINDS = ("api", "page")
# Wins as the hand-entry form sends them (the standing tiles without the winning one); the winner
# is drawn at random.
FORM_HANDS = [
    {"indicator": "9p", "hand": "123m56m234s678s99p", "win_tile": "4m"},
    {"indicator": "9p", "hand": "123m456m234s678s9p", "win_tile": "9p"},  # 獨吊: 跑風
]


def statement_kind(sql: str) -> str:
    """SELECT, INSERT, UPDATE, DELETE, SAVEPOINT, …: the first word, ``… FOR UPDATE`` apart."""
    words = sql.lstrip().split(None, 1)
    first = words[0].upper() if words else "?"
    if first == "SELECT" and sql.rstrip().upper().endswith("FOR UPDATE"):
        return "SELECT … FOR UPDATE"
    return first


@contextmanager
def statements_seen(record: Callable[[str, float], None]) -> Iterator[None]:
    """Every statement sent to the database, and every commit, passed to ``record`` with its
    time (a commit is no statement to Django: it is timed apart and named COMMIT)."""
    from django.db import connection

    def wrapper(execute: Callable, sql: str, params: Any, many: bool, context: Any) -> Any:
        began = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            record(sql, time.perf_counter() - began)

    commit = connection._commit

    def timed_commit() -> None:
        began = time.perf_counter()
        try:
            commit()
        finally:
            record("COMMIT", time.perf_counter() - began)

    connection._commit = timed_commit
    try:
        with connection.execute_wrapper(wrapper):
            yield
    finally:
        del connection._commit


class QueryClock:
    """The time and count of the statements seen (``statements_seen``), by kind."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)
        self.count: Counter = Counter()

    def __call__(self, sql: str, seconds: float) -> None:
        kind = statement_kind(sql)
        self.seconds[kind] += seconds
        self.count[kind] += 1


class Table:
    """The two sittings and the two clients that record into them."""

    def __init__(self, rng: random.Random) -> None:
        from django.contrib.auth import get_user_model
        from django.test import Client
        from rest_framework.authtoken.models import Token

        from calculator.services.sittings import session_create

        user = get_user_model().objects.create_user("profile", password=secrets.token_urlsafe())
        token = Token.objects.create(user=user).key
        players = ["甲", "乙", "丙", "丁"]
        self.sittings = {
            kind: session_create(owner=user, name=kind, players=players, base_silver="1").pk
            for kind in KINDS
        }
        self.api = Client(HTTP_AUTHORIZATION=f"Token {token}")
        self.page = Client()
        self.page.force_login(user)
        wins, _ = round_bodies(rng)
        self.bodies = [body for body in wins if body["result"] == "win"]
        self.rng = rng
        self.sent = Counter()

    def post(self, kind: str) -> int:
        """One round post of ``kind``; its status."""
        self.sent[kind] += 1
        if kind == "score":
            hand = {"winner": "E", "dealer": "E", **self.bodies[0]}
            del hand["result"]
            response = self.api.post(
                "/api/score/", json.dumps(hand), content_type="application/json"
            )
            return response.status_code
        pk = self.sittings[kind]
        if kind == "api":
            response = self.api.post(
                f"/api/sessions/{pk}/rounds/",
                json.dumps(self.rng.choice(self.bodies)),
                content_type="application/json",
                headers={"Idempotency-Key": f"profile-{self.sent[kind]}"},
            )
            return response.status_code
        form = {
            **self.rng.choice(FORM_HANDS),
            "winner": self.rng.choice("ESWN"),
            "bar_tiles": 0,
            "kongs_before_win": 0,
            "confirm": "1",
            "expected_round": self.sent[kind],
            "once": secrets.token_urlsafe(16),
        }
        # Sent as a browser sends a form without files (the test client's default is multipart).
        return self.page.post(
            f"/sessions/{pk}/rounds/new/",
            urlencode(form),
            content_type="application/x-www-form-urlencoded",
        ).status_code


WANTED = {"score": 200, "api": 201, "page": 302}


def timed(table: Table, kinds: tuple[str, ...], posts: int) -> None:
    rows = ("score", *kinds)
    times: dict[str, list[float]] = {row: [] for row in rows}
    cpu: dict[str, float] = dict.fromkeys(rows, 0.0)
    clocks = {row: QueryClock() for row in rows}
    for _ in range(posts):
        for row in rows:
            with statements_seen(clocks[row]):
                began, began_cpu = time.perf_counter(), time.process_time()
                status = table.post(row)
                cpu[row] += time.process_time() - began_cpu
                times[row].append(time.perf_counter() - began)
            if status != WANTED[row]:
                raise SystemExit(f"{row}: {status} (wanted {WANTED[row]})")
    print(
        f"\n== a round post, {posts} of each kind interleaved with POST /api/score/ (the "
        "yardstick: the same middleware, no database) =="
    )
    print(
        f"{'':6} {'p50 ms':>7} {'mean':>7} {'CPU ms':>7} {'CPU vs score':>12}  database "
        "(statements and commits a post)"
    )
    for row in rows:
        total = sum(times[row])
        sql = sum(clocks[row].seconds.values())
        print(
            f"{row:6} {statistics.median(times[row]) * 1000:7.2f} {total / posts * 1000:7.2f} "
            f"{cpu[row] / posts * 1000:7.2f} {cpu[row] / cpu['score']:11.1f}×  {sql / total:4.0%}"
            f" of the time ({sum(clocks[row].count.values()) / posts:.1f})"
        )
        for name, seconds in sorted(clocks[row].seconds.items(), key=lambda kv: -kv[1]):
            print(
                f"{'':8}{name:20} {clocks[row].count[name] / posts:5.1f} a post  "
                f"{seconds / posts * 1000:6.3f} ms a post"
            )


def queries_of_one(table: Table, kinds: tuple[str, ...]) -> None:
    for kind in kinds:
        seen: list[tuple[str, float]] = []

        def record(sql: str, seconds: float, seen: list = seen) -> None:
            seen.append((sql, seconds))

        with statements_seen(record):
            status = table.post(kind)
        if status != WANTED[kind]:
            raise SystemExit(f"{kind}: {status} (wanted {WANTED[kind]})")
        print(f"\n== the statements of one round post ({kind}), commits included: {len(seen)} ==")
        for number, (sql, seconds) in enumerate(seen, 1):
            flat = " ".join(sql.split())
            shown = flat if len(flat) <= 150 else f"{flat[:147]}…"
            print(f"{number:3} {seconds * 1000:6.2f} ms  {shown}")


def profiled(table: Table, kinds: tuple[str, ...], posts: int, interval: float, flat: bool) -> None:
    from pyinstrument import Profiler

    for kind in kinds:
        profiler = Profiler(interval=interval)
        with profiler:
            for _ in range(posts):
                table.post(kind)
        print(f"\n== pyinstrument: {posts} round posts ({kind}) ==")
        print(profiler.output_text(unicode=True, color=False, flat=flat))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--posts", type=int, default=200, help="posts of each kind, each phase")
    parser.add_argument("--warm", type=int, default=20, help="unmeasured posts of each kind")
    parser.add_argument("--only", choices=KINDS, help="one kind of post only")
    parser.add_argument("--tree", type=int, default=1, help="0: no pyinstrument tree")
    parser.add_argument("--flat", action="store_true", help="the tree as self-time per function")
    parser.add_argument("--interval", type=float, default=0.0002, help="pyinstrument's, in s")
    parser.add_argument("--pg", help="PostgreSQL server URL (default: a temporary SQLite file)")
    parser.add_argument("--database", default="anqing_profile")
    parser.add_argument("--seed", type=int, default=20261130)
    args = parser.parse_args()
    kinds = (args.only,) if args.only else KINDS

    folder = tempfile.TemporaryDirectory(prefix="anqing-profile-")
    name = args.database.replace('"', "")
    if args.pg:
        url = f"{args.pg}/{name}"
        admin_sql(
            args.pg, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)', f'CREATE DATABASE "{name}"'
        )
    else:
        url = f"sqlite:///{Path(folder.name) / 'profile.sqlite3'}"
    os.environ.update(
        {
            "DATABASE_URL": url,
            "DJANGO_SETTINGS_MODULE": "calculator.settings",
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            # Rounds are posted for the whole run: no cap gets in the way.
            "DJANGO_MAX_ROUNDS_PER_SESSION": "100000",
        }
    )
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connections

    try:
        call_command("migrate", interactive=False, verbosity=0)
        table = Table(random.Random(args.seed))
        database = "PostgreSQL" if args.pg else "SQLite"
        print(f"{database}; {os.cpu_count()} cores; debug off; Django's test Client")
        for _ in range(args.warm):
            for kind in kinds:
                table.post(kind)
        timed(table, kinds, args.posts)
        queries_of_one(table, kinds)
        if args.tree:
            profiled(table, kinds, args.posts, args.interval, args.flat)
    finally:
        connections.close_all()
        if args.pg:
            admin_sql(args.pg, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        folder.cleanup()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
