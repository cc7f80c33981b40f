"""Adjustments: money that is not a hand — a penalty (one player pays each other player, or one
named player), a side payment, a chip correction — recorded, corrected and voided like rounds,
zero-sum, in the balances, the ledger, the kept totals (apart from the hands), export/import and
the API. An adjustment never moves the deal or the dealer's streak (the rule books say nothing of
penalties; R2.2, AJ2.3 and HZ2.2 pass the deal after hands only).

Every balance below is worked out by hand: ``plain(seat)`` is a 3-fan self-draw (R7) at base
silver 1: the dealer pays 8 + 3 = 11 (R8.1), the others 4 + 3 = 7 (R9), so a non-dealer winner
gets 25; a dealer winner gets 3 × 11 = 33."""

from __future__ import annotations

from decimal import Decimal

import pytest

from calculator.errors import CalculatorError
from calculator.models import Payment, Round, SeatTotals, Session
from calculator.selectors.exports import session_export
from calculator.selectors.sittings import seats_of, session_balances
from calculator.selectors.standings import _player_stats
from calculator.selectors.totals import seat_totals_of
from calculator.services.imports import session_import
from calculator.services.rounds import round_correct, round_record, round_void
from calculator.services.sittings import session_create
from tests.calculator.hands import plain

pytestmark = pytest.mark.django_db


def penalty(payer: str, amount: str = "5", to: str | None = None, reason: str = "詐胡") -> dict:
    return {
        "result": "adjustment",
        "kind": "penalty",
        "from": payer,
        "to": to,
        "amount": amount,
        "reason": reason,
    }


def side(payer: str, payee: str, amount: str, kind: str = "side_payment") -> dict:
    return {
        "result": "adjustment",
        "kind": kind,
        "from": payer,
        "to": payee,
        "amount": amount,
        "reason": "上週的賬" if kind == "side_payment" else "籌碼數錯",
    }


def balances(session: Session) -> dict[str, str]:
    session.refresh_from_db()
    found = {s: str(v.normalize()) if v else "0" for s, v in session_balances(
        session
    ).items()}  # fmt: skip
    assert sum(Decimal(v) for v in found.values()) == 0  # zero-sum after every step
    return found


def state(session: Session) -> tuple[str, int]:
    session.refresh_from_db()
    return session.next_dealer, session.next_streak


def kept_totals_agree(session: Session) -> dict[str, tuple]:
    """The totals kept per seat equal a whole recount; answers (hands, adjusted, penalties)."""
    session.refresh_from_db()
    recount = seat_totals_of(
        session.game,
        seats_of(session),
        Round.objects.filter(session=session),
        Payment.objects.filter(round__session=session),
        session_balances(session),
    )
    rows = {row.seat: row for row in SeatTotals.objects.filter(session=session)}
    for seat, expected in recount.items():
        for field, value in expected.items():
            assert getattr(rows[seat], field) == value, (seat, field)
    return {seat: (row.hands, row.adjusted, row.penalties) for seat, row in rows.items()}


def test_a_penalty_to_each_other_player_through_correction_and_void(sitting, owner):
    round_record(session=sitting, entry=plain("E"), user=owner)  # the dealer wins
    assert balances(sitting) == {"E": "33", "S": "-11", "W": "-11", "N": "-11"}
    assert state(sitting) == ("E", 1)  # 連莊 (R2.2)

    # 詐胡: West pays 5 to each other player.
    recorded = round_record(session=sitting, entry=penalty("W"), user=owner)
    assert recorded.body["result"] == "adjustment"
    assert recorded.body["adjustment"] == {
        "kind": "penalty",
        "from": "W",
        "to": None,
        "amount": "5",
        "reason": "詐胡",
    }
    assert [(p["from"], p["to"], p["amount"]) for p in recorded.body["payments"]] == [
        ("W", "E", "5"),
        ("W", "S", "5"),
        ("W", "N", "5"),
    ]
    assert balances(sitting) == {"E": "38", "S": "-6", "W": "-26", "N": "-6"}
    assert state(sitting) == ("E", 1)  # the deal and the streak do not move
    assert kept_totals_agree(sitting) == {
        "E": (1, Decimal(5), 0),
        "S": (1, Decimal(5), 0),
        "W": (1, Decimal(-15), 1),
        "N": (1, Decimal(5), 0),
    }

    # The dealer wins again on a streak of 1, as if no penalty had come between: base
    # 8 + 4 × 1 = 12 (R8.1), bonus 3 (R8.2), F 3 → 18 from each.
    round_record(session=sitting, entry=plain("E"), user=owner)
    assert state(sitting) == ("E", 2)
    assert balances(sitting) == {"E": "92", "S": "-24", "W": "-44", "N": "-24"}

    # Corrected: it was 8 to each, not 5.
    round_correct(session=sitting, number=2, entry=penalty("W", "8"), user=owner)
    assert balances(sitting) == {"E": "95", "S": "-21", "W": "-53", "N": "-21"}
    assert state(sitting) == ("E", 2)
    assert kept_totals_agree(sitting)["W"] == (2, Decimal(-24), 1)

    # Voided: as if it had never been.
    round_void(session=sitting, number=2, user=owner)
    assert balances(sitting) == {"E": "87", "S": "-29", "W": "-29", "N": "-29"}
    assert state(sitting) == ("E", 2)
    assert kept_totals_agree(sitting)["W"] == (2, Decimal(0), 0)


def test_a_penalty_to_one_player_a_side_payment_and_a_chip_correction(sitting, owner):
    round_record(session=sitting, entry=plain("S"), user=owner)
    assert balances(sitting) == {"E": "-11", "S": "25", "W": "-7", "N": "-7"}
    assert state(sitting) == ("S", 0)  # South won: South deals (R2.2)
    round_record(session=sitting, entry=penalty("N", "10", to="S"), user=owner)
    assert balances(sitting) == {"E": "-11", "S": "35", "W": "-7", "N": "-17"}
    round_record(session=sitting, entry=side("E", "W", "2.5"), user=owner)
    assert balances(sitting) == {"E": "-13.5", "S": "35", "W": "-4.5", "N": "-17"}
    round_record(session=sitting, entry=side("S", "N", "1", kind="chip_correction"), user=owner)
    assert balances(sitting) == {"E": "-13.5", "S": "34", "W": "-4.5", "N": "-16"}
    assert state(sitting) == ("S", 0)
    # The side payment corrected into the other direction; then the hand before it voided:
    # the adjustments stay as they were.
    round_correct(session=sitting, number=3, entry=side("W", "E", "2.5"), user=owner)
    assert balances(sitting) == {"E": "-8.5", "S": "34", "W": "-9.5", "N": "-16"}
    round_void(session=sitting, number=1, user=owner)
    assert balances(sitting) == {"E": "2.5", "S": "9", "W": "-2.5", "N": "-9"}
    assert state(sitting) == ("E", 0)  # no hand counts: East deals
    assert kept_totals_agree(sitting) == {
        "E": (0, Decimal("2.5"), 0),
        "S": (0, Decimal(9), 0),
        "W": (0, Decimal("-2.5"), 0),
        "N": (0, Decimal(-9), 1),
    }
    # The settle-up statistics count hands only.
    stats = {row["seat"]: row for row in _player_stats(
        sitting, session_balances(sitting)
    )}  # fmt: skip
    assert stats["E"]["rounds"] == 0 and stats["E"]["rounds_dealt"] == 0


def test_a_three_player_anji_penalty_is_paid_to_the_two_others(owner):
    session = session_create(
        owner=owner, name="安吉", players=["甲", "乙", "丙"], game="anji", player_count=3
    )
    round_record(session=session, entry=penalty("S", "3"), user=owner)
    assert balances(session) == {"E": "3", "S": "-6", "W": "3"}
    with pytest.raises(CalculatorError) as refused:
        round_record(session=session, entry=penalty("N"), user=owner)
    assert "E、S、W" in refused.value.message


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"kind": "fine"}, "kind must be penalty, side_payment, chip_correction or fee"),
        ({"from": "X"}, "from (who pays) must be one of the seats"),
        ({"to": "W"}, "to (who is paid) must be another seat"),
        ({"kind": "side_payment", "to": None}, "needs to (who is paid)"),
        ({"amount": "0"}, "amount must be a number above 0"),
        ({"amount": "-3"}, "amount is written with the digits 0-9"),
        ({"amount": -3}, "amount must be a number above 0"),
        ({"amount": "1.23456"}, "at most 4 decimal places"),
        ({"amount": "abc"}, "amount is written with the digits 0-9"),
        ({"amount": "2000000000"}, "amount is at most 1,000,000,000, got '2000000000'"),
        # text with an exponent is not an amount a person writes, and is quoted as it was sent
        ({"amount": "1e400"}, "at most one decimal point (such as 20 or 2.5), got '1e400'."),
        ({"amount": "1e1000000"}, "(such as 20 or 2.5), got '1e1000000'."),
        # a JSON number too big to write out is refused as it was sent, not written out in full
        ({"amount": 10**400}, "amount is at most 1,000,000,000, got 10000000000000"),
        ({"amount": "9" * 100}, "amount is at most 1,000,000,000, got '" + "9" * 38 + "…"),
        ({"reason": "   "}, "reason must say why"),
        ({"reason": "x" * 201}, "reason is at most 200"),
        ({"winner": "E"}, "An adjustment has no field winner"),
    ],
)
def test_a_wrong_adjustment_is_refused_by_name_and_nothing_is_saved(sitting, owner, change, said):
    with pytest.raises(CalculatorError) as refused:
        round_record(session=sitting, entry={**penalty("W"), **change}, user=owner)
    assert refused.value.code == "E_INVALID"
    assert said in refused.value.message_en
    assert not Round.objects.filter(session=sitting).exists()
    assert balances(sitting) == dict.fromkeys("ESWN", "0")


def test_a_hand_and_an_adjustment_do_not_turn_into_each_other(sitting, owner):
    round_record(session=sitting, entry=plain("S"), user=owner)
    round_record(session=sitting, entry=penalty("W"), user=owner)
    with pytest.raises(CalculatorError, match="a correction cannot turn it"):
        round_correct(session=sitting, number=1, entry=penalty("W"), user=owner)
    with pytest.raises(CalculatorError, match="a correction cannot turn it"):
        round_correct(session=sitting, number=2, entry=plain("S"), user=owner)


def test_export_and_import_keep_the_adjustments(sitting, owner):
    round_record(session=sitting, entry=plain("S"), user=owner)
    round_record(session=sitting, entry=penalty("W", "4"), user=owner)
    round_record(session=sitting, entry=side("E", "N", "1.5"), user=owner)
    round_void(session=sitting, number=3, user=owner)
    exported = session_export(sitting)
    assert [entry["result"] for entry in exported["rounds"]] == ["win", "adjustment", "adjustment"]
    copy = session_import(owner=owner, data=exported)
    assert balances(copy) == balances(sitting) == {"E": "-7", "S": "29", "W": "-19", "N": "-3"}
    assert session_export(copy)["rounds"] == exported["rounds"]
    assert kept_totals_agree(copy)["W"] == (1, Decimal(-12), 1)


# --- the API -----------------------------------------------------------------------------------


def test_the_api_records_lists_corrects_and_voids_adjustments(api, new_session):
    pk = new_session(base_silver="1")
    assert api.post(f"/api/sessions/{pk}/rounds/", plain("E"), format="json").status_code == 201
    body = {k: v for k, v in penalty("W").items() if k != "result"}
    posted = api.post(
        f"/api/sessions/{pk}/adjustments/",
        {**body, "expected_round": 2},
        format="json",
        headers={"Idempotency-Key": "pen-1"},
    )
    assert posted.status_code == 201, posted.json()
    answer = posted.json()
    assert answer["number"] == 2 and answer["result"] == "adjustment"
    assert answer["state"]["balances"] == {"E": "38", "S": "-6", "W": "-26", "N": "-6"}
    assert (answer["state"]["dealer"], answer["state"]["dealer_streak"]) == ("E", 1)
    # The same request again (a double tap, a retry): the first answer, nothing recorded twice.
    again = api.post(
        f"/api/sessions/{pk}/adjustments/",
        {**body, "expected_round": 2},
        format="json",
        headers={"Idempotency-Key": "pen-1"},
    )
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert api.get(f"/api/sessions/{pk}/").json()["state"]["next_round"] == 3

    listed = api.get(f"/api/sessions/{pk}/adjustments/").json()
    assert [entry["number"] for entry in listed] == [2]
    assert api.get(f"/api/sessions/{pk}/adjustments/1/").status_code == 404  # a hand
    ledger = api.get(f"/api/sessions/{pk}/ledger/").json()
    assert ledger["rounds"][1]["adjustment"] == {"kind": "penalty", "reason": "詐胡"}
    assert "adjustment" not in ledger["rounds"][0]
    csv = api.get(f"/api/sessions/{pk}/ledger.csv").content.decode().splitlines()
    # The reason, then the column marking a table fee's lines (empty on every other line).
    assert csv[0].endswith(",reason,fee") and csv[-1].endswith(",詐胡,") and csv[1].endswith(",,")

    corrected = api.put(
        f"/api/sessions/{pk}/adjustments/2/",
        {**body, "amount": "8", "version": 1},
        format="json",
    )
    assert corrected.status_code == 200, corrected.json()
    assert corrected.json()["state"]["balances"] == {"E": "41", "S": "-3", "W": "-35", "N": "-3"}
    stale = api.put(f"/api/sessions/{pk}/adjustments/2/", {**body, "version": 1}, format="json")
    assert stale.status_code == 409 and stale.json()["error"]["code"] == "E_CONFLICT"
    voided = api.delete(f"/api/sessions/{pk}/adjustments/2/")
    assert voided.status_code == 200 and voided.json()["voided"] is True
    assert voided.json()["state"]["balances"] == {"E": "33", "S": "-11", "W": "-11", "N": "-11"}


def test_the_api_refuses_adjustments_in_the_wrong_place_and_bad_bodies(api, new_session):
    pk = new_session()
    wrong_place = api.post(f"/api/sessions/{pk}/rounds/", penalty("W"), format="json")
    assert wrong_place.status_code == 400
    assert "/adjustments/" in wrong_place.json()["error"]["message_en"]
    with_result = api.post(f"/api/sessions/{pk}/adjustments/", penalty("W"), format="json")
    assert with_result.status_code == 400
    assert "no result field" in with_result.json()["error"]["message_en"]
    bad = api.post(
        f"/api/sessions/{pk}/adjustments/",
        {"kind": "penalty", "from": "W", "amount": "lots", "reason": "x"},
        format="json",
    )
    assert bad.status_code == 400 and "amount" in bad.json()["error"]["message_en"]
    assert api.get(f"/api/sessions/{pk}/").json()["state"]["next_round"] == 1


def test_a_stranger_sees_and_records_no_adjustment(api, new_session, client_for, django_user_model):
    pk = new_session()
    body = {k: v for k, v in penalty("W").items() if k != "result"}
    assert api.post(f"/api/sessions/{pk}/adjustments/", body, format="json").status_code == 201
    stranger = client_for(django_user_model.objects.create_user("stranger", password="pw-x-12345"))
    assert stranger.get(f"/api/sessions/{pk}/adjustments/").status_code == 404
    assert stranger.post(f"/api/sessions/{pk}/adjustments/", body, format="json").status_code == 404
    assert stranger.delete(f"/api/sessions/{pk}/adjustments/1/").status_code == 404


@pytest.mark.parametrize("amount", ["1e1000000", "1e400", "-1e1000000"])
def test_an_absurd_amount_is_a_clear_400_on_post_and_put(api, sitting, amount):
    """The API answers an amount too big to write out with 400 naming it, never 500, on a new
    adjustment and on a correction of one; nothing is saved or changed."""
    client = api
    url = f"/api/sessions/{sitting.pk}/adjustments/"
    body = {key: value for key, value in penalty("W").items() if key != "result"}
    refused = client.post(url, {**body, "amount": amount}, format="json")
    assert refused.status_code == 400, refused.content
    assert refused.json()["error"]["code"] == "E_INVALID"
    assert len(refused.content) < 1000
    assert amount in refused.json()["error"]["message_en"]  # named as it was sent
    created = client.post(url, body, format="json")
    assert created.status_code == 201, created.content
    number = created.json()["number"]
    changed = client.put(f"{url}{number}/", {**body, "amount": amount}, format="json")
    assert changed.status_code == 400, changed.content
    assert balances(sitting) == {"E": "5", "S": "5", "W": "-15", "N": "5"}  # the first one only
