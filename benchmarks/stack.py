"""The multi-server stack, run and broken on purpose.

    .venv/bin/python benchmarks/stack.py                 # 3 app servers, 24 tables, 2–3 min
    .venv/bin/python benchmarks/stack.py --servers 2 --workers 1 --tables 4 --steady 3 \\
        --down 1 --pause 1.5 --after 2                   # the short form the test suite runs

Brings up on this machine the stack docs/deploy.md describes (``stackprocs.py``): HAProxy in front
of ``--servers`` gunicorn app servers (sync workers) and the events process (the streams),
PgBouncer in transaction pooling in front of the local PostgreSQL (its own database,
``anqing_stack``, dropped first), Redis as the cache, the log-in counts and the push channel (its
own database number). It migrates the database through the pooler, makes
one sitting per table, checks that the log-in limit counts failures sent to different servers
together, then lets ``--tables`` tables post rounds through the balancer, each post with an
``Idempotency-Key`` that a retry sends again (as a phone's queue does), every ``--double-every``-th
post sent at once to two app servers directly, and now and then a read of the ledger through the
balancer that must show every round the table was already told about. Meanwhile it goes through
the phases:

- ``steady``: nothing wrong;
- ``server killed``: one app server (master and workers) gets SIGKILL while HAProxy has a
  request on it, stays down ``--down`` seconds, is started again, and the phase ends when HAProxy
  counts it up;
- ``pooler paused``: PgBouncer's ``PAUSE`` (its admin console) for ``--pause`` seconds, then
  ``RESUME``;
- ``after``: nothing wrong again.

Beside each table, another phone watches its share page through the balancer: the event stream
(to the events process) and, at each change, the page's live fragment (from an app server); it
notes when each round was on its screen, which gives the push updates missed (must be 0) and the
push latency per phase.

Then it reads every sitting's ledger through the balancer, stops the stack and checks the
database directly. It prints per phase the posts sent in it (or sent before it and still waiting
when its fault began), their p50/p99 (from the first try to the answer, retries included) and
what was retried, and the figures that must hold: rounds lost 0,
rounds counted twice 0, client errors after retries 0, stale reads 0, every sitting's history
re-derived by the engine equal to what is stored and zero-sum (``load.verify``), the ledger
endpoint equal to its own payments, no error in the servers' logs. The exit status is 1 if any
fails, 2 if haproxy or pgbouncer is missing (with one line saying what to install).

Adding a measure: a phase is one more
``phase(name, action)`` in ``run_phases``; a count per phase is ``run.note(run.phase, name)``
from any thread (a watcher of its own, started beside the tables; it shows in the phase table
and in ``--json``); a figure that must hold is one more ``Figure`` in the lists ``drive`` and
``checked`` return (it decides the exit status).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import secrets
import socket
import subprocess
import sys
import threading
import time
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from load import (  # noqa: E402
    Connection,
    Stats,
    admin_sql,
    percentile,
    round_bodies,
    setup_data,
    verify,
)
from stackprocs import (  # noqa: E402
    Stack,
    login_limit_attempt,
    missing_binaries,
    reachable,
    warm_up,
)

# What a phone's queue sends again with the same key: the balancer's or a dying server's 502,
# 503 and 504, and the API's 409 for two writes to one sitting that met.
RETRIED = {409, 502, 503, 504}
GIVE_UP_AFTER = 60  # seconds a post is retried before it counts as a client error
PUSH_GRACE = 15  # seconds the watching phones may take to show the last rounds
LOGIN_LIMIT = 5


@dataclass
class Figure:
    """One measured figure; ``want`` is what it must be (None: for information)."""

    name: str
    value: int | float | str
    want: int | None = 0

    @property
    def ok(self) -> bool:
        return self.want is None or self.value == self.want


class Run:
    """What the tables share: the phase now, the servers up, and per phase what happened."""

    def __init__(self, tag: str, balancer: int, ports: list[int]) -> None:
        self.tag = tag
        self.balancer = balancer
        self.live_ports = list(ports)
        self.phase = "warm-up"
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.times: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
        self.counts: dict[str, Counter] = defaultdict(Counter)
        self.faults: list[tuple[float, str]] = []  # (when it began, its phase)
        self.sent: dict[str, int] = {}  # key → sitting, every post
        # key → the round numbers its answers named (two answers for a double send)
        self.answered: dict[str, list[int]] = defaultdict(list)
        self.errors: list[str] = []
        self.warm: Any = lambda port: None  # readies a restarted server before it takes players
        # sitting → (when the posting phone had its answer, the round number, the phase)
        self.recorded: dict[int, list[tuple[float, int, str]]] = defaultdict(list)
        # sitting → (when the watching phone had the fragment, the version it was told)
        self.shown: dict[int, list[tuple[float, int]]] = defaultdict(list)
        # sitting → (when the watching phone's stream told it of a version, the version)
        self.told: dict[int, list[tuple[float, int]]] = defaultdict(list)
        self.push: dict[str, list[float]] = {}  # phase → the delays of push_delays
        self.streams: set[http.client.HTTPConnection] = set()  # the watchers' open streams

    def note(self, phase: str, name: str, count: int = 1) -> None:
        with self.lock:
            self.counts[phase][name] += count

    def fault(self, phase: str) -> None:
        """The fault of ``phase`` begins now."""
        with self.lock:
            self.faults.append((time.perf_counter(), phase))

    def time(self, phase: str, kind: str, started: float) -> None:
        """A request of ``kind`` sent in ``phase`` at ``started`` (``time.perf_counter``) has
        been answered: it counts in that phase, or in a fault that began while it waited."""
        ended = time.perf_counter()
        with self.lock:
            hit = [name for began, name in self.faults if started < began < ended]
            self.times[hit[-1] if hit else phase][kind].append(ended - started)


def send(
    run: Run, conn: Connection, path: str, body: dict | None, key: str | None, phase: str, want: int
) -> bytes | None:
    """The body of the answer ``want``, the request sent again (same key) after a connection
    error or a status of ``RETRIED``; None if it never came (counted as a client error)."""
    headers = {"Idempotency-Key": key} if key else {}
    method = "GET" if body is None else "POST"
    deadline = time.monotonic() + GIVE_UP_AFTER
    delay = 0.05
    while True:
        try:
            status, raw = conn.call(method, path, body, headers, Stats())
        except (OSError, http.client.HTTPException) as error:
            conn.conn.close()
            status, raw = None, repr(error).encode()
        if status == want:
            return raw
        if status is not None and status not in RETRIED:
            run.note(phase, f"answered {status}")
            with run.lock:
                run.errors.append(f"{method} {path}: {status} {raw[:200]!r}")
            return None
        run.note(phase, f"retried after {why(status, raw)}")
        if time.monotonic() > deadline:
            with run.lock:
                run.errors.append(f"{method} {path}: no answer within {GIVE_UP_AFTER} s")
            return None
        time.sleep(delay * random.uniform(0.5, 1.5))
        delay = min(delay * 2, 1.0)


def why(status: int | None, raw: bytes) -> str:
    """What a retried answer was: the app's own (an error object) or the balancer's."""
    if status is None:
        return "no answer"
    return f"{status} ({'app' if raw.lstrip().startswith(b'{') else 'balancer'})"


def double_send(
    run: Run, token: str, path: str, body: dict, key: str, phase: str, ports: list[int]
) -> list[bytes]:
    """The same post at the same moment to two app servers directly (a double tap that two
    servers serve); a copy whose server fails goes again through the balancer."""
    barrier = threading.Barrier(2)
    answers: list[bytes | None] = [None, None]

    def one(index: int) -> None:
        direct = Connection(ports[index], token)
        barrier.wait()
        try:
            status, raw = direct.call("POST", path, body, {"Idempotency-Key": key}, Stats())
        except (OSError, http.client.HTTPException):
            status, raw = None, b""
        finally:
            direct.conn.close()
        if status != 201:
            run.note(phase, f"double send retried after {why(status, raw)}")
            balanced = Connection(run.balancer, token)
            raw = send(run, balanced, path, body, key, phase, 201)
            balanced.conn.close()
        answers[index] = raw

    threads = [threading.Thread(target=one, args=(i,)) for i in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [raw for raw in answers if raw is not None]


def table(
    run: Run, index: int, session: int, token: str, bodies: list[dict], args: argparse.Namespace
) -> None:
    """One table: a round, a pause to play the next hand, a round …, until the run stops."""
    rng = random.Random(args.seed * 1000 + index)
    conn = Connection(run.balancer, token)
    path = f"/api/sessions/{session}/rounds/"
    told = 0  # the newest round this table was told it recorded
    number = 0
    try:
        while not run.stop.is_set():
            number += 1
            body = rng.choice(bodies)
            key = f"{run.tag}-{session}-{number}"
            phase = run.phase
            with run.lock:
                run.sent[key] = session
            started = time.perf_counter()
            # A copy: the phases take a server out of the list and put it back meanwhile.
            ports = list(run.live_ports)
            if number % args.double_every == 0 and len(ports) >= 2:
                ports = rng.sample(ports, 2)
                answers = double_send(run, token, path, body, key, phase, ports)
                run.note(phase, "double sends")
            else:
                answer = send(run, conn, path, body, key, phase, 201)
                answers = [answer] if answer is not None else []
            run.time(phase, "post", started)
            numbers = [json.loads(raw)["number"] for raw in answers]
            answered_at = time.perf_counter()
            with run.lock:
                run.answered[key] += numbers
                run.recorded[session] += [(answered_at, n, phase) for n in numbers]
            told = max([told, *numbers])
            if number % args.read_every == 0:
                phase = run.phase
                started = time.perf_counter()
                raw = send(run, conn, f"/api/sessions/{session}/ledger/?limit=1", None, None,
                           phase, 200)  # fmt: skip
                run.time(phase, "read", started)
                if raw is not None and json.loads(raw)["total_rounds"] < told:
                    run.note(phase, "stale reads")
            time.sleep(rng.uniform(0, 2 * args.think))
    except Exception as error:  # noqa: BLE001 - a table that stops is an error to report
        with run.lock:
            run.errors.append(f"table {index} stopped: {error!r}")
    finally:
        conn.conn.close()


def watcher(run: Run, session: int, token: str, stop: threading.Event) -> None:
    """Another phone at the table on the share page: its event stream through the balancer (to
    the events process), and at each ``changed`` the page's live fragment fetched as the page
    does (through the balancer, from whichever app server). It notes when each version was on
    its screen; the stream ends now and then (its lifetime, a restart) and is opened again with
    the last id it saw, as a browser does."""
    seen = 0
    while not stop.is_set():
        # Over the heartbeat: a live stream never times out (a timed-out socket file cannot be
        # read again). ``stop_watching`` shuts the socket to end the wait.
        stream = http.client.HTTPConnection("127.0.0.1", run.balancer, timeout=60)
        with run.lock:
            run.streams.add(stream)
        try:
            headers = {"Accept": "text/event-stream"}
            if seen:
                headers["Last-Event-ID"] = str(seen)
            stream.request("GET", f"/share/{token}/events/?v={seen}", headers=headers)
            response = stream.getresponse()
            if response.status != 200:
                raise OSError(f"the stream answered {response.status}")
            version = None
            while not stop.is_set():
                line = response.fp.readline()
                if not line:
                    break  # the stream ended: open it again
                if line.startswith(b"id: "):
                    version = int(line[4:])
                elif line == b"event: changed\n" and version is not None and version > seen:
                    with run.lock:
                        run.told[session].append((time.perf_counter(), version))
                    if shown_fragment(run, token, seen):
                        seen = version
                        with run.lock:
                            run.shown[session].append((time.perf_counter(), version))
        except (OSError, ValueError, http.client.HTTPException):
            time.sleep(0.2)
        finally:
            with run.lock:
                run.streams.discard(stream)
            stream.close()


def stop_watching(run: Run, stop: threading.Event) -> None:
    """End the watching phones' streams (their reads return at once)."""
    stop.set()
    with run.lock:
        streams = list(run.streams)
    for stream in streams:
        if stream.sock is not None:
            try:
                stream.sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def shown_fragment(run: Run, token: str, version: int) -> bool:
    """The share page's live fragment newer than ``version``, fetched as its htmx does; fetched
    again for up to 10 s if an app server fails it (the page's poll would, later)."""
    deadline = time.monotonic() + 10
    while True:
        conn = http.client.HTTPConnection("127.0.0.1", run.balancer, timeout=30)
        try:
            conn.request("GET", f"/share/{token}/?v={version}", headers={"HX-Request": "true"})
            response = conn.getresponse()
            response.read()
            if response.status == 200:
                return True
        except (OSError, http.client.HTTPException):
            pass
        finally:
            conn.close()
        if time.monotonic() > deadline:
            return False
        time.sleep(0.2)


def push_delays(run: Run, told: bool = False) -> tuple[dict[str, list[float]], int]:
    """Per phase, how long after the posting phone had its answer the watching phone showed the
    round (0 when it showed it first), or with ``told`` when its stream told it; and the rounds
    it never showed (was never told of)."""
    delays: dict[str, list[float]] = defaultdict(list)
    missed = 0
    with run.lock:
        recorded_now = {session: list(rows) for session, rows in run.recorded.items()}
        seen = run.told if told else run.shown
        shown_now = {session: sorted(rows) for session, rows in seen.items()}
    for session, recorded in recorded_now.items():
        shown = shown_now.get(session, [])
        for answered_at, number, phase in recorded:
            when = next((at for at, version in shown if version >= number), None)
            if when is None:
                missed += 1
            else:
                delays[phase].append(max(0.0, when - answered_at))
    return delays, missed


# --- the checks -------------------------------------------------------------------------------


def tally(
    sent: dict[str, int],
    answered: dict[str, list[int]],
    kept: dict[str, int],
    stored: dict[int, list[int]],
) -> dict[str, int]:
    """Rounds lost and counted twice, from every post's key and sitting (``sent``), the round
    numbers its answers named (``answered``), the round the sitting kept for the key (``kept``)
    and each sitting's stored round numbers (``stored``).

    A post answered with round N is lost if the sitting has no round N kept for its key. A
    round is counted twice if a key was answered with two rounds, or a stored round is kept for
    no key (every post carries one); two keys kept for one round is one of them lost.
    """
    lost = twice = unanswered = 0
    for key, session in sent.items():
        told = set(answered.get(key, ()))
        if not told:
            unanswered += 1
            continue
        twice += len(told) - 1
        if any(kept.get(key) != number or number not in stored.get(session, ()) for number in told):
            lost += 1
    claims = Counter((sent[key], number) for key, number in kept.items() if key in sent)
    for session, numbers in stored.items():
        for number in numbers:
            claimed = claims[(session, number)]
            if claimed == 0:
                twice += 1
            elif claimed > 1:
                lost += claimed - 1
    return {"lost": lost, "twice": twice, "unanswered": unanswered}


def ledger_problems(conn: Connection, session: int) -> list[str]:
    """The ledger endpoint, page by page: its payments summed per seat must equal the balances
    it states, and those must sum to zero."""
    sums: dict[str, Decimal] = defaultdict(Decimal)
    offset, total, stated = 0, None, {}
    while total is None or offset < total:
        status, raw = conn.call(
            "GET", f"/api/sessions/{session}/ledger/?limit=500&offset={offset}", None, {}, Stats()
        )
        if status != 200:
            return [f"sitting {session}: ledger answered {status}"]
        page = json.loads(raw)
        total, stated = page["total_rounds"], page["balances"]
        for entry in page["rounds"]:
            for payment in entry["payments"]:
                sums[payment["from"]] -= Decimal(payment["amount"])
                sums[payment["to"]] += Decimal(payment["amount"])
        offset += 500
    problems = []
    if any(Decimal(amount) != sums[seat] for seat, amount in stated.items()):
        problems.append(f"sitting {session}: ledger balances {stated} != its payments {dict(sums)}")
    if sum(Decimal(amount) for amount in stated.values()) != 0:
        problems.append(f"sitting {session}: ledger balances do not sum to zero")
    return problems


# --- the run ----------------------------------------------------------------------------------


def run_phases(stack: Stack, run: Run, args: argparse.Namespace) -> dict[str, float]:
    """The phases in turn; what each took, in seconds."""
    took: dict[str, float] = {}

    def phase(name: str, action: Any) -> None:
        run.phase = name
        started = time.monotonic()
        action()
        took[name] = time.monotonic() - started
        print(f"  {name}: {took[name]:.1f} s", flush=True)

    def kill() -> None:
        victim = stack.apps[-1]
        run.note("server killed", "requests on it when killed", stack.wait_until_busy(victim))
        run.fault("server killed")
        stack.kill_app(victim)
        run.live_ports.remove(victim.port)
        time.sleep(args.down)
        stack.start_app(victim)
        run.warm(victim.port)
        stack.wait_until_balanced({app.name for app in stack.apps})
        run.live_ports.append(victim.port)

    def pause() -> None:
        run.fault("pooler paused")
        stack.pooler_command(f"PAUSE {stack.database}")
        time.sleep(args.pause)
        stack.pooler_command(f"RESUME {stack.database}")

    phase("steady", lambda: time.sleep(args.steady))
    phase("server killed", kill)
    phase("pooler paused", pause)
    phase("after", lambda: time.sleep(args.after))
    run.stop.set()
    return took


def report(run: Run, took: dict[str, float], figures: list[Figure]) -> dict[str, Any]:
    phases: dict[str, Any] = {}
    print(f"\n{'phase':14} {'s':>5} {'posts':>6} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} "
          f"{'reads':>6} {'p99 ms':>7} {'push p50':>8} {'p95':>6}  counts")  # fmt: skip
    for name, seconds in took.items():
        posts, reads = run.times[name]["post"], run.times[name]["read"]
        pushed = run.push.get(name, [])
        row = {
            "seconds": round(seconds, 1),
            "posts": len(posts),
            "p50_ms": round(percentile(posts, 0.5) * 1000, 1) if posts else None,
            "p99_ms": round(percentile(posts, 0.99) * 1000, 1) if posts else None,
            "max_ms": round(max(posts) * 1000, 1) if posts else None,
            "reads": len(reads),
            "read_p99_ms": round(percentile(reads, 0.99) * 1000, 1) if reads else None,
            "push_p50_ms": round(percentile(pushed, 0.5) * 1000, 1) if pushed else None,
            "push_p95_ms": round(percentile(pushed, 0.95) * 1000, 1) if pushed else None,
            "counts": dict(run.counts[name]),
        }
        phases[name] = row
        counts = ", ".join(f"{k} {v}" for k, v in sorted(row["counts"].items()))
        print(
            f"{name:14} {seconds:5.1f} {len(posts):6d} {row['p50_ms'] or 0:7.1f} "
            f"{row['p99_ms'] or 0:7.1f} {row['max_ms'] or 0:7.1f} {len(reads):6d} "
            f"{row['read_p99_ms'] or 0:7.1f} {row['push_p50_ms'] or 0:8.1f} "
            f"{row['push_p95_ms'] or 0:6.1f}  {counts}"
        )
    print()
    for figure in figures:
        mark = (
            ""
            if figure.want is None
            else ("  ok" if figure.ok else f"  FAILED (want {figure.want})")
        )
        print(f"{figure.name}: {figure.value}{mark}")
    for error in run.errors[:10]:
        print(f"  {error}")
    return {
        "phases": phases,
        "figures": [asdict(f) | {"ok": f.ok} for f in figures],
        "ok": all(f.ok for f in figures),
    }


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--servers", type=int, default=3, help="app servers (gunicorns)")
    parser.add_argument("--workers", type=int, default=2, help="sync workers per app server")
    parser.add_argument("--tables", type=int, default=24)
    parser.add_argument("--think", type=float, default=0.25, help="mean seconds between posts")
    parser.add_argument("--double-every", type=int, default=10, help="every n-th post twice")
    parser.add_argument("--read-every", type=int, default=3, help="a read every n-th post")
    parser.add_argument("--steady", type=float, default=30, help="seconds")
    parser.add_argument("--down", type=float, default=10, help="seconds the killed server is down")
    parser.add_argument("--pause", type=float, default=5, help="seconds the pooler is paused")
    parser.add_argument("--after", type=float, default=30, help="seconds")
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432", help="server URL")
    parser.add_argument("--database", default="anqing_stack")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/11", help="its CACHE_URL")
    parser.add_argument("--json", help="write the phases and figures to this file")
    parser.add_argument("--keep", action="store_true", help="keep the database and the files")
    parser.add_argument("--seed", type=int, default=20261203)
    args = parser.parse_args()
    if args.servers < 2:
        parser.error("--servers: at least 2 (one of them is killed)")
    return args


def drive(stack: Stack, args: argparse.Namespace) -> tuple[Run, dict[str, float], list[Figure]]:
    """Sittings, the log-in check, then the tables through the phases; the ledger read back."""
    from django.db import connections

    began = time.monotonic()
    # One account owns every sitting: a table's phone is any token (each account costs a slow
    # password hash to make).
    tokens, sessions = setup_data(1, args.tables)
    connections.close_all()
    print(f"{args.tables} sittings made in {time.monotonic() - began:.1f} s", flush=True)
    began = time.monotonic()
    stack.start_apps()
    stack.start_events()
    for app in stack.apps:
        warm_up(app.port, tokens[0], sessions[0], args.workers)
    stack.start_balancer()
    stack.wait_until_balanced({app.name for app in stack.apps})
    print(f"the stack up in {time.monotonic() - began:.1f} s")
    print(
        f"haproxy 127.0.0.1:{stack.balancer_port} → {args.servers} app servers × {args.workers} "
        f"sync worker{'s' if args.workers > 1 else ''} (streams: the events process) → pgbouncer 127.0.0.1:{stack.pooler_port} (transaction pooling) → "
        f"PostgreSQL; Redis {args.redis}; files in {stack.folder}"
    )
    figures = [
        Figure(
            "log-in limit: the wrong password refused (429), the servers taken in turn",
            login_limit_attempt(stack),
            LOGIN_LIMIT + 1,
        )
    ]
    run = Run(secrets.token_hex(3), stack.balancer_port, [app.port for app in stack.apps])
    run.warm = lambda port: warm_up(port, tokens[0], sessions[0], args.workers)
    bodies, _ = round_bodies(random.Random(args.seed))
    from calculator.models import Session

    shares = dict(Session.objects.filter(pk__in=sessions).values_list("pk", "share_token"))
    connections.close_all()
    watching = threading.Event()
    watchers = [
        threading.Thread(target=watcher, args=(run, session, shares[session], watching))
        for session in sessions
    ]
    for thread in watchers:
        thread.start()
    threads = [
        threading.Thread(
            target=table, args=(run, i, session, tokens[i % len(tokens)], bodies, args)
        )
        for i, session in enumerate(sessions)
    ]
    print(f"{args.tables} tables posting rounds; the phases:", flush=True)
    for thread in threads:
        thread.start()
    try:
        took = run_phases(stack, run, args)
    finally:
        run.stop.set()
        for thread in threads:
            thread.join()
        # The watching phones are given up to PUSH_GRACE seconds for the last rounds, then put
        # away.
        deadline = time.monotonic() + PUSH_GRACE
        while push_delays(run)[1] and time.monotonic() < deadline:
            time.sleep(0.1)
        stop_watching(run, watching)
        for thread in watchers:
            thread.join()
    delays, missed = push_delays(run)
    run.push = delays
    figures.append(
        Figure("push updates missed (a round answered, never shown on the table's other phone)",
               missed)
    )  # fmt: skip
    for told, what in ((True, "told by its stream"), (False, "on its screen")):
        every = [delay for phase in push_delays(run, told)[0].values() for delay in phase]
        if every:
            figures.append(
                Figure(
                    f"push: a round {what} on the other phone after the poster's answer, "
                    "p50 / p95 / p99 ms",
                    " / ".join(f"{percentile(every, q) * 1000:.0f}" for q in (0.5, 0.95, 0.99)),
                    None,
                )
            )
    reader = Connection(stack.balancer_port, tokens[0])
    ledger = [problem for session in sessions for problem in ledger_problems(reader, session)]
    reader.conn.close()
    for problem in ledger[:10]:
        print(f"  PROBLEM {problem}")
    figures.append(Figure("ledger endpoint unlike its own payments, or not zero-sum", len(ledger)))
    return run, took, figures


def checked(run: Run, stack: Stack) -> list[Figure]:
    """The database read directly once the stack has stopped, and the servers' logs."""
    from calculator.models import IdempotentAnswer, Round

    kept = {
        answer.key: json.loads(answer.body)["number"]
        for answer in IdempotentAnswer.objects.filter(session__isnull=False, status=201)
    }
    stored: dict[int, list[int]] = defaultdict(list)
    for session_id, number in Round.objects.values_list("session_id", "number"):
        stored[session_id].append(number)
    counted = tally(run.sent, run.answered, kept, stored)
    told = Stats()
    told.recorded = [
        (run.sent[key], numbers[0]) for key, numbers in run.answered.items() if numbers
    ]
    print("\nafterwards, each sitting (its history re-derived by the engine):")
    history = verify(told)
    for problem in history[:10]:
        print(f"  PROBLEM {problem}")
    log_errors = [
        line
        for app in stack.apps
        for line in stack.log_lines(f"{app.name}.log")
        if any(word in line for word in ("[ERROR]", "[CRITICAL]", "Traceback", " ERROR "))
    ]
    for line in log_errors[:5]:
        print(f"  LOG {line}")
    every = sum(run.counts.values(), Counter())
    return [
        Figure("posts sent", len(run.sent), None),
        Figure("rounds stored", sum(len(numbers) for numbers in stored.values()), None),
        Figure("double sends (one post to two servers at once)", every["double sends"], None),
        Figure("rounds lost", counted["lost"]),
        Figure("rounds counted twice", counted["twice"]),
        Figure("client errors after retries", len(run.errors)),
        Figure("stale reads (a round told recorded, then not in the ledger)", every["stale reads"]),
        Figure("history problems (numbers, dealers, payments, balances, zero sum)", len(history)),
        Figure("errors in the app servers' logs", len(log_errors)),
    ]


def main() -> int:
    args = arguments()
    missing = missing_binaries()
    if missing:
        print(missing, file=sys.stderr)
        return 2
    redis_host, _, redis_port = urlsplit(args.redis).netloc.rpartition("@")[2].rpartition(":")
    for what, host, port in (
        ("PostgreSQL", urlsplit(args.pg).hostname or "127.0.0.1", urlsplit(args.pg).port or 5432),
        ("Redis", redis_host or "127.0.0.1", int(redis_port or 6379)),
    ):
        if not reachable(host, port):
            print(
                f"the stack needs {what} at {host}:{port}, which does not answer", file=sys.stderr
            )
            return 2

    began, load_before = time.monotonic(), os.getloadavg()[0]
    name = args.database.replace('"', "")
    admin_sql(
        args.pg, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)', f'CREATE DATABASE "{name}"'
    )
    # This process makes the sittings and reads the outcome directly, not through the pooler.
    os.environ.update(
        {"DATABASE_URL": f"{args.pg}/{name}", "DJANGO_SETTINGS_MODULE": "calculator.settings"}
    )
    stack = Stack(
        database=name,
        servers=args.servers,
        workers=args.workers,
        redis_url=args.redis,
        login_limit=LOGIN_LIMIT,
        keep_folder=args.keep,
    )
    try:
        stack.start_pooler()
        stack.env = stack.app_env(secrets.token_urlsafe(50))
        print(f"database {name}: created; migrating through pgbouncer …", flush=True)
        migrating = time.monotonic()
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
            cwd=HERE.parent,
            env=stack.env,
            check=True,
        )
        print(f"migrated in {time.monotonic() - migrating:.1f} s", flush=True)
        import django

        django.setup()
        try:
            run, took, figures = drive(stack, args)
        finally:
            stack.stop()
        figures += checked(run, stack)
        result = report(run, took, figures)
        if args.json:
            Path(args.json).write_text(json.dumps(result, indent=2))
    finally:
        stack.stop()
        if "django" in sys.modules and sys.modules["django"].apps.apps.ready:
            from django.db import connections

            connections.close_all()
        if args.keep:
            print(f"kept database {name} and the files in {stack.folder}")
        else:
            admin_sql(args.pg, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            stack.remove_folder()
    print(
        f"{time.monotonic() - began:.0f} s in all; load average (1 minute) {load_before:.1f} "
        f"before, {os.getloadavg()[0]:.1f} after, {os.cpu_count()} cores"
    )
    print("stack: " + ("every figure holds" if result["ok"] else "FAILED"))
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
