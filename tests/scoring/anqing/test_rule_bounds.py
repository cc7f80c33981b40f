"""R12 house rules have upper bounds, refused with E_RULES naming the rule (by its name, the key
in ``field``), the bound and the value; R9 base silver is read from ASCII digits only, up to one
limit (MAX_SILVER)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scoring import (
    AMOUNT_TEXT,
    DEFAULTS,
    MAX_SILVER,
    MAX_STEPS,
    MAXIMA,
    ScoringError,
    make_rules,
    score,
)
from scoring.anqing.rules import rule_name
from scoring.echo import plain

HAND = {
    "indicator": "6m",
    "winner": "S",
    "dealer": "E",
    "concealed": "123m456p789s123s3z3z",
    "win_tile": "3z",
}  # 獨吊 on 3z: PAO_FENG 6 + MEN_QING 3 = 9 (as in test_r9_base_silver)

NUMBER_KEYS = [k for k, v in DEFAULTS.items() if isinstance(v, int) and not isinstance(v, bool)]
LADDER_KEYS = [k for k, v in DEFAULTS.items() if isinstance(v, tuple)]


def rules_error(overrides: dict) -> ScoringError:
    with pytest.raises(ScoringError) as caught:
        make_rules("anqing", overrides)
    assert caught.value.code == "E_RULES"
    return caught.value


def test_every_number_of_the_house_rules_has_a_bound() -> None:
    assert set(MAXIMA) == set(NUMBER_KEYS) | set(LADDER_KEYS)
    assert set(MAX_STEPS) == set(LADDER_KEYS)
    # Each bound leaves room above the rule book's own value (R7-R10).
    for key in NUMBER_KEYS:
        assert DEFAULTS[key] < MAXIMA[key] <= 1000, key
    for key in LADDER_KEYS:
        assert len(DEFAULTS[key]) <= MAX_STEPS[key] and max(DEFAULTS[key]) < MAXIMA[key], key


@pytest.mark.parametrize("key", NUMBER_KEYS)
def test_a_number_up_to_its_bound_is_taken(key: str) -> None:
    assert make_rules("anqing", {key: MAXIMA[key]})[key] == MAXIMA[key]


@pytest.mark.parametrize("key", NUMBER_KEYS)
@pytest.mark.parametrize("over", [1, 2147483648 - 1000, 10**400])
def test_a_number_over_its_bound_is_refused_naming_key_bound_and_value(key: str, over: int):
    value = MAXIMA[key] + over
    error = rules_error({key: value})
    assert rule_name(key) in error.message and rule_name(key, "en") in error.message_en
    assert error.as_dict()["error"]["field"] == f"rules.{key}"
    for text in (error.message, error.message_en):
        assert key not in text and str(MAXIMA[key]) in text and plain(value) in text


@pytest.mark.parametrize("key", LADDER_KEYS)
def test_a_ladder_step_over_the_bound_is_refused(key: str) -> None:
    error = rules_error({key: [1, MAXIMA[key] + 1]})
    assert rule_name(key, "en") in error.message_en and str(MAXIMA[key]) in error.message_en
    assert error.field == f"rules.{key}"
    assert str(MAXIMA[key] + 1) in error.message_en


@pytest.mark.parametrize("key", LADDER_KEYS)
def test_a_ladder_longer_than_its_steps_is_refused(key: str) -> None:
    assert make_rules("anqing", {key: [1] * MAX_STEPS[key]})[key] == (1,) * MAX_STEPS[key]
    error = rules_error({key: [1] * (MAX_STEPS[key] + 1)})
    assert rule_name(key, "en") in error.message_en and str(MAX_STEPS[key]) in error.message_en
    assert error.field == f"rules.{key}"


def test_the_tester_case_is_refused_by_the_engine_too() -> None:
    result = score({**HAND, "rules": {"dealer_base": 2147483648}})
    assert result["error"]["code"] == "E_RULES"
    assert "Dealer base" in result["error"]["message_en"]
    assert result["error"]["field"] == "rules.dealer_base"


def test_the_largest_rules_still_score() -> None:
    rules = dict.fromkeys(NUMBER_KEYS, 1000) | {key: [1000] * MAX_STEPS[key] for key in LADDER_KEYS}
    result = score({**HAND, "rules": rules, "base_silver": str(MAX_SILVER)})
    assert "error" not in result, result
    assert Decimal(result["total"]) > 0


# --- base silver: ASCII decimals only --------------------------------------------------------


@pytest.mark.parametrize(
    "silver",
    [
        pytest.param("5_000", id="underscore"),
        pytest.param("1_0", id="underscore-small"),
        pytest.param("٥", id="arabic-indic"),
        pytest.param("５", id="full-width"),
        pytest.param("१", id="devanagari"),
        pytest.param("1.５", id="mixed"),
    ],
)
def test_base_silver_in_other_digits_is_not_a_number(silver: str) -> None:
    error = score({**HAND, "base_silver": silver})["error"]
    assert error["code"] == "E_NOTATION"
    assert "基礎銀子" in error["message"] and "Base silver" in error["message_en"]


@pytest.mark.parametrize(
    ("silver", "total"),
    [("2", "86"), (" 2 ", "86"), ("0.5", "21.5"), (2, "86"), (0.5, "21.5"), ("2E0", "86")],
)
def test_plain_decimals_and_json_numbers_are_amounts(silver: object, total: str) -> None:
    assert score({**HAND, "base_silver": silver})["total"] == total


def test_the_engine_limit_is_inclusive() -> None:
    assert "error" not in score({**HAND, "base_silver": str(MAX_SILVER)})
    over = score({**HAND, "base_silver": str(MAX_SILVER + Decimal("0.0001"))})["error"]
    assert over["code"] == "E_CONTEXT" and str(MAX_SILVER) in over["message_en"]


@pytest.mark.parametrize("text", ["1", "0.5", "-2", "+3", ".5", "5.", "1e3", "1E-4"])
def test_amount_text_takes_ascii_decimals(text: str) -> None:
    assert AMOUNT_TEXT.fullmatch(text)


@pytest.mark.parametrize("text", ["5_000", "٥", "５", "NaN", "Infinity", "1e", "", "1 000"])
def test_amount_text_refuses_the_rest(text: str) -> None:
    assert not AMOUNT_TEXT.fullmatch(text)
