"""Drawing tiles: compact codes ("7m") in, legible faces with a spoken name out.

The engine names tiles (``scoring.tile_name``); this module only puts a face on a tile: the ivory
body is the ``.tile`` box, the picture is ``static/tiles/<face>.svg`` (drawn by
``tools/tile_faces.py``), and the name is the tile's ``aria-label``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from django import template
from django.templatetags.static import static
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import get_language

import scoring
from calculator.web.hans import to_hans, to_hant
from calculator.web.seat_words import name_seats, name_seats_html
from calculator.web.vocabulary import SEAT_WINDS, SUIT_ORDER, faces_of, page_language
from scoring import tiles as scoring_tiles

register = template.Library()

# The eight flowers (1f–8f) of the shared notation; only Anji's keyboard shows them.
FLOWERS = scoring_tiles.FLOWERS
FLOWER_NAMES = scoring_tiles.FLOWER_NAMES
_WRITTEN = re.compile(r"(?:[1-9]+[mpsz]|[1-8]+f)+")


FACE_CODES = frozenset(scoring.FACES) | frozenset(FLOWERS)


def face_code(written: object) -> str | None:
    """The compact code of one tile as the engine reads it (" 2m", "9 s" → "2m", "9s"), or None
    when ``written`` is not exactly one tile: a stored row from before hands were kept canonical
    may hold anything, and a page must still draw."""
    if isinstance(written, str) and written in FACE_CODES:
        return written
    if isinstance(written, str) and "".join(written.split()) in FACE_CODES:
        return "".join(written.split())
    code = scoring.canonical_tiles(written)
    return code if isinstance(code, str) and code in FACE_CODES else None


def as_text(written: object) -> SafeString:
    """What cannot be drawn as tiles, shown as the text it is (escaped)."""
    if written in (None, ""):
        return SafeString("")
    return format_html('<span class="tile-text">{}</span>', str(written))


def tile_label(face: str) -> str:
    """The tile's spoken name in the page language (七万 / 七萬 / 7 Characters; 春 / Spring)."""
    if face in FLOWERS:
        return FLOWER_NAMES[page_language()][int(face[0]) - 1]
    return scoring.tile_name(face, page_language())


def tile_inner(face: str, css_class: str = "tile-face") -> SafeString:
    """The face's picture; the tile around it carries the name, so the image is silent."""
    return format_html(
        '<img class="{}" src="{}" alt="" aria-hidden="true" width="60" height="80"'
        ' draggable="false">',
        css_class,
        static(f"tiles/{face}.svg"),
    )


def tile_classes(face: str, extra: str = "") -> str:
    suit = face[1]
    names = ["tile", f"tile-{suit}"]
    if suit == "z":
        names.append(f"tile-z{face[0]}")
    if extra:
        names.append(extra)
    return " ".join(names)


@register.simple_tag
def tile(face: str, extra: str = "", played: str = "") -> SafeString:
    """A drawn tile (not a control). ``played``: the face a wild played, shown beneath it.
    Anything that is not one tile is shown as text."""
    code = face_code(face)
    if code is None:
        return as_text(face)
    face, played = code, face_code(played) or ""
    label = tile_label(face)
    badge = ""
    if played and played != face:
        label = f"{label} → {tile_label(played)}"
        badge = format_html(
            '<span class="tile-played" aria-hidden="true">{}</span>',
            tile_inner(played, "tile-played-face"),
        )
    return format_html(
        '<span class="{}" data-tile="{}" role="img" aria-label="{}" title="{}">{}{}</span>',
        tile_classes(face, extra),
        face,
        label,
        label,
        tile_inner(face),
        badge,
    )


@register.simple_tag
def tile_button(face: str, extra: str = "") -> SafeString:
    """A tappable tile: the picker's keys and the tiles of a hand being built."""
    code = face_code(face)
    if code is None:
        return as_text(face)
    face = code
    label = tile_label(face)
    return format_html(
        '<button type="button" class="{}" data-tile="{}" aria-label="{}" title="{}">{}</button>',
        tile_classes(face, extra),
        face,
        label,
        label,
        tile_inner(face),
    )


@register.simple_tag
def tile_row(compact: str | None, extra: str = "") -> SafeString:
    """A row of drawn tiles for a compact string; a string the engine cannot read is shown as
    the text it is."""
    if compact not in (None, "") and not reads_as_faces(compact):
        return format_html('<span class="tile-row">{}</span>', as_text(compact))
    return format_html(
        '<span class="tile-row">{}</span>',
        format_html_join("", "{}", ((tile(face, extra),) for face in faces_of(compact))),
    )


def reads_as_faces(compact: object) -> bool:
    """Whether ``compact`` is tiles the pages can draw: the engine's notation, or flowers."""
    if scoring.reads_as_tiles(compact):
        return True
    return isinstance(compact, str) and bool(_WRITTEN.fullmatch("".join(compact.split())))


@register.simple_tag
def reading_set(tiles: str, printed: list[str] | str | None = None, wild: str = "") -> SafeString:
    """One set of a reading: the physical faces, each wild showing what it played (R4.2)."""
    played_faces = faces_of(tiles)
    printed_faces = faces_of(printed) if isinstance(printed, str) else list(printed or played_faces)
    if len(printed_faces) != len(played_faces):
        printed_faces = played_faces
    drawn: Iterable[tuple[SafeString]] = (
        (tile(physical, "tile-wild" if physical == wild else "", played),)
        for physical, played in zip(printed_faces, played_faces, strict=True)
    )
    return format_html('<span class="tile-row">{}</span>', format_html_join("", "{}", drawn))


@register.filter
def seats_label(seats: str, seat_names: dict | None = None) -> str:
    """A round's winners as stored ("ES": several on one discard, HZ9.2), each as ``seat_label``
    says, joined with 、 (", " on an English page: no full-width mark there)."""
    joiner = ", " if page_language() == "en" else "、"
    return joiner.join(seat_label(seat, seat_names) for seat in seats or "")


@register.filter
def tile_name(face: str) -> str:
    code = face_code(face)
    return tile_label(code) if code else str(face or "")


@register.filter
def faces(compact: str | None) -> list[str]:
    return faces_of(compact)


@register.simple_tag
def palette(flowers: bool = False) -> list[tuple[str, list[str]]]:
    """The 34 faces grouped for the picker's suit tabs; with ``flowers`` (Anji) the eight
    flowers after them."""
    groups: dict[str, list[str]] = {suit: [] for suit in SUIT_ORDER}
    for face in scoring.FACES:
        groups[face[1]].append(face)
    found = [(suit, groups[suit]) for suit in SUIT_ORDER]
    return [*found, ("f", list(FLOWERS))] if flowers else found


@register.simple_tag(name="pick", takes_context=True)
def pick_tag(context: template.Context, entry: dict, key: str) -> str:
    """``{% pick entry key %}``: :func:`pick` with the page's seat names, each player's label an
    element that does not break (``name_seats_html``)."""
    text = chosen(entry, key)
    if key == "quote" or not isinstance(text, str):
        return text
    return name_seats_html(text, context.get("seat_names"), page_language())


@register.simple_tag(name="item_name")
def item_name_tag(item: dict) -> str:
    """``{% item_name item %}``: an item's name in the page's language; on an English page its
    English name with the Chinese beside it ("Concealed hand · 門清", the Chinese as the engine
    writes it: an English page marks it as Chinese), so a table reading the English page still
    hears the name it says at the table."""
    name = chosen(item, "name")
    if page_language() == "en" and isinstance(item, dict):
        chinese = item.get("name")
        if isinstance(chinese, str) and chinese and chinese != name:
            return format_html("{} · {}", name, chinese)
    return name


def pick(entry: dict, key: str, seat_names: dict | None = None) -> str:
    """``entry[key]`` in Chinese (simplified on a 简体 page), ``entry[key + "_en"]`` on an English
    page: the engine's names, reasons and messages, each seat named as the page names it ("南 ·
    阿南" in a sitting, the engine's own 南家 / South in the calculator; ``name_seats``)."""
    text = chosen(entry, key)
    if key != "quote" and isinstance(text, str):
        # Every engine text the page shows names its seats as the page does; the seed's quote
        # stays as written.
        text = name_seats(text, seat_names, page_language())
    return text


def chosen(entry: dict, key: str) -> str:
    """``entry[key]`` in the page's language and script, as the engine wrote it."""
    if not isinstance(entry, dict):
        return ""
    if page_language() == "en" and entry.get(f"{key}_en"):
        return entry[f"{key}_en"]
    text = entry.get(key, "")
    if page_language() == "zh-hans":
        return to_hans(text)
    if page_language() == "zh-hant":
        return to_hant(text)
    return text


@register.filter
def seat_label(seat: str, seat_names: dict | None = None) -> str:
    """ "东 · 阿明" in a session, "东" in the calculator."""
    if not seat:
        return ""
    if seat not in SEAT_WINDS:
        wind = seat
    else:
        # A few languages × four seats: translated once, not for every payment of every round.
        key = (get_language(), seat)
        wind = _WINDS.get(key) or _WINDS.setdefault(key, str(SEAT_WINDS[seat]))
    return f"{wind} · {seat_names[seat]}" if seat_names and seat in seat_names else wind


_WINDS: dict[tuple[str | None, str], str] = {}


@register.filter
def signed(amount: object) -> str:
    """A balance change with its sign, grouped as every amount is (``amounts.signed_amount``):
    "+12", "-4", "0", "+80,000,000"."""
    from calculator.web.templatetags.amounts import signed_amount

    return signed_amount(amount)


@register.filter
def sign_class(amount: object) -> str:
    from decimal import Decimal

    value = Decimal(str(amount or 0))
    return "pos" if value > 0 else "neg" if value < 0 else ""


@register.filter
def game_label(code: str) -> str:
    """A game's name in the page's language (``scoring.games``): 安吉麻将 / 安吉麻將 / Anji…"""
    from scoring.games import GAMES

    game = GAMES.get(code)
    return game.names.get(page_language(), code) if game else str(code or "")
