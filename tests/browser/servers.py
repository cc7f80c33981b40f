"""The app as a deployment runs it, for the browser tests that need more than the one-process live
server: a database of its own on PostgreSQL, sync gunicorn app servers for the pages, the ASGI
events process for the streams, and in front of each app server a small proxy that sends
``…/events/`` to the events process, as nginx does (docs/deploy.md).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
PG_HOST, PG_PORT = "127.0.0.1", 5432


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def postgres_reachable() -> bool:
    try:
        socket.create_connection((PG_HOST, PG_PORT), 2).close()
    except OSError:
        return False
    return True


class Database:
    """A PostgreSQL database made for one test and dropped after it."""

    def __init__(self) -> None:
        self.name = f"push_{os.getpid()}_{int(time.time() * 1000) % 10**8}"
        self.url = f"postgres://postgres@{PG_HOST}:{PG_PORT}/{self.name}"

    def _admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(
            host=PG_HOST, port=PG_PORT, user="postgres", dbname="postgres", autocommit=True
        ) as conn:
            conn.execute(sql)

    def create(self) -> None:
        self._admin(f'CREATE DATABASE "{self.name}"')
        self.manage("migrate", "--noinput", "-v0")

    def drop(self) -> None:
        self._admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')

    def env(self) -> dict[str, str]:
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("DJANGO_", "PYTEST", "CACHE_URL", "REDIS_URL"))
        }
        # Debug on: the servers serve their static files themselves (no collectstatic).
        env.update(DATABASE_URL=self.url, DJANGO_DEBUG="1", PYTHONUNBUFFERED="1")
        return env

    def manage(self, *args: str, stdin: str | None = None) -> str:
        done = subprocess.run(
            [str(BIN / "python"), "manage.py", *args],
            cwd=ROOT,
            env=self.env(),
            input=stdin,
            capture_output=True,
            text=True,
            timeout=180,
        )
        assert done.returncode == 0, done.stderr[-2000:]
        return done.stdout

    def shell(self, code: str) -> dict:
        """Run ``code`` in the app against this database; its last printed line is JSON."""
        out = self.manage("shell", "--no-imports", "-c", code)
        return json.loads(out.strip().splitlines()[-1])


@dataclass
class Server:
    """One gunicorn: sync workers for the pages, or the ASGI worker for the streams."""

    database: Database
    asgi: bool = False
    port: int = field(default_factory=free_port)
    process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        app, worker = (
            ("calculator.asgi", ["-k", "asgi", "--workers", "1"])
            if self.asgi
            else ("calculator.wsgi", ["--workers", "2"])
        )
        self.process = subprocess.Popen(
            [str(BIN / "gunicorn"), app, *worker, "--bind", f"127.0.0.1:{self.port}"]
            + ["--no-control-socket", "--timeout", "30", "--graceful-timeout", "1"],
            cwd=ROOT,
            env=self.database.env(),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )

    def wait_ready(self, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            assert self.process is not None and self.process.poll() is None, "server died"
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        raise AssertionError(f"{self.url} did not answer within {seconds} s")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)


class Proxy:
    """What nginx does here: a request for ``…/events/`` goes to the events process, any other to
    the app server; nothing is buffered. One request per connection (``Connection: close``)."""

    def __init__(self, pages: Server, events: Server) -> None:
        self.pages, self.events = pages, events
        self.port = free_port()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.server: asyncio.Server | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.thread.start()
        self.server = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(self.serve, "127.0.0.1", self.port), self.loop
        ).result(10)

    def stop(self) -> None:
        async def close() -> None:
            assert self.server is not None
            self.server.close()
            for task in asyncio.all_tasks():
                if task is not asyncio.current_task():
                    task.cancel()

        asyncio.run_coroutine_threadsafe(close(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await reader.readuntil(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            path = lines[0].split(" ")[1] if len(lines[0].split(" ")) > 1 else "/"
            target = self.events if path.split("?")[0].endswith("/events/") else self.pages
            kept = [
                line for line in lines[1:] if line and not line.lower().startswith("connection:")
            ]
            head = "\r\n".join([lines[0], *kept, "Connection: close", "", ""]).encode("latin-1")
            try:
                up_reader, up_writer = await asyncio.open_connection("127.0.0.1", target.port)
            except OSError:
                writer.write(
                    b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                )
                await writer.drain()
                return
            up_writer.write(head)
            await up_writer.drain()
            upward = asyncio.create_task(self.pipe(reader, up_writer))
            try:
                await self.pipe(up_reader, writer)
            finally:
                upward.cancel()
                up_writer.close()
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
            pass
        finally:
            writer.close()

    @staticmethod
    async def pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        while chunk := await source.read(65536):
            sink.write(chunk)
            await sink.drain()


@dataclass
class Deployment:
    database: Database
    pages: list[Server]
    events: Server
    proxies: list[Proxy]
