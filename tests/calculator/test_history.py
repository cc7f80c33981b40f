"""Every change of a sitting's history bumps its version once; what changes no history, or is
refused, leaves it alone."""

from __future__ import annotations

import pytest

from calculator import services
from calculator.errors import CalculatorError
from calculator.models import Session
from tests.calculator.hands import DRAW, paofeng, plain

pytestmark = pytest.mark.django_db


# --- the version goes up with every change of history, once --------------------------------------


def version_of(session: Session) -> int:
    return Session.objects.values_list("version", flat=True).get(pk=session.pk)


def test_every_change_of_history_bumps_the_version_once(sitting, owner):
    steps = [
        lambda: services.round_record(session=sitting, entry=plain("S")),
        lambda: services.round_record(session=sitting, entry=DRAW),
        lambda: services.round_correct(session=sitting, number=1, entry=paofeng("W")),
        lambda: services.round_void(session=sitting, number=1),
        lambda: services.round_undo(session=sitting, number=2),
        lambda: services.rules_change(session=sitting, rules={"dealer_base": 10}),
        lambda: services.session_archive(session=sitting, user=owner),
        lambda: services.session_restore(session=sitting, user=owner),
    ]
    for expected, step in enumerate(steps, start=1):
        step()
        assert version_of(sitting) == expected
    # What changes no history leaves the version alone: a void of a voided round, a repeated
    # archive's counterpart, the share link, the members.
    services.round_void(session=sitting, number=1)
    services.session_restore(session=sitting, user=owner)
    services.share_link_rotate(session=sitting, user=owner)
    services.share_link_revoke(session=sitting, user=owner)
    assert version_of(sitting) == len(steps)


def test_a_refused_round_bumps_nothing(sitting):
    with pytest.raises(CalculatorError):
        services.round_record(session=sitting, entry={**plain("S"), "win_tile": "5z"})
    assert version_of(sitting) == 0
