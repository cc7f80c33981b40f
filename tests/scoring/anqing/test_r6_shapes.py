"""R6 winning shapes: standard with 0-4 wilds, 七對, 大吊車, 十三爛 / 七星歸位, the drawn-鑽 rule
(R6.5) and the 打缺 suit limit (R6.6). Also R7.3's reading limits.

Indicator 6m throughout unless a row says otherwise: 鑽 7m, 紅中 5z plays 7m, 發 6z 白 7z bar tiles.
Non-dealer S wins, E deals: E pays 8 + F, W and N pay 4 + F.
"""

from __future__ import annotations

import pytest

from tests.scoring.anqing.anqing_case import assert_scores, hand, meld, refusal, scored

FOUR_MELDS = [
    meld("chi", "123m", "E"),
    meld("pung", "222p", "W"),
    meld("pung", "333s", "N"),
    meld("chi", "456s", "E"),
]


def pays(fan: int) -> dict[str, int]:
    """R9 with S winning, E dealing at streak 0, silver 1: E 8+F, W 4+F, N 4+F."""
    return {"E": 8 + fan, "W": 4 + fan, "N": 4 + fan}


SHAPE_ROWS = [
    # --- R6.1 standard, 0 to 4 wilds ---
    pytest.param(
        hand("123m456p789s345s99p", "3s"),
        "standard",
        {"MEN_QING": 3},
        3,
        id="R6.1-standard-no-wild-3",
    ),
    pytest.param(
        hand("123m456p789s34s7m99p", "3s"),
        "standard",
        {"MEN_QING": 3},
        3,  # one wild plays 2s or 5s; 3s never sits between two natural tiles
        id="R6.1-standard-one-wild-3",
    ),
    pytest.param(
        hand("123m456p789s3s7m7m99p", "3s"),
        "standard",
        {"PAO_FENG": 6, "MEN_QING": 3},
        9,  # two wilds: 999p and a 3s+鑽 pair, 3s is a 獨吊: 6+3
        id="R6.1-standard-two-wilds-9",
    ),
    pytest.param(
        hand("123m456p789s777m99p", "9p"),
        "standard",
        {"PAO_FENG": 6, "MEN_QING": 3, "FENG_KE": 1},
        10,  # three wilds as a wind pung, 99p 獨吊: 6+3+1
        id="R6.1-standard-three-wilds-10",
    ),
    pytest.param(
        hand("12m45p78s345s9p7777m", "3s"),
        "standard",
        {"SI_ZUAN": 30, "PAO_FENG": 6, "MEN_QING": 3},
        39,  # four wilds, each forced into one set: 30+6+3
        id="R6.1-standard-four-wilds-39",
    ),
    pytest.param(
        hand("1111m23m456p789s99p", "2m"),
        "standard",
        {"PAO_FENG": 6, "MEN_QING": 3},
        9,  # R7.3: four concealed 1m are no kong (no GANG_AN); 2m is 卡張 in 123m: 6+3
        id="R7.3-four-alike-concealed-is-not-a-kong-9",
    ),
    # --- R6.2 七對 ---
    pytest.param(
        hand("1133m5577p2299s11z", "1z"),
        "seven_pairs",
        {"QI_DUI": 30, "PAO_FENG": 6},
        36,
        id="R6.2-qidui-hard-36",
    ),
    pytest.param(
        hand("1133m5577p2299s77m", "3m"),
        "seven_pairs",
        {"QI_DUI": 30, "PAO_FENG": 6},
        36,  # two wilds pair with each other: still hard
        id="R6.2-qidui-wilds-pair-each-other-hard-36",
    ),
    pytest.param(
        hand("1133m5577p2299s5z7m", "3m"),
        "seven_pairs",
        {"QI_DUI": 30, "PAO_FENG": 6},
        36,  # a wild pairs with the stand-in of its own face: still hard
        id="R6.2-qidui-wild-with-stand-in-hard-36",
    ),
    pytest.param(
        hand("1133m5577p2299s1z7m", "3m"),
        "seven_pairs",
        {"QI_DUI_WILD": 3, "PAO_FENG": 6},
        9,  # the wild substitutes 東: 七對有鑽 3+6
        id="R6.2-qidui-one-substitution-9",
    ),
    pytest.param(
        hand("1133m5577p229s1z77m", "3m"),
        "seven_pairs",
        {"QI_DUI_WILD": 3, "PAO_FENG": 6},
        9,  # two wilds substitute 9s and 東
        id="R6.2-qidui-two-substitutions-9",
    ),
    pytest.param(
        hand("1111m55p88p22s99s33z", "5p"),
        "seven_pairs",
        {"QI_DUI": 30, "PAO_FENG": 6},
        36,  # qidui_allow_four (default true): 1111m is two pairs
        id="R6.2-qidui-four-alike-two-pairs-36",
    ),
    pytest.param(
        hand("1133m55p2299s5z5z7m7m", "1m"),
        "seven_pairs",
        {"QI_DUI": 30, "PAO_FENG": 6},
        36,  # the stand-ins play 7m and the two wilds are 7m themselves: four alike, two pairs
        id="R6.2-qidui-stand-ins-and-wilds-four-alike-36",
    ),
    pytest.param(
        hand("44m77p88p11s44s66s11z", "6s", indicator="6p", rules={"qi_dui": 2}),
        "seven_pairs",
        {"QI_DUI_WILD": 3, "PAO_FENG": 6},
        9,  # R7.2 with R4.2: the two 鑽 7p may play another face (七對有鑽 3+6 = 9), which beats
        # playing themselves (hard 七對, here valued 2: 2+6 = 8)
        id="R7.2-R4.2-qidui-wilds-play-another-face-when-it-scores-more-9",
    ),
    pytest.param(
        hand("7777m11p22p33s44s55z", "1p", rules={"shuang_tian_hu": 50}),
        "seven_pairs",
        {"QI_DUI": 30, "SI_ZUAN": 30, "PAO_FENG": 6},
        66,  # R7.2: 鑽中 鑽中 鑽鑽 — each 紅中 pairs with a 鑽 — is hard 七對 with all four wilds
        # (30 + 30 + 6), more than 雙天胡 at this table's 50 (+6); R7 SHUANG_TIAN_HU, SI_ZUAN
        id="R7.2-R7-qidui-stand-ins-pair-with-wilds-66",
    ),
    pytest.param(
        hand("7777m11p22p33s44s55z", "1p"),
        "seven_pairs",
        {"SHUANG_TIAN_HU": 60, "PAO_FENG": 6},
        66,  # at the rule book's values both readings make 66; the tie keeps 雙天胡 (R7.2)
        id="R7-shuang-tian-hu-ties-with-the-stand-in-reading-66",
    ),
    pytest.param(
        hand("1133m55p2299s5z5z7m7m", "1m", rules={"qidui_allow_four": False}),
        "seven_pairs",
        {"QI_DUI_WILD": 3, "PAO_FENG": 6},
        9,  # R12 qidui_allow_four off: 7m is taken by the stand-ins, so the two wilds pair as
        # another face (a substitution): 七對有鑽 3+6 — still a winning hand
        id="R6.2-R12-allow-four-off-wild-pair-plays-a-free-face-9",
    ),
    pytest.param(
        hand("1133m55p2299s11z7m7m", "1m", rules={"qidui_allow_four": False}),
        "seven_pairs",
        {"QI_DUI": 30, "PAO_FENG": 6},
        36,  # 7m is free: the two wilds are a pair of themselves, hard 七對
        id="R6.2-R12-allow-four-off-wild-pair-as-itself-36",
    ),
    pytest.param(
        hand("1133m5577p2299s11z", "1z", bar_tiles=1),
        "seven_pairs",
        {"QI_DUI": 30, "PAO_FENG": 6, "BAR_TILE": 1},
        37,  # R7.3: an exposed bar tile does not break 七對: 36+1
        id="R7.3-qidui-with-exposed-bar-tile-37",
    ),
    # --- R6.3 大吊車 ---
    pytest.param(
        hand("99p", "9p", FOUR_MELDS),
        "da_diao_che",
        {"DA_DIAO_CHE": 30, "PAO_FENG": 6},
        36,
        id="R6.3-da-diao-che-natural-36",
    ),
    pytest.param(
        hand("5z5z", "5z", FOUR_MELDS),
        "da_diao_che",
        {"DA_DIAO_CHE": 30, "PAO_FENG": 6},
        36,  # two stand-ins are a natural 7m pair: no wild in it
        id="R6.3-da-diao-che-stand-in-pair-36",
    ),
    pytest.param(
        hand("7m9p", "9p", FOUR_MELDS),
        "da_diao_che",
        {"DA_DIAO_CHE_WILD": 3, "PAO_FENG": 6},
        9,  # 吊鑽: 3+6
        id="R6.3-da-diao-che-diaozuan-9",
    ),
    pytest.param(
        hand("7m5z", "5z", FOUR_MELDS),
        "da_diao_che",
        {"DA_DIAO_CHE_WILD": 3, "PAO_FENG": 6},
        9,  # held 鑽, drew the stand-in: a wild is in the pair: 3+6
        id="R6.3-da-diao-che-diaozuan-draws-stand-in-9",
    ),
    pytest.param(
        hand("7m7m", "7m", FOUR_MELDS),
        "da_diao_che",
        {"DA_DIAO_CHE_WILD": 3, "PAO_FENG": 6},
        9,  # held 鑽, drew 鑽: second tile of a wild pair is 跑風; a wild is in the pair
        id="R6.3-da-diao-che-wild-pair-9",
    ),
    pytest.param(
        hand(
            "99p",
            "9p",
            [
                meld("concealed_kong", "1111m"),
                meld("concealed_kong", "2222p"),
                meld("concealed_kong", "3333s"),
                meld("concealed_kong", "4444s"),
            ],
        ),
        "da_diao_che",
        {"DA_DIAO_CHE": 30, "PAO_FENG": 6, "MEN_QING": 3, "GANG_AN": 8},
        47,  # concealed kongs are declared melds too: 30+6+3+4x2
        id="R6.3-da-diao-che-concealed-kongs-47",
    ),
    # --- R6.4 十三爛 / 七星歸位 ---
    pytest.param(
        hand("258m147p369s12345z", "2m"),
        "thirteen_lan",
        {"SHI_SAN_LAN": 20},
        20,  # 紅中 read as 中, its printed face
        id="R6.4-shi-san-lan-20",
    ),
    pytest.param(
        hand("14m258p369s123467z", "1m"),
        "thirteen_lan",
        {"SHI_SAN_LAN": 20},
        20,  # 14m differ by 3; held 發 白 (bar tiles) are allowed in 十三爛
        id="R6.4-shi-san-lan-pair-ranks-and-bar-tile-20",
    ),
    pytest.param(
        hand("258m147p369s12345z", "2m", bar_tiles=1),
        "thirteen_lan",
        {"SHI_SAN_LAN": 20, "BAR_TILE": 1},
        21,  # R7.3: an exposed bar tile does not break 十三爛: 20+1
        id="R7.3-shi-san-lan-with-exposed-bar-tile-21",
    ),
    pytest.param(
        hand("3m147p258s1234567z", "3m"),
        "thirteen_lan",
        {"QI_XING": 30},
        30,
        id="R6.4-qi-xing-30",
    ),
    pytest.param(
        hand("14m47p258s1234567z", "1m", indicator="9s"),
        "thirteen_lan",
        {"QI_XING": 30},
        30,  # 鑽 1s: no 1s held; 紅中 is 中 (printed face)
        id="R6.4-qi-xing-other-indicator-30",
    ),
    # --- R6.5 a drawn 鑽 ---
    pytest.param(
        hand("123m456p789s345s7m7m", "7m"),
        "standard",
        {"PAO_FENG": 6, "MEN_QING": 3},
        9,  # 吊鑽 drawing 鑽: the second tile of a wild pair
        id="R6.5-wild-draw-onto-wild-9",
    ),
    pytest.param(
        hand("1133m5577p2299s1z7m", "7m"),
        "seven_pairs",
        {"QI_DUI_WILD": 3, "PAO_FENG": 6},
        9,  # 七對有鑽 carries 跑風 whatever was drawn
        id="R6.5-wild-draw-qidui-wild-9",
    ),
    pytest.param(
        hand("12m45p78s345s9p7777m", "7m"),
        "standard",
        {"SI_ZUAN": 30, "PAO_FENG": 6, "MEN_QING": 3},
        39,  # 四鑽 carries 跑風
        id="R6.5-wild-draw-si-zuan-39",
    ),
    pytest.param(
        hand("123m456p789s34s7m99p", "7m", rules={"wild_draw_requires_pao_feng": False}),
        "standard",
        {"MEN_QING": 3},
        3,  # switch off: a plain wild draw wins
        id="R6.5-switch-off-plain-wild-draw-3",
    ),
    # --- R6.6 打缺 ---
    pytest.param(
        hand("111p345p678s999s2s7m", "2s", ruleset="anqing-daque"),
        "standard",
        {"PAO_FENG": 6, "MEN_QING": 3},
        9,  # the 7m wild plays 2s: suits 筒 and 條 only; 2s + 鑽 is a 獨吊: 6+3
        id="R6.6-wild-read-as-played-face-9",
    ),
    pytest.param(
        hand("111p345s678s999s55z", "5z", ruleset="anqing-daque", indicator="4z"),
        "standard",
        {"PAO_FENG": 6, "MEN_QING": 3},
        9,  # 鑽 東: 紅中 plays 東, an honor: two suits; 獨吊 55z: 6+3
        id="R6.6-stand-in-as-wind-9",
    ),
]


@pytest.mark.parametrize(("request_", "shape", "items", "fan"), SHAPE_ROWS)
def test_shapes(request_: dict, shape: str, items: dict, fan: int) -> None:
    result = assert_scores(request_, items, fan, pays(fan))
    assert result["shape"] == shape


REFUSED_SHAPE_ROWS = [
    pytest.param(
        hand("1111m55p88p22s99s33z", "5p", rules={"qidui_allow_four": False}),
        "E_NOT_WINNING",
        id="R6.2-qidui-allow-four-off",
    ),
    pytest.param(hand("147m258p369s12345z", "1m"), "E_NOT_WINNING", id="R6.4-zuan-face-held"),
    pytest.param(hand("258m147p368s12345z", "2m"), "E_NOT_WINNING", id="R6.4-gap-of-two"),
    pytest.param(hand("258m147p369s11234z", "2m"), "E_NOT_WINNING", id="R6.4-repeated-honor"),
    pytest.param(
        hand("258m147p369s1234z", "2m"),
        "E_TILE_COUNT",
        id="R6.4-thirteen-tiles",
    ),
    pytest.param(hand("123m456p789s34s7m99p", "7m"), "E_WILD_DRAW", id="R6.5-wild-draw-two-sided"),
    pytest.param(hand("127m456p789s345s99p", "7m"), "E_WILD_DRAW", id="R6.5-wild-draw-edge"),
    pytest.param(
        hand("9p7m", "7m", FOUR_MELDS), "E_WILD_DRAW", id="R6.5-wild-draw-onto-natural-single"
    ),
    pytest.param(
        hand("123m456p789s345s99p", "3s", ruleset="anqing-daque"),
        "E_DAQUE_SUITS",
        id="R6.6-three-suits",
    ),
    pytest.param(
        hand("111p345s678s999s55z", "5z", ruleset="anqing-daque"),
        "E_DAQUE_SUITS",
        id="R6.6-stand-in-is-the-zuan-suit",
    ),
    pytest.param(
        hand("99p", "9p", FOUR_MELDS[:3] + [meld("pung", "111m", "W")], ruleset="anqing-daque"),
        "E_CHI_NOT_ALLOWED",
        id="R6.6-daque-no-chow",
    ),
]


@pytest.mark.parametrize(("request_", "code"), REFUSED_SHAPE_ROWS)
def test_refused_shapes(request_: dict, code: str) -> None:
    assert refusal(request_)["code"] == code


def test_four_melds_are_only_da_diao_che() -> None:
    """R7.3: four declared pungs + pair is 大吊車, never a standard 碰碰胡."""
    melds = [
        meld("pung", "111m", "E"),
        meld("pung", "222p", "W"),
        meld("pung", "333s", "N"),
        meld("pung", "444s", "E"),
    ]
    result = scored(hand("99p", "9p", melds))
    assert result["shape"] == "da_diao_che"
    assert "PENG_PENG_HU" not in {item["code"] for item in result["items"]}
