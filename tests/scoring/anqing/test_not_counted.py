"""Why not (R7, R10): the items players most often claim, when the hand nearly has one, are
listed in the result's optional ``not_counted`` with the reason in both languages.

Indicator 6m throughout: 鑽 7m. S wins, E deals."""

from __future__ import annotations

import pytest

from scoring import score
from tests.scoring.anqing.anqing_case import hand, meld

NOT_COUNTED_ROWS = [
    pytest.param(
        hand("123m456m234s678s99p", "1m"),
        "PAO_FENG",
        "at an open end",
        id="R7-PAO_FENG-two-sided-wait-that-looks-like-an-edge",
    ),
    pytest.param(
        hand("123m456p789s333s99p", "3s"),
        "PAO_FENG",
        "a wait on two pairs",
        id="R7-PAO_FENG-pung-completed",
    ),
    pytest.param(
        hand("123m456m789p234s55s", "5s"),
        "YI_LONG",
        "in Characters it lacks 7 Characters, 8 Characters, 9 Characters; the chows are "
        "1-2-3 Characters, 4-5-6 Characters, 7-8-9 Dots, 2-3-4 Bamboo",
        id="R7-YI_LONG-two-of-three-in-one-suit",
    ),
    pytest.param(
        hand("111m222p333s456s99p", "9p"),
        "PENG_PENG_HU",
        "4-5-6 Bamboo is a chow",
        id="R7-PENG_PENG_HU-one-chow",
    ),
    pytest.param(
        hand("456p789s345s99p", "9p", [meld("pung", "222m", "W")]),
        "MEN_QING",
        "pung of 2 Characters (fed by West)",
        id="R7-MEN_QING-one-fed-pung",
    ),
    pytest.param(
        hand("1133m55p2299s44z3z7m", "3z"),
        "QI_DUI",
        "one wild stands in",
        id="R7-QI_DUI-a-wild-stands-in",
    ),
    pytest.param(
        hand(
            "3z7m",
            "3z",
            [
                meld("chi", "123m", "E"),
                meld("pung", "222p", "W"),
                meld("pung", "333s", "N"),
                meld("chi", "456s", "E"),
            ],
        ),
        "DA_DIAO_CHE",
        "a wild is in it",
        id="R7-DA_DIAO_CHE-wild-in-the-pair",
    ),
    pytest.param(
        hand("456p789s345s99p", "9p", [meld("kong", "2222m", "W")]),
        "GANG_KAI",
        "the win is not marked as on the replacement",
        id="R7-GANG_KAI-kong-but-not-won-on-the-replacement",
    ),
    pytest.param(
        hand("789s345s99p", "9p", [meld("pung", "222m", "W"), meld("pung", "333p", "W")]),
        "BAO",
        "West fed South two melds: liability starts at three",
        id="R10.1-BAO-two-mouths",
    ),
]


@pytest.mark.parametrize(("request_", "code", "says"), NOT_COUNTED_ROWS)
def test_a_near_miss_says_why_it_does_not_count(request_: dict, code: str, says: str) -> None:
    result = score(request_)
    assert "error" not in result, result
    assert code not in {item["code"] for item in result["items"]}
    missed = {entry["code"]: entry for entry in result.get("not_counted", [])}
    assert code in missed, result.get("not_counted")
    assert says in missed[code]["why_en"], missed[code]
    assert missed[code]["why"]


def test_an_item_that_counts_is_never_listed_as_not_counted() -> None:
    result = score(hand("123m456m789m234s55s", "5s"))  # 一龍 in 萬 (R7 YI_LONG)
    assert "YI_LONG" in {item["code"] for item in result["items"]}
    assert "YI_LONG" not in {entry["code"] for entry in result.get("not_counted", [])}


def test_a_hand_with_nothing_near_has_no_not_counted_field() -> None:
    # 獨吊 on 9p, 門清: nothing claimed is near (no chows of one suit twice, no melds)
    result = score(hand("123m456p789s345s9p9p", "9p"))
    assert "not_counted" not in result, result["not_counted"]


# What "near" means (docs/engine-api.md, not_counted): hands that are far from an item are not
# told why they lack it.
FAR_ROWS = [
    pytest.param(
        hand("123m456m234s678s99p", "4m"),
        "PAO_FENG",
        id="R7-PAO_FENG-two-sided-wait-in-the-middle-is-far",
    ),
    pytest.param(
        hand("123m456p789s345s9p9p", "9p"),
        "YI_LONG",
        id="R7-YI_LONG-3-4-5-and-7-8-9-of-one-suit-is-far",
    ),
    pytest.param(
        hand("1m7m3m4m7m6m789s345s99p", "9p"),
        "YI_LONG",
        id="R7-YI_LONG-runs-made-with-a-wild-are-far",
    ),
    pytest.param(
        hand("456p789s345s99p", "9p", [meld("pung", "222m", "W")]),
        "GANG_KAI",
        id="R7-GANG_KAI-no-kong-is-far",
    ),
]


@pytest.mark.parametrize(("request_", "code"), FAR_ROWS)
def test_a_hand_far_from_an_item_is_not_told_why_it_lacks_it(request_: dict, code: str) -> None:
    result = score(request_)
    assert "error" not in result, result
    assert code not in {item["code"] for item in result["items"]}
    assert code not in {entry["code"] for entry in result.get("not_counted", [])}


@pytest.mark.parametrize(
    ("concealed", "win_tile"),
    [
        pytest.param("123p456p789m234s55s", "5s", id="two-runs-whole"),
        pytest.param("123p345p789p234s55s", "5s", id="eight-ranks"),
        pytest.param("234p456p678p234s55s", "5s", id="seven-ranks-one-run-whole"),
    ],
)
def test_yi_long_is_near_with_two_runs_or_seven_ranks_of_one_suit(
    concealed: str, win_tile: str
) -> None:
    """R7 YI_LONG: near means two of 1-2-3, 4-5-6, 7-8-9 whole, or seven of the nine ranks."""
    result = score(hand(concealed, win_tile))
    assert "error" not in result, result
    missed = {entry["code"]: entry for entry in result.get("not_counted", [])}
    assert "YI_LONG" in missed
    assert "in Dots" in missed["YI_LONG"]["why_en"] and "筒子" in missed["YI_LONG"]["why"]


def test_pao_feng_near_with_a_wild_only_where_natural_tiles_would_count() -> None:
    """R7 PAO_FENG: a wild in the chow: the drawn tile in the middle is near (with natural
    tiles it would be a middle wait); at an open end in the middle of the suit it is far."""
    middle = score(hand("1m7m3m456p789s123s99p", "3m"))  # 7m plays 2m: drawn 3m at an end
    far = {entry["code"] for entry in middle.get("not_counted", [])}
    assert "PAO_FENG" not in {item["code"] for item in middle["items"]}
    # 1-2-3 with a wild as 2: the drawn 3 is the edge tile of 1-2-3, which is near
    assert "PAO_FENG" in far


def test_the_reason_quotes_the_tables_own_value() -> None:
    """Rules are data (R12): a table that values hard 七對 at 20 reads 20, not the book's 30."""
    result = score(hand("1133m55p2299s44z3z7m", "3z", rules={"qi_dui": 20}))
    missed = {entry["code"]: entry for entry in result["not_counted"]}
    assert "hard seven pairs (20)" in missed["QI_DUI"]["why_en"]
    assert "七對（20）" in missed["QI_DUI"]["why"]
