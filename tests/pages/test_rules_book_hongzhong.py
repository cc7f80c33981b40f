"""紅中's rule book page (/rules/hongzhong/): docs/rules-hongzhong.md (and its 简体 and 繁體 texts) as HTML,
a heading for every rule id and error code the engine writes, and rule_links sending HZ ids
there (Anqing's and Anji's links unchanged)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.test import Client
from pytest_django.asserts import assertContains, assertNotContains

import scoring
from calculator.web.games.hongzhong.book import HZ_ID
from calculator.web.rules_book import book_html, rule_links
from scoring import score
from scoring.hongzhong import ERROR_CODES, house_rule_defaults
from tests.scoring.hongzhong.test_hz17_examples import PAID, REFUSED

URL = "/rules/hongzhong/"
TITLES = {"zh-hans": "红中麻将规则", "zh-hant": "紅中麻將規則", "en": "Hongzhong mahjong rules"}


@pytest.fixture(scope="module")
def page(django_db_blocker) -> str:
    with django_db_blocker.unblock():
        return Client().get(URL).content.decode()


def anchors_of(page: str) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', page))


def speak(client: Client, language: str) -> None:
    client.post("/i18n/setlang/", {"language": language, "next": "/"})


@pytest.mark.parametrize("language", list(TITLES))
def test_the_page_answers_in_every_language_with_its_title(client: Client, language: str) -> None:
    speak(client, language)
    response = client.get(URL)
    assert response.status_code == 200
    assertContains(response, f"<h1>{TITLES[language]}</h1>", html=False)
    assertContains(response, f"<title>{TITLES[language]} ·", html=False)
    assertContains(response, "HZ7.3", html=False)  # the intro names an id as the why shows it
    # the book itself is read in the page's language (test_rules_book_hongzhong_languages.py)
    lang = {"zh-hans": "zh-Hans", "zh-hant": "zh-Hant", "en": "en"}[language]
    assertContains(response, f'<article class="card rules-book" lang="{lang}">', html=False)
    assertContains(response, '<h3 id="HZ7.3">HZ7.3 ', html=False)
    for other, title in TITLES.items():
        if other != language:
            assertNotContains(response, f"<h1>{title}</h1>", html=False)


def test_the_other_books_keep_their_titles(client: Client) -> None:
    assertContains(client.get("/rules/"), "<h1>安庆麻将规则</h1>", html=False)
    assertContains(client.get("/rules/anji/"), "<h1>安吉麻将规则</h1>", html=False)
    speak(client, "en")
    assertContains(client.get("/rules/anji/"), "<h1>Anji mahjong rules</h1>", html=False)


def test_every_section_is_a_heading_with_its_id(page: str) -> None:
    for n in range(1, 18):
        assert f'<h2 id="HZ{n}">HZ{n} ' in page, n
        assert f'<a href="#HZ{n}">HZ{n} ' in page, n  # the contents
    for n in range(1, 15):
        assert f'<h3 id="HZ17.{n}">HZ17.{n} ' in page, n


def test_every_rule_id_the_engine_writes_has_an_anchor(page: str) -> None:
    """The ``rule`` of every item of every worked example, scored by the engine itself."""
    written = set()
    for _, request, *_ in PAID:
        for item in score(request)["items"]:
            written.add(item["rule"])
    assert written == {"HZ7.3", "HZ6.2", "HZ7.1", "HZ4.4"}
    for rule in written:
        assert HZ_ID.fullmatch(rule), rule
        assert rule in anchors_of(page), rule


def test_every_error_code_the_engine_answers_has_an_anchor(page: str) -> None:
    answered = {score(request)["error"]["code"] for _, request, _ in REFUSED}
    assert "E_MIN_POINTS" in answered
    assert answered <= set(ERROR_CODES)
    assert set(ERROR_CODES) <= anchors_of(page)


def test_every_rule_id_cited_in_the_engine_has_an_anchor(page: str) -> None:
    """Comments, messages and docstrings of ``scoring/hongzhong/`` cite HZ ids: each is found."""
    package = Path(scoring.__file__).parent / "hongzhong"
    cited = {
        rule_id for source in package.glob("*.py") for rule_id in HZ_ID.findall(source.read_text())
    }
    assert {"HZ7.3", "HZ9.2", "HZ15", "HZ16"} <= cited
    assert not sorted(cited - anchors_of(page))


def test_rule_links_send_hz_ids_to_the_hongzhong_book() -> None:
    links = rule_links("HZ7.3, HZ9.2 and HZ15")
    assert links == (
        '<a class="rule-link" href="/rules/hongzhong/#HZ7.3">HZ7.3</a>, '
        '<a class="rule-link" href="/rules/hongzhong/#HZ9.2">HZ9.2</a> and '
        '<a class="rule-link" href="/rules/hongzhong/#HZ15">HZ15</a>'
    )
    # E_MIN_POINTS is 紅中's alone; a shared code goes to 紅中's book beside an HZ id, or when the
    # game is named, and otherwise stays Anqing's.
    assert 'href="/rules/hongzhong/#E_MIN_POINTS"' in rule_links("E_MIN_POINTS")
    assert 'href="/rules/hongzhong/#E_CONTEXT"' in rule_links("HZ4.3 E_CONTEXT")
    assert 'href="/rules/hongzhong/#E_CONTEXT"' in rule_links("E_CONTEXT", "hongzhong")
    assert 'href="/rules/#E_CONTEXT"' in rule_links("E_CONTEXT")
    # not an id: HZ7.3.1, XHZ7, HZ
    assert "rule-link" not in rule_links("HZ7.3.1 XHZ7 HZ")
    # the other books are unchanged
    assert 'href="/rules/#R7-PAO_FENG"' in rule_links("R7 PAO_FENG")
    assert 'href="/rules/anji/#AJ8.1-ZI_MO"' in rule_links("AJ8.1 ZI_MO")
    assert 'href="/rules/anji/#AJ8.1"' in rule_links("AJ8.1 ZI_MO_NO_WILD")


def test_rule_links_escape_the_text_around_the_ids() -> None:
    assert rule_links("<b>HZ9.2</b>") == (
        '&lt;b&gt;<a class="rule-link" href="/rules/hongzhong/#HZ9.2">HZ9.2</a>&lt;/b&gt;'
    )


def test_the_house_rule_table_gives_the_engines_defaults(page: str) -> None:
    """HZ16: every key with its default, as ``house_rule_defaults()`` has it."""
    for key, default in house_rule_defaults().items():
        shown = ("true" if default else "false") if isinstance(default, bool) else str(default)
        cell = rf"<code>{key}</code></td>\s*<td>(?:<code>)?{re.escape(shown)}(?:</code>)?</td>"
        assert re.search(cell, page), f"{key} = {shown} is not in the HZ16 table"


def test_the_page_holds_no_raw_markdown_and_no_inline_style(page: str) -> None:
    article = page[page.index('<article class="card rules-book"') : page.index("</article>")]
    for raw in ("###", "## ", "**", "`", "](#", "|---", "{#", "[TOC]"):
        assert raw not in article, raw
    assert "style=" not in page
    # Wide blocks scroll sideways, as named regions a keyboard can reach.
    assert re.search(
        r'<div class="table-wrap" tabindex="0" role="region" aria-labelledby="HZ[^"]+"><table>',
        article,
    )
    assert re.search(
        r'<pre tabindex="0" role="region" aria-labelledby="HZ9\.1[^"]*"><code>', article
    )  # HZ9.1's formula


def test_each_book_is_rendered_once_per_process(client: Client) -> None:
    book_html.cache_clear()
    try:
        for _ in range(2):
            for url in ("/rules/", "/rules/anji/", URL):
                assert client.get(url).status_code == 200
        assert book_html.cache_info().misses == 3
    finally:
        book_html.cache_clear()


def test_the_page_takes_no_writes(client: Client) -> None:
    assert client.post(URL).status_code == 405


# --- the other documents of 紅中: the API guide's example and the book's house-rule keys --------

ROOT = Path(__file__).resolve().parents[2]


def json_blocks(text: str) -> list:
    return [json.loads(block) for block in re.findall(r"^```json\n(.*?)^```", text, re.S | re.M)]


def test_the_api_guides_hongzhong_example_is_the_engines_answer() -> None:
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    section = text.split("**紅中** (rules:")[1].split("## Sessions")[0]
    request, result = json_blocks(section)[:2]
    assert request["game"] == "hongzhong"
    assert score(request) == result


def test_the_api_guides_hongzhong_round_bodies_score() -> None:
    """The session round bodies of the guide are rounds the engine takes (dealer E)."""
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    section = text.split("A 紅中 round's body")[1].split("A round answers with")[0]
    win, draw = json_blocks(section)
    assert win.pop("result") == "win" and draw.pop("result") == "draw"
    answer = score({"game": "hongzhong", "dealer": "E", **win})
    assert [w["seat"] for w in answer["wins"]] == ["E", "S"]
    assert answer["next_dealer"] == "N"
    answer = score({"game": "hongzhong", "dealer": "E", "winners": [], **draw})
    assert answer["outcome"] == "draw" and answer["total"] == "6"


def test_the_rule_books_key_table_names_every_house_rule_of_hongzhong() -> None:
    """README names the rule book and its page; the book's table of keys for programs names
    every house rule."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/rules-hongzhong.md" in readme and "/rules/hongzhong/" in readme
    text = (ROOT / "docs" / "rules-hongzhong.md").read_text(encoding="utf-8")
    section = text.split("### House-rule keys {#api-house-rules}")[1].split("\n### ")[0]
    missing = [key for key in house_rule_defaults() if f"`{key}`" not in section]
    assert not missing
