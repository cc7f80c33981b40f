"""The rules page (/rules/): docs/rules-anqing.md (and its 简体 and 繁體 books) as HTML in the
site's frame, in every language, with a heading per rule id, and the why of a score linking each
rule id to it."""

from __future__ import annotations

import html
import re

import markdown
import pytest
from django.test import Client
from pytest_django.asserts import assertContains, assertNotContains

from calculator.services.rounds import round_record
from calculator.web.rules_book import book_html
from tests.pages.conftest import PAOFENG_HAND, bao_form, hand_form

TABLE = {"ruleset": "anqing", "dealer": "E", "dealer_streak": 0, "base_silver": "1"}
TITLES = {"zh-hans": "安庆麻将规则", "zh-hant": "安慶麻將規則", "en": "Anqing mahjong rules"}
# The book each page language reads (its article's lang) and R6.5's heading there.
BOOKS = {
    "zh-hans": ("zh-Hans", '<h3 id="R6.5">R6.5 摸钻</h3>'),
    "zh-hant": ("zh-Hant", '<h3 id="R6.5">R6.5 摸鑽</h3>'),
    "en": ("en", '<h3 id="R6.5">R6.5 Drawing the <span lang="zh-Hant">鑽</span> · <span lang="zh-Hant">摸鑽</span></h3>'),
}


def speak(client: Client, language: str) -> None:
    client.post("/i18n/setlang/", {"language": language, "next": "/"})


@pytest.mark.parametrize("language", list(TITLES))
def test_the_page_answers_in_every_language_with_its_title_translated(
    client: Client, language: str
) -> None:
    speak(client, language)
    response = client.get("/rules/")
    assert response.status_code == 200
    assertContains(response, f"<h1>{TITLES[language]}</h1>", html=False)
    assertContains(response, f"<title>{TITLES[language]} ·", html=False)
    # the body is the book in the page's language (docs/rules-anqing.<language>.md)
    book_lang, heading = BOOKS[language]
    assertContains(response, f'<article class="card rules-book" lang="{book_lang}">', html=False)
    assertContains(response, heading, html=False)
    others = [title for other, title in TITLES.items() if other != language]
    for title in others:
        assertNotContains(response, f"<h1>{title}</h1>", html=False)


def test_every_section_and_sub_rule_is_a_heading_with_its_id(client: Client) -> None:
    response = client.get("/rules/")
    sections = [f"R{n}" for n in range(1, 13)]
    sub_rules = [
        "R2.1", "R2.2", "R2.3", "R4.1", "R4.2", "R4.3", "R4.4",
        "R5.1", "R5.2", "R5.3", "R5.4", "R5.5",
        "R6.1", "R6.2", "R6.3", "R6.4", "R6.5", "R6.6",
        "R7.1", "R7.2", "R7.3", "R8.1", "R8.2",
        "R10.1", "R10.2", "R10.3", "R10.4", "R10.5",
    ]  # fmt: skip
    for rule_id in sections:
        assertContains(response, f'<h2 id="{rule_id}">{rule_id} ', count=1, html=False)
        assertContains(response, f'<a href="#{rule_id}">{rule_id} ', html=False)  # contents
    for rule_id in sub_rules:
        assertContains(response, f'<h3 id="{rule_id}">{rule_id} ', count=1, html=False)
    # an item's and an error's heading: its words, not its code, in every language (the code
    # stays its anchor)
    assertContains(response, '<h3 id="R7-PAO_FENG">跑风 — 6 番</h3>', html=False)
    assertContains(response, '<h3 id="E_WILD_DRAW">摸钻没成跑风</h3>', html=False)
    speak(client, "en")
    response = client.get("/rules/")
    assertContains(
        response,
        '<h3 id="R7-PAO_FENG">R7 Pao feng (one-tile wait) · <span lang="zh-Hant">跑風</span> — 6</h3>',
        html=False,
    )
    assertContains(
        response,
        '<h3 id="E_WILD_DRAW">A drawn wild without <span lang="zh-Hant">跑風</span></h3>',
        html=False,
    )


# The heading under which a book has two tables: its second is named "<heading> (2)".
SECOND_TABLE = {
    "zh-hans": "请求里的字段 (2)",
    "zh-hant": "請求裡的欄位 (2)",
    "en": "Request fields (2)",
}


@pytest.mark.parametrize("language", list(TITLES))
def test_the_page_holds_no_raw_markdown_and_no_inline_style(client: Client, language: str) -> None:
    speak(client, language)
    body = client.get("/rules/").content.decode()
    article = body[body.index('<article class="card rules-book"') : body.index("</article>")]
    for raw in ("###", "## ", "**", "`", "](#", "|---", "{#", "[TOC]"):
        assert raw not in article, raw
    assert "style=" not in body  # the Content-Security-Policy allows no inline style
    # Tables and formulas scroll sideways, as regions a keyboard can reach, each named by its
    # heading (numbered from the second under one heading: no two alike).
    wrapped = region_names(article, r'<div class="table-wrap" tabindex="0" role="region"', "<table>")
    assert wrapped and article.count("<table>") == len(wrapped)
    formulas = region_names(article, r'<pre tabindex="0" role="region"', "<code>")
    assert formulas and article.count("<pre") == len(formulas)  # the 槓開 and payment formulas
    assert len(set(wrapped + formulas)) == len(wrapped + formulas)
    assert SECOND_TABLE[language] in wrapped


def region_names(article: str, opening: str, inside: str) -> list[str]:
    """The accessible names of the regions that open with ``opening``: the words of the elements
    their ``aria-labelledby`` names (the heading, then the hidden number of a second region)."""
    names = []
    for ids in re.findall(opening + r' aria-labelledby="([^"]+)">' + inside, article):
        words = []
        for ref in ids.split():
            found = re.search(rf'<(\w+)[^>]*\bid="{re.escape(ref)}"[^>]*>(.*?)</\1>', article)
            assert found, f"the region names {ref!r}, which is not on the page"
            words.append(html.unescape(re.sub(r"<[^>]+>", "", found.group(2))).strip())
        names.append(" ".join(words))
    return names


def test_the_document_is_rendered_once_per_process(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    conversions = []
    convert = markdown.Markdown.convert
    monkeypatch.setattr(
        markdown.Markdown,
        "convert",
        lambda self, text: conversions.append(1) or convert(self, text),
    )
    book_html.cache_clear()
    try:
        for _ in range(3):
            assert client.get("/rules/").status_code == 200
    finally:
        book_html.cache_clear()
    assert len(conversions) == 1


def test_the_why_links_each_rule_id_of_an_item_to_its_heading(client: Client) -> None:
    # 獨吊 on a natural 九筒: PAO_FENG cites R7 PAO_FENG alone; MEN_QING R7 MEN_QING.
    response = client.post("/calculator/", {**TABLE, **hand_form("S", **PAOFENG_HAND)})
    assertContains(
        response,
        '<span class="rule-id"><a class="rule-link" href="/rules/#R7-PAO_FENG">R7</a>'
        "</span>",
        html=False,
    )
    # 吊鑽 drawing the 鑽 (一筒, indicator 九筒): R6.5 applies too, and both are linked.
    wild = {"indicator": "9p", "hand": "123m456m234s678s1p", "win_tile": "1p"}
    response = client.post("/calculator/", {**TABLE, **hand_form("S", **wild)})
    assertContains(
        response,
        '<span class="rule-id"><a class="rule-link" href="/rules/#R7-PAO_FENG">R7</a>, '
        '<a class="rule-link" href="/rules/#R6.5">R6.5</a></span>',
        html=False,
    )
    assertContains(response, 'href="/rules/#R7-MEN_QING">R7</a>', html=False)
    rules_page = client.get("/rules/")
    for anchor in ("R7-PAO_FENG", "R6.5", "R7-MEN_QING"):
        assertContains(rules_page, f'id="{anchor}"', html=False)


def test_the_htmx_preview_links_too(client: Client) -> None:
    response = client.post(
        "/calculator/",
        {**TABLE, **hand_form("S", **PAOFENG_HAND)},
        headers={"HX-Request": "true"},
    )
    assertNotContains(response, "<html")
    assertContains(response, 'href="/rules/#R7-PAO_FENG"', html=False)


def test_a_label_badge_links_to_the_labels(client: Client) -> None:
    # 七對 (R6.2) carries the 天胡 label (R7 labels).
    response = client.post(
        "/calculator/",
        {**TABLE, **hand_form("S", hand="11m22m33p44p55s66s3z", win_tile="3z")},
    )
    assertContains(
        response,
        '<a class="badge" data-label="TIAN_HU" title="R7 labels" href="/rules/#R7-labels">',
        html=False,
    )


def test_a_liable_payment_links_its_rules(client: Client) -> None:
    response = client.post("/calculator/", {**TABLE, **bao_form("S", "W")})
    assertContains(
        response,
        '<span class="rule-id"><a class="rule-link" href="/rules/#R10.1">R10.1</a> '
        '<a class="rule-link" href="/rules/#R10.2">R10.2</a> '
        '<a class="rule-link" href="/rules/#R10.5">R10.5</a></span>',
        html=False,
    )


def test_a_refused_hand_links_its_error_code(client: Client) -> None:
    response = client.post("/calculator/", {**TABLE, **hand_form("S", hand="123m56m234s678s9p")})
    assertContains(response, 'data-error-code="E_TILE_COUNT"', html=False)
    assertContains(
        response, '<a class="rule-link" href="/rules/#E_TILE_COUNT">E_TILE_COUNT</a>', html=False
    )


def test_a_recorded_round_links_its_rule_ids(owner_client: Client, sitting) -> None:
    round_record(
        session=sitting,
        entry={
            "result": "win",
            "winner": "S",
            "indicator": "9p",
            "concealed": "123m456m234s678s99p",
            "win_tile": "9p",
        },
    )
    detail = owner_client.get(f"/sessions/{sitting.pk}/rounds/1/")
    assertContains(detail, 'href="/rules/#R7-PAO_FENG">R7</a>', html=False)


def test_the_links_open_in_the_same_tab(client: Client) -> None:
    response = client.post("/calculator/", {**TABLE, **bao_form("S", "W")})
    links = re.findall(r'<a class="rule-link"[^>]*>', response.content.decode())
    assert links
    assert not any("target=" in link for link in links)
