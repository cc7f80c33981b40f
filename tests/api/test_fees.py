"""Table fees in the API: a fee entry is an adjustment of kind ``fee`` (POST
/api/sessions/{id}/adjustments/), written once per Idempotency-Key, refused with a 400 naming the
field, and the fees show in the ledger, the sitting, the standings and the settle-up.

Amounts by hand: ``plain(seat)`` is a 3-fan self-draw (R7) at base silver 1; plain(E) by the
dealer is 3 × 11 = 33 to East (R8.1, R9)."""

from __future__ import annotations

import csv
import io

import pytest

from calculator.models import Fee
from tests.calculator.hands import plain

pytestmark = pytest.mark.django_db


def test_a_fee_is_posted_once_and_shows_everywhere(api, new_session):
    # 10 % of each win of at least 30, collected by South.
    pk = new_session(base_silver="1", rules={"fee_share": 10, "fee_threshold": 30,
                                             "fee_collector": "S"})  # fmt: skip
    # E (dealer) wins 33: 3.3 → 3 to South. Balances E +33, S −11, W −11, N −11.
    assert api.post(f"/api/sessions/{pk}/rounds/", plain("E"), format="json").status_code == 201
    body = {"kind": "fee", "amount": "10", "reason": "台費", "expected_round": 2}
    url = f"/api/sessions/{pk}/adjustments/"
    first = api.post(url, body, format="json", headers={"Idempotency-Key": "fee-1"})
    assert first.status_code == 201, first.json()
    # 10 among four: 2 each, the 2 odd units from E (+33) and S (−11, first in seat order).
    assert first.json()["fees"] == [
        {"from": "E", "to": "S", "amount": "3"},
        {"from": "S", "to": "S", "amount": "3"},
        {"from": "W", "to": "S", "amount": "2"},
        {"from": "N", "to": "S", "amount": "2"},
    ]
    assert first.json()["payments"] == []
    again = api.post(url, body, format="json", headers={"Idempotency-Key": "fee-1"})
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert Fee.objects.filter(round__session_id=pk, round__number=2).count() == 4

    detail = api.get(f"/api/sessions/{pk}/").json()
    assert detail["state"]["balances"] == {"E": "33", "S": "-11", "W": "-11", "N": "-11"}
    # E paid 3 (the win) + 3; S paid 3, collected 3 + 10 = 13: net −11 − 3 + 13 = −1.
    assert detail["fees"] == {
        "E": {"paid": "6", "collected": "0", "net": "27"},
        "S": {"paid": "3", "collected": "13", "net": "-1"},
        "W": {"paid": "2", "collected": "0", "net": "-13"},
        "N": {"paid": "2", "collected": "0", "net": "-13"},
    }
    ledger = api.get(f"/api/sessions/{pk}/ledger/").json()
    assert ledger["rounds"][0]["fees"] == [{"from": "E", "to": "S", "amount": "3"}]
    assert ledger["rounds"][1]["adjustment"] == {"kind": "fee", "reason": "台費"}
    standing = api.get(f"/api/sessions/{pk}/standings/").json()[0]
    assert (standing["seat"], standing["balance"], standing["fees_paid"], standing["net"]) == (
        "E", "33", "6", "27",
    )  # fmt: skip
    # Net −1, −13, −13 to E's 27: W → E 13, N → E 13, S → E 1.
    assert api.get(f"/api/sessions/{pk}/settlement/").json() == [
        {"from": "W", "to": "E", "amount": "13"},
        {"from": "N", "to": "E", "amount": "13"},
        {"from": "S", "to": "E", "amount": "1"},
    ]
    # The CSV: each fee a line of its own, marked in the last column; the payments' lines not.
    rows = list(
        csv.DictReader(io.StringIO(api.get(f"/api/sessions/{pk}/ledger.csv").content.decode()))
    )
    fee_lines = [(r["round"], r["from"], r["to"], r["amount"]) for r in rows if r["fee"] == "yes"]
    assert fee_lines == [("1", "E", "S", "3"), ("2", "E", "S", "3"), ("2", "S", "S", "3"),
                         ("2", "W", "S", "2"), ("2", "N", "S", "2")]  # fmt: skip
    assert [r["fee"] for r in rows if r["round"] == "1"] == ["", "", "", "yes"]
    # Voided through the adjustment's own address: its fees go, the win's stay.
    assert api.delete(f"{url}2/").status_code == 200
    assert api.get(f"/api/sessions/{pk}/").json()["fees"]["S"]["collected"] == "3"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"kind": "fee", "reason": "台費"}, "amount"),
        ({"kind": "fee", "amount": "-1", "reason": "台費"}, "amount"),
        ({"kind": "fee", "payers": {"E": "x"}, "reason": "茶水"}, "payers.E"),
        ({"kind": "fee", "payers": {"Z": "1"}, "reason": "茶水"}, "payers"),
        ({"kind": "fee", "amount": "4", "to": "Q", "reason": "台費"}, "to"),
        ({"kind": "fee", "amount": "4", "reason": ""}, "reason"),
        ({"kind": "fee", "amount": "4", "from": "E", "reason": "台費"}, "from"),
    ],
)
def test_a_bad_fee_is_a_400_naming_its_field(api, new_session, body, field):
    pk = new_session()
    answer = api.post(f"/api/sessions/{pk}/adjustments/", body, format="json")
    assert answer.status_code == 400
    assert answer.json()["error"]["field"] == field
    assert api.get(f"/api/sessions/{pk}/").json()["state"]["next_round"] == 1


def test_a_bad_fee_house_rule_is_a_400(api, new_session):
    pk = new_session()
    answer = api.post(f"/api/sessions/{pk}/rules/", {"rules": {"fee_share": 80}}, format="json")
    assert answer.status_code == 400 and "fee_share" in answer.json()["error"]["message_en"]
