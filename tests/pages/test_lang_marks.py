"""Chinese on an English page sits in an element saying its language (WCAG 3.1.2, Language of
Parts): ``calculator.web.lang_marks`` wraps each run in ``<span lang>``, zh-Hant / zh-Hans / zh by
what OpenCC says of it, and leaves alone what it must not touch."""

from __future__ import annotations

import re

import pytest
from django.http import HttpResponse, JsonResponse, StreamingHttpResponse
from django.test import Client, RequestFactory

from calculator.services.rounds import round_record
from calculator.services.sittings import session_create
from calculator.web.lang_marks import (
    MarkChineseMiddleware,
    chinese_lang,
    mark_chinese,
    premarked,
)
from tests.calculator import hands
from tests.pages import words
from tests.pages.words import Page


@pytest.mark.parametrize(
    ("run", "lang"),
    [
        ("阿東", "zh-Hant"),
        ("荒莊", "zh-Hant"),
        ("荒庄", "zh-Hans"),
        ("抓鸟", "zh-Hans"),
        ("自摸", "zh"),
    ],
)
def test_a_runs_language_is_what_opencc_tells(run: str, lang: str) -> None:
    assert chinese_lang(run) == lang


def test_each_run_of_a_text_is_wrapped_with_its_punctuation() -> None:
    html = "<p>Win by 抓炮（接炮） · East · 老王</p>"
    assert mark_chinese(html) == (
        '<p>Win by <span lang="zh">抓炮（接炮）</span> · East · <span lang="zh">老王</span></p>'
    )


def test_what_is_marked_or_cannot_hold_an_element_is_left_alone() -> None:
    html = (
        "<title>周六 · Mahjong</title>"
        '<script>const word = "自摸";</script><style>.x::after { content: "番"; }</style>'
        '<textarea name="note">老王</textarea><!-- 注释 -->'
        '<p lang="zh-Hant">跑風 <b>鑽</b></p>'
        '<button aria-label="东 · 老王" title="老王">OK</button>'
        """<div hx-vals='{"note": "a > b 老王"}' data-x="1 > 0 自摸">x</div>"""
    )
    assert mark_chinese(html) == html


def test_an_option_gets_its_lang_on_itself() -> None:
    html = '<select><option value="1">老王</option><option value="2">Nobody</option></select>'
    assert mark_chinese(html) == (
        '<select><option lang="zh" value="1">老王</option><option value="2">Nobody</option></select>'
    )


def test_a_page_without_chinese_comes_back_as_it_was() -> None:
    html = "<p>Nothing to mark</p>"
    assert mark_chinese(html) is html


def test_a_void_element_does_not_leave_the_chinese_part() -> None:
    html = '<p lang="zh">老<br>王<img src="x"></p><p>阿東</p>'
    assert (
        mark_chinese(html)
        == '<p lang="zh">老<br>王<img src="x"></p><p><span lang="zh-Hant">阿東</span></p>'
    )


def middleware(response: HttpResponse, language: str) -> HttpResponse:
    request = RequestFactory().get("/")
    request.LANGUAGE_CODE = language
    return MarkChineseMiddleware(lambda r: response)(request)


def test_only_english_html_responses_are_changed() -> None:
    english = middleware(HttpResponse("<p>老王 wins</p>"), "en")
    assert english.content.decode() == '<p><span lang="zh">老王</span> wins</p>'
    chinese = middleware(HttpResponse("<p>老王 胡了</p>"), "zh-hans")
    assert chinese.content.decode() == "<p>老王 胡了</p>"
    data = middleware(JsonResponse({"name": "老王"}), "en")
    assert b"span" not in data.content
    streamed = middleware(StreamingHttpResponse(iter([b"<p>\xe8\x80\x81</p>"])), "en")
    assert b"".join(streamed.streaming_content) == "<p>老</p>".encode()


@pytest.mark.django_db
def test_an_english_sitting_of_many_rounds_is_marked_as_the_middleware_marks_it(owner) -> None:
    sitting = session_create(
        owner=owner, name="周六晚上", players=["老王", "阿芳", "小李", "阿東"], base_silver="1"
    )
    for n in range(60):
        seat = "ESWN"[n % 4]
        round_record(session=sitting, entry=hands.paofeng(seat), user=owner)
    client = Client()
    client.force_login(owner)
    client.cookies["django_language"] = "en"
    html = client.get(f"/sessions/{sitting.pk}/").content.decode()
    page = Page("sitting", "en", typed=("周六晚上",))
    assert not [f for f in words.check(html, page) if f.rule == "unmarked Chinese"]
    # The page as the views made it, before the marks: what the middleware reads.
    plain = re.sub(r'<span lang="zh(?:-Hans|-Hant)?">([^<]*)</span>', r"\1", html)
    assert mark_chinese(plain) == html
    # What the marks cost against the page itself: benchmarks/lang_marks.py (never a timed test).


def test_a_part_marked_once_is_passed_over_as_if_marked_with_the_page():
    part = '<div id="live"><p>阿東 wins</p><p lang="zh-Hans">阿东</p><select><option>東</option></select></div>'
    around = "<main><h1>荒庄</h1>{}<p>自摸</p></main>"
    kept = premarked(part, "en")
    assert kept != part and mark_chinese(kept) != kept
    assert mark_chinese(around.format(kept)) == mark_chinese(around.format(part))
    # No frame is left, with or without Chinese anywhere.
    assert "lang-marked" not in mark_chinese(around.format(kept))
    assert mark_chinese(premarked("<p>East wins</p>", "en")) == "<p>East wins</p>"
    # Chinese pages are not marked: their parts are kept as they are.
    assert premarked(part, "zh-hans") is part


def test_chinese_inside_an_svg_is_marked_with_a_tspan() -> None:
    """A ``<span>`` inside an SVG ``<text>`` stops the drawing (the settle-up picture came out
    blank on an English page); a ``<tspan>`` carries the ``lang`` there."""
    from calculator.web.lang_marks import mark_chinese

    html = '<p>周六</p><svg><text x="1">1. South · 阿南</text></svg>'
    assert mark_chinese(html) == (
        '<p><span lang="zh-Hans">周六</span></p>'
        '<svg><text x="1">1. South · <tspan lang="zh">阿南</tspan></text></svg>'
    )
