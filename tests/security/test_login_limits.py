"""After LOGIN_FAILURE_LIMIT failures for one username from one address, log-ins are refused
(429) without the password being checked, on the API's token endpoint and on the pages."""

from __future__ import annotations

import time

import pytest
from django.conf import settings
from django.test import Client

pytestmark = pytest.mark.django_db

TOKEN_URL = "/api/auth/token/"
LIMIT = settings.LOGIN_FAILURE_LIMIT


def token_login(api_as, password: str, username: str = "owner", address: str = "10.0.0.1"):
    return api_as().post(
        TOKEN_URL,
        {"username": username, "password": password},
        format="json",
        REMOTE_ADDR=address,
    )


def fail_until_blocked(api_as, **where: str) -> None:
    for _ in range(LIMIT):
        response = token_login(api_as, "wrong", **where)
        assert response.status_code == 400
        assert response.json()["error"]["code"] == "E_AUTH"


def test_api_refuses_after_the_limit_even_with_the_right_password(owner, api_as, monkeypatch):
    fail_until_blocked(api_as)
    # Blocked attempts never reach the password check.
    monkeypatch.setattr(
        "calculator.api.auth.authenticate",
        lambda *args, **kwargs: pytest.fail("the password was checked"),
    )
    response = token_login(api_as, "pw-owner-123")
    assert response.status_code == 429
    error = response.json()["error"]
    assert error["code"] == "E_THROTTLED"
    assert "Too many failed log-ins" in error["message_en"] and error["message"]


def test_the_limit_is_per_username_and_address(owner, stranger, api_as):
    fail_until_blocked(api_as)
    assert token_login(api_as, "pw-owner-123", address="10.0.0.2").status_code == 200
    assert token_login(api_as, "pw-stranger-123", username="stranger").status_code == 200
    assert token_login(api_as, "pw-owner-123").status_code == 429
    # The same name written otherwise is the same name.
    assert token_login(api_as, "pw-owner-123", username=" OWNER ").status_code == 429


def test_fewer_failures_than_the_limit_still_let_you_in_and_a_success_resets(owner, api_as):
    for _ in range(LIMIT - 1):
        assert token_login(api_as, "wrong").status_code == 400
    assert token_login(api_as, "pw-owner-123").status_code == 200
    for _ in range(LIMIT - 1):
        assert token_login(api_as, "wrong").status_code == 400
    assert token_login(api_as, "pw-owner-123").status_code == 200


def test_the_window_ends(owner, api_as, settings):
    settings.LOGIN_FAILURE_WINDOW = 1
    fail_until_blocked(api_as)
    assert token_login(api_as, "pw-owner-123").status_code == 429
    time.sleep(1.1)
    assert token_login(api_as, "pw-owner-123").status_code == 200


def test_behind_the_proxy_the_address_is_the_one_it_appended(owner, api_as, settings):
    settings.BEHIND_PROXY = True
    for forged in range(LIMIT):
        # The client forges the first hop each time; the proxy's own entry stays the same.
        response = api_as().post(
            TOKEN_URL,
            {"username": "owner", "password": "wrong"},
            format="json",
            HTTP_X_FORWARDED_FOR=f"192.0.2.{forged}, 203.0.113.7",
        )
        assert response.status_code == 400
    blocked = api_as().post(
        TOKEN_URL,
        {"username": "owner", "password": "pw-owner-123"},
        format="json",
        HTTP_X_FORWARDED_FOR="192.0.2.99, 203.0.113.7",
    )
    assert blocked.status_code == 429


# --- the pages' log-in form -------------------------------------------------------------------


def page_login(client: Client, password: str):
    return client.post("/accounts/login/", {"username": "owner", "password": password})


def test_the_login_page_refuses_after_the_limit_with_a_plain_message(owner, monkeypatch):
    client = Client()
    for _ in range(LIMIT):
        response = page_login(client, "wrong")
        assert response.status_code == 200
        assert "用户名或密码不对" in response.content.decode()
    monkeypatch.setattr(
        "django.contrib.auth.forms.authenticate",
        lambda *args, **kwargs: pytest.fail("the password was checked"),
    )
    refused = page_login(client, "pw-owner-123")
    assert refused.status_code == 429
    assert "登录失败的次数太多了，请过一会儿再试。" in refused.content.decode()
    assert "_auth_user_id" not in client.session


def test_the_login_page_still_logs_in_below_the_limit(owner):
    client = Client()
    for _ in range(LIMIT - 1):
        page_login(client, "wrong")
    response = page_login(client, "pw-owner-123")
    assert response.status_code == 302 and response["Location"] == "/sessions/"
    assert client.session["_auth_user_id"] == str(owner.pk)


def test_the_refusal_speaks_the_page_language(owner):
    client = Client()
    client.post("/i18n/setlang/", {"language": "en", "next": "/accounts/login/"})
    for _ in range(LIMIT):
        page_login(client, "wrong")
    refused = page_login(client, "pw-owner-123")
    assert refused.status_code == 429
    assert "Too many failed log-ins. Please wait a while and try again." in refused.content.decode()
