"""The draw for seats and the first dealer: each game's throw (R2.2, AJ2.3, HZ2.2), with the dice
scripted, and the winds turned so that the first dealer sits at East with their neighbours kept."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest

from scoring.base import Features, Game
from scoring.games import GAMES
from scoring.seat_draw import RANDOM_DEALER, die_faces, first_dealer_of, seat_draw, turned

SEATS4 = ("E", "S", "W", "N")


class Scripted(random.Random):
    """Dice thrown as scripted, the shuffle leaving the names in the order typed (or as
    ``order`` says; ``orders``: one order for each shuffle in turn), a random pick taking
    ``pick``."""

    def __init__(
        self,
        dice: Iterable[int] = (),
        order: list[int] | None = None,
        pick: int = 0,
        orders: Iterable[list[int]] = (),
    ) -> None:
        super().__init__(0)
        self.dice = list(dice)
        self.order = order
        self.orders = list(orders)
        self.pick = pick

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (1, 6)
        return self.dice.pop(0)

    def shuffle(self, x: list) -> None:  # type: ignore[override]
        order = self.orders.pop(0) if self.orders else self.order
        if order is not None:
            x[:] = [x[i] for i in order]

    def choice(self, seq):  # type: ignore[override]
        return seq[self.pick]


def dice_for(total: int) -> list[int]:
    first = min(6, total - 1)
    return [first, total - first]


# R2.2: East throws and counts round the table from themself (one) to the total.
@pytest.mark.parametrize(
    ("total", "dealer"),
    [
        (2, "S"),
        (3, "W"),
        (4, "N"),
        (5, "E"),
        (6, "S"),
        (7, "W"),
        (8, "N"),
        (9, "E"),
        (10, "S"),
        (11, "W"),
        (12, "N"),
    ],
)
def test_anqing_one_throw_counts_round_four_seats_R2_2(total: int, dealer: str) -> None:
    procedure = GAMES["anqing"].first_dealer
    throws, found = procedure.throw(SEATS4, Scripted(dice_for(total)))
    assert throws == [{"seat": "E", "dice": dice_for(total)}]
    assert found == dealer
    assert procedure.dealer_of(SEATS4, throws) == dealer


@pytest.mark.parametrize("total", range(2, 13))
def test_anqing_draw_seats_the_counted_player_at_east_neighbours_kept_R2_2(total: int) -> None:
    names = ["甲", "乙", "丙", "丁"]
    drawn = seat_draw(GAMES["anqing"].first_dealer, names, Scripted(dice_for(total)))
    counted = (total - 1) % 4  # the thrower (甲, drawn at East) counts one
    assert drawn["players"] == names[counted:] + names[:counted]
    assert drawn["players"][0] == names[counted]
    # the thrower's seat moved with them, and the throw still counts to East
    assert GAMES["anqing"].first_dealer.dealer_of(SEATS4, drawn["throws"]) == "E"
    assert drawn["method"] == "count"


def test_anqing_two_throws_are_not_its_procedure_R2_2() -> None:
    procedure = GAMES["anqing"].first_dealer
    assert procedure.dealer_of(SEATS4, []) is None
    assert procedure.dealer_of(SEATS4, [{"seat": "E", "dice": [1, 1]}] * 2) is None


# AJ2.3: every player throws in order from East, the highest deals, ties to the earlier thrower.
@pytest.mark.parametrize(
    ("totals", "dealer"),
    [
        ((7, 9), "S"),  # two players
        ((9, 9), "E"),  # two, equal: East threw first
        ((4, 11, 6), "S"),
        ((8, 3, 8), "E"),  # equal highest: the earlier thrower
        ((2, 10, 10), "S"),
        ((3, 5, 7, 12), "N"),
        ((6, 9, 9, 9), "S"),  # three equal: the first of them
        ((12, 12, 12, 12), "E"),
        ((5, 2, 11, 11), "W"),
    ],
)
def test_anji_highest_throw_deals_ties_to_the_earlier_thrower_AJ2_3(
    totals: tuple[int, ...], dealer: str
) -> None:
    seats = SEATS4[: len(totals)]
    procedure = GAMES["anji"].first_dealer
    dice = [die for total in totals for die in dice_for(total)]
    throws, found = procedure.throw(seats, Scripted(dice))
    assert [t["seat"] for t in throws] == list(seats)
    assert [sum(t["dice"]) for t in throws] == list(totals)
    assert found == dealer == procedure.dealer_of(seats, throws)


@pytest.mark.parametrize("count", [2, 3, 4])
def test_anji_draw_turns_the_winds_and_the_throws_follow_AJ2_3(count: int) -> None:
    names = ["甲", "乙", "丙", "丁"][:count]
    totals = [4] * count
    totals[-1] = 10  # the last thrower (drawn at the last seat) is highest
    dice = [die for total in totals for die in dice_for(total)]
    drawn = seat_draw(GAMES["anji"].first_dealer, names, Scripted(dice))
    assert drawn["players"] == [names[-1], *names[:-1]]
    # the throws in the order thrown, by the seats as now seated: the first thrower sits at S
    assert [t["seat"] for t in drawn["throws"]] == list(SEATS4[1:count]) + ["E"]
    assert GAMES["anji"].first_dealer.dealer_of(SEATS4[:count], drawn["throws"]) == "E"


def test_anji_throws_out_of_order_or_missing_are_not_its_procedure_AJ2_3() -> None:
    procedure = GAMES["anji"].first_dealer
    three = ("E", "S", "W")
    skip = [{"seat": s, "dice": [3, 3]} for s in ("E", "W", "S")]
    assert procedure.dealer_of(three, skip) is None
    assert procedure.dealer_of(three, skip[:2]) is None
    # from any seat, in order of play, is a throw
    turned_round = [{"seat": s, "dice": [3, 3]} for s in ("W", "E", "S")]
    assert procedure.dealer_of(three, turned_round) == "W"


@pytest.mark.parametrize("pick", [0, 1, 2, 3])
def test_hongzhong_first_dealer_is_random_and_seated_at_east_HZ2_2(pick: int) -> None:
    names = ["甲", "乙", "丙", "丁"]
    procedure = GAMES["hongzhong"].first_dealer
    assert (procedure.method, procedure.rule_id, procedure.uses_dice) == ("random", "HZ2.2", False)
    drawn = seat_draw(procedure, names, Scripted(pick=pick))
    assert drawn["throws"] == []
    assert drawn["players"] == names[pick:] + names[:pick]


def test_the_shuffle_puts_the_names_into_the_winds() -> None:
    names = ["甲", "乙", "丙", "丁"]
    drawn = seat_draw(GAMES["anqing"].first_dealer, names, Scripted([2, 3], order=[2, 0, 3, 1]))
    assert drawn["drawn"] == ["丙", "甲", "丁", "乙"]
    # 5 counts back to the thrower, 丙 at East: the seats stay as drawn
    assert drawn["players"] == drawn["drawn"]
    assert drawn["order"] == [2, 0, 3, 1]


def test_a_real_draw_seats_everyone_once() -> None:
    rng = random.Random(11)
    for code in GAMES:
        for count in GAMES[code].seat_counts:
            names = [f"p{i}" for i in range(count)]
            drawn = seat_draw(GAMES[code].first_dealer, names, rng)
            assert sorted(drawn["players"]) == names
            assert [names[i] for i in drawn["order"]] == drawn["players"]


def test_a_game_that_does_not_say_has_a_random_first_dealer() -> None:
    anqing = GAMES["anqing"]
    plain = Game(
        code="plain",
        names={"zh-hans": "素", "zh-hant": "素", "en": "Plain"},
        seat_counts=(4,),
        rulesets=("plain",),
        score=anqing.score,
        waits=None,
        house_rule_defaults=lambda ruleset: {},
        make_rules=anqing.make_rules,
        next_dealer=anqing.next_dealer,
        dealer_base=lambda rules, streak: None,
        hand_fields=(),
        features=Features(),
    )
    assert first_dealer_of(plain) is RANDOM_DEALER
    assert seat_draw(first_dealer_of(plain), ["a", "b", "c", "d"], Scripted(pick=2))["players"] == [
        "c",
        "d",
        "a",
        "b",
    ]


def test_turning_keeps_the_order_of_play_and_faces_read() -> None:
    assert turned(("E", "S", "W"), "S") == {"E": "W", "S": "E", "W": "S"}
    assert die_faces([1, 6]) == "⚀⚅"
