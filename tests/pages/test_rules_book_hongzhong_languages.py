"""紅中's rule book in the reader's language: docs/rules-hongzhong.md (English), .zh-hans.md and
.zh-hant.md hold the same headings (every id the engine cites, HZ1–HZ17, HZ15's codes), each
page reads its own book, and the Chinese books are Chinese prose a table can read: one script,
tiles named as players name them, house rules by their names — the keys, fields, codes and the
short notation only in the part for API users.

Each check is a function that is also shown to catch a planted example."""

from __future__ import annotations

import html
import re

import opencc
import pytest
from django.test import Client

from calculator.web.rules_book import book_html
from scoring.hongzhong import house_rule_defaults

URL = "/rules/hongzhong/"
LANGUAGES = ("zh-hans", "zh-hant", "en")
ARTICLE_LANG = {"zh-hans": "zh-Hans", "zh-hant": "zh-Hant", "en": "en"}
# A heading of each book (HZ7.3, the values of HZ7.1's items) as the page shows it.
HZ7_3 = {"zh-hans": "HZ7.3 分值", "zh-hant": "HZ7.3 分值", "en": "HZ7.3 The values"}
API_PART = 'id="for-api-users"'

TO_SIMPLIFIED = opencc.OpenCC("t2s")
TO_TRADITIONAL = opencc.OpenCC("s2tw")


def body(language: str) -> str:
    return str(book_html("hongzhong", language)[1])


def anchors(html_text: str) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', html_text))


def prose(html_text: str) -> str:
    """The words a player reads above the part for API users: that part, ``<code>`` and
    ``<pre>`` left out, tags stripped (attributes are not read)."""
    text = html_text.split(API_PART)[0]
    text = re.sub(r"<(code|pre)\b[^>]*>.*?</\1>", " ", text, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", text))


def unquoted(text: str) -> str:
    """The text without the source's own words, which keep the seed's characters 「…」."""
    return re.sub(r"「[^」]*」", " ", text)


def other_script(text: str, language: str) -> list[str]:
    """Characters of the other Chinese script, as OpenCC finds them (t2s on a 简体 text, s2tw on
    a 繁體 one), outside the source's quotes: each as ``character→what OpenCC makes of it``."""
    text = unquoted(text)
    converted = (TO_SIMPLIFIED if language == "zh-hans" else TO_TRADITIONAL).convert(text)
    assert len(converted) == len(text)
    return [f"{a}→{b}" for a, b in zip(text, converted, strict=True) if a != b]


def snake_case(text: str) -> list[str]:
    """House-rule keys and field names (``bird_count``, ``win_tile``) in the text."""
    return re.findall(r"(?<![A-Za-z0-9_])[a-z]+_[a-z_]+", text)


def tile_notation(text: str) -> list[str]:
    """Tiles in the API's short notation (``222m``, ``5z``) in the text."""
    return re.findall(r"(?<![A-Za-z0-9])(?:\d+[mpszf])+(?![A-Za-z0-9])", text)


def codes(text: str) -> list[str]:
    """Item and error codes (``ZI_MO``, ``E_CONTEXT``) in the text."""
    return re.findall(r"(?<![A-Za-z0-9_])[A-Z]+(?:_[A-Z]+)+(?![A-Za-z0-9_])", text)


# --- the checks catch what they are for ---------------------------------------------------------


def test_the_script_check_catches_a_character_of_the_other_script() -> None:
    assert other_script("红中麻將", "zh-hans") == ["將→将"]
    assert other_script("紅中麻将", "zh-hant") == ["将→將"]
    assert other_script("红中麻将", "zh-hans") == []
    assert other_script("紅中麻將", "zh-hant") == []
    # the seed's own words keep its characters
    assert other_script("紅中：「只可碰可杠」", "zh-hant") == []


def test_the_prose_leaves_out_code_pre_tags_and_the_api_part() -> None:
    page = (
        '<p>见<a href="#E_RULES" title="bird_count">起胡分</a> <code>bird_count</code></p>'
        "<pre><code>222m win_tile</code></pre>"
        f"<h2 {API_PART}>给 API 使用者</h2><p>bird_count 222m E_RULES</p>"
    )
    text = prose(page)
    assert "起胡分" in text
    assert not snake_case(text) and not tile_notation(text) and not codes(text)


def test_the_word_checks_catch_keys_notation_and_codes() -> None:
    planted = prose("<p>南家胡222m，鸟 3m6p；见bird_count、win_tile；E_CONTEXT，ZI_MO</p>")
    assert snake_case(planted) == ["bird_count", "win_tile"]
    assert tile_notation(planted) == ["222m", "3m6p"]
    assert codes(planted) == ["E_CONTEXT", "ZI_MO"]
    assert not snake_case(prose("<p>每中一鸟加分 1</p>")) and not tile_notation("二二二万")


def test_the_heading_check_catches_a_missing_or_renamed_anchor() -> None:
    english = anchors(body("en"))
    chinese = body("zh-hans")
    assert anchors(chinese.replace('id="HZ9.2"', 'id="hz92"')) != english
    assert anchors(chinese.replace('id="E_WIN_TILE"', "")) != english


# --- the three books ----------------------------------------------------------------------------


def test_the_three_books_have_the_same_headings() -> None:
    english = anchors(body("en"))
    assert {"HZ1", "HZ7.3", "HZ17.14", "E_MIN_POINTS", "for-api-users"} <= english
    for language in ("zh-hans", "zh-hant"):
        assert anchors(body(language)) == english, language


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_page_reads_its_own_book(client: Client, language: str) -> None:
    client.post("/i18n/setlang/", {"language": language, "next": "/"})
    page = client.get(URL).content.decode()
    lang = ARTICLE_LANG[language]
    assert f'<article class="card rules-book" lang="{lang}">' in page
    assert f'<h3 id="HZ7.3">{HZ7_3[language]}</h3>' in page
    for other in LANGUAGES:
        if other != language and HZ7_3[other] != HZ7_3[language]:
            assert HZ7_3[other] not in page


@pytest.mark.parametrize("language", ("zh-hans", "zh-hant"))
def test_a_chinese_book_is_one_script(language: str) -> None:
    """HZ1–HZ17 in 简体 with no 繁體 character, or in 繁體 with no 简体 one, outside the seed's
    quotes; the part for API users too."""
    whole = html.unescape(re.sub(r"<[^>]+>", " ", body(language)))
    assert not other_script(whole, language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_prose_names_tiles_and_house_rules_as_players_do(language: str) -> None:
    text = prose(body(language))
    assert "HZ17.1" in text  # the worked examples are above the part for API users
    assert not snake_case(text)
    assert not tile_notation(text)


@pytest.mark.parametrize("language", ("zh-hans", "zh-hant"))
def test_the_chinese_prose_shows_no_item_or_error_code(language: str) -> None:
    """HZ15's refusals and HZ7.1's items are named in words; the codes are the headings'
    anchors and the part for API users' list."""
    assert not codes(prose(body(language)))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_part_for_api_users_gives_every_key_with_its_default(language: str) -> None:
    """HZ16: every key with the engine's default, in each book's last part."""
    api_part = body(language).split(API_PART)[1]
    for key, default in house_rule_defaults().items():
        shown = ("true" if default else "false") if isinstance(default, bool) else str(default)
        cell = rf"<code>{key}</code></td>\s*<td>(?:<code>)?{re.escape(shown)}(?:</code>)?</td>"
        assert re.search(cell, api_part), f"{language}: {key} = {shown}"


@pytest.mark.parametrize("language", ("zh-hans", "zh-hant"))
def test_the_chinese_books_state_the_english_books_numbers(language: str) -> None:
    """Every number of the English book's prose (defaults, bounds, payments of HZ17) is in the
    Chinese book's prose too."""

    def numbers(text: str) -> set[str]:
        text = re.sub(r"\bHZ\d+(?:\.\d+)?|\bR\d+", " ", text)  # rule ids are not amounts
        return set(re.findall(r"\d+(?:[.,]\d+)*", text))

    missing = numbers(prose(body("en"))) - numbers(prose(body(language)))
    assert not missing, sorted(missing)
