"""推倒胡's house rules (T9): their schema, defaults and the checked, frozen rules."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from scoring.base import HouseRule, words
from scoring.errors import ScoringError

CODE = "tuidao"
HOUSE_RULES = (
    HouseRule(
        "base_points",
        "int",
        1,
        100,
        1,
        labels=words("底分", "底分", "Base points"),
        rule_id="T6",
    ),
    HouseRule(
        "max_fan",
        "int",
        0,
        8,
        5,
        labels=words("最多几番", "最多幾番", "Most fan"),
        rule_id="T6",
    ),
)


def house_rule_defaults(ruleset: str = CODE) -> dict[str, Any]:
    return {rule.key: rule.default for rule in HOUSE_RULES}


def house_rules(ruleset: str = CODE) -> tuple[HouseRule, ...]:
    return HOUSE_RULES


def make_rules(ruleset: str = CODE, overrides: Mapping[str, Any] | None = None) -> Mapping:
    """The rules of ``ruleset`` with ``overrides``, checked (E_RULES names what is refused)."""
    if ruleset != CODE:
        raise ScoringError(
            "E_RULES",
            f"推倒胡只有一套規則「{CODE}」，收到「{ruleset}」",
            f"Tuidao Hu has one ruleset, '{CODE}', got '{ruleset}'",
        )
    if overrides is not None and not isinstance(overrides, Mapping):
        raise ScoringError("E_RULES", "家規應是一組設定", "house rules must be a set of settings")
    rules = house_rule_defaults(ruleset)
    for key, value in (overrides or {}).items():
        schema = next((rule for rule in HOUSE_RULES if rule.key == key), None)
        if schema is None:
            raise ScoringError("E_RULES", f"沒有這條家規：{key}", f"there is no house rule {key}")
        if not schema.allows(value):
            raise ScoringError(
                "E_RULES",
                f"{schema.label('zh-hant')} 應是 {schema.minimum}–{schema.maximum} 的整數，收到 {value!r}",
                f"{schema.label('en')} must be a whole number from {schema.minimum} to "
                f"{schema.maximum}, got {value!r}",
            )
        rules[key] = value
    return MappingProxyType(rules)
