"""Sign-up refuses names that could pass for someone else: invisible characters, letters of
scripts that do not go together, look-alikes of an existing name. Chinese names stay welcome."""

from __future__ import annotations

import doctest

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from calculator import usernames

pytestmark = pytest.mark.django_db

PASSWORD = "mahjong-table-77"


def sign_up(client: Client, username: str):
    return client.post(
        "/accounts/signup/", {"username": username, "password1": PASSWORD, "password2": PASSWORD}
    )


def exists(username: str) -> bool:
    return get_user_model().objects.filter(username=username).exists()


@pytest.fixture
def alice(db):
    return get_user_model().objects.create_user("alice", password="pw-alice-123")


def test_a_cyrillic_letter_among_latin_ones_is_refused(client: Client, alice):
    response = sign_up(client, "аlice")  # the first letter is Cyrillic
    assert response.status_code == 200
    page = response.content.decode()
    assert "用户名不能混用几种文字的字母" in page and "Cyrillic, Latin" in page
    assert not exists("аlice")


def test_mixed_scripts_are_refused_even_with_no_look_alike(client: Client, db):
    response = sign_up(client, "bobβ")
    assert "用户名不能混用几种文字的字母" in response.content.decode()
    assert get_user_model().objects.count() == 0


@pytest.mark.parametrize(
    ("existing", "newcomer"),
    [
        ("ape", "аре"),  # all Cyrillic
        ("аре", "ape"),  # the other way round
        ("KOKO", "ΚΟΚΟ"),  # all Greek capitals
        ("xopa", "хора"),
        ("Alice", "alice"),  # another case of the same name
    ],
)
def test_a_look_alike_of_an_existing_name_is_refused(client: Client, existing, newcomer):
    get_user_model().objects.create_user(existing, password="pw-existing-1")
    response = sign_up(client, newcomer)
    assert response.status_code == 200
    page = response.content.decode()
    assert "看起来一样" in page or "已存在" in page
    assert get_user_model().objects.count() == 1


@pytest.mark.parametrize(
    ("username", "named"),
    [
        ("ab\u3164cd", "HANGUL JUNGSEONG FILLER"),  # as NFKC turns it
        ("ab\u202ecd", "U+202E RIGHT-TO-LEFT OVERRIDE"),
        ("ab\u200bcd", "U+200B ZERO WIDTH SPACE"),
        ("ab\u200dcd", "U+200D ZERO WIDTH JOINER"),
        ("ab\u2060cd", "U+2060 WORD JOINER"),
        ("ab\ufeffcd", "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
        ("ab\u2028cd", "U+2028 LINE SEPARATOR"),
        ("ab\ue000cd", "U+E000"),
        ("ab\x07cd", "U+0007"),
    ],
)
def test_invisible_characters_are_refused_by_name(client: Client, db, username, named):
    response = sign_up(client, username)
    assert response.status_code == 200
    page = response.content.decode()
    assert "用户名里有看不见的字符" in page and named in page
    assert get_user_model().objects.count() == 0


@pytest.mark.parametrize("username", ["小明", "小明88", "老王_2", "小明abc", "laowang", "иван"])
def test_plain_names_in_one_script_are_welcome(client: Client, alice, username):
    response = sign_up(client, username)
    assert response.status_code == 302, response.content.decode()
    assert exists(username)


def test_the_refusal_speaks_english_too(client: Client, alice):
    client.post("/i18n/setlang/", {"language": "en", "next": "/accounts/signup/"})
    page = sign_up(client, "аlice").content.decode()
    assert "A username cannot mix letters of different scripts" in page
    get_user_model().objects.create_user("ape", password="pw-ape-1234")
    page = sign_up(client, "аре").content.decode()
    assert "This username looks the same as the existing “ape”" in page
    page = sign_up(client, "ab\u3164cd").content.decode()
    assert "The username holds invisible characters: U+1160 HANGUL JUNGSEONG FILLER" in page


# --- the checks themselves ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "mixed"),
    [
        ("alice", False),
        ("аlice", True),
        ("小明", False),
        ("小明88", False),
        ("小明abc", False),
        ("さくらsakura", False),
        ("김철수kim", False),
        ("иван", False),
        ("αβγ", False),
        ("ivanиван", True),
        ("小明иван", True),
        ("ｂob", False),  # full-width Latin is Latin
    ],
)
def test_mixes_scripts(name, mixed):
    assert usernames.mixes_scripts(name) is mixed


def test_the_look_alike_query_finds_only_look_alikes(alice):
    get_user_model().objects.create_user("bob", password="pw-bob-12345")
    assert usernames.lookalike_of("аlice") == "alice"
    assert usernames.lookalike_of("ALICE") == "alice"
    assert usernames.lookalike_of("alicf") is None
    assert usernames.lookalike_of("alic") is None
    assert usernames.lookalike_of("a.lice") is None


def test_the_module_examples_run():
    assert doctest.testmod(usernames).failed == 0
