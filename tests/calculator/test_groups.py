"""Groups of players (models.Group): what each pair of seats paid each other, kept per sitting
(models.PairTotals) through every change of a sitting's history; a group's standings, titles
and head-to-head over a period, worked out by hand; paying out and the settle-up across the
sittings not paid out; who may see and change a group."""

from __future__ import annotations

import importlib
from decimal import Decimal

import pytest
from django.apps import apps

from calculator import selectors, services
from calculator.models import PairTotals, Payment, Session
from tests.calculator import hongzhong_sitting as hz
from tests.calculator.hands import DRAW, bao, paofeng, plain
from tests.calculator.test_games_anji import AJ15_1, AJ15_3, AJ15_9, win

pytestmark = pytest.mark.django_db


# --- what each pair paid each other, kept per sitting ------------------------------------------


def kept_pairs(session: Session) -> dict[tuple[str, str], Decimal]:
    return {
        (row.payer, row.payee): row.amount for row in PairTotals.objects.filter(session=session)
    }


def recounted_pairs(session: Session) -> dict[tuple[str, str], Decimal]:
    """What each seat paid each other, added up from the Payment rows of the rounds not voided
    (in Python, apart from the SQL of ``selectors.pair_totals_of``)."""
    seats = selectors.seats_of(session)
    totals = {(a, b): Decimal(0) for a in seats for b in seats if a != b}
    for payment in Payment.objects.filter(round__session=session, round__voided=False):
        totals[(payment.payer, payment.payee)] += payment.amount
    return totals


def assert_pairs_kept(session: Session) -> None:
    kept = kept_pairs(session)
    assert kept == recounted_pairs(session)
    # Every seat's balance is what it was paid less what it paid.
    session.refresh_from_db()
    for seat, balance in selectors.session_balances(session).items():
        received = sum(amount for (_, payee), amount in kept.items() if payee == seat)
        paid = sum(amount for (payer, _), amount in kept.items() if payer == seat)
        assert received - paid == balance


def sitting_of(owner, game: str) -> tuple[Session, list[dict]]:
    if game == "anqing":
        session = services.session_create(owner=owner, name="安慶", players=["a", "b", "c", "d"])
        return session, [plain("E"), DRAW, bao("W", "N"), paofeng("S"), plain("N"), plain("N")]
    if game == "anji":
        session = services.session_create(
            owner=owner,
            name="安吉",
            players=["a", "b", "c"],
            game="anji",
            player_count=3,
            rules={"discard_win": True},
        )
        bodies = [
            win("E", AJ15_1),
            win("W", {**AJ15_9, "discarder": "S", "flowers": ""}),
            win("E", AJ15_3),
            win("S", AJ15_9),
        ]
        return session, bodies
    session = services.session_create(
        owner=owner, name="紅中", players=hz.PLAYERS, game="hongzhong"
    )
    return session, [step.body for step in hz.ROUNDS]


@pytest.mark.parametrize("game", ["anqing", "anji", "hongzhong"])
def test_the_kept_pair_totals_follow_every_post_correction_void_and_undo(owner, game):
    session, bodies = sitting_of(owner, game)
    # Every ordered pair of the seats in play has its row from the start, at zero.
    assert set(kept_pairs(session)) == set(recounted_pairs(session))
    assert set(kept_pairs(session).values()) == {Decimal(0)}
    for body in bodies:
        services.round_record(session=session, entry=body, user=owner)
        assert_pairs_kept(session)
    assert any(kept_pairs(session).values())
    services.round_correct(session=session, number=1, entry=bodies[-1])
    assert_pairs_kept(session)
    before_void = kept_pairs(session)
    services.round_void(session=session, number=2)
    assert_pairs_kept(session)
    if Payment.objects.filter(round__session=session, round__number=2).exists():
        assert kept_pairs(session) != before_void
    services.round_undo(session=session, number=len(bodies))
    assert_pairs_kept(session)


def test_an_imported_sitting_has_the_same_pair_totals(owner):
    session, bodies = sitting_of(owner, "anqing")
    for body in bodies:
        services.round_record(session=session, entry=body, user=owner)
    services.round_void(session=session, number=3)
    imported = services.session_import(owner=owner, data=selectors.session_export(session))
    assert kept_pairs(imported) == kept_pairs(session)
    assert_pairs_kept(imported)


def test_a_sitting_without_its_rows_is_counted_whole_at_the_next_post(owner):
    session, bodies = sitting_of(owner, "anqing")
    services.round_record(session=session, entry=bodies[0], user=owner)
    PairTotals.objects.filter(session=session).delete()
    services.round_record(session=session, entry=bodies[2], user=owner)
    assert_pairs_kept(session)


def test_the_migration_fills_the_pair_totals_of_existing_sittings(owner):
    sittings = []
    for game in ("anqing", "anji", "hongzhong"):
        session, bodies = sitting_of(owner, game)
        for body in bodies[:4]:
            services.round_record(session=session, entry=body, user=owner)
        services.round_void(session=session, number=1)
        sittings.append((session, kept_pairs(session)))
    PairTotals.objects.all().delete()
    migration = importlib.import_module("calculator.migrations.0010_groups")
    migration.fill_pair_totals(apps, None)
    for session, kept in sittings:
        assert kept_pairs(session) == kept
        assert_pairs_kept(session)
