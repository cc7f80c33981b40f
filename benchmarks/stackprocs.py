"""The processes of the multi-server stack on one machine, for ``stack.py``: HAProxy in front of
several gunicorn app servers and the events process, PgBouncer in transaction pooling in front
of PostgreSQL, Redis as the cache and the push channel. Each is a child process on a free port of 127.0.0.1, its configuration and log in one
temporary folder; the settings are the ones docs/deploy.md gives for *Several app servers*.
"""

from __future__ import annotations

import csv
import http.client
import io
import json
import os
import pwd
import random
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from load import Connection, Stats, free_port, score_calls

ROOT = Path(__file__).resolve().parent.parent
INSTALL = "apt-get install haproxy pgbouncer"
# Debian puts both in /usr/sbin, which a user's PATH may lack.
SEARCH_PATH = os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin", "/sbin"])


def binaries() -> dict[str, str | None]:
    return {name: shutil.which(name, path=SEARCH_PATH) for name in ("haproxy", "pgbouncer")}


def missing_binaries() -> str | None:
    """One line saying what to install, or None when both are there."""
    missing = [name for name, path in binaries().items() if path is None]
    if not missing:
        return None
    return f"the stack needs {' and '.join(missing)}, not installed: run {INSTALL} (as root)"


def reachable(host: str, port: int) -> bool:
    try:
        socket.create_connection((host, port), 2).close()
        return True
    except OSError:
        return False


def wait_for_port(port: int, process: subprocess.Popen, what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"{what} exited with status {process.returncode}; see its log")
        if reachable("127.0.0.1", port):
            return
        time.sleep(0.1)
    raise SystemExit(f"{what} did not listen on 127.0.0.1:{port} within {seconds:g} s")


HAPROXY_CFG = """\
global
    maxconn 4000
    stats socket {socket} mode 600 level admin
    # Every request in haproxy.log (kept with --keep): its server, timings, status, retries.
    log stderr format raw local0 info

defaults
    mode http
    log global
    option httplog
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout queue 30s
    timeout http-request 10s
    timeout http-keep-alive 10s
    # A request whose connection to a server failed (nothing was sent) goes to another server.
    retries 3
    option redispatch 1
    option http-server-close
    option http-buffer-request
    option forwardfor

frontend www
    bind 127.0.0.1:{port}
    # The event streams go to the events process; every other request to the app servers.
    acl events_stream path_reg ^/(sessions/[0-9]+|share/[A-Za-z0-9_-]+)/events/$
    use_backend events if events_stream
    default_backend app

backend events
    # A stream is open for minutes and quiet between heartbeats (every 25 s): the server timeout
    # is over the heartbeat, so a live stream is never cut as idle.
    timeout server 90s
    # Each event goes out as it comes: without it HAProxy asks the kernel to wait for more data
    # (MSG_MORE), which holds a small event for about 200 ms.
    option http-no-delay
    option httpchk
    http-check send meth GET uri /healthz ver HTTP/1.1 hdr Host 127.0.0.1
    http-check expect status 200
    server events 127.0.0.1:{events_port} check inter 2s

backend app
    balance leastconn
    option httpchk
    http-check send meth GET uri /healthz ver HTTP/1.1 hdr Host 127.0.0.1
    http-check expect status 200
    # A check waits behind busy workers like any request: it has 5 s before it counts as failed,
    # and three failures take a server out. A server that refuses a connection is taken out at
    # once (leastconn would send every new request to it: a dead server has the fewest). As many
    # requests at once as a server has sync workers; the rest wait here, not in a server's
    # backlog, where a dying server would take them with it.
    timeout check 5s
    default-server check inter 2s fastinter 1s downinter 1s fall 3 rise 2 maxconn {workers} observe layer4 error-limit 1 on-error mark-down
{servers}
"""

PGBOUNCER_INI = """\
[databases]
{database} = host=127.0.0.1 port={pg_port} dbname={database}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = {port}
unix_socket_dir =
auth_type = trust
auth_file = {folder}/userlist.txt
admin_users = postgres
pool_mode = transaction
default_pool_size = {pool}
max_client_conn = 1000
query_wait_timeout = 60
"""


@dataclass
class AppServer:
    name: str
    port: int
    process: subprocess.Popen | None = None
    starts: int = 0


@dataclass
class Stack:
    """HAProxy → ``servers`` gunicorns (``workers`` sync workers each) → PgBouncer → PostgreSQL."""

    database: str
    servers: int
    workers: int
    redis_url: str
    pg_host: str = "127.0.0.1"
    pg_port: int = 5432
    login_limit: int = 5
    keep_folder: bool = False
    folder: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="anqing-stack-")))
    apps: list[AppServer] = field(default_factory=list)
    haproxy: subprocess.Popen | None = None
    pgbouncer: subprocess.Popen | None = None
    balancer_port: int = 0
    pooler_port: int = 0
    events: subprocess.Popen | None = None
    events_port: int = 0
    env: dict[str, str] = field(default_factory=dict)

    # --- PgBouncer ------------------------------------------------------------------------

    def start_pooler(self) -> None:
        self.pooler_port = free_port()
        self.folder.chmod(0o755)  # readable by the user PgBouncer runs as
        (self.folder / "userlist.txt").write_text('"postgres" ""\n')
        ini = self.folder / "pgbouncer.ini"
        ini.write_text(
            PGBOUNCER_INI.format(
                database=self.database,
                pg_port=self.pg_port,
                port=self.pooler_port,
                folder=self.folder,
                pool=self.servers * self.workers + 2,
            )
        )
        command = [binaries()["pgbouncer"] or "pgbouncer", str(ini)]
        if os.geteuid() == 0:
            # PgBouncer refuses to run as root: it drops to another user, who reads the files
            # (its log goes to standard error, kept here).
            command += ["-u", "postgres" if _user_exists("postgres") else "nobody"]
        self.pgbouncer = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=self._log("pgbouncer.log")
        )
        wait_for_port(self.pooler_port, self.pgbouncer, "pgbouncer")

    def pooler_command(self, command: str) -> None:
        """A command of PgBouncer's admin console (``PAUSE``, ``RESUME`` …): simple protocol."""
        import psycopg

        with psycopg.connect(
            host="127.0.0.1",
            port=self.pooler_port,
            dbname="pgbouncer",
            user="postgres",
            autocommit=True,
            cursor_factory=psycopg.ClientCursor,
        ) as conn:
            conn.execute(command)

    @property
    def database_url(self) -> str:
        """What the app servers connect to: the pooler."""
        return f"postgres://postgres@127.0.0.1:{self.pooler_port}/{self.database}"

    # --- the app servers ------------------------------------------------------------------

    def app_env(self, secret_key: str) -> dict[str, str]:
        return {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "calculator.settings",
            "DATABASE_URL": self.database_url,
            "DATABASE_POOLER": "transaction",
            "DJANGO_CONN_MAX_AGE": "60",
            "CACHE_URL": self.redis_url,
            "DJANGO_BEHIND_PROXY": "1",
            "DJANGO_DEBUG": "0",
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
            "DJANGO_LOGIN_FAILURE_LIMIT": str(self.login_limit),
            # One key for every server: a cookie one signs, the others read.
            "DJANGO_SECRET_KEY": secret_key,
        }

    def start_apps(self) -> None:
        self.apps = [AppServer(f"app{i + 1}", free_port()) for i in range(self.servers)]
        for app in self.apps:
            self.start_app(app, wait=False)
        for app in self.apps:
            wait_for_port(app.port, app.process, app.name, seconds=60)

    def gunicorn(
        self, module: str, port: int, options: list[str], env: dict[str, str], log: str
    ) -> subprocess.Popen:
        """A gunicorn serving ``module`` on ``port``, in a session of its own: killing it kills
        its master and workers at once, as a machine that dies would."""
        command = [
            sys.executable, "-m", "gunicorn", module,
            "--bind", f"127.0.0.1:{port}",
            *options,
            "--error-logfile", "-",
            # gunicorn's control socket is one path per user: several servers would fight for it.
            "--no-control-socket",
        ]  # fmt: skip
        return subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=self._log(log),
            start_new_session=True,
        )

    def start_app(self, app: AppServer, wait: bool = True) -> None:
        options = ["--workers", str(self.workers), "--worker-class", "sync",
                   "--timeout", "30", "--graceful-timeout", "20"]  # fmt: skip
        app.process = self.gunicorn(
            "calculator.wsgi", app.port, options, self.env, f"{app.name}.log"
        )
        app.starts += 1
        if wait:
            wait_for_port(app.port, app.process, app.name, seconds=60)

    def start_events(self) -> None:
        """The events process: gunicorn's ASGI worker serving the streams alone. It connects to
        PostgreSQL directly (a stream's reads are single statements; docs/deploy.md), and hears
        of each change through Redis pub/sub, where every app server publishes."""
        self.events_port = free_port()
        env = {**self.env, "DATABASE_URL": self.direct_url}
        env.pop("DATABASE_POOLER", None)
        options = ["--workers", "1", "--worker-class", "asgi"]
        self.events = self.gunicorn("calculator.asgi", self.events_port, options, env, "events.log")
        wait_for_port(self.events_port, self.events, "the events process", seconds=60)

    @property
    def direct_url(self) -> str:
        return f"postgres://postgres@{self.pg_host}:{self.pg_port}/{self.database}"

    def kill_app(self, app: AppServer) -> None:
        """SIGKILL to the server's master and workers, mid-request."""
        assert app.process is not None
        os.killpg(app.process.pid, signal.SIGKILL)
        app.process.wait()

    # --- HAProxy --------------------------------------------------------------------------

    def start_balancer(self) -> None:
        self.balancer_port = free_port()
        cfg = self.folder / "haproxy.cfg"
        cfg.write_text(
            HAPROXY_CFG.format(
                socket=self.folder / "haproxy.sock",
                port=self.balancer_port,
                workers=self.workers,
                events_port=self.events_port,
                servers="\n".join(f"    server {a.name} 127.0.0.1:{a.port}" for a in self.apps),
            )
        )
        self.haproxy = subprocess.Popen(
            [binaries()["haproxy"] or "haproxy", "-f", str(cfg), "-db"],
            stdout=subprocess.DEVNULL,
            stderr=self._log("haproxy.log"),
        )
        wait_for_port(self.balancer_port, self.haproxy, "haproxy")

    def balancer_stats(self) -> dict[str, dict[str, str]]:
        """Each app server's row of HAProxy's statistics: ``status`` (``UP``, ``DOWN`` … as the
        health checks see it), ``scur`` (the requests on it now) …"""
        with socket.socket(socket.AF_UNIX) as sock:
            sock.settimeout(5)
            sock.connect(str(self.folder / "haproxy.sock"))
            sock.sendall(b"show stat\n")
            data = b""
            while chunk := sock.recv(65536):
                data += chunk
        rows = csv.DictReader(io.StringIO(data.decode().lstrip("# ")))
        return {
            row["svname"]: row
            for row in rows
            if row["pxname"] == "app" and row["svname"] not in {"BACKEND", "FRONTEND"}
        }

    def balancer_states(self) -> dict[str, str]:
        return {name: row["status"] for name, row in self.balancer_stats().items()}

    def wait_until_busy(self, app: AppServer, seconds: float = 5) -> int:
        """Wait (at most ``seconds``) until HAProxy has a request on ``app``; how many it has."""
        deadline = time.monotonic() + seconds
        while True:
            busy = int(self.balancer_stats()[app.name]["scur"] or 0)
            if busy or time.monotonic() > deadline:
                return busy
            time.sleep(0.005)

    def wait_until_balanced(self, names: set[str], seconds: float = 60) -> float:
        """Wait until HAProxy counts exactly ``names`` up; the seconds it took."""
        started = time.monotonic()
        while time.monotonic() - started < seconds:
            up = {name for name, state in self.balancer_states().items() if state == "UP"}
            if up == names:
                return time.monotonic() - started
            time.sleep(0.1)
        raise SystemExit(f"haproxy did not see {sorted(names)} up within {seconds:g} s")

    # --- the whole ------------------------------------------------------------------------

    def _log(self, name: str):  # noqa: ANN202 - an open file
        return open(self.folder / name, "ab")  # noqa: SIM115 - the child process holds it

    def log_lines(self, name: str) -> list[str]:
        path = self.folder / name
        return path.read_text(errors="replace").splitlines() if path.exists() else []

    def stop(self) -> None:
        """Graceful, front to back: HAProxy first (no request, no health check more), then the
        app servers and the events process, and the pooler only once they have ended, so no
        server is left asking a database that is already gone. SIGTERM to each, SIGKILL to what
        has not ended within 30 s."""
        servers = [p for p in [*(a.process for a in self.apps), self.events] if p is not None]
        for group in ([self.haproxy], servers, [self.pgbouncer]):
            running = [p for p in group if p is not None]
            for process in running:
                if process.poll() is None:
                    if process in servers:
                        os.killpg(process.pid, signal.SIGTERM)
                    else:
                        process.send_signal(signal.SIGTERM)
            for process in running:
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()

    def remove_folder(self) -> None:
        if not self.keep_folder:
            shutil.rmtree(self.folder, ignore_errors=True)


def _user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
        return True
    except KeyError:
        return False


# --- what the servers are asked besides the tables' rounds ------------------------------------


def warm_up(port: int, token: str, session: int, workers: int) -> None:
    """A few reads sent straight to a fresh app server, from as many clients as it has workers,
    so that its first requests (imports, the first database connection) are not the players'
    and its health checks do not wait behind them."""

    hand = score_calls(random.Random(port), 1)[0][0].body  # the engine's imports and tables

    def client() -> None:
        conn = Connection(port, token)
        for path in ("/healthz", f"/api/sessions/{session}/", f"/api/sessions/{session}/ledger/"):
            conn.call("GET", path, None, {}, Stats())
        conn.call("POST", "/api/score/", hand, {}, Stats())
        conn.conn.close()

    threads = [threading.Thread(target=client) for _ in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def login_limit_attempt(stack: Stack) -> int:
    """Wrong passwords for one username from one address, sent to the app servers in turn: the
    attempt answered 429 (``login_limit`` + 1 when the servers share the counts), or 0."""
    username = f"stack-{secrets.token_hex(4)}"
    # A documentation address (RFC 3849) of its own per run, in the header only: the proxy's.
    address = f"2001:db8:{secrets.randbelow(65536):x}:{secrets.randbelow(65536):x}::1"
    for attempt in range(1, stack.login_limit + 3):
        app = stack.apps[(attempt - 1) % len(stack.apps)]
        conn = http.client.HTTPConnection("127.0.0.1", app.port, timeout=30)
        conn.request(
            "POST",
            "/api/auth/token/",
            body=json.dumps({"username": username, "password": "wrong"}),
            headers={"Content-Type": "application/json", "X-Forwarded-For": address},
        )
        status = conn.getresponse().status
        conn.close()
        if status == 429:
            return attempt
    return 0
