"""The totals kept per seat of a sitting (models.SeatTotals) follow every change of its history
(record, correct, void, undo, import) and agree with the settle-up statistics
(``selectors.standings._player_stats``); the numbers below are worked out by hand from the rule books.

The statistics of a sitting are kept per version of its history too: a second visit costs one
query, and any change of history (even through a session object read before it) shows at once."""

from __future__ import annotations

from decimal import Decimal

import pytest

from calculator.models import Payment, SeatTotals, Session
from calculator.selectors.exports import session_export
from calculator.selectors.sittings import SEAT_FIELDS, seats_of, session_balances
from calculator.selectors.standings import _player_stats, player_stats
from calculator.selectors.totals import seat_totals_of
from calculator.services.imports import session_import
from calculator.services.roster import player_merge
from calculator.services.rounds import round_correct, round_record, round_void
from calculator.services.sittings import session_create
from calculator.services.takeback import round_undo
from tests.calculator import hongzhong_sitting as hz
from tests.calculator.hands import DRAW, bao, paofeng, plain
from tests.calculator.test_games_anji import AJ15_1, AJ15_3, AJ15_9, win

pytestmark = pytest.mark.django_db

KEPT = ("wins", "self_draws", "dealer_wins", "deal_ins", "biggest", "biggest_round", "hand_sum")


def kept(session: Session) -> dict[str, tuple]:
    rows = SeatTotals.objects.filter(session=session).order_by("seat")
    return {row.seat: tuple(getattr(row, field) for field in KEPT) for row in rows}


def agrees_with_settle_up(session: Session) -> None:
    """The kept totals are what the settle-up statistics count, and the balances the stored
    ones."""
    session.refresh_from_db()
    stats = {row["seat"]: row for row in _player_stats(
        session, session_balances(session)
    )}  # fmt: skip
    rows = {row.seat: row for row in SeatTotals.objects.filter(session=session)}
    assert set(rows) == set(seats_of(session))
    for seat, row in rows.items():
        expected = stats[seat]
        assert row.player_id == getattr(session, f"{SEAT_FIELDS[seat]}_id")
        assert row.balance == Decimal(expected["balance"])
        assert row.hands == expected["rounds"]
        assert (row.wins, row.dealer_wins) == (expected["wins"], expected["dealer_wins"])
        assert row.rounds_dealt == expected["rounds_dealt"]
        assert row.paid_under_bao == Decimal(expected["paid_under_bao"])
        assert row.bao_payments == expected["bao_payments"]
        if session.game == "anqing":  # the settle-up page counts fan (R7), only Anqing has it
            assert row.biggest == expected["biggest_fan"]
            average = expected["average_fan"]
            if average is not None:
                assert (Decimal(row.hand_sum) / row.wins).quantize(Decimal("0.01")) == Decimal(
                    average
                )


def test_anqing_totals_through_record_correct_void_and_undo(owner):
    session = session_create(owner=owner, name="安慶", players=["a", "b", "c", "d"])
    assert kept(session) == dict.fromkeys("ESWN", (0, 0, 0, 0, None, None, 0))
    # 1 E (dealer) F 3; 2 draw; 3 W F 6 with N liable (順包, R10.2); 4 S (dealing, R2.2) F 9;
    # 5 N F 3.
    for body in [plain("E"), DRAW, bao("W", "N"), paofeng("S"), plain("N")]:
        round_record(session=session, entry=body, user=owner)
    assert kept(session) == {
        "E": (1, 1, 1, 0, 3, 1, 3),
        "S": (1, 1, 1, 0, 9, 4, 9),
        "W": (1, 1, 0, 0, 6, 3, 6),
        "N": (1, 1, 0, 0, 3, 5, 3),
    }
    assert SeatTotals.objects.get(session=session, seat="N").paid_under_bao > 0
    assert SeatTotals.objects.get(session=session, seat="E").hands == 5
    agrees_with_settle_up(session)
    # Round 4 corrected to S's plain hand (F 3): S's biggest is 3, in round 4.
    round_correct(session=session, number=4, entry=plain("S"))
    assert kept(session)["S"] == (1, 1, 1, 0, 3, 4, 3)
    agrees_with_settle_up(session)
    # Round 3 voided: W has no win, N pays nothing under 包.
    round_void(session=session, number=3)
    assert kept(session)["W"] == (0, 0, 0, 0, None, None, 0)
    north = SeatTotals.objects.get(session=session, seat="N")
    assert (north.paid_under_bao, north.bao_payments, north.hands) == (0, 0, 4)
    agrees_with_settle_up(session)
    # Round 5 undone.
    round_undo(session=session, number=5)
    assert kept(session)["N"] == (0, 0, 0, 0, None, None, 0)
    assert SeatTotals.objects.get(session=session, seat="E").hands == 3
    agrees_with_settle_up(session)


def test_anji_totals_count_x_and_the_discarder(owner):
    session = session_create(
        owner=owner,
        name="安吉",
        players=["甲", "乙", "丙"],
        game="anji",
        player_count=3,
        rules={"discard_win": True},
    )
    # 1 S self-draws AJ15.1 (X 3) while E deals; 2 S self-draws AJ15.3 (X 3) dealing;
    # 3 W wins AJ15.9 on E's discard.
    round_record(session=session, entry=win("S", AJ15_1), user=owner)
    round_record(session=session, entry=win("S", AJ15_3), user=owner)
    third = round_record(
        session=session,
        entry=win("W", {**AJ15_9, "discarder": "E", "flowers": ""}),
        user=owner,
    ).round
    x = third.scoring["x"]
    assert kept(session) == {
        "E": (0, 0, 0, 1, None, None, 0),
        "S": (2, 2, 1, 0, 3, 1, 6),
        "W": (1, 0, 0, 0, x, 3, x),
    }
    agrees_with_settle_up(session)
    round_correct(session=session, number=1, entry=win("S", AJ15_9))  # X 10
    assert kept(session)["S"] == (2, 2, 1, 0, 10, 1, 13)
    agrees_with_settle_up(session)
    round_void(session=session, number=3)
    assert kept(session)["E"] == (0, 0, 0, 0, None, None, 0)
    assert kept(session)["W"] == (0, 0, 0, 0, None, None, 0)
    agrees_with_settle_up(session)


def test_hongzhong_totals_count_each_winners_hand_points(owner):
    session = session_create(
        owner=owner, name="紅中", players=hz.PLAYERS, game="hongzhong", base_silver=hz.BASE_SILVER
    )
    for step in hz.ROUNDS[:6]:
        round_record(session=session, entry=step.body, user=owner)
    # (wins, self-draws, dealer wins, deal-ins, biggest H, its round, sum of H); rounds 5 and 6
    # have two and three winners on one discard (HZ9.2).
    assert kept(session) == {
        "E": (2, 0, 0, 0, 2, 5, 3),
        "S": (3, 1, 0, 0, 2, 1, 4),
        "W": (2, 1, 1, 1, 5, 3, 7),
        "N": (1, 0, 1, 2, 4, 6, 4),
    }
    assert SeatTotals.objects.get(session=session, seat="W").balance == Decimal(16)
    agrees_with_settle_up(session)
    # Round 5 corrected to E alone: S loses that win, and E deals round 6 (and wins it).
    round_correct(session=session, number=5, entry=hz.CORRECTION.body)
    assert kept(session)["S"] == (2, 1, 0, 0, 2, 1, 3)
    assert kept(session)["E"] == (2, 0, 1, 0, 2, 5, 3)
    assert kept(session)["N"] == (1, 0, 0, 2, 4, 6, 4)
    agrees_with_settle_up(session)
    # Round 3 voided: W keeps only round 2's win on N's discard.
    round_void(session=session, number=3)
    assert kept(session)["W"] == (1, 0, 0, 1, 2, 2, 2)
    assert SeatTotals.objects.get(session=session, seat="E").hands == 5
    agrees_with_settle_up(session)


def test_an_imported_sitting_has_the_same_totals(owner):
    session = session_create(owner=owner, name="安慶", players=["a", "b", "c", "d"])
    for body in [plain("E"), DRAW, bao("W", "N"), paofeng("S"), plain("N")]:
        round_record(session=session, entry=body, user=owner)
    round_void(session=session, number=2)
    imported = session_import(owner=owner, data=session_export(session))
    assert kept(imported) == kept(session)
    agrees_with_settle_up(imported)


def test_a_merge_moves_the_totals_to_the_person_kept(owner):
    first = session_create(owner=owner, name="一", players=["a", "b", "c", "d"])
    second = session_create(owner=owner, name="二", players=["x", "b", "c", "d"])
    round_record(session=first, entry=plain("E"), user=owner)
    keep, merged = first.east, second.east
    player_merge(owner=owner, keep=keep, merged=merged)
    assert SeatTotals.objects.filter(player=keep).count() == 2


def counted_whole(session: Session) -> dict[str, dict]:
    """The totals as a whole recount of the sitting gives them (what a correction writes)."""
    session.refresh_from_db()
    balances = session_balances(session)
    return seat_totals_of(
        session.game,
        seats_of(session),
        session.rounds.all(),
        Payment.objects.filter(round__session=session),
        balances,
    )


@pytest.mark.parametrize("game", ["anqing", "anji", "hongzhong"])
def test_a_round_added_to_the_kept_totals_is_what_a_whole_recount_gives(owner, game):
    """A round post adds its own round to the kept totals instead of counting the sitting
    again; after every post they equal the whole recount, field by field."""
    if game == "anqing":
        session = session_create(owner=owner, name="安慶", players=["a", "b", "c", "d"])
        bodies = [plain("E"), DRAW, bao("W", "N"), paofeng("S"), plain("N"), plain("N")]
    elif game == "anji":
        session = session_create(
            owner=owner, name="安吉", players=["a", "b", "c"], game="anji", player_count=3
        )
        bodies = [win("E", AJ15_1), win("S", AJ15_9), win("E", AJ15_3), win("E", AJ15_1)]
    else:
        session = session_create(owner=owner, name="紅中", players=hz.PLAYERS, game="hongzhong")
        bodies = [step.body for step in hz.ROUNDS]
    for body in bodies:
        round_record(session=session, entry=body, user=owner)
        whole = counted_whole(session)
        for row in SeatTotals.objects.filter(session=session):
            assert {field: getattr(row, field) for field in whole[row.seat]} == whole[row.seat]


# --- the statistics, kept per version of the history ------------------------------------------


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
