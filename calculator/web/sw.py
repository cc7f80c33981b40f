"""The service worker, served from the site's root so that it may control every page (``/sw.js``),
and the small page it shows for a page it has not kept when there is no connection
(``/offline/``).

The worker (templates/sw.js) precaches the static files every page needs, by the URLs
``{% static %}`` gives them (hashed names under ``DJANGO_STATIC_MANIFEST=1``), and the offline
page. Its caches are named after a version made from those URLs and contents, and from the offline
page as it renders, so a deploy that changes any of them replaces the old caches.
"""

from __future__ import annotations

import hashlib
import json
import re
from fnmatch import fnmatch
from functools import cache

from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.templatetags.static import PrefixNode, static
from django.urls import reverse
from django.utils.translation import to_locale
from django.views.decorators.http import require_safe
from django_htmx.jinja import htmx_script

# This site's files that every page may need, as paths under static/ (shell patterns).
# (fnmatch's "*" crosses "/", so js/*.js takes js/picker/ as well; the tile keyboard's modules are
# named anyway: every page with a hand form imports them all.)
PRECACHE = (
    "css/app.css",
    "js/*.js",
    "js/picker/*.js",
    "tiles/*.svg",
    "icons/*",
    "manifest.webmanifest",
)

# The pages the worker keeps for a logged-in player (their paths, as JavaScript patterns): a
# sitting's page and the round form of an open sitting.
KEPT_PAGES = (r"^/sessions/\d+/$", r"^/sessions/\d+/rounds/new/$")

SRC = re.compile(r'\ssrc="([^"]+)"')


def offline_context() -> dict[str, object]:
    """The offline page speaks every language of the site: (code, its HTML lang tag)."""
    return {
        "languages": [(code, to_locale(code).replace("_", "-")) for code, _ in settings.LANGUAGES]
    }


def precached_files() -> list[str]:
    """This site's static files to precache, as paths under static/, sorted."""
    finder = finders.FileSystemFinder()
    paths = {path.replace("\\", "/") for path, _storage in finder.list([])}
    return sorted(path for path in paths if any(fnmatch(path, p) for p in PRECACHE))


def htmx_urls() -> list[str]:
    """The URLs of the htmx script(s) ``{% htmx_script %}`` puts on every page (base.html):
    htmx and its server-sent-events extension."""
    return SRC.findall(htmx_script(extensions="hx-sse"))


def fingerprint(url: str, name: str | None) -> str:
    """What changes when the file behind ``url`` changes: its contents if the finders have it,
    else the URL alone (a hashed name)."""
    found = finders.find(name) if name else None
    if not found:
        return url
    with open(found, "rb") as handle:
        return f"{url} {hashlib.sha256(handle.read()).hexdigest()}"


@cache
def worker_config() -> dict[str, object]:
    """What templates/sw.js is told: its version, the URLs to precache, the offline page and the
    patterns of the pages it keeps. Worked out once per process (a deploy restarts it)."""
    prefix = PrefixNode.handle_simple("STATIC_URL")
    own = [(static(name), name) for name in precached_files()]
    htmx = [
        (url, url.removeprefix(prefix) if url.startswith(prefix) else None) for url in htmx_urls()
    ]
    offline = reverse("web:offline")
    digest = hashlib.sha256()
    for url, name in own + htmx:
        digest.update(fingerprint(url, name).encode() + b"\n")
    digest.update(render_to_string("offline.html", offline_context()).encode())
    return {
        "version": digest.hexdigest()[:16],
        "precache": [url for url, _name in own + htmx],
        "offline": offline,
        "pages": list(KEPT_PAGES),
    }


@receiver(setting_changed)
def _forget_config(*, setting: str, **kwargs: object) -> None:
    """Tests that change where static files come from get a config worked out anew."""
    if setting in {"STORAGES", "STATIC_URL", "STATICFILES_DIRS", "DEBUG", "LANGUAGES"}:
        worker_config.cache_clear()


@require_safe
def worker(request: HttpRequest) -> HttpResponse:
    """``/sw.js``: never taken from an HTTP cache (a deploy's worker is seen on the next visit),
    allowed to control the whole site."""
    if settings.DEBUG:
        worker_config.cache_clear()  # static files change under `make run`
    config = json.dumps(worker_config(), ensure_ascii=False, indent=2)
    response = render(
        request, "sw.js", {"config": config}, content_type="application/javascript; charset=utf-8"
    )
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    """The page the worker shows when there is no connection and no kept copy of the page asked
    for: the same for everyone (it is precached), in the three languages at once."""
    return render(request, "offline.html", offline_context())
