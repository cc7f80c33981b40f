"""Static files on a server: after ``collectstatic`` with ``DJANGO_STATIC_MANIFEST=1`` their names
carry a content hash, and WhiteNoise tells browsers to keep them for a year (the tile faces a phone
downloads once)."""

from __future__ import annotations

import re

from django.core.management import call_command
from django.http import HttpResponse
from django.templatetags.static import static
from django.test import RequestFactory
from whitenoise.middleware import WhiteNoiseMiddleware

YEAR = 365 * 24 * 3600


def test_hashed_tile_faces_are_cached_for_a_year(tmp_path, settings) -> None:
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    call_command("collectstatic", "--noinput", verbosity=0)
    url = static("tiles/1m.svg")
    assert re.fullmatch(r"/static/tiles/1m\.[0-9a-f]{12}\.svg", url)
    serve = WhiteNoiseMiddleware(lambda request: HttpResponse(status=404))
    response = serve(RequestFactory().get(url, HTTP_ACCEPT_ENCODING="gzip"))
    assert response.status_code == 200
    control = response["Cache-Control"]
    assert "immutable" in control
    assert int(re.search(r"max-age=(\d+)", control).group(1)) >= YEAR
