"""Undo of the last round (services.round_undo): a void of the newest round that counts, refused
when the round the page showed is no longer the last one (another phone moved on)."""

from __future__ import annotations

import pytest

from calculator import selectors, services
from calculator.errors import CalculatorError
from tests.calculator.hands import paofeng, plain


def test_undo_voids_the_last_round_and_gives_back_its_money(sitting, owner) -> None:
    services.round_record(session=sitting, entry={"result": "win", **plain("S")}, user=owner)
    after_one = selectors.session_balances(sitting)
    services.round_record(session=sitting, entry={"result": "win", **paofeng("W")}, user=owner)
    undone = services.round_undo(session=sitting, number=2, user=owner)
    assert undone.number == 2 and undone.voided
    assert selectors.session_balances(sitting) == after_one  # R9: a voided round moves no money
    # R2.2: the deal goes on from round 1, as if round 2 had not been played.
    assert selectors.session_state(sitting)["dealer"] == "S"


@pytest.mark.parametrize("meant", [1, 3, 0])
def test_undo_of_a_round_that_is_not_the_last_changes_nothing(sitting, owner, meant) -> None:
    services.round_record(session=sitting, entry={"result": "win", **plain("S")}, user=owner)
    services.round_record(session=sitting, entry={"result": "draw"}, user=owner)
    before = selectors.session_balances(sitting)
    with pytest.raises(CalculatorError) as refused:
        services.round_undo(session=sitting, number=meant, user=owner)
    assert refused.value.code == "E_CONFLICT" and refused.value.status == 409
    assert selectors.session_balances(sitting) == before
    assert not sitting.rounds.filter(voided=True).exists()


def test_undo_goes_back_one_live_round_at_a_time(sitting, owner) -> None:
    for winner in ("S", "W"):
        services.round_record(session=sitting, entry={"result": "win", **plain(winner)}, user=owner)
    services.round_undo(session=sitting, number=2, user=owner)
    with pytest.raises(CalculatorError):
        services.round_undo(session=sitting, number=2, user=owner)  # already undone
    services.round_undo(session=sitting, number=1, user=owner)
    assert selectors.session_balances(sitting) == dict.fromkeys("ESWN", 0)
