"""The roster: the people a user plays with (model ``Player``), and a person's record.

``roster`` lists the people a user may see (their own, and people of other rosters linked to their
account) with their sittings; two of one name on a roster are numbered. ``player_record`` is what
one person did over a period, read from the kept totals (one row a sitting): per game its own
biggest hand and average (fan and points are never added together), and the running total after
each sitting. ``player_names_used`` are the names a new sitting suggests.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import F, Q, QuerySet

from calculator.errors import invalid, not_found
from calculator.models import BALANCE_FIELDS, Player, SeatTotals, Session, roster_key
from calculator.money import ZERO, money_str
from calculator.numbers import shown
from calculator.selectors.fees import kept_fees
from scoring.games import game_of

ROSTER_SEATS = {"E": "east", "S": "south", "W": "west", "N": "north"}


def _seated_in(pks: list[int]) -> Q:
    return Q(east__in=pks) | Q(south__in=pks) | Q(west__in=pks) | Q(north__in=pks)


def _sittings_by_player(
    pks: list[int], limit: int | None = None
) -> dict[int, list[dict[str, Any]]]:
    """For each of ``pks``, the sittings they sat at, newest first (one query): each as a row of
    its id (``pk``), name, game, date, archive date, seats' people and stored balances. With
    ``limit``, only the newest ``limit`` sittings of them all."""
    found: dict[int, list[dict[str, Any]]] = {pk: [] for pk in pks}
    if not pks:
        return found
    # Plain rows of only what the roster and a player's page show: a long roster loads many.
    sittings = (
        Session.objects.filter(_seated_in(pks))
        .order_by("-created_at", "-id")
        .values(
            "pk",
            "name",
            "game",
            "created_at",
            "archived_at",
            *(f"{field}_id" for field in ROSTER_SEATS.values()),
            *BALANCE_FIELDS.values(),
        )
    )
    if limit is not None:
        sittings = sittings[:limit]
    for session in sittings:
        for field in ROSTER_SEATS.values():
            person = session[f"{field}_id"]
            if person in found:
                found[person].append(session)
    return found


def players_for_user(user: AbstractBaseUser) -> QuerySet[Player]:
    """The players a user may see: their roster, and players of other rosters linked to their
    account (read-only)."""
    if not user.is_authenticated:
        return Player.objects.none()
    return (
        Player.objects.filter(Q(owner=user) | Q(user=user))
        .select_related("owner", "user")
        .order_by("name", "id")
    )


def player_for_user(user: AbstractBaseUser, pk: int) -> Player:
    """Player ``pk`` if it is on the user's roster or linked to their account; else E_NOT_FOUND
    (a stranger's player does not exist for them)."""
    player = players_for_user(user).filter(pk=pk).first()
    if player is None:
        raise not_found("找不到這個人。", "No such player.")
    return player


def roster(
    user: AbstractBaseUser,
    players: list[Player] | None = None,
    sittings: dict[int, list[dict[str, Any]]] | None = None,
) -> list[dict[str, Any]]:
    """Each player a user may see (``players_for_user``, or ``players``) with the number of
    sittings they played, their newest sitting, and how they are the user's: on the user's
    roster (``yours``) or linked to the user's account (``linked``). Two people of one name on a
    roster are numbered: ``label`` is "小李" for the first, "小李 (2)" for the second."""
    players = list(players_for_user(user)) if players is None else players
    if sittings is None:
        sittings = _sittings_by_player([player.pk for player in players])
    # The n-th person of a name on a roster, in the order they were added (the whole roster's,
    # not only the players asked for: a page of the list numbers them as the roster does).
    place: dict[int, int] = {}
    counted: dict[tuple[int, str], int] = {}
    everyone = Player.objects.filter(owner__in={player.owner_id for player in players})
    for pk, owner, name in everyone.order_by("pk").values_list("pk", "owner", "name"):
        key = (owner, roster_key(name))
        counted[key] = place[pk] = counted.get(key, 0) + 1
    entries = []
    for player in players:
        nth = place.get(player.pk, 1)
        played = sittings[player.pk]
        entries.append(
            {
                "id": player.pk,
                "name": player.name,
                "label": player.name if nth == 1 else f"{player.name} ({nth})",
                "owner": player.owner.get_username(),
                "user": player.user.get_username() if player.user_id else None,
                "yours": player.owner_id == user.pk,
                "linked": player.user_id == user.pk,
                "sitting_count": len(played),
                "last_sitting": (
                    {
                        "id": played[0]["pk"],
                        "name": played[0]["name"],
                        "date": played[0]["created_at"],
                        # The seat they sat in: two people of one name at one table differ.
                        "seat": next(
                            (
                                seat
                                for seat, field in ROSTER_SEATS.items()
                                if played[0][f"{field}_id"] == player.pk
                            ),
                            None,
                        ),
                    }
                    if played
                    else None
                ),
            }
        )
    return entries


def player_detail(
    user: AbstractBaseUser, player: Player, limit: int | None = None
) -> dict[str, Any]:
    """A player as ``roster`` lists them, with every sitting they played (the newest ``limit``
    when given; ``sitting_count`` counts them all), newest first: its id, name, game, date, the
    seat they sat at and their balance there (the sitting's stored one)."""
    sittings = _sittings_by_player([player.pk], limit)
    entry = roster(user, [player], sittings)[0]
    if limit is not None and len(sittings[player.pk]) >= limit:
        entry["sitting_count"] = Session.objects.filter(_seated_in([player.pk])).count()
    played = []
    for session in sittings[player.pk]:
        seat = next(
            seat for seat, field in ROSTER_SEATS.items() if session[f"{field}_id"] == player.pk
        )
        played.append(
            {
                "id": session["pk"],
                "name": session["name"],
                "game": session["game"],
                "date": session["created_at"],
                "seat": seat,
                "balance": money_str(session[BALANCE_FIELDS[seat]]),
                "archived": session["archived_at"] is not None,
            }
        )
    return {**entry, "sittings": played}


def roster_choices(user: AbstractBaseUser) -> list[dict[str, Any]]:
    """The user's own roster (``roster`` entries), for the new-sitting page's suggestions and
    its choice between two people of one name."""
    own = Player.objects.filter(owner=user).select_related("owner", "user").order_by("name", "id")
    return roster(user, list(own))


def player_names_used(user: AbstractBaseUser, *, limit: int = 50) -> list[str]:
    """The names of the user's roster, each once, at most ``limit``: the people of the newest
    sitting first in seat order, then of the ones before, then anyone who sits at none of them
    (the new-sitting page's suggestions)."""
    if not user.is_authenticated:
        return []
    rows = (
        Session.objects.filter(owner=user)
        .order_by("-created_at", "-id")
        .values_list("east__name", "south__name", "west__name", "north__name")[: limit * 4]
    )
    names: dict[str, None] = {}
    for row in rows:
        for name in row:
            if name is not None:  # a seat not in play (a 2- or 3-player table)
                names.setdefault(name, None)
    if len(names) < limit:
        for name in (
            Player.objects.filter(owner=user)
            .order_by("name")
            .values_list("name", flat=True)[: limit * 2]
        ):
            names.setdefault(name, None)
    return list(names)[:limit]


PERIODS = ("month", "year", "all", "range")
PLAYER_RECORD_FIELDS = (
    "balance",
    "hands",
    "wins",
    "self_draws",
    "dealer_wins",
    "deal_ins",
    "biggest",
    "biggest_round",
    "hand_sum",
    "adjusted",
    "penalties",
)
ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


@dataclass(frozen=True)
class Period:
    """Which sittings count: those opened from ``start`` to ``end`` (both days included; None is
    open-ended)."""

    kind: str
    start: date | None
    end: date | None


def _date_param(value: str, name: str) -> date | None:
    if not value:
        return None
    try:
        if not ISO_DATE.fullmatch(value):
            raise ValueError
        return date.fromisoformat(value)
    except ValueError:
        raise invalid(
            f"{name} 要是一個日期，寫成 2026-03-31，收到 {shown(value)}。",
            f"{name} must be a date written as 2026-03-31, got {shown(value)}.",
        ) from None


def period_of(params: Mapping[str, str], today: date) -> Period:
    """The period a page or request asks for (GET ``period``: this ``month``, this ``year``,
    ``all`` time, or a ``range`` of ``from`` – ``to``); E_INVALID names a bad one."""
    start_text, end_text = params.get("from", "").strip(), params.get("to", "").strip()
    kind = params.get("period") or ("range" if start_text or end_text else "all")
    if kind not in PERIODS:
        raise invalid(
            f"period 只能是 month、year、all 或 range，收到 {shown(kind)}。",
            f"period must be month, year, all or range, got {shown(kind)}.",
        )
    if kind == "month":
        return Period(kind, today.replace(day=1), None)
    if kind == "year":
        return Period(kind, today.replace(month=1, day=1), None)
    if kind == "all":
        return Period(kind, None, None)
    start, end = _date_param(start_text, "from"), _date_param(end_text, "to")
    if start and end and start > end:
        raise invalid(
            f"開始日期 {start} 在結束日期 {end} 之後。",
            f"The start date {start} is after the end date {end}.",
        )
    return Period(kind, start, end)


def player_record(user: AbstractBaseUser, player: Player, period: Period) -> dict[str, Any]:
    """What ``player`` did in the sittings opened in ``period``, from the kept totals (one row a
    sitting; two queries whatever the history): the sittings, the total won or lost, the counts
    of every game together, and per game its own biggest hand and average (fan for Anqing,
    points for Anji and 紅中: never averaged together); ``curve``, the running total after each
    sitting, oldest first. The biggest hand names its sitting and round only when ``user`` may
    see that sitting."""
    rows = SeatTotals.objects.filter(player=player)
    if period.start is not None:
        rows = rows.filter(session__created_at__date__gte=period.start)
    if period.end is not None:
        rows = rows.filter(session__created_at__date__lte=period.end)
    # Plain rows, not models: a regular's page reads one per sitting.
    rows = (
        rows.annotate(**kept_fees())
        .order_by("session__created_at", "session_id")
        .values(
            *PLAYER_RECORD_FIELDS,
            "fees_paid",
            "fees_collected",
            "session_id",
            session_name=F("session__name"),
            game=F("session__game"),
            date=F("session__created_at"),
        )
    )
    games: dict[str, dict[str, Any]] = {}
    biggest: dict[str, dict[str, Any]] = {}
    curve = []
    running = adjusted = fees_paid = fees_collected = ZERO
    penalties = 0
    for row in rows:
        running += row["balance"]
        # Table fees: money that left the table, kept apart from the balance (selectors.fees).
        fees_paid += row["fees_paid"]
        fees_collected += row["fees_collected"]
        # Adjustments (penalties, side payments, chip corrections) are in the balance, and
        # counted apart from the hands.
        adjusted += row["adjusted"]
        penalties += row["penalties"]
        curve.append(
            {
                "session": row["session_id"],
                "name": row["session_name"],
                "date": row["date"],
                "balance": money_str(row["balance"]),
                "running": money_str(running),
            }
        )
        code = row["game"]
        features = game_of(code).features
        game = games.setdefault(
            code,
            {
                "game": code,
                "unit": features.unit,
                "sittings": 0,
                "balance": ZERO,
                "hands": 0,
                "wins": 0,
                "self_draws": 0,
                "dealer_wins": 0,
                # Only where a win may be on a discard can a seat deal in (Anqing: R5).
                "deal_ins": 0 if features.discard_wins else None,
                "hand_sum": 0,
            },
        )
        game["sittings"] += 1
        game["balance"] += row["balance"]
        for field in ("hands", "wins", "self_draws", "dealer_wins", "hand_sum"):
            game[field] += row[field]
        if game["deal_ins"] is not None:
            game["deal_ins"] += row["deal_ins"]
        best = biggest.get(code)
        if row["biggest"] is not None and (best is None or row["biggest"] > best["biggest"]):
            biggest[code] = row
    # Which of the biggest hands' sittings the viewer may open (a linked account may not).
    shown = {row["session_id"] for row in biggest.values()}
    visible = (
        set(
            Session.objects.filter(pk__in=shown)
            .filter(Q(owner=user) | Q(members=user))
            .values_list("pk", flat=True)
        )
        if shown and user.is_authenticated
        else set()
    )
    per_game = []
    for code in sorted(games):
        game = games[code]
        hand_sum = game.pop("hand_sum")
        best = biggest.get(code)
        game["average"] = (
            money_str((Decimal(hand_sum) / game["wins"]).quantize(Decimal("0.01")))
            if game["wins"]
            else None
        )
        seen = best is not None and best["session_id"] in visible
        game["biggest"] = (
            {
                "value": best["biggest"],
                "session": best["session_id"] if seen else None,
                "session_name": best["session_name"] if seen else None,
                "round": best["biggest_round"] if seen else None,
            }
            if best is not None
            else None
        )
        game["balance"] = money_str(game["balance"])
        per_game.append(game)
    totals = {
        field: sum(game[field] for game in per_game)
        for field in ("sittings", "hands", "wins", "self_draws", "dealer_wins")
    }
    deal_ins = [game["deal_ins"] for game in per_game if game["deal_ins"] is not None]
    return {
        "period": {"period": period.kind, "from": period.start, "to": period.end},
        **totals,
        "balance": money_str(running),
        "from_hands": money_str(running - adjusted),
        "adjusted": money_str(adjusted),
        "penalties": penalties,
        "fees_paid": money_str(fees_paid),
        "fees_collected": money_str(fees_collected),
        "net": money_str(running - fees_paid + fees_collected),
        "deal_ins": sum(deal_ins) if deal_ins else None,
        "games": per_game,
        "curve": curve,
    }
