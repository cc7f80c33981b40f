"""Lists come in pages: ``?limit=``/``?offset=`` pages with ``X-Total-Count`` and ``Link``; the
ledger's page keeps its true running balances; the share answer's newest rounds and its ETag."""

from __future__ import annotations

from decimal import Decimal

import pytest

from calculator.selectors.ledger import ledger, rounds_list
from calculator.services.rounds import round_void
from calculator.services.sittings import session_create
from tests.calculator.hands import DRAW, bao, paofeng, plain
from tests.factories import api_error, record_rounds

pytestmark = pytest.mark.django_db


# --- pages of a list -------------------------------------------------------------------------------


def test_the_sessions_list_comes_in_pages(api, owner):
    ids = [
        session_create(owner=owner, name=f"第{n}場", players=["甲", "乙", "丙", "丁"]).pk
        for n in range(5)
    ]
    newest_first = ids[::-1]
    response = api.get("/api/sessions/?limit=2")
    assert [s["id"] for s in response.json()] == newest_first[:2]
    assert response["X-Total-Count"] == "5"
    assert response["Link"] == ('<http://testserver/api/sessions/?limit=2&offset=2>; rel="next"')
    response = api.get("/api/sessions/?limit=2&offset=4")
    assert [s["id"] for s in response.json()] == newest_first[4:]
    assert response["Link"] == '<http://testserver/api/sessions/?limit=2&offset=2>; rel="prev"'
    whole = api.get("/api/sessions/")
    assert len(whole.json()) == 5 and whole["X-Total-Count"] == "5" and "Link" not in whole


@pytest.mark.parametrize(
    "query, name",
    [
        ("limit=0", "limit"),
        ("limit=501", "limit"),
        ("limit=ten", "limit"),
        ("limit=-1", "limit"),
        ("offset=-1", "offset"),
        ("offset=1.5", "offset"),
        ("offset=1000000001", "offset"),
        ("archived=yes", "archived"),
    ],
)
def test_a_bad_page_parameter_is_named(sitting, api, query, name):
    for url in ("/api/sessions/", f"/api/sessions/{sitting.pk}/rounds/"):
        if name == "archived" and "rounds" in url:
            continue
        error = api_error(api.get(f"{url}?{query}"), 400, "E_INVALID")
        assert error["message_en"].startswith(name)
    if name != "archived":
        api_error(api.get(f"/api/sessions/{sitting.pk}/ledger/?{query}"), 400, "E_INVALID")
        api_error(api.get(f"/api/share/{sitting.share_token}/?{query}"), 400, "E_INVALID")


def test_rounds_come_in_pages_in_order(sitting, api):
    record_rounds(sitting, plain("S"), DRAW, paofeng("W"), DRAW, plain("N"), DRAW, DRAW)
    url = f"/api/sessions/{sitting.pk}/rounds/"
    response = api.get(f"{url}?limit=3&offset=2")
    assert [r["number"] for r in response.json()] == [3, 4, 5]
    assert response["X-Total-Count"] == "7"
    assert response["Link"] == (
        f'<http://testserver{url}?limit=3&offset=5>; rel="next", '
        f'<http://testserver{url}?limit=3&offset=0>; rel="prev"'
    )
    assert api.get(url).json() == rounds_list(sitting)
    past = api.get(f"{url}?offset=9")
    assert past.json() == [] and past["X-Total-Count"] == "7"


def test_a_ledger_page_starts_from_the_true_running_balances(sitting, api):
    record_rounds(
        sitting, plain("S"), bao("W", "N"), DRAW, paofeng("E"), plain("N"), DRAW, plain("W")
    )
    round_void(session=sitting, number=2)
    whole = ledger(sitting)
    url = f"/api/sessions/{sitting.pk}/ledger/"
    page = api.get(f"{url}?offset=3&limit=2")
    body = page.json()
    assert [e["number"] for e in body["rounds"]] == [4, 5]
    assert body["rounds"] == whole["rounds"][3:5]
    assert body["balances"] == whole["balances"]  # the sitting's, not the page's last round
    assert (body["total_rounds"], body["offset"], body["limit"]) == (7, 3, 2)
    assert page["X-Total-Count"] == "7" and 'rel="next"' in page["Link"]
    last = api.get(f"{url}?offset=5").json()
    assert last["rounds"] == whole["rounds"][5:] and last["balances"] == whole["balances"]
    assert sum(Decimal(v) for v in body["rounds"][0]["balances"].values()) == 0


@pytest.mark.parametrize("rounds", [12, 40])
def test_a_ledger_page_never_reads_the_rounds_before_it(
    sitting, api, rounds, django_assert_num_queries
):
    record_rounds(
        sitting, *[[plain("S"), DRAW, paofeng("W"), bao("E", "N")][n % 4] for n in range(rounds)]
    )
    # the session, its stored state (total and balances), the page's rounds, their payments, their
    # table fees, the 包 round's words, the players' names: none of them reads the rounds before
    # the page
    with django_assert_num_queries(7):
        body = api.get(f"/api/sessions/{sitting.pk}/ledger/?offset=5&limit=3").json()
    assert body["rounds"] == ledger(sitting)["rounds"][5:8]


def test_the_share_answer_shows_the_newest_50_rounds_by_default(sitting, client_for):
    record_rounds(sitting, plain("S"), *[DRAW] * 52)
    anonymous = client_for()
    response = anonymous.get(f"/api/share/{sitting.share_token}/")
    body = response.json()
    assert [r["number"] for r in body["rounds"]] == list(range(4, 54))
    assert [e["number"] for e in body["ledger"]["rounds"]] == list(range(4, 54))
    assert body["ledger"]["rounds"][0]["balances"] == ledger(sitting)["balances"]
    assert response["X-Total-Count"] == "53"
    assert response["Link"] == (
        f'<http://testserver/api/share/{sitting.share_token}/?offset=0&limit=50>; rel="prev"'
    )
    first = anonymous.get(f"/api/share/{sitting.share_token}/?offset=0&limit=2").json()
    assert [r["number"] for r in first["rounds"]] == [1, 2]
    assert "owner" not in body["session"]


def test_the_share_answer_has_an_etag_and_answers_304_with_one_query(
    sitting, client_for, django_assert_num_queries
):
    record_rounds(sitting, plain("S"))
    anonymous = client_for()
    url = f"/api/share/{sitting.share_token}/"
    first = anonymous.get(url)
    etag = first["ETag"]
    with django_assert_num_queries(1):
        again = anonymous.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b""
    # Another page of rounds is another answer.
    assert anonymous.get(f"{url}?limit=1")["ETag"] != etag
    record_rounds(sitting, DRAW)
    changed = anonymous.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert [r["number"] for r in changed.json()["rounds"]] == [1, 2]
