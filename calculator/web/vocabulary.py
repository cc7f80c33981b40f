"""What every game's pages share: the seats and their winds, the page's language, tile fields in
compact notation and meld rows. A leaf of the web layer: it imports Django and the engine's shared
modules, nothing of ``calculator.web``, so the forms, the game packages (``calculator.web.games``)
and the template tags all build on it without importing each other.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from scoring.base import SEATS

SEAT_WINDS = {"E": _("东"), "S": _("南"), "W": _("西"), "N": _("北")}
MELD_KINDS = [
    ("chi", _("吃")),
    ("pung", _("碰")),
    ("kong", _("明杠")),
    ("added_kong", _("补杠")),
    ("concealed_kong", _("暗杠")),
]
MELD_ROWS = 4  # no player has more than four melds (R11, AJ5, HZ5)
SUIT_ORDER = ("m", "p", "s", "z")

__all__ = [
    "MELD_KINDS",
    "MELD_ROWS",
    "SEATS",
    "SEAT_WINDS",
    "TileField",
    "compact",
    "faces_of",
    "meld_fields",
    "meld_initial",
    "meld_problems",
    "meld_rows",
    "melds_of",
    "numbered",
    "page_language",
    "seat_choices",
    "seat_label",
]


def page_language() -> str:
    """The engine's language code for the page's language (zh-hans by default)."""
    language = (get_language() or "zh-hans").lower()
    if language.startswith("en"):
        return "en"
    if language in {"zh-hant", "zh-tw", "zh-hk"}:
        return "zh-hant"
    return "zh-hans"


def in_language(names: Mapping[str, str], default: str = "") -> str:
    """A word given in zh-hans, zh-hant and en (a game's name, its unit) in the page's language."""
    return names.get(page_language()) or names.get("zh-hans") or default


def seat_label(seat: str, names: Mapping[str, str] | None = None) -> str:
    """ "东 · 阿明" in a session, "东" in the calculator."""
    return f"{SEAT_WINDS[seat]} · {names[seat]}" if names else str(SEAT_WINDS[seat])


def seat_choices(
    names: Mapping[str, str] | None = None, player_count: int = 4
) -> list[tuple[str, str]]:
    """The seats in play (the first ``player_count`` of E S W N), labelled with the wind and, in
    a session, the player's name."""
    return [(seat, seat_label(seat, names)) for seat in SEATS[:player_count]]


def faces_of(compact: str | None) -> list[str]:
    """Split compact notation into faces, keeping order: "234m5z" -> ["2m", "3m", "4m", "5z"].

    Only for drawing what the engine or the player wrote; anything unreadable is skipped here and
    reported by the engine (E_NOTATION).
    """
    if not isinstance(compact, str):
        return []
    faces: list[str] = []
    ranks: list[str] = []
    for char in compact.strip():
        if char.isdigit():
            ranks.append(char)
        elif char in SUIT_ORDER or char == "f":
            faces.extend(f"{rank}{char}" for rank in ranks if rank != "0")
            ranks = []
    return faces


def compact(faces: list[str]) -> str:
    """Faces back to compact notation, grouped by suit in order of appearance."""
    text, suit = "", ""
    for face in faces:
        if suit and face[1] != suit:
            text += suit
        text += face[0]
        suit = face[1]
    return text + suit


def standing(concealed: object, win_tile: object) -> str:
    """The standing tiles of a recorded hand: ``concealed`` without the winning tile."""
    faces = faces_of(concealed if isinstance(concealed, str) else "")
    if win_tile in faces:
        faces.remove(win_tile)
    return compact(faces)


def numbered(text: str, n: int) -> str:
    """A label with the meld row's number, translated when it is shown."""
    return lazy(lambda: _(text) % {"n": n}, str)()


class TileField(forms.CharField):
    """Compact tile notation ("234m55z"); the engine judges the tiles (E_NOTATION)."""

    def __init__(self, *, max_tiles: int, counted: bool = True, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", 80)
        super().__init__(**kwargs)
        self.max_tiles = max_tiles
        self.widget.attrs.update(
            {
                "class": "tiles-input",
                "autocomplete": "off",
                "autocapitalize": "off",
                "spellcheck": "false",
                "data-max": str(max_tiles),
                "data-counted": "true" if counted else "false",
            }
        )

    def to_python(self, value: Any) -> str:
        return "".join(str(super().to_python(value) or "").split()).lower()


# -- meld rows: the one builder every game's form uses ------------------------------------------


class RowChoiceField(forms.ChoiceField):
    """A choice in one of a form's repeated rows (a meld's kind, who fed it, who made a kong): a
    hand form has dozens, and every form copies every field of its class. Django's copy deep-
    copies the field's and its widget's choices and reads them again; nothing changes these
    choices in place (a form sets new ones: the seats in play), so the copies share them."""

    def __deepcopy__(self, memo: dict) -> RowChoiceField:
        result = copy.copy(self)
        memo[id(self)] = result
        result.widget = copy.copy(self.widget)
        result.widget.attrs = self.widget.attrs.copy()
        result.error_messages = self.error_messages.copy()
        result.validators = self.validators[:]
        return result


def meld_fields(prefix: str, kinds: Iterable[tuple[str, Any]]) -> dict[str, forms.Field]:
    """The ``MELD_ROWS`` rows of a player's melds, each ``<prefix>meld_<n>_kind`` (one of
    ``kinds``), ``_tiles`` and ``_from`` (the feeder; its choices are the seats in play, set by
    the form)."""
    kinds = list(kinds)
    fields: dict[str, forms.Field] = {}
    for row in range(1, MELD_ROWS + 1):
        fields[f"{prefix}meld_{row}_kind"] = RowChoiceField(
            label=numbered("第%(n)s副 · 种类", row), choices=[("", "—"), *kinds], required=False
        )
        fields[f"{prefix}meld_{row}_tiles"] = TileField(
            label=numbered("第%(n)s副 · 牌", row), max_tiles=4, required=False
        )
        fields[f"{prefix}meld_{row}_from"] = RowChoiceField(
            label=numbered("第%(n)s副 · 谁打的", row), choices=[("", "—")], required=False
        )
    return fields


def add_fields(form: type[forms.Form], fields: Mapping[str, forms.Field]) -> None:
    """Fields made once for a form class: building dozens of fields on every request (every
    preview) would cost more than scoring the hand."""
    form.declared_fields.update(fields)
    form.base_fields.update(fields)


def meld_rows(form: forms.Form, prefix: str = "") -> list[dict[str, Any]]:
    """The bound fields of the meld rows, for the template."""
    return [
        {
            "number": row,
            "kind": form[f"{prefix}meld_{row}_kind"],
            "tiles": form[f"{prefix}meld_{row}_tiles"],
            "from": form[f"{prefix}meld_{row}_from"],
        }
        for row in range(1, MELD_ROWS + 1)
    ]


def meld_problems(form: forms.Form, data: Mapping[str, Any], prefix: str = "") -> None:
    """A row with a kind and no tiles, or tiles and no kind, is the player's slip: named on the
    row."""
    for row in range(1, MELD_ROWS + 1):
        kind, tiles = data.get(f"{prefix}meld_{row}_kind"), data.get(f"{prefix}meld_{row}_tiles")
        if kind and not tiles:
            form.add_error(
                f"{prefix}meld_{row}_tiles", _("第%(n)s副选了种类，请填上它的牌。") % {"n": row}
            )
        if tiles and not kind:
            form.add_error(
                f"{prefix}meld_{row}_kind", _("第%(n)s副有牌，请选它的种类。") % {"n": row}
            )


def melds_of(data: Mapping[str, Any], prefix: str = "") -> list[dict[str, str]]:
    """The filled rows as the engine's melds (``kind``, ``tiles``, ``from`` when given)."""
    melds: list[dict[str, str]] = []
    for row in range(1, MELD_ROWS + 1):
        kind = data.get(f"{prefix}meld_{row}_kind")
        if not kind:
            continue
        meld = {"kind": kind, "tiles": data[f"{prefix}meld_{row}_tiles"]}
        if data.get(f"{prefix}meld_{row}_from"):
            meld["from"] = data[f"{prefix}meld_{row}_from"]
        melds.append(meld)
    return melds


def meld_initial(melds: object, prefix: str = "") -> dict[str, Any]:
    """Form values for recorded melds (a correction starts from what was recorded)."""
    initial: dict[str, Any] = {}
    for row, meld in enumerate(melds if isinstance(melds, list) else [], start=1):
        if not isinstance(meld, Mapping):
            continue
        initial[f"{prefix}meld_{row}_kind"] = meld.get("kind", "")
        initial[f"{prefix}meld_{row}_tiles"] = meld.get("tiles", "")
        initial[f"{prefix}meld_{row}_from"] = meld.get("from") or ""
    return initial
