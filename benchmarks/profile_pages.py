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

import os
import random
import secrets
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from inprocess import arguments, fresh_database, profiled, statements_of_one, timed  # noqa: E402
from load import round_bodies  # noqa: E402

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


def main() -> int:
    parser = arguments(__doc__, PAGES, "anqing_profile_pages", 20261203)
    parser.add_argument("--gets", type=int, default=300, help="GETs of each page, each phase")
    parser.add_argument("--rounds", type=int, default=200, help="rounds of the sitting")
    parser.add_argument("--language", default="zh-hans", choices=("zh-hans", "zh-hant", "en"))
    parser.add_argument("--fresh", action="store_true", help="empty the page cache before a GET")
    args = parser.parse_args()
    pages = (args.only,) if args.only else PAGES
    with fresh_database(args, {"DJANGO_ALLOWED_HOSTS": "testserver"}) as database:
        table = Table(random.Random(args.seed), args.rounds, args.language)
        print(
            f"{database}; {os.cpu_count()} cores; debug off; Django's test Client; "
            f"{args.rounds} rounds; {args.language}; cache {'emptied' if args.fresh else 'kept'}"
        )
        for _ in range(args.warm):
            for page in pages:
                table.get(page)

        def get(page: str) -> int:
            return table.get(page, args.fresh and page != "health")

        timed(
            get,
            ("health", *pages),
            args.gets,
            lambda page: 200,
            f"{args.gets} GETs of each page interleaved with GET /healthz (the yardstick)",
            "a GET",
        )
        statements_of_one(get, pages, "GET", lambda page: 200)
        if args.tree:
            profiled(get, pages, args.gets, "GETs", args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
