"""Who may do what: a stranger finds no session (404) and changes nothing, a share link only
reads, an anonymous caller writes nothing, and a page post without the CSRF token is refused."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.calculator.hands import DRAW, plain
from tests.factories import snapshot

pytestmark = pytest.mark.django_db


def api_calls(pk: int) -> list[tuple[str, str, dict | None]]:
    """Every session endpoint, with a body that would be accepted from the owner."""
    base = f"/api/sessions/{pk}"
    return [
        ("get", f"{base}/", None),
        ("get", f"{base}/rounds/", None),
        ("post", f"{base}/rounds/", plain("W")),
        ("get", f"{base}/rounds/1/", None),
        ("put", f"{base}/rounds/1/", DRAW),
        ("delete", f"{base}/rounds/1/", None),
        ("get", f"{base}/ledger/", None),
        ("get", f"{base}/ledger.csv", None),
        ("get", f"{base}/standings/", None),
        ("get", f"{base}/settlement/", None),
        ("get", f"{base}/stats/", None),
        ("post", f"{base}/rules/", {"rules": {"dealer_base": 10}}),
        ("post", f"{base}/members/", {"username": "stranger"}),
        ("get", f"{base}/export/", None),
    ]


def call(client, method: str, url: str, body: dict | None):
    if body is None:
        return getattr(client, method)(url)
    return getattr(client, method)(url, body, format="json")


def test_the_owner_reaches_every_endpoint(owner, sitting, client_for, stranger):
    """The calls below are real ones: the owner gets through with each."""
    for method, url, body in api_calls(sitting.pk):
        response = call(client_for(owner), method, url, body)
        assert response.status_code in (200, 201), (method, url, response.content)


def test_a_stranger_finds_nothing_and_changes_nothing(sitting, stranger, client_for):
    before = snapshot()
    for method, url, body in api_calls(sitting.pk):
        response = call(client_for(stranger), method, url, body)
        assert response.status_code == 404, (method, url)
        assert response.json()["error"]["code"] == "E_NOT_FOUND"
    assert snapshot() == before


def test_anonymous_callers_write_nothing(sitting, client_for):
    before = snapshot()
    for method, url, body in api_calls(sitting.pk):
        response = call(client_for(), method, url, body)
        assert response.status_code == 401, (method, url)
        assert response.json()["error"]["code"] == "E_AUTH"
    for url, body in [
        ("/api/sessions/", {"name": "x", "players": ["a", "b", "c", "d"]}),
        ("/api/sessions/import/", {"format": "anqing-session"}),
    ]:
        assert client_for().post(url, body, format="json").status_code == 401
    assert snapshot() == before


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_a_share_link_only_reads(sitting, client_for, owner, method):
    before = snapshot()
    url = f"/api/share/{sitting.share_token}/"
    for client in (client_for(), client_for(owner)):
        response = call(client, method, url, DRAW)
        assert response.status_code == 405
        assert response.json()["error"]["code"] == "E_METHOD"
    assert client_for().get(url).status_code == 200
    page = f"/share/{sitting.share_token}/"
    assert getattr(Client(), method)(page, DRAW).status_code == 405
    assert Client().get(page).status_code == 200
    assert snapshot() == before


def page_calls(pk: int) -> list[tuple[str, str, dict | None]]:
    base = f"/sessions/{pk}"
    hand = {"winner": "W", "indicator": "9p", "hand": "123m56m234s678s99p", "win_tile": "4m"}
    hand |= {"bar_tiles": 0, "kongs_before_win": 0}
    return [
        ("get", f"{base}/", None),
        ("post", f"{base}/rounds/new/", hand),
        ("post", f"{base}/rounds/draw/", {"confirm": "1"}),
        ("post", f"{base}/rounds/undo/", {"confirm": "1", "number": "1"}),
        ("get", f"{base}/rounds/1/", None),
        ("post", f"{base}/rounds/1/edit/", {"to_draw": "1"}),
        ("post", f"{base}/rounds/1/void/", {}),
        ("get", f"{base}/settle/", None),
        ("post", f"{base}/members/", {"username": "stranger"}),
        ("post", f"{base}/rules/", {"dealer_base": 10}),
        ("get", f"{base}/export.json", None),
        ("get", f"{base}/export.csv", None),
    ]


def test_a_stranger_gets_404_on_every_page_and_changes_nothing(sitting, stranger):
    client = Client()
    client.force_login(stranger)
    before = snapshot()
    for method, url, data in page_calls(sitting.pk):
        response = client.get(url) if method == "get" else client.post(url, data)
        assert response.status_code == 404, (method, url)
    assert snapshot() == before


def test_anonymous_visitors_are_sent_to_log_in_and_change_nothing(sitting):
    before = snapshot()
    for method, url, data in page_calls(sitting.pk):
        response = Client().get(url) if method == "get" else Client().post(url, data)
        assert response.status_code == 302, (method, url)
        assert response["Location"].startswith("/accounts/login/")
    assert snapshot() == before


def test_the_owners_page_posts_do_write(sitting, owner):
    """The same page posts from the owner change the sitting (so the refusals above mean it)."""
    client = Client()
    client.force_login(owner)
    client.post(f"/sessions/{sitting.pk}/rounds/draw/", {"confirm": "1"})
    assert sitting.rounds.count() == 3


# --- CSRF -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "data"),
    [
        ("rounds/draw/", {}),
        ("rounds/new/", {"winner": "S", "indicator": "9p", "hand": "123m", "win_tile": "4m"}),
        ("rounds/1/void/", {}),
        ("members/", {"username": "stranger"}),
    ],
)
def test_htmx_posts_without_the_csrf_token_are_refused(sitting, owner, stranger, path, data):
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    before = snapshot()
    url = f"/sessions/{sitting.pk}/{path}"
    response = client.post(url, data, headers={"HX-Request": "true"})
    assert response.status_code == 403
    assert snapshot() == before
    # With the token htmx sends from <body hx-headers>, the same post goes through.
    page = client.get(f"/sessions/{sitting.pk}/").content.decode()
    token = re.search(r'hx-headers=\'\{"X-CSRFToken": "([^"]+)"\}\'', page)[1]
    accepted = client.post(url, data, headers={"HX-Request": "true", "X-CSRFToken": str(token)})
    assert accepted.status_code != 403


def test_the_api_with_a_session_login_needs_the_csrf_token(sitting, owner):
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    before = snapshot()
    response = client.post(
        f"/api/sessions/{sitting.pk}/rounds/", DRAW, content_type="application/json"
    )
    assert response.status_code == 403
    error = response.json()["error"]
    assert error["code"] == "E_FORBIDDEN" and "CSRF" in error["message_en"]
    assert snapshot() == before
