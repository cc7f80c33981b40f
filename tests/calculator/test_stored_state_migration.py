"""Migration 0004 fills the stored running state of sittings recorded before it: the same values
the services keep from then on."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from calculator.models import BALANCE_FIELDS, Round, Session
from calculator.services.rounds import round_correct, round_record, round_void
from calculator.services.sittings import session_create
from tests.calculator.hands import DRAW, bao, paofeng, plain

pytestmark = pytest.mark.django_db
migration = importlib.import_module("calculator.migrations.0004_stored_running_state")

STATE = [*BALANCE_FIELDS.values(), "next_dealer", "next_streak", "last_number"]


def test_existing_sittings_get_the_state_the_services_keep(owner):
    session = session_create(owner=owner, name="舊", players=["a", "b", "c", "d"])
    for body in (plain("E"), bao("W", "N"), DRAW, paofeng("S"), plain("N"), DRAW):
        round_record(session=session, entry=body, user=owner)
    round_void(session=session, number=2)
    round_correct(session=session, number=4, entry=plain("W"))
    empty = session_create(owner=owner, name="空", players=["a", "b", "c", "d"])
    kept = {row["pk"]: row for row in Session.objects.values("pk", *STATE)}
    rounds = list(Round.objects.order_by("pk").values("pk", *BALANCE_FIELDS.values()))
    assert kept[session.pk]["last_number"] == 6

    Session.objects.update(
        **dict.fromkeys(BALANCE_FIELDS.values(), 0), next_dealer="E", next_streak=0, last_number=0
    )
    Round.objects.update(**dict.fromkeys(BALANCE_FIELDS.values(), 0))
    migration.fill(apps, None)

    assert {row["pk"]: row for row in Session.objects.values("pk", *STATE)} == kept
    assert list(Round.objects.order_by("pk").values("pk", *BALANCE_FIELDS.values())) == rounds
    assert kept[empty.pk]["last_number"] == 0
