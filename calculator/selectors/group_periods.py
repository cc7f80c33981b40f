"""The periods a group's standings are read over (a month, a season, a year or all time) and the
game they are read for, as a page's or a request's parameters name them: ``group_period_of``,
``group_game_of``, and the sittings they take (``in_period``)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from django.db.models import Q, QuerySet

from calculator.errors import invalid
from calculator.models import Session
from calculator.numbers import shown
from scoring.games import GAMES

GROUP_PERIODS = ("month", "season", "year", "all")
# ASCII digits only (``\d`` would take "２０２６" too).
YEAR_MONTH = re.compile(r"([0-9]{4})-([0-9]{2})")
YEAR_SEASON = re.compile(r"([0-9]{4})-Q([1-4])")
YEAR = re.compile(r"[0-9]{4}")


@dataclass(frozen=True)
class GroupPeriod:
    """Which sittings of a group count: those opened (in the site's time zone) from ``start`` to
    ``end``, both days included (None: all time). ``value`` names the month (2026-12), the
    season (2026-Q4) or the year (2026); ``previous`` and ``following`` the ones around it."""

    kind: str
    value: str
    start: date | None
    end: date | None
    previous: str | None
    following: str | None

    def as_dict(self) -> dict[str, Any]:
        return {
            "period": self.kind,
            "value": self.value or None,
            "from": self.start,
            "to": self.end,
            "previous": self.previous,
            "next": self.following,
        }


def _month_start(year: int, month: int) -> date | None:
    """The first day of a month counted past December or before January; None out of range."""
    year, month = year + (month - 1) // 12, (month - 1) % 12 + 1
    return date(year, month, 1) if 1000 <= year <= 9999 else None


def _months(start: date, months: int, kind: str) -> GroupPeriod:
    """The period of ``months`` months from ``start`` (a month, a season or a year)."""
    following = _month_start(start.year, start.month + months)
    end = (following or date(9999, 12, 31) + timedelta(days=1)) - timedelta(days=1)
    before = _month_start(start.year, start.month - months)

    def named(first: date | None) -> str | None:
        if first is None:
            return None
        if kind == "month":
            return f"{first.year:04d}-{first.month:02d}"
        if kind == "season":
            return f"{first.year:04d}-Q{(first.month - 1) // 3 + 1}"
        return f"{first.year:04d}"

    return GroupPeriod(kind, named(start) or "", start, end, named(before), named(following))


def group_period_of(params: Mapping[str, str], today: date) -> GroupPeriod:
    """The period a group's page or request asks for: GET ``period`` (``month``, the default;
    ``season``, a quarter; ``year``; ``all``) with ``month`` (2026-12), ``season`` (2026-Q4)
    or ``year`` (2026), each this one by default; E_INVALID names a bad one."""
    kind = params.get("period") or "month"
    if kind not in GROUP_PERIODS:
        raise invalid(
            f"period 只能是 month、season、year 或 all，收到 {shown(kind)}。",
            f"period must be month, season, year or all, got {shown(kind)}.",
        )
    if kind == "all":
        return GroupPeriod(kind, "", None, None, None, None)
    value = (params.get(kind) or "").strip()
    if kind == "month":
        found = YEAR_MONTH.fullmatch(value) if value else None
        if value and (found is None or not 1 <= int(found[2]) <= 12 or int(found[1]) < 1000):
            raise invalid(
                f"month 要寫成 2026-12 這樣的年月，收到 {shown(value)}。",
                f"month must be a year and month written as 2026-12, got {shown(value)}.",
            )
        start = date(int(found[1]), int(found[2]), 1) if found else today.replace(day=1)
        return _months(start, 1, kind)
    if kind == "season":
        found = YEAR_SEASON.fullmatch(value) if value else None
        if value and (found is None or int(found[1]) < 1000):
            raise invalid(
                f"season 要寫成 2026-Q4 這樣的年和季度（Q1 到 Q4），收到 {shown(value)}。",
                f"season must be a year and quarter written as 2026-Q4 (Q1 to Q4), "
                f"got {shown(value)}.",
            )
        year, quarter = (int(found[1]), int(found[2])) if found else (today.year, 0)
        first_month = (quarter - 1) * 3 + 1 if found else (today.month - 1) // 3 * 3 + 1
        return _months(date(year, first_month, 1), 3, kind)
    if value and (not YEAR.fullmatch(value) or int(value) < 1000):
        raise invalid(
            f"year 要寫成 2026 這樣的年份，收到 {shown(value)}。",
            f"year must be a year written as 2026, got {shown(value)}.",
        )
    return _months(date(int(value) if value else today.year, 1, 1), 12, kind)


def group_game_of(params: Mapping[str, str]) -> str | None:
    """GET ``game``: one game's code, or ``all`` (the default) for every game (None)."""
    code = (params.get("game") or "all").strip()
    if code == "all":
        return None
    if code not in GAMES:
        raise invalid(
            f"game 只能是 all 或 {'、'.join(GAMES)}，收到 {shown(code)}。",
            f"game must be all or one of {', '.join(GAMES)}, got {shown(code)}.",
        )
    return code


def period_q(period: GroupPeriod, game: str | None) -> Q:
    """The sittings opened in ``period`` (the site's time zone) and of ``game`` (None: any)."""
    found = Q()
    if period.start is not None:
        found &= Q(created_at__date__gte=period.start)
    if period.end is not None:
        found &= Q(created_at__date__lte=period.end)
    if game is not None:
        found &= Q(game=game)
    return found


def in_period(sittings: QuerySet[Session], period: GroupPeriod, game: str | None) -> QuerySet:
    return sittings.filter(period_q(period, game))
