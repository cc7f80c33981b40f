"""Anji's rule book (``/rules/anji/``: docs/rules-anji.md, and rules-anji.zh-hans.md and
rules-anji.zh-hant.md beside it for the Chinese pages): its ids are AJ…, with a row's code after
AJ8's (``AJ8.1 ZI_MO``)."""

from __future__ import annotations

import re

from django.conf import settings
from django.utils.translation import gettext

from calculator.web.rules_book import Book

ANJI_ID = re.compile(r"(?<![\w.])AJ\d+(?:\.\d+)?(?: [A-Z][A-Z_]*[A-Z](?![\w]))?(?![\w]|\.\d)")

BOOK = Book(
    "anji",
    settings.BASE_DIR / "docs" / "rules-anji.md",
    "anji",
    ANJI_ID,
    ANJI_ID,
    lambda: gettext("安吉麻将规则"),
    lambda: gettext(
        "本应用按这些规则算分。规则编号（如 AJ8.1）与算分说明里的编号相同；"
        "程序用的键、字段和代码都在最后一部分。"
    ),
)
