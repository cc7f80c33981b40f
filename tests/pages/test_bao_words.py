"""包 in words (R10): the why page says who fed whom which melds and how the multiplier follows;
the round list says it in a few words; rounds stored before the engine gave the reason still show.

``bao_form("S", "W")``: W fed S pungs of 222m, 333p and 444s, three pung mouths ×6 (R10.1, R10.2).
"""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.utils import translation
from django.utils.html import strip_tags
from pytest_django.asserts import assertContains, assertNotContains

from calculator.models import Round
from calculator.web.seat_words import name_seats
from scoring import score
from tests.pages.conftest import bao_form

TABLE = {"ruleset": "anqing", "dealer": "E", "dealer_streak": 0, "base_silver": "1"}

# What a person reads, per page language: the full sentence on the why page, a few words in the
# round list. The engine writes seats by their words (西家 / West); a page names each seat as it
# names seats everywhere (calculator.web.seat_words): the wind and the player in a sitting
# ("西 · 阿西"), the engine's own seat word in the calculator.
WORDS = {
    "zh-hans": {
        "why": ("{W}喂了{S}三口", "碰二万、碰三筒、碰四条", "三口全碰杠 ×6", "R10.5"),
        "short": "顺包 ×6: {W}喂了{S}3口碰杠",
        "seats": {"W": "西家", "S": "南家"},
    },
    "zh-hant": {
        "why": ("{W}餵了{S}三口", "碰二萬、碰三筒、碰四條", "三口全碰槓 ×6", "R10.5"),
        "short": "順包 ×6: {W}餵了{S}3口碰槓",
        "seats": {"W": "西家", "S": "南家"},
    },
    "en": {
        "why": (
            "{W} fed {S} three melds",
            "pung of 2 Characters, pung of 3 Dots, pung of 4 Bamboo",
            "three pung/kong mouths ×6",
            "liability for feeding (shun bao)",
        ),
        "short": "×6: {W} fed {S} 3 pungs/kongs",
        "seats": {"W": "West", "S": "South"},
    },
}
LANGUAGES = list(WORDS)
NAMES = {"E": "阿东", "S": "阿南", "W": "阿西", "N": "阿北"}


def words(language: str, key: str, names: dict | None = None) -> list[str]:
    """The texts a page in ``language`` shows: the engine's seat words, or in a sitting (``names``)
    each seat named as that page names it (``name_seats``: "西 · 阿西 喂了 南 · 阿南 三口")."""
    texts = WORDS[language][key]
    shown = [
        t.format(**WORDS[language]["seats"])
        for t in ((texts,) if isinstance(texts, str) else texts)
    ]
    if names:
        with translation.override(language):
            shown = [name_seats(text, names, language) for text in shown]
    return shown


def speak(client: Client, language: str) -> None:
    client.post("/i18n/setlang/", {"language": language, "next": "/"})


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_preview_names_the_feeder_the_melds_and_the_multiplier(
    client: Client, language: str
) -> None:
    speak(client, language)
    response = client.post("/calculator/", {**TABLE, **bao_form("S", "W")})
    assertContains(response, 'class="payment-why"', count=1)  # only the liable row has one
    for text in words(language, "why"):
        assertContains(response, text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_recorded_round_page_names_the_feeder_the_melds_and_the_multiplier(
    owner_client: Client, sitting, language: str
) -> None:
    owner_client.post(f"/sessions/{sitting.pk}/rounds/new/", {**bao_form("S", "W"), "confirm": "1"})
    assert Round.objects.filter(session=sitting).count() == 1
    speak(owner_client, language)
    detail = owner_client.get(f"/sessions/{sitting.pk}/rounds/1/")
    # read as text: on an English page each name sits in a span marked as Chinese (WCAG 3.1.2)
    text = strip_tags(detail.content.decode())
    for words_shown in words(language, "why", NAMES):
        assert words_shown in text
    # the player, not the bare seat: the engine's seat word only as the page's label ("West · 阿西")
    bare = re.compile(rf"{re.escape(WORDS[language]['seats']['W'])}(?! · )")
    assert not bare.search(text), bare.search(text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_round_list_says_it_in_a_few_words(language: str) -> None:
    """The round list shows the engine's short words when its payment rows carry them."""
    result = score(
        {
            "indicator": "9p",
            "winner": "S",
            "dealer": "E",
            "concealed": "678s55m",
            "win_tile": "5m",
            "melds": [{"kind": "pung", "tiles": t, "from": "W"} for t in ("222m", "333p", "444s")],
        }
    )
    entry = {"number": 1, "result": "win", "winner": "S", "fan": result["fan"]}
    entry["payments"] = result["payments"]
    with translation.override(language):
        html = render_to_string(
            "web/_rounds.html",
            {
                "rounds": [entry],
                "links": False,
                "seat_names": NAMES,
            },
        )
    # The label (顺包 ×6) is kept on one line by its own element: the words are read as text.
    assert words(language, "short", NAMES)[0] in strip_tags(html), html


def test_the_session_page_round_list_says_it_in_a_few_words(owner_client: Client, sitting) -> None:
    owner_client.post(f"/sessions/{sitting.pk}/rounds/new/", {**bao_form("S", "W"), "confirm": "1"})
    page = owner_client.get(f"/sessions/{sitting.pk}/").content.decode()
    # The label (顺包 ×6) is kept on one line by its own element: the words are read as text.
    assert words("zh-hans", "short", NAMES)[0] in strip_tags(page)


def test_a_round_stored_before_the_reason_still_shows_its_liability(
    owner_client: Client, sitting
) -> None:
    owner_client.post(f"/sessions/{sitting.pk}/rounds/new/", {**bao_form("S", "W"), "confirm": "1"})
    game_round = Round.objects.get(session=sitting)
    bare = ("fed", "rule", "why", "why_en", "why_short", "why_short_en")
    for payment in game_round.scoring["payments"]:
        for key in bare:
            payment.pop(key, None)
    game_round.save(update_fields=["scoring"])
    listing = owner_client.get(f"/sessions/{sitting.pk}/")
    assert "(顺包 ×6)" in strip_tags(listing.content.decode())
    detail = owner_client.get(f"/sessions/{sitting.pk}/rounds/1/")
    assertContains(detail, "×6 顺包")
    assertNotContains(detail, 'class="payment-why"')
    assertNotContains(detail, "西家喂了")
