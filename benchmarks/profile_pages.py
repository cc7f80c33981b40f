"""Where a GET of the pages a table reads most spends its time, in one process.

    .venv/bin/python benchmarks/profile_pages.py                  # 300 GETs of each page, SQLite
    .venv/bin/python benchmarks/profile_pages.py --pg postgres://postgres@127.0.0.1:5432
    .venv/bin/python benchmarks/profile_pages.py --only share --tree 0   # times and queries only
    .venv/bin/python benchmarks/profile_pages.py --language en --flat

Migrates a fresh database (a temporary SQLite file, or with ``--pg`` the PostgreSQL database
``anqing_profile_pages``, dropped first and afterwards), imports a sitting of ``--rounds`` rounds
(200 by default) and fetches, through Django's test ``Client`` (the whole middleware stack, debug
off, gzip asked for as a phone does, logged in with a session cookie), the pages every phone at
the table fetches again when a round lands:

- ``session``: the sitting's page (``/sessions/{id}/``), its ``#ledger`` fragment (``ledger``,
  as htmx asks for it);
- ``share``: the share page (``/share/{token}/``), its ``#live`` fragment (``live``);
- ``settle``: the settle-up page (``/sessions/{id}/settle/``).

Nothing changes the sitting between two GETs, so after the first every answer may come from the
fragment cache (``calculator/web/page_cache.py``); ``--fresh`` empties the cache (the process's
and the shared one) before each GET: what a page costs the first time a version is read. For each page it prints the time and the
CPU time of a GET (interleaved with ``GET /healthz``, the yardstick: the same middleware and one
query), the statements it sends, and pyinstrument's call tree (``--tree 0`` leaves it out;
``--flat`` lists functions by their own time).

Times are wall-clock and CPU in one process on a shared machine: compare the rows of one run. The
HTTP benchmark (``benchmarks/webbench.py``) gives the ratio to a bare Django view.
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from load import admin_sql, round_bodies  # noqa: E402
from profile_round import QueryClock, statements_seen  # noqa: E402

PAGES = ("session", "ledger", "share", "live", "settle")


class Table:
    """A sitting of ``rounds`` rounds and a phone logged in to read it."""

    def __init__(self, rng: random.Random, rounds: int, language: str) -> None:
        from django.conf import settings
        from django.contrib.auth import get_user_model
        from django.test import Client

        from calculator.services.imports import session_import

        user = get_user_model().objects.create_user("profile", password=secrets.token_urlsafe())
        wins, _ = round_bodies(rng)
        entries = []
        for number in range(1, rounds + 1):
            body = dict(rng.choice(wins))
            entries.append({"number": number, "result": body.pop("result"), "hand": body})
        session = session_import(
            owner=user,
            data={
                "format": "anqing-session",
                "name": f"{rounds} rounds",
                "players": ["甲", "乙", "丙", "丁"],
                "ruleset": "anqing",
                "base_silver": "1",
                "rules_versions": [{"number": 1, "rules": {}}],
                "rounds": entries,
            },
        )
        self.client = Client(headers={"Accept-Encoding": "gzip", "Accept": "text/html"})
        self.client.force_login(user)
        self.client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
        fragment = {"HX-Request": "true"}
        self.requests = {
            "health": ("/healthz", {}),
            "session": (f"/sessions/{session.pk}/", {}),
            "ledger": (f"/sessions/{session.pk}/", fragment),
            "share": (f"/share/{session.share_token}/", {}),
            "live": (f"/share/{session.share_token}/", fragment),
            "settle": (f"/sessions/{session.pk}/settle/", {}),
        }

    def get(self, page: str, fresh: bool = False) -> int:
        if fresh:
            from django.core.cache import caches

            from calculator.web import page_cache

            page_cache.clear()
            caches[page_cache.ALIAS].clear()
        path, headers = self.requests[page]
        return self.client.get(path, headers=headers).status_code


def timed(table: Table, pages: tuple[str, ...], gets: int, fresh: bool) -> None:
    rows = ("health", *pages)
    times: dict[str, list[float]] = {row: [] for row in rows}
    cpu: dict[str, float] = dict.fromkeys(rows, 0.0)
    clocks = {row: QueryClock() for row in rows}
    for _ in range(gets):
        for row in rows:
            with statements_seen(clocks[row]):
                began, began_cpu = time.perf_counter(), time.process_time()
                status = table.get(row, fresh and row != "health")
                cpu[row] += time.process_time() - began_cpu
                times[row].append(time.perf_counter() - began)
            if status != 200:
                raise SystemExit(f"{row}: {status}")
    print(f"\n== {gets} GETs of each page interleaved with GET /healthz (the yardstick) ==")
    print(f"{'':8} {'p50 ms':>7} {'mean':>7} {'CPU ms':>7} {'CPU vs health':>13}  database")
    for row in rows:
        total = sum(times[row])
        sql = sum(clocks[row].seconds.values())
        print(
            f"{row:8} {statistics.median(times[row]) * 1000:7.2f} {total / gets * 1000:7.2f} "
            f"{cpu[row] / gets * 1000:7.2f} {cpu[row] / cpu['health']:12.1f}×  {sql / total:4.0%}"
            f" of the time ({sum(clocks[row].count.values()) / gets:.1f} statements)"
        )


def queries_of_one(table: Table, pages: tuple[str, ...], fresh: bool) -> None:
    for page in pages:
        seen: list[tuple[str, float]] = []

        def record(sql: str, seconds: float, seen: list = seen) -> None:
            seen.append((sql, seconds))

        with statements_seen(record):
            table.get(page, fresh)
        print(f"\n== the statements of one GET ({page}): {len(seen)} ==")
        for number, (sql, seconds) in enumerate(seen, 1):
            flat = " ".join(sql.split())
            shown = flat if len(flat) <= 150 else f"{flat[:147]}…"
            print(f"{number:3} {seconds * 1000:6.2f} ms  {shown}")


def profiled(
    table: Table, pages: tuple[str, ...], gets: int, interval: float, flat: bool, fresh: bool
) -> None:
    from pyinstrument import Profiler

    for page in pages:
        profiler = Profiler(interval=interval)
        with profiler:
            for _ in range(gets):
                table.get(page, fresh)
        print(f"\n== pyinstrument: {gets} GETs ({page}) ==")
        print(profiler.output_text(unicode=True, color=False, flat=flat))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gets", type=int, default=300, help="GETs of each page, each phase")
    parser.add_argument("--warm", type=int, default=20, help="unmeasured GETs of each page")
    parser.add_argument("--rounds", type=int, default=200, help="rounds of the sitting")
    parser.add_argument("--only", choices=PAGES, help="one page only")
    parser.add_argument("--language", default="zh-hans", choices=("zh-hans", "zh-hant", "en"))
    parser.add_argument("--fresh", action="store_true", help="empty the page cache before a GET")
    parser.add_argument("--tree", type=int, default=1, help="0: no pyinstrument tree")
    parser.add_argument("--flat", action="store_true", help="the tree as self-time per function")
    parser.add_argument("--interval", type=float, default=0.0002, help="pyinstrument's, in s")
    parser.add_argument("--pg", help="PostgreSQL server URL (default: a temporary SQLite file)")
    parser.add_argument("--database", default="anqing_profile_pages")
    parser.add_argument("--seed", type=int, default=20261203)
    args = parser.parse_args()
    pages = (args.only,) if args.only else PAGES

    folder = tempfile.TemporaryDirectory(prefix="anqing-profile-pages-")
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
            "DJANGO_ALLOWED_HOSTS": "testserver",
        }
    )
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connections

    try:
        call_command("migrate", interactive=False, verbosity=0)
        table = Table(random.Random(args.seed), args.rounds, args.language)
        database = "PostgreSQL" if args.pg else "SQLite"
        print(
            f"{database}; {os.cpu_count()} cores; debug off; Django's test Client; "
            f"{args.rounds} rounds; {args.language}; cache {'emptied' if args.fresh else 'kept'}"
        )
        for _ in range(args.warm):
            for page in pages:
                table.get(page)
        timed(table, pages, args.gets, args.fresh)
        queries_of_one(table, pages, args.fresh)
        if args.tree:
            profiled(table, pages, args.gets, args.interval, args.flat, args.fresh)
    finally:
        connections.close_all()
        if args.pg:
            admin_sql(args.pg, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        folder.cleanup()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
