"""Sign up, log in, log out."""

from __future__ import annotations

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
    assertContains(response, "不登录，直接算番")
    assertContains(response, 'rel="manifest"')


def test_the_manifest_and_icons_are_served(client: Client, db) -> None:
    from django.contrib.staticfiles import finders

    assert finders.find("manifest.webmanifest")
    assert finders.find("icons/icon-192.png")
    assert finders.find("icons/icon-512.png")
