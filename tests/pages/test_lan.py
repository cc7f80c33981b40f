"""A phone on the table's own Wi-Fi asks by the machine's address (192.168.1.23:8000): with debug
on (``make run``) it is served, and every link and QR code the pages make carries the address it
asked by, never 127.0.0.1; with debug off the same host is refused as before."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest
from django.test import Client, override_settings
from pytest_django.asserts import assertContains, assertNotContains

from calculator import lan
from calculator.web.common import _qr_svg
from tests import factories

pytestmark = pytest.mark.django_db

SETTINGS = Path(__file__).resolve().parents[2] / "calculator" / "settings.py"
PHONE_HOST = "192.168.1.23:8000"


@pytest.fixture
def debug_hosts(monkeypatch) -> list[str]:
    """The hosts the settings allow under ``make run`` on a machine at 192.168.1.23."""
    monkeypatch.setattr(lan, "own_addresses", lambda: ["192.168.1.23"])
    monkeypatch.delenv("DJANGO_ALLOWED_HOSTS", raising=False)
    monkeypatch.setenv("DJANGO_DEBUG", "1")
    return runpy.run_path(str(SETTINGS))["ALLOWED_HOSTS"]


def drawn_qr(url: str) -> str:
    """What a page holds of the QR code of ``url`` (the SVG after its opening tag)."""
    return _qr_svg(url).split(">", 1)[1]


def test_a_phone_on_the_wifi_gets_links_and_qr_codes_of_the_address_it_asked_by(
    owner, debug_hosts
) -> None:
    sitting = factories.make_sitting(owner)
    token = sitting.share_token
    phone = factories.page_client(owner)
    with override_settings(DEBUG=True, ALLOWED_HOSTS=debug_hosts):
        page = phone.get(f"/sessions/{sitting.pk}/", headers={"Host": PHONE_HOST})
        share = Client().get(f"/share/{token}/", headers={"Host": PHONE_HOST})
        board = Client().get(f"/share/{token}/board/", headers={"Host": PHONE_HOST})
    assert page.status_code == share.status_code == board.status_code == 200
    share_url = f"http://{PHONE_HOST}/share/{token}/"
    board_url = f"http://{PHONE_HOST}/share/{token}/board/"
    assertContains(page, f'data-copy-link="{share_url}"')
    assertContains(page, f'href="{board_url}" data-board-link')
    html = page.content.decode()
    assert drawn_qr(share_url) in html and drawn_qr(board_url) in html
    assertNotContains(page, "127.0.0.1")
    assertNotContains(page, "localhost")


def test_with_debug_off_the_same_host_is_refused(owner) -> None:
    sitting = factories.make_sitting(owner)
    refused = Client().get(f"/share/{sitting.share_token}/", headers={"Host": PHONE_HOST})
    assert refused.status_code == 400


def test_with_debug_on_another_address_is_still_refused(owner, debug_hosts) -> None:
    # Only the machine's own addresses: a page that rebinds some other name gets nothing.
    sitting = factories.make_sitting(owner)
    with override_settings(DEBUG=True, ALLOWED_HOSTS=debug_hosts):
        for host in ("192.168.1.99:8000", "evil.example:8000"):
            refused = Client().get(f"/share/{sitting.share_token}/", headers={"Host": host})
            assert refused.status_code == 400, host


def test_the_calculators_hand_link_carries_the_phones_address(debug_hosts) -> None:
    hand = {"game": "anqing", "winner": "E", "indicator": "9p", "hand": "123m56m234s678s99p"}
    with override_settings(DEBUG=True, ALLOWED_HOSTS=debug_hosts):
        opened = Client().get(
            "/calculator/", {**hand, "win_tile": "4m"}, headers={"Host": PHONE_HOST}
        )
    assert opened.status_code == 200
    url = opened.context["hand_url"]
    assert url.startswith(f"http://{PHONE_HOST}/calculator/?game=anqing&winner=E")
    assert drawn_qr(url) in opened.content.decode()
