"""Seat changes (換座位): an entry of the history that moves people, not money. Each person's
balance goes with them to their new seat, the deal stays with the seat that was to deal next
(R2.2, AJ2.3, HZ2.2 pass the deal by seat), the kept totals follow people, and a void re-derives
everything after it.

Every balance below is worked out by hand: ``plain(seat)`` is a 3-fan self-draw (R7) at base
silver 1: the dealer pays 8 + 3 = 11 (R8.1), the others 4 + 3 = 7 (R9), so a non-dealer winner
gets 25; a dealer winner gets 3 × (8 + 3) = 33 (streak 0, no 連莊 bonus)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from calculator.errors import CalculatorError
from calculator.models import PairTotals, Player, Round, SeatTotals, Session
from calculator.selectors.seating import seating_now
from calculator.selectors.sittings import payment_sums, session_balances
from calculator.services.rounds import RoundEntry, round_correct, round_record, round_void
from calculator.services.sittings import session_create
from calculator.services.totals import pair_totals_refresh, seat_totals_refresh
from tests.calculator.hands import DRAW, plain
from tests.calculator.hongzhong_sitting import ROUNDS as HZ_ROUNDS
from tests.calculator.test_games_anji import AJ15_9, win

pytestmark = pytest.mark.django_db

SWAP_S_W = {"E": "E", "S": "W", "W": "S", "N": "N"}


def seat_change(session: Session, seating: dict, **kwargs) -> Round:
    return round_record(
        session=session, entry=RoundEntry(Round.SEAT_CHANGE, {"seating": seating}), **kwargs
    ).round


def balances(session: Session) -> dict[str, str]:
    session.refresh_from_db()
    found = {seat: str(value.normalize()) for seat, value in session_balances(session).items()}
    assert sum(Decimal(value) for value in found.values()) == 0  # zero-sum after every step
    # Stored == re-derived from the payments, each made at the seat its payer held then.
    assert {seat: str(v.normalize()) for seat, v in payment_sums(session).items()} == found
    return found


def names(session: Session) -> dict[str, str]:
    session.refresh_from_db()
    return {seat: player.name for seat, player in session.seat_players().items()}


def kept_totals(session: Session) -> dict[str, dict]:
    """The kept totals by person, checked against the totals counted again from history."""
    kept = {
        row.player.name: (row.seat, row.balance, row.hands, row.wins, row.dealer_wins,
                          row.rounds_dealt, row.biggest, row.biggest_round)
        for row in SeatTotals.objects.filter(session=session).select_related("player")
    }  # fmt: skip
    pairs = {
        (row.payer, row.payee): row.amount for row in PairTotals.objects.filter(session=session)
    }
    session.refresh_from_db()
    seat_totals_refresh(session, session_balances(session))
    pair_totals_refresh(session)
    again = {
        row.player.name: (row.seat, row.balance, row.hands, row.wins, row.dealer_wins,
                          row.rounds_dealt, row.biggest, row.biggest_round)
        for row in SeatTotals.objects.filter(session=session).select_related("player")
    }  # fmt: skip
    assert kept == again
    assert pairs == {
        (row.payer, row.payee): row.amount for row in PairTotals.objects.filter(session=session)
    }
    return {
        name: {"seat": seat, "balance": str(balance.normalize()), "hands": hands, "wins": wins,
               "dealer_wins": dealer_wins, "dealt": dealt}
        for name, (seat, balance, hands, wins, dealer_wins, dealt, _, _) in kept.items()
    }  # fmt: skip


@pytest.fixture
def sitting(owner) -> Session:
    return session_create(owner=owner, name="換座位", players=["阿東", "阿南", "阿西", "阿北"])


def test_balances_follow_people_and_the_deal_stays_with_the_seat(sitting, owner):
    # 1 (東 deals): 南 (阿南) self-draws: 東 -11, 西 -7, 北 -7, 南 +25; 南 deals next (R2.2).
    round_record(session=sitting, entry=plain("S"), user=owner)
    # 2: 阿南 and 阿西 swap: 南 holds 阿西's -7, 西 阿南's +25; 南 still deals next, now 阿西.
    change = seat_change(sitting, SWAP_S_W, user=owner)
    assert change.number == 2 and change.result == Round.SEAT_CHANGE
    assert not change.payments.exists()
    assert names(sitting) == {"E": "阿東", "S": "阿西", "W": "阿南", "N": "阿北"}
    assert balances(sitting) == {"E": "-11", "S": "-7", "W": "25", "N": "-7"}
    assert (sitting.next_dealer, sitting.next_streak) == ("S", 0)
    # 3: 南 (阿西, the dealer) self-draws: 3 × 11 = 33 (R8.1); 南 keeps the deal, streak 1.
    third = round_record(session=sitting, entry=plain("S"), user=owner).round
    assert (third.dealer, third.dealer_streak) == ("S", 0)
    assert balances(sitting) == {"E": "-22", "S": "26", "W": "14", "N": "-18"}
    assert (sitting.next_dealer, sitting.next_streak) == ("S", 1)
    # Per person: 阿南 won round 1 at 南 (not dealing); 阿西 dealt and won round 3 at 南;
    # 阿東 dealt round 1. Everyone played two hands (the seat change is not one).
    assert kept_totals(sitting) == {
        "阿東": {"seat": "E", "balance": "-22", "hands": 2, "wins": 0, "dealer_wins": 0, "dealt": 1},
        "阿西": {"seat": "S", "balance": "26", "hands": 2, "wins": 1, "dealer_wins": 1, "dealt": 1},
        "阿南": {"seat": "W", "balance": "14", "hands": 2, "wins": 1, "dealer_wins": 0, "dealt": 0},
        "阿北": {"seat": "N", "balance": "-18", "hands": 2, "wins": 0, "dealer_wins": 0, "dealt": 0},
    }  # fmt: skip
    # What each person paid each other, labelled by their seats now: in round 1 阿東 (東) paid
    # 阿南 (西 now) 11, 阿西 (南 now) and 阿北 (北) paid him 7 each; in round 3 阿東, 阿南 and
    # 阿北 paid 阿西 (南) 11 each.
    pairs = {
        (r.payer, r.payee): r.amount for r in PairTotals.objects.filter(session=sitting) if r.amount
    }
    assert pairs == {
        ("E", "W"): 11, ("S", "W"): 7, ("N", "W"): 7,
        ("E", "S"): 11, ("W", "S"): 11, ("N", "S"): 11,
    }  # fmt: skip


def test_voiding_a_seat_change_re_derives_everything_after_it(sitting, owner):
    round_record(session=sitting, entry=plain("S"), user=owner)
    seat_change(sitting, SWAP_S_W, user=owner)
    round_record(session=sitting, entry=plain("S"), user=owner)
    round_void(session=sitting, number=2, user=owner)
    # Back in the opening seats: round 3 is 阿南's dealer win at 南 (33), after his 25.
    assert names(sitting) == {"E": "阿東", "S": "阿南", "W": "阿西", "N": "阿北"}
    assert balances(sitting) == {"E": "-22", "S": "58", "W": "-18", "N": "-18"}
    assert kept_totals(sitting)["阿南"] == {
        "seat": "S", "balance": "58", "hands": 2, "wins": 2, "dealer_wins": 1, "dealt": 1,
    }  # fmt: skip
    assert Round.objects.get(session=sitting, number=3).seating == ""


def test_a_correction_before_a_seat_change_carries_through_it(sitting, owner):
    round_record(session=sitting, entry=plain("S"), user=owner)
    seat_change(sitting, SWAP_S_W, user=owner)
    # Round 1 was really 西's (阿西's) self-draw: 東 -11, 南 -7, 北 -7, 西 +25; the deal passes
    # to 東's 下家, 南 (R2.2).
    round_correct(session=sitting, number=1, entry=plain("W"), user=owner)
    # After the swap 阿西 sits at 南 with her 25, 阿南 at 西 with his -7; the deal stays at 南,
    # where 阿西 sits now.
    assert balances(sitting) == {"E": "-11", "S": "25", "W": "-7", "N": "-7"}
    assert (sitting.next_dealer, sitting.next_streak) == ("S", 0)
    assert names(sitting)["S"] == "阿西"


def test_all_four_reseated(sitting, owner):
    round_record(session=sitting, entry=plain("E"), user=owner)  # 東 deals and wins: +33
    seat_change(sitting, {"E": "N", "S": "E", "W": "S", "N": "W"}, user=owner)
    assert names(sitting) == {"E": "阿北", "S": "阿東", "W": "阿南", "N": "阿西"}
    assert balances(sitting) == {"E": "-11", "S": "33", "W": "-11", "N": "-11"}
    # 東 dealt and won (R2.2: the dealer keeps the deal, streak 1): now 阿北 deals at 東.
    assert (sitting.next_dealer, sitting.next_streak) == ("E", 1)


@pytest.mark.parametrize(
    "seating, words",
    [
        ({"E": "E", "S": "W", "W": "W", "N": "N"}, "阿西（W）排了兩個座位（S、W），阿南 沒有座位"),
        ({"E": "E", "S": "S", "W": "W"}, "seating.N"),
        ({"E": "E", "S": "S", "W": "W", "N": "N"}, "沒有人換座位"),
        ({"E": "E", "S": "W", "W": "S", "N": "X"}, "seating.N"),
        ({"E": "E", "S": "W", "W": "S", "N": "N", "X": "N"}, "'X'"),
        ("S↔W", "seating 必須是對象"),
    ],
)
def test_a_seating_that_is_not_a_permutation_is_refused(sitting, owner, seating, words):
    round_record(session=sitting, entry=plain("S"), user=owner)
    with pytest.raises(CalculatorError) as refused:
        seat_change(sitting, seating, user=owner)
    assert refused.value.code == "E_INVALID" and words in refused.value.message
    assert Round.objects.filter(session=sitting).count() == 1  # nothing saved
    assert names(sitting)["S"] == "阿南"


def test_a_seat_change_is_not_corrected_but_voided(sitting, owner):
    seat_change(sitting, SWAP_S_W, user=owner)
    with pytest.raises(CalculatorError, match="void it"):
        round_correct(session=sitting, number=1, entry=plain("S"), user=owner)
    with pytest.raises(CalculatorError, match="void it"):
        round_correct(
            session=sitting,
            number=1,
            entry=RoundEntry(Round.SEAT_CHANGE, {"seating": SWAP_S_W}),
            user=owner,
        )


def test_a_person_not_at_the_table_cannot_come_in(sitting, owner):
    stranger = Player.objects.create(owner=owner, name="路人")
    with pytest.raises(CalculatorError):
        seat_change(sitting, {"E": "E", "S": stranger.pk, "W": "S", "N": "N"}, user=owner)
    assert stranger.pk not in seating_now(Session.objects.get(pk=sitting.pk)).values()


def anji(owner) -> Session:
    return session_create(
        owner=owner, name="安吉", players=["甲", "乙", "丙", "丁"], game="anji", player_count=4
    )


def hongzhong(owner) -> Session:
    return session_create(
        owner=owner, name="紅中", players=["甲", "乙", "丙", "丁"], game="hongzhong"
    )


@pytest.mark.parametrize(
    "open_sitting, south_wins, draw",
    [
        # AJ2.3: the winner deals next; after a draw the dealer stays.
        (anji, win("S", AJ15_9), {"result": "draw"}),
        # HZ2.2: a single winner deals next; after a draw the dealer stays.
        (hongzhong, HZ_ROUNDS[0].body, {"result": "draw"}),
    ],
)
def test_the_deal_stays_with_the_seat_in_anji_and_hongzhong(owner, open_sitting, south_wins, draw):
    session = open_sitting(owner)
    round_record(session=session, entry=south_wins, user=owner)
    session.refresh_from_db()
    assert session.next_dealer == "S"
    before = balances(session)
    seat_change(session, SWAP_S_W, user=owner)
    assert names(session)["S"] == "丙"
    after = balances(session)
    assert (after["S"], after["W"]) == (before["W"], before["S"])
    assert (session.next_dealer, session.next_streak) == ("S", 0)
    drawn = round_record(session=session, entry=draw, user=owner).round
    assert drawn.dealer == "S"  # 丙 deals the hand after the change
    session.refresh_from_db()
    assert session.next_dealer == "S"


def test_an_anqing_draw_after_a_seat_change_keeps_the_streak(sitting, owner):
    round_record(session=sitting, entry=DRAW, user=owner)  # 東 keeps the deal, streak 1 (R2.2)
    seat_change(sitting, {"E": "S", "S": "E", "W": "W", "N": "N"}, user=owner)
    sitting.refresh_from_db()
    assert (sitting.next_dealer, sitting.next_streak) == ("E", 1)
    assert names(sitting)["E"] == "阿南"


def test_a_three_player_table_changes_seats_among_its_three(owner):
    """Anji at three (AJ2.1): 東 南 西 in play, no 北. 南 (乙) wins AJ15.9's self-drawn hand
    and 乙 and 丙 swap: the deal stays at 南 (AJ2.3: the winner deals next), now 丙's."""
    session = session_create(
        owner=owner, name="安吉", players=["甲", "乙", "丙"], game="anji", player_count=3
    )
    round_record(session=session, entry=win("S", AJ15_9), user=owner)
    before = balances(session)
    seat_change(session, {"E": "E", "S": "W", "W": "S"}, user=owner)
    assert names(session) == {"E": "甲", "S": "丙", "W": "乙"}
    after = balances(session)
    assert (after["E"], after["S"], after["W"]) == (before["E"], before["W"], before["S"])
    assert set(after) == {"E", "S", "W"} and session.next_dealer == "S"
    with pytest.raises(CalculatorError) as refused:
        seat_change(session, {"E": "E", "S": "W", "W": "S", "N": "N"}, user=owner)
    assert refused.value.field == "seating"  # 北 is not in play
