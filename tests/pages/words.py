"""The words a player reads on a page, and the rules they must keep (issue 26).

``read(html)`` takes a page apart into what a player reads: the text between tags and the
``aria-label``, ``title``, ``placeholder`` and ``alt`` attributes (and the words on an
``<input type="submit">``), each with the language it is in (the nearest ``lang``) and whether it
sits in ``<code>`` or in a quote of the rule book's source (``<q>``, ``<blockquote>`` or
``class="quote"``). ``<script>``, ``<style>``, ``<textarea>`` and every other attribute (URLs,
ids, classes, hidden form values) are not read.

``check(html, page)`` answers the rules a page breaks as ``Finding``s; each rule is one function
of ``RULES`` (a text read → what is wrong in it), so a test can plant an example for each. The
rules:

- ``seat letter``: a bare E/S/W/N standing for a player ("S 胡 N 打出的牌", "Dealer: W");
- ``field name``: a snake_case or SCREAMING_CASE identifier outside ``<code>`` (``discard_win``,
  ``PAO_FENG``);
- ``other script``: on a 简体 text a character OpenCC's ``t2s`` changes, on a 繁體 one a character
  ``s2tw`` changes, outside quotes and the names players typed (``Page.typed``);
- ``unmarked Chinese``: on an English page a Chinese run with no ``lang="zh…"`` around it (WCAG
  3.1.2, Language of Parts);
- ``English slip``: "(s)", a plural after 1 ("1 points"), a number glued to its unit ("7fan"),
  full-width punctuation outside Chinese, an English word glued to a Chinese one;
- ``rule book not Chinese``: on a Chinese page, a rule book (``Page.book``) whose article is
  mostly Latin letters;
- ``other game's word``: a word that belongs only to other games (``Page.foreign``, built by
  ``foreign_words`` from what each game declares).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from html.parser import HTMLParser

import opencc

T2S = opencc.OpenCC("t2s")
S2T = opencc.OpenCC("s2t")
S2TW = opencc.OpenCC("s2tw")

HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
# Full-width and CJK punctuation (、。「」（）：，；！？ …).
WIDE_PUNCTUATION = "\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65"
HAN_RUN = re.compile(f"[{HAN}]+")
URL = re.compile(r"\bhttps?://\S+")

READ_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
NOT_READ = {"script", "style", "textarea", "svg:style"}
VOID = {
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
    "source", "track", "wbr",
}  # fmt: skip
QUOTES = {"q", "blockquote"}


@dataclass(frozen=True)
class Text:
    """One piece of text a player reads."""

    text: str
    lang: str  # the nearest lang="…" ("" when none)
    where: str  # the element it is in ("p.quote", "button[title]")
    code: bool = False  # inside <code>
    quote: bool = False  # inside a source quote


@dataclass(frozen=True)
class Page:
    """What the rules need to know about a page besides its HTML."""

    name: str
    language: str  # "zh-hans", "zh-hant" or "en"
    typed: tuple[str, ...] = ()  # names players typed: their script is theirs
    foreign: tuple[str, ...] = ()  # words of the other games only
    book: bool = False  # the page is a rule book


@dataclass(frozen=True)
class Finding:
    page: str
    rule: str
    excerpt: str
    where: str = ""

    def __str__(self) -> str:
        return f"{self.excerpt!r} (in {self.where})" if self.where else repr(self.excerpt)


@dataclass
class _Open:
    tag: str
    lang: str
    code: bool
    quote: bool
    skip: bool
    where: str


class _Reader(HTMLParser):
    def __init__(self, page_lang: str) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[_Open] = [_Open("", page_lang, False, False, False, "page")]
        self.texts: list[Text] = []
        self.article: list[str] = []
        self.in_article = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: (v or "") for k, v in attrs}
        top = self.stack[-1]
        if tag == "html" and a.get("lang"):
            self.stack[0].lang = a["lang"]
            top = self.stack[0]
        classes = a.get("class", "").split()
        where = tag + (f".{classes[0]}" if classes else "")
        opened = _Open(
            tag,
            a.get("lang") or top.lang,
            top.code or tag == "code",
            top.quote or tag in QUOTES or "quote" in classes,
            top.skip or tag in NOT_READ,
            where,
        )
        if not opened.skip:
            for name in READ_ATTRIBUTES:
                if a.get(name, "").strip():
                    self._add(a[name], opened, f"{where}[{name}]")
            kind = a.get("type", "").lower()
            if tag == "input" and kind in ("submit", "button") and a.get("value", "").strip():
                self._add(a["value"], opened, f"{where}[value]")
        if tag == "article":
            self.in_article += 1
        if tag not in VOID:
            self.stack.append(opened)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag == "article" and self.in_article:
            self.in_article -= 1
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        top = self.stack[-1]
        if top.skip or not data.strip():
            return
        if self.in_article:
            self.article.append(data)
        self._add(data, top, top.where)

    def _add(self, text: str, at: _Open, where: str) -> None:
        text = " ".join(URL.sub(" ", text).split())  # a link written out is not words
        if text:
            self.texts.append(Text(text, at.lang, where, at.code, at.quote))


def read(html: str, page_lang: str = "") -> tuple[list[Text], str]:
    """The texts a player reads on ``html``, and the text of its ``<article>`` (if any)."""
    reader = _Reader(page_lang)
    reader.feed(html)
    reader.close()
    return reader.texts, " ".join(reader.article)


# --- the rules: each takes a text read (and the page) and yields what is wrong ---------------

Rule = Callable[[Text, Page], Iterator[str]]


def _zh(lang: str) -> bool:
    return lang.lower().startswith("zh")


def _without(text: str, words: Iterable[str]) -> str:
    for word in sorted(words, key=len, reverse=True):
        if word:
            text = text.replace(word, " ")
    return text


# "抓N鸟" / "N birds" (HZ8.2's bird rule, as the source names it) counts birds: its N is a number.
SEAT = re.compile(r"(?<![A-Za-z0-9_'’&#-])[ESWN](?![A-Za-z0-9_'’-]|[鸟鳥])")
SEAT_EN = re.compile(
    r"(?:(?:\b(?:Dealer|dealer|winner|Winner|by|from|to|pays|paid)|[←→])\s*[:：]?\s*[ESWN]\b"
    r"(?!\s*birds?\b))"
    r"|(?:\b[ESWN]\s*(?:←|→|pays|wins|won|deals|discard))"
)


def seat_letter(text: Text, page: Page) -> Iterator[str]:
    """A seat letter standing for a player: a bare E/S/W/N in a Chinese text, or an English one
    next to the words that name a player ("Dealer: W", "← N", "S wins")."""
    if text.code:
        return
    value = _without(text.text, page.typed)
    if HAN_RUN.search(value):
        for match in SEAT.finditer(value):
            yield _around(value, match.start(), match.end())
    else:
        for match in SEAT_EN.finditer(value):
            yield _around(value, match.start(), match.end())


FIELD = re.compile(r"\b(?:[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b")


def field_name(text: Text, page: Page) -> Iterator[str]:
    """A snake_case (``discard_win``) or SCREAMING_CASE (``PAO_FENG``) identifier outside
    ``<code>``."""
    if text.code:
        return
    for match in FIELD.finditer(_without(text.text, page.typed)):
        yield match.group(0)


def _changed(converter: opencc.OpenCC, value: str) -> list[str]:
    changed = []
    for run in HAN_RUN.findall(value):
        converted = converter.convert(run)
        if len(converted) == len(run):
            changed += [a for a, b in zip(run, converted, strict=True) if a != b]
        elif converted != run:
            changed.append(run)
    return changed


# Characters both scripts write in Taiwan's usage, which s2tw still changes (這台手機, 十三幺).
VARIANTS = frozenset("台幺")


def other_script(text: Text, page: Page) -> Iterator[str]:
    """A 繁體 character in a 简体 text (``t2s`` changes it) or a 简体 one in a 繁體 text (``s2tw``
    changes it), outside quotes and the names players typed. A text's script is its nearest
    ``lang``; a plain ``zh`` may be either."""
    if text.quote:
        return
    lang = text.lang.lower()
    if lang in ("zh-hans", "zh-cn", "zh-sg"):
        converter = T2S
    elif lang in ("zh-hant", "zh-tw", "zh-hk"):
        converter = S2TW
    else:
        return
    value = _without(text.text, page.typed)
    for character in dict.fromkeys(c for c in _changed(converter, value) if c not in VARIANTS):
        i = value.find(character)
        yield f"{character}: {_around(value, i, i + len(character))}"


def unmarked_chinese(text: Text, page: Page) -> Iterator[str]:
    """On an English page, a Chinese run with no ``lang="zh…"`` on it or around it."""
    if page.language != "en" or _zh(text.lang) or text.where == "title":
        return  # a document's <title> cannot hold an element marking a part of it
    value = text.text
    if text.where.endswith("]"):
        # Nor can an attribute: the names players typed in one are theirs, as they wrote them.
        value = _without(value, page.typed)
    for match in HAN_RUN.finditer(value):
        yield _around(value, match.start(), match.end())


PLURAL_AFTER_ONE = re.compile(
    r"(?<![\d.,])1\s+(?:points|hands|rounds|players|tiles|wins|sittings|kongs|birds|times|"
    r"fans|members|groups|people|draws|games|items|steps|flowers|pungs|chows|seats|winners|"
    r"payments|changes|adjustments|bar tiles|wilds)\b"
)
GLUED_UNIT = re.compile(
    r"(?<![A-Za-z])\d+(?:fan|points?|pts|hands?|rounds?|birds?|tiles?|times|silver|players?)\b"
)
WIDE = re.compile(f"[{WIDE_PUNCTUATION}]")
GLUED_WORD = re.compile(f"[A-Za-z][{HAN}]|[{HAN}][A-Za-z]")


def english_slip(text: Text, page: Page) -> Iterator[str]:
    """On an English page: "(s)", a plural after 1, a number glued to its unit, full-width
    punctuation outside Chinese, an English word glued to a Chinese one."""
    if page.language != "en" or _zh(text.lang) or text.code:
        return
    value = _without(text.text, page.typed)
    for pattern in (re.compile(r"\w\(s\)"), PLURAL_AFTER_ONE, GLUED_UNIT, GLUED_WORD):
        for match in pattern.finditer(value):
            yield _around(value, match.start(), match.end())
    for match in WIDE.finditer(value):
        yield f"{match.group(0)}: {_around(value, match.start(), match.end())}"


def foreign_word(text: Text, page: Page) -> Iterator[str]:
    """A word that belongs to the other games only (``Page.foreign``)."""
    if not page.foreign or text.code:
        return
    value = _without(text.text, page.typed)
    for word in page.foreign:
        i = value.find(word)
        if i >= 0 and _stands_alone(value, word, i):
            yield f"{word}: {_around(value, i, i + len(word))}"


def _stands_alone(value: str, word: str, i: int) -> bool:
    """A Latin word is a whole word; a Chinese one anywhere, but 包 not in 包括/包含/钱包."""
    if re.fullmatch(r"[A-Za-z ]+", word):
        return re.search(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])", value) is not None
    if word == "包":
        # 包括, 包含, 钱包 are not 包; 紅中's 搶槓包三家 (the robbed player pays for all three) is
        # its own rule, not Anqing's 包 (R10).
        return re.search(r"(?<![钱錢書书红紅背面])包(?![括含]|三家)", value) is not None
    return True


RULES: dict[str, Rule] = {
    "seat letter": seat_letter,
    "field name": field_name,
    "other script": other_script,
    "unmarked Chinese": unmarked_chinese,
    "English slip": english_slip,
    "other game's word": foreign_word,
}


def book_not_chinese(article: str) -> bool:
    """A rule book that is mostly Latin letters (outside what it quotes from code)."""
    latin = len(re.findall(r"[A-Za-z]", article))
    han = len(re.findall(f"[{HAN}]", article))
    return latin > han


def check(html: str, page: Page) -> list[Finding]:
    """Every rule ``html`` breaks, as findings (one per excerpt)."""
    texts, article = read(html, page.language)
    found: dict[tuple[str, str, str], None] = {}
    for text in texts:
        for rule, test in RULES.items():
            for excerpt in test(text, page):
                found.setdefault((rule, excerpt, text.where), None)
    findings = [Finding(page.name, rule, excerpt, where) for rule, excerpt, where in found]
    if page.book and _zh(page.language) and book_not_chinese(article):
        sample = " ".join(article.split())[:80]
        findings.append(Finding(page.name, "rule book not Chinese", sample, "article"))
    return findings


def report(findings: Iterable[Finding]) -> str:
    """The findings grouped by page, then by rule, with a count for each."""
    grouped: dict[str, dict[str, list[Finding]]] = {}
    for finding in findings:
        grouped.setdefault(finding.page, {}).setdefault(finding.rule, []).append(finding)
    lines = []
    for page, rules in grouped.items():
        lines.append(f"{page}:")
        for rule, items in rules.items():
            lines.append(f"  {rule} ({len(items)}):")
            lines += [f"    {item}" for item in items[:12]]
            if len(items) > 12:
                lines.append(f"    … and {len(items) - 12} more")
    return "\n".join(lines)


def counts(findings: Iterable[Finding]) -> dict[str, int]:
    totals: dict[str, int] = {}
    for finding in findings:
        totals[finding.rule] = totals.get(finding.rule, 0) + 1
    return totals


def _around(value: str, start: int, end: int, width: int = 18) -> str:
    before = value[max(0, start - width) : start]
    after = value[end : end + width]
    return f"{'…' if start > width else ''}{before}{value[start:end]}{after}{'…' if end + width < len(value) else ''}"


# --- the other games' words --------------------------------------------------------------------

LANGS = ("zh-hans", "zh-hant", "en")


def game_words(game: object) -> set[str]:
    """A game's own words, from what it declares: the wild's and the draw's names in Chinese, 包
    where a player may pay for others (``liability``)."""
    features = game.features  # type: ignore[attr-defined]
    words: set[str] = set()
    for names in (features.wild_names, features.draw_names):
        if names:
            words |= {names[lang] for lang in ("zh-hans", "zh-hant") if names.get(lang)}
    if features.liability:
        words |= {"包", "順包", "顺包"}
    return words


def foreign_words(
    games: Mapping[str, object],
    code: str,
    extra: Mapping[str, Iterable[str]] = {},
    shared: Iterable[str] = (),
) -> tuple[str, ...]:
    """The words of the other games that ``code``'s pages must not use: every other game's
    words (``game_words`` and ``extra[code]``) that are not ``code``'s own, nor in ``shared``
    (words every game may say, such as the tiles' names)."""
    own = game_words(games[code]) | set(extra.get(code, ()))
    allowed = own | set(shared)
    foreign: set[str] = set()
    for other, game in games.items():
        if other != code:
            foreign |= (game_words(game) | set(extra.get(other, ()))) - allowed
    # A longer foreign word holding an own word ("紅中" inside "無紅中") stays foreign.
    return tuple(sorted(foreign, key=lambda w: (-len(w), w)))
