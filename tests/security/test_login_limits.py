"""After LOGIN_FAILURE_LIMIT failures for one username from one address, log-ins are refused
(429) without the password being checked, on the API's token endpoint and on the pages."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone

pytestmark = pytest.mark.django_db

TOKEN_URL = "/api/auth/token/"
LIMIT = settings.LOGIN_FAILURE_LIMIT


def token_login(client_for, password: str, username: str = "owner", address: str = "10.0.0.1"):
    return client_for().post(
        TOKEN_URL,
        {"username": username, "password": password},
        format="json",
        REMOTE_ADDR=address,
    )


def fail_until_blocked(client_for, **where: str) -> None:
    for _ in range(LIMIT):
        response = token_login(client_for, "wrong", **where)
        assert response.status_code == 400
        assert response.json()["error"]["code"] == "E_AUTH"


def test_api_refuses_after_the_limit_even_with_the_right_password(owner, client_for, monkeypatch):
    fail_until_blocked(client_for)
    # Blocked attempts never reach the password check.
    monkeypatch.setattr(
        "calculator.api.auth.authenticate",
        lambda *args, **kwargs: pytest.fail("the password was checked"),
    )
    response = token_login(client_for, "pw-owner-123")
    assert response.status_code == 429
    error = response.json()["error"]
    assert error["code"] == "E_THROTTLED"
    assert "Too many failed log-ins" in error["message_en"] and error["message"]


def test_the_limit_is_per_username_and_address(owner, stranger, client_for):
    fail_until_blocked(client_for)
    assert token_login(client_for, "pw-owner-123", address="10.0.0.2").status_code == 200
    assert token_login(client_for, "pw-stranger-123", username="stranger").status_code == 200
    assert token_login(client_for, "pw-owner-123").status_code == 429
    # The same name written otherwise is the same name.
    assert token_login(client_for, "pw-owner-123", username=" OWNER ").status_code == 429


def test_fewer_failures_than_the_limit_still_let_you_in_and_a_success_resets(owner, client_for):
    for _ in range(LIMIT - 1):
        assert token_login(client_for, "wrong").status_code == 400
    assert token_login(client_for, "pw-owner-123").status_code == 200
    for _ in range(LIMIT - 1):
        assert token_login(client_for, "wrong").status_code == 400
    assert token_login(client_for, "pw-owner-123").status_code == 200


def test_the_window_ends(owner, client_for, settings, monkeypatch):
    settings.LOGIN_FAILURE_WINDOW = 60
    fail_until_blocked(client_for)
    assert token_login(client_for, "pw-owner-123").status_code == 429
    # A minute later (the database cache reads the clock here): the failures have expired. A
    # moved clock, not a sleep, so a slow machine cannot let the window end early.
    later = timezone.now() + timedelta(seconds=61)
    monkeypatch.setattr("django.core.cache.backends.db.tz_now", lambda: later)
    assert token_login(client_for, "pw-owner-123").status_code == 200


def test_behind_the_proxy_the_address_is_the_one_it_appended(owner, client_for, settings):
    settings.BEHIND_PROXY = True
    for forged in range(LIMIT):
        # The client forges the first hop each time; the proxy's own entry stays the same.
        response = client_for().post(
            TOKEN_URL,
            {"username": "owner", "password": "wrong"},
            format="json",
            HTTP_X_FORWARDED_FOR=f"192.0.2.{forged}, 203.0.113.7",
        )
        assert response.status_code == 400
    blocked = client_for().post(
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


# --- one name, however it is written; one address, whatever the names ------------------------

# Full-width letters: Django's log-in form reads each of these as "owner" (NFKC).
FULL_WIDTH_OWNERS = ["ｏwner", "oｗner", "owｎer", "ownｅr", "ownｅｒ"]


def test_full_width_spellings_share_the_count_on_the_page(owner):
    client = Client()
    for spelling in FULL_WIDTH_OWNERS[:LIMIT]:
        response = client.post("/accounts/login/", {"username": spelling, "password": "wrong"})
        assert response.status_code == 200
    refused = page_login(client, "pw-owner-123")
    assert refused.status_code == 429
    assert "_auth_user_id" not in client.session


def test_a_full_width_spelling_does_not_get_past_the_limit_on_the_page(owner):
    client = Client()
    for _ in range(LIMIT):
        page_login(client, "wrong")
    # The form logs "ｏwner" in as "owner": it must be refused like "owner".
    refused = client.post("/accounts/login/", {"username": "ｏwner", "password": "pw-owner-123"})
    assert refused.status_code == 429
    assert "_auth_user_id" not in client.session


def test_full_width_spellings_share_the_count_on_the_api(owner, client_for):
    for spelling in FULL_WIDTH_OWNERS[:LIMIT]:
        assert token_login(client_for, "wrong", username=spelling).status_code == 400
    assert token_login(client_for, "pw-owner-123").status_code == 429


def test_many_names_from_one_address_are_limited_too(owner, client_for, settings):
    settings.LOGIN_FAILURE_LIMIT_PER_ADDRESS = LIMIT + 3
    for number in range(LIMIT + 3):
        # One failure per name: no name reaches its own limit.
        assert token_login(client_for, "wrong", username=f"guess-{number}").status_code == 400
    response = token_login(client_for, "pw-owner-123")
    assert response.status_code == 429
    assert response.json()["error"]["code"] == "E_THROTTLED"
    # Another address is not held back.
    assert token_login(client_for, "pw-owner-123", address="10.0.0.2").status_code == 200


def test_a_success_does_not_clear_the_address_count(owner, stranger, client_for, settings):
    settings.LOGIN_FAILURE_LIMIT_PER_ADDRESS = 3
    for number in range(2):
        token_login(client_for, "wrong", username=f"guess-{number}")
    # Logging into one's own account between guesses does not reset the address's count.
    assert token_login(client_for, "pw-stranger-123", username="stranger").status_code == 200
    token_login(client_for, "wrong", username="guess-2")
    assert token_login(client_for, "pw-stranger-123", username="stranger").status_code == 429


def test_the_address_limit_holds_on_the_page(owner, settings):
    settings.LOGIN_FAILURE_LIMIT_PER_ADDRESS = 3
    client = Client()
    for number in range(3):
        client.post("/accounts/login/", {"username": f"guess-{number}", "password": "wrong"})
    assert page_login(client, "pw-owner-123").status_code == 429


def test_the_address_limit_defaults_to_20():
    assert settings.LOGIN_FAILURE_LIMIT_PER_ADDRESS == 20


def test_an_ipv6_host_counts_as_its_64(owner, client_for):
    for host in range(LIMIT):
        token_login(client_for, "wrong", address=f"2001:db8:0:7::{host + 1}")
    assert token_login(client_for, "pw-owner-123", address="2001:db8:0:7::99").status_code == 429
    assert token_login(client_for, "pw-owner-123", address="2001:db8:0:8::1").status_code == 200


@pytest.mark.parametrize("username", ["own\\u0000er", "own\\ud800er"])
def test_a_name_no_database_takes_is_refused_plainly(owner, client_for, username):
    """A NUL or a lone surrogate (written as JSON escapes) is refused, not a server error."""
    body = '{"username": "' + username + '", "password": "pw-owner-123"}'
    response = client_for().post(TOKEN_URL, body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "E_INVALID"


# --- /admin/login/ ----------------------------------------------------------------------------


@pytest.fixture
def staff(db):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user("boss", password="pw-boss-123", is_staff=True)


def admin_login(client: Client, password: str, username: str = "boss"):
    return client.post("/admin/login/?next=/admin/", {"username": username, "password": password})


def test_the_admin_login_refuses_after_the_limit(staff, monkeypatch):
    client = Client()
    for _ in range(LIMIT):
        assert admin_login(client, "wrong").status_code == 200
    monkeypatch.setattr(
        "django.contrib.auth.forms.authenticate",
        lambda *args, **kwargs: pytest.fail("the password was checked"),
    )
    refused = admin_login(client, "pw-boss-123")
    assert refused.status_code == 429
    assert "登录失败的次数太多了，请过一会儿再试。" in refused.content.decode()
    assert "_auth_user_id" not in client.session


def test_the_admin_login_still_logs_in_below_the_limit(staff):
    client = Client()
    for _ in range(LIMIT - 1):
        admin_login(client, "wrong")
    response = admin_login(client, "pw-boss-123")
    assert response.status_code == 302 and response["Location"] == "/admin/"
    assert client.session["_auth_user_id"] == str(staff.pk)


def test_the_admin_shares_the_count_with_the_pages(staff):
    client = Client()
    for _ in range(LIMIT):
        client.post("/accounts/login/", {"username": "ｂoss", "password": "wrong"})
    assert admin_login(client, "pw-boss-123").status_code == 429


def test_a_right_password_without_staff_counts_as_a_failure_on_the_admin(owner):
    client = Client()
    for _ in range(LIMIT):
        response = admin_login(client, "pw-owner-123", username="owner")
        assert response.status_code == 200
    assert admin_login(client, "pw-owner-123", username="owner").status_code == 429
