"""A sitting's event stream, as the events process (ASGI) serves it: who may open it, what it sends
first, its heartbeat, each change as it commits, its end; and the short answer a sync worker
gives instead (calculator/web/events.py)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.test import AsyncClient, Client

from calculator import events
from calculator.models import Session
from calculator.services.rounds import round_record
from calculator.services.sittings import member_remove, share_link_revoke
from tests.calculator.hands import DRAW

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def one_process(settings) -> None:
    """The stream as this process hears a change: the test publishes in its own transaction,
    which PostgreSQL's NOTIFY would hold back until a commit that never comes (the channels have
    their own tests: tests/calculator/test_events.py)."""
    settings.EVENTS_CHANNEL = "memory"


def run(scenario: Callable[[], Awaitable[None]]) -> None:
    async_to_sync(scenario)()


async def next_chunk(stream: AsyncIterator[bytes], seconds: float = 5) -> bytes:
    return await asyncio.wait_for(anext(stream), seconds)


async def opened(client: AsyncClient, url: str, **headers: str):
    response = await client.get(url, headers=headers)
    assert response.status_code == 200, response.status_code
    return response, aiter(response.streaming_content)


def behind(sitting: Session) -> Session:
    """The sitting two rounds on from the version a phone shows (0)."""
    round_record(session=sitting, entry=DRAW)
    round_record(session=sitting, entry=DRAW)
    sitting.refresh_from_db()
    assert sitting.version == 2
    return sitting


def test_a_member_s_stream_says_at_once_what_the_phone_missed(sitting, owner, member) -> None:
    sitting = behind(sitting)

    async def scenario() -> None:
        for user in (owner, member):
            client = AsyncClient()
            await client.aforce_login(user)
            # The page's version in ?v=, or the last event id a reconnecting phone sends.
            for url, headers in (
                (f"/sessions/{sitting.pk}/events/?v=0", {}),
                (f"/sessions/{sitting.pk}/events/", {"Last-Event-ID": "1"}),
                (f"/sessions/{sitting.pk}/events/?v=0", {"Last-Event-ID": "1"}),
            ):
                response, stream = await opened(client, url, **headers)
                first = await next_chunk(stream)
                assert first == b"retry: 2000\nid: 2\nevent: changed\ndata: 2\n\n", first
                await response.streaming_content.aclose()
            # Up to date: no event, only the id its next connect will send.
            response, stream = await opened(client, f"/sessions/{sitting.pk}/events/?v=2")
            assert await next_chunk(stream) == b"retry: 2000\nid: 2\n\n"
            await response.streaming_content.aclose()

    run(scenario)


def test_the_stream_is_never_cached_buffered_or_compressed(sitting, owner) -> None:
    async def scenario() -> None:
        client = AsyncClient()
        await client.aforce_login(owner)
        response, stream = await opened(
            client, f"/sessions/{sitting.pk}/events/", **{"Accept-Encoding": "gzip, br"}
        )
        assert response["Content-Type"] == "text/event-stream"
        assert response["Cache-Control"] == "no-cache"
        assert response["X-Accel-Buffering"] == "no"
        assert not response.has_header("Content-Encoding")
        assert (await next_chunk(stream)).startswith(b"retry: ")
        await response.streaming_content.aclose()

    run(scenario)


def test_each_change_arrives_as_it_commits_and_a_quiet_stream_sends_a_heartbeat(
    sitting, owner, settings
) -> None:
    settings.EVENTS_HEARTBEAT = 0.1

    async def scenario() -> None:
        client = AsyncClient()
        await client.aforce_login(owner)
        response, stream = await opened(client, f"/sessions/{sitting.pk}/events/?v=0")
        assert await next_chunk(stream) == b"retry: 2000\nid: 0\n\n"
        assert await next_chunk(stream) == b": keep-alive\n\n"
        events.publish(sitting.pk, 1)
        assert await next_chunk(stream) == b"id: 1\nevent: changed\ndata: 1\n\n"
        # An older version (a notice overtaken by another) is not sent again.
        events.publish(sitting.pk, 1)
        assert await next_chunk(stream) == b": keep-alive\n\n"
        # A notice without its version: the stream reads it.
        await Session.objects.filter(pk=sitting.pk).aupdate(version=4)
        events.publish(sitting.pk, None)
        assert await next_chunk(stream) == b"id: 4\nevent: changed\ndata: 4\n\n"
        # Another sitting's change is not this stream's.
        events.publish(sitting.pk + 1, 9)
        assert await next_chunk(stream) == b": keep-alive\n\n"
        await response.streaming_content.aclose()

    run(scenario)


def test_a_stream_ends_when_its_time_is_up_and_when_the_phone_leaves(
    sitting, owner, settings
) -> None:
    settings.EVENTS_STREAM_LIFETIME = 0.3
    settings.EVENTS_HEARTBEAT = 0.1

    async def scenario() -> None:
        hub = events.hub()
        client = AsyncClient()
        await client.aforce_login(owner)
        response, stream = await opened(client, f"/sessions/{sitting.pk}/events/")
        chunks = [chunk async for chunk in stream]
        assert chunks[0].startswith(b"retry: 2000\n")
        assert 1 <= chunks.count(b": keep-alive\n\n") <= 3
        assert hub.count() == 0
        # Phones that leave halfway: Django cancels the task that sends each stream when its
        # client disconnects; their waits are let go, nothing is left listening.
        settings.EVENTS_STREAM_LIFETIME = 300
        settings.EVENTS_HEARTBEAT = 300
        sending = []
        for _phone in range(3):
            response, stream = await opened(client, f"/sessions/{sitting.pk}/events/")
            await next_chunk(stream)
            sending.append(asyncio.create_task(anext(stream)))
        await asyncio.sleep(0.05)
        assert hub.count() == 3
        for task in sending:
            task.cancel()
        await asyncio.gather(*sending, return_exceptions=True)
        assert hub.count() == 0 and hub.streams == {}

    run(scenario)


def test_a_stranger_and_nobody_get_404_and_a_share_link_opens_its_sitting(
    sitting, owner, stranger
) -> None:
    sitting = behind(sitting)

    async def scenario() -> None:
        hub = events.hub()
        nobody = AsyncClient()
        assert (await nobody.get(f"/sessions/{sitting.pk}/events/")).status_code == 404
        other = AsyncClient()
        await other.aforce_login(stranger)
        assert (await other.get(f"/sessions/{sitting.pk}/events/")).status_code == 404
        assert (await other.get(f"/sessions/{sitting.pk + 99}/events/")).status_code == 404
        assert hub.count() == 0
        # The share link needs no log-in.
        response, stream = await opened(nobody, f"/share/{sitting.share_token}/events/?v=1")
        assert await next_chunk(stream) == b"retry: 2000\nid: 2\nevent: changed\ndata: 2\n\n"
        await response.streaming_content.aclose()
        for token in ("not-a-token", "a" * 41, "x%00y"):
            assert (await nobody.get(f"/share/{token}/events/")).status_code == 404

    run(scenario)
    token = sitting.share_token
    share_link_revoke(session=sitting, user=owner)

    async def stopped() -> None:
        assert (await AsyncClient().get(f"/share/{token}/events/")).status_code == 404

    run(stopped)


def test_a_member_taken_off_and_a_stopped_link_hear_of_no_more_changes(
    sitting, owner, member
) -> None:
    """The stream asks again at each change who may see the sitting: a member the owner took
    off, or a share link the owner stopped, gets no more versions and its stream ends (its next
    connect gets the 404)."""
    token = sitting.share_token

    async def scenario() -> None:
        client = AsyncClient()
        await client.aforce_login(member)
        response, stream = await opened(client, f"/sessions/{sitting.pk}/events/?v=0")
        shared, share_stream = await opened(AsyncClient(), f"/share/{token}/events/?v=0")
        assert await next_chunk(stream) == b"retry: 2000\nid: 0\n\n"
        assert await next_chunk(share_stream) == b"retry: 2000\nid: 0\n\n"
        # While they may see it, each change arrives.
        await sync_to_async(round_record)(session=sitting, entry=DRAW)
        events.publish(sitting.pk, 1)
        assert await next_chunk(stream) == b"id: 1\nevent: changed\ndata: 1\n\n"
        assert await next_chunk(share_stream) == b"id: 1\nevent: changed\ndata: 1\n\n"
        await sync_to_async(member_remove)(session=sitting, user=owner, username=member.username)
        await sync_to_async(share_link_revoke)(session=sitting, user=owner)
        await sync_to_async(round_record)(session=sitting, entry=DRAW)
        events.publish(sitting.pk, 2)
        for ended in (stream, share_stream):
            with pytest.raises(StopAsyncIteration):
                await next_chunk(ended)
        assert events.hub().count() == 0
        assert (await client.get(f"/sessions/{sitting.pk}/events/")).status_code == 404

    run(scenario)


def test_one_address_holds_at_most_so_many_streams_and_the_next_phone_polls(
    sitting, settings
) -> None:
    settings.EVENTS_PER_ADDRESS = 2
    settings.BEHIND_PROXY = True
    url = f"/share/{sitting.share_token}/events/?v=0"

    async def scenario() -> None:
        phones = []
        for headers in ({}, {}):
            response, stream = await opened(AsyncClient(), url, **headers)
            assert response.streaming
            await next_chunk(stream)
            phones.append(asyncio.create_task(anext(stream)))
        # A third from the same address: answered at once, asked back in a minute.
        third = await AsyncClient().get(url)
        assert third.status_code == 200 and not third.streaming
        assert third.content == b"retry: 60000\nid: 0\n\n"
        # Another address still gets its stream (behind the proxy: the address it appended).
        response, stream = await opened(AsyncClient(), url, **{"X-Forwarded-For": "192.0.2.7"})
        assert response.streaming
        await next_chunk(stream)
        phones.append(asyncio.create_task(anext(stream)))
        await asyncio.sleep(0.05)
        # Once one of the first two has left (Django cancels its task), the address may open
        # another.
        phones[0].cancel()
        await asyncio.gather(phones[0], return_exceptions=True)
        response, stream = await opened(AsyncClient(), url)
        assert response.streaming
        await next_chunk(stream)
        phones.append(asyncio.create_task(anext(stream)))
        await asyncio.sleep(0.05)  # every phone's stream waiting for news
        for phone in phones:
            phone.cancel()
        await asyncio.gather(*phones, return_exceptions=True)
        assert events.hub().count() == 0

    run(scenario)


def test_a_sync_worker_answers_at_once_and_asks_the_phone_back_in_a_minute(
    sitting, owner, stranger
) -> None:
    sitting = behind(sitting)
    client = Client()
    client.force_login(owner)
    response = client.get(f"/sessions/{sitting.pk}/events/?v=1")
    assert response.status_code == 200 and not response.streaming
    assert response["Content-Type"] == "text/event-stream"
    assert response["Cache-Control"] == "no-cache"
    assert response.content == b"retry: 60000\nid: 2\nevent: changed\ndata: 2\n\n"
    up_to_date = Client().get(
        f"/share/{sitting.share_token}/events/", headers={"Last-Event-ID": "2"}
    )
    assert up_to_date.content == b"retry: 60000\nid: 2\n\n"
    other = Client()
    other.force_login(stranger)
    assert other.get(f"/sessions/{sitting.pk}/events/").status_code == 404
    assert client.post(f"/sessions/{sitting.pk}/events/").status_code == 405


def test_the_pages_connect_their_live_regions(owner_client, sitting) -> None:
    page = owner_client.get(f"/sessions/{sitting.pk}/").content.decode()
    assert f'sse-connect="/sessions/{sitting.pk}/events/?v=0"' in page
    assert 'hx-ext="sse"' in page and "data-live " in page
    assert 'id="ledger"' in page and 'hx-trigger="sse:changed, live-poll"' in page
    assert "/static/django_htmx/ext/hx-sse-2.min.js" in page and "/static/js/live.js" in page
    share = owner_client.get(f"/share/{sitting.share_token}/").content.decode()
    assert f'sse-connect="/share/{sitting.share_token}/events/?v=0"' in share
    assert 'data-live-poll="3"' in share
