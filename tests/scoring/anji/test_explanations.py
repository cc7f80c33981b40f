"""AJ14.2: every item and not-counted row explains itself — rule id, the seed's words, a reason in
Chinese and one in English — and the English texts (reasons and error messages) hold no Chinese."""

from __future__ import annotations

import re

from scoring import score
from scoring.anji.rows import ROWS
from tests.scoring.anji import test_aj12_errors as errors
from tests.scoring.anji import test_aj15_examples as examples

CJK = re.compile(r"[\u3400-\u9fff]")
REQUESTS = (
    [row[1] for row in examples.EXAMPLES]
    + [row[0] for row in examples.REFUSALS]
    + [row[1] for row in errors.SINGLE]
    + [row[1] for row in errors.PRECEDENCE]
    + [
        {**examples.AJ15_2, "jia_piao": True},
        {**examples.AJ15_1, "jia_piao": True},
        {**examples.AJ15_9, "concealed": "1155m2299p44s66z7z3m"},  # 七对 with 财神
    ]
)


def test_reasons_in_both_languages() -> None:
    met = set()
    for request in REQUESTS:
        result = score(request)
        if "error" in result:
            assert not CJK.search(result["error"]["message_en"]), result
            assert CJK.search(result["error"]["message"]), result
            continue
        for item in result["items"] + result["not_counted"]:
            met.add(item["code"])
            assert item["rule"].startswith("AJ8"), item
            assert CJK.search(item["quote"]) and CJK.search(item["why"]), item
            assert not CJK.search(item["why_en"]) and not CJK.search(item["name_en"]), item
    assert met == set(ROWS), sorted(set(ROWS) - met)
