"""R7 fan items: every item code, the R7.1 exclusions, the labels, and the seed's own numbers.

Defaults of anqing_case.hand: indicator 6m (鑽 7m, stand-in 5z plays 7m, bar tiles 6z 7z),
winner S, dealer E, streak 0, silver 1. A non-dealer win then pays
E (dealer) = 8 + F, W = N = 4 + F (R9); a dealer win pays 8 + F from each of S W N.
"""

from __future__ import annotations

import pytest

from tests.scoring.anqing.anqing_case import assert_scores, fed, hand, label_codes, meld, scored

# A plain concealed hand with a two-sided wait on 3s: only MEN_QING.
PLAIN = "123m456p789s345s99p"

ITEM_ROWS = [
    # --- PAO_FENG by shape (R7 PAO_FENG (a)); MEN_QING 3 because nothing is melded ---
    pytest.param(
        hand(PLAIN, "3s"),
        {"MEN_QING": 3},
        3,  # 3s completes 45s: two-sided, no 跑風
        {"E": 11, "W": 7, "N": 7},  # E 8+3, W/N 4+3
        id="R7-MEN_QING-two-sided-3",
    ),
    pytest.param(
        hand(PLAIN, "9p"),
        {"PAO_FENG": 6, "MEN_QING": 3},
        9,  # 獨吊 9p on natural 9p: 6+3
        {"E": 17, "W": 13, "N": 13},  # 8+9, 4+9
        id="R7-PAO_FENG-dudiao-6+3=9",
    ),
    pytest.param(
        hand(PLAIN, "3m"),
        {"PAO_FENG": 6, "MEN_QING": 3},
        9,  # 邊張: 3m completes natural 12m
        {"E": 17, "W": 13, "N": 13},
        id="R7-PAO_FENG-bian-3-on-12",
    ),
    pytest.param(
        hand(PLAIN, "7s"),
        {"PAO_FENG": 6, "MEN_QING": 3},
        9,  # 邊張: 7s completes natural 89s
        {"E": 17, "W": 13, "N": 13},
        id="R7-PAO_FENG-bian-7-on-89",
    ),
    pytest.param(
        hand(PLAIN, "1m"),
        {"MEN_QING": 3},
        3,  # 1m completes 23m: two-sided (1 or 4), not 邊張
        {"E": 11, "W": 7, "N": 7},
        id="R7-PAO_FENG-not-for-1-on-23",
    ),
    pytest.param(
        hand(PLAIN, "9s"),
        {"MEN_QING": 3},
        3,  # 9s completes 78s: two-sided (6 or 9)
        {"E": 11, "W": 7, "N": 7},
        id="R7-PAO_FENG-not-for-9-on-78",
    ),
    pytest.param(
        hand(PLAIN, "5p"),
        {"PAO_FENG": 6, "MEN_QING": 3},
        9,  # 卡張: 5p is the middle of natural 4p_6p
        {"E": 17, "W": 13, "N": 13},
        id="R7-PAO_FENG-kan-middle",
    ),
    pytest.param(
        hand("123456p89p234s99m7m", "8p"),
        {"YI_LONG": 10, "MEN_QING": 3},
        13,  # the wild plays 7p; 8p sits between a wild and 9p: not 卡張 (ends must be natural)
        {"E": 21, "W": 17, "N": 17},  # 8+13, 4+13
        id="R7-PAO_FENG-not-kan-beside-wild",
    ),
    pytest.param(
        hand("123m456p789s345s9p7m", "9p"),
        {"PAO_FENG": 6, "MEN_QING": 3},
        9,  # 9p drawn onto a held 鑽: 獨吊 with a wild (吊鑽)
        {"E": 17, "W": 13, "N": 13},
        id="R7-PAO_FENG-diaozuan-natural-drawn",
    ),
    pytest.param(
        hand("123m456p789s345s7m7m", "7m"),
        {"PAO_FENG": 6, "MEN_QING": 3},
        9,  # a drawn 鑽 as the second tile of a wild pair: 6+3
        {"E": 17, "W": 13, "N": 13},
        id="R7-PAO_FENG-wild-drawn-onto-wild",
    ),
    # --- PENG_PENG_HU (hard carries PAO_FENG: the seed's 6+3=9) ---
    pytest.param(
        hand("222p333s888s55m", "8s", [meld("pung", "111m", "E")]),
        {"PENG_PENG_HU": 3, "PAO_FENG": 6},
        9,  # hard 碰碰胡: 3 + carried 跑風 6 = 9 (8s completes a pung: no shape 跑風)
        {"E": 17, "W": 13, "N": 13},
        id="R7-PENG_PENG_HU-hard-6+3=9",
    ),
    pytest.param(
        hand("222p333s777m55m", "7m", [meld("pung", "111m", "E")]),
        {"PENG_PENG_HU": 3, "PAO_FENG": 6},
        9,  # 777m are wilds playing their own face: still hard, 跑風 carried even on a drawn 鑽
        {"E": 17, "W": 13, "N": 13},
        id="R7-PENG_PENG_HU-hard-wild-drawn-6+3=9",
    ),
    pytest.param(
        hand("222p333s88s7m55m", "2p", [meld("pung", "111m", "E")]),
        {"PENG_PENG_HU": 3},
        3,  # 7m substitutes (888s or 555m): soft, no 跑風; 2p completes a pung
        {"E": 11, "W": 7, "N": 7},
        id="R7-PENG_PENG_HU-soft-3",
    ),
    pytest.param(
        hand("111m222p333s888s55m", "8s"),
        {"PENG_PENG_HU": 3, "PAO_FENG": 6, "MEN_QING": 3},
        12,  # concealed hard 碰碰胡: 3+6+3
        {"E": 20, "W": 16, "N": 16},
        id="R7-PENG_PENG_HU-concealed-with-MEN_QING-12",
    ),
    # --- MEN_QING with a concealed kong; GANG_AN ---
    pytest.param(
        hand("456p789s345s99p", "3s", [meld("concealed_kong", "1111m")]),
        {"MEN_QING": 3, "GANG_AN": 2},
        5,  # 門清 allows 暗槓: 3+2
        {"E": 13, "W": 9, "N": 9},
        id="R7-GANG_AN-with-MEN_QING-5",
    ),
    # --- 七對 family ---
    pytest.param(
        hand("1133m5577p2299s11z", "1z"),
        {"QI_DUI": 30, "PAO_FENG": 6},
        36,  # seed: 七對天胡30加跑風6; no MEN_QING / FENG_KE (R7.1)
        {"E": 44, "W": 40, "N": 40},  # 8+36, 4+36
        id="R7-QI_DUI-hard-36",
    ),
    pytest.param(
        hand("1133m5577p2299s1z7m", "3m"),
        {"QI_DUI_WILD": 3, "PAO_FENG": 6},
        9,  # seed: 七對有鑽 9番 (跑風 included): 7m pairs with 1z
        {"E": 17, "W": 13, "N": 13},
        id="R7-QI_DUI_WILD-9",
    ),
    pytest.param(
        hand("1133m5577p22s7777m", "2s"),
        {"SHUANG_TIAN_HU": 60, "PAO_FENG": 6},
        66,  # seed: 雙天胡60加跑風6; replaces QI_DUI and SI_ZUAN
        {"E": 74, "W": 70, "N": 70},  # 8+66, 4+66
        id="R7-SHUANG_TIAN_HU-66",
    ),
    # --- 四鑽 ---
    pytest.param(
        hand("12m45p78s345s9p7777m", "3s"),
        {"SI_ZUAN": 30, "PAO_FENG": 6, "MEN_QING": 3},
        39,  # 四鑽 30 + carried 跑風 6 (=36) + 門清 3; each wild is forced into one set
        {"E": 47, "W": 43, "N": 43},
        id="R7-SI_ZUAN-36+MEN_QING-39",
    ),
    pytest.param(
        hand("456p789s345s99p", "3s", [meld("concealed_kong", "7777m")]),
        {"SI_ZUAN": 30, "PAO_FENG": 6, "GANG_AN": 2, "MEN_QING": 3},
        41,  # the four wilds in a concealed kong still count: 30+6+2+3
        {"E": 49, "W": 45, "N": 45},
        id="R7-SI_ZUAN-in-concealed-kong-41",
    ),
    # --- 大吊車 ---
    pytest.param(
        hand(
            "99p",
            "9p",
            [
                meld("chi", "123m", "E"),
                meld("pung", "222p", "W"),
                meld("pung", "333s", "N"),
                meld("chi", "456s", "E"),
            ],
        ),
        {"DA_DIAO_CHE": 30, "PAO_FENG": 6},
        36,  # seed: 大吊車天胡30加跑風6
        {"E": 44, "W": 40, "N": 40},
        id="R7-DA_DIAO_CHE-36",
    ),
    pytest.param(
        hand(
            "99p",
            "9p",
            [
                meld("pung", "111m", "E"),
                meld("pung", "222p", "W"),
                meld("pung", "333s", "N"),
                meld("pung", "444s", "E"),
            ],
        ),
        {"DA_DIAO_CHE": 30, "PAO_FENG": 6},
        36,  # four pungs + pair: DA_DIAO_CHE excludes PENG_PENG_HU (R7.1)
        {"E": 44, "W": 40, "N": 40},
        id="R7-DA_DIAO_CHE-excludes-PENG_PENG_HU-36",
    ),
    pytest.param(
        hand(
            "7m9p",
            "9p",
            [
                meld("chi", "123m", "E"),
                meld("pung", "222p", "W"),
                meld("pung", "333s", "N"),
                meld("chi", "456s", "E"),
            ],
        ),
        {"DA_DIAO_CHE_WILD": 3, "PAO_FENG": 6},
        9,  # seed: 吊鑽後摸到任意一張胡牌 9番 (大吊車3加跑風6)
        {"E": 17, "W": 13, "N": 13},
        id="R7-DA_DIAO_CHE_WILD-diaozuan-9",
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
        {"DA_DIAO_CHE": 30, "PAO_FENG": 6, "MEN_QING": 3, "GANG_AN": (8, 4)},
        47,  # 大吊車 of four 暗槓 keeps 門清: 30+6+3+4x2
        {"E": 55, "W": 51, "N": 51},
        id="R7-DA_DIAO_CHE-four-concealed-kongs-MEN_QING-47",
    ),
    # --- 十三爛 / 七星歸位 ---
    pytest.param(
        hand("258m147p369s12345z", "1z"),
        {"SHI_SAN_LAN": 20},
        20,  # 5z read as 中 (printed face); no MEN_QING (R7.1)
        {"E": 28, "W": 24, "N": 24},
        id="R7-SHI_SAN_LAN-20",
    ),
    pytest.param(
        hand("3m147p258s1234567z", "3m"),
        {"QI_XING": 30},
        30,  # seed: 七星歸位 + 十三爛 30番; replaces SHI_SAN_LAN; held 6z 7z allowed in 十三爛
        {"E": 38, "W": 34, "N": 34},
        id="R7-QI_XING-30",
    ),
    # --- 一龍 ---
    pytest.param(
        hand("123456789p234s99m", "1p"),
        {"YI_LONG": 10, "MEN_QING": 3},
        13,  # 1p completes 23p: two-sided, no 跑風
        {"E": 21, "W": 17, "N": 17},
        id="R7-YI_LONG-13",
    ),
    pytest.param(
        hand("456p789p99s345s", "3s", [meld("chi", "123p", "E")]),
        {"YI_LONG": 10},
        10,  # a melded 123p counts toward 一龍
        {"E": 18, "W": 14, "N": 14},
        id="R7-YI_LONG-melded-chow-10",
    ),
    # --- 風 / 槓 ---
    pytest.param(
        hand("123m456p345s99p", "3s", [meld("pung", "111z", "E")]),
        {"FENG_KE": 1},
        1,
        {"E": 9, "W": 5, "N": 5},
        id="R7-FENG_KE-melded-1",
    ),
    pytest.param(
        hand("123m456p345s222z99p", "3s"),
        {"FENG_KE": 1, "MEN_QING": 3},
        4,  # a concealed 南 pung counts too
        {"E": 12, "W": 8, "N": 8},
        id="R7-FENG_KE-concealed-4",
    ),
    pytest.param(
        hand("123m456p345s22z7m99p", "3s"),
        {"FENG_KE": 1, "MEN_QING": 3},
        4,  # the wild fills 22z into a 南 pung (better than 999p): 1+3
        {"E": 12, "W": 8, "N": 8},
        id="R7-FENG_KE-wild-fills-4",
    ),
    pytest.param(
        hand("456p345s99p", "3s", [meld("pung", "111z", "E"), meld("pung", "333z", "W")]),
        {"FENG_KE": (2, 2)},
        2,
        {"E": 10, "W": 6, "N": 6},
        id="R7-FENG_KE-two-count-2",
    ),
    pytest.param(
        hand("456p789s345s99p", "3s", [meld("kong", "1111m", "E")]),
        {"GANG_MING": 1},
        1,
        {"E": 9, "W": 5, "N": 5},
        id="R7-GANG_MING-kong-1",
    ),
    pytest.param(
        hand("456p789s345s99p", "3s", [meld("added_kong", "1111m", "W")]),
        {"GANG_MING": 1},
        1,  # 補槓 is a 明槓
        {"E": 9, "W": 5, "N": 5},
        id="R7-GANG_MING-added-kong-1",
    ),
    pytest.param(
        hand("456p789s345s99p", "3s", [meld("kong", "1111z", "E")]),
        {"GANG_MING": 1, "GANG_FENG": 1, "FENG_KE": 1},
        3,  # a wind 明槓: 1 + 風槓 1 + 風 1
        {"E": 11, "W": 7, "N": 7},
        id="R7-GANG_FENG-exposed-3",
    ),
    pytest.param(
        hand("456p789s345s99p", "3s", [meld("concealed_kong", "2222z")]),
        {"GANG_AN": 2, "GANG_FENG": 1, "FENG_KE": 1, "MEN_QING": 3},
        7,  # a wind 暗槓: 2 + 1 + 1, still 門清 3
        {"E": 15, "W": 11, "N": 11},
        id="R7-GANG_FENG-concealed-7",
    ),
    pytest.param(
        hand("456p789s345s99p", "3s", [meld("pung", "111m", "E")], bar_tiles=2),
        {"BAR_TILE": (2, 2)},
        2,  # 幾個發算幾個翻: 1 each
        {"E": 10, "W": 6, "N": 6},
        id="R7-BAR_TILE-two-2",
    ),
    pytest.param(
        hand(PLAIN, "3s", bar_tiles=1),
        {"BAR_TILE": 1, "MEN_QING": 3},
        4,  # R7.3: an exposed bar tile is not a meld, 門清 stays
        {"E": 12, "W": 8, "N": 8},
        id="R7-BAR_TILE-keeps-MEN_QING-4",
    ),
    # --- 槓開 ladder: sum(ladder[0:n]) - n ---
    pytest.param(
        hand("456p789s345s99p", "3s", [meld("kong", "1111m", "E")], kongs_before_win=1),
        {"GANG_MING": 1, "GANG_KAI": 3},
        4,  # n=1: 4-1=3; with the kong's 1 the seed's 一槓4
        {"E": 12, "W": 8, "N": 8},
        id="R7-GANG_KAI-n1-3",
    ),
    pytest.param(
        hand(
            "789s345s99p",
            "3s",
            [meld("kong", "1111m", "E"), meld("kong", "2222p", "W")],
            kongs_before_win=2,
        ),
        {"GANG_MING": (2, 2), "GANG_KAI": 9},
        11,  # seed: 4+7-2=9, plus 2 明槓
        {"E": 19, "W": 15, "N": 15},
        id="R7-GANG_KAI-n2-4+7-2=9",
    ),
    pytest.param(
        hand(
            "456s99p",
            "4s",
            [meld("kong", "1111m", "E"), meld("kong", "2222p", "W"), meld("kong", "3333s", "N")],
            kongs_before_win=3,
        ),
        {"GANG_MING": (3, 3), "GANG_KAI": 18},
        21,  # n=3: 4+7+10-3=18, plus 3
        {"E": 29, "W": 25, "N": 25},
        id="R7-GANG_KAI-n3-18",
    ),
    pytest.param(
        hand(
            "456p789s345s99p", "3s", [meld("kong", "1111m", "E")], bar_tiles=3, kongs_before_win=4
        ),
        {"GANG_MING": 1, "BAR_TILE": (3, 3), "GANG_KAI": 30},
        34,  # n=4 (one kong + three bar tiles): 4+7+10+13-4=30; +1 +3
        {"E": 42, "W": 38, "N": 38},
        id="R7-GANG_KAI-n4-30",
    ),
    pytest.param(
        hand(PLAIN, "3s", bar_tiles=5, kongs_before_win=5),
        {"MEN_QING": 3, "BAR_TILE": (5, 5), "GANG_KAI": 45},
        53,  # n=5: ladder goes on +3 -> 16; 4+7+10+13+16-5=45; +5 +3
        {"E": 61, "W": 57, "N": 57},
        id="R7-GANG_KAI-n5-45",
    ),
    pytest.param(
        hand("456p789s345s99p", "9p", [meld("kong", "1111m", "E")], kongs_before_win=1),
        {"GANG_MING": 1, "GANG_KAI": 3, "PAO_FENG": 6},
        10,  # 直叫 = 槓開 + 跑風: 1+3+6
        {"E": 18, "W": 14, "N": 14},
        id="R7-GANG_KAI-ZHI_JIAO-10",
    ),
    # --- 天胡 / 地胡 ---
    pytest.param(
        hand(PLAIN, "3s", winner="E", first_turn=True),
        {"MO_PAI_TIAN_HU": 30, "MEN_QING": 3},
        33,  # dealer on the first 14: 30+3
        {"S": 41, "W": 41, "N": 41},  # each 8+33
        id="R7-MO_PAI_TIAN_HU-33",
    ),
    pytest.param(
        hand(PLAIN, "3s", first_turn=True),
        {"DI_HU": 30, "MEN_QING": 3},
        33,  # non-dealer's first draw: 30+3
        {"E": 41, "W": 37, "N": 37},
        id="R7-DI_HU-33",
    ),
    # --- 一色 items (anqing-daque only) ---
    pytest.param(
        hand("111p345p678p999p22p", "5p", ruleset="anqing-daque"),
        {"QING_YI_SE": 10, "MEN_QING": 3},
        13,  # one suit; 5p completes 34p two-sided
        {"E": 21, "W": 17, "N": 17},
        id="R7-QING_YI_SE-daque-13",
    ),
    pytest.param(
        hand("111p345p678p999p22p", "5p"),
        {"MEN_QING": 3},
        3,  # R3: under anqing the 一色 items are not scored
        {"E": 11, "W": 7, "N": 7},
        id="R7-QING_YI_SE-not-under-anqing-3",
    ),
    pytest.param(
        hand("111p345p678p999p11z", "5p", ruleset="anqing-daque"),
        {"COU_YI_SE": 5, "MEN_QING": 3},
        8,
        {"E": 16, "W": 12, "N": 12},
        id="R7-COU_YI_SE-daque-8",
    ),
    pytest.param(
        hand("111p345p678p999p55z", "5p", ruleset="anqing-daque"),
        {"MEN_QING": 3},
        3,  # R4.3: 紅中 is the stand-in of 7m, a 萬 tile: two suits, no 湊一色
        {"E": 11, "W": 7, "N": 7},
        id="R7-COU_YI_SE-stand-in-is-a-suit-3",
    ),
    pytest.param(
        hand("111z222z333z666z44z", "4z", ruleset="anqing-daque"),
        {"ZI_YI_SE": 20, "PENG_PENG_HU": 3, "PAO_FENG": 6, "MEN_QING": 3, "FENG_KE": (3, 3)},
        35,  # 發 stays in hand under 打缺; 20+3+6+3+3 (東南西 pungs); no COU_YI_SE (R7.1)
        {"E": 43, "W": 39, "N": 39},
        id="R7-ZI_YI_SE-daque-35",
    ),
    pytest.param(
        hand(
            "456p789p345p99p",
            "3p",
            [meld("pung", "111m", "W")],
            ruleset="anqing-daque",
            bar_tiles=2,
        ),
        {},
        0,  # R4.4: exposed bar tiles score nothing under 打缺
        {"E": 8, "W": 4, "N": 4},
        id="R7-BAR_TILE-none-under-daque-0",
    ),
    # --- R7.1 / R7.2 ---
    pytest.param(
        hand("1111z33m55p88p22s99s", "3m"),
        {"QI_DUI": 30, "PAO_FENG": 6},
        36,  # four 東 are two pairs, not a set: no FENG_KE (R7.1, R7.3)
        {"E": 44, "W": 40, "N": 40},
        id="R7.1-QI_DUI-no-FENG_KE-36",
    ),
    pytest.param(
        hand("112233m445566p99s", "9s"),
        {"QI_DUI": 30, "PAO_FENG": 6},
        36,  # also a standard 門清 hand (3+6=9), 七對 is worth more
        {"E": 44, "W": 40, "N": 40},
        id="R7.2-best-reading-QI_DUI-over-standard-36",
    ),
    pytest.param(
        hand("123m456p789s3s7m7m99p", "3s"),
        {"PAO_FENG": 6, "MEN_QING": 3},
        9,  # best reading: 999p (9p9p+鑽) and 3s+鑽 as a 獨吊 pair: 6+3
        {"E": 17, "W": 13, "N": 13},
        id="R7.2-best-reading-two-wilds-9",
    ),
    pytest.param(
        hand("123m456p789s777m99p", "9p"),
        {"PAO_FENG": 6, "MEN_QING": 3, "FENG_KE": 1},
        10,  # three wilds best as a wind pung: 6+3+1
        {"E": 18, "W": 14, "N": 14},
        id="R7.2-best-reading-three-wilds-10",
    ),
]


@pytest.mark.parametrize(("request_", "items", "fan", "payments"), ITEM_ROWS)
def test_fan_items(request_: dict, items: dict, fan: int, payments: dict) -> None:
    assert_scores(request_, items, fan, payments)


LABEL_ROWS = [
    pytest.param(hand("1133m5577p2299s11z", "1z"), ["TIAN_HU"], id="R7-label-TIAN_HU-QI_DUI"),
    pytest.param(hand("12m45p78s345s9p7777m", "3s"), ["TIAN_HU"], id="R7-label-TIAN_HU-SI_ZUAN"),
    pytest.param(
        hand("1133m5577p22s7777m", "2s"), ["TIAN_HU"], id="R7-label-TIAN_HU-SHUANG_TIAN_HU"
    ),
    pytest.param(
        hand(
            "99p",
            "9p",
            [
                meld("chi", "123m", "E"),
                meld("pung", "222p", "W"),
                meld("pung", "333s", "N"),
                meld("chi", "456s", "E"),
            ],
        ),
        ["TIAN_HU"],
        id="R7-label-TIAN_HU-DA_DIAO_CHE",
    ),
    pytest.param(hand("3m147p258s1234567z", "3m"), ["TIAN_HU"], id="R7-label-TIAN_HU-QI_XING"),
    pytest.param(
        hand(PLAIN, "3s", winner="E", first_turn=True),
        ["TIAN_HU"],
        id="R7-label-TIAN_HU-MO_PAI_TIAN_HU",
    ),
    pytest.param(hand(PLAIN, "3s", first_turn=True), [], id="R7-label-none-DI_HU"),
    pytest.param(hand("1133m5577p2299s1z7m", "3m"), [], id="R7-label-none-QI_DUI_WILD"),
    pytest.param(hand("258m147p369s12345z", "1z"), [], id="R7-label-none-SHI_SAN_LAN"),
    pytest.param(
        hand("456p789s345s99p", "9p", [meld("kong", "1111m", "E")], kongs_before_win=1),
        ["ZHI_JIAO"],
        id="R7-label-ZHI_JIAO",
    ),
    pytest.param(
        hand("456p789s345s99p", "3s", [meld("kong", "1111m", "E")], kongs_before_win=1),
        [],
        id="R7-label-none-GANG_KAI-without-PAO_FENG",
    ),
    pytest.param(
        hand(
            "99p",
            "9p",
            [
                meld("kong", "1111m", "E"),
                meld("kong", "2222p", "W"),
                meld("kong", "3333s", "N"),
                meld("kong", "4444s", "E"),
            ],
            kongs_before_win=4,
        ),
        ["TIAN_HU", "ZHI_JIAO"],
        id="R7-label-TIAN_HU-and-ZHI_JIAO",
    ),
]


@pytest.mark.parametrize(("request_", "labels"), LABEL_ROWS)
def test_labels(request_: dict, labels: list[str]) -> None:
    result = scored(request_)
    assert label_codes(result) == sorted(labels)
    assert all(label not in {i["code"] for i in result["items"]} for label in labels)


def test_four_kong_da_diao_che_ladder_total() -> None:
    """R7 GANG_KAI n=4 on a 大吊車 of four 明槓: 30+6 + 4x1 + (4+7+10+13-4=30) = 70."""
    result = scored(
        hand(
            "99p",
            "9p",
            [
                meld("kong", "1111m", "E"),
                meld("kong", "2222p", "W"),
                meld("kong", "3333s", "N"),
                meld("kong", "4444s", "E"),
            ],
            kongs_before_win=4,
        )
    )
    assert result["fan"] == 70
    assert {i["code"]: i["fan"] for i in result["items"]} == {
        "DA_DIAO_CHE": 30,
        "PAO_FENG": 6,
        "GANG_MING": 4,
        "GANG_KAI": 30,
    }


def test_others_melds_do_not_change_fan() -> None:
    """R7: F is the winner's; other players' melds only matter for 包 (R10)."""
    plain = scored(hand(PLAIN, "9p"))
    with_others = scored(
        hand(PLAIN, "9p", others_melds={"E": [fed("pung", "W")], "W": [], "N": []})
    )
    assert with_others["fan"] == plain["fan"] == 9
