"""Sittings of any registered game through the JSON API: 2, 3 and 4 seats, the game's own hand
fields, dealer rule and payments, and the seats in play everywhere (state, ledger, CSV, chart,
standings, settlement, statistics, undo preview, export and import).

The game here is a small one registered for these tests only (``TOY``), so that what the app does
with a game is tested apart from any engine: each other seat in play pays the winner the hand's
``points`` × base silver, the winner deals next and a draw keeps the dealer (as AJ2.3), and no
payment depends on the dealer (no dealer's base). Anji's own sittings: test_games_anji.py.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

import scoring.games
from calculator.errors import CalculatorError
from calculator.models import Payment, Session
from calculator.selectors.roster import player_names_used
from calculator.selectors.sittings import payment_sums
from calculator.selectors.standings import balance_series
from calculator.selectors.takeback import undo_preview
from calculator.services.rounds import round_entry_parse, round_record
from calculator.services.sittings import session_create
from scoring.errors import ScoringError
from scoring.games import Game

pytestmark = pytest.mark.django_db


def _toy_rules(ruleset: str, overrides: object) -> dict:
    if ruleset != "toy":
        raise ScoringError("E_RULES", f"未知的規則 {ruleset!r}", f"unknown ruleset {ruleset!r}")
    for key in overrides or {}:
        if key != "bonus":
            raise ScoringError(
                "E_RULES", f"未知的規則鍵 {key!r}", f"unknown house-rule key {key!r}"
            )
    return {"bonus": 0, **(overrides or {})}


def _toy_score(request: dict) -> dict:
    seats = "ESWN"[: request["player_count"]]
    winner = request["winner"]
    if winner not in seats:
        return ScoringError("E_CONTEXT", "winner 不在座", "winner not in play").as_dict()
    points = request.get("points", 1) + _toy_rules(request["ruleset"], request["rules"])["bonus"]
    silver = Decimal(request["base_silver"])
    payments = [
        {"from": seat, "to": winner, "amount": str(points * silver), "points": points}
        for seat in seats
        if seat != winner
    ]
    total = sum((Decimal(p["amount"]) for p in payments), Decimal(0))
    return {"game": "toy", "x": points, "payments": payments, "total": str(total)}


def _toy_next_dealer(dealer: str, streak: int, winner: str | None, players: int):
    if winner is None or winner == dealer:
        return dealer, streak + 1
    return winner, 0


TOY = Game(
    code="toy",
    names={"zh-hans": "玩具", "zh-hant": "玩具", "en": "Toy"},
    seat_counts=(2, 3, 4),
    rulesets=("toy",),
    score=_toy_score,
    waits=None,
    house_rule_defaults=lambda ruleset: {"bonus": 0},
    make_rules=_toy_rules,
    next_dealer=_toy_next_dealer,
    dealer_base=lambda rules, streak: None,
    hand_fields=("winner", "indicator", "concealed", "win_tile", "points"),
)


@pytest.fixture(autouse=True)
def toy_game(monkeypatch):
    monkeypatch.setitem(scoring.games.GAMES, "toy", TOY)


def win(winner: str, points: int) -> dict:
    # The app asks every win for these four fields; the toy game reads only winner and points.
    return {
        "result": "win",
        "winner": winner,
        "indicator": "1m",
        "concealed": "1m",
        "win_tile": "1m",
        "points": points,
    }


DRAW = {"result": "draw"}
NAMES = ["甲", "乙", "丙", "丁"]


def open_sitting(api, players: int, **fields) -> int:
    body = {"name": "玩具局", "game": "toy", "player_count": players, "players": NAMES[:players]}
    response = api.post("/api/sessions/", {**body, **fields}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()["id"]


def state_of(api, pk: int) -> dict:
    """The state, checked: zero-sum, only the seats in play, equal to the payments' sums."""
    state = api.get(f"/api/sessions/{pk}/").json()["state"]
    balances = {seat: Decimal(amount) for seat, amount in state["balances"].items()}
    assert sum(balances.values()) == 0, state
    session = Session.objects.get(pk=pk)
    assert balances == payment_sums(session)
    assert list(balances) == list("ESWN"[: session.player_count])
    return state


def test_a_two_player_sitting_recorded_corrected_voided_and_settled(api):
    pk = open_sitting(api, 2, base_silver="0.5")
    detail = api.get(f"/api/sessions/{pk}/").json()
    assert (detail["game"], detail["player_count"], detail["ruleset"]) == ("toy", 2, "toy")
    assert detail["players"] == {"E": "甲", "S": "乙"}
    # No dealer's base in a game whose payments do not depend on the dealer.
    assert detail["state"] == {
        "dealer": "E",
        "dealer_streak": 0,
        "next_round": 1,
        "balances": {"E": "0", "S": "0"},
    }
    url = f"/api/sessions/{pk}/rounds/"

    # 1: S wins 4 points: E pays 4 × 0.5 = 2; the winner deals next.
    one = api.post(url, win("S", 4), format="json").json()
    assert [(p["from"], p["to"], p["amount"], p["points"]) for p in one["payments"]] == [
        ("E", "S", "2", 4)
    ]
    assert one["state"] == {
        "dealer": "S",
        "dealer_streak": 0,
        "next_round": 2,
        "balances": {"E": "-2", "S": "2"},
    }
    assert state_of(api, pk) == one["state"]
    # 2: a draw keeps the dealer, with one more in the streak, and moves no money.
    two = api.post(url, DRAW, format="json").json()
    assert (two["dealer"], two["payments"], two["state"]["dealer"]) == ("S", [], "S")
    assert two["state"]["dealer_streak"] == 1
    # 3: E wins 6: S pays 3.
    three = api.post(url, win("E", 6), format="json").json()
    assert (three["dealer"], three["dealer_streak"]) == ("S", 1)
    assert three["state"]["balances"] == {"E": "1", "S": "-1"}
    assert (three["state"]["dealer"], three["state"]["dealer_streak"]) == ("E", 0)
    state_of(api, pk)

    # Correct round 1: E won 2 (S pays 1); E keeps the deal, so rounds 2 and 3 are dealt by E.
    corrected = api.put(f"{url}1/", win("E", 2), format="json")
    assert corrected.status_code == 200, corrected.json()
    rounds = api.get(url).json()
    assert [(r["dealer"], r["dealer_streak"]) for r in rounds] == [("E", 0), ("E", 1), ("E", 2)]
    state = state_of(api, pk)
    assert state["balances"] == {"E": "4", "S": "-4"}
    assert (state["dealer"], state["dealer_streak"]) == ("E", 3)

    # Void round 3: it moves no money and does not keep the deal.
    voided = api.delete(f"{url}3/")
    assert voided.status_code == 200
    state = state_of(api, pk)
    assert state["balances"] == {"E": "1", "S": "-1"}
    assert (state["dealer"], state["dealer_streak"]) == ("E", 2)

    ledger = api.get(f"/api/sessions/{pk}/ledger/").json()
    assert ledger["players"] == {"E": "甲", "S": "乙"}
    assert ledger["balances"] == {"E": "1", "S": "-1"}
    assert [r["balances"] for r in ledger["rounds"]] == [{"E": "1", "S": "-1"}] * 3
    csv = api.get(f"/api/sessions/{pk}/ledger.csv").content.decode()
    assert csv.splitlines()[0].endswith("multiplier,E,S,reason,fee")
    assert api.get(f"/api/sessions/{pk}/settlement/").json() == [
        {"from": "S", "to": "E", "amount": "1"}
    ]
    assert [
        (s["seat"], s["balance"]) for s in api.get(f"/api/sessions/{pk}/standings/").json()
    ] == [
        ("E", "1"),
        ("S", "-1"),
    ]
    stats = api.get(f"/api/sessions/{pk}/stats/").json()
    assert [(s["seat"], s["wins"], s["rounds_dealt"]) for s in stats] == [("E", 1, 2), ("S", 0, 0)]
    session = Session.objects.get(pk=pk)
    assert [row["balances"] for row in balance_series(session)] == [
        {"E": Decimal("1"), "S": Decimal("-1")}
    ] * 3
    # The last round that counts is the draw (round 2): taking it back moves nothing.
    preview = undo_preview(session)
    assert (preview["number"], preview["seats"]) == (
        2,
        {
            "E": {"before": "1", "after": "1", "delta": "0"},
            "S": {"before": "-1", "after": "-1", "delta": "0"},
        },
    )
    assert (
        Payment.objects.filter(round__session=session).values_list("points", flat=True).get() == 2
    )


def test_a_three_player_sitting_each_other_seat_pays(api):
    pk = open_sitting(api, 3)
    url = f"/api/sessions/{pk}/rounds/"
    assert api.get(f"/api/sessions/{pk}/").json()["players"] == {"E": "甲", "S": "乙", "W": "丙"}
    one = api.post(url, win("W", 5), format="json").json()
    assert [(p["from"], p["amount"]) for p in one["payments"]] == [("E", "5"), ("S", "5")]
    assert one["state"]["balances"] == {"E": "-5", "S": "-5", "W": "10"}
    assert one["state"]["dealer"] == "W"
    api.post(url, DRAW, format="json")
    two = api.post(url, win("S", 1), format="json").json()
    assert two["state"]["balances"] == {"E": "-6", "S": "-3", "W": "9"}
    state_of(api, pk)
    assert api.get(f"/api/sessions/{pk}/settlement/").json() == [
        {"from": "E", "to": "W", "amount": "6"},
        {"from": "S", "to": "W", "amount": "3"},
    ]


def test_export_and_import_keep_the_game_and_the_seats(api):
    pk = open_sitting(api, 3, rules={"bonus": 1})
    url = f"/api/sessions/{pk}/rounds/"
    for body in [win("S", 2), DRAW, win("E", 1)]:
        assert api.post(url, body, format="json").status_code == 201
    exported = api.get(f"/api/sessions/{pk}/export/").json()
    assert (exported["game"], exported["player_count"]) == ("toy", 3)
    assert exported["players"] == ["甲", "乙", "丙"]
    # S wins 2 + 1 (the house rule): E, W pay 3; E wins 1 + 1: S, W pay 2.
    assert exported["balances"] == {"E": "1", "S": "4", "W": "-5"}
    imported = api.post("/api/sessions/import/", exported, format="json")
    assert imported.status_code == 201, imported.json()
    copy = imported.json()
    assert (copy["game"], copy["player_count"]) == ("toy", 3)
    assert copy["state"] == api.get(f"/api/sessions/{pk}/").json()["state"]
    assert (
        api.get(f"/api/sessions/{copy['id']}/ledger/").json()
        == api.get(f"/api/sessions/{pk}/ledger/").json()
    )


def test_an_export_without_a_game_imports_as_anqing_at_four_seats(api, new_session):
    exported = api.get(f"/api/sessions/{new_session()}/export/").json()
    assert (exported["game"], exported["player_count"]) == ("anqing", 4)
    del exported["game"], exported["player_count"]
    imported = api.post("/api/sessions/import/", exported, format="json")
    assert imported.status_code == 201, imported.json()
    assert (imported.json()["game"], imported.json()["player_count"]) == ("anqing", 4)


def test_an_anqing_sitting_says_its_game_and_four_seats(api, new_session):
    pk = new_session()
    detail = api.get(f"/api/sessions/{pk}/").json()
    assert (detail["game"], detail["player_count"], detail["ruleset"]) == ("anqing", 4, "anqing")
    assert list(detail["state"]["balances"]) == ["E", "S", "W", "N"]
    assert detail["state"]["dealer_base"] == 8
    listed = api.get("/api/sessions/").json()
    assert (listed[0]["game"], listed[0]["player_count"]) == ("anqing", 4)


@pytest.mark.parametrize(
    ("change", "code", "names"),
    [
        # A player count the game does not allow (Anqing is played by four).
        ({"game": "anqing", "player_count": 3, "players": NAMES[:3]}, "E_INVALID", "player_count"),
        ({"player_count": 5, "players": [*NAMES, "戊"]}, "E_INVALID", "player_count"),
        ({"player_count": 1, "players": NAMES[:1]}, "E_INVALID", "player_count"),
        ({"player_count": "3"}, "E_INVALID", "player_count"),
        ({"player_count": True}, "E_INVALID", "player_count"),
        # A fifth name, or too few for the count.
        ({"players": [*NAMES, "戊"]}, "E_INVALID", "players"),
        ({"player_count": 4, "players": NAMES[:3]}, "E_INVALID", "players"),
        ({"game": "anqing", "player_count": None, "players": [*NAMES, "戊"]}, "E_INVALID", "4"),
        # Another game's ruleset, an unknown game.
        ({"ruleset": "anqing"}, "E_RULES", "anqing"),
        (
            {"game": "anqing", "player_count": 4, "ruleset": "toy", "players": NAMES},
            "E_RULES",
            "toy",
        ),
        ({"game": "mahjong"}, "E_RULES", "mahjong"),
        ({"game": 7}, "E_RULES", "7"),
    ],
)
def test_opening_a_sitting_refuses_what_the_game_does_not_allow(api, change, code, names):
    body = {"name": "玩具局", "game": "toy", "player_count": 3, "players": NAMES[:3], **change}
    response = api.post("/api/sessions/", body, format="json")
    assert response.status_code == 400, response.json()
    error = response.json()["error"]
    assert error["code"] == code
    assert names in error["message"] and names in error["message_en"]
    assert not Session.objects.exists()


def test_a_winner_not_in_play_is_refused_and_nothing_is_saved(api):
    pk = open_sitting(api, 2)
    url = f"/api/sessions/{pk}/rounds/"
    for winner in ["W", "N"]:
        response = api.post(url, win(winner, 1), format="json")
        assert response.status_code == 400
        error = response.json()["error"]
        assert error["code"] == "E_CONTEXT"
        assert "E S" in error["message_en"] and repr(winner) in error["message_en"]
    assert api.post(url, win("S", 1), format="json").status_code == 201
    assert api.put(f"{url}1/", win("W", 1), format="json").json()["error"]["code"] == "E_CONTEXT"
    assert [r["winner"] for r in api.get(url).json()] == ["S"]


def test_a_round_takes_the_games_own_fields_and_not_the_sessions(api, new_session):
    pk = open_sitting(api, 2)
    url = f"/api/sessions/{pk}/rounds/"
    for extra in [{"player_count": 2}, {"game": "toy"}, {"bar_tiles": 0}]:
        response = api.post(url, {**win("S", 1), **extra}, format="json")
        assert response.status_code == 400
        assert next(iter(extra)) in response.json()["error"]["message_en"]
    # An Anqing round does not take the toy game's field either.
    anqing = new_session()
    response = api.post(f"/api/sessions/{anqing}/rounds/", win("S", 1), format="json")
    assert (response.status_code, response.json()["error"]["message_en"]) == (
        400,
        "Unknown field: points.",
    )


def test_the_service_parses_a_body_for_the_session_it_is_for(owner):
    session = session_create(
        owner=owner, name="玩具局", players=NAMES[:2], game="toy", player_count=2
    )
    entry = round_entry_parse(win("S", 3), session)
    assert entry.hand["points"] == 3
    # An entry parsed for a bigger table is checked against this one's seats when recorded.
    wide = round_entry_parse(win("W", 3), game=TOY, player_count=4)
    with pytest.raises(CalculatorError) as refused:
        round_record(session=session, entry=wide)
    assert refused.value.code == "E_CONTEXT"
    assert not session.rounds.exists()


def test_names_used_before_skip_seats_not_in_play(api, owner):
    open_sitting(api, 2)
    assert player_names_used(owner) == ["甲", "乙"]


def test_a_two_player_sitting_can_be_deleted(api, owner):
    pk = open_sitting(api, 2)
    api.post(f"/api/sessions/{pk}/rounds/", win("E", 1), format="json")
    assert api.delete(f"/api/sessions/{pk}/").status_code == 204
    assert not Session.objects.exists()
