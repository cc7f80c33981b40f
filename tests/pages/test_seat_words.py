"""Seats in the engine's texts, named as the page names a seat (calculator.web.seat_words).

The engine writes a seat as its word (東家 in Anqing, 南家 in Anji and 紅中, South in English);
a sitting's page shows the wind and the player ("南 · 阿南"), the calculator the engine's own word.
Rounds kept before the engine wrote seat words ("S 胡 N 打出的牌", HZ7.3) read the same way.
"""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation

from calculator.web.seat_words import name_seats
from calculator.web.templatetags.tiles import pick
from calculator.web.vocabulary import seat_label

NAMES = {"E": "阿东", "S": "阿南", "W": "阿西", "N": "阿北"}


def labels(language: str, *seats: str) -> list[str]:
    with translation.override(language):
        return [seat_label(seat, NAMES) for seat in seats]


@pytest.mark.parametrize(
    ("language", "text", "pattern", "seats"),
    [
        pytest.param("zh-hans", "南家胡北家打出的牌", "{} 胡 {} 打出的牌", "SN", id="HZ7.3-zh-hans"),
        pytest.param("zh-hant", "西家餵了南家三口", "{} 餵了 {} 三口", "WS", id="R10.1-zh-hant"),
        pytest.param("zh-hans", "东家的手牌里没有红中", "{} 的手牌里没有红中", "E", id="HZ4.4"),
        pytest.param("en", "West fed South three melds", "{} fed {} three melds", "WS", id="R10.1-en"),
        pytest.param("en", "South won on North's discard", "{} won on {}'s discard", "SN", id="en"),
        pytest.param("zh-hans", "S 胡 N 打出的牌", "{} 胡 {} 打出的牌", "SN", id="kept-letters"),
    ],
)
def test_in_a_sitting_a_seat_word_is_the_wind_and_the_player(
    language: str, text: str, pattern: str, seats: str
) -> None:
    with translation.override(language):
        shown = name_seats(text, NAMES, language)
    assert shown == pattern.format(*labels(language, *seats))


@pytest.mark.parametrize(
    ("language", "text", "shown"),
    [
        pytest.param("zh-hans", "南家胡北家打出的牌", "南家胡北家打出的牌", id="word-stays"),
        pytest.param("en", "West fed South three melds", "West fed South three melds", id="en"),
        pytest.param("zh-hans", "S 胡 N 打出的牌", "南家 胡 北家 打出的牌", id="letters-zh-hans"),
        pytest.param("zh-hant", "E 家第 1 組副露", "東家 家第 1 組副露", id="letters-zh-hant"),
        pytest.param("en", "S won on N's discard", "South won on North's discard", id="letters-en"),
    ],
)
def test_in_the_calculator_a_seat_is_its_word(language: str, text: str, shown: str) -> None:
    assert name_seats(text, None, language) == shown


@pytest.mark.parametrize(
    "text",
    [
        "the drawn East Wind pairs the lone East Wind held",  # a tile, not a seat
        "E_CONTEXT: R7 PAO_FENG, R6.5, 5s, AJ8.1 G9",
        "摸 東風 與手中單張 東風 成對 — 獨吊跑風",
        "Southern West-ward Eastern",
    ],
)
def test_tiles_codes_and_other_words_are_left_alone(text: str) -> None:
    assert name_seats(text, NAMES, "en") == text


def test_a_seat_without_a_player_keeps_its_word() -> None:
    """A three-player sitting has no 北家 player: the word stays."""
    three = {"E": "阿东", "S": "阿南", "W": "阿西"}
    with translation.override("zh-hans"):
        # the label stands apart from the Chinese words beside it
        assert name_seats("北家喂了南家两口", three, "zh-hans") == f"北家喂了 {seat_label('S', three)} 两口"


def test_pick_shows_every_engine_text_with_the_page_s_seats() -> None:
    """``{% pick %}`` names the seats of a reason (why), a short reason and a refusal alike."""
    entry = {"why": "西家餵了南家三口", "why_en": "West fed South three melds"}
    with translation.override("zh-hans"):
        west, south = seat_label("W", NAMES), seat_label("S", NAMES)
        assert pick(entry, "why", NAMES) == f"{west} 喂了 {south} 三口"
        assert pick(entry, "why") == "西家喂了南家三口"
        html = Template("{% load tiles %}{% pick entry 'why' %}").render(
            Context({"entry": entry, "seat_names": NAMES})
        )
        # on a page each label is an element that never breaks
        assert html == f'<span class="who">{west}</span> 喂了 <span class="who">{south}</span> 三口'
    with translation.override("en"):
        west, south = seat_label("W", NAMES), seat_label("S", NAMES)
        assert pick(entry, "why", NAMES) == f"{west} fed {south} three melds"
