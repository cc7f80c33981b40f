"""Opening a sitting with people of the roster, at 390×844: "同名的另一个人" is offered beside a
seat only when its typed name is already someone on the roster."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from calculator.models import Session
from calculator.services.sittings import session_create
from tests.browser.conftest import allow_error, check_phone, log_in
from tests.browser.test_accessibility import violations

pytestmark = pytest.mark.browser


def test_a_known_name_is_that_person_and_a_different_one_is_a_tick_away(
    phone, live_server
) -> None:
    owner = get_user_model().objects.create_user("laowang", password="mahjong-table-77")
    first = session_create(
        owner=owner, name="上周六", players=["小李", "阿南", "阿西", "阿北"], base_silver="1"
    )
    page = log_in(phone(), live_server, owner)
    page.goto(f"{live_server.url}/sessions/new/")
    east = page.locator("#id_player_E")
    different = page.locator("[data-seat-field]").first.locator(".new-person")
    expect(different).to_be_hidden()
    east.fill("小李")
    expect(different).to_be_visible()  # 小李 is on the roster: the same person unless ticked
    check_phone(page, "roster-01-known-name")
    east.fill("阿三")
    expect(different).to_be_hidden()
    east.fill("小李")
    page.fill("#id_name", "这周六")
    for seat, name in zip("SWN", ["阿南", "阿西", "阿北"], strict=True):
        page.fill(f"#id_player_{seat}", name)
    page.get_by_role("button", name="开始").click()
    expect(page.locator("h1")).to_have_text("这周六")
    second = Session.objects.get(name="这周六")
    # The same people as last week: one roster, no new 小李.
    assert [second.east_id, second.south_id] == [first.east_id, first.south_id]


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_a_person_is_added_before_their_first_sitting(phone, live_server, language) -> None:
    owner = get_user_model().objects.create_user("laowang", password="mahjong-table-77")
    session_create(
        owner=owner, name="上周六", players=["小李", "阿南", "阿西", "阿北"], base_silver="1"
    )
    page = log_in(phone(), live_server, owner, language)
    page.goto(f"{live_server.url}/players/")
    form = page.locator("[data-player-add]")
    expect(form.locator("[name=distinct]")).to_have_count(0)
    form.locator("#id_name").fill("老张")
    check_phone(page, f"roster-02-add-{language}")
    form.locator("button[type=submit]").click()
    expect(page.locator("h1")).to_contain_text("老张")
    added = owner.roster.get(name="老张")
    assert page.url.endswith(f"/players/{added.pk}/")
    check_phone(page, f"roster-03-added-{language}")
    # 小李 is on the roster: the form asks whether it is another 小李 (the form again is a 400).
    allow_error(page, r"status of 400 \(Bad Request\) \(.*/players/new/\)")
    page.goto(f"{live_server.url}/players/")
    page.locator("[data-player-add] #id_name").fill("小李")
    page.locator("[data-player-add] button[type=submit]").click()
    form = page.locator("[data-player-add]")
    expect(form.locator("[data-add-problem]")).to_be_visible()
    check_phone(page, f"roster-04-same-name-{language}")
    assert violations(page) == []  # axe: the question, its checkbox and its label
    assert owner.roster.filter(name="小李").count() == 1
    form.locator("[name=distinct]").check()
    form.locator("button[type=submit]").click()
    expect(page.locator("h1")).to_contain_text("小李")
    assert owner.roster.filter(name="小李").count() == 2
