"""Production settings pass ``check --deploy``; every page carries a Content-Security-Policy that
its own markup satisfies, and refuses to be framed."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

from calculator.models import Session

ROOT = Path(__file__).resolve().parents[2]

PRODUCTION = {
    "DJANGO_SECURE": "1",
    "DJANGO_DEBUG": "0",
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
    "DJANGO_ALLOWED_HOSTS": "mahjong.example",
    "DJANGO_BEHIND_PROXY": "1",
}


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_check_deploy_is_clean_with_production_settings() -> None:
    done = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues" in done.stdout


def test_check_deploy_flags_the_local_defaults() -> None:
    """The same check does see problems when the production switch is off (so the test above
    could fail)."""
    done = manage("check", "--deploy", "--fail-level", "WARNING")
    assert done.returncode != 0
    for warning in ("security.W004", "security.W008", "security.W009", "security.W012"):
        assert warning in done.stderr


@pytest.mark.parametrize("missing", ["DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS"])
def test_production_refuses_to_start_without_its_secrets(missing: str) -> None:
    env = {k: v for k, v in PRODUCTION.items() if k != missing}
    done = manage("check", **env)
    assert done.returncode != 0
    assert f"DJANGO_SECURE=1 needs {missing}" in done.stderr


def test_production_settings_values() -> None:
    done = manage(
        "shell",
        "--no-imports",
        "-c",
        "from django.conf import settings as s; print(s.SESSION_COOKIE_SECURE, "
        "s.CSRF_COOKIE_SECURE, s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, "
        "s.SECURE_PROXY_SSL_HEADER, s.X_FRAME_OPTIONS, s.DEBUG)",
        **PRODUCTION,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [
        "True",
        "True",
        "True",
        "31536000",
        "('HTTP_X_FORWARDED_PROTO',",
        "'https')",
        "DENY",
        "False",
    ]


# --- the Content-Security-Policy on pages ---------------------------------------------------


PUBLIC_PAGES = ["/", "/calculator/", "/accounts/login/", "/accounts/signup/"]


def pages(session: Session) -> list[str]:
    """The pages of a logged-in owner."""
    pk = session.pk
    return [
        "/calculator/",
        "/sessions/",
        "/sessions/new/",
        f"/sessions/{pk}/",
        f"/sessions/{pk}/rounds/new/",
        f"/sessions/{pk}/rounds/1/",
        f"/sessions/{pk}/rounds/1/edit/",
        f"/sessions/{pk}/rounds/1/void/",
        f"/sessions/{pk}/settle/",
        f"/sessions/{pk}/members/",
        f"/sessions/{pk}/rules/",
        f"/share/{session.share_token}/",
    ]


def policy_of(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {
        name: values
        for name, *values in (directive.split() for directive in header.split(";") if directive)
    }


@pytest.mark.django_db
def test_every_page_has_the_policy_and_its_markup_fits_it(owner, sitting) -> None:
    owner_client = Client()
    owner_client.force_login(owner)
    visits = [(Client(), url) for url in PUBLIC_PAGES] + [
        (owner_client, url) for url in pages(sitting)
    ]
    for client, url in visits:
        response = client.get(url)
        assert response.status_code == 200, url
        policy = policy_of(response)
        nonce = next(v for v in policy["script-src"] if v.startswith("'nonce-"))[7:-1]
        assert policy["default-src"] == ["'self'"], url
        assert policy["script-src"] == ["'self'", f"'nonce-{nonce}'"], url
        assert "'unsafe-inline'" not in policy["style-src"], url
        assert policy["frame-ancestors"] == ["'none'"], url
        assert response["X-Frame-Options"] == "DENY", url
        html = response.content.decode()
        # No inline style attribute (style-src has no 'unsafe-inline')…
        assert not re.search(r"\sstyle\s*=", html), url
        # …and every script is a file from this site, or carries this response's nonce.
        for tag in re.findall(r"<script\b[^>]*>", html):
            src = re.search(r'\ssrc="([^"]+)"', tag)
            assert (src and src.group(1).startswith("/static/")) or f'nonce="{nonce}"' in tag, (
                url,
                tag,
            )
        assert "/static/django_htmx/htmx-2.min.js" in html, url


@pytest.mark.django_db
def test_htmx_fragments_fit_the_policy_too(owner, sitting) -> None:
    client = Client()
    client.force_login(owner)
    fragment = client.get(f"/sessions/{sitting.pk}/", headers={"HX-Request": "true"})
    assert "<html" not in fragment.content.decode()
    assert "Content-Security-Policy" in fragment
    assert not re.search(r"\sstyle\s*=", fragment.content.decode())


@pytest.mark.django_db
def test_api_and_health_answers_carry_the_policy() -> None:
    for url in ("/api/schema/", "/healthz"):
        response = Client().get(url)
        assert policy_of(response)["default-src"] == ["'self'"], url
        assert response["X-Frame-Options"] == "DENY", url


@pytest.mark.django_db
def test_the_swagger_page_gets_its_own_allowance_and_no_inline_script() -> None:
    response = Client().get("/api/schema/ui/")
    assert response.status_code == 200
    policy = policy_of(response)
    assert "https://cdn.jsdelivr.net" in policy["script-src"]
    assert "'unsafe-inline'" not in policy["script-src"]
    html = response.content.decode()
    # Its start-up script is fetched from this site (the split view), not written inline.
    assert re.search(r'<script src="/api/schema/ui/\?[^"]*script', html)
    assert not re.search(r"<script>\s*\S", html)
    script = Client().get("/api/schema/ui/?script=")
    assert script.status_code == 200 and "SwaggerUIBundle" in script.content.decode()
