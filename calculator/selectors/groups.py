"""Groups: the standings of people who play together (model ``Group``).

A sitting counts for a group when every seat in play is one of its people. Over a period (month,
season, year or all time) and a game, ``group_standings`` gives each person's sittings, hands,
wins, self-draws, dealer wins, deal-ins, what they paid under 包 (R10), penalties paid, biggest
hand per game and total, split into what the hands and what the adjustments moved; the titles; and what each two people paid each other. ``group_unpaid`` settles the sittings not paid
out yet as one. Everything is read from the kept totals, a fixed number of queries whatever the
length of the history; ``group_board`` reads a page's parts once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import BooleanField, ExpressionWrapper, Q, QuerySet, Sum

from calculator.errors import not_found
from calculator.models import Group, PairTotals, Player, SeatTotals, Session
from calculator.money import ZERO, money_str
from calculator.selectors.fees import fee_columns, kept_fees
from calculator.selectors.group_periods import GroupPeriod, in_period, period_q
from calculator.selectors.sittings import SEAT_FIELDS
from calculator.selectors.standings import transfers_to_settle
from scoring.games import game_of


def groups_for_user(user: AbstractBaseUser) -> QuerySet[Group]:
    """The groups a user may see: their own, those they were added to as a member, and those
    with a player linked to their account; everyone else's do not exist for them."""
    if not user.is_authenticated:
        return Group.objects.none()
    visible = Group.objects.filter(Q(owner=user) | _shared_with(user))
    return (
        Group.objects.filter(pk__in=visible.values("pk"))
        .select_related("owner")
        .order_by("name", "id")
    )


def _shared_with(user: AbstractBaseUser) -> Q:
    """The groups someone other than their owner may see: those they were added to as a member
    and those with a player linked to their account."""
    return Q(members=user) | Q(players__user=user)


def group_for_user(user: AbstractBaseUser, pk: int) -> Group:
    """Group ``pk`` if the user may see it (``groups_for_user``); else E_NOT_FOUND. The group is
    read by its key; only someone other than its owner asks the members and the linked
    players."""
    group = (
        Group.objects.select_related("owner").filter(pk=pk).first()
        if user.is_authenticated
        else None
    )
    if group is not None and group.owner_id != user.pk:
        if not Group.objects.filter(_shared_with(user), pk=pk).exists():
            group = None
    if group is None:
        raise not_found("找不到這個群。", "No such group.")
    return group


def group_player_ids(group: Group) -> list[int]:
    return list(group.players.order_by("name", "id").values_list("pk", flat=True))


def group_sittings(group: Group, players: list[int] | QuerySet | None = None) -> QuerySet[Session]:
    """The sittings that count for the group: every seat in play taken by one of its players (a
    three-player sitting of three of four counts; one with anybody else does not). ``players``:
    the group's ids, or a subquery of them."""
    pks = group_player_ids(group) if players is None else players
    return Session.objects.filter(east__in=pks, south__in=pks).filter(
        Q(west__isnull=True) | Q(west__in=pks), Q(north__isnull=True) | Q(north__in=pks)
    )


def group_detail(user: AbstractBaseUser, group: Group, members: bool = True) -> dict[str, Any]:
    """The group as the API and the pages show it: its players (id, name, linked account), its
    members' usernames (unless ``members`` is False: the standings page does not show them),
    and whether ``user`` owns it (and so may change it)."""
    players = group.players.order_by("name", "id").values_list("pk", "name", "user__username")
    detail = {
        "id": group.pk,
        "name": group.name,
        "owner": group.owner.get_username(),
        "yours": group.owner_id == user.pk,
        "created_at": group.created_at,
        "players": [{"id": pk, "name": name, "user": linked} for pk, name, linked in players],
    }
    if members:
        detail["members"] = list(
            group.members.order_by("username").values_list("username", flat=True)
        )
    return detail


GROUP_COUNTS = (
    "hands",
    "wins",
    "self_draws",
    "dealer_wins",
    "deal_ins",
    "bao_payments",
    "penalties",
)


def _group_row(pk: int, name: str) -> dict[str, Any]:
    return {
        "id": pk,
        "name": name,
        "sittings": 0,
        "balance": ZERO,
        "adjusted": ZERO,
        **dict.fromkeys(GROUP_COUNTS, 0),
        "paid_under_bao": ZERO,
        "fees_paid": ZERO,
        "fees_collected": ZERO,
        "biggest": [],
    }


SITTING_ROW = (
    "pk",
    "name",
    "game",
    "created_at",
    "paid_out_at",
    "owner_id",
    *(f"{f}_id" for f in SEAT_FIELDS.values()),
)


def _period_sittings(sittings: QuerySet[Session]) -> dict[int, dict[str, Any]]:
    """The sittings of a group's period, read once (one query of short rows): by id, their name,
    game, date (oldest first) and the person at each seat."""
    return {row["pk"]: row for row in sittings.order_by("created_at", "id").values(*SITTING_ROW)}


def _kept_rows(sittings: Iterable[int]) -> list[tuple]:
    """The kept ``SeatTotals`` of ``sittings`` as plain rows (one query, no GROUP BY to plan: a
    group of 100 sittings reads 400 short rows): player, sitting, balance, what adjustments moved
    of it, paid under 包, the biggest hand and its round, then ``GROUP_COUNTS``, then the table
    fees paid and collected (``selectors.fees``)."""
    return list(
        SeatTotals.objects.filter(session_id__in=list(sittings))
        .annotate(**kept_fees())
        .order_by()
        .values_list(
            "player_id",
            "session_id",
            "balance",
            "adjusted",
            "paid_under_bao",
            "biggest",
            "biggest_round",
            *GROUP_COUNTS,
            "fees_paid",
            "fees_collected",
        )
    )


@dataclass(frozen=True)
class GroupReading:
    """What a group's page reads once for all its parts: the sittings of the period (and game),
    those not paid out yet (of any period and game), and the kept rows of both."""

    period: dict[int, dict[str, Any]]
    unpaid: dict[int, dict[str, Any]]
    kept: list[tuple]


def group_reading(
    group: Group, players: list[int], period: GroupPeriod, game: str | None
) -> GroupReading:
    """The group's sittings of ``period`` and ``game`` and those not paid out, in one query
    (each row says whether it is in the period), and their kept rows in a second."""
    chosen = period_q(period, game)
    sittings = group_sittings(group, players)
    if chosen:
        sittings = sittings.filter(chosen | Q(paid_out_at__isnull=True)).annotate(
            in_period=ExpressionWrapper(chosen, output_field=BooleanField())
        )
        rows = sittings.order_by("created_at", "id").values(*SITTING_ROW, "in_period")
    else:
        rows = sittings.order_by("created_at", "id").values(*SITTING_ROW)
    rows = list(rows)
    return GroupReading(
        period={row["pk"]: row for row in rows if row.get("in_period", True)},
        unpaid={row["pk"]: row for row in rows if row["paid_out_at"] is None},
        kept=_kept_rows(row["pk"] for row in rows),
    )


def group_period_sittings(
    group: Group, players: list[int], period: GroupPeriod, game: str | None
) -> dict[int, dict[str, Any]]:
    """The group's sittings of ``period`` (and ``game``), read once for a whole page: the
    standings (``group_standings``) and the list of sittings (``group_sittings_of``)."""
    return _period_sittings(in_period(group_sittings(group, players), period, game))


def group_sittings_of(
    user: AbstractBaseUser, sittings: dict[int, dict[str, Any]], limit: int
) -> list[dict[str, Any]]:
    """The newest ``limit`` of ``sittings`` (``group_period_sittings``): id (None when ``user``
    may not open it), name, game, date and whether it was paid out."""
    rows = sorted(sittings.values(), key=lambda row: (row["created_at"], row["pk"]))[::-1][:limit]
    # Only sittings of someone else ask whether the user was invited to them.
    others = [row["pk"] for row in rows if row["owner_id"] != user.pk]
    invited = (
        set(Session.objects.filter(pk__in=others, members=user).values_list("pk", flat=True))
        if others and user.is_authenticated
        else set()
    )
    return [
        {
            "id": row["pk"] if row["owner_id"] == user.pk or row["pk"] in invited else None,
            "name": row["name"],
            "game": row["game"],
            "date": row["created_at"],
            "paid_out": row["paid_out_at"] is not None,
        }
        for row in rows
    ]


def _group_rows(
    players: list[Player] | None, sittings: dict[int, dict[str, Any]], kept: list[tuple]
) -> tuple[dict[int, dict[str, Any]], list[dict[str, Any]]]:
    """Each player's sums over ``sittings`` (``_period_sittings``), and the biggest hand of each
    player in each game with the oldest sitting and round it was won at, added up here from the
    ``kept`` rows (``_kept_rows``; those of other sittings are passed over). ``players`` None: a
    row for each player who sat at one of them (no names: for the titles alone)."""
    rows = {player.pk: _group_row(player.pk, player.name) for player in players or ()}
    best: dict[tuple[int, str], dict[str, Any]] = {}
    for player, session, balance, adjusted, bao, biggest, biggest_round, *counts, paid, got in kept:
        if session not in sittings:
            continue
        row = rows.get(player)
        if row is None:
            if players is not None:
                continue
            row = rows[player] = _group_row(player, "")
        row["sittings"] += 1
        row["balance"] += balance
        # Adjustments (penalties, side payments, chip corrections) are in the balance, and
        # counted apart from the hands, as a player's record counts them.
        row["adjusted"] += adjusted
        row["paid_under_bao"] += bao
        row["fees_paid"] += paid
        row["fees_collected"] += got
        for field, value in zip(GROUP_COUNTS, counts, strict=True):
            row[field] += value
        if biggest is None:
            continue
        sitting = sittings[session]
        key = (player, sitting["game"])
        held = best.get(key)
        # The biggest value; of equal ones, the oldest sitting's (the first time it was won).
        order = (sitting["created_at"], session)
        if (
            held is None
            or biggest > held["value"]
            or (biggest == held["value"] and order < held["order"])
        ):
            best[key] = {
                "player": player,
                "game": sitting["game"],
                "value": biggest,
                "order": order,
                "session_id": session,
                "session_name": sitting["name"],
                "biggest_round": biggest_round,
            }
    return rows, [best[key] for key in sorted(best)]


def _titled(rows: Iterable[dict[str, Any]], value: Any, **fields: Any) -> dict[str, Any] | None:
    """A title: the players with the highest ``value(row)`` (ties share it, in the order of
    their ids); nobody at 0."""
    values = {row["id"]: value(row) for row in rows}
    best = max((v for v in values.values() if v), default=None)
    if best is None:
        return None
    holders = sorted(pk for pk, v in values.items() if v == best)
    return {**fields, "value": best, "players": holders}


def _titles(rows: dict[int, dict[str, Any]], biggest: list[dict[str, Any]]) -> list[dict]:
    """胡牌王 (most wins), 自摸王 (most self-draws), the biggest hand of each game (最大一手: fan
    and points are never compared) and 包牌最多 (most paid under 包, R10)."""
    titles = [
        _titled(rows.values(), lambda row: row["wins"], title="wins"),
        _titled(rows.values(), lambda row: row["self_draws"], title="self_draws"),
    ]
    for code in sorted({found["game"] for found in biggest}):
        best = {found["player"]: found["value"] for found in biggest if found["game"] == code}
        titles.append(
            _titled(
                rows.values(),
                lambda row, best=best: best.get(row["id"]),
                title="biggest",
                game=code,
                unit=game_of(code).features.unit,
            )
        )
    bao = _titled(rows.values(), lambda row: row["paid_under_bao"], title="bao")
    if bao is not None:
        bao["value"] = money_str(bao["value"])
    titles.append(bao)
    return [title for title in titles if title is not None]


def _pair_sums(sittings: dict[int, dict[str, Any]]) -> dict[tuple[int, int], Decimal]:
    """What each player paid each other over ``sittings`` (``_period_sittings``): the kept
    ``PairTotals`` rows summed in the database by pair of seats and seating (who sat where), so
    a long history of one table comes back as a few rows, each pair of seats then read as the
    people sitting there."""
    paid: dict[tuple[int, int], Decimal] = {}
    seats = [f"session__{field}_id" for field in SEAT_FIELDS.values()]
    rows = (
        PairTotals.objects.filter(session_id__in=list(sittings))
        .order_by()
        .values_list("payer", "payee", *seats)
        .annotate(total=Sum("amount"))
    )
    for payer, payee, *seated, amount in rows:
        people = dict(zip(SEAT_FIELDS, seated, strict=True))
        pair = (people[payer], people[payee])
        paid[pair] = paid.get(pair, ZERO) + amount
    return paid


def group_standings(
    user: AbstractBaseUser,
    group: Group,
    period: GroupPeriod,
    game: str | None,
    players: list[Player] | None = None,
    reading: GroupReading | None = None,
) -> dict[str, Any]:
    """The group's standings over the sittings of ``period`` (and of one ``game``, or of all):
    per player the sittings, hands, wins, self-draws, dealer wins, deal-ins, what they paid under
    包, penalties paid, their biggest hand of each game (linked to its round when ``user`` may open that sitting) and
    their total won or lost (and of it what the hands and what adjustments moved), biggest total
    first; the titles; and, for each pair of players who
    sat together, what each paid the other. Read from the kept totals: a fixed number of
    queries whatever the length of the history. ``players``: the group's, and ``reading``:
    ``group_reading`` of them, if already read."""
    if players is None:
        players = list(group.players.order_by("name", "id"))
    pks = [player.pk for player in players]
    # The period's sittings once (as the caller read them): every read below is of their kept
    # rows.
    if reading is None:
        sittings = group_period_sittings(group, pks, period, game)
        kept = _kept_rows(sittings)
    else:
        sittings, kept = reading.period, reading.kept
    rows, biggest = _group_rows(players, sittings, kept)
    titles = _titles(rows, biggest)
    # The sitting and round of each biggest hand (its first, oldest sitting of the period),
    # linked only where ``user`` may open that sitting.
    shown = {found["session_id"] for found in biggest}
    # The user's own sittings are known from the rows; only the others ask who was invited.
    visible = {pk for pk in shown if sittings[pk]["owner_id"] == user.pk}
    others = shown - visible
    if others and user.is_authenticated:
        visible |= set(
            Session.objects.filter(pk__in=others, members=user).values_list("pk", flat=True)
        )
    for found in sorted(biggest, key=lambda found: found["game"]):
        seen = found["session_id"] in visible
        rows[found["player"]]["biggest"].append(
            {
                "game": found["game"],
                "unit": game_of(found["game"]).features.unit,
                "value": found["value"],
                "session": found["session_id"] if seen else None,
                "session_name": found["session_name"] if seen else None,
                "round": found["biggest_round"] if seen else None,
            }
        )
    order = {pk: index for index, pk in enumerate(pks)}
    table = sorted(
        rows.values(), key=lambda row: (-row["balance"], -row["sittings"], order[row["id"]])
    )
    for row in table:
        row.update(
            fee_columns(
                row["balance"], {"paid": row["fees_paid"], "collected": row["fees_collected"]}
            )
        )
        row["from_hands"] = money_str(row["balance"] - row["adjusted"])
        row["adjusted"] = money_str(row["adjusted"])
        row["balance"] = money_str(row["balance"])
        row["paid_under_bao"] = money_str(row["paid_under_bao"])
    paid = _pair_sums(sittings)
    head_to_head = []
    for index, first in enumerate(pks):
        for second in pks[index + 1 :]:
            if (first, second) not in paid and (second, first) not in paid:
                continue  # never at one table in the period
            first_paid = paid.get((first, second), ZERO)
            second_paid = paid.get((second, first), ZERO)
            head_to_head.append(
                {
                    "player": first,
                    "other": second,
                    "paid": money_str(first_paid),
                    "received": money_str(second_paid),
                    # What ``player`` won from ``other`` (negative: lost to them).
                    "net": money_str(second_paid - first_paid),
                }
            )
    return {
        "group": group.pk,
        "period": period.as_dict(),
        "game": game or "all",
        "sittings": len(sittings),
        "standings": table,
        "titles": titles,
        "head_to_head": head_to_head,
    }


def group_titles_of(group: Group, period: GroupPeriod) -> list[dict[str, Any]]:
    """Only the titles of the group over ``period`` (every game): three small queries (the
    group's people, the period's sittings, their kept rows; ids written out plan faster than
    nested subqueries)."""
    people = list(group.players.order_by().values_list("pk", flat=True))
    sittings = in_period(group_sittings(group, people), period, None)
    sittings = _period_sittings(sittings)
    return _titles(*_group_rows(None, sittings, _kept_rows(sittings)))


def group_board(
    user: AbstractBaseUser,
    group: Group,
    period: GroupPeriod,
    game: str | None,
    players: list[Player] | None = None,
) -> tuple[dict[str, Any], dict[str, Any], GroupReading]:
    """A group's standings over ``period`` and ``game`` (``group_standings``) and its settle-up
    across the sittings not paid out (``group_unpaid``) from one ``group_reading``, returned as
    well for the list of the period's sittings. ``players``: the group's, if already read."""
    if players is None:
        players = list(group.players.order_by("name", "id"))
    pks = [player.pk for player in players]
    reading = group_reading(group, pks, period, game)
    standings = group_standings(user, group, period, game, players, reading)
    return standings, group_unpaid(group, pks, reading), reading


def group_unpaid(
    group: Group, players: list[int] | None = None, reading: GroupReading | None = None
) -> dict[str, Any]:
    """The sittings of the group not paid out yet, summed as one settle-up: each player's total
    over them and the fewest transfers that settle them (``transfers_to_settle`` over people).
    ``players``: the group's ids (name order), and ``reading``: ``group_reading`` of them, if
    already read."""
    pks = group_player_ids(group) if players is None else players
    if reading is None:
        unpaid = _period_sittings(group_sittings(group, pks).filter(paid_out_at__isnull=True))
        kept = _kept_rows(unpaid)
    else:
        unpaid, kept = reading.unpaid, reading.kept
    # The sittings with kept rows (oldest first) and each person's total.
    seen: set[int] = set()
    totals: dict[int, Decimal] = {}
    net: dict[int, Decimal] = {}  # with the table fees paid to whoever collected them
    for player, session, balance, *_rest, paid, got in kept:
        if session in unpaid:
            seen.add(session)
            totals[player] = totals.get(player, ZERO) + balance
            net[player] = net.get(player, ZERO) + balance - paid + got
    ids = [pk for pk in unpaid if pk in seen]
    return {
        "sittings": ids,
        "balances": [
            {
                "player": pk,
                "balance": money_str(totals.get(pk, ZERO)),
                "net": money_str(net.get(pk, ZERO)),
            }
            for pk in pks
            if totals.get(pk) or net.get(pk)
        ],
        "transfers": transfers_to_settle(net, pks),
    }
