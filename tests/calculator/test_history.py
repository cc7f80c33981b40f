"""Every change of a sitting's history bumps its version once; what changes no history, or is
refused, leaves it alone."""

from __future__ import annotations

import pytest

from calculator.errors import CalculatorError
from calculator.models import Session
from calculator.services.rounds import round_correct, round_record, round_void
from calculator.services.sittings import (
    rules_change,
    session_archive,
    session_restore,
    share_link_revoke,
    share_link_rotate,
)
from calculator.services.takeback import round_undo
from tests.calculator.hands import DRAW, paofeng, plain

pytestmark = pytest.mark.django_db


# --- the version goes up with every change of history, once --------------------------------------


def version_of(session: Session) -> int:
    return Session.objects.values_list("version", flat=True).get(pk=session.pk)


def test_every_change_of_history_bumps_the_version_once(sitting, owner):
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
    for expected, step in enumerate(steps, start=1):
        step()
        assert version_of(sitting) == expected
    # What changes no history leaves the version alone: a void of a voided round, a repeated
    # archive's counterpart, the share link, the members.
    round_void(session=sitting, number=1)
    session_restore(session=sitting, user=owner)
    share_link_rotate(session=sitting, user=owner)
    share_link_revoke(session=sitting, user=owner)
    assert version_of(sitting) == len(steps)


def test_a_refused_round_bumps_nothing(sitting):
    with pytest.raises(CalculatorError):
        round_record(session=sitting, entry={**plain("S"), "win_tile": "5z"})
    assert version_of(sitting) == 0
