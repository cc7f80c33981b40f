"""The pages' side of taking back: the share link changed or stopped, members removed or
leaving, a sitting archived (read-only, folded away in the list), restored or deleted, each
asked first; the import's cap; the newest 20 rounds with older ones a page away; and a share
page that asks "anything new?" with one query (204 for the poll, 304 for an ETag that holds).
"""

from __future__ import annotations

import json
import re

from django.contrib.auth import get_user_model
from django.test import Client
from pytest_django.asserts import assertContains, assertNotContains, assertRedirects

from calculator.models import Round, Session
from calculator.selectors.ledger import ledger
from calculator.services.sittings import session_archive, session_create, session_invite
from tests.calculator.hands import DRAW, paofeng, plain
from tests.factories import record_rounds


def url(sitting: Session, path: str = "") -> str:
    return f"/sessions/{sitting.pk}/{path}"


def fresh(sitting: Session) -> Session:
    return Session.objects.get(pk=sitting.pk)


# --- the share link ----------------------------------------------------------------------------


def test_a_new_link_is_asked_first_then_the_old_one_stops(owner_client, sitting):
    old = sitting.share_token
    page = owner_client.get(url(sitting))
    assertContains(page, "换一个链接")
    assertContains(page, "停止分享")
    asked = owner_client.post(url(sitting, "share-link/"), {"action": "rotate"})
    assertRedirects(asked, url(sitting) + "?confirm=share-rotate#share-rotate")
    assert fresh(sitting).share_token == old
    assertContains(owner_client.get(asked["Location"]), 'id="share-rotate" name="ask" open')
    done = owner_client.post(
        url(sitting, "share-link/"), {"action": "rotate", "confirm": "1"}, follow=True
    )
    new = fresh(sitting).share_token
    assert new and new != old
    assertContains(done, "已换成新的分享链接：旧的链接打不开了。")
    assertContains(done, f"/share/{new}/")
    assertNotContains(done, f"/share/{old}/")
    assert Client().get(f"/share/{old}/").status_code == 404
    assert Client().get(f"/share/{new}/").status_code == 200


def test_stopping_sharing_leaves_no_link_and_sharing_again_makes_a_new_one(owner_client, sitting):
    old = sitting.share_token
    page = owner_client.post(
        url(sitting, "share-link/"), {"action": "stop", "confirm": "1"}, follow=True
    )
    assert fresh(sitting).share_token is None
    assertContains(page, "分享已停止")
    assertContains(page, "重新分享")
    # No link: no copy or share button, no QR code, no link to a share page.
    assertNotContains(page, "data-copy-link")
    assertNotContains(page, "data-share-link")
    assertNotContains(page, 'class="qr-code"')
    assertNotContains(page, "/share/")
    assert Client().get(f"/share/{old}/").status_code == 404
    again = owner_client.post(url(sitting, "share-link/"), {"action": "start"}, follow=True)
    new = fresh(sitting).share_token
    assert new and new != old
    assertContains(again, "已重新分享：这是一个新的链接。")
    assertContains(again, f'data-copy-link="http://testserver/share/{new}/"')


def test_a_member_sees_the_link_but_cannot_change_it(member_client, sitting):
    page = member_client.get(url(sitting))
    assertContains(page, f"/share/{sitting.share_token}/")
    assertNotContains(page, "换一个链接")
    assertNotContains(page, "删除这一场")
    for action in ("rotate", "stop", "start"):
        response = member_client.post(
            url(sitting, "share-link/"), {"action": action, "confirm": "1"}
        )
        assert response.status_code == 403
    assert fresh(sitting).share_token == sitting.share_token


# --- members -------------------------------------------------------------------------------------


def test_the_owner_removes_a_member_after_a_question(owner_client, member_client, sitting):
    page = owner_client.get(url(sitting, "members/"))
    assertContains(page, "移除 amei")
    assertContains(page, "确认移除 amei")
    assertContains(page, f'action="/sessions/{sitting.pk}/members/amei/remove/"')
    unasked = owner_client.post(url(sitting, "members/amei/remove/"))
    assertRedirects(unasked, url(sitting, "members/"))
    assert sitting.members.exists()
    done = owner_client.post(url(sitting, "members/amei/remove/"), {"confirm": "1"}, follow=True)
    assertContains(done, "已移除“amei”：对方再也看不到这一场了。")
    assert not sitting.members.exists()
    assert member_client.get(url(sitting)).status_code == 404


def test_a_member_leaves_from_the_members_page(member_client, sitting):
    page = member_client.get(url(sitting))
    assertContains(page, f'href="/sessions/{sitting.pk}/members/?leave=1#leave"')
    members = member_client.get(url(sitting, "members/") + "?leave=1")
    assertContains(members, 'id="leave" open')
    assertContains(members, "确认退出")
    assertNotContains(members, "移除 ")  # nobody else to remove, and not the owner
    left = member_client.post(url(sitting, "members/amei/remove/"), {"confirm": "1"}, follow=True)
    assertRedirects(left, "/sessions/")
    assertContains(left, "你已退出“周六牌局”。")
    assertNotContains(left, f'href="/sessions/{sitting.pk}/"')


def test_a_member_cannot_remove_another(member_client, sitting):
    get_user_model().objects.create_user("abao", password="pw-abao-1234")
    session_invite(session=sitting, username="abao")
    assertNotContains(member_client.get(url(sitting, "members/")), "移除 abao")
    response = member_client.post(url(sitting, "members/abao/remove/"), {"confirm": "1"})
    assert response.status_code == 403
    assert sitting.members.filter(username="abao").exists()


# --- archive, restore, delete ------------------------------------------------------------------


def test_archiving_asks_first_then_the_page_is_read_only(owner_client, sitting):
    record_rounds(sitting, plain("S"))
    asked = owner_client.post(url(sitting, "archive/"))
    assertRedirects(asked, url(sitting) + "?confirm=archive#archive")
    assert fresh(sitting).archived_at is None
    page = owner_client.post(url(sitting, "archive/"), {"confirm": "1"}, follow=True)
    assert fresh(sitting).archived_at is not None
    assertContains(page, "已归档：这一场只能查看了")
    assertContains(page, "这一场只能查看：不能记局、更正、作废、撤销或改家规。")
    assertContains(page, "恢复这一场")
    for gone in ("记胡牌", "确认荒庄", "撤销上一局", "确认归档"):
        assertNotContains(page, gone)
    assertContains(page, 'data-balance="25"')  # still readable


def test_an_archived_sitting_refuses_changes_from_every_page(owner_client, sitting):
    record_rounds(sitting, plain("S"), DRAW)
    session_archive(session=sitting, user=sitting.owner)
    hand = {"winner": "W", "indicator": "9p", "hand": "123m56m234s678s99p", "win_tile": "4m"}
    hand |= {"bar_tiles": 0, "kongs_before_win": 0}
    for path, body in [
        ("rounds/new/", hand),
        ("rounds/draw/", {"confirm": "1"}),
        ("rounds/undo/", {"confirm": "1", "number": "2"}),
        ("rounds/1/edit/", {"to_draw": "1"}),
        ("rounds/1/void/", {}),
        ("rules/", {"dealer_base": 10}),
    ]:
        response = owner_client.post(url(sitting, path), body, follow=True)
        assertContains(response, "这一场已归档，只能查看", msg_prefix=path)
    assert owner_client.get(url(sitting, "rounds/new/")).status_code == 302
    assert list(Round.objects.values_list("number", "voided", "result")) == [
        (1, False, "win"),
        (2, False, "draw"),
    ]
    assert fresh(sitting).rules_versions.count() == 1
    # Reading still works.
    assert owner_client.get(url(sitting, "rules/")).status_code == 200
    assert owner_client.get(url(sitting, "rounds/1/")).status_code == 200


def test_the_list_folds_archived_sittings_away_and_restoring_brings_one_back(
    owner_client, sitting, owner
):
    other = session_create(owner=owner, name="周日牌局", players=["甲", "乙", "丙", "丁"])
    session_archive(session=sitting, user=owner)
    listing = owner_client.get("/sessions/").content.decode()
    live, archived = listing.split('<details id="archived"')
    assert f'href="/sessions/{other.pk}/"' in live and "周六牌局" not in live
    assert "已归档（1场）" in archived and f'href="/sessions/{sitting.pk}/"' in archived
    page = owner_client.post(url(sitting, "restore/"), follow=True)
    assertContains(page, "已恢复：这一场又可以记局了。")
    assertContains(page, "记胡牌")
    assertNotContains(owner_client.get("/sessions/"), 'id="archived"')


def test_deleting_asks_first_then_everything_is_gone(owner_client, sitting):
    record_rounds(sitting, plain("S"), DRAW)
    page = owner_client.get(url(sitting))
    assertContains(page, "“周六牌局”的2局和每一笔账都会删掉，不能恢复。")
    asked = owner_client.post(url(sitting, "delete/"))
    assertRedirects(asked, url(sitting) + "?confirm=delete#delete")
    assert Session.objects.filter(pk=sitting.pk).exists()
    done = owner_client.post(url(sitting, "delete/"), {"confirm": "1"}, follow=True)
    assertRedirects(done, "/sessions/")
    assertContains(done, "已删除“周六牌局”和它的每一局。")
    assert not Session.objects.filter(pk=sitting.pk).exists()
    assert not Round.objects.exists()
    assert owner_client.get(url(sitting)).status_code == 404


def test_a_member_cannot_archive_restore_or_delete(member_client, sitting):
    for path in ("archive/", "restore/", "delete/"):
        assert member_client.post(url(sitting, path), {"confirm": "1"}).status_code == 403
    assert fresh(sitting).archived_at is None


def test_the_pages_speak_each_language(owner_client, sitting):
    session_archive(session=sitting, user=sitting.owner)
    owner_client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    page = owner_client.get(url(sitting))
    assertContains(page, "This sitting is read-only")
    assertContains(page, "Restore this sitting")
    assertContains(page, "Delete this sitting")
    assertContains(page, "New link")
    owner_client.post("/i18n/setlang/", {"language": "zh-hant", "next": "/"})
    page = owner_client.get(url(sitting))
    assertContains(page, "恢復這一場")
    assertContains(page, "換一個鏈接")


# --- the import's cap ----------------------------------------------------------------------------


def test_the_import_page_refuses_a_file_over_the_round_cap(owner_client, settings):
    settings.MAX_ROUNDS_PER_SESSION = 20
    export = {
        "format": "anqing-session",
        "name": "很长的一场",
        "players": ["甲", "乙", "丙", "丁"],
        "rounds": [{"number": n, "result": "draw", "hand": {}} for n in range(1, 5_001)],
    }
    response = owner_client.post("/sessions/import/", {"text": json.dumps(export)})
    assert response.status_code == 400
    assertContains(response, 'data-error-code="E_LIMIT"', status_code=400)
    assertContains(response, "文件里有 5000 局，一场最多 20 局，没有导入", status_code=400)
    assert not Session.objects.exists()


def test_the_round_after_the_cap_is_refused_on_the_page_in_its_language(
    owner_client, sitting, settings
):
    settings.MAX_ROUNDS_PER_SESSION = 2
    record_rounds(sitting, DRAW, DRAW)
    refusal = "这一场已经有 2 局，到了一场的上限，不能再记了；请用同样的人再开一场。"
    # A draw has no form: the session page says it.
    response = owner_client.post(url(sitting, "rounds/draw/"), {"confirm": "1"}, follow=True)
    assertRedirects(response, url(sitting))
    assertContains(response, refusal)
    # A win is refused beside its hand.
    hand = {"winner": "W", "indicator": "9p", "hand": "123m56m234s678s99p", "win_tile": "4m"}
    hand |= {"bar_tiles": 0, "kongs_before_win": 0}
    response = owner_client.post(url(sitting, "rounds/new/"), hand)
    assertContains(response, 'data-error-code="E_LIMIT"', status_code=400)
    assertContains(response, refusal, status_code=400)
    assert sitting.rounds.count() == 2


# --- 20 rounds to a page -------------------------------------------------------------------------


def numbers_shown(page) -> list[int]:
    return [int(n) for n in re.findall(r'data-round="(\d+)"', page.content.decode())]


def test_the_session_page_shows_the_newest_20_rounds_and_links_to_older(owner_client, sitting):
    record_rounds(sitting, plain("S"), *[DRAW] * 44)
    page = owner_client.get(url(sitting))
    assert numbers_shown(page) == list(range(45, 25, -1))
    assertContains(page, "第26–45局，共45局")
    assertContains(page, 'href="?page=2"')
    assert numbers_shown(owner_client.get(url(sitting) + "?page=2")) == list(range(25, 5, -1))
    older = owner_client.get(url(sitting) + "?page=3")
    assert numbers_shown(older) == [5, 4, 3, 2, 1]
    assertContains(older, 'href="?page=2"')
    # The balances at the top are the sitting's, whatever the page.
    assertContains(older, 'data-balance="25"')
    # The poll keeps its page.
    assertContains(older, f'hx-get="/sessions/{sitting.pk}/?v=45&amp;page=3"')
    # Nonsense is page 1, past the end the last page.
    assert numbers_shown(owner_client.get(url(sitting) + "?page=x")) == list(range(45, 25, -1))
    assert numbers_shown(owner_client.get(url(sitting) + "?page=9")) == [5, 4, 3, 2, 1]


def test_the_share_page_shows_the_newest_20_with_a_chart_from_the_true_balances(sitting):
    record_rounds(sitting, plain("S"), *[DRAW] * 21)
    share = Client().get(f"/share/{sitting.share_token}/")
    assert numbers_shown(share) == list(range(22, 2, -1))
    assertContains(share, "更早的局 →")
    # The chart starts after round 2 from the balances then (S +25), not from 0.
    chart = ledger(sitting)["rounds"][1]["balances"]
    assert chart["S"] == "25"
    assertContains(share, ">2</text>")
    older = Client().get(f"/share/{sitting.share_token}/?page=2")
    assert numbers_shown(older) == [2, 1]
    assertNotContains(older, "更早的局 →")


# --- the share page asks "anything new?" cheaply --------------------------------------------------


def poll_url(page) -> str:
    return re.search(r'<div id="live" hx-get="([^"]+)"', page.content.decode()).group(1)


def test_the_poll_gets_204_with_one_query_until_a_round_is_recorded(
    sitting, django_assert_num_queries
):
    record_rounds(sitting, plain("S"))
    viewer = Client()
    page = viewer.get(f"/share/{sitting.share_token}/")
    poll = poll_url(page).replace("&amp;", "&")
    assert poll == f"/share/{sitting.share_token}/?v=1"
    with django_assert_num_queries(1):
        nothing_new = viewer.get(poll, headers={"HX-Request": "true"})
    assert nothing_new.status_code == 204 and nothing_new.content == b""
    record_rounds(sitting, paofeng("W"))
    changed = viewer.get(poll, headers={"HX-Request": "true"})
    assert changed.status_code == 200
    assert "<html" not in changed.content.decode()
    assert numbers_shown(changed) == [2, 1]
    assert poll_url(changed) == f"/share/{sitting.share_token}/?v=2"
    with django_assert_num_queries(1):
        assert viewer.get(poll_url(changed), headers={"HX-Request": "true"}).status_code == 204


def test_the_share_page_answers_304_to_its_etag_with_one_query(sitting, django_assert_num_queries):
    record_rounds(sitting, plain("S"))
    viewer = Client()
    share = f"/share/{sitting.share_token}/"
    viewer.get(share)  # the CSRF cookie the page sets is part of what it depends on
    page = viewer.get(share)
    etag = page["ETag"]
    assert "no-cache" in page["Cache-Control"] and "private" in page["Cache-Control"]
    with django_assert_num_queries(1):
        again = viewer.get(share, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == etag
    # Another language or the fragment is another answer; a page past the last is the last
    # (another page of rounds: tests/pages/test_page_cache.py).
    assert viewer.get(share + "?page=2")["ETag"] == etag
    assert viewer.get(share, headers={"HX-Request": "true"})["ETag"] != etag
    viewer.cookies.load({"django_language": "en"})
    assert viewer.get(share)["ETag"] != etag
    viewer.cookies.load({"django_language": "zh-hans"})
    record_rounds(sitting, DRAW)
    changed = viewer.get(share, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert numbers_shown(changed) == [2, 1]


def test_an_open_share_page_reloads_when_its_link_stops_working(owner_client, sitting):
    viewer = Client()
    poll = poll_url(viewer.get(f"/share/{sitting.share_token}/"))
    owner_client.post(url(sitting, "share-link/"), {"action": "stop", "confirm": "1"})
    # htmx reloads the page on HX-Refresh (it would not swap a 404), and the reload says why.
    dead = viewer.get(poll, headers={"HX-Request": "true"})
    assert dead.status_code == 404 and dead["HX-Refresh"] == "true"
    assert viewer.get(poll).status_code == 404


def test_the_share_page_of_an_archived_sitting_says_no_more_rounds_will_come(sitting):
    session_archive(session=sitting, user=sitting.owner)
    assertContains(
        Client().get(f"/share/{sitting.share_token}/"), "这一场已经结束，不会再有新的局了。"
    )


def test_the_session_page_poll_gets_204_when_nothing_changed(owner_client, sitting):
    record_rounds(sitting, plain("S"))
    poll = f"/sessions/{sitting.pk}/?v=1"
    assert owner_client.get(poll, headers={"HX-Request": "true"}).status_code == 204
    record_rounds(sitting, DRAW)
    fragment = owner_client.get(poll, headers={"HX-Request": "true"})
    assert fragment.status_code == 200
    assertContains(fragment, f'hx-get="/sessions/{sitting.pk}/?v=2"')
    # Without htmx the same address is the whole page.
    assertContains(owner_client.get(f"/sessions/{sitting.pk}/?v=2"), "<html")
