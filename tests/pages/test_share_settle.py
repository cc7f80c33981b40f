"""The share page shows the settle-up to whoever holds the link, without logging in: once the
owner archives the sitting (the end of the evening), and before that to a phone that asks with
its 结算 link. It follows every new round, and the pages drawn once per version keep the asked
and the plain page apart (``calculator/web/page_cache.py``).

The money is moved by adjustments, so every balance and transfer is worked out by hand:

- W pays a penalty of 4 to each other player: E +4, S +4, W −12, N +4;
- N pays S a side payment of 22: S +26, N −18;
- S pays E a side payment of 8: E +12, S +18.

Balances E +12, S +18, W −12, N −18. {E, W} and {S, N} each sum to zero, so the fewest transfers
are two (not three): W → E 12 and N → S 18.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

from calculator.models import Session
from calculator.services.rounds import round_record
from calculator.services.sittings import session_archive, session_restore
from calculator.web import page_cache
from tests.calculator.hands import DRAW

pytestmark = pytest.mark.django_db


def adjustment(kind: str, payer: str, payee: str | None, amount: str) -> dict:
    return {
        "result": "adjustment",
        "kind": kind,
        "from": payer,
        "to": payee,
        "amount": amount,
        "reason": "茶水",
    }


EVENING = [
    adjustment("penalty", "W", None, "4"),
    adjustment("side_payment", "N", "S", "22"),
    adjustment("side_payment", "S", "E", "8"),
]
# Worked out by hand above: (payer, payee, amount) as the page writes them.
BY_HAND = [("西 · 阿西", "东 · 阿东", "12"), ("北 · 阿北", "南 · 阿南", "18")]

TRANSFER = re.compile(
    r'<li class="rowlink" data-transfer><span><span class="who">([^<]*)</span> → '
    r'<span class="who">([^<]*)</span></span><strong>([^<]*)</strong></li>'
)


@pytest.fixture
def evening(sitting: Session, owner) -> Session:
    for entry in EVENING:
        round_record(session=sitting, entry=entry, user=owner)
    return Session.objects.get(pk=sitting.pk)


def share(sitting: Session, query: str = "", language: str = "zh-hans", **headers: str):
    return Client().get(
        f"/share/{sitting.share_token}/{query}",
        headers={"Accept-Language": language, **headers},
    )


def transfers(html: str) -> list[tuple[str, str, str]]:
    """Who pays whom how much, as the page writes it (an English page's marks of each Chinese
    run, ``<span lang>``, taken off)."""
    return TRANSFER.findall(re.sub(r'<span lang="[^"]*">([^<]*)</span>', r"\1", html))


def test_before_the_end_the_share_page_offers_the_settle_up_and_does_not_show_it(evening):
    response = share(evening)
    assert response.status_code == 200
    html = response.content.decode()
    assert transfers(html) == []
    assert "data-share-settle" not in html
    assert f'href="/share/{evening.share_token}/?settle=1#settle" data-settle-ask>结算</a>' in html


def test_a_phone_that_asks_sees_who_pays_whom_without_logging_in(evening):
    html = share(evening, "?settle=1").content.decode()
    assert transfers(html) == BY_HAND
    assert "这一场还没结束：这是到现在为止的结算" in html
    assert "data-settle-ask" not in html and "data-settle-hide" in html
    # The settle-up picture of the owner's page, for the group chat.
    assert 'id="settle-picture"' in html and "做成图片分享" in html
    # The live region keeps asking with it, so it follows the next round.
    assert f'hx-get="/share/{evening.share_token}/?v={evening.version}&amp;settle=1"' in html
    # In the live region, nothing that changes the sitting, nor the owner's export links.
    live = share(evening, "?v=0&settle=1", HX_Request="true").content.decode()
    assert transfers(live) == BY_HAND
    assert "/export/" not in live and "<form" not in live and "/settle/" not in live


def test_once_the_owner_archives_every_phone_sees_the_settle_up_unasked(evening, owner):
    before = share(evening).content.decode()
    assert transfers(before) == []
    session_archive(session=evening, user=owner)
    html = share(evening).content.decode()
    assert transfers(html) == BY_HAND
    assert "这一场已经结束，不会再有新的局了。" in html
    # Over: nothing to ask for or hide, and no "not over yet".
    assert "data-settle-ask" not in html and "data-settle-hide" not in html
    assert "还没结束" not in html
    # Restored (reopened), it is asked for again.
    session_restore(session=evening, user=owner)
    assert transfers(share(evening).content.decode()) == []


def test_the_owners_page_says_archiving_shows_everyone_the_settle_up(evening, owner_client):
    page = owner_client.get(f"/sessions/{evening.pk}/").content.decode()
    assert "一晚打完就归档：分享链接的页面会给每个人显示怎么给钱。" in page


def test_the_settle_up_follows_a_new_round(evening, owner):
    asked = share(evening, "?settle=1").content.decode()
    assert transfers(asked) == BY_HAND
    old = evening.version
    # E pays N 18: balances E −6, S +18, W −12, N 0; one group of three, the bigger debtor
    # first: W → S 12, E → S 6.
    round_record(session=evening, entry=adjustment("side_payment", "E", "N", "18"), user=owner)
    polled = share(evening, f"?v={old}&settle=1", HX_Request="true")
    assert polled.status_code == 200
    assert transfers(polled.content.decode()) == [
        ("西 · 阿西", "南 · 阿南", "12"),
        ("东 · 阿东", "南 · 阿南", "6"),
    ]
    # Nothing new since: one query and a 204, asked or not.
    new = Session.objects.get(pk=evening.pk).version
    assert share(evening, f"?v={new}&settle=1", HX_Request="true").status_code == 204
    # A draw moves no money but is a new version: the settle-up is drawn for it as it was.
    round_record(session=evening, entry=DRAW, user=owner)
    again = share(evening, f"?v={new}&settle=1", HX_Request="true").content.decode()
    assert transfers(again) == [("西 · 阿西", "南 · 阿南", "12"), ("东 · 阿东", "南 · 阿南", "6")]


def test_the_kept_pages_keep_the_asked_and_the_plain_page_apart(evening):
    """Drawn once per version: the asked page first, then the plain one at the same version
    (and the other way round on the next version), each is its own entry; the ETag of one never
    answers 304 for the other."""
    kept = page_cache.kept_here()
    asked = share(evening, "?settle=1")
    assert transfers(asked.content.decode()) == BY_HAND
    assert page_cache.kept_here() == kept + 1
    plain = share(evening)
    assert transfers(plain.content.decode()) == []
    assert page_cache.kept_here() == kept + 2  # an entry of its own, not the asked one's
    # Served again from what was kept, nothing drawn anew: each as it was.
    assert transfers(share(evening, "?settle=1").content.decode()) == BY_HAND
    assert transfers(share(evening).content.decode()) == []
    assert page_cache.kept_here() == kept + 2
    # A phone holding the plain page's ETag that asks for the settle-up gets it, not a 304.
    cached = share(evening, "?settle=1", If_None_Match=plain["ETag"])
    assert cached.status_code == 200 and transfers(cached.content.decode()) == BY_HAND
    assert share(evening, "", If_None_Match=plain["ETag"]).status_code == 304
    # As fragments for the live region, the same.
    fragment = share(evening, "?v=0", HX_Request="true").content.decode()
    assert transfers(fragment) == []
    fragment = share(evening, "?v=0&settle=1", HX_Request="true").content.decode()
    assert transfers(fragment) == BY_HAND


@pytest.mark.parametrize(
    ("language", "ask", "heading", "first"),
    [
        ("zh-hans", "结算", "怎么给钱（最少几笔）", ("西 · 阿西", "东 · 阿东", "12")),
        ("zh-hant", "結算", "怎麼給錢（最少幾筆）", ("西 · 阿西", "東 · 阿东", "12")),
        (
            "en",
            "Settle up",
            "Who pays whom (fewest transfers)",
            ("West · 阿西", "East · 阿东", "12"),
        ),
    ],
)
def test_the_settle_up_speaks_each_language(evening, owner, language, ask, heading, first):
    plain = share(evening, language=language).content.decode()
    assert f"data-settle-ask>{ask}</a>" in plain
    asked = share(evening, "?settle=1", language=language).content.decode()
    assert heading in asked
    # The seat as the page names it (never a letter), the names as the players typed them.
    assert transfers(asked)[0] == first
    assert f"<h2>{ask}</h2>" in asked


def test_an_older_page_of_rounds_keeps_the_settle_up_asked_for(evening, owner):
    for _ in range(20):
        round_record(session=evening, entry=DRAW, user=owner)
    version = Session.objects.get(pk=evening.pk).version
    first = share(evening, "?settle=1").content.decode()
    assert 'href="?page=2&amp;settle=1"' in first
    older = share(evening, "?page=2&settle=1").content.decode()
    assert transfers(older) == BY_HAND
    assert f"?v={version}&amp;page=2&amp;settle=1" in older
    assert 'href="?page=1&amp;settle=1"' in older
    # Not asked for, the pages do not carry it.
    assert 'href="?page=2"' in share(evening).content.decode()
