"""The rule book pages: each game's rule book (``docs/rules-*.md``) as HTML, and links from the
rule ids the engine writes in an explanation to their headings there.

``BOOKS`` holds one book per game: Anqing's at ``/rules/`` (ids ``R6.5``, ``R10.1``,
``R7 PAO_FENG`` — an item of R7 —, ``R7 labels`` and R11's error codes such as
``E_WILD_DRAW``), Anji's at ``/rules/anji/`` (``AJ8.1``, ``AJ8.1 ZI_MO``) and 紅中's at
``/rules/hongzhong/`` (``HZ7.3``, ``HZ15`` and HZ15's codes, ``E_MIN_POINTS`` among them).

A rule id's anchor is the id with the space made a hyphen (``R7-PAO_FENG``); a heading of a rule
book that starts with one of its book's ids gets that anchor, so the Markdown stays plain (no
attribute syntax) and the links and the headings come from one pattern. A text is linked to the
book whose ids it cites: Anji's and 紅中's ids are their own, anything else is Anqing's.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import markdown
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_safe
from markdown.extensions.toc import slugify_unicode

import scoring
from scoring.hongzhong import ERROR_CODES as HONGZHONG_CODES

RULES_BOOK = settings.BASE_DIR / "docs" / "rules-anqing.md"
# Anji's rule book (/rules/anji/): its ids are AJ…, with a row's code after AJ8's (AJ8.1 ZI_MO).
ANJI_BOOK = settings.BASE_DIR / "docs" / "rules-anji.md"
ANJI_ID = re.compile(r"(?<![\w.])AJ\d+(?:\.\d+)?(?: [A-Z][A-Z_]*[A-Z](?![\w]))?(?![\w]|\.\d)")
# 紅中's rule book (/rules/hongzhong/): its ids are HZ… (HZ7.3, HZ15), and each HZ15 code is a
# heading of its own there. A text is 紅中's when it cites an HZ id or E_MIN_POINTS, the one code
# no other game has; HZ_ID then links the other codes it cites to 紅中's headings too.
HONGZHONG_BOOK = settings.BASE_DIR / "docs" / "rules-hongzhong.md"
_HZ_OWN_CODES = [code for code in HONGZHONG_CODES if code not in scoring.ERROR_CODES]
HZ_MARK = re.compile(r"(?<![\w.])(?:HZ\d+(?:\.\d+)?|" + "|".join(_HZ_OWN_CODES) + r")(?![\w]|\.\d)")
HZ_ID = re.compile(r"(?<![\w.])(?:HZ\d+(?:\.\d+)?|" + "|".join(HONGZHONG_CODES) + r")(?![\w]|\.\d)")

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


def _language() -> str:
    """The page's language as the games' names are keyed: zh-hans (default), zh-hant or en."""
    language = (get_language() or "zh-hans").lower()
    if language.startswith("en"):
        return "en"
    return "zh-hant" if language in {"zh-hant", "zh-tw", "zh-hk"} else "zh-hans"


def _in_language(hans: str, hant: str, en: str) -> Callable[[], str]:
    """Words given in each of the site's languages, as the games' own names are."""
    return lambda: {"zh-hans": hans, "zh-hant": hant, "en": en}[_language()]


@dataclass(frozen=True)
class Book:
    """One game's rule book: its file, its page, the ids it anchors and links, and the words the
    page shows around it."""

    game: str
    path: Path
    url_name: str
    ids: re.Pattern[str]  # the ids linked to this book and anchoring its headings
    claims: re.Pattern[str] | None  # a text citing one is this book's; None: the default book
    title: Callable[[], str]
    intro: Callable[[], str]


BOOKS: dict[str, Book] = {
    "anqing": Book(
        "anqing",
        RULES_BOOK,
        "web:rules_book",
        RULE_ID,
        None,
        lambda: gettext("安庆麻将规则"),
        lambda: gettext(
            "本应用按这些规则算番。正文以英文写成，附中文术语；规则编号（如 R6.5）与算番说明里的编号相同。"
        ),
    ),
    "anji": Book(
        "anji",
        ANJI_BOOK,
        "web:rules_book_anji",
        ANJI_ID,
        ANJI_ID,
        lambda: gettext("安吉麻将规则"),
        lambda: gettext(
            "本应用按这些规则算分。正文以英文写成，附中文术语；规则编号（如 AJ8.1）与算分说明里的编号相同。"
        ),
    ),
    "hongzhong": Book(
        "hongzhong",
        HONGZHONG_BOOK,
        "web:rules_book_hongzhong",
        HZ_ID,
        HZ_MARK,
        _in_language("红中麻将规则", "紅中麻將規則", "Hongzhong mahjong rules"),
        _in_language(
            "本应用按这些规则算分。正文以英文写成，附中文术语；规则编号（如 HZ7.3）与算分说明里的编号相同。",
            "本應用按這些規則算分。正文以英文寫成，附中文術語；規則編號（如 HZ7.3）與算分說明裡的編號相同。",
            "The app scores by these rules. The text is in English with the Chinese terms; the "
            "rule ids (such as HZ7.3) are the ones the explanations show.",
        ),
    ),
}
DEFAULT_BOOK = "anqing"


def rule_anchor(rule_id: str) -> str:
    """The id attribute of a rule's heading: ``"R7 PAO_FENG"`` → ``"R7-PAO_FENG"``."""
    return rule_id.replace(" ", "-")


def rule_ids(text: str | None, game: str = DEFAULT_BOOK) -> list[str]:
    """The rule ids of a game in a rule field or a message, in order: ``"R7 QI_DUI, R6.2"`` →
    ``["R7 QI_DUI", "R6.2"]``."""
    return BOOKS[game].ids.findall(text or "")


def book_of(text: str) -> Book:
    """The book a text cites: the first whose own ids it holds, else Anqing's."""
    for book in BOOKS.values():
        if book.claims is not None and book.claims.search(text):
            return book
    return BOOKS[DEFAULT_BOOK]


def rule_links(text: str | None, game: str | None = None) -> SafeString:
    """The text, escaped, with each rule id a link to its heading in its game's rule book (the
    game the ids tell, unless ``game`` is given). An id without a heading of its own
    (AJ8.1 ZI_MO_NO_WILD) links to its rule's (AJ8.1)."""
    if not text:
        return mark_safe("")
    book = BOOKS[game] if game else book_of(text)
    url = reverse(book.url_name)
    anchors = book_anchors(book.game)
    out, pos = [], 0
    for match in book.ids.finditer(text):
        rule_id = match.group()
        anchor = rule_anchor(rule_id)
        if anchor not in anchors:
            anchor = rule_anchor(rule_id.split(" ")[0])
        out.append(escape(text[pos : match.start()]))
        out.append(format_html('<a class="rule-link" href="{}#{}">{}</a>', url, anchor, rule_id))
        pos = match.end()
    out.append(escape(text[pos:]))
    return mark_safe("".join(out))


def anji_rule_links(text: str) -> SafeString:
    """Anji's rule ids linked to their headings in Anji's rule book."""
    return rule_links(text, "anji")


@cache
def book_anchors(game: str) -> frozenset[str]:
    """The ids of the headings of a game's rule book."""
    return frozenset(re.findall(r'\bid="([^"]+)"', book_html(game)[1]))


def anji_anchors() -> frozenset[str]:
    """The ids of the headings of Anji's rule book."""
    return book_anchors("anji")


@cache
def book_html(game: str) -> tuple[SafeString, SafeString]:
    """(table of contents, body) of a game's rule book, rendered once per process.

    The file's own title (its first ``#`` line) is left out: the page has a translated one.
    Tables are wrapped so that they scroll sideways on a phone instead of widening the page.
    """
    book = BOOKS[game]
    text = book.path.read_text(encoding="utf-8")
    if text.startswith("# "):
        text = text.split("\n", 1)[1]

    def heading_id(heading: str, separator: str) -> str:
        """A heading that starts with one of the book's ids is anchored by it; any other by
        its words."""
        match = book.ids.match(heading.strip())
        return rule_anchor(match.group()) if match else slugify_unicode(heading, separator)

    md = markdown.Markdown(
        extensions=["toc", "tables"],
        extension_configs={"toc": {"slugify": heading_id, "toc_depth": "2-2"}},
    )
    body = md.convert(text)
    body = body.replace("<table>", '<div class="table-wrap"><table>').replace(
        "</table>", "</table></div>"
    )
    return mark_safe(md.toc), mark_safe(body)  # the repository's own document


@require_safe
def page(request: HttpRequest, game: str) -> HttpResponse:
    """A game's rule book (``/rules/``, ``/rules/anji/``, ``/rules/hongzhong/``), where every
    rule id of that game's explanations links to."""
    book = BOOKS[game]
    toc, body = book_html(game)
    context = {
        "game": game,
        "title": book.title(),
        "intro": book.intro(),
        "toc": toc,
        "body": body,
    }
    return render(request, "web/rules_book.html", context)
