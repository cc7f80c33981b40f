"""A link that leads nowhere (a stopped share link, a deleted sitting) gets the site's own page,
in the reader's language, with a way back — not a bare "Not Found"."""

from __future__ import annotations

import pytest
from django.test import Client


@pytest.mark.parametrize(
    ("language", "words"),
    [("zh-hans", "找不到这一页"), ("zh-hant", "找不到這一頁"), ("en", "Page not found")],
)
@pytest.mark.django_db
def test_a_dead_share_link_gets_the_sites_page(language: str, words: str) -> None:
    response = Client().get("/share/no-such-token/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 404
    page = response.content.decode()
    assert words in page
    assert 'href="/"' in page and 'class="topbar"' in page
