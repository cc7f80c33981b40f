"""A fourth game, registered from the tests through the engine registry's one line, goes through
every page and endpoint a real game does: a new sitting, the round form and its preview, the why
page, a correction, a void, a draw, the house rules, settle-up, the share page, export and import
(pages and API), ``POST /api/score/`` and ``manage.py score``. Nothing outside its package
(``tests/fourth_game/engine``) names it: its pages are the shared web side
(``calculator.web.games.base.WebGame``), whose hand form keeps only the fields its ``hand_fields``
name (the winner) and no indicator (``features.indicator`` is false).

The game (tests/fourth_game/engine): four seats, no wild, no indicator, self-drawn wins only; each
of the three others pays the winner ``points`` (a house rule, default 3) × the base silver; a
draw moves nothing; the winner deals next."""

from __future__ import annotations

import io
import json
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.test import Client
from pytest_django.asserts import assertContains, assertNotContains
from rest_framework.test import APIClient

from calculator import selectors
from calculator.models import Round, Session
from calculator.web import games as web_games
from scoring import games

ENGINE = "tests.fourth_game.engine"


@pytest.fixture
def fourth():
    game = games.register(ENGINE)
    yield game, web_games.web_game("fourth")
    games.unregister("fourth")


def d(balances: dict) -> dict[str, Decimal]:
    return {seat: Decimal(str(amount)) for seat, amount in balances.items()}


def balances(session: Session) -> dict[str, Decimal]:
    return selectors.session_balances(session)


def new_sitting(client: Client, base_silver: str = "2") -> Session:
    form = client.get("/sessions/new/?game=fourth")
    assert form.status_code == 200
    assertContains(form, 'value="fourth"')
    data = {
        "name": "第四种",
        "game": "fourth",
        "player_count": "4",
        "ruleset": "fourth",
        "base_silver": base_silver,
        **{f"player_{seat}": name for seat, name in zip("ESWN", "甲乙丙丁", strict=True)},
    }
    created = client.post("/sessions/new/", data)
    assert created.status_code == 302, created.content.decode()[:3000]
    session = Session.objects.get(pk=int(created["Location"].strip("/").split("/")[-1]))
    assert session.game == "fourth"
    return session


def test_the_registries_hold_the_fourth_game_only_while_registered(fourth):
    game, web = fourth
    assert games.GAMES["fourth"] is game
    assert type(web) is web_games.WebGame and web.code == "fourth"  # the shared web side
    assert list(web.round_form(None).fields) == ["winner"]
    assert "fourth" in list(web_games.codes())


def test_the_registries_forget_it_afterwards():
    assert "fourth" not in games.GAMES
    assert "fourth" not in list(web_games.codes())


def test_a_sitting_of_the_fourth_game_through_every_page(fourth, owner_client: Client):
    session = new_sitting(owner_client, base_silver="2")
    pk = session.pk
    page = owner_client.get(f"/sessions/{pk}/")
    assert page.status_code == 200

    # The round form: who won, nothing else (no indicator, no tiles).
    url = f"/sessions/{pk}/rounds/new/"
    form = owner_client.get(url)
    assert form.status_code == 200
    for seat in "ESWN":
        assertContains(form, f'name="winner" value="{seat}"')
    assertNotContains(form, 'name="indicator"')
    assertNotContains(form, 'name="win_tile"')
    assertContains(form, 'data-ruleset="fourth"')
    assertNotContains(form, "data-picker")  # no tiles: no keyboard

    # Preview: S self-draws, 3 points × base silver 2 = 6 from each of E, W, N.
    preview = owner_client.post(url, {"winner": "S", "preview": "1"})
    assert preview.status_code == 200
    assertContains(preview, "SELF_DRAWN")
    assert not Round.objects.filter(session=session).exists()
    htmx = owner_client.post(url, {"winner": "S", "preview": "1"}, headers={"HX-Request": "true"})
    assert htmx.status_code == 200
    saved = owner_client.post(url, {"winner": "S", "confirm": "1"})
    assert saved.status_code == 302, saved.content.decode()[:3000]
    assert balances(session) == d({"E": -6, "S": 18, "W": -6, "N": -6})
    assert selectors.session_state(session)["dealer"] == "S"  # the winner deals next

    # The why page of round 1.
    why = owner_client.get(f"/sessions/{pk}/rounds/1/")
    assert why.status_code == 200
    assertContains(why, "SELF_DRAWN")

    # The house rules: 5 points a win from now on.
    rules_page = owner_client.get(f"/sessions/{pk}/rules/")
    assert rules_page.status_code == 200
    assertContains(rules_page, 'name="rule-points"')
    changed = owner_client.post(f"/sessions/{pk}/rules/", {"rule-points": "5"})
    assert changed.status_code == 302, changed.content.decode()[:3000]

    # Round 2: S, the dealer, wins again: 5 × 2 = 10 from each; S keeps the deal.
    assert owner_client.post(url, {"winner": "S", "confirm": "1"}).status_code == 302
    assert balances(session) == d({"E": -16, "S": 48, "W": -16, "N": -16})
    state = selectors.session_state(session)
    assert (state["dealer"], state["dealer_streak"]) == ("S", 1)

    # Round 3: a draw moves nothing; the dealer deals again.
    draw_url = f"/sessions/{pk}/rounds/draw/"
    assert owner_client.post(draw_url).status_code == 302  # asks first
    assert Round.objects.filter(session=session).count() == 2
    assert owner_client.post(draw_url, {"confirm": "1"}).status_code == 302
    assert balances(session) == d({"E": -16, "S": 48, "W": -16, "N": -16})
    assert selectors.session_state(session)["dealer"] == "S"

    # Correction: round 2 was E's win (with its own rules version: 5 points).
    edit_url = f"/sessions/{pk}/rounds/2/edit/"
    edit = owner_client.get(edit_url)
    assert edit.status_code == 200
    assertContains(edit, 'value="S" id="id_winner_1" required checked')
    preview = owner_client.post(edit_url, {"winner": "E", "preview": "1"})
    assert preview.status_code == 200
    corrected = owner_client.post(edit_url, {"winner": "E", "confirm": "1"})
    assert corrected.status_code == 302, corrected.content.decode()[:3000]
    # Round 1: S +18, others -6; round 2: E +30, others -10.
    assert balances(session) == d({"E": 24, "S": 8, "W": -16, "N": -16})
    assert selectors.session_state(session)["dealer"] == "E"

    # Void round 1: kept in history, moves no money.
    void_url = f"/sessions/{pk}/rounds/1/void/"
    assert owner_client.get(void_url).status_code == 200
    assert owner_client.post(void_url).status_code == 302
    assert balances(session) == d({"E": 30, "S": -10, "W": -10, "N": -10})
    assert Round.objects.get(session=session, number=1).voided

    # Settle-up: who pays whom, 30 in all to E.
    settle = owner_client.get(f"/sessions/{pk}/settle/")
    assert settle.status_code == 200
    assertContains(settle, "30")
    assert owner_client.get(f"/sessions/{pk}/").status_code == 200

    # The share page, read by anyone with the link.
    session.refresh_from_db()
    share = Client().get(f"/share/{session.share_token}/")
    assert share.status_code == 200
    assertContains(share, "第四种")

    # Export (JSON and CSV) and import of the export: the same balances.
    exported = owner_client.get(f"/sessions/{pk}/export.json")
    assert exported.status_code == 200
    data = json.loads(exported.content)
    assert data["game"] == "fourth"
    assert d(data["balances"]) == balances(session)
    assert owner_client.get(f"/sessions/{pk}/export.csv").status_code == 200
    imported = owner_client.post("/sessions/import/", {"text": exported.content.decode()})
    assert imported.status_code == 302, imported.content.decode()[:3000]
    copy = Session.objects.exclude(pk=pk).get()
    assert copy.game == "fourth"
    assert balances(copy) == balances(session)
    assert [r.voided for r in copy.rounds.order_by("number")] == [True, False, False]
    assert owner_client.get(f"/sessions/{copy.pk}/").status_code == 200


def test_the_calculator_scores_a_fourth_game_round(fourth, client: Client):
    page = client.get("/calculator/?game=fourth")
    assert page.status_code == 200
    assertContains(page, 'name="winner"')
    assertNotContains(page, 'name="indicator"')
    data = {
        "game": "fourth",
        "player_count": "4",
        "ruleset": "fourth",
        "dealer": "E",
        "base_silver": "1",
        "winner": "W",
        "preview": "1",
    }
    answer = client.post("/calculator/", data)
    assert answer.status_code == 200
    assertContains(answer, "SELF_DRAWN")


def test_the_rules_book_and_home_pages_still_answer(fourth, client: Client):
    assert client.get("/").status_code == 200
    assert client.get("/rules/").status_code == 200


# -- the API and the CLI ------------------------------------------------------------------------

REQUEST = {"game": "fourth", "winner": "W", "base_silver": "2", "dealer": "E"}
ANSWER = {
    "game": "fourth",
    "total": "18",
    "payments": [{"from": seat, "to": "W", "amount": "6", "points": 3} for seat in ("E", "S", "N")],
}


def test_post_api_score_answers_the_engines_result(fourth):
    response = APIClient().post("/api/score/", REQUEST, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["game"] == "fourth" and body["total"] == "18"
    assert [(p["from"], p["to"], p["amount"]) for p in body["payments"]] == [
        (p["from"], p["to"], p["amount"]) for p in ANSWER["payments"]
    ]
    refused = APIClient().post("/api/score/", {**REQUEST, "winner": "X"}, format="json")
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "E_CONTEXT"


def test_a_sitting_through_the_api(fourth, api):
    created = api.post(
        "/api/sessions/",
        {
            "name": "第四种",
            "players": ["甲", "乙", "丙", "丁"],
            "game": "fourth",
            "base_silver": "2",
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    pk = created.json()["id"]
    rounds = f"/api/sessions/{pk}/rounds/"
    first = api.post(rounds, {"result": "win", "winner": "N"}, format="json")
    assert first.status_code == 201, first.json()
    assert api.post(rounds, {"result": "draw"}, format="json").status_code == 201
    assert api.post(
        f"/api/sessions/{pk}/rules/", {"rules": {"points": 4}}, format="json"
    ).status_code in (
        200,
        201,
    )
    assert api.post(rounds, {"result": "win", "winner": "E"}, format="json").status_code == 201
    # N +18, others -6; then E +24, others -8.
    expected = d({"E": 18, "S": -14, "W": -14, "N": 10})
    assert balances(Session.objects.get(pk=pk)) == expected
    for path in (
        "",
        "rounds/",
        "ledger/",
        "ledger.csv",
        "standings/",
        "settlement/",
        "stats/",
        "export/",
    ):
        assert api.get(f"/api/sessions/{pk}/{path}").status_code == 200, path
    exported = api.get(f"/api/sessions/{pk}/export/").json()
    assert exported["game"] == "fourth"
    imported = api.post("/api/sessions/import/", exported, format="json")
    assert imported.status_code == 201, imported.json()
    assert balances(Session.objects.get(pk=imported.json()["id"])) == expected


def test_manage_py_score_answers_the_engines_result(fourth, tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(REQUEST), encoding="utf-8")
    out = io.StringIO()
    call_command("score", str(path), stdout=out)
    body = json.loads(out.getvalue())
    assert body["game"] == "fourth" and body["total"] == "18"
    assert body == games.score(REQUEST)
