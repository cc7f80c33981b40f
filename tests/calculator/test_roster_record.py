"""A player's statistics over a period (GET /api/players/{id}/stats/), read from the totals
kept per sitting: the counts are worked out by hand for three small sittings."""

from __future__ import annotations

import datetime
import importlib
from decimal import Decimal

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from calculator.models import SeatTotals, Session
from calculator.selectors.roster import period_of
from calculator.services.roster import player_link
from calculator.services.rounds import round_record
from calculator.services.sittings import session_create, session_invite
from tests.calculator import hongzhong_sitting as hz
from tests.calculator.hands import paofeng, plain

pytestmark = pytest.mark.django_db


def opened_on(session: Session, day: str) -> Session:
    when = datetime.datetime.fromisoformat(f"{day}T12:00:00+00:00")
    Session.objects.filter(pk=session.pk).update(created_at=when)
    session.refresh_from_db()
    return session


@pytest.fixture
def history(owner):
    """Player "a": East at two Anqing sittings, North at a 紅中 one."""
    january = session_create(owner=owner, name="一月", players=["a", "b", "c", "d"])
    round_record(session=january, entry=plain("E"), user=owner)  # E deals, F 3
    march = session_create(owner=owner, name="三月", players=["a", "b", "c", "d"])
    # E deals and wins F 9 (獨吊); E deals again (R2.2) and S wins F 3.
    round_record(session=march, entry=paofeng("E"), user=owner)
    round_record(session=march, entry=plain("S"), user=owner)
    red = session_create(owner=owner, name="紅中", players=["x", "y", "z", "a"], game="hongzhong")
    # S self-draws (H 2); W wins on N's discard (H 2): "a" at North deals in once (HZ9.2).
    for step in hz.ROUNDS[:2]:
        round_record(session=red, entry=step.body, user=owner)
    sittings = [
        opened_on(january, "2026-01-10"),
        opened_on(march, "2026-03-05"),
        opened_on(red, "2026-03-20"),
    ]
    return january.east, sittings


def stats(api, pk: int, **params):
    return api.get(f"/api/players/{pk}/stats/", params)


def test_all_time(api, history):
    player, (january, march, red) = history
    answer = stats(api, player.pk).json()
    balances = [january.balance_e, march.balance_e, red.balance_n]
    assert answer["sittings"] == 3
    assert Decimal(answer["balance"]) == sum(balances)
    assert (answer["hands"], answer["wins"], answer["self_draws"]) == (5, 2, 2)
    assert (answer["dealer_wins"], answer["deal_ins"]) == (2, 1)
    anqing, hongzhong = answer["games"]
    assert (anqing["game"], anqing["unit"], anqing["sittings"]) == ("anqing", "fan", 2)
    assert (anqing["wins"], anqing["dealer_wins"], anqing["deal_ins"]) == (2, 2, None)
    assert anqing["biggest"] == {
        "value": 9,
        "session": march.pk,
        "session_name": "三月",
        "round": 1,
    }
    assert anqing["average"] == "6"  # (3 + 9) / 2
    assert (hongzhong["game"], hongzhong["unit"], hongzhong["wins"]) == ("hongzhong", "points", 0)
    assert (hongzhong["deal_ins"], hongzhong["biggest"], hongzhong["average"]) == (1, None, None)
    running = [sum(balances[: index + 1]) for index in range(3)]
    assert [Decimal(step["running"]) for step in answer["curve"]] == running
    assert [step["session"] for step in answer["curve"]] == [january.pk, march.pk, red.pk]


def test_a_range_of_dates(api, history):
    player, (january, march, red) = history
    answer = stats(api, player.pk, period="range", **{"from": "2026-03-01", "to": "2026-03-31"})
    answer = answer.json()
    assert answer["period"] == {"period": "range", "from": "2026-03-01", "to": "2026-03-31"}
    assert (answer["sittings"], answer["wins"], answer["deal_ins"]) == (2, 1, 1)
    assert Decimal(answer["balance"]) == march.balance_e + red.balance_n
    assert answer["games"][0]["average"] == "9"
    before = stats(api, player.pk, to="2026-02-01").json()
    assert (before["sittings"], before["wins"], before["deal_ins"]) == (1, 1, None)
    assert before["games"][0]["biggest"]["value"] == 3
    assert before["games"][0]["biggest"]["round"] == 1
    assert stats(api, player.pk, **{"from": "2027-01-01"}).json()["sittings"] == 0


def test_this_month_and_this_year():
    today = datetime.date(2026, 3, 18)
    month = period_of({"period": "month"}, today)
    year = period_of({"period": "year"}, today)
    assert (month.start, month.end) == (datetime.date(2026, 3, 1), None)
    assert (year.start, year.end) == (datetime.date(2026, 1, 1), None)
    assert period_of({}, today).kind == "all"


@pytest.mark.parametrize(
    "params",
    [
        {"period": "range", "from": "2026-02-30"},
        {"period": "range", "from": "yesterday"},
        {"to": "2026-3-1"},
        {"from": "2026-03-02", "to": "2026-03-01"},
        {"period": "week"},
    ],
)
def test_a_bad_period_is_refused_plainly(api, history, params):
    player, _ = history
    response = stats(api, player.pk, **params)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "E_INVALID"


def test_who_may_read_a_players_statistics(api, history, client_for):
    player, (january, march, red) = history
    User = get_user_model()
    friend = User.objects.create_user("friend", password="pw-friend-123")
    stranger = User.objects.create_user("stranger", password="pw-stranger-123")
    player_link(player=player, user=player.owner, username="friend")
    linked = stats(client_for(friend), player.pk).json()
    # The linked account reads the numbers but not the sitting they were in (not invited).
    assert linked["games"][0]["biggest"] == {
        "value": 9,
        "session": None,
        "session_name": None,
        "round": None,
    }
    session_invite(session=march, username="friend")
    assert stats(client_for(friend), player.pk).json()["games"][0]["biggest"]["session"] == march.pk
    assert stats(client_for(stranger), player.pk).status_code == 404
    assert stats(client_for(), player.pk).status_code in (401, 403)


def test_the_statistics_take_the_same_queries_at_any_history(api, owner):
    counts = []
    for sittings in (1, 6):
        name = f"p{sittings}"
        for _ in range(sittings):
            session = session_create(owner=owner, name=name, players=[name, "b", "c", "d"])
            for body in (plain("E"), paofeng("S"), plain("W")):
                round_record(session=session, entry=body, user=owner)
        player = session.east
        with CaptureQueriesContext(connection) as context:
            answer = stats(api, player.pk).json()
        assert answer["sittings"] == sittings
        counts.append(len(context.captured_queries))
    assert counts[0] == counts[1], counts


def test_the_migration_fills_the_totals_of_existing_sittings(owner, history):
    kept = list(SeatTotals.objects.order_by("session", "seat").values())
    SeatTotals.objects.all().delete()
    migration = importlib.import_module("calculator.migrations.0009_seat_totals")
    migration.fill_seat_totals(apps, None)
    refilled = list(SeatTotals.objects.order_by("session", "seat").values())
    assert [{**row, "id": 0} for row in refilled] == [{**row, "id": 0} for row in kept]
    assert len(refilled) == 12
