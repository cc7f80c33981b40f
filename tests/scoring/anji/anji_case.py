"""Helpers for the Anji rule-book tests: run a request, compare the fields a row names."""

from __future__ import annotations

from typing import Any

from scoring.anji import score


def run(request: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return score({**request, **changes})


def items_of(result: dict[str, Any]) -> list[tuple[str, int, int]]:
    assert "error" not in result, result
    return [(i["code"], i["points"], i["count"]) for i in result["items"]]


def not_counted_of(result: dict[str, Any]) -> list[tuple[str, int]]:
    return [(i["code"], i["points"]) for i in result["not_counted"]]


def error_of(result: dict[str, Any]) -> str | None:
    return result.get("error", {}).get("code")


def totals(request: dict[str, Any]) -> dict[int, str | None]:
    """The winner's total at 4, 3 and 2 players (None where a seat used is not in play)."""
    out = {}
    for n in (4, 3, 2):
        result = score({**request, "player_count": n})
        out[n] = None if "error" in result else result["total"]
    return out
