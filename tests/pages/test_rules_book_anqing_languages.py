"""Anqing's rule book in the page's language: docs/rules-anqing.zh-hans.md on 简体 pages,
rules-anqing.zh-hant.md on 繁體 pages, rules-anqing.md in English. The three books anchor the same
rule ids (every R… heading, every R7 item, every R11 error code), state the same numbers, and a
Chinese book reads as Chinese prose in its own script, with notation, field names and house-rule
keys kept to its closing part for API users. Each checker is first shown to catch a planted
example."""

from __future__ import annotations

import html
import re

import opencc
import pytest
from django.test import Client

import scoring
from calculator.web.rules_book import book_html
from scoring import house_rule_defaults
from tests.pages.test_rule_anchors import default_cell

LANGUAGES = ("zh-hans", "zh-hant", "en")
CHINESE = ("zh-hans", "zh-hant")
ARTICLE_LANG = {"zh-hans": "zh-Hans", "zh-hant": "zh-Hant", "en": "en"}
# A heading each book has (R6.5, the drawn 鑽) and one of its Chinese words, per page language.
KNOWN_HEADING = {
    "zh-hans": '<h3 id="R6.5">R6.5 摸钻</h3>',
    "zh-hant": '<h3 id="R6.5">R6.5 摸鑽</h3>',
}
API_PART = '<h2 id="api">'  # the closing part for API users, the same anchor in every book
SEED_QUOTE = re.compile(r"「[^」]*」")  # the source text, quoted as the seed wrote it
SNAKE_CASE = re.compile(r"\b[a-z]+_[a-z_]+\b")
NOTATION = re.compile(r"\b\d+[mpsz]\b")
CODE = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b")  # PAO_FENG, E_WILD_DRAW
CODE_OR_PRE = re.compile(r"<(code|pre)\b[^>]*>.*?</\1>", re.S)
HAN = re.compile(r"[\u3400-\u9fff]")
LATIN = re.compile(r"[A-Za-z]")
CONVERTERS = {"zh-hans": "t2s", "zh-hant": "s2tw"}  # what would turn a page into its own script
RANKS = dict(zip("123456789", "一二三四五六七八九", strict=True))


def speak(client: Client, language: str) -> None:
    client.post("/i18n/setlang/", {"language": language, "next": "/"})


def body(language: str) -> str:
    return str(book_html("anqing", language)[1])


def anchors(page: str) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', page))


def text_of(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def prose(page: str) -> str:
    """What a player reads above the part for API users, without ``<code>`` and ``<pre>``."""
    return CODE_OR_PRE.sub(" ", page.split(API_PART)[0])


# ----------------------------------------------------------------------------- the checkers


def other_script(page: str, language: str) -> list[str]:
    """The characters of a page's text that OpenCC would change into the page's own script
    (t2s for a 简体 page, s2tw for a 繁體 one), seed quotes 「…」 left out."""
    converter = opencc.OpenCC(CONVERTERS[language])
    found = set()
    for line in SEED_QUOTE.sub("", text_of(page)).splitlines():
        converted = converter.convert(line)
        if converted == line:
            continue
        if len(converted) == len(line):
            found |= {a for a, b in zip(line, converted, strict=True) if a != b}
        else:
            found |= {ch for ch in line if converter.convert(ch) != ch}
    return sorted(found)


def developer_words(page: str) -> list[str]:
    """snake_case identifiers and compact tile notation (``222m``) a player would read: outside
    ``<code>`` / ``<pre>`` and above the part for API users."""
    words = text_of(prose(page))
    return SNAKE_CASE.findall(words) + NOTATION.findall(words)


def item_codes(page: str) -> list[str]:
    """An item's or an error's code (``PAO_FENG``, ``E_WILD_DRAW``) a player would read: outside
    ``<code>`` / ``<pre>`` and above the part for API users (the code stays in a heading's id
    and a link's target, which no one reads)."""
    return CODE.findall(text_of(prose(page)))


def chinese_share(page: str) -> float:
    """The share of Chinese characters among the letters of a page's prose (0: all Latin)."""
    words = text_of(prose(page))
    han, latin = len(HAN.findall(words)), len(LATIN.findall(words))
    return han / (han + latin) if han + latin else 0.0


def numbers(page: str) -> set[str]:
    """The numbers a page's prose states, rule ids left out (R10.5 is no number)."""
    words = re.sub(r"\bR\d+(?:\.\d+)?", " ", text_of(prose(page)))
    return set(re.findall(r"\d+(?:,\d{3})*", words))


# ---------------------------------------------------------------- each checker catches a plant


def test_other_script_catches_a_planted_character_and_skips_seed_quotes() -> None:
    planted = "<h2>座位與莊家</h2><p>「東風位的玩家為首局莊家」</p>"
    assert other_script(planted, "zh-hans") == ["與", "莊"]
    assert other_script("<h2>座位与庄家</h2><p>「東風位的玩家為首局莊家」</p>", "zh-hans") == []
    assert other_script("<h2>人数与庄家</h2>", "zh-hant") == ["与", "庄", "数"]
    assert other_script("<h2>人數與莊家</h2><p>「摸钻」</p>", "zh-hant") == []


def test_developer_words_catches_a_field_name_and_notation_outside_code() -> None:
    planted = "<p>没说和在补牌上（kongs_before_win 为 0，R7 杠开），手里 222m</p>"
    assert developer_words(planted) == ["kongs_before_win", "222m"]
    assert developer_words("<p><code>kongs_before_win</code>、<code>222m</code></p>") == []
    assert developer_words("<pre><code>fan_bao_factor × 2</code></pre>") == []
    assert developer_words(f"<p>跑风</p>{API_PART}给 API 使用者</h2><p>pao_feng 9p</p>") == []
    assert developer_words("<p>R7 PAO_FENG、E_WILD_DRAW、R10.5</p>") == []


def test_item_codes_catches_a_code_in_words_a_player_reads() -> None:
    planted = '<h3 id="R7-PAO_FENG">R7 PAO_FENG · 跑風</h3><p>refused with E_WILD_DRAW</p>'
    assert item_codes(planted) == ["PAO_FENG", "E_WILD_DRAW"]
    good = '<h3 id="R7-PAO_FENG">R7 Pao feng · 跑風</h3><p><a href="#E_WILD_DRAW">refused</a></p>'
    assert item_codes(good) == []
    assert item_codes("<p><code>E_WILD_DRAW</code></p>") == []
    assert item_codes(f"<p>跑风</p>{API_PART}给 API 使用者</h2><p>PAO_FENG</p>") == []


def test_chinese_share_tells_chinese_prose_from_english() -> None:
    assert chinese_share("<p>胡的那张如果是钻，这手牌要算到跑风</p>") == 1.0
    assert chinese_share("<p>If the winning tile is a wild, the hand needs 跑風</p>") < 0.2
    assert chinese_share("<p>跑风</p><p><code>wild_draw_requires_pao_feng</code></p>") == 1.0


def test_numbers_reads_the_prose_without_rule_ids() -> None:
    assert numbers("<p>R10.2：(8 + 6 + 0) × 6 = 84，最多 1,000,000</p>") == {
        "8", "6", "0", "84", "1,000,000"
    }  # fmt: skip
    assert numbers(f"<p>R6.5</p>{API_PART}</h2><p>64</p>") == set()


# ---------------------------------------------------------------------------- the three books


@pytest.mark.parametrize("language", CHINESE)
def test_the_chinese_books_anchor_exactly_the_english_books_ids(language: str) -> None:
    english = anchors(body("en"))
    assert {f"R7-{item.code}" for item in scoring.ITEMS} | set(scoring.ERROR_CODES) <= english
    assert anchors(body(language)) == english


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_link_inside_a_book_lands_on_one_of_its_headings(language: str) -> None:
    page = body(language)
    targets = set(re.findall(r'href="#([^"]+)"', page))
    assert targets and targets <= anchors(page)


@pytest.mark.parametrize("language", CHINESE)
def test_a_chinese_page_serves_the_book_in_its_language(client: Client, language: str) -> None:
    speak(client, language)
    page = client.get("/rules/").content.decode()
    article = page[page.index('<article class="card rules-book"') : page.index("</article>")]
    assert f'<article class="card rules-book" lang="{ARTICLE_LANG[language]}">' in article
    assert KNOWN_HEADING[language] in article
    assert chinese_share(article) > 0.9
    assert chinese_share(body("en")) < 0.2  # the English book would not pass as Chinese prose


def test_the_english_page_keeps_the_english_book(client: Client) -> None:
    speak(client, "en")
    page = client.get("/rules/").content.decode()
    assert '<article class="card rules-book" lang="en">' in page
    assert '<h3 id="R6.5">R6.5 Drawing the <span lang="zh-Hant">鑽</span> · <span lang="zh-Hant">摸鑽</span></h3>' in page


@pytest.mark.parametrize("language", CHINESE)
def test_a_chinese_book_holds_no_character_of_the_other_script(language: str) -> None:
    assert other_script(body(language), language) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_field_name_or_notation_above_the_part_for_api_users(language: str) -> None:
    page = body(language)
    assert API_PART in page
    assert developer_words(page) == []
    # ... where they are, in <code>: every house-rule key, the notation's suit letters
    api = page.split(API_PART)[1]
    for key in house_rule_defaults("anqing"):
        assert f"<code>{key}</code>" in api, key
    assert "<code>123m456p789s11z</code>" in api


@pytest.mark.parametrize("language", LANGUAGES)
def test_items_and_refused_hands_are_named_in_words_above_the_part_for_api_users(
    language: str,
) -> None:
    """R7's items and R11's refused hands by their names (the English book: "R7 Pao feng
    (one-tile wait) · 跑風", "Unreadable input"), each heading still anchored by its code."""
    page = body(language)
    assert item_codes(page) == []
    for anchor in [f"R7-{item.code}" for item in scoring.ITEMS] + list(scoring.ERROR_CODES):
        heading = re.search(rf'<h3 id="{anchor}">(.*?)</h3>', page)
        assert heading, anchor
        assert not CODE.search(text_of(heading[1])), heading[1]


@pytest.mark.parametrize("language", CHINESE)
def test_a_chinese_book_states_every_number_of_the_english_one(language: str) -> None:
    """The defaults, examples and limits: each number of the English prose is in the Chinese
    prose, tile ranks (R6.4's 147, R7 YI_LONG's 123) as players say them (一四七, 一二三)."""
    chinese = numbers(body(language))
    said = text_of(prose(body(language)))
    missing = {
        number
        for number in numbers(body("en")) - chinese
        if "".join(RANKS.get(digit, digit) for digit in number) not in said
    }
    assert not missing


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_items_heading_states_the_engines_default(language: str) -> None:
    defaults = house_rule_defaults("anqing")
    page = body(language)
    for item in scoring.ITEMS:
        key = item.code.lower()
        if key not in defaults:  # GANG_KAI: a ladder, given in its own table
            continue
        heading = re.search(rf'<h3 id="R7-{item.code}">(.*?)</h3>', page)
        assert heading, item.code
        unit = "" if language == "en" else " 番"
        assert re.search(rf"— (?:每[个個張张] )?{defaults[key]}{unit}\b", heading[1]), heading[1]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_api_users_tables_give_the_engines_defaults(language: str) -> None:
    """R12's keys with their defaults, as ``house_rule_defaults()`` has them, in every book."""
    page = body(language)
    for key, default in house_rule_defaults("anqing").items():
        assert re.search(default_cell(key, default), page), f"{language}: {key} = {default}"
