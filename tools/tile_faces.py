"""The tile faces: 42 small SVG files drawn from a few primitives.

Run it from the project root after changing a colour, a stroke or a layout:

    python tools/tile_faces.py

It writes ``static/tiles/<face>.svg`` in the engine's notation: 1m–9m 萬, 1p–9p 筒, 1s–9s 條,
1z–7z 東南西北中發白, and the flowers 1f–8f (春夏秋冬 梅蘭竹菊, Anji's notation AJ1.2). A face
is only the picture: the ivory body of the tile is the page's ``.tile`` box, so every file has
a transparent background and the tile's shape stays in the CSS. The page draws a tile about
36 px wide, half a unit of the 60 × 80 view box to a pixel, so no line is thinner than 2.4
units and most are 3 or more.

Standard library only; the output is deterministic, and ``tests/pages/test_tile_faces.py`` checks
that the committed files are what this script writes.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

WIDTH, HEIGHT = 60, 80
CENTRE_X, CENTRE_Y = WIDTH / 2, HEIGHT / 2

# The inks of a real set: black numerals, red 萬 and 中, green 發 and bamboo, blue and green dots.
INK = "#1d2125"
RED = "#c0262d"
GREEN = "#11774a"
BLUE = "#1f4fa8"
PURPLE = "#7b3fa0"
GOLD = "#b8700c"
SHADE = {GREEN: "#0a4d2f", BLUE: "#13306a", RED: "#7a1319"}  # a bamboo rod's knots
PAPER = "#fffdf5"  # the tile's ivory, for the white of the bird's eye

PEN = 3.2  # a dot's thinnest ring: about 1.5 px on a 36 px tile
SERIF = "'Noto Serif CJK SC','Noto Sans CJK SC','Songti SC','SimSun',serif"

NUMERALS = "一二三四五六七八九"
HONORS = {
    1: ("東", INK),
    2: ("南", INK),
    3: ("西", INK),
    4: ("北", INK),
    5: ("中", RED),
    6: ("發", GREEN),
}
# Anji's notation (AJ1.2): 1f–8f are 春夏秋冬 梅蘭竹菊, the seed's order; each set of four is
# numbered 1–4 in the corner, as on a real tile.
FLOWERS = {
    1: ("春", GREEN),
    2: ("夏", RED),
    3: ("秋", GOLD),
    4: ("冬", BLUE),
    5: ("梅", RED),
    6: ("蘭", PURPLE),
    7: ("竹", GREEN),
    8: ("菊", GOLD),
}


# -- primitives -------------------------------------------------------------------------------


def num(value: float) -> str:
    """A coordinate rounded to one decimal, without a trailing ".0"."""
    text = f"{round(value, 1):.1f}".rstrip("0").rstrip(".")
    return "0" if text in {"-0", ""} else text


def element(tag: str, **attrs: float | str) -> str:
    """One empty element; ``stroke_width=3`` becomes ``stroke-width="3"``."""
    parts = [tag]
    for name, value in attrs.items():
        text = num(value) if isinstance(value, int | float) else value
        parts.append(f'{name.rstrip("_").replace("_", "-")}="{text}"')
    return f"<{' '.join(parts)}/>"


def glyph(char: str, x: float, y: float, size: float, colour: str) -> str:
    """A character whose em box is centred on (x, y): CJK fonts put the baseline 0.12 em above
    the em box's bottom, so the baseline sits 0.38 em below the centre."""
    baseline = y + 0.38 * size
    return (
        f'<text x="{num(x)}" y="{num(baseline)}" font-size="{num(size)}" fill="{colour}">'
        f"{char}</text>"
    )


def ring(x: float, y: float, radius: float, colour: str, width: float = PEN) -> str:
    """A circle drawn as a stroke: ``radius`` is the outer edge."""
    return element(
        "circle", cx=x, cy=y, r=radius - width / 2, fill="none", stroke=colour, stroke_width=width
    )


def dot(x: float, y: float, radius: float, colour: str) -> str:
    """A 筒 dot: a ring with a solid centre."""
    return ring(x, y, radius, colour, max(PEN, 0.34 * radius)) + element(
        "circle", cx=x, cy=y, r=max(2.2, 0.36 * radius), fill=colour
    )


def stick(
    x: float, y: float, length: float, colour: str, angle: float = 0, width: float = 7
) -> str:
    """A 條 bamboo rod centred on (x, y): a rounded stem with a knot at each end and one in the
    middle, a little wider than the stem and in a darker shade of its ink."""
    knot = 2.4
    half = length / 2 - width / 2  # the round caps add half the width at each end
    stem = (
        f'<path d="M{num(x)} {num(y - half)}V{num(y + half)}" stroke="{colour}" '
        f'stroke-width="{num(width)}" stroke-linecap="round"/>'
    )
    # Three knots in one stroke: one near each end, one in the middle.
    step = length / 2 - knot
    knots = (
        f'<path d="M{num(x - width / 2 - 1)} {num(y - step)}h{num(width + 2)}'
        f"m-{num(width + 2)} {num(step)}h{num(width + 2)}"
        f'm-{num(width + 2)} {num(step)}h{num(width + 2)}" '
        f'stroke="{SHADE[colour]}" stroke-width="{num(knot)}"/>'
    )
    parts = [stem, knots]
    if angle:
        return f'<g transform="rotate({num(angle)} {num(x)} {num(y)})">{"".join(parts)}</g>'
    return "".join(parts)


def svg(*parts: str, text: bool = False) -> str:
    """The file: the view box, and the font settings once when the face writes characters."""
    fonts = f' font-family="{SERIF}" font-weight="700" text-anchor="middle"' if text else ""
    head = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}"{fonts}>'
    return "\n".join([head, *parts, "</svg>"]) + "\n"


# -- 萬, honors and flowers: characters ------------------------------------------------------


def characters(rank: int) -> str:
    return svg(
        glyph(NUMERALS[rank - 1], CENTRE_X, 21, 32, INK),
        glyph("萬", CENTRE_X, 58, 36, RED),
        text=True,
    )


def honor(rank: int) -> str:
    if rank == 7:  # 白: an empty blue frame
        return svg(
            element(
                "rect",
                x=9,
                y=9,
                width=42,
                height=62,
                rx=3,
                fill="none",
                stroke=BLUE,
                stroke_width=5,
            )
        )
    char, colour = HONORS[rank]
    return svg(glyph(char, CENTRE_X, CENTRE_Y, 50, colour), text=True)


def flower(number: int) -> str:
    char, colour = FLOWERS[number]
    return svg(
        glyph(str((number - 1) % 4 + 1), 11, 12, 20, colour),
        glyph(char, CENTRE_X, 47, 44, colour),
        text=True,
    )


# -- 筒: dots in the arrangements of a real set -----------------------------------------------

DOTS: dict[int, list[tuple[float, float, float, str]]] = {
    2: [(30, 20, 14, GREEN), (30, 60, 14, BLUE)],
    3: [(15, 16, 11, BLUE), (30, 40, 11, RED), (45, 64, 11, GREEN)],
    4: [(17, 22, 12, BLUE), (43, 22, 12, GREEN), (17, 58, 12, GREEN), (43, 58, 12, BLUE)],
    5: [
        (15, 16, 11, BLUE),
        (45, 16, 11, GREEN),
        (30, 40, 11, RED),
        (15, 64, 11, GREEN),
        (45, 64, 11, BLUE),
    ],
    6: [(18, 14, 10, GREEN), (42, 14, 10, GREEN)]
    + [(x, y, 10, RED) for y in (44, 66) for x in (18, 42)],
    7: [(12, 10, 8, GREEN), (30, 20, 8, GREEN), (48, 30, 8, GREEN)]
    + [(x, y, 9, RED) for y in (50, 69) for x in (19, 41)],
    8: [(x, y, 9, BLUE) for y in (10.5, 30.2, 49.8, 69.5) for x in (19, 41)],
    9: [
        (x, y, 8.8, colour)
        for y, colour in ((13, BLUE), (40, RED), (67, GREEN))
        for x in (12, 30, 48)
    ],
}


def one_dot() -> str:
    """1筒: one big ornate wheel, green rim, a ring of blue beads, a red heart."""
    beads = [
        element(
            "circle",
            cx=CENTRE_X + 18 * math.cos(math.tau * i / 12),
            cy=CENTRE_Y + 18 * math.sin(math.tau * i / 12),
            r=2.8,
            fill=BLUE,
        )
        for i in range(12)
    ]
    return svg(
        ring(CENTRE_X, CENTRE_Y, 27.7, GREEN, 4.5),
        *beads,
        ring(CENTRE_X, CENTRE_Y, 12, RED, 4),
        element("circle", cx=CENTRE_X, cy=CENTRE_Y, r=4.2, fill=RED),
    )


def dots(rank: int) -> str:
    if rank == 1:
        return one_dot()
    return svg(*(dot(x, y, r, colour) for x, y, r, colour in DOTS[rank]))


# -- 條: bamboo in the arrangements of a real set ---------------------------------------------

STICKS: dict[int, list[tuple[float, float, float, str, float]]] = {
    2: [(30, 21, 32, GREEN, 0), (30, 59, 32, GREEN, 0)],
    3: [(30, 21, 32, GREEN, 0), (19, 59, 32, GREEN, 0), (41, 59, 32, GREEN, 0)],
    4: [
        (19, 21, 32, GREEN, 0),
        (41, 21, 32, BLUE, 0),
        (19, 59, 32, BLUE, 0),
        (41, 59, 32, GREEN, 0),
    ],
    5: [
        (12, 21, 32, GREEN, 0),
        (48, 21, 32, BLUE, 0),
        (30, 40, 32, RED, 0),
        (12, 59, 32, BLUE, 0),
        (48, 59, 32, GREEN, 0),
    ],
    6: [(x, y, 32, GREEN, 0) for y in (21, 59) for x in (13, 30, 47)],
    7: [(30, 12.5, 19, RED, 0)] + [(x, y, 22, GREEN, 0) for y in (38, 65) for x in (13, 30, 47)],
    # The M over the W.
    8: [
        (8, 21, 30, GREEN, 0),
        (22, 21, 30, GREEN, 15),
        (38, 21, 30, GREEN, -15),
        (52, 21, 30, GREEN, 0),
        (8, 59, 30, GREEN, 0),
        (22, 59, 30, GREEN, -15),
        (38, 59, 30, GREEN, 15),
        (52, 59, 30, GREEN, 0),
    ],
    9: [(x, y, 22, RED if x == 30 else GREEN, 0) for y in (14, 40, 66) for x in (13, 30, 47)],
}

# Few rods leave room for thicker ones; the eight of 8條 need thinner ones to fit the M and W.
STICK_WIDTH = {2: 8.5, 3: 8.5, 4: 8, 8: 6.5}


def bird() -> str:
    """1條: the sparrow on a bamboo perch, facing left, its tail fanned out to the right."""
    tail = [
        f'<path d="M34 48Q{num(bend_x)} {num(bend_y)} {num(tip_x)} {num(tip_y)}" fill="none" '
        f'stroke="{GREEN}" stroke-width="4" stroke-linecap="round"/>'
        + element("circle", cx=tip_x, cy=tip_y, r=3.6, fill=colour)
        for bend_x, bend_y, tip_x, tip_y, colour in (
            (46, 44, 54, 34, RED),
            (48, 52, 55, 56, BLUE),
            (42, 60, 46, 74, RED),
        )
    ]
    return svg(
        *tail,
        # body and breast
        f'<path d="M12 30Q8 50 24 58Q38 60 40 44Q40 30 26 26Z" fill="{GREEN}"/>',
        f'<path d="M12 32Q10 48 22 54Q16 44 20 34Z" fill="{RED}"/>',
        # wing
        f'<path d="M24 34Q38 34 40 48Q30 48 24 34Z" fill="{BLUE}"/>',
        # head, crest, beak, eye
        element("circle", cx=20, cy=20, r=9.5, fill=GREEN),
        f'<path d="M18 11Q20 2 28 4Q24 8 24 12Z" fill="{RED}"/>',
        f'<path d="M11 17L2 22L12 24Z" fill="{RED}"/>',
        element("circle", cx=18, cy=18, r=3, fill=PAPER),
        element("circle", cx=17.5, cy=18, r=1.6, fill=INK),
        # legs on a bamboo perch
        f'<path d="M22 57L20 66M30 58L30 66" stroke="{INK}" stroke-width="3" '
        'stroke-linecap="round"/>',
        stick(21, 69, 32, GREEN, angle=90, width=6),
    )


def bamboo(rank: int) -> str:
    if rank == 1:
        return bird()
    return svg(
        *(
            stick(x, y, length, colour, angle, STICK_WIDTH.get(rank, 7))
            for x, y, length, colour, angle in STICKS[rank]
        )
    )


# -- the files --------------------------------------------------------------------------------


def faces() -> dict[str, str]:
    """Every face's file name (without ".svg") and its SVG text, in the engine's order."""
    drawn: dict[str, str] = {}
    for suit, draw in (("m", characters), ("p", dots), ("s", bamboo)):
        for rank in range(1, 10):
            drawn[f"{rank}{suit}"] = draw(rank)
    for rank in range(1, 8):
        drawn[f"{rank}z"] = honor(rank)
    for number in range(1, 9):
        drawn[f"{number}f"] = flower(number)
    return drawn


def write(directory: Path) -> list[Path]:
    """Write every face into ``directory`` (made if missing); returns the files written."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in faces().items():
        path = directory / f"{name}.svg"
        path.write_text(text, encoding="utf-8", newline="\n")
        written.append(path)
    return written


if __name__ == "__main__":
    target = Path(__file__).resolve().parents[1] / "static" / "tiles"
    files = write(target)
    sys.stdout.write(f"wrote {len(files)} faces to {target}\n")
