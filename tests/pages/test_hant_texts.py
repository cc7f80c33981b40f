"""Anji's texts (written in 简体) on a 繁體 page: every character OpenCC's s2tw would change is
converted as OpenCC converts it, and Anqing's texts (written in 繁體) change only where a
simplified character had slipped in. Checked over every Chinese string of the engines' code."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import opencc
import pytest
from django.test import Client
from django.utils import translation

from calculator.web.hans import to_hans, to_hant
from calculator.web.templatetags.tiles import pick
from tests.pages.test_anji_pages import AJ15_1, anji_form

ROOT = Path(__file__).resolve().parents[2]
HAN = re.compile(r"[\u4e00-\u9fff]")
S2TW = opencc.OpenCC("s2tw")
# Characters both scripts write, kept as the engine wrote them: 幺 (十三幺, as the 繁體 rule books
# write it; s2tw would give 么).
KEPT = {"幺"}


def texts(package: str) -> Iterator[str]:
    for path in sorted((ROOT / "scoring" / package).glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if HAN.search(node.value):
                    yield node.value


def test_every_character_of_anjis_texts_is_converted_as_opencc_converts_it() -> None:
    characters = {c for text in texts("anji") for c in HAN.findall(text)}
    assert len(characters) > 100
    wrong = {
        c: (to_hant(c), S2TW.convert(c))
        for c in characters - KEPT
        if to_hant(c) != S2TW.convert(c)
    }
    assert all(to_hant(c) == c for c in KEPT)
    assert not wrong


def test_every_character_of_hongzhongs_texts_reads_as_opencc_writes_it() -> None:
    """紅中's texts mix 简体 (its seed) and 繁體 (無紅中, 搶槓): each character reads traditional
    on a 繁體 page and simplified on a 简体 page, as OpenCC converts it."""
    characters = {c for text in texts("hongzhong") for c in HAN.findall(text)}
    assert len(characters) > 100
    t2s = opencc.OpenCC("t2s")
    assert not {c for c in characters if to_hant(c) != S2TW.convert(c)}
    assert not {c for c in characters if to_hans(c) != t2s.convert(c)}


def test_anqings_texts_change_only_where_opencc_agrees() -> None:
    for text in texts("anqing"):
        for before, after in zip(text, to_hant(text), strict=True):
            assert before == after or S2TW.convert(before) == after, text


@pytest.mark.django_db
def test_an_anji_reason_reads_traditional_on_a_traditional_page() -> None:
    entry = {"why": "爆头（2分）更高，方法只计最高的一项", "why_en": "…"}
    with translation.override("zh-hant"):
        assert pick(entry, "why") == "爆頭（2分）更高，方法只計最高的一項"
    with translation.override("zh-hans"):
        assert pick(entry, "why") == entry["why"]
    page = Client().post(
        "/calculator/",
        {**anji_form("S", AJ15_1), "game": "anji", "player_count": "4", "ruleset": "anji",
         "dealer": "E", "base_silver": "1", "preview": "1"},
        HTTP_ACCEPT_LANGUAGE="zh-hant",
    )  # fmt: skip
    text = page.content.decode()
    assert 'data-x="3"' in text
    assert "爆頭" in text  # the row's name and reason; the seed's quote stays as written
