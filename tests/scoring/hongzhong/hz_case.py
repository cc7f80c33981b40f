"""Helpers for the 紅中 rule-book tests: run a request, read the fields a row names."""

from __future__ import annotations

import copy
from typing import Any

from scoring.hongzhong import score


def run(request: dict[str, Any], rules: dict | None = None, **changes: Any) -> dict[str, Any]:
    request = copy.deepcopy(request)
    if rules is not None:
        request["rules"] = {**request.get("rules", {}), **rules}
    return score({**request, **changes})


def with_winner(request: dict[str, Any], index: int = 0, **changes: Any) -> dict[str, Any]:
    """The request with winner ``index``'s fields changed."""
    request = copy.deepcopy(request)
    request["winners"][index].update(changes)
    return request


def pays(result: dict[str, Any]) -> dict[str, str]:
    """The merged payments as {"E→S": amount}."""
    assert "error" not in result, result
    return {f"{p['from']}→{p['to']}": p["amount"] for p in result["payments"]}


def error_of(result: dict[str, Any]) -> str | None:
    return result.get("error", {}).get("code")
