"""The hand editor and the house-rules form are rendered once per key and reused: the page must be
byte for byte what a fresh render gives (but for the per-request CSRF token and CSP nonce), for
each language and each sitting's seat names, and a form with data is never served from the store."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from calculator.services.sittings import session_create
from calculator.web.templatetags import fragments

# Per response: the CSRF token, the CSP nonce and each form's one-time key (``once``).
VOLATILE = re.compile(
    r'(name="csrfmiddlewaretoken" value=|name="once" value=|nonce=|"X-CSRFToken": )"[^"]*"'
)


def page(client: Client, url: str, language: str = "zh-hans") -> str:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return VOLATILE.sub(r'\1"…"', response.content.decode())


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant", "en"])
def test_the_calculator_from_the_store_is_the_fresh_page(client: Client, language: str) -> None:
    fragments.clear()
    fresh = page(client, "/calculator/", language)
    assert len(fragments._store) == 2  # the hand editor and the house rules
    assert page(client, "/calculator/", language) == fresh


def test_each_sitting_gets_its_own_seat_names(owner, owner_client: Client, sitting) -> None:
    other = session_create(
        owner=owner, name="另一場", players=["趙", "錢", "孫", "李"], base_silver="1"
    )
    fragments.clear()
    first = page(owner_client, f"/sessions/{sitting.pk}/rounds/new/")
    second = page(owner_client, f"/sessions/{other.pk}/rounds/new/")
    fragments.clear()
    assert page(owner_client, f"/sessions/{other.pk}/rounds/new/") == second
    assert page(owner_client, f"/sessions/{sitting.pk}/rounds/new/") == first
    assert "趙" in second and "趙" not in first


def test_the_new_sitting_page_from_the_store_is_the_fresh_page(owner_client: Client) -> None:
    fragments.clear()
    fresh = page(owner_client, "/sessions/new/")
    assert page(owner_client, "/sessions/new/") == fresh


def test_a_posted_form_is_never_served_from_the_store(client: Client) -> None:
    fragments.clear()
    page(client, "/calculator/")
    response = client.post(
        "/calculator/", {"winner": "E", "indicator": "9p", "hand": "123m", "bar_tiles": 0}
    )
    assert 'value="123m"' in response.content.decode()


def test_the_store_is_bounded(monkeypatch) -> None:
    monkeypatch.setattr(fragments, "LIMIT", 3)
    fragments.clear()
    for n in range(10):
        fragments._remembered(("k", n), lambda n=n: f"<p>{n}</p>")
    assert list(fragments._store) == [("k", 7), ("k", 8), ("k", 9)]
