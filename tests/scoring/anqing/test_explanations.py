"""The explanation each result carries (items' rule, quote, why; the reading) and the item
registry of Anqing (R7). What holds for the whole engine is in tests/scoring/test_engine.py."""

from __future__ import annotations

import pathlib

import pytest

from scoring import ITEMS, ITEMS_BY_CODE, LABELS, score

SEED = (pathlib.Path(__file__).parent / "data" / "seed_000.txt").read_text(encoding="utf-8")

# R7: every code of the rule book's fan-item table.
R7_CODES = [
    "PAO_FENG", "PENG_PENG_HU", "MEN_QING", "QI_DUI", "QI_DUI_WILD", "SI_ZUAN", "SHUANG_TIAN_HU",
    "DA_DIAO_CHE", "DA_DIAO_CHE_WILD", "SHI_SAN_LAN", "QI_XING", "YI_LONG", "FENG_KE", "GANG_MING",
    "GANG_AN", "GANG_FENG", "BAR_TILE", "GANG_KAI", "MO_PAI_TIAN_HU", "DI_HU", "QING_YI_SE",
    "COU_YI_SE", "ZI_YI_SE",
]  # fmt: skip


def _win(**fields: object) -> dict:
    return score({"indicator": "6m", "winner": "S", "dealer": "E", **fields})


def test_registry_holds_every_r7_item_once() -> None:
    assert [item.code for item in ITEMS] == R7_CODES
    assert set(ITEMS_BY_CODE) == set(R7_CODES)


@pytest.mark.parametrize("unit", [*ITEMS, *LABELS], ids=lambda u: u.code)
def test_every_item_cites_its_rule_and_the_seeds_own_words(unit: object) -> None:
    assert unit.rule.startswith("R")
    assert unit.quote and unit.quote in SEED, unit.quote
    assert unit.name and unit.name_en


@pytest.mark.parametrize(
    ("concealed", "win_tile", "why_en"),
    [
        pytest.param("123m456p789s12s33z3s", "3s", "3 Bamboo completes the edge 1-2 Bamboo — an edge wait", id="R7-PAO_FENG-bian"),
        pytest.param("123m456p789s79s33z8s", "8s", "8 Bamboo fills the middle of 7-8-9 Bamboo — a middle wait, not a single wait on the pair", id="R7-PAO_FENG-kan"),
        pytest.param("123m456p789s123s3z3z", "3z", "the drawn West Wind pairs the lone West Wind held — a single wait on the pair (du diao)", id="R7-PAO_FENG-dan-diao"),
        pytest.param("123m456p789s123s7m3z", "3z", "a lone wild held, the drawn West Wind makes the pair — a wild single (diao zuan)", id="R7-PAO_FENG-diao-zuan"),
    ],
)  # fmt: skip
def test_pao_feng_says_where_the_drawn_tile_sits(
    concealed: str, win_tile: str, why_en: str
) -> None:
    result = _win(concealed=concealed, win_tile=win_tile)
    pao = next(i for i in result["items"] if i["code"] == "PAO_FENG")
    assert pao["why_en"] == why_en
    assert pao["rule"].startswith("R7 PAO_FENG")
    assert pao["why"] and pao["quote"] in SEED


def test_reading_shows_what_each_wild_played_and_where_the_draw_sits() -> None:
    # R4.2, R7.2: 7m is the 鑽 (indicator 6m); it plays 5p in 456p.
    result = _win(concealed="123m4p7m6p789s123s3z3z", win_tile="3z")
    chow = next(s for s in result["reading"] if s["tiles"] == "456p")
    assert chow["printed"] == ["4p", "7m", "6p"]
    assert chow["melded"] is False and chow["win"] is False
    pair = result["reading"][-1]
    assert pair == {
        "set": "pair",
        "tiles": "33z",
        "printed": ["3z", "3z"],
        "melded": False,
        "win": True,
    }


def test_every_item_in_a_result_explains_itself() -> None:
    result = _win(
        concealed="123p456s22z",
        win_tile="2z",
        melds=[
            {"kind": "kong", "tiles": "1111z", "from": "E"},
            {"kind": "concealed_kong", "tiles": "9999p"},
        ],
        kongs_before_win=2,
        bar_tiles=1,
    )
    assert [i["code"] for i in result["items"]] == [
        "PAO_FENG", "FENG_KE", "GANG_MING", "GANG_AN", "GANG_FENG", "BAR_TILE", "GANG_KAI",
    ]  # fmt: skip
    for item in result["items"]:
        assert item["why"] and item["why_en"] and item["quote"] in SEED
        assert item["fan"] == item["value"] * item["count"]
    gang_kai = next(i for i in result["items"] if i["code"] == "GANG_KAI")
    assert gang_kai["fan"] == 9 and "4+7−2=9" in gang_kai["why_en"]  # the seed's 4+7-2=9
    assert [label["code"] for label in result["labels"]] == ["ZHI_JIAO"]
