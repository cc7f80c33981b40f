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
from collections.abc import AsyncIterator, Callable

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
from calculator.models import Session
from calculator.selectors.access import session_for_user, share_version

# How long a phone waits before it connects again: after a stream's planned end, and (longer)
# after a worker that keeps no streams answered it.
RECONNECT_MS = 2_000
NO_STREAM_HERE_MS = 60_000
HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}


@require_safe
async def session_events(request: HttpRequest, pk: int) -> HttpResponse:
    """The stream of a sitting for its owner and members; 404 for anyone else."""

    def sitting() -> int:
        user = request.user
        try:
            return session_for_user(user, pk).pk
        except CalculatorError:
            raise Http404(_("找不到这一场。")) from None

    return await events(request, sitting)


@require_safe
async def share_events(request: HttpRequest, token: str) -> HttpResponse:
    """The stream of the sitting a share link shows; 404 once the link is stopped or replaced."""

    def sitting() -> int:
        row = share_version(token)
        if row is None:
            raise Http404(_("这个分享链接无效。"))
        return row[0]

    return await events(request, sitting)


async def events(request: HttpRequest, sitting: Callable[[], int]) -> HttpResponse:
    """``sitting()`` checks who asks (raising 404) and names the sitting's key."""
    last_seen = seen_version(request)
    pk = await sync_to_async(sitting)()
    if not isinstance(request, ASGIRequest):
        version = await sync_to_async(version_of)(pk)
        lines = [f"retry: {NO_STREAM_HERE_MS}\n".encode(), *opening(version, last_seen)]
        return answer(HttpResponse(b"".join(lines), content_type="text/event-stream"))
    # Listening before the version is read: a change that commits in between is told.
    subscription = hub().subscribe(pk)
    try:
        version = await sync_to_async(version_let_go)(pk)
    except BaseException:
        subscription.close()
        raise
    if version is None:
        subscription.close()
        raise Http404(_("找不到这一场。"))
    stream = streamed(subscription, version, last_seen)
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


def version_of(pk: int) -> int | None:
    return Session.objects.filter(pk=pk).values_list("version", flat=True).first()


def version_let_go(pk: int) -> int | None:
    """The sitting's version; then this request's database connection is closed (outside the
    tests' transaction), so an open stream holds no connection for minutes."""
    try:
        return version_of(pk)
    finally:
        if not connection.in_atomic_block:
            connection.close()


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
    subscription: Subscription, version: int, last_seen: int | None
) -> AsyncIterator[bytes]:
    """The stream: what the phone missed, then each newer version as it commits, a comment when
    nothing happened for a while, until its time is up or the phone leaves (Django cancels the
    response when the client disconnects, which closes the subscription here)."""
    loop = asyncio.get_running_loop()
    # A little jitter, so that the phones of a restart do not all come back in the same second.
    lifetime = settings.EVENTS_STREAM_LIFETIME * random.uniform(0.9, 1.0)
    deadline = loop.time() + lifetime
    try:
        yield f"retry: {RECONNECT_MS}\n".encode() + b"".join(opening(version, last_seen))
        sent = version
        while (left := deadline - loop.time()) > 0:
            told = await subscription.wait(min(settings.EVENTS_HEARTBEAT, left))
            if told is None:
                yield b": keep-alive\n\n"
                continue
            newest, unknown = told
            if unknown:
                fresh = await sync_to_async(version_let_go)(subscription.pk)
                if fresh is None:
                    return  # the sitting is gone: the phone's next connect gets its 404
                newest = max(newest or 0, fresh)
            if newest is not None and newest > sent:
                yield changed(newest)
                sent = newest
    finally:
        subscription.close()


class EventStreamGZipMiddleware(GZipMiddleware):
    """Django's gzip for every answer but an event stream, which must reach the phone as each
    event is written, uncompressed and unbuffered."""

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        if response.get("Content-Type", "").startswith("text/event-stream"):
            return response
        return super().process_response(request, response)
