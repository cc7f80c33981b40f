"""Migrations 0009 and 0011 count the kept totals of the sittings kept before them with their own
frozen copies of the reads: taken back to 0008 and brought forward again, every sitting's
``SeatTotals`` and ``PairTotals`` are what the services kept round by round."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from calculator.models import PairTotals, SeatTotals
from calculator.services.rounds import round_record, round_void
from calculator.services.sittings import session_create
from tests.calculator import hongzhong_sitting as hz
from tests.calculator.hands import DRAW, bao, paofeng, plain
from tests.calculator.test_games_anji import AJ15_1, AJ15_3, AJ15_9, win

BEFORE = [("calculator", "0008_player_roster")]
# Fields 0009 fills (adjusted and penalties come with 0010, for adjustments, none here).
SEAT_FIELDS = (
    "session_id",
    "seat",
    "player_id",
    "balance",
    "hands",
    "wins",
    "self_draws",
    "dealer_wins",
    "rounds_dealt",
    "deal_ins",
    "biggest",
    "biggest_round",
    "hand_sum",
    "paid_under_bao",
    "bao_payments",
)


def migrate(targets=None) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets or executor.loader.graph.leaf_nodes())


@pytest.fixture(autouse=True)
def back_to_the_newest_schema():
    """The later tests need the newest schema again."""
    yield
    migrate()


def kept() -> tuple[list[tuple], list[tuple]]:
    seats = SeatTotals.objects.order_by("session_id", "seat").values_list(*SEAT_FIELDS)
    pairs = PairTotals.objects.order_by("session_id", "payer", "payee").values_list(
        "session_id", "payer", "payee", "amount"
    )
    return list(seats), list(pairs)


@pytest.mark.django_db(transaction=True)
def test_the_migrations_count_what_the_services_kept(django_user_model):
    owner = django_user_model.objects.create_user("owner", password="pw-owner-123")
    anqing = session_create(owner=owner, name="安慶", players=["a", "b", "c", "d"])
    for entry in (plain("S"), DRAW, paofeng("W"), bao("N", "E"), plain("E"), bao("S", "W")):
        round_record(session=anqing, entry=entry, user=owner)
    round_void(session=anqing, number=3)
    anji = session_create(
        owner=owner,
        name="安吉",
        players=["a", "b", "c"],
        game="anji",
        player_count=3,
        rules={"discard_win": True},
    )
    for entry in (
        win("S", AJ15_1),
        win("S", AJ15_3),
        win("W", {**AJ15_9, "discarder": "E", "flowers": ""}),
    ):
        round_record(session=anji, entry=entry, user=owner)
    hongzhong = session_create(
        owner=owner, name="紅中", players=hz.PLAYERS, game="hongzhong", base_silver=hz.BASE_SILVER
    )
    for step in hz.ROUNDS:  # several winners on one discard among them (HZ9.2)
        round_record(session=hongzhong, entry=step.body, user=owner)
    seats, pairs = kept()
    assert len(seats) == 11 and any(row[-1] for row in seats)  # 包 payments among them
    assert any(row[3] for row in pairs)

    migrate(BEFORE)
    migrate()

    assert kept() == (seats, pairs)
