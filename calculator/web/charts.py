"""The balance-over-rounds chart, drawn on the server as SVG coordinates (no JS, no images)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from scoring import SEATS

SEAT_COLORS = {"E": "#b02a37", "S": "#0b5ed7", "W": "#146c43", "N": "#6f42c1"}
WIDTH, HEIGHT = 340, 200
LEFT, RIGHT, TOP, BOTTOM = 36, 8, 10, 22


def balance_chart(
    rounds: Sequence[Mapping[str, Any]],
    names: Mapping[str, str],
    *,
    start: Mapping[str, Decimal] | None = None,
    first: int = 0,
    seats: Sequence[str] = SEATS,
) -> dict[str, Any]:
    """One polyline per seat through its running balance after each round (from 0 before round 1).

    ``rounds`` are the ledger's entries in order, each with ``balances`` by seat and its
    ``number`` (they may be a sample of the rounds, ``selectors.standings.balance_series``: each is drawn at
    its own round). For the later rounds of a sitting, ``start`` is each seat's balance after
    round ``first``, where the lines begin. ``seats``: the seats in play (a line each).
    """
    series = {seat: [Decimal(start[seat]) if start else Decimal(0)] for seat in seats}
    positions = [first]
    for index, entry in enumerate(rounds, start=1):
        positions.append(entry.get("number", first + index))
        for seat in seats:
            series[seat].append(Decimal(entry["balances"][seat]))
    # 0 stays in range: the dashed zero line is drawn whatever the balances.
    values = [Decimal(0), *(value for seat in seats for value in series[seat])]
    top, bottom = max(values), min(values)
    if top == bottom:
        top, bottom = top + 1, bottom - 1
    steps = max(positions[-1] - first, 1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(position: int) -> float:
        return round(LEFT + plot_w * (position - first) / steps, 1)

    def y(value: Decimal) -> float:
        return round(TOP + float((top - value) / (top - bottom)) * plot_h, 1)

    return {
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "zero_y": y(Decimal(0)),
        "top_label": format(top.normalize(), "f"),
        "bottom_label": format(bottom.normalize(), "f"),
        "top_y": TOP + 4,
        "bottom_y": TOP + plot_h,
        "axis_y": HEIGHT - 6,
        "last_x": x(first + steps),
        "first": first,
        "rounds": positions[-1],
        "series": [
            {
                "seat": seat,
                "name": names.get(seat, seat),
                "color": SEAT_COLORS[seat],
                "points": " ".join(
                    f"{x(p)},{y(v)}" for p, v in zip(positions, series[seat], strict=True)
                ),
                "last": format(series[seat][-1].normalize(), "f") if series[seat][-1] else "0",
            }
            for seat in seats
        ],
    }


# -- the settle-up as a picture for the group chat -------------------------------------------------

PICTURE_WIDTH = 1080
PICTURE_MARGIN = 60
PICTURE_CHART_WIDTH = PICTURE_WIDTH - 2 * PICTURE_MARGIN
GAIN, LOSS, EVEN = "#146c43", "#b02a37", "#555555"


def settle_picture(
    standings: Sequence[Mapping[str, Any]],
    transfers: Sequence[Mapping[str, Any]],
    chart: Mapping[str, Any],
) -> dict[str, Any]:
    """Where each part of the settle-up picture goes: a 1080-wide SVG (drawn by the page in its
    language) that the phone turns into an image — the heading band, the standings, the fewest
    transfers, the balance chart (``balance_chart``'s lines, scaled) and its legend."""
    y = 300
    rows = []
    for row in standings:
        y += 84
        balance = Decimal(str(row["balance"]))
        rows.append({**row, "y": y, "color": GAIN if balance > 0 else LOSS if balance < 0 else EVEN})
    transfers_y = y + 110
    y = transfers_y
    moves = []
    for transfer in transfers:
        y += 72
        moves.append({**transfer, "y": y})
    if not moves:
        y += 72
    chart_title_y = y + 110
    chart_y = chart_title_y + 30
    chart_height = round(PICTURE_CHART_WIDTH * chart["height"] / chart["width"])
    legend_y = chart_y + chart_height + 60
    legend = [
        {**line, "x": PICTURE_MARGIN + index * (PICTURE_CHART_WIDTH // max(len(chart["series"]), 1))}
        for index, line in enumerate(chart["series"])
    ]
    return {
        "width": PICTURE_WIDTH,
        "height": legend_y + 60,
        "margin": PICTURE_MARGIN,
        "right": PICTURE_WIDTH - PICTURE_MARGIN,
        "standings": rows,
        "transfers_y": transfers_y,
        "transfers": moves,
        "empty_y": transfers_y + 72,
        "chart_title_y": chart_title_y,
        "chart_y": chart_y,
        "chart_width": PICTURE_CHART_WIDTH,
        "chart_height": chart_height,
        "legend_y": legend_y,
        "legend": legend,
    }
