"""Anji's rule book in its three languages (docs/rules-anji.md, .zh-hans.md, .zh-hant.md): the same
headings (every id the engine cites, AJ1–AJ15, has one in each), the same numbers in the tables,
Chinese prose on the Chinese pages in the page's own script, and no field name, house-rule key or
tile notation outside the final part for API users.

Each check of the words is also run on a planted bad example, so that it is seen to catch one."""

from __future__ import annotations

import html
import re
from pathlib import Path

import opencc
import pytest
from django.test import Client
from pytest_django.asserts import assertContains, assertNotContains

import scoring
from calculator.web.games.anji.book import ANJI_ID
from calculator.web.rules_book import book_html, rule_anchor
from scoring.anji import house_rule_defaults
from scoring.anji.rows import ROWS
from tests.pages.words import VARIANTS

URL = "/rules/anji/"
LANGUAGES = ("zh-hans", "zh-hant", "en")
ARTICLE_LANG = {"zh-hans": "zh-Hans", "zh-hant": "zh-Hant", "en": "en"}
# AJ6.6's heading, as each book words it
BAO_TOU_HEADING = {
    "zh-hans": '<h3 id="AJ6.6">AJ6.6 爆头</h3>',
    "zh-hant": '<h3 id="AJ6.6">AJ6.6 爆頭</h3>',
    "en": '<h3 id="AJ6.6">AJ6.6 <span lang="zh-Hans">爆头</span></h3>',
}
API_PART = 'id="for-api-users"'

T2S = opencc.OpenCC("t2s")
S2TW = opencc.OpenCC("s2tw")
# Characters both scripts write, which s2tw still changes: the page-words checker's own list
# (tests/pages/words.py). 幺 of 十三幺 (AJ6.4) is one; s2tw would write 么 for it, but reads 么
# itself as the 简体 of 麼, so the 繁體 book writes 十三幺.
BOTH_SCRIPTS = VARIANTS


def body(language: str) -> str:
    return str(book_html("anji", language)[1])


def anchors(html_text: str) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', html_text))


def speak(client: Client, language: str) -> None:
    client.post("/i18n/setlang/", {"language": language, "next": "/"})


# --- the checkers -------------------------------------------------------------------------------

SEED_QUOTE = re.compile(r"「[^」]*」")  # the seed's own words, shown as the seed wrote them
SNAKE_CASE = re.compile(r"[a-z]+_[a-z_]+")
NOTATION = re.compile(r"(?<![A-Za-z0-9])\d+[mpszf](?![A-Za-z0-9])")  # 222m, 7z, 1f


def prose(html_text: str) -> str:
    """What a player reads of a book's HTML above its part for API users: the text, without
    ``<code>`` / ``<pre>`` and without tags."""
    html_text = html_text.split(API_PART)[0]
    html_text = re.sub(r"<(code|pre)\b.*?</\1>", " ", html_text, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", html_text))


def other_script(html_text: str, language: str) -> set[str]:
    """The characters of a Chinese book's text (seed quotes aside) that belong to the other
    script: those OpenCC's t2s would change on a 简体 page, or s2tw on a 繁體 one (where a Taiwan
    variant both scripts write, such as 幺, is not one)."""
    text = SEED_QUOTE.sub("", html.unescape(re.sub(r"<[^>]+>", " ", html_text)))
    if language == "zh-hans":
        return {c for c in set(text) if T2S.convert(c) != c}
    return {c for c in set(text) if S2TW.convert(c) != c and c not in BOTH_SCRIPTS}


def developer_words(html_text: str) -> list[str]:
    """snake_case identifiers and compact tile notation a player would read."""
    text = prose(html_text)
    return SNAKE_CASE.findall(text) + NOTATION.findall(text)


def numbers_of_tables(html_text: str) -> list[list[list[str]]]:
    """Every table's rows, each as the numbers it states, in order."""
    return [
        [re.findall(r"\d+(?:\.\d+)?", re.sub(r"<[^>]+>", " ", row)) for row in table.split("<tr>")]
        for table in re.findall(r"<table>(.*?)</table>", html_text, flags=re.S)
    ]


def test_the_checkers_catch_a_planted_example() -> None:
    # the other script: 繁體 headings on a 简体 page, 简体 ones on a 繁體 page (issue 26's own)
    assert other_script("<h2>座位與莊家</h2>", "zh-hans") == {"與", "莊"}
    assert other_script("<h2>人数与庄家</h2>", "zh-hant") == {"数", "与", "庄"}
    # … but not the seed's words, nor 十三幺 (AJ6.4), which both scripts write
    assert not other_script("<p>原文「庄家抓14张,闲家抓13张」</p>", "zh-hant")
    assert not other_script("<p>十三幺</p>", "zh-hant")
    assert other_script("<p>十三么 什么</p>", "zh-hant") == {"么"}
    # field names and notation in the prose, glued to Chinese too
    assert developer_words("<p>没说和在补牌上（kongs_before_win 为 0）</p>") == ["kongs_before_win"]
    assert developer_words("<p>手牌是222m，胡7z</p>") == ["222m", "7z"]
    assert developer_words("<p>花 5f</p>") == ["5f"]
    # … but not in code, nor in the part for API users, nor a rule id or a count
    assert not developer_words("<p><code>fan_bao_factor</code> <code>222m</code></p><pre>1m</pre>")
    assert not developer_words(f"<p>AJ8.1 ZI_MO，14 张</p><h2 {API_PART}>API</h2><p>222m</p>")
    # a table's numbers, row by row
    assert numbers_of_tables("<table><tr><td>G3</td><td>2</td></tr></table>") == [[[], ["3", "2"]]]


# --- the same book in three languages ------------------------------------------------------------


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant"])
def test_every_language_has_exactly_the_english_books_anchors(language: str) -> None:
    english = anchors(body("en"))
    assert {"AJ1", "AJ8.1-ZI_MO", "AJ15", "penalties-罰分", "for-api-users"} <= english
    assert anchors(body(language)) == english


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rule_id_the_engine_cites_has_a_heading(language: str) -> None:
    """Each row's rule (AJ8.1 ZI_MO links to its own heading, AJ8.1 ZI_MO_NO_WILD to AJ8.1's) and
    every id in scoring/anji's messages and comments."""
    found = anchors(body(language))
    package = Path(scoring.__file__).parent / "anji"
    cited = {i for source in package.glob("*.py") for i in ANJI_ID.findall(source.read_text())}
    cited |= {row.rule for row in ROWS.values()}
    assert {"AJ6.6", "AJ12", "AJ13"} <= cited
    missing = [
        rule_id
        for rule_id in cited
        if rule_anchor(rule_id) not in found and rule_anchor(rule_id.split(" ")[0]) not in found
    ]
    assert not missing
    for n in range(1, 16):
        assert f"AJ{n}" in found, n


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant"])
def test_the_tables_state_the_english_books_numbers(language: str) -> None:
    """AJ8.1's and AJ8.2's points and conditions, and the house rules' defaults, row by row."""
    english = numbers_of_tables(body("en"))
    assert len(english) == 3
    assert numbers_of_tables(body(language)) == english


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_house_rule_table_gives_the_engines_defaults(language: str) -> None:
    """AJ13: every key with its default, in the part for API users, as house_rule_defaults()."""
    api_part = body(language).split(API_PART)[1]
    for key, default in house_rule_defaults().items():
        shown = ("true" if default else "false") if isinstance(default, bool) else str(default)
        cell = rf"<code>{key}</code></td>\s*<td>(?:<code>)?{re.escape(shown)}(?:</code>)?</td>"
        assert re.search(cell, api_part), f"{key} = {shown} ({language})"


# --- words a player reads ------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant"])
def test_a_chinese_book_is_in_its_pages_script(language: str) -> None:
    assert not other_script(body(language), language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_field_name_key_or_notation_above_the_part_for_api_users(language: str) -> None:
    assert not developer_words(body(language))
    # they are all in that part
    api_part = body(language).split(API_PART)[1]
    assert "<code>kongs_before_win</code>" in api_part
    assert '<code>"concealed": "234567p345678s1m7z"</code>' in api_part


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_serves_the_book_in_the_pages_language(client: Client, language: str) -> None:
    speak(client, language)
    response = client.get(URL)
    assert response.status_code == 200
    assertContains(
        response, f'<article class="card rules-book" lang="{ARTICLE_LANG[language]}">', html=False
    )
    assertContains(response, BAO_TOU_HEADING[language], html=False)
    for other in LANGUAGES:
        if BAO_TOU_HEADING[other] != BAO_TOU_HEADING[language]:
            assertNotContains(response, BAO_TOU_HEADING[other], html=False)
    # the intro says where the keys are, not that the text is English
    intro = re.search(r'<p class="muted small">(.*?)</p>', response.content.decode()).group(1)
    assert "英文" not in intro and "English" not in intro
    where = {"zh-hans": "程序用的键", "zh-hant": "程式用的鍵", "en": "the keys, fields and codes"}
    assert where[language] in intro


def test_the_chinese_pages_read_the_worked_examples_as_players_name_tiles(client: Client) -> None:
    """AJ15.3: 九万 turns up 一万; 白板 and the 财神 are an 爆头 pair: 2 + 1 flower, 9 at four."""
    page = client.get(URL).content.decode()
    aj15 = page.split('id="AJ15"')[1].split(API_PART)[0]
    assert "翻出九万，财神是一万" in aj15 and "二三四五六七筒" in aj15
    assert "爆头 2 分，花 1 分" in aj15 and "胡牌者收 9" in aj15
