"""The tile faces: the committed SVGs are what the generator draws, and every tile on a page is
one of them (a picture, never a bare glyph)."""

from __future__ import annotations

import importlib.util
import re
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType
from xml.etree import ElementTree

import pytest
from django.test import Client
from django.utils import translation

import scoring
from calculator.web.templatetags.tiles import tile, tile_button
from tests.pages.conftest import PAOFENG_HAND, hand_form

ROOT = Path(__file__).resolve().parents[2]
TILES = ROOT / "static" / "tiles"
FLOWERS = [f"{number}f" for number in range(1, 9)]
SVG = "{http://www.w3.org/2000/svg}svg"


def generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tile_faces", ROOT / "tools" / "tile_faces.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_faces_are_what_the_generator_draws(tmp_path: Path) -> None:
    written = generator().write(tmp_path)
    assert sorted(path.name for path in written) == sorted(path.name for path in TILES.iterdir())
    for path in written:
        assert path.read_bytes() == (TILES / path.name).read_bytes(), (
            f"{path.name} differs: run python tools/tile_faces.py and commit static/tiles/"
        )


def test_there_are_42_faces_the_34_the_engine_knows_and_8_flowers() -> None:
    names = {path.stem for path in TILES.glob("*.svg")}
    assert len(names) == 42
    assert names == set(scoring.FACES) | set(FLOWERS)


@pytest.mark.parametrize("path", sorted(TILES.glob("*.svg")), ids=lambda path: path.stem)
def test_each_face_is_a_small_drawn_svg_without_the_tile_body(path: Path) -> None:
    root = ElementTree.fromstring(path.read_bytes())
    assert root.tag == SVG
    assert re.fullmatch(r"0 0 \d+ \d+", root.get("viewBox", ""))
    _, _, width, height = (float(n) for n in root.get("viewBox", "").split())
    for rect in root.iter("{http://www.w3.org/2000/svg}rect"):  # the .tile box is the body
        assert float(rect.get("width", 0)) < width or float(rect.get("height", 0)) < height
    assert "<image" not in path.read_text(encoding="utf-8")  # drawn, not embedded art
    assert path.stat().st_size < 2500


def test_a_tile_and_a_key_show_the_face_picture_under_the_tile_name() -> None:
    with translation.override("zh-hans"):
        drawn = tile("7m")
    assert 'data-tile="7m" role="img" aria-label="七万" title="七万"' in drawn
    assert '<img class="tile-face" src="/static/tiles/7m.svg" alt="" aria-hidden="true"' in drawn
    key = tile_button("5z")
    assert key.startswith('<button type="button" class="tile tile-z tile-z5" data-tile="5z"')
    assert 'src="/static/tiles/5z.svg"' in key


def test_a_wild_shows_the_face_it_played_as_a_small_picture() -> None:
    with translation.override("zh-hans"):
        drawn = tile("7m", "tile-wild", "3p")
    assert 'aria-label="七万 → 三筒"' in drawn
    assert (
        '<span class="tile-played" aria-hidden="true"><img class="tile-played-face" '
        'src="/static/tiles/3p.svg"' in drawn
    )


class TileFaces(HTMLParser):
    """Each tile on a page (an element of class "tile" with a data-tile) and the first element
    inside it."""

    def __init__(self) -> None:
        super().__init__()
        self.tiles: list[tuple[str, str, dict[str, str | None]]] = []
        self.open_tile: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if self.open_tile is not None:
            self.tiles.append((self.open_tile, tag, found))
            self.open_tile = None
        if "tile" in (found.get("class") or "").split() and found.get("data-tile"):
            self.open_tile = found["data-tile"]

    def handle_data(self, data: str) -> None:
        if self.open_tile is not None and data.strip():
            self.tiles.append((self.open_tile, "text", {"text": data}))
            self.open_tile = None


TABLE = {"ruleset": "anqing", "dealer": "E", "dealer_streak": 0, "base_silver": "1"}


@pytest.mark.parametrize(
    "form",
    [
        None,  # the empty editor: the picker's keys
        {**TABLE, **hand_form("S", **PAOFENG_HAND)},  # a score: the reading, the 鑽
        {**TABLE, **hand_form("S", hand="123m456m234s678s9p", win_tile="")},  # the waits
    ],
    ids=["editor", "score", "waits"],
)
def test_no_tile_on_the_calculator_is_text_only(client: Client, form: dict | None) -> None:
    response = client.post("/calculator/", form) if form else client.get("/calculator/")
    parser = TileFaces()
    parser.feed(response.content.decode())
    assert len(parser.tiles) >= 10
    for face, tag, attrs in parser.tiles:
        assert tag == "img" and attrs.get("class") == "tile-face", (face, tag, attrs)
        assert attrs.get("src") == f"/static/tiles/{face}.svg"
