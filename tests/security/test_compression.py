"""Pages and API answers are compressed for clients that accept gzip (a phone on a slow line)."""

from __future__ import annotations

import gzip

from django.test import Client


def test_pages_are_gzipped_when_the_client_accepts_it(client: Client) -> None:
    plain = client.get("/calculator/")
    zipped = client.get("/calculator/", HTTP_ACCEPT_ENCODING="gzip")
    assert zipped["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in zipped["Vary"]
    body = gzip.decompress(zipped.content)
    assert len(zipped.content) * 5 < len(body)
    assert len(body) > 0.9 * len(plain.content)


def test_no_gzip_for_a_client_that_does_not_ask(client: Client) -> None:
    assert not client.get("/calculator/").has_header("Content-Encoding")
