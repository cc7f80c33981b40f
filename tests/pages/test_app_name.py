"""The app's own name covers every game it keeps: 麻将记分 / 麻將記分 / Mahjong Scorer in the top
bar and the page titles, and in the web app manifest; a game's name (安庆麻将) names only that game."""

from __future__ import annotations

import json

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from pytest_django.asserts import assertContains, assertNotContains

NAMES = {"zh-hans": "麻将记分", "zh-hant": "麻將記分", "en": "Mahjong Scorer"}


def speak(client: Client, language: str) -> None:
    client.post("/i18n/setlang/", {"language": language, "next": "/"})


@pytest.mark.parametrize("language", list(NAMES))
def test_the_top_bar_and_the_titles_carry_the_app_name(
    client: Client, db, language: str
) -> None:
    speak(client, language)
    name = NAMES[language]
    home = client.get("/")
    assertContains(home, f"<title>{name}</title>", html=False)
    assertContains(home, f'<a class="brand" href="/">{name}</a>', html=False)
    assertContains(home, f"<h1>{name}</h1>", html=False)
    login = client.get("/accounts/login/")
    assertContains(login, f" · {name}</title>", html=False)
    assertContains(login, f'<a class="brand" href="/">{name}</a>', html=False)
    for page in (home, login):
        assertNotContains(page, "安庆麻将")
        assertNotContains(page, "安慶麻將")
        assertNotContains(page, "Anqing")


def test_the_offline_page_names_the_app(client: Client, db) -> None:
    assertContains(client.get("/offline/"), '<span class="brand">麻将记分</span>', html=False)


def test_the_manifest_names_the_app_in_every_language() -> None:
    manifest = json.loads(open(finders.find("manifest.webmanifest"), encoding="utf-8").read())
    assert manifest["lang"] == "zh-Hans"
    assert manifest["name"] == manifest["short_name"] == NAMES["zh-hans"]
    for key in ("name_localized", "short_name_localized"):
        assert manifest[key] == {"zh-Hant": NAMES["zh-hant"], "en": NAMES["en"]}
    # the description names each game the app keeps
    for game in ("安庆麻将", "安吉麻将", "红中麻将"):
        assert game in manifest["description"]
