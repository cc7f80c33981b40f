"""HTTP benchmark: the app's requests against a bare Django view, in one interleaved run.

    .venv/bin/python benchmarks/webbench.py              # 300 rounds of requests, defaults below
    .venv/bin/python benchmarks/webbench.py --rounds 100 --keep
    .venv/bin/python benchmarks/webbench.py --clients 8 --rounds 40   # eight clients at once

(Named so as not to shadow the standard library's ``http`` for the scripts of this folder.)

Creates the database ``anqing_http`` (dropped first), migrates it, builds sittings of 16, 200 and
2,000 rounds and 100 sittings of 200 rounds with one player at each (imported, so every round is
scored as when it was recorded), and for every client two sittings of its own to record rounds in
(one through the API, one through the hand-entry form), then starts two gunicorns with the same
options (sync workers, debug off): the app, and ``benchmarks/bare/wsgi.py``, a bare Django project
answering a constant. Each client (``--clients``, one by default) has its own keep-alive
connections, log-in and sittings. Round after round, every client sends one request of every kind
in the same order, the clients released together for each request (interleaved, so the machine's
noise falls on every row alike); a row's throughput is its requests over the time from the first
of each wave's start to the last one's end, and its ratio is that against the bare view's in the
same run. One worker each with one client; ``--workers`` (default 2 × cores + 1, as the deploy
runs) with more. It prints p50, p95, p99, requests per second and the ratio, the load average
before and after, then checks the targets:

- recording a round, through the API (``POST /api/sessions/{id}/rounds/`` with an
  ``Idempotency-Key``) and through the hand-entry form (its confirm, with its one-time key and
  ``expected_round``, answered by a redirect): at least 0.15 of the bare view's throughput with
  one client, 0.1 with more;
- ``POST /api/score/``: at least 0.6 of the bare view's throughput;
- with one client: the session page, the share page, the ledger and settle-up p50 ≤ 20 ms at 200
  and at 2,000 rounds; the player page of someone at 100 sittings of 200 rounds each (its groups
  and their titles, fetched right after it, have a row of their own), the group page and its API
  standings (``?period=all``) over the same 100 sittings p50 ≤ 20 ms; the calculator and the
  hand-entry page p50 ≤ 10 ms.

Pages are fetched as a phone does (``Accept-Encoding: gzip``), and their size on the wire is
printed. The exit status is the number of targets missed. Times are wall-clock on a shared machine:
compare rows of one run, not runs.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from load import admin_sql, free_port, round_bodies  # noqa: E402

SIZES = (16, 200, 2000)
# The player page: one person who sat at this many sittings of this many rounds each.
PLAYER_SITTINGS, PLAYER_ROUNDS = 100, 200


@dataclass
class Row:
    name: str
    method: str
    paths: list[str]
    bodies: list[dict] | None = None
    headers: dict[str, str] = field(default_factory=dict)
    server: str = "app"
    status: tuple[int, ...] = (200,)
    target_ms: float | None = None
    target_ratio: float | None = None
    # A request of its own for each client and post (a round post: the client's sitting, a new
    # key): (client, index) → path, body, headers. Else ``paths`` and ``bodies`` in turn.
    request: Callable[[Client, int], tuple[str, bytes | None, dict[str, str]]] | None = None
    times: list[float] = field(default_factory=list)
    waves: list[float] = field(default_factory=list)
    wire: list[int] = field(default_factory=list)
    bad: list[str] = field(default_factory=list)


# Wins as the hand-entry form sends them (the standing tiles without the winning one).
FORM_HANDS = [
    {"indicator": "9p", "hand": "123m56m234s678s99p", "win_tile": "4m"},
    {"indicator": "9p", "hand": "123m456m234s678s9p", "win_tile": "9p"},  # 獨吊: 跑風
]


def build(users_token: dict, rng: random.Random, clients: int) -> dict:
    """The sittings, a log-in cookie, and a token (run with Django set up)."""
    from django.conf import settings
    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
    )
    from django.contrib.sessions.backends.db import SessionStore
    from rest_framework.authtoken.models import Token

    from calculator.services.groups import group_create
    from calculator.services.imports import session_import
    from calculator.services.sittings import session_create

    user = get_user_model().objects.create_user("bench", password=secrets.token_urlsafe())
    wins, _ = round_bodies(rng)
    sittings = {}
    for size in SIZES:
        rounds = []
        for number in range(1, size + 1):
            body = dict(rng.choice(wins))
            result = body.pop("result")
            rounds.append({"number": number, "result": result, "hand": body})
        session = session_import(
            owner=user,
            data={
                "format": "anqing-session",
                "name": f"{size} rounds",
                "players": ["甲", "乙", "丙", "丁"],
                "ruleset": "anqing",
                "base_silver": "1",
                "rules_versions": [{"number": 1, "rules": {}}],
                "rounds": rounds,
            },
        )
        sittings[size] = (session.pk, session.share_token)
    # A regular at many long sittings: their page reads one kept row a sitting, whatever the
    # rounds.
    for index in range(PLAYER_SITTINGS):
        rounds = []
        for number in range(1, PLAYER_ROUNDS + 1):
            body = dict(rng.choice(wins))
            result = body.pop("result")
            rounds.append({"number": number, "result": result, "hand": body})
        regular = session_import(
            owner=user,
            data={
                "format": "anqing-session",
                "name": f"regular {index + 1}",
                "players": ["常客", "乙", "丙", "丁"],
                "ruleset": "anqing",
                "base_silver": "1",
                "rules_versions": [{"number": 1, "rules": {}}],
                "rounds": rounds,
            },
        )
    # The regular's table as a group: its standings read the same 100 sittings' kept totals.
    group = group_create(
        owner=user, name="regulars", players=[p.pk for p in regular.seat_players().values()]
    )

    def log_in() -> str:
        store = SessionStore()
        store[SESSION_KEY] = str(user.pk)
        store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.create()
        return f"{settings.SESSION_COOKIE_NAME}={store.session_key}"

    # Each client records into sittings of its own (a phone at its own table), logged in on its
    # own: one through the API, one through the hand-entry form.
    writers = [
        {
            kind: session_create(
                owner=user, name=f"{kind} {index + 1}", players=["甲", "乙", "丙", "丁"],
                base_silver="1",
            ).pk
            for kind in ("api", "form")
        }
        | {"cookie": log_in()}
        for index in range(clients)
    ]  # fmt: skip
    users_token["token"] = Token.objects.create(user=user).key
    return {
        "sittings": sittings,
        "regular": regular.east_id,
        "group": group.pk,
        "writers": writers,
        # The pages are read by another phone of the table, logged in on its own: a writer's
        # session carries the summary of its last post, which its next page shows and clears.
        "cookie": log_in(),
        "wins": [w for w in wins if w["result"] == "win"],
    }


def rows_for(world: dict, token: str, rng: random.Random, clients: int) -> list[Row]:
    from load import score_calls

    valid_scores, _ = score_calls(rng, 200)
    page = {"Cookie": world["cookie"], "Accept-Encoding": "gzip", "Accept": "text/html"}
    api = {"Authorization": f"Token {token}", "Accept-Encoding": "gzip"}
    round_ratio = 0.15 if clients == 1 else 0.1
    wins = world["wins"]

    def api_round(client: Client, index: int) -> tuple[str, bytes | None, dict[str, str]]:
        """A win posted to the client's own sitting, with a key as a phone's queue sends it."""
        body = json.dumps(wins[(index * 7 + client.number) % len(wins)]).encode()
        headers = {
            **api,
            "Content-Type": "application/json",
            "Idempotency-Key": f"bench-{client.number}-{index}",
        }
        return f"/api/sessions/{client.sittings['api']}/rounds/", body, headers

    def form_round(client: Client, index: int) -> tuple[str, bytes | None, dict[str, str]]:
        """The hand-entry form's confirm for the client's own sitting: its one-time key, the
        round it was opened for, the CSRF token of its cookie."""
        client.form_rounds += 1
        fields = {
            **FORM_HANDS[index % len(FORM_HANDS)],
            "winner": "ESWN"[(index + client.number) % 4],
            "bar_tiles": 0,
            "kongs_before_win": 0,
            "confirm": "1",
            "expected_round": client.form_rounds,
            "once": secrets.token_urlsafe(16),
            "csrfmiddlewaretoken": client.csrf,
        }
        headers = {
            "Cookie": f"{client.sittings['cookie']}; csrftoken={client.csrf}",
            "Content-Type": "application/x-www-form-urlencoded",
            "Accept": "text/html",
        }
        return (
            f"/sessions/{client.sittings['form']}/rounds/new/",
            urlencode(fields).encode(),
            headers,
        )

    rows = [
        Row("bare Django view (constant)", "GET", ["/"], server="bare"),
        Row(
            "POST /api/score/",
            "POST",
            ["/api/score/"],
            bodies=[call.body for call in valid_scores],
            target_ratio=0.6,
        ),
        Row(
            "POST /api/sessions/{id}/rounds/",
            "POST",
            [],
            status=(201,),
            target_ratio=round_ratio,
            request=api_round,
        ),
        Row(
            "round post, hand-entry form (confirm)",
            "POST",
            [],
            status=(302,),
            target_ratio=round_ratio,
            request=form_round,
        ),
        Row("calculator page", "GET", ["/calculator/"], headers=page, target_ms=10),
        Row(
            "hand-entry page",
            "GET",
            [f"/sessions/{world['sittings'][200][0]}/rounds/new/"],
            headers=page,
            target_ms=10,
        ),
    ]
    for size in SIZES:
        pk, share = world["sittings"][size]
        target = 20 if size >= 200 else None
        rows += [
            Row(f"session page, {size} rounds", "GET", [f"/sessions/{pk}/"], headers=page,
                target_ms=target),
            Row(f"share page, {size} rounds", "GET", [f"/share/{share}/"], headers=page,
                target_ms=target),
            Row(f"settle-up, {size} rounds", "GET", [f"/sessions/{pk}/settle/"], headers=page,
                target_ms=target),
            Row(f"GET …/ledger/, {size} rounds", "GET", [f"/api/sessions/{pk}/ledger/"],
                headers=api, target_ms=target),
        ]  # fmt: skip
    rows.append(
        Row(
            f"player page, {PLAYER_SITTINGS} sittings × {PLAYER_ROUNDS} rounds",
            "GET",
            [f"/players/{world['regular']}/"],
            headers=page,
            target_ms=20,
        )
    )
    # The player page's groups and this month's titles, which it fetches right after itself.
    rows.append(
        Row(
            "player page's groups (fetched after it)",
            "GET",
            [f"/players/{world['regular']}/groups/"],
            headers={**page, "HX-Request": "true"},
        )
    )
    rows += [
        Row(
            f"group page, {PLAYER_SITTINGS} sittings × {PLAYER_ROUNDS} rounds",
            "GET",
            [f"/groups/{world['group']}/?period=all"],
            headers=page,
            target_ms=20,
        ),
        Row(
            f"GET …/standings/ (group), {PLAYER_SITTINGS} sittings",
            "GET",
            [f"/api/groups/{world['group']}/standings/?period=all"],
            headers=api,
            target_ms=20,
        ),
    ]
    return rows


class Client:
    """One client: a keep-alive connection to each server, its own sittings and log-in."""

    def __init__(self, number: int, ports: dict[str, int], sittings: dict) -> None:
        self.number = number
        self.conns = {
            kind: http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            for kind, port in ports.items()
        }
        self.sittings = sittings
        self.csrf = secrets.token_hex(16)  # 32 characters: a CSRF secret as its cookie holds it
        self.form_rounds = 0

    def send(self, row: Row, index: int) -> tuple[int, int]:
        if row.request is not None:
            path, data, headers = row.request(self, index)
        else:
            path = row.paths[index % len(row.paths)]
            body = row.bodies[index % len(row.bodies)] if row.bodies else None
            data = None if body is None else json.dumps(body).encode()
            headers = dict(row.headers)
            if data is not None:
                headers["Content-Type"] = "application/json"
        conn = self.conns[row.server]
        conn.request(row.method, path, body=data, headers=headers)
        response = conn.getresponse()
        return response.status, len(response.read())


def run_clients(clients: list[Client], rows: list[Row], warm: int, rounds: int) -> None:
    """Every client sends one request of every row in turn, ``warm + rounds`` times; for each
    request the clients are released together, and the wave's time (first start to last end) is
    the row's time for that many requests."""
    barrier = threading.Barrier(len(clients))
    spans: list[list[tuple[float, float, int, int]]] = [[] for _ in clients]
    failed: list[BaseException] = []

    def drive(number: int) -> None:
        client = clients[number]
        try:
            for index in range(warm + rounds):
                for row in rows:
                    barrier.wait()
                    began = time.perf_counter()
                    status, size = client.send(row, index)
                    spans[number].append((began, time.perf_counter(), status, size))
        except BaseException as error:  # noqa: BLE001 - reported after the run
            failed.append(error)
            barrier.abort()

    threads = [threading.Thread(target=drive, args=(n,)) for n in range(len(clients))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failed:
        raise SystemExit(f"a client stopped: {failed[0]!r}")
    for step in range(warm * len(rows), (warm + rounds) * len(rows)):
        row = rows[step % len(rows)]
        wave = [spans[number][step] for number in range(len(clients))]
        row.waves.append(max(end for _, end, _, _ in wave) - min(start for start, _, _, _ in wave))
        for began, ended, status, size in wave:
            row.times.append(ended - began)
            row.wire.append(size)
            if status not in row.status:
                row.bad.append(f"{status} for {row.name}")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def wait_until_up(port: int, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"gunicorn exited with status {server.returncode}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthz")
            conn.getresponse().read()
            conn.close()
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("gunicorn did not answer within 30 s")


def gunicorn(module: str, port: int, env: dict, log: Path, workers: int) -> subprocess.Popen:
    command = [
        sys.executable, "-m", "gunicorn", module,
        "--bind", f"127.0.0.1:{port}",
        "--workers", str(workers),
        "--worker-class", "sync",
        "--error-logfile", str(log),
        "--timeout", "60",
    ]  # fmt: skip
    return subprocess.Popen(command, cwd=ROOT, env=env)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=300, help="requests of every kind")
    parser.add_argument("--warm", type=int, default=20, help="unmeasured rounds first")
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432", help="server URL")
    parser.add_argument("--database", default="anqing_http")
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    parser.add_argument("--seed", type=int, default=20261130)
    parser.add_argument("--clients", type=int, default=1, help="clients at once, each its own")
    parser.add_argument(
        "--workers",
        type=int,
        help="sync workers of each server (1 with one client, else 2 × cores + 1)",
    )
    args = parser.parse_args()
    workers = args.workers or (1 if args.clients == 1 else 2 * (os.cpu_count() or 1) + 1)

    env = {
        **os.environ,
        "DATABASE_URL": f"{args.pg}/{args.database}",
        "DJANGO_SETTINGS_MODULE": "calculator.settings",
        "DJANGO_DEBUG": "0",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        # Round posts go on for the whole run: no cap gets in the way.
        "DJANGO_MAX_ROUNDS_PER_SESSION": "100000",
    }
    # The same settings here (where the sittings and the log-in are made) as in gunicorn.
    os.environ.update(env)
    name = args.database.replace('"', "")
    admin_sql(
        args.pg, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)', f'CREATE DATABASE "{name}"'
    )
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    import django

    django.setup()
    from django.db import connections

    rng = random.Random(args.seed)
    token: dict = {}
    started = time.perf_counter()
    world = build(token, rng, args.clients)
    connections.close_all()
    print(f"database {name}: sittings of {', '.join(map(str, SIZES))} rounds built in "
          f"{time.perf_counter() - started:.0f} s")  # fmt: skip
    rows = rows_for(world, token["token"], rng, args.clients)

    logs = Path(tempfile.gettempdir())
    ports = {"app": free_port(), "bare": free_port()}
    servers = {
        "app": gunicorn(
            "calculator.wsgi", ports["app"], env, logs / "anqing-http-app.log", workers
        ),
        "bare": gunicorn(
            "benchmarks.bare.wsgi", ports["bare"], env, logs / "anqing-http-bare.log", workers
        ),
    }
    failures = 0
    try:
        wait_until_up(ports["app"], servers["app"])
        wait_until_up(ports["bare"], servers["bare"])
        clients = [
            Client(number, ports, sittings) for number, sittings in enumerate(world["writers"])
        ]
        load_before = os.getloadavg()
        run_clients(clients, rows, args.warm, args.rounds)
        load_after = os.getloadavg()
    finally:
        for server in servers.values():
            server.send_signal(signal.SIGTERM)
        for server in servers.values():
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
        if not args.keep:
            connections.close_all()
            admin_sql(args.pg, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    bare = rows[0]
    bare_rate = len(bare.times) / sum(bare.waves)
    print(
        f"\n{args.rounds} requests of every kind from each of {args.clients} client(s), "
        f"interleaved; {workers} sync worker(s) each; {os.cpu_count()} cores; "
        f"{time.strftime('%Y-%m-%d %H:%M')}; load average {load_before[0]:.1f} before, "
        f"{load_after[0]:.1f} after (1 min)\n"
    )
    print(f"{'request':40} {'p50 ms':>7} {'p95':>7} {'p99':>7} {'req/s':>7} {'vs bare':>8} "
          f"{'KB':>6}  target")  # fmt: skip
    for row in rows:
        p50 = statistics.median(row.times) * 1000
        rate = len(row.times) / sum(row.waves)
        ratio = rate / bare_rate
        verdict = ""
        if row.target_ms is not None and args.clients == 1:
            met = p50 <= row.target_ms
            verdict = f"p50 ≤ {row.target_ms:g} ms: {'met' if met else 'MISSED'}"
            failures += not met
        if row.target_ratio is not None:
            met = ratio >= row.target_ratio
            verdict = f"≥ {row.target_ratio:g} of bare: {'met' if met else 'MISSED'}"
            failures += not met
        if row.bad:
            verdict += f"  {len(row.bad)} wrong answers, first: {row.bad[0]}"
            failures += 1
        print(
            f"{row.name:40} {p50:7.1f} {percentile(row.times, 0.95) * 1000:7.1f} "
            f"{percentile(row.times, 0.99) * 1000:7.1f} {rate:7.0f} {ratio:8.2f} "
            f"{statistics.median(row.wire) / 1024:6.1f}  {verdict}"
        )
    print(f"\n{failures} targets missed")
    return failures


if __name__ == "__main__":
    raise SystemExit(main())
