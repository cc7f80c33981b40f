"""Request builders and result checks shared by Anqing's rule-book tables (tests/scoring/anqing/).

Every table builds a request with `hand(...)` (defaults: ruleset anqing, indicator 6m so the 鑽 is
7m, the stand-in 紅中 5z plays 7m and 發 6z / 白 7z are bar tiles; winner S, dealer E, streak 0,
base silver 1) and checks it with `assert_scores` or `assert_refused`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from scoring import score, tile_name

SEAT_ORDER = ("E", "S", "W", "N")

Items = Mapping[str, int | tuple[int, int]]
Payments = Mapping[str, int | str]


def meld(kind: str, tiles: str, feeder: str | None = None) -> dict[str, Any]:
    """One declared meld; `feeder` is the seat that fed it (R5.2), None for a concealed kong."""
    declared: dict[str, Any] = {"kind": kind, "tiles": tiles}
    if feeder is not None:
        declared["from"] = feeder
    return declared


def fed(kind: str, feeder: str) -> dict[str, Any]:
    """One of another player's melds, as `others_melds` carries it: only kind and feeder."""
    return {"kind": kind, "from": feeder}


def hand(
    concealed: str,
    win_tile: str,
    melds: Iterable[Mapping[str, Any]] = (),
    **fields: Any,
) -> dict[str, Any]:
    """A score request with this file's defaults; any request field can be overridden."""
    request: dict[str, Any] = {
        "ruleset": "anqing",
        "indicator": "6m",
        "winner": "S",
        "dealer": "E",
        "dealer_streak": 0,
        "base_silver": "1",
        "concealed": concealed,
        "win_tile": win_tile,
        "melds": [dict(m) for m in melds],
    }
    request.update(fields)
    return request


def scored(request: Mapping[str, Any]) -> dict[str, Any]:
    """score() of a request that must be a win."""
    result = score(dict(request))
    assert "error" not in result, f"expected a win, got {result['error']}"
    return result


def label_codes(result: Mapping[str, Any]) -> list[str]:
    """Label codes, sorted; a label may be given as its code or as an object with a `code`."""
    return sorted(
        label["code"] if isinstance(label, Mapping) else label for label in result["labels"]
    )


def item_fans(result: Mapping[str, Any]) -> dict[str, int]:
    return {item["code"]: item["fan"] for item in result["items"]}


def amounts(result: Mapping[str, Any]) -> dict[str, Decimal]:
    return {payment["from"]: Decimal(str(payment["amount"])) for payment in result["payments"]}


def assert_items(result: Mapping[str, Any], items: Items) -> None:
    """`items` maps code -> fan, or code -> (fan, count)."""
    assert item_fans(result) == {
        code: (want[0] if isinstance(want, tuple) else want) for code, want in items.items()
    }
    for item in result["items"]:
        want = items[item["code"]]
        if isinstance(want, tuple):
            assert item["count"] == want[1], item
        if "value" in item:  # the engine's extra field: fan is value x count
            assert item["fan"] == item["value"] * item["count"], item


def assert_payments(result: Mapping[str, Any], winner: str, payments: Payments) -> None:
    """Each loser pays the winner `payments[seat]`; seat order E S W N; total is their sum."""
    losers = [seat for seat in SEAT_ORDER if seat != winner]
    assert [payment["from"] for payment in result["payments"]] == losers
    assert all(payment["to"] == winner for payment in result["payments"])
    expected = {seat: Decimal(str(amount)) for seat, amount in payments.items()}
    assert amounts(result) == expected
    assert Decimal(str(result["total"])) == sum(expected.values())


def assert_scores(
    request: Mapping[str, Any], items: Items, fan: int, payments: Payments
) -> dict[str, Any]:
    """The table row's whole claim: items with their fan, F, and what each loser pays."""
    assert fan == sum(want[0] if isinstance(want, tuple) else want for want in items.values()), (
        "table row is inconsistent: F must be the sum of its items"
    )
    result = scored(request)
    assert_items(result, items)
    assert result["fan"] == fan
    assert_payments(result, request.get("winner", "S"), payments)
    return result


def refusal(request: Mapping[str, Any]) -> dict[str, str]:
    """The error object of a request that must be refused."""
    result = score(dict(request))
    assert "error" in result, f"expected a refusal, got fan {result.get('fan')}: {result}"
    error = result["error"]
    assert error["message"] and error["message_en"]
    return error


def tile_spellings(face: str) -> tuple[str, ...]:
    """The ways a message may name a tile: compact code or its name in any language."""
    return (face, *(tile_name(face, lang) for lang in ("zh-hant", "zh-hans", "en")))


def names_tile(message: str, face: str) -> bool:
    return any(spelling in message for spelling in tile_spellings(face))


def summary(result: Mapping[str, Any]) -> dict[str, Any]:
    """What a reading's tie-break may not change (R7.2): shape, items, F, payments, total."""
    return {
        "shape": result["shape"],
        "items": sorted((item["code"], item["fan"], item["count"]) for item in result["items"]),
        "labels": label_codes(result),
        "fan": result["fan"],
        "payments": [
            (p["from"], Decimal(str(p["amount"])), p["liability"]) for p in result["payments"]
        ],
        "total": Decimal(str(result["total"])),
    }
