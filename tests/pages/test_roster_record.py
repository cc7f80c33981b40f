"""The player's page shows their statistics for a period, in each of the page's languages."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from pytest_django.asserts import assertContains, assertNotContains

from calculator.models import Player
from calculator.services.roster import player_link
from calculator.services.rounds import round_record
from tests.calculator.hands import paofeng, plain

pytestmark = pytest.mark.django_db


@pytest.fixture
def east(owner, sitting) -> Player:
    # 阿东 (East, dealing) wins F 9, then again F 3 (R2.2: the dealer keeps the deal).
    round_record(session=sitting, entry=paofeng("E"), user=owner)
    round_record(session=sitting, entry=plain("E"), user=owner)
    return sitting.east


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("zh-hans", ["统计", "胡牌", "最大的一手（番）", "平均番数", "每场之后的累计输赢"]),
        ("zh-hant", ["統計", "胡牌", "最大的一手（番）", "平均番數", "每場之後的累計輸贏"]),
        ("en", ["Statistics", "Wins", "Biggest hand (fan)", "Average fan", "Running total"]),
    ],
)
def test_the_statistics_in_each_language(owner_client, east, sitting, language, words):
    owner_client.cookies["django_language"] = language
    page = owner_client.get(f"/players/{east.pk}/")
    assert page.status_code == 200
    for word in words:
        assertContains(page, word)
    assertContains(page, '<dd class="num" data-stat="wins">2</dd>', html=False)
    # The biggest hand (F 9, round 1) opens its why page; the average is (9 + 3) / 2.
    assertContains(page, f'href="/sessions/{sitting.pk}/rounds/1/"')
    assertContains(page, '<dd class="num" data-average>6</dd>', html=False)
    assertContains(page, "<polyline", count=1)
    assertNotContains(page, "data-stat=\"deal_ins\"")  # Anqing has no deal-ins


def test_a_period_and_a_bad_date(owner_client, east):
    page = owner_client.get(f"/players/{east.pk}/", {"period": "range", "from": "2000-01-01",
                                                     "to": "2000-12-31"})  # fmt: skip
    assert page.status_code == 200
    assertContains(page, '<dd class="num" data-stat="sittings">0</dd>', html=False)
    owner_client.cookies["django_language"] = "en"
    bad = owner_client.get(f"/players/{east.pk}/", {"period": "range", "from": "2026-02-31"})
    assert bad.status_code == 400
    assertContains(bad, "from must be a date written as 2026-03-31", status_code=400)
    assertContains(bad, '<dd class="num" data-stat="sittings">1</dd>', status_code=400, html=False)


def test_a_linked_account_sees_the_number_without_the_link(owner, east, sitting):
    friend = get_user_model().objects.create_user("friend", password="pw-friend-123")
    player_link(player=east, user=owner, username="friend")
    client = Client()
    client.force_login(friend)
    page = client.get(f"/players/{east.pk}/")
    assert page.status_code == 200
    assertNotContains(page, f"/sessions/{sitting.pk}/rounds/1/")
    assertContains(page, "data-biggest>9</dd>", html=False)
    stranger = get_user_model().objects.create_user("stranger", password="pw-stranger-123")
    client.force_login(stranger)
    assert client.get(f"/players/{east.pk}/").status_code == 404
