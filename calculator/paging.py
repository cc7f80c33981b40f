"""Pages of a list: ``?limit=`` and ``?offset=`` read once, with the clear error for a bad value,
and the headers that tell a client how many there are and where the next page is.

The bodies stay JSON arrays (score-api.md: "rounds in order"); the paging rides in the headers:
``X-Total-Count`` and an RFC 8288 ``Link`` with ``rel="next"`` (and ``rel="prev"``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from django.http import HttpRequest, HttpResponseBase, QueryDict

from calculator.errors import invalid
from calculator.numbers import shown, whole_of

DEFAULT_LIMIT = 100
MAX_LIMIT = 500
# The share link shows the newest rounds of a sitting, this many to a page.
SHARE_LIMIT = 50
# Far beyond any list the caps allow, and safely inside a database's 64-bit integer.
MAX_OFFSET = 1_000_000_000

_DIGITS = re.compile(r"[0-9]{1,10}")


@dataclass(frozen=True)
class Window:
    """``limit`` items from ``offset`` on; ``offset`` None when the request did not say."""

    offset: int | None
    limit: int


def _number(params: Mapping[str, str], name: str, low: int, high: int) -> int | None:
    raw = params.get(name)
    if raw is None:
        return None
    value = whole_of(raw, least=low, most=high) if _DIGITS.fullmatch(raw) else None
    if value is None:
        raise invalid(
            f"{name} 必須是 {low} 到 {high} 之間的整數，收到 {shown(raw)}。",
            f"{name} must be a whole number from {low} to {high}, got {shown(raw)}.",
        )
    return value


def window_of(params: Mapping[str, str], *, default_limit: int = DEFAULT_LIMIT) -> Window:
    """The window a request asks for: ``limit`` 1…500 (``default_limit`` when absent) and
    ``offset`` 0…1,000,000,000 (None when absent); anything else is E_INVALID naming it."""
    limit = _number(params, "limit", 1, MAX_LIMIT)
    offset = _number(params, "offset", 0, MAX_OFFSET)
    return Window(offset=offset, limit=default_limit if limit is None else limit)


def flag_of(params: Mapping[str, str], name: str) -> bool:
    """A yes/no query parameter: ``1`` or ``0`` (absent is no)."""
    raw = params.get(name)
    if raw is None or raw == "0":
        return False
    if raw == "1":
        return True
    raise invalid(
        f"{name} 只能是 0 或 1，收到 {shown(raw)}。", f"{name} must be 0 or 1, got {shown(raw)}."
    )


def _page_url(request: HttpRequest, offset: int, limit: int) -> str:
    query: QueryDict = request.GET.copy()
    query["offset"] = str(offset)
    query["limit"] = str(limit)
    return request.build_absolute_uri(f"{request.path}?{query.urlencode()}")


def add_paging_headers(
    response: HttpResponseBase, request: HttpRequest, *, total: int, offset: int, limit: int
) -> HttpResponseBase:
    """``X-Total-Count``, and a ``Link`` to the next page when there is more (and to the
    previous one when this is not the first)."""
    response["X-Total-Count"] = str(total)
    links = []
    if offset + limit < total:
        links.append(f'<{_page_url(request, offset + limit, limit)}>; rel="next"')
    if offset > 0:
        links.append(f'<{_page_url(request, max(offset - limit, 0), limit)}>; rel="prev"')
    if links:
        response["Link"] = ", ".join(links)
    return response
