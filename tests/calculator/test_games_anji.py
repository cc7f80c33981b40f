"""Anji sittings (安吉麻將) of two and three players through the JSON API, with hands whose X is
worked out in anji-rules.md AJ15.

AJ11: on a self-draw each other seated player pays X × base silver; the winner gets X × (n − 1).
AJ2.3: the winner deals the next round; after a draw the dealer stays (streak + 1); no payment
depends on the dealer (so the state has no dealer's base), but 天胡 / 地胡 do (AJ8 G9).
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from calculator.models import Payment, Session
from calculator.selectors.sittings import payment_sums
from scoring.games import GAMES

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif("anji" not in GAMES, reason="the Anji engine is not registered"),
]

# AJ15.1: 財神 4p, ZI_MO 1 + FLOWERS 2. X = 3.
AJ15_1 = {
    "indicator": "3p",
    "concealed": "123456m34578s99p4p",
    "win_tile": "3m",
    "flowers": "1f3f",
}
# AJ15.2: ZI_MO_CLEAN 5, a chi without "from". X = 5.
AJ15_2 = {
    "indicator": "7s",
    "concealed": "234m234p789p11z",
    "win_tile": "1z",
    "melds": [{"kind": "chi", "tiles": "567m"}],
}
# AJ15.3: 爆头 BAO_TOU 2 + FLOWERS 1. X = 3.
AJ15_3 = {"indicator": "9m", "concealed": "234567p345678s1m7z", "win_tile": "7z", "flowers": "5f"}
# AJ15.9: ZI_MO_NO_WILD 2 + QI_DUI_NO_WILD 5 + FLOWERS 3. X = 10.
AJ15_9 = {
    "indicator": "2m",
    "concealed": "1155m2299p44s6677z",
    "win_tile": "7z",
    "flowers": "1f2f6f",
}
# AJ15.14: on the first turn, TIAN_HU 10 for the dealer, DI_HU 10 for another seat. X = 10.
AJ15_14 = {
    "indicator": "8m",
    "concealed": "123m456m789p11z333s",
    "win_tile": "3s",
    "first_turn": True,
}
DRAW = {"result": "draw"}


def win(winner: str, hand: dict) -> dict:
    return {"result": "win", "winner": winner, **hand}


def open_anji(api, names: list[str], **fields) -> int:
    body = {"name": "安吉", "game": "anji", "player_count": len(names), "players": names}
    response = api.post("/api/sessions/", {**body, **fields}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()["id"]


def state_of(api, pk: int) -> dict:
    """The state, checked: only the seats in play, zero-sum, equal to the payments' sums, no
    dealer's base."""
    state = api.get(f"/api/sessions/{pk}/").json()["state"]
    session = Session.objects.get(pk=pk)
    assert list(state["balances"]) == list("ESWN"[: session.player_count])
    balances = {seat: Decimal(amount) for seat, amount in state["balances"].items()}
    assert sum(balances.values()) == 0, state
    assert balances == payment_sums(session)
    assert "dealer_base" not in state
    return state


def codes(answer: dict) -> list[str]:
    return [item["code"] for item in answer["scoring"]["items"]]


def test_a_two_player_anji_sitting(api):
    pk = open_anji(api, ["甲", "乙"])
    detail = api.get(f"/api/sessions/{pk}/").json()
    assert (detail["game"], detail["player_count"], detail["ruleset"]) == ("anji", 2, "anji")
    assert detail["players"] == {"E": "甲", "S": "乙"}
    assert detail["state"] == {
        "dealer": "E",
        "dealer_streak": 0,
        "next_round": 1,
        "balances": {"E": "0", "S": "0"},
    }
    url = f"/api/sessions/{pk}/rounds/"

    # 1: AJ15.1, S wins X = 3: E pays 3 (S gets 3 × (2 − 1)); S deals next (AJ2.3).
    one = api.post(url, win("S", AJ15_1), format="json").json()
    assert one["scoring"]["game"] == "anji"
    assert one["scoring"]["player_count"] == 2
    assert (one["dealer"], one["fan"], one["total"]) == ("E", None, "3")
    assert [(p["from"], p["to"], p["amount"], p["points"]) for p in one["payments"]] == [
        ("E", "S", "3", 3)
    ]
    assert one["state"] == {
        "dealer": "S",
        "dealer_streak": 0,
        "next_round": 2,
        "balances": {"E": "-3", "S": "3"},
    }
    assert state_of(api, pk) == one["state"]
    # 2: a draw moves no money (AJ3.2) and S stays dealer, streak 1.
    two = api.post(url, DRAW, format="json").json()
    assert (two["payments"], two["state"]["dealer"], two["state"]["dealer_streak"]) == ([], "S", 1)
    # 3: AJ15.14, E wins on the first turn while S deals: 地胡 (DI_HU), X = 10.
    three = api.post(url, win("E", AJ15_14), format="json").json()
    assert (three["dealer"], three["dealer_streak"]) == ("S", 1)
    assert codes(three) == ["DI_HU"]
    assert three["state"]["balances"] == {"E": "7", "S": "-7"}
    assert (three["state"]["dealer"], three["state"]["dealer_streak"]) == ("E", 0)
    state_of(api, pk)

    # Correct round 1 to AJ15.9 won by E (X = 10): E keeps the deal through the draw, so round 3
    # is now E's own first-turn win: 天胡 (TIAN_HU), X = 10.
    corrected = api.put(f"{url}1/", win("E", AJ15_9), format="json")
    assert corrected.status_code == 200, corrected.json()
    assert corrected.json()["total"] == "10"
    rounds = api.get(url).json()
    assert [(r["dealer"], r["dealer_streak"]) for r in rounds] == [("E", 0), ("E", 1), ("E", 2)]
    assert codes(rounds[2]) == ["TIAN_HU"]
    state = state_of(api, pk)
    assert state["balances"] == {"E": "20", "S": "-20"}
    assert (state["dealer"], state["dealer_streak"]) == ("E", 3)

    # 4: AJ15.3, S wins X = 3.
    four = api.post(url, win("S", AJ15_3), format="json").json()
    assert four["state"]["balances"] == {"E": "17", "S": "-17"}
    # Void round 3: it moves no money and keeps no deal, so round 4 is dealt by E with streak 2.
    assert api.delete(f"{url}3/").status_code == 200
    state = state_of(api, pk)
    assert state["balances"] == {"E": "7", "S": "-7"}
    assert (state["dealer"], state["dealer_streak"]) == ("S", 0)
    assert (api.get(f"{url}4/").json()["dealer"], api.get(f"{url}4/").json()["dealer_streak"]) == (
        "E",
        2,
    )

    # Settled: S pays E 7.
    assert api.get(f"/api/sessions/{pk}/settlement/").json() == [
        {"from": "S", "to": "E", "amount": "7"}
    ]
    ledger = api.get(f"/api/sessions/{pk}/ledger/").json()
    assert [r["balances"] for r in ledger["rounds"]] == [
        {"E": "10", "S": "-10"},
        {"E": "10", "S": "-10"},
        {"E": "10", "S": "-10"},
        {"E": "7", "S": "-7"},
    ]
    assert [p["points"] for r in ledger["rounds"] for p in r["payments"]] == [10, 3]
    assert list(
        Payment.objects.filter(round__session_id=pk, round__voided=False)
        .order_by("round__number")
        .values_list("payer", "payee", "amount", "points")
    ) == [("S", "E", Decimal("10"), 10), ("E", "S", Decimal("3"), 3)]


def test_a_three_player_anji_sitting(api):
    pk = open_anji(api, ["甲", "乙", "丙"], base_silver="0.5")
    url = f"/api/sessions/{pk}/rounds/"

    # 1: AJ15.3, S wins X = 3: E and W pay 3 × 0.5 = 1.5 each; S gets 3 (X × 2 × 0.5).
    one = api.post(url, win("S", AJ15_3), format="json").json()
    assert [(p["from"], p["amount"], p["points"]) for p in one["payments"]] == [
        ("E", "1.5", 3),
        ("W", "1.5", 3),
    ]
    assert one["state"]["balances"] == {"E": "-1.5", "S": "3", "W": "-1.5"}
    assert one["state"]["dealer"] == "S"
    # 2: AJ15.2, E wins X = 5: S and W pay 2.5.
    two = api.post(url, win("E", AJ15_2), format="json").json()
    assert two["state"]["balances"] == {"E": "3.5", "S": "0.5", "W": "-4"}
    assert (two["dealer"], two["state"]["dealer"]) == ("S", "E")
    # 3: a draw: E stays dealer.
    three = api.post(url, DRAW, format="json").json()
    assert (three["state"]["dealer"], three["state"]["dealer_streak"]) == ("E", 1)
    # 4: AJ15.9 won by W, X = 10: E and S pay 5.
    four = api.post(url, win("W", AJ15_9), format="json").json()
    assert four["state"]["balances"] == {"E": "-1.5", "S": "-4.5", "W": "6"}
    assert (four["dealer"], four["dealer_streak"], four["state"]["dealer"]) == ("E", 1, "W")
    state_of(api, pk)

    # Correct round 2: W won it (X = 5, E and S pay 2.5); W then deals rounds 3 and 4.
    assert api.put(f"{url}2/", win("W", AJ15_2), format="json").status_code == 200
    rounds = api.get(url).json()
    assert [(r["dealer"], r["dealer_streak"]) for r in rounds] == [
        ("E", 0),
        ("S", 0),
        ("W", 0),
        ("W", 1),
    ]
    state = state_of(api, pk)
    assert state["balances"] == {"E": "-9", "S": "-4.5", "W": "13.5"}
    assert (state["dealer"], state["dealer_streak"]) == ("W", 2)

    # Void round 1: round 2 is dealt by E, and W wins it; the money of round 1 is gone.
    assert api.delete(f"{url}1/").status_code == 200
    state = state_of(api, pk)
    assert state["balances"] == {"E": "-7.5", "S": "-7.5", "W": "15"}
    assert (state["dealer"], state["dealer_streak"]) == ("W", 2)
    assert api.get(f"{url}2/").json()["dealer"] == "E"

    assert api.get(f"/api/sessions/{pk}/settlement/").json() == [
        {"from": "E", "to": "W", "amount": "7.5"},
        {"from": "S", "to": "W", "amount": "7.5"},
    ]
    standings = api.get(f"/api/sessions/{pk}/standings/").json()
    assert [(s["place"], s["seat"], s["balance"]) for s in standings] == [
        (1, "W", "15"),
        (2, "E", "-7.5"),
        (2, "S", "-7.5"),
    ]
    stats = api.get(f"/api/sessions/{pk}/stats/").json()
    assert [(s["seat"], s["wins"]) for s in stats] == [("E", 0), ("S", 0), ("W", 2)]
    csv = api.get(f"/api/sessions/{pk}/ledger.csv").content.decode().splitlines()
    assert csv[0].endswith("multiplier,E,S,W,reason,fee")
    assert csv[-1].endswith("-7.5,-7.5,15,,")  # no reason (a hand), no fee


def test_an_anji_sitting_exported_and_imported(api):
    pk = open_anji(api, ["甲", "乙", "丙"])
    url = f"/api/sessions/{pk}/rounds/"
    for body in [win("S", AJ15_1), DRAW, win("E", AJ15_14)]:
        assert api.post(url, body, format="json").status_code == 201
    exported = api.get(f"/api/sessions/{pk}/export/").json()
    assert (exported["game"], exported["player_count"], exported["ruleset"]) == ("anji", 3, "anji")
    # 1: E, W pay 3. 3: E wins 地胡 while S deals, X = 10: S, W pay 10.
    assert exported["balances"] == {"E": "17", "S": "-4", "W": "-13"}
    imported = api.post("/api/sessions/import/", exported, format="json")
    assert imported.status_code == 201, imported.json()
    copy = imported.json()
    assert (copy["game"], copy["player_count"]) == ("anji", 3)
    assert copy["state"] == api.get(f"/api/sessions/{pk}/").json()["state"]
    assert (
        api.get(f"/api/sessions/{copy['id']}/ledger/").json()
        == api.get(f"/api/sessions/{pk}/ledger/").json()
    )


@pytest.mark.parametrize(
    ("change", "code", "names"),
    [
        (
            {"player_count": 5, "players": ["甲", "乙", "丙", "丁", "戊"]},
            "E_INVALID",
            "player_count",
        ),
        ({"player_count": 1, "players": ["甲"]}, "E_INVALID", "player_count"),
        ({"players": ["甲", "乙", "丙", "丁", "戊"]}, "E_INVALID", "players"),
        ({"ruleset": "anqing"}, "E_RULES", "anqing"),
        ({"rules": {"pao_feng": 8}}, "E_RULES", "pao_feng"),
        ({"rules": {"bao_tou": None}}, "E_RULES", "「爆头（抓头）」"),  # by its name (AJ13)
        ({"game": "anqing"}, "E_INVALID", "player_count"),
    ],
)
def test_opening_an_anji_sitting_refuses(api, change, code, names):
    body = {"name": "安吉", "game": "anji", "player_count": 3, "players": ["甲", "乙", "丙"]}
    response = api.post("/api/sessions/", {**body, **change}, format="json")
    assert response.status_code == 400, response.json()
    error = response.json()["error"]
    assert error["code"] == code
    assert names in error["message"] + error["message_en"]
    assert not Session.objects.exists()


def test_anji_without_a_player_count_seats_four(api):
    response = api.post(
        "/api/sessions/",
        {"name": "安吉", "game": "anji", "players": ["甲", "乙", "丙", "丁"]},
        format="json",
    )
    assert response.status_code == 201, response.json()
    assert (response.json()["player_count"], response.json()["ruleset"]) == (4, "anji")


def test_an_anji_round_refuses_a_winner_not_in_play_and_anqing_fields(api):
    pk = open_anji(api, ["甲", "乙"])
    url = f"/api/sessions/{pk}/rounds/"
    # AJ15.5's hand won by W: W is not in play at a 2-player table.
    response = api.post(url, win("W", AJ15_3), format="json")
    assert (response.status_code, response.json()["error"]["code"]) == (400, "E_CONTEXT")
    assert "'W'" in response.json()["error"]["message_en"]
    response = api.post(url, {**win("S", AJ15_3), "bar_tiles": 1}, format="json")
    assert response.json()["error"]["message_en"] == "Unknown field: bar_tiles."
    # The engine's own refusal (AJ12): nothing is recorded.
    response = api.post(url, {**win("S", AJ15_1), "flowers": "1f1f"}, format="json")
    assert response.json()["error"]["code"] == "E_TOO_MANY_COPIES"
    assert api.get(url).json() == []
    assert state_of(api, pk)["next_round"] == 1
