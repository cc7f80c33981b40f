"""The service worker (/sw.js) and its offline page (/offline/): served so that the worker may
control the whole site and is never taken from an HTTP cache; it precaches this site's static files
by their ``{% static %}`` URLs (hashed ones under the manifest storage), each of which answers; its
version changes with their contents; both answers fit the Content-Security-Policy; the log-out asks
the browser to drop its HTTP cache."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.core.management import call_command
from django.http import HttpResponse
from django.templatetags.static import static
from django.test import Client, RequestFactory
from whitenoise.middleware import WhiteNoiseMiddleware

from tests.security.test_settings import policy_of

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"
CONFIG = re.compile(r"^const CONFIG = (\{.*?\});$", re.DOTALL | re.MULTILINE)


def worker_config(client: Client) -> dict:
    response = client.get("/sw.js")
    assert response.status_code == 200
    return json.loads(CONFIG.search(response.content.decode()).group(1))


def own_static_files() -> list[str]:
    """What every page may need: the style sheet, the scripts, the tile faces, icons, manifest."""
    patterns = ["css/app.css", "js/*.js", "tiles/*.svg", "icons/*", "manifest.webmanifest"]
    return sorted(path.relative_to(STATIC).as_posix() for p in patterns for path in STATIC.glob(p))


@pytest.mark.django_db
def test_the_worker_may_control_the_whole_site_and_is_always_asked_for_anew(
    client: Client,
) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].split(";")[0] == "application/javascript"
    assert response["Cache-Control"] == "no-cache"
    assert response["Service-Worker-Allowed"] == "/"
    assert client.post("/sw.js").status_code == 405


@pytest.mark.django_db
def test_it_precaches_every_static_file_a_page_needs_and_each_answers(
    client: Client, owner_client: Client, sitting, settings
) -> None:
    config = worker_config(client)
    listed = config["precache"]
    for name in own_static_files():
        assert static(name) in listed, name
    assert len([url for url in listed if url.startswith("/static/tiles/")]) >= 42
    assert "/static/js/offline.js" in listed and "/static/js/once.js" in listed
    # The htmx script the pages load ({% htmx_script %} in base.html).
    page = owner_client.get(f"/sessions/{sitting.pk}/").content.decode()
    htmx = re.findall(r'<script src="(/static/django_htmx/[^"]+)"', page)
    assert htmx and set(htmx) <= set(listed)
    # Every page's static file is one the worker has (its tile faces included).
    for url in re.findall(r'(?:src|href)="(/static/[^"]+)"', page):
        assert url in listed, url
    assert config["offline"] == "/offline/"
    assert len(set(listed)) == len(listed)
    # Each URL answers (the finders serve them, as on a server after collectstatic).
    settings.WHITENOISE_USE_FINDERS = True
    fresh = Client()
    for url in listed + [config["offline"]]:
        assert fresh.get(url).status_code == 200, url


def test_under_the_manifest_storage_it_lists_the_hashed_names(tmp_path, settings) -> None:
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    call_command("collectstatic", "--noinput", verbosity=0)
    config = worker_config(Client())
    listed = config["precache"]
    assert static("css/app.css") in listed
    assert all(re.search(r"\.[0-9a-f]{12}\.[a-z]+$", url) for url in listed), listed
    serve = WhiteNoiseMiddleware(lambda request: HttpResponse(status=404))
    for url in listed:
        assert serve(RequestFactory().get(url)).status_code == 200, url


def test_its_version_changes_with_the_files_it_precaches(tmp_path, settings) -> None:
    before = worker_config(Client())["version"]
    assert re.fullmatch(r"[0-9a-f]{16}", before)
    assert worker_config(Client())["version"] == before  # the same files, the same caches
    english = Client().get("/sw.js", HTTP_ACCEPT_LANGUAGE="en").content
    assert english == Client().get("/sw.js", HTTP_ACCEPT_LANGUAGE="zh-hant").content
    copy = tmp_path / "static"
    shutil.copytree(STATIC, copy)
    settings.STATICFILES_DIRS = [copy]
    assert worker_config(Client())["version"] == before
    with (copy / "css" / "app.css").open("a", encoding="utf-8") as css:
        css.write("\n.deployed { color: red; }\n")
    settings.STATICFILES_DIRS = [str(copy)]  # a new value: the settings signal is sent again
    after = worker_config(Client())["version"]
    assert after != before
    body = Client().get("/sw.js").content.decode()
    assert f'"version": "{after}"' in body


@pytest.mark.django_db
def test_the_worker_and_the_offline_page_fit_the_policy(client: Client) -> None:
    worker = client.get("/sw.js")
    policy = policy_of(worker)
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"][0] == "'self'" and "'unsafe-eval'" not in policy["script-src"]
    text = worker.content.decode()
    # No eval in any form, no script from elsewhere, no inline handler strings.
    for banned in ("eval(", "new Function", "importScripts", 'setTimeout("', "javascript:"):
        assert banned not in text, banned
    page = client.get("/offline/")
    assert page.status_code == 200
    policy = policy_of(page)
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"][0] == "'self'"
    assert "'unsafe-inline'" not in policy["style-src"]
    html = page.content.decode()
    assert "<script" not in html  # nothing to run: the page is the same for everyone
    assert not re.search(r"\sstyle\s*=", html)
    assert "<style" not in html
    for href in re.findall(r'(?:src|href)="([^"]*)"', html):
        assert href == "" or href.startswith("/static/"), href


@pytest.mark.django_db
def test_the_offline_page_speaks_three_languages_and_names_nobody(
    client: Client, owner_client: Client
) -> None:
    anonymous = client.get("/offline/").content.decode()
    assert owner_client.get("/offline/").content.decode() == anonymous
    assert client.get("/offline/", HTTP_ACCEPT_LANGUAGE="en").content.decode() == anonymous
    for words in (
        "离线",
        "離線",
        "Offline",
        "现在连不上网络",
        "現在連不上網絡",
        "There is no connection",
    ):
        assert words in anonymous, words
    assert "csrfmiddlewaretoken" not in anonymous and "data-user" not in anonymous
    assert "<!-- kept pages -->" in anonymous  # where the worker lists the kept pages
    assert len(re.findall(r'lang="(zh-Hans|zh-Hant|en)"', anonymous)) >= 3


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "banner", "unsent"),
    [
        (
            "zh-hans",
            "离线 · 这是 {time} 的样子",
            "还有 {n} 局没有发送，退出会丢掉它们。确定退出吗？",
        ),
        (
            "zh-hant",
            "離線 · 這是 {time} 的樣子",
            "還有 {n} 局沒有發送，退出會丟掉它們。確定退出嗎？",
        ),
        ("en", "Offline, as of {time}", "{n} rounds have not been sent yet"),
    ],
)
def test_every_page_registers_the_worker_with_its_words(
    owner_client: Client, sitting, language: str, banner: str, unsent: str
) -> None:
    page = owner_client.get(
        f"/sessions/{sitting.pk}/", HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    assert '<script type="module" src="/static/js/offline.js"></script>' in page
    words = re.search(r'<template id="offline-words"[^>]*>', page).group(0)
    assert 'data-worker="/sw.js"' in words and 'data-logout="/accounts/logout/"' in words
    assert f'data-banner="{banner}"' in words
    assert unsent in words
    assert '<p id="offline-banner" class="offline-banner" role="status" hidden></p>' in page


@pytest.mark.django_db
def test_logging_out_asks_the_browser_to_drop_its_cache(owner_client: Client) -> None:
    response = owner_client.post("/accounts/logout/")
    assert response.status_code == 302 and response["Location"] == "/"
    assert response["Clear-Site-Data"] == '"cache"'
    assert "_auth_user_id" not in owner_client.session
    assert django_settings.SESSION_COOKIE_NAME not in owner_client.cookies or not (
        owner_client.cookies[django_settings.SESSION_COOKIE_NAME].value
    )
