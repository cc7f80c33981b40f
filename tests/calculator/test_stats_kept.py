"""Statistics are kept per version of a sitting's history: a second visit costs one query, and
any change of history (even through a session object read before it) shows at once."""

from __future__ import annotations

import pytest

from calculator.selectors.standings import player_stats
from calculator.services.rounds import round_correct, round_record, round_void
from calculator.services.sittings import session_create
from tests.calculator.hands import DRAW, plain

pytestmark = pytest.mark.django_db


def wins(table: list[dict]) -> dict[str, int]:
    return {row["seat"]: row["wins"] for row in table}


def test_kept_statistics_follow_every_change(owner, django_assert_num_queries):
    session = session_create(owner=owner, name="統計", players=["a", "b", "c", "d"])
    round_record(session=session, entry=plain("S"), user=owner)
    first = player_stats(session)
    assert wins(first)["S"] == 1
    with django_assert_num_queries(1):  # the stored state, for the version
        assert player_stats(session) == first
    # The same (now stale) object: the version is read afresh, so nothing old is served.
    round_record(session=session, entry=plain("W"), user=owner)
    assert wins(player_stats(session)) == {"E": 0, "S": 1, "W": 1, "N": 0}
    round_void(session=session, number=1)
    assert wins(player_stats(session)) == {"E": 0, "S": 0, "W": 1, "N": 0}
    round_correct(session=session, number=2, entry=DRAW)
    table = player_stats(session)
    assert wins(table) == dict.fromkeys("ESWN", 0)
    assert [row["balance"] for row in table] == ["0", "0", "0", "0"]


def test_what_a_caller_does_with_its_copy_does_not_change_the_kept_one(owner):
    session = session_create(owner=owner, name="統計", players=["a", "b", "c", "d"])
    round_record(session=session, entry=plain("S"), user=owner)
    player_stats(session)[1]["wins"] = 99
    assert wins(player_stats(session))["S"] == 1
