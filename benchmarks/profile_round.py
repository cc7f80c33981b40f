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

import json
import os
import random
import secrets
import sys
from collections import Counter
from pathlib import Path
from urllib.parse import urlencode

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from inprocess import arguments, fresh_database, profiled, statements_of_one, timed  # noqa: E402
from load import round_bodies  # noqa: E402

KINDS = ("api", "page")
# Wins as the hand-entry form sends them (the standing tiles without the winning one); the winner
# is drawn at random.
FORM_HANDS = [
    {"indicator": "9p", "hand": "123m56m234s678s99p", "win_tile": "4m"},
    {"indicator": "9p", "hand": "123m456m234s678s9p", "win_tile": "9p"},  # 獨吊: 跑風
]


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


def main() -> int:
    parser = arguments(__doc__, KINDS, "anqing_profile", 20261130)
    parser.add_argument("--posts", type=int, default=200, help="posts of each kind, each phase")
    args = parser.parse_args()
    kinds = (args.only,) if args.only else KINDS
    # Rounds are posted for the whole run: no cap gets in the way.
    with fresh_database(args, {"DJANGO_MAX_ROUNDS_PER_SESSION": "100000"}) as database:
        table = Table(random.Random(args.seed))
        print(f"{database}; {os.cpu_count()} cores; debug off; Django's test Client")
        for _ in range(args.warm):
            for kind in kinds:
                table.post(kind)
        timed(
            table.post,
            ("score", *kinds),
            args.posts,
            WANTED.__getitem__,
            f"a round post, {args.posts} of each kind interleaved with POST /api/score/ (the "
            "yardstick: the same middleware, no database)",
            "a post",
            by_kind=True,
        )
        statements_of_one(table.post, kinds, "round post", WANTED.__getitem__)
        if args.tree:
            profiled(table.post, kinds, args.posts, "round posts", args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
