"""Push: every change of a sitting's version is published once its transaction commits, never on
a rollback, with the version it reached; the channels carry a notice from the writer's thread
or process to the streams' event loop (calculator/events.py)."""

from __future__ import annotations

import asyncio
import socket
import threading

import pytest
from django.db import connection, transaction

from calculator import events
from calculator.errors import CalculatorError
from calculator.models import Player, Session
from calculator.services.groups import group_create, group_paid_out
from calculator.services.roster import player_rename
from calculator.services.rounds import round_correct, round_record, round_void
from calculator.services.sittings import (
    rules_change,
    session_archive,
    session_paid_out,
    session_restore,
    share_link_rotate,
)
from calculator.services.takeback import round_undo
from tests.calculator.hands import DRAW, paofeng, plain


@pytest.fixture
def published(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int | None]]:
    """What ``publish`` was asked to send, in order."""
    sent: list[tuple[int, int | None]] = []
    monkeypatch.setattr(events, "publish", lambda pk, version: sent.append((pk, version)))
    return sent


def in_own_loop(scenario) -> None:
    """Run ``scenario()`` on an event loop of its own in a thread of its own: a browser test run
    before in this process may have left its loop on this thread, where async_to_sync refuses."""
    failed: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(scenario())
        except BaseException as error:  # noqa: BLE001 - re-raised in the test's thread
            failed.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(60)
    if failed:
        raise failed[0]


def version_of(session: Session) -> int:
    return Session.objects.values_list("version", flat=True).get(pk=session.pk)


@pytest.mark.django_db
def test_every_change_of_history_is_published_once_it_commits_with_its_version(
    sitting, owner, published, django_capture_on_commit_callbacks
) -> None:
    steps = [
        lambda: round_record(session=sitting, entry=plain("S")),
        lambda: round_record(session=sitting, entry=DRAW),
        lambda: round_correct(session=sitting, number=1, entry=paofeng("W")),
        lambda: round_void(session=sitting, number=1),
        lambda: round_undo(session=sitting, number=2),
        lambda: rules_change(session=sitting, rules={"dealer_base": 10}),
        lambda: session_archive(session=sitting, user=owner),
        lambda: session_restore(session=sitting, user=owner),
    ]
    for step in steps:
        with django_capture_on_commit_callbacks(execute=False) as waiting:
            step()
            # Nothing goes out before the commit: a phone would fetch what is not there yet.
            assert published == []
        for callback in waiting:
            callback()
        assert published == [(sitting.pk, version_of(sitting))]
        published.clear()


@pytest.mark.django_db
def test_a_change_rolled_back_publishes_nothing(
    sitting, published, django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        with pytest.raises(RuntimeError), transaction.atomic():
            round_record(session=sitting, entry=plain("S"))
            raise RuntimeError("the request fails after the round was written")
        # A refused round writes nothing and publishes nothing.
        with pytest.raises(CalculatorError):
            round_record(session=sitting, entry={**plain("S"), "win_tile": "5z"})
    assert callbacks == [] and published == []
    assert version_of(sitting) == 0


@pytest.mark.django_db
def test_what_changes_no_history_publishes_nothing(
    sitting, owner, published, django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        share_link_rotate(session=sitting, user=owner)
    assert published == []


@pytest.mark.django_db
def test_a_name_or_a_mark_over_many_sittings_publishes_each_sitting(
    sitting, owner, published, django_capture_on_commit_callbacks
) -> None:
    """A rename bumps every sitting the person sits in, paying out a group's sittings each of
    them: each is published, without a version (the stream reads it)."""
    from tests import factories

    other = factories.make_sitting(owner, name="周日牌局")
    player = Player.objects.get(owner=owner, name="阿东")
    with django_capture_on_commit_callbacks(execute=True):
        player_rename(player=player, user=owner, name="东哥")
    assert sorted(published) == sorted([(sitting.pk, None), (other.pk, None)])
    published.clear()
    people = list(Player.objects.filter(owner=owner).values_list("pk", flat=True))
    group = group_create(owner=owner, name="周末", players=people)
    with django_capture_on_commit_callbacks(execute=True):
        group_paid_out(group=group, user=owner, sittings=[sitting.pk, other.pk])
    assert sorted(published) == sorted([(sitting.pk, None), (other.pk, None)])
    published.clear()
    with django_capture_on_commit_callbacks(execute=True):
        session_paid_out(session=sitting, user=owner, paid=False)
    assert published == [(sitting.pk, version_of(sitting))]


def test_a_notice_reads_back_and_nothing_else_does() -> None:
    assert events.parse_notice(events.notice(12, 34)) == (12, 34)
    assert events.parse_notice(events.notice(12, None)) == (12, None)
    assert events.parse_notice(b"7 8") == (7, 8)
    for junk in ("", "a b", "1 2 3", "-1 2", "1 x", b"\xff"):
        assert events.parse_notice(junk) is None


# --- the channels -------------------------------------------------------------------------------


async def told_within(subscription: events.Subscription, seconds: float = 5) -> tuple:
    told = await subscription.wait(seconds)
    assert told is not None, "no notice came"
    return told


def test_the_memory_channel_wakes_a_stream_from_another_thread(settings) -> None:
    settings.EVENTS_CHANNEL = "memory"

    async def scenario() -> None:
        hub = events.hub()
        with hub.subscribe(5) as five, hub.subscribe(6) as six:
            # The write commits in a worker thread, the stream waits on the event loop.
            writer = threading.Thread(target=events.publish, args=(5, 3))
            writer.start()
            assert await told_within(five) == (3, False)
            assert await six.wait(0.05) is None
            writer.join()
            # Two notices before the stream reads: it wakes once, with the newest version.
            events.publish(5, 4)
            events.publish(5, 9)
            events.publish(5, 7)
            await asyncio.sleep(0.01)
            assert await told_within(five) == (9, False)
            events.publish(6, None)
            assert await told_within(six) == (None, True)
            assert hub.count() == 2
        # A stream that ends leaves nothing behind.
        assert hub.count() == 0 and hub.streams == {}

    in_own_loop(scenario)


def reachable(host: str, port: int) -> bool:
    try:
        socket.create_connection((host, port), 1).close()
    except OSError:
        return False
    return True


@pytest.mark.skipif(not reachable("127.0.0.1", 6379), reason="no Redis at 127.0.0.1:6379")
def test_the_redis_channel_carries_a_notice_between_processes(settings) -> None:
    settings.EVENTS_CHANNEL = "redis"
    settings.EVENTS_REDIS_URL = "redis://127.0.0.1:6379/0"
    events._redis = None

    async def scenario() -> None:
        hub = events.hub()
        with hub.subscribe(41) as stream:
            # The listener subscribes in the background: publish until it hears.
            for _attempt in range(50):
                await asyncio.to_thread(events.publish, 41, 2)
                told = await stream.wait(0.1)
                if told is not None:
                    break
            assert told == (2, False)
        hub.listener.cancel()

    try:
        in_own_loop(scenario)
    finally:
        events._redis = None


@pytest.mark.django_db(transaction=True)
def test_the_postgres_channel_carries_a_notice_once_committed(settings) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL's NOTIFY: the PostgreSQL pass runs this")
    settings.EVENTS_CHANNEL = "postgres"

    async def scenario() -> None:
        hub = events.hub()
        with hub.subscribe(42) as stream:
            told = None
            for _attempt in range(50):
                await asyncio.to_thread(publish_in_a_transaction, 42, 5, commit=True)
                told = await stream.wait(0.1)
                if told is not None:
                    break
            assert told == (5, False)
            await asyncio.to_thread(publish_in_a_transaction, 42, 6, commit=False)
            assert await stream.wait(0.3) is None
        hub.listener.cancel()

    in_own_loop(scenario)


def publish_in_a_transaction(pk: int, version: int, *, commit: bool) -> None:
    try:
        with transaction.atomic():
            events.changed_on_commit(pk, version)
            if not commit:
                raise RuntimeError("rolled back")
    except RuntimeError:
        pass
    finally:
        connection.close()


def test_a_channel_that_is_down_loses_the_notice_and_not_the_write(settings, caplog) -> None:
    settings.EVENTS_CHANNEL = "redis"
    settings.EVENTS_REDIS_URL = "redis://127.0.0.1:1/0"
    events._redis = None
    try:
        events.publish(3, 4)
    finally:
        events._redis = None
    assert "lost a notice" in caplog.text
