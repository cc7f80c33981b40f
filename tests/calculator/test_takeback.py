"""Undo of the last round (services.takeback.round_undo): a void of the newest round that counts, refused
when the round the page showed is no longer the last one (another phone moved on)."""

from __future__ import annotations

import pytest

from calculator.errors import CalculatorError
from calculator.selectors.sittings import session_balances, session_state
from calculator.services.rounds import round_record
from calculator.services.takeback import round_undo
from tests.calculator.hands import paofeng, plain


def test_undo_voids_the_last_round_and_gives_back_its_money(sitting, owner) -> None:
    round_record(session=sitting, entry={"result": "win", **plain("S")}, user=owner)
    after_one = session_balances(sitting)
    round_record(session=sitting, entry={"result": "win", **paofeng("W")}, user=owner)
    undone = round_undo(session=sitting, number=2, user=owner)
    assert undone.number == 2 and undone.voided
    assert session_balances(sitting) == after_one  # R9: a voided round moves no money
    # R2.2: the deal goes on from round 1, as if round 2 had not been played.
    assert session_state(sitting)["dealer"] == "S"


@pytest.mark.parametrize("meant", [1, 3, 0])
def test_undo_of_a_round_that_is_not_the_last_changes_nothing(sitting, owner, meant) -> None:
    round_record(session=sitting, entry={"result": "win", **plain("S")}, user=owner)
    round_record(session=sitting, entry={"result": "draw"}, user=owner)
    before = session_balances(sitting)
    with pytest.raises(CalculatorError) as refused:
        round_undo(session=sitting, number=meant, user=owner)
    assert refused.value.code == "E_CONFLICT" and refused.value.status == 409
    assert session_balances(sitting) == before
    assert not sitting.rounds.filter(voided=True).exists()


def test_undo_goes_back_one_live_round_at_a_time(sitting, owner) -> None:
    for winner in ("S", "W"):
        round_record(session=sitting, entry={"result": "win", **plain(winner)}, user=owner)
    round_undo(session=sitting, number=2, user=owner)
    with pytest.raises(CalculatorError):
        round_undo(session=sitting, number=2, user=owner)  # already undone
    round_undo(session=sitting, number=1, user=owner)
    assert session_balances(sitting) == dict.fromkeys("ESWN", 0)
