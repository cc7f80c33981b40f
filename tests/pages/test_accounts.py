"""Sign up, log in, log out."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from pytest_django.asserts import assertContains, assertRedirects


def test_sign_up_logs_in_and_leads_to_a_new_sitting(client: Client, db) -> None:
    response = client.post(
        "/accounts/signup/",
        {"username": "laowang", "password1": "mahjong-table-77", "password2": "mahjong-table-77"},
    )
    assertRedirects(response, "/sessions/new/")
    assert get_user_model().objects.filter(username="laowang").exists()
    assertContains(client.get("/sessions/new/"), "开一场")


def test_sign_up_with_mismatched_passwords_saves_nothing(client: Client, db) -> None:
    response = client.post(
        "/accounts/signup/",
        {"username": "laowang", "password1": "mahjong-table-77", "password2": "other-pass-77"},
    )
    assertContains(response, "请改正下面标出的地方")
    assert not get_user_model().objects.filter(username="laowang").exists()


def test_log_in_and_out(client: Client, owner) -> None:
    bad = client.post("/accounts/login/", {"username": "ahdong", "password": "wrong"})
    assertContains(bad, "用户名或密码不对")
    good = client.post("/accounts/login/", {"username": "ahdong", "password": "pw-table-8899"})
    assertRedirects(good, "/sessions/")
    assertContains(client.get("/sessions/"), "我的牌局")
    assertRedirects(client.post("/accounts/logout/"), "/", fetch_redirect_response=False)
    assertRedirects(client.get("/sessions/"), "/accounts/login/?next=/sessions/")


def test_home_invites_a_stranger_to_sign_up_or_just_score(client: Client, db) -> None:
    response = client.get("/")
    assertContains(response, "注册")
    assertContains(response, "不登录，直接用计算器")
    assertContains(response, 'rel="manifest"')


def test_the_manifest_and_icons_are_served(client: Client, db) -> None:
    from django.contrib.staticfiles import finders

    assert finders.find("manifest.webmanifest")
    assert finders.find("icons/icon-192.png")
    assert finders.find("icons/icon-512.png")


# --- changing one's password ------------------------------------------------------------------


def change_password(client: Client, old: str, new: str = "new-table-pass-42"):
    return client.post(
        "/accounts/password/",
        {"old_password": old, "new_password1": new, "new_password2": new},
    )


def test_the_pages_link_to_the_password_change(owner_client: Client) -> None:
    assertContains(owner_client.get("/sessions/"), 'href="/accounts/password/"')
    page = owner_client.get("/accounts/password/")
    assertContains(page, "修改密码")
    assertContains(page, 'name="old_password"')


def test_the_password_change_needs_a_log_in(client: Client, db) -> None:
    assertRedirects(
        client.get("/accounts/password/"),
        "/accounts/login/?next=/accounts/password/",
        fetch_redirect_response=False,
    )


def test_a_password_change_keeps_the_log_in_and_ends_the_token(owner_client: Client, owner) -> None:
    from rest_framework.authtoken.models import Token

    Token.objects.create(user=owner)
    response = change_password(owner_client, "pw-table-8899")
    assertRedirects(response, "/accounts/password/done/")
    assertContains(owner_client.get("/accounts/password/done/"), "密码改好了")
    # Still logged in here, with the new password from now on.
    assertContains(owner_client.get("/sessions/"), "我的牌局")
    owner.refresh_from_db()
    assert owner.check_password("new-table-pass-42")
    assert not Token.objects.filter(user=owner).exists()
    other = Client()
    assertRedirects(
        other.post("/accounts/login/", {"username": "ahdong", "password": "new-table-pass-42"}),
        "/sessions/",
    )


def test_a_wrong_current_password_changes_nothing(owner_client: Client, owner) -> None:
    response = change_password(owner_client, "not-my-password")
    assertContains(response, "请改正下面标出的地方")
    owner.refresh_from_db()
    assert owner.check_password("pw-table-8899")


def test_wrong_current_passwords_count_toward_the_log_in_limit(
    owner_client: Client, owner, settings
) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    owner.set_password("pw-table-8899")
    owner.save()
    owner_client.force_login(owner)
    for _ in range(settings.LOGIN_FAILURE_LIMIT):
        change_password(owner_client, "not-my-password")
    refused = change_password(owner_client, "pw-table-8899")
    assert refused.status_code == 429
    assertContains(refused, "登录失败的次数太多了", status_code=429)
    owner.refresh_from_db()
    assert owner.check_password("pw-table-8899")


@pytest.mark.parametrize(
    ("language", "title", "done"),
    [
        ("en", "Change password", "Password changed"),
        ("zh-hant", "修改密碼", "密碼改好了"),
        ("zh-hans", "修改密码", "密码改好了"),
    ],
)
def test_the_password_pages_speak_three_languages(
    owner_client: Client, language: str, title: str, done: str
) -> None:
    owner_client.post("/i18n/setlang/", {"language": language, "next": "/"})
    assertContains(owner_client.get("/accounts/password/"), title)
    assertContains(owner_client.get("/accounts/password/done/"), done)
