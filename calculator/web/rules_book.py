"""The rule book pages: each game's rule book (``docs/rules-*.md``) as HTML, and links from the
rule ids the engine writes in an explanation to their headings there.

Each game's web package holds its book (``calculator.web.games.<code>.book``: its file, its ids,
its title; the registry's ``WebGame.book``): Anqing's at ``/rules/`` (ids ``R6.5``, ``R10.1``,
``R7 PAO_FENG`` — an item of R7 —, ``R7 labels`` and R11's error codes such as ``E_WILD_DRAW``),
any other game's at ``/rules/<code>/`` (Anji's ``AJ8.1``, ``AJ8.1 ZI_MO``; 紅中's ``HZ7.3``,
``HZ15`` and HZ15's codes, ``E_MIN_POINTS`` among them).

A rule id's anchor is the id with the space made a hyphen (``R7-PAO_FENG``); a heading of a rule
book that starts with one of its book's ids gets that anchor, so the links and the headings come
from one pattern. A heading whose words are not the id (an item's heading in a Chinese book,
``### 跑风 {#R7-PAO_FENG}``) names its anchor itself. A text is linked to the
book whose ids it cites: a book that claims ids (``claims``) takes the texts citing them, anything
else goes to the default book (the one that claims none).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import markdown
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_safe
from markdown.extensions.toc import slugify_unicode

from calculator.web.vocabulary import page_language


def in_language(hans: str, hant: str, en: str) -> Callable[[], str]:
    """Words given in each of the site's languages, as the games' own names are."""
    return lambda: {"zh-hans": hans, "zh-hant": hant, "en": en}[page_language()]


@dataclass(frozen=True)
class Book:
    """One game's rule book: its file, its page, the ids it anchors and links, and the words the
    page shows around it."""

    game: str
    path: Path
    slug: str  # the page: /rules/<slug>/ ("": /rules/, the default book)
    ids: re.Pattern[str]  # the ids linked to this book and anchoring its headings
    claims: re.Pattern[str] | None  # a text citing one is this book's; None: the default book
    title: Callable[[], str]
    intro: Callable[[], str]


def books() -> dict[str, Book]:
    """Every game's rule book by its game's code, in the engine's order (the web registry's)."""
    from calculator.web.games import codes, web_game

    return {code: book for code in codes() if (book := web_game(code).book) is not None}


def default_book() -> Book:
    """The book a text citing no other book's ids is linked to (the one that claims none)."""
    return next(book for book in books().values() if book.claims is None)


def book_url(book: Book) -> str:
    if book.slug:
        return reverse("web:rules_book", args=[book.slug])
    return reverse("web:rules_book")


def book_language(book: Book, language: str | None = None) -> str:
    """The language a book is read in on a page of ``language`` (the page's, by default): its
    own text in that language where the docs hold one (``docs/rules-anqing.zh-hans.md``), else
    the English book."""
    language = language or page_language()
    return language if book_path(book, language) != book.path else "en"


def book_path(book: Book, language: str) -> Path:
    """The file of a book in a language: ``rules-anqing.zh-hant.md`` beside ``rules-anqing.md``
    (English, the one every other language falls back to)."""
    if language == "en":
        return book.path
    localized = book.path.with_name(f"{book.path.stem}.{language}.md")
    return localized if localized.exists() else book.path


def rule_anchor(rule_id: str) -> str:
    """The id attribute of a rule's heading: ``"R7 PAO_FENG"`` → ``"R7-PAO_FENG"``."""
    return rule_id.replace(" ", "-")


def rule_ids(text: str | None, game: str | None = None) -> list[str]:
    """The rule ids of a game in a rule field or a message, in order: ``"R7 QI_DUI, R6.2"`` →
    ``["R7 QI_DUI", "R6.2"]`` (``game`` None: the default book's)."""
    book = books()[game] if game else default_book()
    return book.ids.findall(text or "")


def book_of(text: str) -> Book:
    """The book a text cites: the first whose own ids it holds, else Anqing's."""
    for book in books().values():
        if book.claims is not None and book.claims.search(text):
            return book
    return default_book()


def rule_links(text: str | None, game: str | None = None) -> SafeString:
    """The text, escaped, with each rule id a link to its heading in its game's rule book (the
    game the ids tell, unless ``game`` is given). An id without a heading of its own
    (AJ8.1 ZI_MO_NO_WILD) links to its rule's (AJ8.1)."""
    if not text:
        return mark_safe("")
    book = books()[game] if game else book_of(text)
    url = book_url(book)
    anchors = book_anchors(book.game, book_language(book))
    out, pos = [], 0
    for match in book.ids.finditer(text):
        rule_id = match.group()
        anchor = rule_anchor(rule_id)
        if anchor not in anchors:
            anchor = rule_anchor(rule_id.split(" ")[0])
        out.append(escape(text[pos : match.start()]))
        # The link reads as the rule ("R7"); an item's code after it (R7 MEN_QING) is only the
        # heading it opens, not a word for the table.
        shown = rule_id.split(" ")[0]
        out.append(format_html('<a class="rule-link" href="{}#{}">{}</a>', url, anchor, shown))
        pos = match.end()
    out.append(escape(text[pos:]))
    return mark_safe("".join(out))


@cache
def book_anchors(game: str, language: str = "en") -> frozenset[str]:
    """The ids of the headings of a game's rule book in a language."""
    return frozenset(re.findall(r'\bid="([^"]+)"', book_html(game, language)[1]))


@cache
def book_html(game: str, language: str = "en") -> tuple[SafeString, SafeString]:
    """(table of contents, body) of a game's rule book in a language (its English text where it
    has none in that language), rendered once per process and language.

    The file's own title (its first ``#`` line) is left out: the page has a translated one.
    Tables and preformatted blocks scroll sideways on a phone (``scroll_regions``).
    """
    book = books()[game]
    text = book_path(book, language).read_text(encoding="utf-8")
    if text.startswith("# "):
        text = text.split("\n", 1)[1]

    def heading_id(heading: str, separator: str) -> str:
        """A heading that starts with one of the book's ids is anchored by it; any other by
        its words."""
        match = book.ids.match(heading.strip())
        return rule_anchor(match.group()) if match else slugify_unicode(heading, separator)

    md = markdown.Markdown(
        extensions=["attr_list", "toc", "tables"],
        extension_configs={"toc": {"slugify": heading_id, "toc_depth": "2-2"}},
    )
    body = seed_quotes(scroll_regions(md.convert(text)))
    return mark_safe(md.toc), mark_safe(body)  # the repository's own document


# A heading (its id and words), a table, or a block of preformatted text, in the book's HTML.
_HEADING_OR_WIDE = re.compile(
    r"<h(?P<level>[2-6])(?P<attrs>[^>]*)>(?P<words>.*?)</h(?P=level)>|<table>|<pre>"
)
_ID = re.compile(r'\bid="([^"]+)"')


def scroll_regions(body: str) -> str:
    """Tables (wrapped) and preformatted blocks scroll sideways on a phone instead of widening
    the page; each takes the keyboard's focus, so that it can be scrolled without a finger too
    (WCAG 2.1.1), and is a region named by the heading it stands under (``aria-labelledby``, so
    the name is the heading itself, in its language; from the second one under the same heading
    a hidden number is added, so that no two have the same name)."""
    heading: str | None = None
    under = 0

    def region(match: re.Match[str]) -> str:
        nonlocal heading, under
        if match.group("level"):
            found = _ID.search(match.group("attrs"))
            heading, under = (found.group(1) if found else None), 0
            return match.group()
        under += 1
        named, number = ' tabindex="0" role="region"', ""
        if heading and under == 1:
            named += f' aria-labelledby="{escape(heading)}"'
        elif heading:
            counted = f"{heading}--{under}"
            number = f'<span id="{escape(counted)}" hidden>({under})</span>'
            named += f' aria-labelledby="{escape(heading)} {escape(counted)}"'
        if match.group() == "<pre>":
            return f"{number}<pre{named}>"
        return f'{number}<div class="table-wrap"{named}><table>'

    return _HEADING_OR_WIDE.sub(region, body).replace("</table>", "</table></div>")


# A quote of the source text in a book: 「…」 (the books keep the seed's words in these marks), not
# across a tag.
_SEED_QUOTE = re.compile(r"「[^「」<>]*」")


def seed_quotes(body: str) -> str:
    """Each quote of the source text marked as one (``<q class="seed">``, shown with its own
    「」 and no added quotation marks), in the script it is written in: the seed's words are kept
    as the seed wrote them, whatever the page's script, and an English page says they are
    Chinese (WCAG 3.1.2)."""
    from calculator.web.lang_marks import chinese_lang

    return _SEED_QUOTE.sub(
        lambda m: f'<q class="seed" lang="{chinese_lang(m.group())}">{m.group()}</q>', body
    )


@require_safe
def page(request: HttpRequest, slug: str = "") -> HttpResponse:
    """A game's rule book (``/rules/``, ``/rules/anji/``, ``/rules/hongzhong/``), where every
    rule id of that game's explanations links to."""
    book = next((b for b in books().values() if b.slug == slug), None)
    if book is None:
        raise Http404()
    game = book.game
    language = book_language(book)
    toc, body = book_html(game, language)
    context = {
        "game": game,
        "book_language": {"zh-hans": "zh-Hans", "zh-hant": "zh-Hant"}.get(language, "en"),
        "title": book.title(),
        "intro": book.intro(),
        "toc": toc,
        "body": body,
    }
    return render(request, "web/rules_book.html", context)
