"""Every game's items are units, one per item code, each citing a rule id its rule book has.

Anqing's fan items (``scoring/anqing/items.py``), Anji's rows (``scoring/anji/items.py``, one per
row of AJ8) and 紅中's items (``scoring/hongzhong/items.py``, HZ7.1): each code has exactly one
unit, and each part of its ``rule`` (``"R7 PAO_FENG, R6.5"`` is two) is a heading of the game's
rule book in ``docs/`` — the id with the item's code where the book gives the item a heading of
its own, else the id itself.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from scoring.anji.items import ITEMS as ANJI_ITEMS
from scoring.anji.rows import ROWS
from scoring.anqing.items import ITEMS as ANQING_ITEMS
from scoring.hongzhong.items import ITEMS as HONGZHONG_ITEMS
from scoring.hongzhong.items import LABELS

DOCS = Path(__file__).resolve().parents[2] / "docs"


def headings(book: str) -> list[str]:
    text = (DOCS / f"rules-{book}.md").read_text(encoding="utf-8")
    return [line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#")]


def cited(rule: str, book: str) -> bool:
    """Each part of ``rule`` heads a section of the book (its first words, or its id alone)."""
    heads = headings(book)

    def heads_a_section(words: str) -> bool:
        return any(h == words or h.startswith(words + " ") for h in heads)

    return all(
        heads_a_section(part) or heads_a_section(part.split()[0])
        for part in (p.strip() for p in rule.split(","))
    )


def units() -> list[tuple[str, str, str]]:
    """(book, code, rule) of every unit of every game."""
    return (
        [("anqing", item.code, item.rule) for item in ANQING_ITEMS]
        + [("anji", code, item.rule) for code, item in ANJI_ITEMS.items()]
        + [("hongzhong", code, item.rule) for code, item in HONGZHONG_ITEMS.items()]
    )


def test_one_unit_per_code() -> None:
    counts = Counter(item.code for item in ANQING_ITEMS)
    assert counts and max(counts.values()) == 1
    assert all(code == item.code for code, item in ANJI_ITEMS.items())
    assert all(code == item.code for code, item in HONGZHONG_ITEMS.items())


def test_anji_every_row_of_aj8_is_one_unit() -> None:
    assert set(ANJI_ITEMS) == set(ROWS)
    assert all(item.row is ROWS[code] for code, item in ANJI_ITEMS.items())


def test_hongzhong_every_item_of_hz7_is_one_unit() -> None:
    text = (DOCS / "rules-hongzhong.md").read_text(encoding="utf-8")
    # The items' codes are listed for API users, beside the fields (the rule book's last part).
    section = text[text.index("{#api-result}") : text.index("{#api-errors}")]
    table = set(re.findall(r"^\| `([A-Z_]+)` \|", section, re.M))
    assert table == set(HONGZHONG_ITEMS), table ^ set(HONGZHONG_ITEMS)
    assert not set(LABELS) & set(HONGZHONG_ITEMS)


@pytest.mark.parametrize(("book", "code", "rule"), units(), ids=lambda v: str(v))
def test_each_unit_cites_a_rule_its_book_has(book: str, code: str, rule: str) -> None:
    assert rule and cited(rule, book), (code, rule)


def test_each_unit_has_words_of_its_own() -> None:
    for item in ANQING_ITEMS:
        assert item.quote and item.name
    for item in ANJI_ITEMS.values():
        assert item.quote and item.row.name and callable(item.reason)
    for item in HONGZHONG_ITEMS.values():
        assert item.quote and item.name
