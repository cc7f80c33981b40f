"""The roster pages (/players/) and the new-sitting page's people: what a person reads there."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from calculator.models import Player, Session
from calculator.services.rounds import round_record
from calculator.services.sittings import session_create
from tests.calculator.hands import plain

pytestmark = pytest.mark.django_db


def text_of(response) -> str:
    """The page's words, tags taken out."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def new_sitting(client: Client, **fields) -> object:
    body = {
        "name": "周日牌局",
        "game": "anqing",
        "player_count": "4",
        "ruleset": "anqing",
        "base_silver": "1",
        "player_E": "阿东",
        "player_S": "阿南",
        "player_W": "阿西",
        "player_N": "阿北",
        **fields,
    }
    return client.post("/sessions/new/", body)


def test_the_roster_lists_people_with_their_sittings(owner_client, owner, sitting):
    session_create(owner=owner, name="周日", players=["阿东", "老王", "阿西", "阿北"])
    round_record(session=sitting, entry=plain("E"))
    page = owner_client.get("/players/")
    words = text_of(page)
    assert "阿东" in words and "2场" in words and "老王" in words
    assert 'href="/players/"' in owner_client.get("/sessions/").content.decode()
    east = Player.objects.get(name="阿东")
    detail = text_of(owner_client.get(f"/players/{east.pk}/"))
    assert "坐过2场" in detail and "周六牌局" in detail and "周日" in detail
    assert Session.objects.get(pk=sitting.pk).balance_e > 0
    assert str(Session.objects.get(pk=sitting.pk).balance_e.normalize()).split(".")[0] in detail


def test_a_typed_name_is_the_roster_person(owner_client, owner, sitting):
    response = new_sitting(owner_client)
    assert response.status_code == 302
    second = Session.objects.exclude(pk=sitting.pk).get()
    assert second.east_id == sitting.east_id
    datalist = owner_client.get("/sessions/new/").content.decode()
    assert '<option value="阿东">' in datalist


def test_a_different_person_of_the_same_name_and_which_one(owner_client, owner, sitting):
    assert new_sitting(owner_client, new_E="on").status_code == 302
    assert Player.objects.filter(owner=owner, name="阿东").count() == 2
    # Two 阿东 on the roster: the page asks which one sits at east.
    asked = new_sitting(owner_client)
    assert asked.status_code == 200
    words = text_of(asked)
    assert "名单上有几个“阿东”，是哪一个？" in words
    assert "阿东 (2)" in words and "上次：周六牌局" in words
    assert Session.objects.count() == 2
    first = Player.objects.filter(name="阿东").order_by("pk").first()
    assert new_sitting(owner_client, pick_E=str(first.pk)).status_code == 302
    assert Session.objects.order_by("-pk").first().east_id == first.pk


def test_rename_merge_and_link(owner_client, owner, sitting):
    session_create(owner=owner, name="周日", players=["东哥", "阿南", "阿西", "阿北"])
    east, other = Player.objects.get(name="阿东"), Player.objects.get(name="东哥")
    renamed = owner_client.post(f"/players/{east.pk}/rename/", {"name": "阿东东"})
    assert renamed.status_code == 302
    assert "已改名为“阿东东”" in text_of(owner_client.get(renamed["Location"]))
    # Merging starts from a link (the roster is read only then), asks, then merges.
    page = owner_client.get(f"/players/{east.pk}/").content.decode()
    assert "data-merge-start" in page and 'id="merge-other"' not in page
    choose = owner_client.get(f"/players/{east.pk}/?merge=choose").content.decode()
    assert 'id="merge-other"' in choose and f'value="{other.pk}"' in choose
    # Merge asks first: nothing changes until the confirmation.
    asked = owner_client.post(f"/players/{east.pk}/merge/", {"other": other.pk})
    assert asked.status_code == 302 and "?merge=" in asked["Location"]
    question = text_of(owner_client.get(asked["Location"]))
    assert "把“东哥”合并进“阿东东”？" in question
    assert Player.objects.filter(pk=other.pk).exists()
    done = owner_client.post(f"/players/{east.pk}/merge/", {"other": other.pk, "confirm": "1"})
    assert done.status_code == 302
    assert not Player.objects.filter(pk=other.pk).exists()
    assert "坐过2场" in text_of(owner_client.get(done["Location"]))
    # Two who sat together cannot be merged: the page says why.
    south = Player.objects.get(name="阿南")
    refused = owner_client.post(f"/players/{east.pk}/merge/", {"other": south.pk, "confirm": "1"})
    assert "一起坐在" in text_of(owner_client.get(refused["Location"]))
    # Link to an account; an unknown one is named.
    unknown = owner_client.post(f"/players/{east.pk}/link/", {"username": "nobody"})
    assert "nobody" in text_of(owner_client.get(unknown["Location"]))
    friend = get_user_model().objects.create_user("xiaoli", password="pw-xiaoli-77")
    linked = owner_client.post(f"/players/{east.pk}/link/", {"username": "xiaoli"})
    assert "已把“阿东东”连到账号“xiaoli”" in text_of(owner_client.get(linked["Location"]))
    friend_client = Client()
    friend_client.force_login(friend)
    words = text_of(friend_client.get("/players/"))
    assert "连到你账号的人" in words and "阿东东" in words
    detail = friend_client.get(f"/players/{east.pk}/")
    assert "只能查看" in text_of(detail) and "改名字" not in text_of(detail)
    assert friend_client.post(f"/players/{east.pk}/rename/", {"name": "x"}).status_code == 403
    # Only the owner unlinks; then the account sees the player no more.
    assert "data-unlink" not in detail.content.decode()
    assert friend_client.post(f"/players/{east.pk}/unlink/").status_code == 403
    owner_page = owner_client.get(f"/players/{east.pk}/").content.decode()
    assert "现在连着账号“xiaoli”" in text_of(owner_client.get(f"/players/{east.pk}/"))
    assert "data-unlink" in owner_page
    unlinked = owner_client.post(f"/players/{east.pk}/unlink/")
    assert "已取消“阿东东”和账号“xiaoli”的连接" in text_of(owner_client.get(unlinked["Location"]))
    assert Player.objects.get(pk=east.pk).user_id is None
    assert friend_client.get(f"/players/{east.pk}/").status_code == 404


def test_a_stranger_sees_no_player(owner, sitting):
    stranger = get_user_model().objects.create_user("stranger", password="pw-stranger-9")
    client = Client()
    client.force_login(stranger)
    east = sitting.east_id
    assert client.get(f"/players/{east}/").status_code == 404
    assert client.post(f"/players/{east}/rename/", {"name": "x"}).status_code == 404
    assert "阿东" not in text_of(client.get("/players/"))


def test_the_roster_in_english(owner_client, sitting):
    owner_client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    words = text_of(owner_client.get("/players/"))
    assert "Roster" in words and "1 sitting" in words
    words = text_of(owner_client.get(f"/players/{sitting.east_id}/"))
    assert "Rename" in words and "Link to an account" in words


def test_a_new_sitting_of_the_same_table_seats_the_same_people_not_only_the_names(
    owner_client, owner, sitting
):
    """Two 阿东 on the roster: "new sitting with the same players" seats the 阿东 who sat there,
    without asking; a name changed on the form is that name's person again."""
    assert new_sitting(owner_client, new_E="on").status_code == 302
    second_adong = Session.objects.exclude(pk=sitting.pk).get()
    assert second_adong.east_id != sitting.east_id
    for source, east_id in ((second_adong, second_adong.east_id), (sitting, sitting.east_id)):
        form = owner_client.get(f"/sessions/new/?from={source.pk}").content.decode()
        assert f'name="seat_id_E" value="{east_id}"' in form
        before = set(Session.objects.values_list("pk", flat=True))
        again = new_sitting(owner_client, seat_id_E=str(east_id), seat_id_S=str(source.south_id))
        assert again.status_code == 302, text_of(again)
        made = Session.objects.exclude(pk__in=before).get()
        assert (made.east_id, made.south_id) == (east_id, source.south_id)
    # An id whose person has another name than the one typed is not used: 阿南 typed at east
    # with 阿东's id is 阿南.
    before = set(Session.objects.values_list("pk", flat=True))
    moved = new_sitting(
        owner_client, player_E="阿南", player_S="阿东", new_S="on", seat_id_E=str(sitting.east_id)
    )
    assert moved.status_code == 302, text_of(moved)
    made = Session.objects.exclude(pk__in=before).get()
    assert made.east_id == sitting.south_id


def once(response) -> str:
    return re.search(r'name="once" value="([^"]+)"', response.content.decode())[1]


def test_a_person_is_added_before_their_first_sitting(owner_client, owner):
    page = owner_client.get("/players/")
    assert "加一个人" in text_of(page) and "data-player-add" in page.content.decode()
    assert 'name="distinct"' not in page.content.decode()  # asked only for a name it has
    done = owner_client.post("/players/new/", {"name": " 小李 ", "once": once(page)})
    person = Player.objects.get(owner=owner)
    assert person.name == "小李"
    assert done.status_code == 302 and done["Location"] == f"/players/{person.pk}/"
    assert "已把“小李”加到名单。" in text_of(owner_client.get(done["Location"]))
    # The same form sent again adds nobody.
    again = owner_client.post("/players/new/", {"name": " 小李 ", "once": once(page)})
    assert again.status_code == 302 and Player.objects.count() == 1
    assert "小李" in text_of(owner_client.get("/players/"))
    # A new sitting of that name seats them.
    assert new_sitting(owner_client, player_E="小李").status_code == 302
    assert Session.objects.get().east_id == person.pk


def test_a_name_on_the_roster_is_asked_about(owner_client, owner, sitting):
    page = owner_client.get("/players/")
    asked = owner_client.post("/players/new/", {"name": "阿东", "once": once(page)})
    assert asked.status_code == 400
    assert "名单上已经有“阿东”了" in text_of(asked)
    assert 'name="distinct"' in asked.content.decode()
    assert "同名的另一个人" in text_of(asked)
    assert Player.objects.filter(name="阿东").count() == 1
    # The key was not spent: the same form, ticked, adds the other 阿东.
    ticked = owner_client.post(
        "/players/new/", {"name": "阿东", "distinct": "on", "once": once(page)}
    )
    assert ticked.status_code == 302
    assert Player.objects.filter(owner=owner, name="阿东").count() == 2
    assert "阿东 (2)" in text_of(owner_client.get("/players/"))


@pytest.mark.parametrize("name", ["", "   ", "x" * 41])
def test_a_bad_name_is_said_and_nothing_added(owner_client, owner, name):
    refused = owner_client.post("/players/new/", {"name": name})
    assert refused.status_code == 400
    assert 'role="alert"' in refused.content.decode()
    assert not Player.objects.exists()


@pytest.mark.parametrize(
    ("language", "words", "asked"),
    [
        ("zh-hans", ["加一个人", "加到名单"], "名单上已经有“阿东”了"),
        ("zh-hant", ["加一個人", "加到名單"], "名單上已經有“阿东”了"),
        # On an English page the name is marked as Chinese (its own element).
        ("en", ["Add a person", "Add to the roster"], "The roster has “ 阿东 ” already"),
    ],
)
def test_the_add_form_in_three_languages(owner_client, sitting, language, words, asked):
    owner_client.cookies["django_language"] = language
    page = text_of(owner_client.get("/players/"))
    for word in words:
        assert word in page
    assert asked in text_of(owner_client.post("/players/new/", {"name": "阿东"}))


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("zh-hans", "南和西填的都是“小李”"),
        ("zh-hant", "南和西填的都是「小李」"),
        ("en", "South and West are both “小李”"),
    ],
)
def test_one_name_in_two_seats_is_refused_naming_both(owner_client, owner, language, said):
    owner_client.cookies["django_language"] = language
    response = new_sitting(owner_client, player_S="小李", player_W="小李")
    assert response.status_code == 200
    # (An English page marks the Chinese name with its lang: the words are compared unspaced.)
    assert said.replace(" ", "") in text_of(response).replace(" ", "")
    assert not Session.objects.exists()
    assert not Player.objects.filter(name="小李").exists()


def test_two_people_of_one_name_are_told_apart_in_the_picker(owner_client, owner):
    # Two 小李 at one table, said so: the second is "a different person of this name".
    assert (
        new_sitting(owner_client, player_S="小李", player_W="小李", new_W="on").status_code == 302
    )
    assert Player.objects.filter(owner=owner, name="小李").count() == 2
    asked = new_sitting(owner_client, player_S="小李")
    assert asked.status_code == 200
    html = asked.content.decode()
    labels = re.findall(r'name="pick_S"[^>]*>\s*([^<]+)</label>', html)
    assert len(labels) == 2
    # Not only "小李" and "小李 (2)" of one sitting and one day: the seat each sat in.
    assert "坐南" in labels[0] and "坐西" in labels[1]
