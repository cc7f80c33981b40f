"""紅中's rule book (``/rules/hongzhong/``, docs/rules-hongzhong.md, with its 简体 and 繁體 texts
beside it: rules-hongzhong.zh-hans.md, rules-hongzhong.zh-hant.md): its ids are HZ… (HZ7.3,
HZ15), and each HZ15 code is a heading of its own there. A text is 紅中's when it cites an HZ id or
E_MIN_POINTS, the one code no other game has; ``HZ_ID`` then links the other codes it cites to
紅中's headings too."""

from __future__ import annotations

import re

from django.conf import settings
from django.utils.translation import gettext

import scoring
from calculator.web.rules_book import Book, in_language
from scoring.hongzhong import ERROR_CODES

_OWN_CODES = [code for code in ERROR_CODES if code not in scoring.ERROR_CODES]
HZ_MARK = re.compile(r"(?<![\w.])(?:HZ\d+(?:\.\d+)?|" + "|".join(_OWN_CODES) + r")(?![\w]|\.\d)")
HZ_ID = re.compile(r"(?<![\w.])(?:HZ\d+(?:\.\d+)?|" + "|".join(ERROR_CODES) + r")(?![\w]|\.\d)")

BOOK = Book(
    "hongzhong",
    settings.BASE_DIR / "docs" / "rules-hongzhong.md",
    "hongzhong",
    HZ_ID,
    HZ_MARK,
    in_language("红中麻将规则", "紅中麻將規則", "Hongzhong mahjong rules"),
    lambda: gettext("本应用按这些规则算分；规则编号（如 HZ7.3）与算分说明里的编号相同。"),
)
