"""Groups of players (models.Group): what each pair of seats paid each other, kept per sitting
(models.PairTotals) through every change of a sitting's history; a group's standings, titles
and head-to-head over a period, worked out by hand; paying out and the settle-up across the
sittings not paid out; who may see and change a group."""

from __future__ import annotations

import importlib
from datetime import date, datetime
from decimal import Decimal

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model

from calculator.errors import CalculatorError
from calculator.models import PairTotals, Payment, SeatTotals, Session
from calculator.selectors.exports import session_export
from calculator.selectors.group_periods import GroupPeriod, group_game_of, group_period_of
from calculator.selectors.groups import (
    group_for_user,
    group_sittings,
    group_standings,
    group_titles_of,
    group_unpaid,
    groups_for_user,
)
from calculator.selectors.sittings import seats_of, session_balances
from calculator.selectors.standings import transfers_to_settle
from calculator.services.groups import (
    group_create,
    group_delete,
    group_member_add,
    group_member_remove,
    group_paid_out,
    group_update,
)
from calculator.services.imports import session_import
from calculator.services.roster import player_link, player_merge
from calculator.services.rounds import round_correct, round_record, round_void
from calculator.services.sittings import session_create, session_paid_out
from calculator.services.takeback import round_undo
from tests.calculator import hongzhong_sitting as hz
from tests.calculator.hands import DRAW, bao, paofeng, plain
from tests.calculator.test_games_anji import AJ15_1, AJ15_3, AJ15_9, win

pytestmark = pytest.mark.django_db


# --- what each pair paid each other, kept per sitting ------------------------------------------


def kept_pairs(session: Session) -> dict[tuple[str, str], Decimal]:
    return {
        (row.payer, row.payee): row.amount for row in PairTotals.objects.filter(session=session)
    }


def recounted_pairs(session: Session) -> dict[tuple[str, str], Decimal]:
    """What each seat paid each other, added up from the Payment rows of the rounds not voided
    (in Python, apart from the SQL of ``selectors.totals.pair_totals_of``)."""
    seats = seats_of(session)
    totals = {(a, b): Decimal(0) for a in seats for b in seats if a != b}
    for payment in Payment.objects.filter(round__session=session, round__voided=False):
        totals[(payment.payer, payment.payee)] += payment.amount
    return totals


def assert_pairs_kept(session: Session) -> None:
    kept = kept_pairs(session)
    assert kept == recounted_pairs(session)
    # Every seat's balance is what it was paid less what it paid.
    session.refresh_from_db()
    for seat, balance in session_balances(session).items():
        received = sum(amount for (_, payee), amount in kept.items() if payee == seat)
        paid = sum(amount for (payer, _), amount in kept.items() if payer == seat)
        assert received - paid == balance


def sitting_of(owner, game: str) -> tuple[Session, list[dict]]:
    if game == "anqing":
        session = session_create(owner=owner, name="安慶", players=["a", "b", "c", "d"])
        return session, [plain("E"), DRAW, bao("W", "N"), paofeng("S"), plain("N"), plain("N")]
    if game == "anji":
        session = session_create(
            owner=owner,
            name="安吉",
            players=["a", "b", "c"],
            game="anji",
            player_count=3,
            rules={"discard_win": True},
        )
        bodies = [
            win("E", AJ15_1),
            win("W", {**AJ15_9, "discarder": "S", "flowers": ""}),
            win("E", AJ15_3),
            win("S", AJ15_9),
        ]
        return session, bodies
    session = session_create(owner=owner, name="紅中", players=hz.PLAYERS, game="hongzhong")
    return session, [step.body for step in hz.ROUNDS]


@pytest.mark.parametrize("game", ["anqing", "anji", "hongzhong"])
def test_the_kept_pair_totals_follow_every_post_correction_void_and_undo(owner, game):
    session, bodies = sitting_of(owner, game)
    # Every ordered pair of the seats in play has its row from the start, at zero.
    assert set(kept_pairs(session)) == set(recounted_pairs(session))
    assert set(kept_pairs(session).values()) == {Decimal(0)}
    for body in bodies:
        round_record(session=session, entry=body, user=owner)
        assert_pairs_kept(session)
    assert any(kept_pairs(session).values())
    round_correct(session=session, number=1, entry=bodies[-1])
    assert_pairs_kept(session)
    before_void = kept_pairs(session)
    round_void(session=session, number=2)
    assert_pairs_kept(session)
    if Payment.objects.filter(round__session=session, round__number=2).exists():
        assert kept_pairs(session) != before_void
    round_undo(session=session, number=len(bodies))
    assert_pairs_kept(session)


def test_an_imported_sitting_has_the_same_pair_totals(owner):
    session, bodies = sitting_of(owner, "anqing")
    for body in bodies:
        round_record(session=session, entry=body, user=owner)
    round_void(session=session, number=3)
    imported = session_import(owner=owner, data=session_export(session))
    assert kept_pairs(imported) == kept_pairs(session)
    assert_pairs_kept(imported)


def test_a_sitting_without_its_rows_is_counted_whole_at_the_next_post(owner):
    session, bodies = sitting_of(owner, "anqing")
    round_record(session=session, entry=bodies[0], user=owner)
    PairTotals.objects.filter(session=session).delete()
    round_record(session=session, entry=bodies[2], user=owner)
    assert_pairs_kept(session)


def test_the_migration_fills_the_pair_totals_of_existing_sittings(owner):
    sittings = []
    for game in ("anqing", "anji", "hongzhong"):
        session, bodies = sitting_of(owner, game)
        for body in bodies[:4]:
            round_record(session=session, entry=body, user=owner)
        round_void(session=session, number=1)
        sittings.append((session, kept_pairs(session)))
    PairTotals.objects.all().delete()
    migration = importlib.import_module("calculator.migrations.0011_groups")
    migration.fill_pair_totals(apps, None)
    for session, kept in sittings:
        assert kept_pairs(session) == kept
        assert_pairs_kept(session)


# --- a group's standings, titles and head-to-head ----------------------------------------------


def opened_at(session: Session, moment: str) -> Session:
    Session.objects.filter(pk=session.pk).update(created_at=datetime.fromisoformat(moment))
    session.refresh_from_db()
    return session


@pytest.fixture
def table(owner):
    """a b c d play: Anqing in September (a wins F 3 and F 9 dealing, c wins F 6 with d liable
    under 包), Anji in December with a b c (a self-draws X 3, b X 10), 紅中 in December (b
    self-draws H 2; c wins H 2 on d's discard). A December sitting with x, who is not in the
    group, does not count."""
    september = session_create(owner=owner, name="九月", players=["a", "b", "c", "d"])
    for body in [plain("E"), paofeng("E"), bao("W", "N")]:
        round_record(session=september, entry=body, user=owner)
    anji = session_create(
        owner=owner, name="安吉", players=["a", "b", "c"], game="anji", player_count=3
    )
    for body in [win("E", AJ15_1), win("S", AJ15_9)]:
        round_record(session=anji, entry=body, user=owner)
    red = session_create(owner=owner, name="紅中", players=["a", "b", "c", "d"], game="hongzhong")
    for step in hz.ROUNDS[:2]:
        round_record(session=red, entry=step.body, user=owner)
    other = session_create(owner=owner, name="別人", players=["a", "b", "c", "x"])
    round_record(session=other, entry=plain("S"), user=owner)
    # 23:30 UTC on 30 November is already 1 December in the site's time zone (UTC+8).
    sittings = {
        "september": opened_at(september, "2026-09-28T12:00:00+00:00"),
        "anji": opened_at(anji, "2026-11-30T23:30:00+00:00"),
        "red": opened_at(red, "2026-12-20T12:00:00+00:00"),
        "other": opened_at(other, "2026-12-21T12:00:00+00:00"),
    }
    people = {
        name: september.seat_players()[seat] for name, seat in zip("abcd", "ESWN", strict=True)
    }
    group = group_create(
        owner=owner, name="週六牌友", players=[person.pk for person in people.values()]
    )
    return group, people, sittings


def period(**params: str) -> GroupPeriod:
    return group_period_of(params, date(2026, 12, 15))


def by_name(answer: dict, people: dict) -> dict[str, dict]:
    names = {person.pk: name for name, person in people.items()}
    return {names[row["id"]]: row for row in answer["standings"]}


def counts(row: dict) -> tuple:
    return (row["sittings"], row["hands"], row["wins"], row["self_draws"], row["deal_ins"])


def titles_of(answer: dict, people: dict) -> dict[tuple, tuple]:
    names = {person.pk: name for name, person in people.items()}
    return {
        (title["title"], title.get("game")): (
            title["value"],
            "".join(sorted(names[pk] for pk in title["players"])),
        )
        for title in answer["titles"]
    }


def seat_balance(session: Session, player) -> Decimal:
    seat = next(seat for seat, person in session.seat_players().items() if person == player)
    return session_balances(session)[seat]


def test_standings_of_december_count_the_sittings_of_the_month_in_the_site_time_zone(owner, table):
    group, people, sittings = table
    answer = group_standings(owner, group, period(), None)
    assert answer["period"]["value"] == "2026-12"
    assert (answer["period"]["previous"], answer["period"]["next"]) == ("2026-11", "2027-01")
    assert answer["sittings"] == 2  # Anji (1 December here) and 紅中; not the one with x
    rows = by_name(answer, people)
    # (sittings, hands, wins, self-draws, deal-ins)
    assert counts(rows["a"]) == (2, 4, 1, 1, 0)
    assert counts(rows["b"]) == (2, 4, 2, 2, 0)
    assert counts(rows["c"]) == (2, 4, 1, 0, 0)
    assert counts(rows["d"]) == (1, 2, 0, 0, 1)
    for name, row in rows.items():
        expected = sum(
            (seat_balance(sittings[key], people[name]) for key in ("anji", "red")
             if people[name] in sittings[key].seat_players().values()),
            Decimal(0),
        )  # fmt: skip
        assert Decimal(row["balance"]) == expected
    balances = [Decimal(row["balance"]) for row in answer["standings"]]
    assert balances == sorted(balances, reverse=True)
    assert rows["b"]["biggest"] == [
        {"game": "anji", "unit": "points", "value": 10, "session": sittings["anji"].pk,
         "session_name": "安吉", "round": 2},
        {"game": "hongzhong", "unit": "points", "value": 2, "session": sittings["red"].pk,
         "session_name": "紅中", "round": 1},
    ]  # fmt: skip
    # b has the most wins and self-draws; b and c share 紅中's biggest hand (H 2); nobody paid
    # under 包 in December, so nobody holds that title.
    assert titles_of(answer, people) == {
        ("wins", None): (2, "b"),
        ("self_draws", None): (2, "b"),
        ("biggest", "anji"): (10, "b"),
        ("biggest", "hongzhong"): (2, "bc"),
    }
    # The titles alone (a player's page) are the same.
    assert group_titles_of(group, period()) == answer["titles"]


def test_standings_of_all_time_a_season_a_year_and_one_game(owner, table):
    group, people, sittings = table
    everything = group_standings(owner, group, period(period="all"), None)
    rows = by_name(everything, people)
    assert everything["sittings"] == 3
    assert counts(rows["a"]) == (3, 7, 3, 3, 0)
    assert counts(rows["c"]) == (3, 7, 2, 1, 0)
    liable = SeatTotals.objects.get(session=sittings["september"], seat="N").paid_under_bao
    assert liable > 0
    assert Decimal(rows["d"]["paid_under_bao"]) == liable
    assert titles_of(everything, people) == {
        ("wins", None): (3, "a"),
        ("self_draws", None): (3, "a"),
        ("biggest", "anji"): (10, "b"),
        ("biggest", "anqing"): (9, "a"),
        ("biggest", "hongzhong"): (2, "bc"),
        ("bao", None): (str(liable.normalize()), "d"),
    }
    assert rows["a"]["biggest"][1] == {
        "game": "anqing", "unit": "fan", "value": 9, "session": sittings["september"].pk,
        "session_name": "九月", "round": 2,
    }  # fmt: skip
    autumn = group_standings(owner, group, period(period="season", season="2026-Q3"), None)
    assert (autumn["sittings"], autumn["period"]["from"], autumn["period"]["to"]) == (
        1,
        date(2026, 7, 1),
        date(2026, 9, 30),
    )
    winter = group_standings(owner, group, period(period="season"), None)
    assert (winter["period"]["value"], winter["sittings"]) == ("2026-Q4", 2)
    year = group_standings(owner, group, period(period="year"), None)
    assert (year["period"]["value"], year["sittings"]) == ("2026", 3)
    assert group_standings(owner, group, period(period="year", year="2025"), None)["sittings"] == 0
    # 紅中 alone: b and c won once each and share the title.
    red = group_standings(owner, group, period(period="all"), "hongzhong")
    assert red["sittings"] == 1
    assert titles_of(red, people)[("wins", None)] == (1, "bc")
    assert counts(by_name(red, people)["a"]) == (1, 2, 0, 0, 0)


def test_head_to_head_is_what_the_payments_of_those_sittings_say(owner, table):
    group, people, sittings = table
    answer = group_standings(owner, group, period(period="all"), None)
    paid: dict[tuple[int, int], Decimal] = {}
    for key in ("september", "anji", "red"):
        seats = sittings[key].seat_players()
        for payment in Payment.objects.filter(round__session=sittings[key], round__voided=False):
            pair = (seats[payment.payer].pk, seats[payment.payee].pk)
            paid[pair] = paid.get(pair, Decimal(0)) + payment.amount
    pairs = {(row["player"], row["other"]): row for row in answer["head_to_head"]}
    assert len(pairs) == 6  # every two of the four sat together
    for (first, second), row in pairs.items():
        first_paid = paid.get((first, second), Decimal(0))
        second_paid = paid.get((second, first), Decimal(0))
        assert Decimal(row["paid"]) == first_paid
        assert Decimal(row["received"]) == second_paid
        assert Decimal(row["net"]) == second_paid - first_paid
    # Each player's nets against the others add up to their total.
    for row in answer["standings"]:
        won = sum(
            Decimal(pair["net"]) if pair["player"] == row["id"] else -Decimal(pair["net"])
            for pair in answer["head_to_head"]
            if row["id"] in (pair["player"], pair["other"])
        )
        assert won == Decimal(row["balance"])
    # In December d sat only at 紅中 and never with… everyone did: a b c at Anji too.
    december = group_standings(owner, group, period(), "anji")
    assert {(row["player"], row["other"]) for row in december["head_to_head"]} == {
        (first.pk, second.pk)
        for first, second in [
            (people["a"], people["b"]), (people["a"], people["c"]), (people["b"], people["c"])
        ]
    }  # fmt: skip


def test_head_to_head_follows_the_people_when_they_change_seats(owner):
    """The same four people in three seatings: the pairs of seats summed in the database by
    seating are read back as people, so each pair is what their payments say (R8)."""
    first = session_create(owner=owner, name="一", players=["a", "b", "c", "d"])
    people = dict(zip("abcd", first.seat_players().values(), strict=True))
    seatings = {"一": "abcd", "二": "bcda", "三": "dcba", "四": "abcd"}
    sittings = [first]
    for name, order in list(seatings.items())[1:]:
        # A name of the roster is that person: the same four, seated anew.
        sittings.append(session_create(owner=owner, name=name, players=list(order)))
    for session in sittings:
        assert {p.pk for p in session.seat_players().values()} == {p.pk for p in people.values()}
        for body in [plain("E"), paofeng("S"), bao("W", "N"), plain("N")]:
            round_record(session=session, entry=body, user=owner)
    group = group_create(
        owner=owner, name="換位", players=[person.pk for person in people.values()]
    )
    paid: dict[tuple[int, int], Decimal] = {}
    for session in sittings:
        seats = session.seat_players()
        for payment in Payment.objects.filter(round__session=session, round__voided=False):
            pair = (seats[payment.payer].pk, seats[payment.payee].pk)
            paid[pair] = paid.get(pair, Decimal(0)) + payment.amount
    answer = group_standings(owner, group, period(period="all"), None)
    assert len(answer["head_to_head"]) == 6
    for row in answer["head_to_head"]:
        first_paid = paid.get((row["player"], row["other"]), Decimal(0))
        second_paid = paid.get((row["other"], row["player"]), Decimal(0))
        assert (Decimal(row["paid"]), Decimal(row["received"])) == (first_paid, second_paid)
    # Seated differently, the same hands moved money differently: the pairs are not all alike.
    assert len({row["net"] for row in answer["head_to_head"]}) > 1


@pytest.mark.parametrize(
    "params",
    [
        {"period": "week"},
        {"period": "month", "month": "2026-13"},
        {"period": "month", "month": "12/2026"},
        {"period": "season", "season": "2026-Q5"},
        {"period": "year", "year": "26"},
    ],
)
def test_a_bad_period_is_refused_naming_the_field(params):
    with pytest.raises(CalculatorError) as refused:
        period(**params)
    assert refused.value.code == "E_INVALID"
    named = params.get("month") and "month" or params.get("season") and "season"
    named = named or params.get("year") and "year" or "period"
    assert named in refused.value.message_en


def test_a_bad_game_is_refused():
    with pytest.raises(CalculatorError) as refused:
        group_game_of({"game": "poker"})
    assert "game" in refused.value.message_en
    assert group_game_of({}) is None
    assert group_game_of({"game": "anji"}) == "anji"


# --- paying out, and the settle-up across the sittings not paid out ------------------------------


def settles(answer: dict) -> None:
    """The transfers bring every balance to zero, in fewer transfers than people owing."""
    left = {row["player"]: Decimal(row["balance"]) for row in answer["balances"]}
    for transfer in answer["transfers"]:
        left[transfer["from"]] += Decimal(transfer["amount"])
        left[transfer["to"]] -= Decimal(transfer["amount"])
    assert set(left.values()) <= {Decimal(0)}
    assert len(answer["transfers"]) <= max(len(left) - 1, 0)


def test_the_settle_up_sums_the_sittings_not_paid_out(owner, table):
    group, people, sittings = table
    unpaid = group_unpaid(group)
    counted = [sittings[key] for key in ("september", "anji", "red")]
    assert unpaid["sittings"] == [session.pk for session in counted]
    for row in unpaid["balances"]:
        person = next(p for p in people.values() if p.pk == row["player"])
        expected = sum(
            (seat_balance(s, person) for s in counted if person in s.seat_players().values()),
            Decimal(0),
        )
        assert Decimal(row["balance"]) == expected != 0
    settles(unpaid)
    # 紅中 paid out: it leaves the settle-up but still counts in the standings.
    session_paid_out(session=sittings["red"], user=owner, paid=True)
    after = group_unpaid(group)
    assert after["sittings"] == [sittings["september"].pk, sittings["anji"].pk]
    settles(after)
    assert after["balances"] != unpaid["balances"]
    assert group_standings(owner, group, period(), None)["sittings"] == 2
    # Taken back, then every sitting of the settle-up marked at once.
    session_paid_out(session=sittings["red"], user=owner, paid=False)
    assert group_unpaid(group)["sittings"] == unpaid["sittings"]
    marked = group_paid_out(group=group, user=owner, sittings=unpaid["sittings"])
    assert (marked.marked, marked.not_yours) == (unpaid["sittings"], [])
    assert group_unpaid(group) == {"sittings": [], "balances": [], "transfers": []}
    sittings["other"].refresh_from_db()
    assert sittings["other"].paid_out_at is None  # not the group's
    assert Session.objects.get(pk=sittings["red"].pk).paid_out_by == owner


def test_the_fewest_transfers_take_any_keys_in_the_order_given():
    balances = {7: Decimal("5"), 3: Decimal("-5"), 9: Decimal("2"), 4: Decimal("-2")}
    transfers = transfers_to_settle(balances, [7, 3, 9, 4])
    assert transfers == [
        {"from": 3, "to": 7, "amount": "5"},
        {"from": 4, "to": 9, "amount": "2"},
    ]
    # Seats still settle as before.
    assert transfers_to_settle({"E": Decimal("3"), "S": Decimal("-3")}) == [
        {"from": "S", "to": "E", "amount": "3"}
    ]


# --- who may see and change a group ---------------------------------------------------------------


def test_who_sees_a_group_and_who_may_change_it(owner, table):
    group, people, sittings = table
    users = get_user_model().objects
    stranger = users.create_user("stranger", password="pw-x-12345")
    member = users.create_user("member", password="pw-x-12345")
    linked = users.create_user("linked", password="pw-x-12345")
    for user in (stranger, member, linked):
        with pytest.raises(CalculatorError) as hidden:
            group_for_user(user, group.pk)
        assert hidden.value.status == 404
    group_member_add(group=group, user=owner, username="member")
    player_link(player=people["c"], user=owner, username="linked")
    assert group_for_user(member, group.pk) == group
    assert group_for_user(linked, group.pk) == group
    assert list(groups_for_user(stranger)) == []
    assert list(groups_for_user(linked)) == [group]
    # A member reads the standings, but may not open the owner's sittings from them.
    seen = group_standings(member, group, period(period="all"), None)
    assert all(hand["session"] is None for row in seen["standings"] for hand in row["biggest"])
    for user in (member, linked, stranger):
        for write in (
            lambda u: group_update(group=group, user=u, name="新名字"),
            lambda u: group_member_add(group=group, user=u, username="stranger"),
            lambda u: group_delete(group=group, user=u),
            lambda u: group_paid_out(group=group, user=u, sittings=[]),
            lambda u: session_paid_out(session=sittings["red"], user=u, paid=True),
        ):
            with pytest.raises(CalculatorError) as refused:
                write(user)
            assert refused.value.code == "E_FORBIDDEN"
    group_member_remove(group=group, user=owner, username="member")
    with pytest.raises(CalculatorError):
        group_for_user(member, group.pk)


def test_a_group_is_made_of_the_owners_roster(owner, table):
    group, people, sittings = table
    someone = get_user_model().objects.create_user("someone", password="pw-x-12345")
    theirs = session_create(owner=someone, name="t", players=["p", "q", "r", "s"])
    for players in ([people["a"].pk], [people["a"].pk, theirs.east_id], "1,2", [True, False]):
        with pytest.raises(CalculatorError) as refused:
            group_create(owner=owner, name="g", players=players)
        assert refused.value.code == "E_INVALID" and "players" in refused.value.message_en
    for name in ("", "  ", "x" * 61, None):
        with pytest.raises(CalculatorError) as refused:
            group_create(owner=owner, name=name, players=[people["a"].pk, people["b"].pk])
        assert "name" in refused.value.message_en
    # Three of them: the Anji sitting (a b c) counts, the others not.
    group_update(group=group, user=owner, name=" 三人 ", players=[people[n].pk for n in "abc"])
    group.refresh_from_db()
    assert group.name == "三人"
    assert list(group_sittings(group)) == [sittings["anji"]]


def test_a_merge_keeps_the_person_in_the_groups_of_the_entry_merged(owner):
    first = session_create(owner=owner, name="一", players=["a", "b", "c", "d"])
    second = session_create(
        owner=owner,
        name="二",
        players=["a2", "b", "c", "d"],
        new_players=[True, False, False, False],
    )
    group = group_create(
        owner=owner, name="g", players=[p.pk for p in second.seat_players().values()]
    )
    player_merge(owner=owner, keep=first.east, merged=second.east)
    assert first.east in group.players.all()
    # Both sittings are now of the group's people.
    assert set(group_sittings(group)) == {first, second}
