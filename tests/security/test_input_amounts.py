"""Numbers are bounded where they come in: house rules (R12) by the engine's bounds, base silver
(R9) by the engine's one limit and ASCII digits — in the API, the services and the pages alike —
and a payment the ledger could not hold is refused instead of answering 500."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.test import Client

import scoring
from calculator.errors import CalculatorError
from calculator.models import IdempotentAnswer, Payment, Round, RulesVersion, Session
from calculator.money import money_str
from calculator.numbers import written_amount
from calculator.services.rounds import round_record
from calculator.services.sittings import session_create
from calculator.web.forms import HouseRulesForm, SessionForm
from tests.calculator.hands import DRAW, bao, plain
from tests.factories import api_client, api_error

pytestmark = pytest.mark.django_db

PLAYERS = ["阿东", "阿南", "阿西", "阿北"]


def stored() -> tuple[int, ...]:
    return tuple(
        model.objects.count() for model in (Session, RulesVersion, Round, Payment, IdempotentAnswer)
    )


# --- house rules ----------------------------------------------------------------------------


def test_the_tester_case_no_longer_opens_a_session(owner, client_for):
    before = stored()
    body = {"name": "t", "players": PLAYERS, "rules": {"dealer_base": 2147483648}}
    error = api_error(client_for(owner).post("/api/sessions/", body, format="json"), 400, "E_RULES")
    # the house rule by its name in the words (R12), its key in the error's field
    assert error["field"] == "rules.dealer_base"
    assert "莊家底番" in error["message"] and "Dealer base" in error["message_en"]
    for text in (error["message"], error["message_en"]):
        assert "1000" in text and "2147483648" in text
    assert stored() == before


def test_new_house_rules_over_a_bound_are_refused(owner, sitting, client_for):
    before = stored()
    response = client_for(owner).post(
        f"/api/sessions/{sitting.pk}/rules/",
        {"rules": {"lianzhuang_bonus": [3, 6, 12, 1001]}},
        format="json",
    )
    error = api_error(response, 400, "E_RULES")
    assert "Streak bonus" in error["message_en"] and "1001" in error["message_en"]  # by its name
    assert stored() == before
    # The sitting still takes rounds.
    recorded = client_for(owner).post(f"/api/sessions/{sitting.pk}/rounds/", DRAW, format="json")
    assert recorded.status_code == 201


def test_an_import_with_rules_over_a_bound_is_refused(owner, client_for):
    export = {
        "format": "anqing-session",
        "name": "t",
        "players": PLAYERS,
        "rules_versions": [{"number": 1, "rules": {}}, {"number": 2, "rules": {"qi_dui": 5000}}],
        "rounds": [],
    }
    before = stored()
    response = client_for(owner).post("/api/sessions/import/", export, format="json")
    error = api_error(response, 400, "E_RULES")
    assert "Seven pairs" in error["message_en"]  # the house rule by its name
    assert stored() == before


def test_the_house_rules_form_uses_the_engine_bounds():
    # 打缺 offers every key (清一色/凑一色/字一色 count only there, R3)
    form = HouseRulesForm(ruleset="anqing-daque")
    for key, bound in scoring.MAXIMA.items():
        if key in scoring.MAX_STEPS:
            continue
        assert form.fields[key].max_value == bound, key
        assert f'max="{bound}"' in str(form[key]), key
    over = HouseRulesForm(
        {"rule-dealer_base": "1001", "rule-gang_kai_ladder": ", ".join(["4"] * 13)},
        ruleset="anqing-daque",
    )
    assert not over.is_valid()
    assert set(over.errors) >= {"dealer_base", "gang_kai_ladder"}
    big_step = HouseRulesForm({"rule-lianzhuang_bonus": "3, 6, 12, 1001"}, ruleset="anqing")
    assert not big_step.is_valid() and "lianzhuang_bonus" in big_step.errors


def test_the_house_rules_page_says_the_bound(owner):
    client = Client()
    client.force_login(owner)
    response = client.post(
        "/sessions/new/",
        {
            "name": "t",
            **{f"player_{seat}": name for seat, name in zip("ESWN", PLAYERS, strict=True)},
            "ruleset": "anqing",
            "base_silver": "1",
            "rules_for": "anqing",
            "rule-lianzhuang_bonus": "3, 6, 12, 1001",
        },
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert "At most 12 numbers, each at most 1000." in response.content.decode()
    assert not Session.objects.exists()


# --- base silver ----------------------------------------------------------------------------


@pytest.mark.parametrize("silver", ["1000000", "0.0001", "2.5", 3, "1.50000"])
def test_a_session_takes_base_silver_up_to_the_engines_limit(owner, silver):
    session = session_create(owner=owner, name="t", players=PLAYERS, base_silver=silver)
    assert session.base_silver == Decimal(str(silver))
    assert round_record(session=session, entry=plain("S"), user=owner).status == 201


@pytest.mark.parametrize(
    "silver", ["1000001", "99999999", "5_000", "1_0", "٥", "５", "1.５", "0", "-1", "NaN"]
)
def test_a_session_refuses_base_silver_the_engine_would_refuse(owner, client_for, silver):
    before = stored()
    body = {"name": "t", "players": PLAYERS, "base_silver": silver}
    error = api_error(
        client_for(owner).post("/api/sessions/", body, format="json"), 400, "E_INVALID"
    )
    assert "base_silver" in error["message"] and "base_silver" in error["message_en"]
    assert str(scoring.MAX_SILVER) in error["message_en"]
    assert stored() == before


@pytest.mark.parametrize(
    ("raw", "amount"),
    [
        ("12", Decimal("12")),
        (" 0.50 ", Decimal("0.50")),
        (3, Decimal(3)),
        (0.25, Decimal("0.25")),
        (Decimal("1E+1"), Decimal(10)),
        (1e3, Decimal(1000)),
        ("1e3", None),
        ("1E3", None),
        (" 1e3", None),
        ("+2", None),
        ("-2", None),
        ("5_000", None),
        ("٥", None),
        ("５", None),
        ("1٫5", None),
        ("NaN", None),
        ("inf", None),
        ("Infinity", None),
        ("１２", None),
        (True, None),
        (None, None),
    ],
)
def test_an_amount_is_digits_and_a_point_or_a_json_number(raw, amount):
    """The one reading of an amount for the pages, the API and the import: text is digits and a
    point, a JSON number is a number."""
    assert written_amount(raw) == amount


@pytest.mark.parametrize("silver", ["5_000", "５", "٥", "2000000"])
def test_the_session_page_refuses_what_the_api_refuses(owner, silver):
    data = {
        "name": "t",
        **{f"player_{seat}": name for seat, name in zip("ESWN", PLAYERS, strict=True)},
        "ruleset": "anqing",
        "base_silver": silver,
    }
    form = SessionForm(data)
    assert not form.is_valid() and "base_silver" in form.errors
    assert SessionForm(data | {"base_silver": "1000000"}).is_valid()
    assert f'max="{scoring.MAX_SILVER}"' in str(SessionForm()["base_silver"])


# --- what the ledger can hold ---------------------------------------------------------------


def test_a_payment_the_ledger_cannot_hold_is_refused_not_a_crash(owner, client_for):
    """Rules at their bounds and the largest base silver: W fed three pungs (順包 ×1000)."""
    rules = {"bao_pung_3": 1000, "pao_feng": 1000, "dealer_base": 1000}
    session = session_create(
        owner=owner, name="t", players=PLAYERS, base_silver="1000000", rules=rules
    )
    before = stored()
    response = client_for(owner).post(
        f"/api/sessions/{session.pk}/rounds/", bao("S", "W"), format="json"
    )
    error = api_error(response, 400, "E_RULES")
    assert "W → S" in error["message_en"] and "ledger" in error["message_en"]
    assert stored() == before
    with pytest.raises(CalculatorError):
        round_record(session=session, entry=bao("S", "W"), user=owner)
    # A smaller round of the same sitting is recorded.
    assert round_record(session=session, entry=plain("S"), user=owner).status == 201


# --- an amount is digits and a point, in the API as on the pages -----------------------------

# Text a person does not write for an amount, though Python or JSON would read some of it as one.
NOT_WRITTEN = [
    "1e3",
    "1E3",
    " 1e3",
    "1e-2",
    "+5",
    "-5",
    "Infinity",
    "-Infinity",
    "NaN",
    "1_000",
    "1,000",
    "１２",
    "١٢",
    "0x10",
    "",
]


def adjustments_url(sitting: Session) -> str:
    return f"/api/sessions/{sitting.pk}/adjustments/"


SIDE_PAYMENT = {"kind": "side_payment", "from": "E", "to": "S", "reason": "茶水"}


@pytest.mark.parametrize("amount", NOT_WRITTEN)
def test_an_adjustments_amount_in_text_is_digits_and_a_point_on_post_and_put(
    owner, sitting, client_for, amount
):
    api = client_for(owner)
    first = api.post(adjustments_url(sitting), {**SIDE_PAYMENT, "amount": "3"}, format="json")
    assert first.status_code == 201, first.content
    number = first.json()["number"]
    before, hand = stored(), Round.objects.get(session=sitting, number=number).hand
    refused = api.post(adjustments_url(sitting), {**SIDE_PAYMENT, "amount": amount}, format="json")
    error = api_error(refused, 400, "E_INVALID")
    assert error["field"] == "amount"
    assert "amount" in error["message"] and "0-9" in error["message_en"]
    corrected = api.put(
        f"{adjustments_url(sitting)}{number}/", {**SIDE_PAYMENT, "amount": amount}, format="json"
    )
    assert api_error(corrected, 400, "E_INVALID")["field"] == "amount"
    assert stored() == before
    assert Round.objects.get(session=sitting, number=number).hand == hand
    # The page refuses the same text beside its field, and the reading is the same one.
    assert written_amount(amount) is None


@pytest.mark.parametrize(("amount", "kept"), [(1000, "1000"), (12.5, "12.5"), ("12.5", "12.5")])
def test_an_adjustments_amount_as_a_json_number_or_digits_is_taken(
    owner, sitting, client_for, amount, kept
):
    api = client_for(owner)
    south = Decimal(api.get(f"/api/sessions/{sitting.pk}/").json()["state"]["balances"]["S"])
    made = api.post(adjustments_url(sitting), {**SIDE_PAYMENT, "amount": amount}, format="json")
    assert made.status_code == 201, made.content
    assert made.json()["adjustment"]["amount"] == kept
    number = made.json()["number"]
    again = api.put(
        f"{adjustments_url(sitting)}{number}/",
        {**SIDE_PAYMENT, "amount": amount, "version": 1},
        format="json",
    )
    assert again.status_code == 200, again.content
    assert Decimal(made.json()["state"]["balances"]["S"]) - south == Decimal(kept)


@pytest.mark.parametrize("silver", ["1e3", "1E3", " 1e3", "+2", "-0", "2E-1"])
def test_the_calculators_base_silver_in_text_is_digits_and_a_point(silver):
    response = api_client().post(
        "/api/score/", {**plain("S"), "dealer": "E", "base_silver": silver}, format="json"
    )
    error = api_error(response, 400, "E_NOTATION")
    assert error["field"] == "base_silver"
    assert "0-9" in error["message_en"] or "not a number" in error["message_en"]


@pytest.mark.parametrize("silver", ["1_000", "１２", "Infinity", "NaN"])
def test_the_calculator_refuses_the_rest_as_the_engine_does(silver):
    response = api_client().post(
        "/api/score/", {**plain("S"), "dealer": "E", "base_silver": silver}, format="json"
    )
    assert "Base silver" in api_error(response, 400, "E_NOTATION")["message_en"]


@pytest.mark.parametrize("silver", [1000, 12.5, "12.5", "2"])
def test_the_calculators_base_silver_as_a_json_number_or_digits_is_taken(silver):
    response = api_client().post(
        "/api/score/", {**plain("S"), "dealer": "E", "base_silver": silver}, format="json"
    )
    assert response.status_code == 200, response.content
    assert response.json()["base_silver"] == money_str(Decimal(str(silver)))


@pytest.mark.parametrize("amount", ["1e3", "1_000", "Infinity"])
def test_an_import_refuses_an_adjustment_amount_that_is_not_written_so(owner, client_for, amount):
    export = {
        "format": "anqing-session",
        "name": "t",
        "players": PLAYERS,
        "rounds": [
            {
                "number": 1,
                "result": "adjustment",
                "hand": {"kind": "penalty", "from": "E", "amount": amount, "reason": "詐胡"},
            }
        ],
    }
    before = stored()
    response = client_for(owner).post("/api/sessions/import/", export, format="json")
    error = api_error(response, 400, "E_INVALID")
    assert "amount" in error["message_en"] and "0-9" in error["message_en"]
    assert stored() == before
