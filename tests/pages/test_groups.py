"""The groups' pages (/groups/…): the list and its form, a group's standings with its period
tabs, game filter, titles, head-to-head and the settle-up across the sittings not paid out,
the owner's settings, the paid-out mark on the session page, the groups on a player's page; in
the three languages; nothing for strangers."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from calculator.models import Group, IdempotentAnswer, Session
from calculator.selectors.standings import settlement
from calculator.services.groups import group_create, group_member_add
from calculator.services.roster import player_link
from calculator.services.rounds import round_record
from calculator.services.sittings import session_invite
from tests.calculator.hands import bao, paofeng, plain

pytestmark = pytest.mark.django_db


def text_of(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def counted(response) -> str:
    """The page's count of the sittings of the period."""
    return re.search(r"data-sittings-count>([^<]+)<", response.content.decode())[1].strip()


def once(response) -> str:
    return re.search(r'name="once" value="([^"]+)"', response.content.decode())[1]


@pytest.fixture
def played(owner, sitting):
    """阿东 wins F 3 and F 9 dealing; 阿西 wins F 6 with 阿北 liable under 包."""
    for body in [plain("E"), paofeng("E"), bao("W", "N")]:
        round_record(session=sitting, entry=body, user=owner)
    sitting.refresh_from_db()
    return sitting


@pytest.fixture
def group(owner, played):
    return group_create(
        owner=owner,
        name="周六牌友",
        players=[person.pk for person in played.seat_players().values()],
    )


def test_create_a_group_from_the_roster(owner_client, played):
    page = owner_client.get("/groups/")
    assert page.status_code == 200
    words = text_of(page)
    assert "还没有群" in words
    for name in ("阿东", "阿南", "阿西", "阿北"):
        assert name in words  # the roster's checkboxes
    people = [person.pk for person in played.seat_players().values()]
    done = owner_client.post(
        "/groups/new/", {"name": "周六牌友", "players": people, "once": once(page)}
    )
    group = Group.objects.get()
    assert done.status_code == 302 and done["Location"] == f"/groups/{group.pk}/"
    assert sorted(group.players.values_list("pk", flat=True)) == sorted(people)
    # The same form sent twice makes one group.
    again = owner_client.post(
        "/groups/new/", {"name": "周六牌友", "players": people, "once": once(page)}
    )
    assert again.status_code == 302 and Group.objects.count() == 1
    # One person is not a group; an empty name neither: the form is shown again with the word.
    refused = owner_client.post("/groups/new/", {"name": "x", "players": people[:1]})
    assert refused.status_code == 400
    assert "2" in text_of(refused) and Group.objects.count() == 1
    assert owner_client.post("/groups/new/", {"name": "", "players": people}).status_code == 400


def test_the_group_page_shows_standings_titles_head_to_head_and_the_settle_up(
    owner_client, played, group
):
    page = owner_client.get(f"/groups/{group.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    words = text_of(page)
    month = timezone.localdate().strftime("%Y-%m")
    assert f'data-period="{month}"' in html
    rows = re.findall(r'<tr data-player="(\d+)">(.*?)</tr>', html, re.S)
    balances = [Decimal(re.search(r"data-balance>([^<]+)<", row)[1]) for _, row in rows]
    assert balances == sorted(balances, reverse=True)
    expected = {played.east_id: played.balance_e, played.north_id: played.balance_n}
    for pk, row in rows:
        if int(pk) in expected:
            assert Decimal(re.search(r"data-balance>([^<]+)<", row)[1]) == expected[int(pk)]
    # 阿东's biggest hand (F 9, round 2) links to its why page.
    assert f'href="/sessions/{played.pk}/rounds/2/"' in html
    assert "胡牌王" in words and "自摸王" in words and "包牌最多" in words
    assert "data-head-to-head" in html
    assert "把这1场标记为已结清" in words
    # The transfers settle the sitting: as many as its settle-up page's.
    transfers = re.findall(r"<li>([^<]+ 给 [^<]+)</li>", html)
    assert len(transfers) == len(settlement(played))
    # Mark them paid out with the one button.
    marked = owner_client.post(
        f"/groups/{group.pk}/paid-out/", {"sittings": str(played.pk), "once": once(page)}
    )
    assert marked.status_code == 302
    assert Session.objects.get(pk=played.pk).paid_out_at is not None
    after = text_of(owner_client.get(f"/groups/{group.pk}/"))
    assert "每一场都结清了" in after and "已结清" in after
    assert IdempotentAnswer.objects.filter(session=None).exists()


def test_period_tabs_game_filter_and_a_bad_period(owner_client, played, group):
    url = f"/groups/{group.pk}/"
    older = owner_client.get(url, {"period": "month", "month": "2001-01"})
    assert older.status_code == 200
    assert 'data-period="2001-01"' in older.content.decode()
    assert "?period=month&amp;month=2000-12" in older.content.decode()
    assert "这段时间没有只有群里的人坐的牌局" in text_of(older)
    for params in ({"period": "season"}, {"period": "year"}, {"period": "all"}):
        assert owner_client.get(url, params).status_code == 200
    everything = owner_client.get(url, {"period": "all"})
    anji = owner_client.get(url, {"period": "all", "game": "anji"})
    assert counted(everything) == "1场" and counted(anji) == "0场"
    assert '<option value="anji" selected>' in anji.content.decode()
    bad = owner_client.get(url, {"period": "month", "month": "2026-13"})
    assert bad.status_code == 400
    assert "2026-13" in text_of(bad)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("zh-hans", ["排行", "胡牌王", "还没结清的账", "谁赢了谁"]),
        ("zh-hant", ["排行", "胡牌王", "還沒結清的賬", "誰贏了誰"]),
        ("en", ["Standings", "Most wins", "Not paid out yet", "Head to head"]),
    ],
)
def test_the_pages_in_three_languages(owner_client, played, group, language, words):
    owner_client.cookies["django_language"] = language
    page = text_of(owner_client.get(f"/groups/{group.pk}/"))
    for word in words:
        assert word in page
    listed = text_of(owner_client.get("/groups/"))
    assert {"zh-hans": "建一个群", "zh-hant": "建一個群", "en": "New group"}[language] in listed
    settings = owner_client.get(f"/groups/{group.pk}/settings/")
    assert settings.status_code == 200
    session = text_of(owner_client.get(f"/sessions/{played.pk}/"))
    assert {"zh-hans": "标记为已结清", "zh-hant": "標記為已結清", "en": "Mark paid out"}[
        language
    ] in session
    # A person's groups with the titles they hold, listed with the page's own separator.
    person = played.east
    titles = text_of(
        owner_client.get(f"/players/{person.pk}/groups/", headers={"HX-Request": "true"})
    )
    assert {"zh-hans": "本月：", "zh-hant": "本月：", "en": "This month: "}[language] in titles
    if language == "en":
        assert "、" not in titles and "、" not in page and "、" not in listed


def test_the_owner_renames_changes_players_adds_members_and_deletes(owner_client, played, group):
    settings = owner_client.get(f"/groups/{group.pk}/settings/")
    three = [played.east_id, played.south_id, played.west_id]
    renamed = owner_client.post(
        f"/groups/{group.pk}/edit/", {"name": "三个人", "players": three, "once": once(settings)}
    )
    assert renamed.status_code == 302
    group.refresh_from_db()
    assert group.name == "三个人" and group.players.count() == 3
    # 阿北 is not in the group any more: the four-player sitting no longer counts.
    assert counted(owner_client.get(f"/groups/{group.pk}/", {"period": "all"})) == "0场"
    get_user_model().objects.create_user("xiaoli", password="pw-x-12345")
    unknown = owner_client.post(f"/groups/{group.pk}/members/", {"username": "nobody"})
    assert unknown.status_code == 400 and "nobody" in text_of(unknown)
    added = owner_client.post(f"/groups/{group.pk}/members/", {"username": "xiaoli"})
    assert added.status_code == 302 and group.members.filter(username="xiaoli").exists()
    removed = owner_client.post(f"/groups/{group.pk}/members/xiaoli/remove/")
    assert removed.status_code == 302 and not group.members.exists()
    asked = owner_client.post(f"/groups/{group.pk}/delete/")
    assert asked.status_code == 302 and Group.objects.filter(pk=group.pk).exists()
    assert "open" in owner_client.get(asked["Location"]).content.decode()
    deleted = owner_client.post(f"/groups/{group.pk}/delete/", {"confirm": "1"})
    assert deleted.status_code == 302 and not Group.objects.filter(pk=group.pk).exists()
    assert Session.objects.filter(pk=played.pk).exists()


def test_the_session_page_marks_a_sitting_paid_out(owner_client, played, owner):
    page = owner_client.get(f"/sessions/{played.pk}/")
    assert 'data-paid-out="0"' in page.content.decode()
    marked = owner_client.post(
        f"/sessions/{played.pk}/paid-out/", {"paid": "1", "once": once(page)}
    )
    assert marked.status_code == 302
    page = owner_client.get(f"/sessions/{played.pk}/")
    assert 'data-paid-out="1"' in page.content.decode() and "改回未结清" in text_of(page)
    owner_client.post(f"/sessions/{played.pk}/paid-out/", {"paid": "0"})
    assert Session.objects.get(pk=played.pk).paid_out_at is None
    # An invited member sees the mark but has no form, and a post is refused.
    member = get_user_model().objects.create_user("member", password="pw-x-12345")
    session_invite(session=played, username="member")
    client = Client()
    client.force_login(member)
    assert "标记为已结清" not in text_of(client.get(f"/sessions/{played.pk}/"))
    assert client.post(f"/sessions/{played.pk}/paid-out/", {"paid": "1"}).status_code == 403


def test_strangers_members_and_linked_accounts(played, group, owner):
    users = get_user_model().objects
    stranger, member, linked = (
        users.create_user(name, password="pw-x-12345") for name in ("stranger", "member", "linked")
    )
    group_member_add(group=group, user=owner, username="member")
    player_link(player=played.east, user=owner, username="linked")
    clients = {}
    for user in (stranger, member, linked):
        clients[user.username] = Client()
        clients[user.username].force_login(user)
    for url in (f"/groups/{group.pk}/", f"/groups/{group.pk}/settings/"):
        assert clients["stranger"].get(url).status_code == 404
    assert (
        clients["stranger"].post(f"/groups/{group.pk}/delete/", {"confirm": "1"}).status_code == 404
    )
    assert "周六牌友" not in text_of(clients["stranger"].get("/groups/"))
    for name in ("member", "linked"):
        page = clients[name].get(f"/groups/{group.pk}/")
        assert page.status_code == 200
        assert "把这1场标记为已结清" not in text_of(page)  # the owner's button only
        assert f"/sessions/{played.pk}/rounds/" not in page.content.decode()  # not their sitting
        assert clients[name].get(f"/groups/{group.pk}/settings/").status_code == 403
        assert (
            clients[name]
            .post(f"/groups/{group.pk}/paid-out/", {"sittings": str(played.pk)})
            .status_code
            == 403
        )
    assert Session.objects.get(pk=played.pk).paid_out_at is None
    # The linked account's player page names the group and the titles held there this month.
    page = clients["linked"].get(f"/players/{played.east_id}/").content.decode()
    assert f'hx-get="/players/{played.east_id}/groups/"' in page  # drawn right after the page
    mine = text_of(
        clients["linked"].get(f"/players/{played.east_id}/groups/", headers={"HX-Request": "true"})
    )
    assert "所在的群" in mine and "周六牌友" in mine and "胡牌王" in mine
    whole = clients["linked"].get(f"/players/{played.east_id}/groups/").content.decode()
    assert "<html" in whole and "周六牌友" in whole  # without scripts: a page of its own
    assert Client().get(f"/players/{played.east_id}/groups/").status_code == 302
    assert Client().get(f"/groups/{group.pk}/").status_code == 302  # to the log-in page


def test_the_nav_links_to_groups(owner_client):
    assert 'href="/groups/"' in owner_client.get("/sessions/").content.decode()


def test_the_standings_show_dealer_wins_and_the_split_of_each_total(owner, owner_client, group):
    """阿东 won twice dealing (plain and 跑風 as East). Without an adjustment the table has no
    split; after 阿西 pays a penalty of 2 to each other player it has: 阿西's total less 6 than
    the hands brought, each other's 2 more."""

    def rows(page) -> dict[str, str]:
        html = page.content.decode()
        return dict(re.findall(r'<tr data-player="(\d+)">(.*?)</tr>', html, re.S))

    sitting = Session.objects.get()
    before = owner_client.get(f"/groups/{group.pk}/")
    assert "data-from-hands" not in before.content.decode()
    east = rows(before)[str(sitting.east_id)]
    assert re.search(r"data-dealer-wins>([^<]+)<", east)[1] == "2"
    assert "庄家胡" in text_of(before)
    west_hands = sitting.balance_w
    round_record(
        session=sitting,
        entry={"result": "adjustment", "kind": "penalty", "from": "W", "amount": "2",
               "reason": "诈胡"},
        user=owner,
    )  # fmt: skip
    after = owner_client.get(f"/groups/{group.pk}/")
    west = rows(after)[str(sitting.west_id)]
    assert Decimal(re.search(r"data-from-hands>([^<]+)<", west)[1]) == west_hands
    assert Decimal(re.search(r"data-adjusted>([^<]+)<", west)[1]) == Decimal(-6)
    assert Decimal(re.search(r"data-balance>([^<]+)<", west)[1]) == west_hands - 6
    assert re.search(r"data-penalties>([^<]+)<", west)[1] == "1"
    east = rows(after)[str(sitting.east_id)]
    assert Decimal(re.search(r"data-adjusted>([^<]+)<", east)[1]) == Decimal(2)
    words = text_of(after)
    assert "其中打牌" in words and "其中调整" in words and "被罚次数" in words
    for language, said in (
        ("zh-hant", ["其中打牌", "其中調整", "被罰次數", "莊家胡"]),
        ("en", ["of which hands", "of which adjustments", "Penalties paid", "Dealer wins"]),
    ):
        owner_client.cookies["django_language"] = language
        page = text_of(owner_client.get(f"/groups/{group.pk}/"))
        for word in said:
            assert word in page, (language, word)
