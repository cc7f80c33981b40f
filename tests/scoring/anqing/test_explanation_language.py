"""Explanations a table can read (R7, R10, R11): every item's reason, every 包 reason and every
error message in the reader's language, whole — no Chinese in the English texts — and with tiles
named (五萬 / 5 Characters), never in notation (5m); the notation stays in the API fields.

The texts are gathered from every table of the rule-book tests plus 1,500 random hands, and the
walk checks that it met every item and every error code. E_NOTATION quotes what was typed: it is
the one message about notation itself.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

from calculator.web.hans import to_hans
from scoring import FACES, ITEMS, score, waits
from scoring.errors import ERROR_CODES
from tests.scoring.anqing import (
    test_r4_specials,
    test_r5_melds,
    test_r6_shapes,
    test_r7_items,
    test_r8_r9_payments,
    test_r10_bao,
    test_r11_errors,
    test_r12_house_rules,
    test_waits,
)
from tests.scoring.anqing.test_waits_agree import ready_hand

CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
TILE_CODE = re.compile(r"(?<![A-Za-z0-9])[1-9]+[mpsz](?![A-Za-z])")
TABLES = [
    test_r4_specials.SPECIALS_ROWS,
    test_r4_specials.REFUSED_ROWS,
    test_r5_melds.VALID_MELD_ROWS,
    test_r5_melds.REFUSED_MELD_ROWS,
    test_r6_shapes.SHAPE_ROWS,
    test_r6_shapes.REFUSED_SHAPE_ROWS,
    test_r7_items.ITEM_ROWS,
    test_r7_items.LABEL_ROWS,
    test_r8_r9_payments.PAYMENT_ROWS,
    test_r10_bao.BAO_ROWS,
    test_r10_bao.WORDS_ROWS,
    test_r11_errors.SINGLE_ERROR_ROWS,
    test_r11_errors.PRIORITY_ROWS,
    test_r12_house_rules.ITEM_VALUE_ROWS,
    test_r12_house_rules.PAYMENT_RULE_ROWS,
]


def requests() -> Iterator[dict[str, Any]]:
    for table in TABLES:
        for row in table:
            values = row.values if hasattr(row, "values") else row
            if isinstance(values[0], dict):
                yield values[0]
    for row in test_waits.WAIT_ROWS:
        ready = row.values[0]
        for wait in waits(ready).get("waits", []):
            yield {
                **ready,
                "concealed": ready["concealed"] + wait["tile"],
                "win_tile": wait["tile"],
            }
    rng = random.Random(7)
    for _ in range(1_500):
        ready = ready_hand(rng)
        face = rng.choice(FACES)
        yield {**ready, "concealed": ready["concealed"] + face, "win_tile": face}


def texts() -> tuple[list[tuple[str, str, str]], set[str], set[str]]:
    """(where, Chinese, English) of every text met; the item and error codes met."""
    found: list[tuple[str, str, str]] = []
    items: set[str] = set()
    errors: set[str] = set()
    for request in requests():
        result = score(request)
        if "error" in result:
            error = result["error"]
            errors.add(error["code"])
            if error["code"] != "E_NOTATION":
                found.append((error["code"], error["message"], error["message_en"]))
            continue
        for item in result["items"]:
            items.add(item["code"])
            found.append((item["code"], item.get("why", ""), item.get("why_en", "")))
        for entry in result.get("not_counted", []):
            found.append((f"not counted {entry['code']}", entry["why"], entry["why_en"]))
        for payment in result["payments"]:
            if payment.get("liability"):
                found.append(("payment", payment["why"], payment["why_en"]))
                found.append(("payment", payment["why_short"], payment["why_short_en"]))
    return found, items, errors


FOUND, ITEMS_MET, ERRORS_MET = texts()


def test_the_walk_meets_every_item_and_every_error_code() -> None:
    registry = ITEMS.values() if isinstance(ITEMS, dict) else ITEMS
    assert {item.code for item in registry} <= ITEMS_MET
    assert set(ERROR_CODES) <= ERRORS_MET


def test_english_texts_carry_no_chinese() -> None:
    bad = sorted({(where, en) for where, _, en in FOUND if CJK.search(en)})
    assert not bad, "\n".join(f"{where}: {en}" for where, en in bad[:40])


def test_no_text_names_a_tile_in_notation() -> None:
    bad = sorted(
        {
            (where, text)
            for where, zh, en in FOUND
            for text in (zh, to_hans(zh), en)
            if TILE_CODE.search(text)
        }
    )
    assert not bad, "\n".join(f"{where}: {text}" for where, text in bad[:40])


def test_chinese_texts_are_chinese() -> None:
    """The Chinese reason is not an English sentence, and names no request field (R11: a refusal
    says 和牌的人, 餵牌的人, 家規「跑風」, with the key in ``field``); rule ids may appear, and the
    rule sets' own names (anqing, anqing-daque)."""
    words = re.compile(r"[A-Za-z_]{4,}")
    quoted = re.compile(r"「[^」]*」")
    allowed = {"anqing", "daque"}
    bad = sorted(
        {
            (where, zh)
            for where, zh, _ in FOUND
            if any(w not in allowed and not w.isupper() for w in words.findall(quoted.sub("", zh)))
        }
    )
    assert not bad, "\n".join(f"{where}: {zh}" for where, zh in bad[:40])


def test_simplified_pages_show_simplified_throughout() -> None:
    """简体 pages convert the engine's 繁體 with a small table (fast, no dependency at run time);
    OpenCC's full table checks it misses no character the engine writes."""
    from opencc import OpenCC

    reference = OpenCC("t2s")
    bad = sorted({(where, zh) for where, zh, _ in FOUND if to_hans(zh) != reference.convert(zh)})
    assert not bad, "\n".join(f"{where}: {to_hans(zh)}" for where, zh in bad[:20])
