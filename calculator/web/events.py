"""The event streams of a sitting (server-sent events): ``/sessions/<id>/events/`` for its owner
and members, ``/share/<token>/events/`` for its share link.

A stream says only "the sitting is now at version V" (event ``changed``, its id the version);
the page then fetches its live fragment as its poll does. On connect, a phone that sends a
``Last-Event-ID`` (or ``?v=``, the version its page shows) older than the sitting's gets one
``changed`` at once, so nothing missed while it was away stays missed. A comment every
``EVENTS_HEARTBEAT`` seconds keeps proxies from closing it; after ``EVENTS_STREAM_LIFETIME``
seconds the stream ends and the phone connects again, so no stream lives without bound.

Only the events process (ASGI, ``calculator/asgi.py``) keeps a stream open. A sync worker that
gets the request answers at once with what the phone missed and asks it to come back in a
minute: a stream never holds a worker, and the page's poll does the rest.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import AsyncIterator, Callable
from functools import partial

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.middleware.gzip import GZipMiddleware
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from calculator.errors import CalculatorError
from calculator.events import Subscription, hub
from calculator.login_attempts import client_address
from calculator.selectors.access import session_for_user, share_version

# How long a phone waits before it connects again: after a stream's planned end, and (longer)
# after a worker that keeps no streams answered it.
RECONNECT_MS = 2_000
NO_STREAM_HERE_MS = 60_000
HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
# The streams this process holds open, per client address (at most EVENTS_PER_ADDRESS each).
STREAMS: Counter[str] = Counter()


@require_safe
async def session_events(request: HttpRequest, pk: int) -> HttpResponse:
    """The stream of a sitting for its owner and members; 404 for anyone else. A member taken
    off the sitting hears nothing more: their stream ends at the next change."""
    user = request.user

    def look() -> tuple[int, int] | None:
        try:
            session = session_for_user(user, pk)
        except CalculatorError:
            return None
        return session.pk, session.version

    return await events(request, look)


@require_safe
async def share_events(request: HttpRequest, token: str) -> HttpResponse:
    """The stream of the sitting a share link shows; 404 once the link is stopped or replaced,
    and an open stream of that link ends at the next change."""
    return await events(request, partial(share_version, token))


async def events(request: HttpRequest, look: Callable[[], tuple[int, int] | None]) -> HttpResponse:
    """``look()`` names the sitting and its version for whoever asks, or None when they may not
    see it (404); it is asked again at each change, so a stream ends once its phone may no longer
    see the sitting."""
    last_seen = seen_version(request)
    seen = await sync_to_async(let_go(look))()
    if seen is None:
        raise Http404(_("找不到这一场。"))
    pk, version = seen
    address = client_address(request)
    if not isinstance(request, ASGIRequest) or STREAMS[address] >= settings.EVENTS_PER_ADDRESS:
        # A sync worker keeps no stream; nor does the events process keep more than so many for
        # one address: the phone's poll does the rest, and it tries again in a minute.
        lines = [f"retry: {NO_STREAM_HERE_MS}\n".encode(), *opening(version, last_seen)]
        return answer(HttpResponse(b"".join(lines), content_type="text/event-stream"))
    # Listening before the version is read again: a change that commits in between is told.
    subscription = hub().subscribe(pk)
    try:
        seen = await sync_to_async(let_go(look))()
    except BaseException:
        subscription.close()
        raise
    if seen is None:
        subscription.close()
        raise Http404(_("找不到这一场。"))
    stream = streamed(subscription, seen[1], last_seen, let_go(look), address)
    return answer(StreamingHttpResponse(stream, content_type="text/event-stream"))


def answer(response: HttpResponse) -> HttpResponse:
    for name, value in HEADERS.items():
        response[name] = value
    return response


def seen_version(request: HttpRequest) -> int | None:
    """The version the phone last saw: its ``Last-Event-ID`` (sent when it reconnects), else the
    ``?v=`` its page was drawn with."""
    for value in (request.headers.get("Last-Event-ID"), request.GET.get("v")):
        if value and value.strip().isdigit() and len(value.strip()) < 19:
            return int(value.strip())
    return None


def let_go(look: Callable[[], tuple[int, int] | None]) -> Callable[[], tuple[int, int] | None]:
    """``look``, after which the request's database connection is closed (outside the tests'
    transaction), so an open stream holds no connection for minutes."""

    def looked() -> tuple[int, int] | None:
        try:
            return look()
        finally:
            if not connection.in_atomic_block:
                connection.close()

    return looked


def changed(version: int) -> bytes:
    return f"id: {version}\nevent: changed\ndata: {version}\n\n".encode()


def opening(version: int | None, last_seen: int | None) -> list[bytes]:
    """``changed`` at once when the phone is behind; else only the id, so that its next
    connect says which version it has."""
    if version is None:
        return []
    if last_seen is not None and last_seen < version:
        return [changed(version)]
    return [f"id: {version}\n\n".encode()]


async def streamed(
    subscription: Subscription,
    version: int,
    last_seen: int | None,
    look: Callable[[], tuple[int, int] | None],
    address: str,
) -> AsyncIterator[bytes]:
    """The stream: what the phone missed, then each newer version as it commits, a comment when
    nothing happened for a while, until its time is up, the phone leaves (Django cancels the
    response when the client disconnects, which closes the subscription here) or ``look()``
    says the phone may no longer see the sitting (or it is gone)."""
    loop = asyncio.get_running_loop()
    # A little jitter, so that the phones of a restart do not all come back in the same second.
    lifetime = settings.EVENTS_STREAM_LIFETIME * random.uniform(0.9, 1.0)
    deadline = loop.time() + lifetime
    STREAMS[address] += 1
    try:
        yield f"retry: {RECONNECT_MS}\n".encode() + b"".join(opening(version, last_seen))
        sent = version
        while (left := deadline - loop.time()) > 0:
            told = await subscription.wait(min(settings.EVENTS_HEARTBEAT, left))
            if told is None:
                yield b": keep-alive\n\n"
                continue
            # Who may see the sitting is asked again at each change (one query): a member taken
            # off it, or a share link stopped, hears of no more changes.
            seen = await sync_to_async(look)()
            if seen is None:
                return  # the phone's next connect gets its 404
            newest = max(told[0] or 0, seen[1])
            if newest > sent:
                yield changed(newest)
                sent = newest
    finally:
        STREAMS[address] -= 1
        if STREAMS[address] <= 0:
            del STREAMS[address]
        subscription.close()


class EventStreamGZipMiddleware(GZipMiddleware):
    """Django's gzip for every answer but an event stream, which must reach the phone as each
    event is written, uncompressed and unbuffered."""

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        if response.get("Content-Type", "").startswith("text/event-stream"):
            return response
        return super().process_response(request, response)
