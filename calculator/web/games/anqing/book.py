"""Anqing's rule book (``/rules/``: docs/rules-anqing.md, and rules-anqing.zh-hans.md and
rules-anqing.zh-hant.md on Chinese pages): ids ``R6.5``, ``R10.1``,
``R7 PAO_FENG`` (an item of R7), ``R7 labels`` and R11's error codes such as ``E_WILD_DRAW``.
Anqing's is the default book: a text citing no other book's ids is linked here."""

from __future__ import annotations

import re

from django.conf import settings
from django.utils.translation import gettext

import scoring
from calculator.web.rules_book import Book

# What may follow "R7 " in an item's rule: its code, or "labels" (longest first, so that
# QI_DUI_WILD is not read as QI_DUI).
_QUALIFIERS = sorted([item.code for item in scoring.ITEMS] + ["labels"], key=len, reverse=True)
RULE_ID = re.compile(
    r"(?<![\w.])(?:R\d+(?:\.\d+)?(?: (?:"
    + "|".join(map(re.escape, _QUALIFIERS))
    + r")(?!\w))?|"
    + "|".join(map(re.escape, scoring.ERROR_CODES))
    + r")(?![\w]|\.\d)"
)

BOOK = Book(
    "anqing",
    settings.BASE_DIR / "docs" / "rules-anqing.md",
    "",  # the book at /rules/ itself
    RULE_ID,
    None,
    lambda: gettext("安庆麻将规则"),
    lambda: gettext(
        "本应用按这些规则算番。规则编号（如 R6.5）与算番说明里的编号相同，点说明里的编号就会跳到这里。"
    ),
)
