"""Load benchmark: gunicorn on a fresh PostgreSQL database, many API clients at once.

    .venv/bin/python benchmarks/load.py                     # 60 s, 48 clients, defaults below
    .venv/bin/python benchmarks/load.py --seconds 20 --worker-class sync --keep

Creates the database ``anqing_load`` (dropped first if it is there), migrates it, makes users,
tokens and sessions, starts gunicorn on 127.0.0.1 on a free port (debug off, its log in a file),
then for ``--seconds`` drives it with ``--clients`` threads, each with its own keep-alive HTTP
connection, mixing:

- ``POST /api/score/``: valid hands (the fan each must score is known beforehand, from the
  engine) and invalid ones (a 400 with the engine's error code is the intended answer);
- ``POST /api/sessions/{id}/rounds/``: wins and draws over several sessions, half of them on one
  hot session so writers queue on its row lock, a few hands the engine refuses (intended 400s),
  each with an ``Idempotency-Key``; a 409 would be retried (and counted);
- ``GET /api/sessions/{id}/ledger/`` and ``GET /api/sessions/{id}/`` now and then.

It prints throughput and p50/p95/p99 latency per kind, the error count (any answer other than the
intended one; the target is zero), then checks every session: round numbers 1..N with no gap and
no double, N equal to the rounds the clients were told were recorded, the dealer progression and
every payment re-derived with the engine, the balances equal to those sums and summing to zero.
Stops gunicorn (SIGTERM, graceful) and drops the database unless ``--keep``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# The engine benchmark's hands: four sets and a pair without the 鑽 7m (indicator 6m, R4.1).
from engine import FACES, INDICATOR, complete_hand  # noqa: E402

from scoring import SEATS, dealer_after, next_seat, score  # noqa: E402

# --- what the clients send --------------------------------------------------------------------


@dataclass(frozen=True)
class Call:
    """One request and what it must be answered with."""

    kind: str
    method: str
    body: dict | None
    status: int  # the intended status
    check: Any = None  # the fan (a valid score) or the error code (an invalid one)


def score_calls(rng: random.Random, count: int) -> tuple[list[Call], list[Call]]:
    """Valid and invalid ``POST /api/score/`` bodies, each with the answer the engine gives."""
    valid: list[Call] = []
    invalid: list[Call] = []
    while len(valid) < count or len(invalid) < count // 4:
        tiles = complete_hand(rng)
        body = {
            "ruleset": rng.choice(["anqing", "anqing", "anqing-daque"]),
            "indicator": INDICATOR,
            "winner": rng.choice(SEATS),
            "dealer": rng.choice(SEATS),
            "dealer_streak": rng.choice([0, 0, 1, 2, 3]),
            "base_silver": rng.choice(["1", "2", "0.5"]),
            "concealed": "".join(tiles),
            "win_tile": rng.choice(tiles),
        }
        roll = rng.random()
        if roll < 0.15:  # not a winning hand: swap one tile for another face
            tiles[0] = rng.choice(FACES)
            body["concealed"] = "".join(tiles)
            body["win_tile"] = tiles[0]
        elif roll < 0.2:
            body["concealed"] = body["concealed"][:-2] + "0x"  # not a tile (E_NOTATION)
        elif roll < 0.25:
            del body["win_tile"]
        answer = score(body)
        if "error" in answer:
            if len(invalid) < count // 4:
                invalid.append(Call("score-invalid", "POST", body, 400, answer["error"]["code"]))
        elif len(valid) < count:
            valid.append(Call("score", "POST", body, 200, answer["fan"]))
    return valid, invalid


def round_bodies(rng: random.Random) -> tuple[list[dict], list[dict]]:
    """Round bodies (hand fields only: the dealer context comes from the session's history)."""
    valid: list[dict] = [{"result": "draw"}] * 6
    for winner in SEATS:
        plain = {
            "result": "win",
            "winner": winner,
            "indicator": "9p",
            "concealed": "123m456m234s678s99p",
            "win_tile": "4m",
        }
        feeder = next_seat(winner)
        valid += [
            plain,
            {**plain, "win_tile": "9p"},  # 獨吊: PAO_FENG
            {
                "result": "win",
                "winner": winner,
                "indicator": "9p",
                "concealed": "678s55m",
                "win_tile": "5m",
                "melds": [
                    {"kind": "pung", "tiles": "222m", "from": feeder},
                    {"kind": "pung", "tiles": "333p", "from": feeder},
                    {"kind": "pung", "tiles": "444s", "from": feeder},
                ],
            },  # 順包 (R10)
        ]
    while len(valid) < 60:
        tiles = complete_hand(rng)
        body = {
            "result": "win",
            "winner": rng.choice(SEATS),
            "indicator": INDICATOR,
            "concealed": "".join(tiles),
            "win_tile": rng.choice(tiles),
        }
        request = {k: v for k, v in body.items() if k != "result"}
        if "error" not in score({**request, "dealer": "E"}):
            valid.append(body)
    refused = [
        {**valid[-1], "concealed": "123m456m234s678s19p", "win_tile": "4m"},  # E_NOT_WINNING
        {"result": "win", "winner": "E"},  # E_INVALID: no tiles
        {"result": "draw", "dealer": "S"},  # E_INVALID: the context is the session's
    ]
    return valid, refused


# --- the clients ------------------------------------------------------------------------------


@dataclass
class Stats:
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    statuses: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))
    errors: list[str] = field(default_factory=list)
    conflicts: int = 0
    reconnects: int = 0
    recorded: list[tuple[int, int]] = field(default_factory=list)  # (session id, number)


class Connection:
    """A keep-alive HTTP connection that reconnects once when the server has closed it."""

    def __init__(self, port: int, token: str | None = None) -> None:
        self.port = port
        self.token = token
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def call(
        self, method: str, path: str, body: dict | None, headers: dict[str, str], stats: Stats
    ) -> tuple[int, bytes]:
        data = None if body is None else json.dumps(body).encode()
        sent = {"Accept": "application/json", **headers}
        if data is not None:
            sent["Content-Type"] = "application/json"
        if self.token:
            sent["Authorization"] = f"Token {self.token}"
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, body=data, headers=sent)
                response = self.conn.getresponse()
                return response.status, response.read()
            except (http.client.HTTPException, ConnectionError, TimeoutError):
                # An idle keep-alive connection the server closed; every call here is safe to
                # repeat (score is pure, reads read, a round carries its Idempotency-Key).
                self.conn.close()
                if attempt == 2:
                    raise
                stats.reconnects += 1
        raise AssertionError("unreachable")


def drive(
    index: int,
    port: int,
    token: str,
    sessions: list[int],
    plan: dict[str, Any],
    stop_at: float,
    stats: Stats,
) -> None:
    rng = random.Random(plan["seed"] * 1000 + index)
    conn = Connection(port, token)
    sent = 0
    try:
        while time.perf_counter() < stop_at:
            sent += 1
            roll = rng.random()
            headers: dict[str, str] = {}
            if roll < 0.44:
                call, path = rng.choice(plan["score"]), "/api/score/"
            elif roll < 0.55:
                call, path = rng.choice(plan["score_invalid"]), "/api/score/"
            elif roll < 0.92:
                hot = rng.random() < plan["hot_share"]
                session = sessions[0] if hot else rng.choice(sessions)
                path = f"/api/sessions/{session}/rounds/"
                if rng.random() < 0.06:
                    call = Call("round-invalid", "POST", rng.choice(plan["refused"]), 400)
                else:
                    call = Call("round", "POST", rng.choice(plan["rounds"]), 201)
                headers["Idempotency-Key"] = f"c{index}-{sent}"
            elif roll < 0.96:
                call = Call("ledger", "GET", None, 200)
                path = f"/api/sessions/{rng.choice(sessions)}/ledger/"
            else:
                call = Call("session", "GET", None, 200)
                path = f"/api/sessions/{rng.choice(sessions)}/"
            while True:
                started = time.perf_counter()
                status, raw = conn.call(call.method, path, call.body, headers, stats)
                stats.latencies[call.kind].append(time.perf_counter() - started)
                stats.statuses[call.kind][status] += 1
                if status == 409 and call.kind == "round":
                    stats.conflicts += 1  # told to retry: the contract allows it
                    time.sleep(0.01)
                    continue
                break
            problem = check(call, status, raw)
            if problem:
                stats.errors.append(f"{call.method} {path}: {problem}")
            elif call.kind == "round":
                stats.recorded.append((int(path.split("/")[3]), json.loads(raw)["number"]))
    except Exception as error:  # noqa: BLE001 - a client that dies is an error to report
        stats.errors.append(f"client {index} stopped: {error!r}")
    finally:
        conn.conn.close()


def check(call: Call, status: int, raw: bytes) -> str | None:
    """Why this answer is not the intended one, or None."""
    if status != call.status:
        return f"{status} (wanted {call.status}): {raw[:200]!r}"
    try:
        answer = json.loads(raw)
    except ValueError:
        return f"not JSON: {raw[:200]!r}"
    if call.kind == "score" and answer.get("fan") != call.check:
        return f"fan {answer.get('fan')} (the engine says {call.check})"
    if call.kind == "score-invalid" and answer.get("error", {}).get("code") != call.check:
        return f"error {answer.get('error')} (the engine says {call.check})"
    if call.kind == "round-invalid" and "error" not in answer:
        return f"no error object: {raw[:200]!r}"
    return None


# --- the server and the database --------------------------------------------------------------


def admin_sql(pg_url: str, *statements: str) -> None:
    import psycopg

    with psycopg.connect(f"{pg_url}/postgres", autocommit=True) as conn:
        for statement in statements:
            conn.execute(statement)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_up(port: int, server: subprocess.Popen, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"gunicorn exited with status {server.returncode}; see its log")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("POST", "/api/score/", body=b"{}", headers={"Content-Type": "text/x"})
            conn.getresponse().read()
            conn.close()
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("gunicorn did not answer within 30 s")


def setup_data(users: int, sessions: int) -> tuple[list[str], list[int]]:
    """Users with tokens, sessions owned by one and shared with the others."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from calculator.services.sittings import session_create, session_invite

    user_model = get_user_model()
    people = [
        user_model.objects.create_user(f"load{i}", password=secrets.token_urlsafe())
        for i in range(users)
    ]
    tokens = [Token.objects.create(user=user).key for user in people]
    ids = []
    for i in range(sessions):
        owner = people[i % users]
        session = session_create(
            owner=owner,
            name=f"load {i}",
            players=["東", "南", "西", "北"],
            ruleset="anqing",
            base_silver=["1", "2", "0.5"][i % 3],
        )
        for person in people:
            if person != owner:
                session_invite(session=session, username=person.get_username())
        ids.append(session.pk)
    return tokens, ids


def verify(stats: Stats) -> list[str]:
    """Every session's history against what the clients were told and against the engine."""
    from calculator.models import Payment, Round, Session
    from calculator.selectors.sittings import session_state

    problems: list[str] = []
    told: dict[int, Counter] = defaultdict(Counter)
    for session_id, number in stats.recorded:
        told[session_id][number] += 1
    for session in Session.objects.order_by("pk"):
        rounds = list(
            Round.objects.filter(session=session).select_related("rules_version").order_by("number")
        )
        numbers = [r.number for r in rounds]
        if numbers != list(range(1, len(rounds) + 1)):
            problems.append(f"session {session.pk}: round numbers not 1..{len(rounds)}")
        doubles = [n for n, c in told[session.pk].items() if c > 1]
        if doubles or set(told[session.pk]) != set(numbers):
            problems.append(
                f"session {session.pk}: {len(told[session.pk])} rounds told recorded, "
                f"{len(rounds)} stored, numbers told twice: {doubles[:5]}"
            )
        stored: dict[int, list[tuple]] = defaultdict(list)
        for p in Payment.objects.filter(round__session=session).select_related("round"):
            stored[p.round.number].append((p.payer, p.payee, p.amount))
        balances = dict.fromkeys(SEATS, Decimal(0))
        dealer, streak = SEATS[0], 0
        for game_round in rounds:
            if (game_round.dealer, game_round.dealer_streak) != (dealer, streak):
                problems.append(f"session {session.pk} round {game_round.number}: dealer context")
            expected: list[tuple] = []
            if game_round.result == Round.WIN:
                result = score(
                    {
                        **game_round.hand,
                        "ruleset": session.ruleset,
                        "rules": game_round.rules_version.overrides,
                        "dealer": dealer,
                        "dealer_streak": streak,
                        "base_silver": str(session.base_silver),
                    }
                )
                expected = [(p["from"], p["to"], Decimal(p["amount"])) for p in result["payments"]]
            if sorted(stored[game_round.number]) != sorted(expected):
                problems.append(f"session {session.pk} round {game_round.number}: payments")
            for payer, payee, amount in expected:
                balances[payer] -= amount
                balances[payee] += amount
            dealer, streak = dealer_after(dealer, streak, game_round.winner or None)
        state = session_state(session)
        if {s: Decimal(v) for s, v in state["balances"].items()} != balances:
            problems.append(f"session {session.pk}: balances {state['balances']} != {balances}")
        if sum(balances.values()) != 0:
            problems.append(f"session {session.pk}: balances do not sum to zero")
        print(
            f"  session {session.pk}: {len(rounds):5d} rounds, numbers 1..{len(rounds)}, "
            f"balances {' '.join(f'{s} {v}' for s, v in state['balances'].items())}"
        )
    return problems


# --- the run ----------------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(merged: Stats, seconds: float) -> int:
    total = sum(len(v) for v in merged.latencies.values())
    print(f"\n{total} requests in {seconds:.1f} s: {total / seconds:.1f} requests/s")
    print(
        f"{'kind':14} {'count':>7} {'req/s':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}  statuses"
    )
    for kind in ("score", "score-invalid", "round", "round-invalid", "ledger", "session"):
        values = merged.latencies.get(kind, [])
        if not values:
            continue
        statuses = " ".join(f"{s}×{c}" for s, c in sorted(merged.statuses[kind].items()))
        print(
            f"{kind:14} {len(values):7d} {len(values) / seconds:7.1f} "
            f"{percentile(values, 0.5) * 1000:8.1f} {percentile(values, 0.95) * 1000:8.1f} "
            f"{percentile(values, 0.99) * 1000:8.1f}  {statuses}"
        )
    print(
        f"errors (answers other than the intended ones): {len(merged.errors)}; "
        f"409s retried: {merged.conflicts}; keep-alive reconnects: {merged.reconnects}"
    )
    for error in merged.errors[:10]:
        print(f"  {error}")
    return len(merged.errors)


def main() -> int:
    cores = os.cpu_count() or 1
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--clients", type=int, default=48)
    parser.add_argument("--workers", type=int, default=2 * cores + 1)
    parser.add_argument("--worker-class", choices=["sync", "gthread"], default="sync")
    parser.add_argument("--threads", type=int, default=4, help="per gthread worker")
    parser.add_argument("--sessions", type=int, default=8)
    parser.add_argument("--users", type=int, default=4)
    parser.add_argument("--hot-share", type=float, default=0.5, help="of round posts")
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432", help="server URL")
    parser.add_argument("--database", default="anqing_load")
    parser.add_argument("--log", default=str(Path(tempfile.gettempdir()) / "anqing-load.log"))
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    parser.add_argument("--seed", type=int, default=20240601)
    args = parser.parse_args()

    database_url = f"{args.pg}/{args.database}"
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DJANGO_SETTINGS_MODULE": "calculator.settings",
        "DJANGO_DEBUG": "0",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
    }
    os.environ.update({k: env[k] for k in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")})
    name = args.database.replace('"', "")
    admin_sql(
        args.pg, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)', f'CREATE DATABASE "{name}"'
    )
    print(f"database {name}: created; migrating …")
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    import django

    django.setup()
    from django.db import connections

    tokens, sessions = setup_data(args.users, args.sessions)
    connections.close_all()

    rng = random.Random(args.seed)
    valid_scores, invalid_scores = score_calls(rng, 300)
    rounds, refused = round_bodies(rng)
    plan = {
        "seed": args.seed,
        "score": valid_scores,
        "score_invalid": invalid_scores,
        "rounds": rounds,
        "refused": refused,
        "hot_share": args.hot_share,
    }

    port = free_port()
    command = [
        sys.executable, "-m", "gunicorn", "calculator.wsgi",
        "--bind", f"127.0.0.1:{port}",
        "--workers", str(args.workers),
        "--worker-class", args.worker_class,
        "--error-logfile", args.log,
        "--log-level", "info",
        "--timeout", "60",
        "--graceful-timeout", "20",
        "--backlog", "2048",
    ]  # fmt: skip
    if args.worker_class == "gthread":
        command += ["--threads", str(args.threads)]
    Path(args.log).write_text("")
    server = subprocess.Popen(command, cwd=ROOT, env=env)
    failures = 0
    try:
        wait_until_up(port, server)
        shape = f"{args.workers} {args.worker_class} workers"
        if args.worker_class == "gthread":
            shape += f" × {args.threads} threads"
        print(
            f"gunicorn on 127.0.0.1:{port}: {shape}; {cores} cores; log {args.log}\n"
            f"{args.clients} clients for {args.seconds:g} s on {len(sessions)} sessions "
            f"({args.hot_share:.0%} of round posts on session {sessions[0]}) …"
        )
        # Warm every worker up (imports, connections) before the clock starts.
        warm = Stats()
        warm_conn = Connection(port)
        for call in valid_scores[:40]:
            warm_conn.call("POST", "/api/score/", call.body, {}, warm)
        warm_conn.conn.close()

        all_stats = [Stats() for _ in range(args.clients)]
        started = time.perf_counter()
        stop_at = started + args.seconds
        threads = [
            threading.Thread(
                target=drive,
                args=(i, port, tokens[i % len(tokens)], sessions, plan, stop_at, all_stats[i]),
            )
            for i in range(args.clients)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - started
    finally:
        server.send_signal(signal.SIGTERM)  # graceful: workers finish their requests
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    log = Path(args.log).read_text().splitlines()
    alarms = [line for line in log if any(w in line for w in ("[ERROR]", "[CRITICAL]", "TIMEOUT"))]
    print(f"gunicorn stopped (exit status {server.returncode}); {len(alarms)} errors in its log")
    failures += len(alarms)
    for line in alarms[:5]:
        print(f"  {line}")

    merged = Stats()
    for stats in all_stats:
        for kind, values in stats.latencies.items():
            merged.latencies[kind] += values
        for kind, counter in stats.statuses.items():
            merged.statuses[kind].update(counter)
        merged.errors += stats.errors
        merged.conflicts += stats.conflicts
        merged.reconnects += stats.reconnects
        merged.recorded += stats.recorded
    failures += report(merged, elapsed)

    print("\nafterwards, each session:")
    problems = verify(merged)
    for problem in problems[:20]:
        print(f"  PROBLEM {problem}")
    print("history checks: " + ("all good" if not problems else f"{len(problems)} problems"))
    failures += len(problems)
    connections.close_all()
    if args.keep:
        print(f"kept database {name} ({database_url})")
    else:
        admin_sql(args.pg, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        print(f"database {name}: dropped")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
