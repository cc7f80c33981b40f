"""The board: a sitting on a big screen for the middle of the table. It shows each person's
balance by name, who deals the next hand with the streak, and the last round that counts with its
items and payments, in every game; a stranger holding the share link opens it with no log-in, a
wrong or stopped link is a 404; its live region is the share page's; the sitting's page links to
it and shows its QR code, the share page links to it."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

import pytest
from django.test import Client
from django.utils import translation
from pytest_django.asserts import assertContains, assertNotContains

from calculator.models import Session
from calculator.selectors.ledger import round_detail
from calculator.selectors.sittings import session_balances, session_state
from calculator.services.rounds import round_record, round_void
from calculator.services.sittings import session_create, share_link_revoke
from calculator.web.common import _qr_svg
from calculator.web.templatetags.amounts import amount
from calculator.web.templatetags.tiles import item_name_tag, signed
from tests import factories
from tests.calculator import hongzhong_sitting as hz
from tests.calculator.hands import bao, plain
from tests.pages.test_share_why_and_hand_links import ANJI_DISCARD, ANJI_FLOWERS

pytestmark = pytest.mark.django_db

NAMES = {
    "anqing": ["阿东", "阿南", "阿西", "阿北"],
    "anji": ["甲", "乙", "丙"],
    "hongzhong": hz.PLAYERS,
}
WIND = {"E": "东", "S": "南", "W": "西", "N": "北"}


def played(owner: Any, game: str) -> Session:
    """A sitting of ``game`` whose last round is a win with items: Anqing's 順包 (R10), Anji's
    discard win (AJ6.7), 紅中's 一炮多響 (HZ17.3)."""
    names = NAMES[game]
    fields: dict[str, Any] = {"game": game, "player_count": len(names)}
    if game == "anqing":
        bodies = [plain("E"), bao("S", "E")]
    elif game == "anji":
        fields["rules"] = {"discard_win": True}
        bodies = [ANJI_FLOWERS, ANJI_DISCARD]
    else:
        bodies = [dict(step.body) for step in hz.ROUNDS[:5]]
    sitting = session_create(owner=owner, name="大屏幕测试", players=names, **fields)
    for body in bodies:
        round_record(session=sitting, entry=body, user=owner)
    sitting.refresh_from_db()
    return sitting


def board_url(sitting: Session) -> str:
    return f"/share/{sitting.share_token}/board/"


def item_names(result: dict[str, Any]) -> list[str]:
    """The items a result lists, whichever part of it holds them (a winner's, for 紅中), named as
    a 简体 page names them."""
    parts = result.get("wins") or [result]
    with translation.override("zh-hans"):
        return [str(item_name_tag(item)) for part in parts for item in part.get("items", [])]


@pytest.mark.parametrize("game", ["anqing", "anji", "hongzhong"])
def test_a_stranger_with_the_share_link_reads_the_board(game: str, owner) -> None:
    sitting = played(owner, game)
    page = Client().get(board_url(sitting))
    assert page.status_code == 200
    html = page.content.decode()
    # Each person by name with the balance the ledger holds, never a seat letter alone.
    for seat, balance in session_balances(sitting).items():
        name = NAMES[game]["ESWN".index(seat)]
        shown = re.search(
            rf'data-seat="{seat}">.*?{WIND[seat]}.*?{name}.*?data-balance="[^"]*">([^<]+)<',
            html,
            re.S,
        )
        assert shown, (seat, name)
        assert shown.group(1) == signed(Decimal(balance))
    # Who deals the next hand, and the streak when there is one.
    state = session_state(sitting)
    dealer = NAMES[game]["ESWN".index(state["dealer"])]
    assertContains(
        page, f"第{state['next_round']}局：{WIND[state['dealer']]} · {dealer} 坐庄", html=False
    )
    if state["dealer_streak"]:
        assertContains(page, f"<strong data-streak>{state['dealer_streak']}</strong>")
    # The last round: its number, each item of its hand, each payment's amount.
    last = sitting.rounds.order_by("-number").first()
    assert f'data-round="{last.number}"' in html
    result = round_detail(sitting, last.number)["scoring"]
    names = item_names(result)
    assert names
    for name in names:
        assert name in html, name
    for payment in last.payments.all():
        assert f"<strong>{amount(payment.amount)}</strong>" in html, payment.amount
    # Read-only: nothing that writes, no link that needs an account.
    assertNotContains(page, 'name="once"')
    assertNotContains(page, f"/sessions/{sitting.pk}/")


def test_the_board_shows_the_last_round_that_counts(owner) -> None:
    sitting = played(owner, "anqing")
    round_void(session=sitting, number=2, user=owner)
    html = Client().get(board_url(sitting)).content.decode()
    assert 'data-round="1"' in html and 'data-round="2"' not in html
    assert item_names(round_detail(sitting, 1)["scoring"])[0] in html


def test_a_board_with_no_round_yet(owner) -> None:
    sitting = factories.make_sitting(owner)
    page = Client().get(board_url(sitting))
    assertContains(page, "还没有记过局。")
    assertContains(page, "第1局：东 · ")


def test_a_wrong_or_stopped_share_link_opens_no_board(owner) -> None:
    sitting = played(owner, "anqing")
    assert Client().get("/share/not-a-token/board/").status_code == 404
    assert Client().get(f"/share/{'x' * 22}/board/").status_code == 404
    url = board_url(sitting)
    share_link_revoke(session=sitting, user=owner)
    assert Client().get(url).status_code == 404
    # A board left open when the link stops reloads itself to say so.
    poll = Client().get(url, {"v": "1"}, headers={"HX-Request": "true"})
    assert poll.status_code == 404 and poll["HX-Refresh"] == "true"


def test_the_sittings_own_board_is_for_its_owner_and_members(owner, stranger) -> None:
    sitting = played(owner, "anji")
    url = f"/sessions/{sitting.pk}/board/"
    assert factories.page_client(owner).get(url).status_code == 200
    member = factories.make_member(sitting)
    assertContains(factories.page_client(member).get(url), "甲")
    assert factories.page_client(stranger).get(url).status_code == 404
    anonymous = Client().get(url)
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]


def live_region(html: str) -> dict[str, str]:
    """The attributes of the page's ``#live`` div."""
    tag = re.search(r'<div id="live"([^>]*)>', html)
    assert tag, "no live region"
    return dict(re.findall(r'([\w-]+)="([^"]*)"', tag.group(1)))


def test_the_live_region_is_shaped_as_the_share_pages(owner) -> None:
    sitting = played(owner, "hongzhong")
    client = Client()
    board = live_region(client.get(board_url(sitting)).content.decode())
    share = live_region(client.get(f"/share/{sitting.share_token}/").content.decode())
    assert board == {
        **share,
        "hx-get": f"{board_url(sitting)}?v={sitting.version}",
    }
    assert share["hx-get"] == f"/share/{sitting.share_token}/?v={sitting.version}"
    assert board["hx-trigger"] == "sse:changed, live-poll" and board["hx-swap"] == "outerHTML"
    # Pushed as the share page is: the stream of its link (of the sitting, for its members).
    page = client.get(board_url(sitting)).content.decode()
    assert f'sse-connect="/share/{sitting.share_token}/events/?v={sitting.version}"' in page
    owners = Client()
    owners.force_login(owner)
    members_page = owners.get(f"/sessions/{sitting.pk}/board/").content.decode()
    assert f'sse-connect="/sessions/{sitting.pk}/events/?v={sitting.version}"' in members_page


def test_the_poll_answers_204_until_something_changes(owner) -> None:
    sitting = played(owner, "anqing")
    client = Client()
    htmx = {"HX-Request": "true"}
    same = client.get(board_url(sitting), {"v": str(sitting.version)}, headers=htmx)
    assert same.status_code == 204
    round_record(session=sitting, entry=plain("W"), user=owner)
    sitting.refresh_from_db()
    new = client.get(board_url(sitting), {"v": str(sitting.version - 1)}, headers=htmx)
    assert new.status_code == 200
    html = new.content.decode()
    assert html.lstrip().startswith('<div id="live"') and "<html" not in html
    assert 'data-round="3"' in html
    own = factories.page_client(owner)
    own_url = f"/sessions/{sitting.pk}/board/"
    assert own.get(own_url, {"v": str(sitting.version)}, headers=htmx).status_code == 204


def test_the_sitting_page_links_the_board_and_shows_its_qr_code(owner) -> None:
    sitting = played(owner, "anqing")
    page = factories.page_client(owner).get(f"/sessions/{sitting.pk}/")
    url = f"http://testserver{board_url(sitting)}"
    assertContains(page, f'href="{url}" data-board-link')
    # The QR code drawn is the one of the board's own address.
    assert _qr_svg(url).split(">", 1)[1] in page.content.decode()
    # The share page links to it too.
    share = Client().get(f"/share/{sitting.share_token}/")
    assertContains(share, f'href="{board_url(sitting)}" data-board-link')


def test_a_sitting_not_shared_links_its_own_board_without_a_qr_code(owner) -> None:
    sitting = played(owner, "anqing")
    share_link_revoke(session=sitting, user=owner)
    page = factories.page_client(owner).get(f"/sessions/{sitting.pk}/")
    assertContains(page, f'href="/sessions/{sitting.pk}/board/" data-board-link')
    assertNotContains(page, 'id="board-scan"')


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("zh-hans", ("大屏幕", "上一局", "坐庄")),
        ("zh-hant", ("大螢幕", "上一局", "坐莊")),
        ("en", ("Big screen", "Last round", "deals")),
    ],
)
def test_the_board_speaks_the_pages_language(language: str, words: tuple, owner) -> None:
    sitting = played(owner, "anji")
    client = Client()
    client.cookies["django_language"] = language
    page = client.get(board_url(sitting))
    for word in words:
        assertContains(page, word)


def test_the_board_shows_each_persons_fees_and_net_and_how_the_seats_were_drawn(owner) -> None:
    """Under each balance, once the sitting has table fees: the fees paid, collected and the net
    (balance − paid + collected). plain("S") at base silver 1: S +25, E −11, W −7, N −7; then a
    fee of 10 split equally, collected by East (the default): the odd 2 on S (+25) and W (−7,
    before N): E pays 2, S 3, W 3, N 2; East collects 10. Nets: E −11 − 2 + 10 = −3, S +22,
    W −10, N −9. The seats were drawn: the board says so, as the sitting page does."""
    sitting = factories.make_sitting(owner, rounds=[plain("S")], seat_draw=True)
    round_record(
        session=sitting,
        entry={"result": "adjustment", "kind": "fee", "reason": "台费", "amount": "10"},
    )
    html = Client().get(board_url(sitting)).content.decode()
    nets = dict(re.findall(r'data-board-fees="([ESWN])">.*?<strong[^>]*>([^<]+)</strong>', html))
    assert nets == {"E": "-3", "S": "+22", "W": "-10", "N": "-9"}
    assert "data-seat-draw" in html and "座位由抽签决定" in html
    # A sitting without fees shows no fee line.
    plain_sitting = factories.make_sitting(owner, rounds=[plain("S")])
    assert "data-board-fees" not in Client().get(board_url(plain_sitting)).content.decode()
