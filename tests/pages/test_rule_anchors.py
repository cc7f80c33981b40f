"""Every rule id the engine can put in an explanation has its heading on the rules page, and the
rule book's tables agree with the engine's defaults (R12)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client

import scoring
from calculator.web.rules_book import rule_anchor, rule_ids
from scoring import ERROR_CODES, ITEMS, LABELS, house_rule_defaults, score

# 順包, 反包 and both at once: the three ``rule`` values a liable payment row can carry (R10).
SHUN = {
    "indicator": "9p",
    "winner": "S",
    "dealer": "E",
    "concealed": "678s55m",
    "win_tile": "5m",
    "melds": [
        {"kind": "pung", "tiles": "222m", "from": "W"},
        {"kind": "pung", "tiles": "333p", "from": "W"},
        {"kind": "pung", "tiles": "444s", "from": "W"},
    ],
}
WEST_FED_BY_SOUTH = {"W": [{"kind": "pung", "from": "S"}] * 3}
FAN = {
    "indicator": "9p",
    "winner": "S",
    "dealer": "E",
    "concealed": "123m456m234s678s99p",
    "win_tile": "9p",
    "others_melds": WEST_FED_BY_SOUTH,
}
BOTH = {**SHUN, "others_melds": WEST_FED_BY_SOUTH}


@pytest.fixture(scope="module")
def rules_page(django_db_blocker) -> str:
    with django_db_blocker.unblock():
        return Client().get("/rules/").content.decode()


def anchors_of(page: str) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', page))


def payment_rules() -> dict[str, str]:
    """The ``rule`` of the liable row of each kind of 包, scored by the engine itself."""
    found = {}
    for request in (SHUN, FAN, BOTH):
        result = score(request)
        for row in result["payments"]:
            if row["liability"]:
                found[row["liability"]] = row["rule"]
    assert set(found) == {"shun", "fan", "both"}
    return found


def emitted_rules() -> list[str]:
    """Every ``rule`` value the engine can emit: each fan item's, each label's, each 包 row's."""
    return (
        [item.rule for item in ITEMS]
        + [label.rule for label in LABELS]
        + [*payment_rules().values()]
    )


@pytest.mark.parametrize("rule", emitted_rules())
def test_every_rule_the_engine_emits_has_an_anchor(rules_page: str, rule: str) -> None:
    ids = rule_ids(rule)
    assert ids, f"no rule id read in {rule!r}"
    assert " ".join(ids) == re.sub(r",? +", " ", rule) or ", ".join(ids) == rule, rule
    missing = [rule_id for rule_id in ids if rule_anchor(rule_id) not in anchors_of(rules_page)]
    assert not missing, f"{rule!r}: no heading for {missing}"


def test_every_item_and_error_code_has_its_own_heading(rules_page: str) -> None:
    anchors = anchors_of(rules_page)
    assert {f"R7-{item.code}" for item in ITEMS} <= anchors
    assert set(ERROR_CODES) <= anchors
    assert "R7-labels" in anchors


def test_every_rule_id_cited_in_the_engine_has_an_anchor(rules_page: str) -> None:
    """Messages, reasons and comments of ``scoring/`` and ``scoring/anqing/`` cite rule ids
    (``R6.5``, ``R7 跑風``): a reader who looks one up finds it."""
    package = Path(scoring.__file__).parent
    sources = [*package.glob("*.py"), *(package / "anqing").glob("*.py")]
    cited = {rule_id for source in sources for rule_id in rule_ids(source.read_text())}
    assert {"R4.4", "R6.5", "R10.1", "R7 PAO_FENG"} <= cited
    missing = sorted(
        rule_id for rule_id in cited if rule_anchor(rule_id) not in anchors_of(rules_page)
    )
    assert not missing


@pytest.mark.parametrize("ruleset", scoring.RULESETS)
def test_the_house_rule_tables_give_the_engines_defaults(rules_page: str, ruleset: str) -> None:
    """R12: every key with its default, as ``house_rule_defaults()`` has it."""
    for key, default in house_rule_defaults(ruleset).items():
        assert re.search(default_cell(key, default), rules_page), f"{key} is not in the R12 tables"


def default_cell(key: str, default: object) -> str:
    """A rule book's table row of a house-rule key and its default, as a pattern: the key in
    ``<code>``, then the default as JSON writes it (true, [3, 6, 12, 15], 8)."""
    if isinstance(default, bool):
        shown = "true" if default else "false"
    elif isinstance(default, list):
        shown = "[" + ", ".join(map(str, default)) + "]"
    else:
        shown = str(default)
    return rf"<code>{key}</code></td>\s*<td>(?:<code>)?{re.escape(shown)}(?:</code>)?</td>"
