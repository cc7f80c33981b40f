"""Seats in the engine's texts, named the way the page names a seat.

The engine names a seat by its word: 東家/南家/西家/北家 in Anqing's 繁體 texts, 东家/南家/西家/北家
in Anji's and 紅中's 简体 ones, East/South/West/North in English (``docs/engine-api.md``). A page
names a seat by its wind and, in a sitting, the player's name ("东 · 老王", ``seat_label``). A why
page, the round list and an error message show an engine text through :func:`name_seats`, which
puts the page's seat label in place of each seat word:

- in a sitting (``names`` given), "南家胡北家打出的牌" reads "南 · 阿芳 胡 北 · 老王 打出的牌" (a
  label between Chinese words stands apart, so that a name does not run into the next word);
- in the calculator (no names) the seat word is already the wind's own name and stays as it is.

Texts kept before the engine wrote seat words (rounds stored earlier, whose 紅中 reasons said
"S 胡 N 打出的牌") name a seat by a letter standing alone; the same pattern reads those too, so
an old round reads like a new one.

One compiled pattern, one pass over the text: the why page of a sitting calls this for every
item, reason and payment row.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from calculator.web.vocabulary import seat_label

# The seat each word or letter stands for. "East Wind" (a tile's English name) is a tile, not a
# seat; a letter counts only standing alone (not in E_CONTEXT, "R7", "5s" or a quoted 'S'; "N's"
# is North's).
_WORDS = {
    "東家": "E", "东家": "E", "南家": "S", "西家": "W", "北家": "N",
    "East": "E", "South": "S", "West": "W", "North": "N",
}  # fmt: skip
SEAT_WORD = re.compile(
    r"東家|东家|南家|西家|北家"
    r"|\b(?:East|South|West|North)\b(?! Wind|-)"
    r"|(?<![A-Za-z0-9_'.\-])[ESWN](?![A-Za-z0-9_\-]|'(?!s\b))"
)
# The seat word a letter becomes where no names are given, in the page's language.
_PLAIN = {
    "zh-hans": {"E": "东家", "S": "南家", "W": "西家", "N": "北家"},
    "zh-hant": {"E": "東家", "S": "南家", "W": "西家", "N": "北家"},
    "en": {"E": "East", "S": "South", "W": "West", "N": "North"},
}

_APART = re.compile(r"[\u3400-\u9fff\uf900-\ufaff0-9]")  # a Chinese word or a number beside a label

__all__ = ["SEAT_WORD", "name_seats", "name_seats_html"]


def name_seats(
    text: str,
    names: Mapping[str, str] | None = None,
    language: str = "zh-hans",
    *,
    label: Callable[[str], str] = str,
) -> str:
    """``text`` (an engine text already in the page's script) with every seat word or lone seat
    letter named as the page names that seat.

    ``names`` maps E S W N to the players' names in a sitting (only the seats in play); a seat
    without a name, or no names at all (the calculator), is named by its seat word in
    ``language`` (``zh-hans``, ``zh-hant`` or ``en``).
    """
    if not text or not isinstance(text, str):
        return text
    plain = _PLAIN.get(language, _PLAIN["zh-hans"])

    def named(found: re.Match[str]) -> str:
        word = found.group(0)
        seat = _WORDS.get(word, word)
        if names and names.get(seat):
            shown = label(str(seat_label(seat, names)))
            start, end = found.start(), found.end()
            before = " " if start and _APART.match(text, start - 1) else ""
            after = " " if _APART.match(text, end) else ""
            return f"{before}{shown}{after}"
        return word if word in _WORDS else plain[seat]

    return SEAT_WORD.sub(named, text)


def name_seats_html(
    text: str, names: Mapping[str, str] | None = None, language: str = "zh-hans"
) -> SafeString:
    """:func:`name_seats` for a page: the text escaped, and each player's label an element of its
    own (``<span class="who">``) that a narrow phone never breaks ("东 · 阿东" stays on one line
    inside a sentence that wraps)."""
    placeholder = "\x00{}\x00"
    labels: list[str] = []

    def hold(shown: str) -> str:
        labels.append(shown)
        return placeholder.format(len(labels) - 1)

    named = escape(name_seats(text, names, language, label=hold))
    return mark_safe(  # the text was escaped above; each label is escaped as it goes in
        re.sub(
            "\x00(\\d+)\x00",
            lambda m: format_html('<span class="who">{}</span>', labels[int(m.group(1))]),
            named,
        )
    )
