"""``GET /api/share/{token}/`` answers the fewest transfers that settle the sitting now
(``transfers``), without logging in, as the share page shows them: the same hand-worked
evening as ``tests/pages/test_share_settle.py`` (balances E +12, S +18, W −12, N −18: two
transfers, W → E 12 and N → S 18)."""

from __future__ import annotations

import pytest

from calculator.models import Session
from calculator.services.rounds import round_record
from calculator.services.sittings import session_archive
from tests.factories import api_client
from tests.pages.test_share_settle import EVENING, adjustment

pytestmark = pytest.mark.django_db


def shared(sitting: Session, **headers: str):
    return api_client().get(f"/api/share/{sitting.share_token}/", headers=headers)


def test_the_share_answer_holds_the_transfers(sitting, owner):
    before = shared(sitting).json()
    assert before["transfers"] == []  # no money moved yet: nobody owes anybody
    for entry in EVENING:
        round_record(session=sitting, entry=entry, user=owner)
    answer = shared(sitting).json()
    assert answer["session"]["state"]["balances"] == {"E": "12", "S": "18", "W": "-12", "N": "-18"}
    assert answer["transfers"] == [
        {"from": "W", "to": "E", "amount": "12"},
        {"from": "N", "to": "S", "amount": "18"},
    ]
    # The owner's own settlement says the same.
    own = api_client(owner).get(f"/api/sessions/{sitting.pk}/settlement/").json()
    assert own == answer["transfers"]


def test_the_transfers_follow_a_new_round_and_the_etag_moves(sitting, owner):
    for entry in EVENING:
        round_record(session=sitting, entry=entry, user=owner)
    first = shared(sitting)
    assert shared(sitting, If_None_Match=first["ETag"]).status_code == 304
    round_record(session=sitting, entry=adjustment("side_payment", "E", "N", "18"), user=owner)
    moved = shared(sitting, If_None_Match=first["ETag"])
    assert moved.status_code == 200
    # E −6, S +18, W −12, N 0: W → S 12, E → S 6.
    assert moved.json()["transfers"] == [
        {"from": "W", "to": "S", "amount": "12"},
        {"from": "E", "to": "S", "amount": "6"},
    ]
    session_archive(session=sitting, user=owner)
    closed = shared(sitting).json()
    assert closed["session"]["archived"] is True
    assert closed["transfers"] == moved.json()["transfers"]
