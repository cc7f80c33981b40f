"""Push: "sitting N is now at version V", from the write that bumped the version to every phone
that has the sitting open.

The write side calls ``changed_on_commit`` wherever a sitting's version goes up: once the
transaction commits (never on a rollback) the notice is published on the channel. The events
process (``calculator/asgi.py``) keeps one ``Hub`` per event loop: it listens on the channel
and wakes the streams of that sitting (``calculator/web/events.py``).

The channel is chosen from the settings (``EVENTS_CHANNEL``):

- ``redis``: Redis pub/sub on ``EVENTS_REDIS_URL`` (``REDIS_URL``, or ``CACHE_URL`` when it
  names Redis): every app server publishes, every events process subscribes;
- ``postgres``: PostgreSQL's ``NOTIFY``/``LISTEN`` on the database itself, when the database
  is PostgreSQL and no Redis is named: no other service to run;
- ``memory``: one process's own channel (SQLite, ``make run``): the pages and the streams must
  then be served by the same process.

A notice may carry no version (a change that updated many sittings at once): the stream reads
the sitting's version itself. When the listener loses its channel it reconnects and tells every
stream "something may have changed", so a notice lost meanwhile costs one re-read, never a
missed round.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any

import psycopg
import redis
import redis.asyncio
from django.conf import settings
from django.db import connections, transaction

logger = logging.getLogger("calculator")

# The one channel name, on Redis and on PostgreSQL alike.
CHANNEL = "sitting_changed"
# How long a listener that lost its channel waits before it tries again, in seconds.
RECONNECT_DELAY = 1.0


def notice(pk: int, version: int | None) -> str:
    """The message on the wire: ``"12 34"`` (sitting 12 is at version 34), or ``"12"``."""
    return f"{pk}" if version is None else f"{pk} {version}"


def parse_notice(text: str | bytes) -> tuple[int, int | None] | None:
    """The sitting and version of a message, or None for anything else."""
    if isinstance(text, bytes):
        text = text.decode("ascii", "replace")
    parts = text.split()
    if not 1 <= len(parts) <= 2 or not all(part.isdigit() for part in parts):
        return None
    return int(parts[0]), (int(parts[1]) if len(parts) == 2 else None)


# --- publishing ---------------------------------------------------------------------------------


def changed_on_commit(pk: int, version: int | None = None, *, using: str = "default") -> None:
    """Publish that sitting ``pk`` changed (to ``version`` where the caller knows it) once the
    current transaction commits; nothing if it rolls back. Outside a transaction: at once."""
    transaction.on_commit(lambda: publish(pk, version), using=using, robust=True)


def publish(pk: int, version: int | None) -> None:
    """Send the notice now. A channel that is down loses the notice (the pages' poll still
    brings the change) and is logged; the write that caused it has committed and stands."""
    kind = settings.EVENTS_CHANNEL
    message = notice(pk, version)
    try:
        if kind == "redis":
            _redis_client().publish(CHANNEL, message)
        elif kind == "postgres":
            with connections["default"].cursor() as cursor:
                cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, message])
        else:
            for hub in list(_HUBS.values()):
                hub.deliver_threadsafe(pk, version)
    except Exception as problem:  # a push lost is never the write's failure
        logger.warning("The %s event channel lost a notice: %s", kind, problem)


_redis_lock = threading.Lock()
_redis: Any = None


def _redis_client() -> Any:
    """One client per process (it keeps a small pool of connections)."""
    global _redis
    with _redis_lock:
        if _redis is None:
            _redis = redis.Redis.from_url(
                settings.EVENTS_REDIS_URL, socket_connect_timeout=2, socket_timeout=2
            )
        return _redis


# --- listening ----------------------------------------------------------------------------------


class Subscription:
    """One stream's wait for sitting ``pk``: the newest version told and whether one came. It
    holds one value, not a queue, so a phone that is slow to read never piles notices up."""

    def __init__(self, hub: Hub, pk: int) -> None:
        self.hub = hub
        self.pk = pk
        self.woken = asyncio.Event()
        # The newest version a notice named; None with ``woken`` set: "read it yourself".
        self.version: int | None = None
        self.unknown = False

    def tell(self, version: int | None) -> None:
        if version is None:
            self.unknown = True
        elif self.version is None or version > self.version:
            self.version = version
        self.woken.set()

    async def wait(self, timeout: float) -> tuple[int | None, bool] | None:
        """``(version, unknown)`` once a notice came within ``timeout`` seconds, else None."""
        try:
            await asyncio.wait_for(self.woken.wait(), timeout)
        except TimeoutError:
            return None
        told = (self.version, self.unknown)
        self.woken.clear()
        self.version, self.unknown = None, False
        return told

    def close(self) -> None:
        self.hub.unsubscribe(self)

    def __enter__(self) -> Subscription:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Hub:
    """The streams of one event loop, by sitting, and the one task that listens on the channel
    for them (started with the first stream, on that loop)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.streams: dict[int, set[Subscription]] = {}
        self.listener: asyncio.Task | None = None

    def subscribe(self, pk: int) -> Subscription:
        subscription = Subscription(self, pk)
        self.streams.setdefault(pk, set()).add(subscription)
        if settings.EVENTS_CHANNEL != "memory" and (self.listener is None or self.listener.done()):
            self.listener = self.loop.create_task(self._listen())
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        streams = self.streams.get(subscription.pk)
        if streams is not None:
            streams.discard(subscription)
            if not streams:
                del self.streams[subscription.pk]

    def count(self) -> int:
        return sum(len(streams) for streams in self.streams.values())

    def deliver(self, pk: int, version: int | None) -> None:
        for subscription in list(self.streams.get(pk, ())):
            subscription.tell(version)

    def deliver_threadsafe(self, pk: int, version: int | None) -> None:
        if not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.deliver, pk, version)

    def everything_may_have_changed(self) -> None:
        for pk in list(self.streams):
            self.deliver(pk, None)

    async def _listen(self) -> None:
        listen = _redis_listen if settings.EVENTS_CHANNEL == "redis" else _postgres_listen
        first = True
        while True:
            try:
                await listen(self, first)
            except asyncio.CancelledError:
                raise
            except Exception as problem:  # the channel comes back; the hub stays
                logger.warning("The event channel dropped: %s; listening again", problem)
            first = False
            await asyncio.sleep(RECONNECT_DELAY)


async def _redis_listen(hub: Hub, first: bool) -> None:
    client = redis.asyncio.Redis.from_url(settings.EVENTS_REDIS_URL, socket_connect_timeout=2)
    try:
        async with client.pubsub() as pubsub:
            await pubsub.subscribe(CHANNEL)
            if not first:
                hub.everything_may_have_changed()
            async for message in pubsub.listen():
                if message.get("type") == "message":
                    told = parse_notice(message["data"])
                    if told is not None:
                        hub.deliver(*told)
    finally:
        await client.aclose()


async def _postgres_listen(hub: Hub, first: bool) -> None:
    conn = await psycopg.AsyncConnection.connect(**postgres_params(), autocommit=True)
    try:
        await conn.execute(f"LISTEN {CHANNEL}")
        if not first:
            hub.everything_may_have_changed()
        async for message in conn.notifies():
            told = parse_notice(message.payload)
            if told is not None:
                hub.deliver(*told)
    finally:
        await conn.close()


def postgres_params() -> dict[str, Any]:
    """How to reach the database the app writes to (the test database under the tests)."""
    db = connections["default"].settings_dict
    params = {
        "dbname": db["NAME"],
        "user": db.get("USER") or None,
        "password": db.get("PASSWORD") or None,
        "host": db.get("HOST") or None,
        "port": db.get("PORT") or None,
        "connect_timeout": db.get("OPTIONS", {}).get("connect_timeout", 3),
    }
    return {key: value for key, value in params.items() if value is not None}


# The hubs by event loop: the events process has one; the tests' loops come and go.
_HUBS: dict[asyncio.AbstractEventLoop, Hub] = {}


def hub() -> Hub:
    """This event loop's hub (the events process has one loop, so one hub)."""
    loop = asyncio.get_running_loop()
    found = _HUBS.get(loop)
    if found is None:
        for closed in [other for other in _HUBS if other.is_closed()]:
            del _HUBS[closed]
        found = _HUBS[loop] = Hub(loop)
    return found
