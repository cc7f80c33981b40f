"""The rule book page (``/rules/``): ``docs/rules-anqing.md`` as HTML, and links from the rule ids
the engine writes in an explanation to their headings there.

A rule id is written the way the engine writes it: ``R6.5``, ``R10.1``, ``R7 PAO_FENG`` (an item
of R7), ``R7 labels``, or an R11 error code such as ``E_WILD_DRAW``. Its anchor is the id with the
space made a hyphen (``R7-PAO_FENG``); a heading of the rule book that starts with an id gets that
anchor, so the Markdown stays plain (no attribute syntax) and the links and the headings come from
one pattern.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import markdown
from django.conf import settings
from django.urls import reverse
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from markdown.extensions.toc import slugify_unicode

import scoring

RULES_BOOK = settings.BASE_DIR / "docs" / "rules-anqing.md"
# Anji's rule book (/rules/anji/): its ids are AJ…, with a row's code after AJ8's (AJ8.1 ZI_MO).
ANJI_BOOK = settings.BASE_DIR / "docs" / "rules-anji.md"
ANJI_ID = re.compile(r"(?<![\w.])AJ\d+(?:\.\d+)?(?: [A-Z][A-Z_]*[A-Z](?![\w]))?(?![\w]|\.\d)")

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


def rule_anchor(rule_id: str) -> str:
    """The id attribute of a rule's heading: ``"R7 PAO_FENG"`` → ``"R7-PAO_FENG"``."""
    return rule_id.replace(" ", "-")


def rule_ids(text: str | None) -> list[str]:
    """The rule ids in a rule field or a message, in order: ``"R7 QI_DUI, R6.2"`` →
    ``["R7 QI_DUI", "R6.2"]``."""
    return RULE_ID.findall(text or "")


def rule_links(text: str | None) -> SafeString:
    """The text, escaped, with each rule id a link to its heading on the rules page."""
    if not text:
        return mark_safe("")
    if ANJI_ID.search(text):
        return anji_rule_links(text)
    url = reverse("web:rules_book")
    out, pos = [], 0
    for match in RULE_ID.finditer(text):
        out.append(escape(text[pos : match.start()]))
        out.append(
            format_html(
                '<a class="rule-link" href="{}#{}">{}</a>',
                url,
                rule_anchor(match.group()),
                match.group(),
            )
        )
        pos = match.end()
    out.append(escape(text[pos:]))
    return mark_safe("".join(out))


def anji_rule_links(text: str) -> SafeString:
    """Anji's rule ids linked to their headings in Anji's rule book; a row without a heading of
    its own (AJ8.1 ZI_MO_NO_WILD) links to its rule's (AJ8.1)."""
    url = reverse("web:rules_book_anji")
    anchors = anji_anchors()
    out, pos = [], 0
    for match in ANJI_ID.finditer(text):
        rule_id = match.group()
        anchor = rule_anchor(rule_id)
        if anchor not in anchors:
            anchor = rule_anchor(rule_id.split(" ")[0])
        out.append(escape(text[pos : match.start()]))
        out.append(format_html('<a class="rule-link" href="{}#{}">{}</a>', url, anchor, rule_id))
        pos = match.end()
    out.append(escape(text[pos:]))
    return mark_safe("".join(out))


@cache
def anji_anchors() -> frozenset[str]:
    """The ids of the headings of Anji's rule book."""
    return frozenset(re.findall(r'\bid="([^"]+)"', anji_book_html()[1]))


def _heading_id(text: str, separator: str) -> str:
    """A heading that starts with a rule id is anchored by it; any other heading by its words."""
    match = RULE_ID.match(text.strip()) or ANJI_ID.match(text.strip())
    return rule_anchor(match.group()) if match else slugify_unicode(text, separator)


@cache
def rules_book_html() -> tuple[SafeString, SafeString]:
    """(table of contents, body) of the rule book, rendered once per process.

    The file's own title (its first ``#`` line) is left out: the page has a translated one.
    Tables are wrapped so that they scroll sideways on a phone instead of widening the page.
    """
    return _book_html(RULES_BOOK)


@cache
def anji_book_html() -> tuple[SafeString, SafeString]:
    """Anji's rule book, as ``rules_book_html``."""
    return _book_html(ANJI_BOOK)


def _book_html(path: Any) -> tuple[SafeString, SafeString]:
    text = path.read_text(encoding="utf-8")
    if text.startswith("# "):
        text = text.split("\n", 1)[1]
    md = markdown.Markdown(
        extensions=["toc", "tables"],
        extension_configs={"toc": {"slugify": _heading_id, "toc_depth": "2-2"}},
    )
    body = md.convert(text)
    body = body.replace("<table>", '<div class="table-wrap"><table>').replace(
        "</table>", "</table></div>"
    )
    return mark_safe(md.toc), mark_safe(body)  # the repository's own document
