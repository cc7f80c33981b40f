"""The sitting's page, the share page and the settle-up page are drawn once per version of the
sitting, language and page of rounds, and reused (``calculator/web/page_cache.py``): what they
serve from the cache is what a fresh drawing gives, a new version shows at once, another language
or page is drawn for itself, and nothing of one viewer or request reaches another."""

from __future__ import annotations

import re

import pytest
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext, override_settings

from calculator.models import Player, Session
from calculator.services.roster import player_rename
from calculator.services.sittings import share_link_rotate
from calculator.web import page_cache
from tests.calculator.hands import DRAW, plain
from tests.factories import make_member, page_client, record_rounds

pytestmark = pytest.mark.django_db

# Per response: the CSRF token (masked anew each time), the CSP nonce, each form's one-time key.
VOLATILE = re.compile(
    r'(name="csrfmiddlewaretoken" value=|name="once" value=|nonce=|"X-CSRFToken": )"[^"]*"'
)


def pages(sitting: Session) -> dict[str, str]:
    return {
        "session": f"/sessions/{sitting.pk}/",
        "share": f"/share/{sitting.share_token}/",
        "settle": f"/sessions/{sitting.pk}/settle/",
    }


def get(client: Client, url: str, language: str = "zh-hans", **headers: str) -> str:
    response = client.get(url, headers={"Accept-Language": language, **headers})
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def steady(html: str) -> str:
    return VOLATILE.sub(r'\1"…"', html)


def queries_of(client: Client, url: str, **headers: str) -> int:
    with CaptureQueriesContext(connection) as seen:
        get(client, url, **headers)
    return len(seen)


def rename_behind_its_back(sitting: Session, name: str) -> None:
    """East's new name without the sitting's version moving: only a page drawn afresh shows it
    (the services always move the version, ``player_rename``)."""
    Player.objects.filter(pk=sitting.east_id).update(name=name)


@pytest.fixture
def played(sitting: Session) -> Session:
    record_rounds(sitting, plain("S"), DRAW)
    sitting.refresh_from_db()
    return sitting


@pytest.mark.parametrize("page", ["session", "share", "settle"])
def test_the_same_version_and_language_is_served_from_the_cache(owner_client, played, page):
    url = pages(played)[page]
    first = get(owner_client, url)
    assert "阿东" in first
    rename_behind_its_back(played, "改过名")
    # Same version, same language: what was drawn, not the database as it is now.
    assert steady(get(owner_client, url)) == steady(first)
    # Drawn afresh (this process forgot it, and so did the shared cache), it shows the new name.
    page_cache.clear()
    caches[page_cache.ALIAS].clear()
    assert "改过名" in get(owner_client, url)


@pytest.mark.parametrize("page", ["session", "share", "settle"])
@pytest.mark.parametrize("htmx", [False, True])
def test_what_the_cache_serves_is_what_a_fresh_drawing_gives(owner_client, played, page, htmx):
    if page == "settle" and htmx:
        pytest.skip("the settle-up page has no fragment")
    url = pages(played)[page]
    headers = {"HX-Request": "true"} if htmx else {}
    for language in ("zh-hans", "zh-hant", "en"):
        with override_settings(PAGE_CACHE=False):
            fresh = get(owner_client, url, language, **headers)
        drawn = get(owner_client, url, language, **headers)
        kept = get(owner_client, url, language, **headers)
        assert steady(drawn) == steady(fresh) == steady(kept)
        assert "lang-marked" not in kept  # English marks its kept part once, then passes over
    # An entry per language; the sitting's whole page keeps its body beside its fragment.
    assert page_cache.kept_here() == (6 if page == "session" and not htmx else 3)


@pytest.mark.parametrize("page", ["session", "share", "settle"])
def test_a_new_round_shows_at_once(owner_client, played, page):
    url = pages(played)[page]
    before = get(owner_client, url)
    record_rounds(played, plain("W"))
    after = get(owner_client, url)
    assert after != before
    if page != "settle":
        assert 'data-round="3"' in after and 'data-round="3"' not in before
    else:  # the settle-up counts the rounds that count: the draw does not, the win does
        assert "共 2 局" in before and "共 3 局" in after


@pytest.mark.parametrize("page", ["session", "share", "settle"])
def test_a_new_name_shows_at_once(owner, owner_client, played, page):
    url = pages(played)[page]
    assert "阿东" in get(owner_client, url)
    player_rename(player=Player.objects.get(pk=played.east_id), user=owner, name="东哥")
    shown = get(owner_client, url)
    assert "东哥" in shown and "阿东" not in shown


# A word of each page's kept part, in each language: the draw's row, the settle-up's count.
WORDS = {
    "session": ("没有钱进出", "沒有錢進出", "No money moved"),
    "share": ("没有钱进出", "沒有錢進出", "No money moved"),
    "settle": ("不含作废", "不含作廢", "voids not counted"),
}


@pytest.mark.parametrize("page", ["session", "share", "settle"])
def test_each_language_gets_its_own(owner_client, played, page):
    url = pages(played)[page]
    simplified = get(owner_client, url, "zh-hans")
    traditional = get(owner_client, url, "zh-hant")
    english = get(owner_client, url, "en")
    assert page_cache.kept_here() == (6 if page == "session" else 3)
    for shown, word in zip((simplified, traditional, english), WORDS[page], strict=True):
        assert word in shown
    # Asked again, each language gets its own back.
    assert WORDS[page][1] in get(owner_client, url, "zh-hant")
    assert WORDS[page][0] in get(owner_client, url, "zh-hans")
    # The players' names are written as they were typed, in every language.
    assert "阿东" in english and '<span lang="zh-Hans">阿东</span>' in english


def test_the_owners_buttons_never_reach_a_stranger_or_a_member(owner, owner_client, played):
    owner_page = get(owner_client, pages(played)["session"])
    owner_only = [
        f"/sessions/{played.pk}/share-link/",
        f"/sessions/{played.pk}/archive/",
        f"/sessions/{played.pk}/delete/",
        f"/sessions/{played.pk}/paid-out/",
    ]
    assert all(action in owner_page for action in owner_only)
    # The share page, after the owner's page was drawn and kept, for someone logged out.
    shared = get(Client(), pages(played)["share"])
    assert not any(action in shared for action in owner_only)
    assert 'name="once"' not in shared and "drawn_for" not in shared
    # A member's page of the same version: the member's own choices, none of the owner's.
    member = make_member(played)
    played.refresh_from_db()
    member_client = page_client(member)
    get(owner_client, pages(played)["session"])
    member_page = get(member_client, pages(played)["session"])
    assert not any(action in member_page for action in owner_only)
    assert "?leave=1#leave" in member_page and f"主人：{owner.get_username()}" in member_page
    assert f'name="drawn_for" value="{member.pk}"' in member_page
    # And the owner's again after the member's: the owner's buttons, and no one else's.
    again = get(owner_client, pages(played)["session"])
    assert all(action in again for action in owner_only) and "?leave=1" not in again


def test_each_response_has_its_own_keys(owner_client, played):
    first = get(owner_client, pages(played)["session"])
    second = get(owner_client, pages(played)["session"])
    keys = re.compile(r'name="once" value="([^"]+)"')
    assert keys.findall(first) and not set(keys.findall(first)) & set(keys.findall(second))
    token = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
    assert token.findall(first)[0] != token.findall(second)[0]


@pytest.mark.parametrize(
    ("page", "reused", "logged_in"),
    [
        # Drawn: the log-in (session, user), the sitting, its state, house rules, rounds,
        # payments, names, the undo's round and payments, the shared cache's read and keeping.
        # Reused: the log-in and the sitting (its version).
        ("session", 3, True),
        # Drawn: the link's version, the sitting, its state, house rules, rounds, payments,
        # names, the shared cache's read and keeping. Reused: the link's version, for no one
        # logged in.
        ("share", 1, False),
        # Drawn: the log-in, the sitting, its names, state, statistics, the chart's balances,
        # the shared cache's read and keeping. Reused: the log-in and the sitting.
        ("settle", 3, True),
    ],
)
def test_a_second_get_reads_less(owner_client, played, page, reused, logged_in):
    client = owner_client if logged_in else Client()
    url = pages(played)[page]
    first = queries_of(client, url)
    second = queries_of(client, url)
    assert second == reused < first - 3
    # Another process of the same app (this one's memory forgotten): one read of the shared cache.
    page_cache.clear()
    assert queries_of(client, url) == reused + 1


@pytest.mark.parametrize("page", ["session", "share"])
def test_each_page_of_rounds_gets_its_own(owner_client, sitting, page):
    record_rounds(sitting, plain("S"), *[DRAW] * 24)  # 25 rounds: two pages of 20
    url = pages(sitting)[page]
    newest = get(owner_client, url)
    older = get(owner_client, url + "?page=2")
    assert 'data-round="25"' in newest and 'data-round="25"' not in older
    assert 'data-round="1"' in older and 'data-round="1"' not in newest
    # A page past the oldest is the oldest: kept once.
    assert steady(get(owner_client, url + "?page=9")) == steady(older).replace(
        "?page=2", "?page=9"
    ).replace("%3Fpage%3D2", "%3Fpage%3D9")
    assert page_cache.kept_here() == (4 if page == "session" else 2)


def test_a_new_share_link_is_its_own_page(owner, owner_client, played):
    old = pages(played)["share"]
    assert f"/share/{played.share_token}/rounds/1/" in get(Client(), old)
    token = share_link_rotate(session=played, user=owner)
    assert Client().get(old).status_code == 404
    shown = get(Client(), f"/share/{token}/")
    assert f"/share/{token}/rounds/1/" in shown and old not in shown


def test_an_archived_sitting_shows_it_at_once(owner_client, played):
    before = get(Client(), pages(played)["share"])
    assert "已归档" not in before
    owner_client.post(f"/sessions/{played.pk}/archive/", {"confirm": "1"})
    assert "已归档" in get(Client(), pages(played)["share"])
    session_page = get(owner_client, pages(played)["session"])
    assert f"/sessions/{played.pk}/rounds/undo/" not in session_page


def test_a_cache_that_cannot_be_reached_makes_pages_slower_never_wrong(
    owner_client, played, monkeypatch
):
    class Down:
        def get(self, key: str) -> None:
            raise ConnectionError("down")

        def set(self, key: str, value: bytes) -> None:
            raise ConnectionError("down")

    monkeypatch.setattr(page_cache, "caches", {page_cache.ALIAS: Down()})
    for page in ("session", "share", "settle"):
        assert "阿东" in get(owner_client, pages(played)[page])


def test_what_a_process_keeps_is_bounded(owner_client, played, monkeypatch):
    monkeypatch.setattr(page_cache, "LIMIT", 2)
    for language in ("zh-hans", "zh-hant", "en"):
        get(owner_client, pages(played)["settle"], language)
    assert page_cache.kept_here() == 2
    monkeypatch.setattr(page_cache, "MOST_BYTES", 1)
    get(owner_client, pages(played)["share"])
    assert page_cache.kept_here() == 0


def test_a_key_names_the_code_that_drew_it(played):
    stamp = page_cache.code_stamp()
    assert re.fullmatch(r"[0-9a-f]{16}", stamp)
    key = page_cache.key_of("settle", page_cache.sitting_key(played), played.version, "en")
    assert key.startswith(f"page:{stamp}:settle:{played.pk}-")
    assert len(key) < 250 and " " not in key


def test_a_form_of_the_kept_page_posts_with_its_own_token_and_key(owner, played):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(owner)
    url = pages(played)["session"]
    get(browser, url)
    page = get(browser, url)  # the body as kept, filled in for this response
    draw = re.search(r'<form method="post" action="([^"]+/rounds/draw/)".*?</form>', page, re.S)
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', draw[0]))
    assert fields["drawn_for"] == str(owner.pk) and "\x00" not in page
    response = browser.post(draw[1], fields)
    assert response.status_code == 302
    assert Session.objects.get(pk=played.pk).last_number == played.last_number + 1
    # The same key again is the same draw, recorded once.
    assert browser.post(draw[1], fields).status_code == 302
    assert Session.objects.get(pk=played.pk).last_number == played.last_number + 1


def test_a_question_asked_or_a_change_to_show_is_drawn_for_its_request(owner_client, played):
    url = pages(played)["session"]
    get(owner_client, url)
    asked = get(owner_client, url + "?confirm=draw")
    assert re.search(r'<details class="ask" id="draw" name="ask" open>', asked)
    assert not re.search(r'id="draw" name="ask" open', get(owner_client, url))
    owner_client.post(f"/sessions/{played.pk}/rounds/draw/", {"confirm": "1"})
    changed = get(owner_client, url)
    assert 'class="card changes"' in changed  # this phone's change, shown once
    assert 'class="card changes"' not in get(owner_client, url)
