"""Usernames that cannot pass for someone else: no invisible characters, no letters from
scripts that do not go together, no look-alike of an existing name.

A small version of Unicode's UTS #39 checks (no well-kept library for it is installed):

- **Invisible.** Format and control characters (right-to-left overrides, zero-width spaces and
  joiners, the byte-order mark: categories Cf, Cc), private-use (Co), surrogates (Cs), line and
  paragraph separators (Zl, Zp), unassigned code points (Cn), anything else Python does not
  print, and the Hangul fillers, which are letters that show nothing.
- **Mixed scripts.** The letters of one name come from one script, or from one of the mixes
  UTS #39 calls highly restrictive: Latin with Han and Japanese kana, with Han and Bopomofo, or
  with Han and Hangul. ``小明``, ``小明88`` and ``laowang`` pass; Latin with Cyrillic or Greek
  (``аlice`` with a Cyrillic ``а``) does not.
- **Look-alikes.** Two names are confusable when, after NFKC and case folding, they have the
  same length and at each place the same character or two that look alike (``LOOKALIKES``: the
  common Cyrillic and Greek doubles of Latin letters). So a whole-Cyrillic ``аре`` passes the
  script check but is refused beside an existing ``ape``, and ``ape`` beside an existing
  ``аре``. The database finds them with one regular-expression query, whatever the number of
  accounts.

>>> invisible_characters("ab\\u202ecd")
['U+202E RIGHT-TO-LEFT OVERRIDE']
>>> scripts_of("小明88"), scripts_of("аlice") == {"Cyrillic", "Latin"}
({'Han'}, True)
>>> mixes_scripts("аlice"), mixes_scripts("小明abc"), mixes_scripts("小明")
(True, False, False)
>>> import re
>>> bool(re.match(lookalike_pattern("ape"), "аре")), bool(re.match(lookalike_pattern("ape"), "apx"))
(True, False)
"""

from __future__ import annotations

import re
import unicodedata

from django.contrib.auth import get_user_model

INVISIBLE_CATEGORIES = frozenset({"Cf", "Cc", "Co", "Cs", "Zl", "Zp", "Cn"})
# Letters (category Lo) that show as nothing: the Hangul fillers.
INVISIBLE_LETTERS = frozenset("\u115f\u1160\u3164\uffa0")

# Each Latin letter and the Cyrillic and Greek letters (lower case, as case folding leaves
# them) that look like it, in lower or in upper case: Cyrillic к and Greek κ both read as k.
# A letter may double for two (Greek ν is N in upper case and v in lower).
LOOKALIKES: dict[str, str] = {
    "a": "аα",
    "b": "вьβ",
    "c": "сϲ",
    "d": "ԁ",
    "e": "еε",
    "g": "ԍ",
    "h": "һнη",
    "i": "іιɩ",
    "j": "ј",
    "k": "кκ",
    "l": "ӏι",
    "m": "мμ",
    "n": "пην",
    "o": "оοσ",
    "p": "рρ",
    "q": "ԛ",
    "r": "г",
    "s": "ѕ",
    "t": "тτ",
    "u": "υ",
    "v": "ѵν",
    "w": "ԝѡω",
    "x": "хχ",
    "y": "уүγυ",
    "z": "ζ",
}

# Script mixes a name may use (UTS #39 "highly restrictive"); any one script alone is fine too.
ALLOWED_MIXES = (
    frozenset({"Latin", "Han", "Hiragana", "Katakana"}),
    frozenset({"Latin", "Han", "Bopomofo"}),
    frozenset({"Latin", "Han", "Hangul"}),
)
# Characters named otherwise that belong to a script here; the Japanese prolonged sound mark
# ー goes with either kana.
SCRIPT_BY_NAME_START = {
    "CJK": "Han",
    "IDEOGRAPHIC": "Han",
    "KATAKANA-HIRAGANA": None,
}


def _folded(name: str) -> str:
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def _describe(char: str) -> str:
    return f"U+{ord(char):04X} {unicodedata.name(char, 'UNNAMED')}".strip()


def invisible_characters(name: str) -> list[str]:
    """The characters of ``name`` that show nothing or may reorder or hide the rest, named."""
    return [
        _describe(char)
        for char in dict.fromkeys(name)
        if unicodedata.category(char) in INVISIBLE_CATEGORIES
        or char in INVISIBLE_LETTERS
        or (not char.isprintable() and char != " ")
    ]


def script_of(char: str) -> str | None:
    """The script of a letter or digit (from its Unicode name); None for ASCII digits,
    punctuation and anything common to every script."""
    if not char.isalnum() or char.isascii() and char.isdigit():
        return None
    if char.isascii():
        return "Latin"
    first = unicodedata.name(char, "").split(" ")[0]
    if first in SCRIPT_BY_NAME_START:
        return SCRIPT_BY_NAME_START[first]
    return first.capitalize() or None


def scripts_of(name: str) -> set[str]:
    scripts = {script_of(char) for char in unicodedata.normalize("NFKC", name)}
    scripts.discard(None)
    return scripts  # type: ignore[return-value]


def mixes_scripts(name: str) -> bool:
    """Whether the letters of ``name`` come from scripts that do not go together."""
    scripts = scripts_of(name)
    return len(scripts) > 1 and not any(scripts <= mix for mix in ALLOWED_MIXES)


def _family(char: str) -> set[str]:
    """``char`` and every character that looks like it, in both cases."""
    family = {char}
    for latin, doubles in LOOKALIKES.items():
        if char == latin or char in doubles:
            family |= {latin, *doubles}
    return family | {each.upper() for each in family if len(each.upper()) == 1}


def lookalike_pattern(name: str) -> str:
    """A regular expression (Python's and PostgreSQL's alike) matching every name that looks
    like ``name``: one character class per character of its NFKC, case-folded form."""
    parts = []
    for char in _folded(name):
        family = sorted(_family(char))
        if len(family) == 1:
            parts.append(re.escape(char))
        else:
            # Only letters get a class, and no letter needs escaping inside one.
            parts.append("[" + "".join(family) + "]")
    return "^" + "".join(parts) + "$"


def lookalike_of(name: str) -> str | None:
    """An existing username that looks like ``name`` (the same one in another case included),
    or None."""
    users = get_user_model()._default_manager
    field = get_user_model().USERNAME_FIELD
    matches = users.filter(**{f"{field}__regex": lookalike_pattern(name)})
    return matches.values_list(field, flat=True).first()
