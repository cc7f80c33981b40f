"""What the in-process profiles share (``profile_round.py``, ``profile_pages.py``): a fresh
database and Django set up on it, the statements each request sends, requests timed interleaved
with a yardstick, and pyinstrument's tree.

A profile names its requests (``kinds``) and gives one function, ``call(kind) -> status``, that
sends one of them through Django's test ``Client``; the yardstick is one of the kinds.
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from load import admin_sql

Call = Callable[[str], int]


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


def arguments(
    doc: str, kinds: tuple[str, ...], database: str, seed: int
) -> argparse.ArgumentParser:
    """The options every profile takes; a profile adds its own to the parser."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--warm", type=int, default=20, help="unmeasured requests of each kind")
    parser.add_argument("--only", choices=kinds, help="one kind only")
    parser.add_argument("--tree", type=int, default=1, help="0: no pyinstrument tree")
    parser.add_argument("--flat", action="store_true", help="the tree as self-time per function")
    parser.add_argument("--interval", type=float, default=0.0002, help="pyinstrument's, in s")
    parser.add_argument("--pg", help="PostgreSQL server URL (default: a temporary SQLite file)")
    parser.add_argument("--database", default=database)
    parser.add_argument("--seed", type=int, default=seed)
    return parser


@contextmanager
def fresh_database(args: argparse.Namespace, env: dict[str, str]) -> Iterator[str]:
    """A migrated database of its own (a temporary SQLite file, or ``args.database`` on the
    ``args.pg`` server, dropped first and afterwards) with Django set up on it, debug off; the
    name of the database engine."""
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
            **env,
        }
    )
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connections

    try:
        call_command("migrate", interactive=False, verbosity=0)
        yield "PostgreSQL" if args.pg else "SQLite"
    finally:
        connections.close_all()
        if args.pg:
            admin_sql(args.pg, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        folder.cleanup()


def timed(
    call: Call,
    rows: tuple[str, ...],
    times_each: int,
    wanted: Callable[[str], int],
    title: str,
    each: str,
    by_kind: bool = False,
) -> None:
    """``times_each`` requests of every row in turn, the first row the yardstick: wall and CPU
    time, and the statements sent (``by_kind``: their time and count per kind of statement)."""
    times: dict[str, list[float]] = {row: [] for row in rows}
    cpu: dict[str, float] = dict.fromkeys(rows, 0.0)
    clocks = {row: QueryClock() for row in rows}
    for _ in range(times_each):
        for row in rows:
            with statements_seen(clocks[row]):
                began, began_cpu = time.perf_counter(), time.process_time()
                status = call(row)
                cpu[row] += time.process_time() - began_cpu
                times[row].append(time.perf_counter() - began)
            if status != wanted(row):
                raise SystemExit(f"{row}: {status} (wanted {wanted(row)})")
    yardstick = rows[0]
    width = max(len(row) for row in rows) + 1
    print(f"\n== {title} ==")
    print(
        f"{'':{width}} {'p50 ms':>7} {'mean':>7} {'CPU ms':>7} {'CPU vs ' + yardstick:>14}  "
        f"database (statements and commits {each})"
    )
    for row in rows:
        total = sum(times[row])
        sql = sum(clocks[row].seconds.values())
        print(
            f"{row:{width}} {statistics.median(times[row]) * 1000:7.2f} "
            f"{total / times_each * 1000:7.2f} {cpu[row] / times_each * 1000:7.2f} "
            f"{cpu[row] / cpu[yardstick]:13.1f}×  {sql / total:4.0%} of the time "
            f"({sum(clocks[row].count.values()) / times_each:.1f})"
        )
        if not by_kind:
            continue
        for name, seconds in sorted(clocks[row].seconds.items(), key=lambda kv: -kv[1]):
            print(
                f"{'':{width + 2}}{name:20} {clocks[row].count[name] / times_each:5.1f} {each}  "
                f"{seconds / times_each * 1000:6.3f} ms {each}"
            )


def statements_of_one(
    call: Call, kinds: tuple[str, ...], what: str, wanted: Callable[[str], int]
) -> None:
    """The statements one request of each kind sends, commits included, in order."""
    for kind in kinds:
        seen: list[tuple[str, float]] = []

        def record(sql: str, seconds: float, seen: list = seen) -> None:
            seen.append((sql, seconds))

        with statements_seen(record):
            status = call(kind)
        if status != wanted(kind):
            raise SystemExit(f"{kind}: {status} (wanted {wanted(kind)})")
        print(f"\n== the statements of one {what} ({kind}), commits included: {len(seen)} ==")
        for number, (sql, seconds) in enumerate(seen, 1):
            flat = " ".join(sql.split())
            shown = flat if len(flat) <= 150 else f"{flat[:147]}…"
            print(f"{number:3} {seconds * 1000:6.2f} ms  {shown}")


def profiled(
    call: Call, kinds: tuple[str, ...], times_each: int, what: str, args: argparse.Namespace
) -> None:
    """pyinstrument's tree of ``times_each`` requests of each kind."""
    from pyinstrument import Profiler

    for kind in kinds:
        profiler = Profiler(interval=args.interval)
        with profiler:
            for _ in range(times_each):
                call(kind)
        print(f"\n== pyinstrument: {times_each} {what} ({kind}) ==")
        print(profiler.output_text(unicode=True, color=False, flat=args.flat))
