"""R12 house rules: every item value and every switch can be overridden; a bad key or value is
refused with E_RULES."""

from __future__ import annotations

import pytest

from scoring import DEFAULTS, house_rule_defaults
from scoring.anqing.rules import rule_name
from tests.scoring.anqing.anqing_case import (
    assert_payments,
    assert_scores,
    fed,
    hand,
    meld,
    refusal,
    scored,
)

PLAIN = "123m456p789s345s99p"
REST = "456p789s345s99p"
FOUR_MELDS = [
    meld("chi", "123m", "E"),
    meld("pung", "222p", "W"),
    meld("pung", "333s", "N"),
    meld("chi", "456s", "E"),
]
W_FED_THREE_PUNGS = [
    meld("pung", "111m", "W"),
    meld("pung", "222p", "W"),
    meld("pung", "333s", "W"),
]
DAQUE = "anqing-daque"


def pays(fan: int) -> dict[str, int]:
    """S wins, E deals at streak 0: E 8+F, W and N 4+F."""
    return {"E": 8 + fan, "W": 4 + fan, "N": 4 + fan}


ITEM_VALUE_ROWS = [
    pytest.param(
        hand(PLAIN, "9p"), {"pao_feng": 8}, {"PAO_FENG": 8, "MEN_QING": 3}, id="R12-pao_feng"
    ),
    pytest.param(
        hand("222p333s888s55m", "8s", [meld("pung", "111m", "E")]),
        {"peng_peng_hu": 5},
        {"PENG_PENG_HU": 5, "PAO_FENG": 6},
        id="R12-peng_peng_hu",
    ),
    pytest.param(hand(PLAIN, "3s"), {"men_qing": 4}, {"MEN_QING": 4}, id="R12-men_qing"),
    pytest.param(
        hand("1133m5577p2299s11z", "1z"),
        {"qi_dui": 40},
        {"QI_DUI": 40, "PAO_FENG": 6},
        id="R12-qi_dui",
    ),
    pytest.param(
        hand("1133m5577p2299s1z7m", "3m"),
        {"qi_dui_wild": 4},
        {"QI_DUI_WILD": 4, "PAO_FENG": 6},
        id="R12-qi_dui_wild",
    ),
    pytest.param(
        hand("12m45p78s345s9p7777m", "3s"),
        {"si_zuan": 31},
        {"SI_ZUAN": 31, "PAO_FENG": 6, "MEN_QING": 3},
        id="R12-si_zuan",
    ),
    pytest.param(
        hand("1133m5577p22s7777m", "2s"),
        {"shuang_tian_hu": 70},
        {"SHUANG_TIAN_HU": 70, "PAO_FENG": 6},
        id="R12-shuang_tian_hu",
    ),
    pytest.param(
        hand("99p", "9p", FOUR_MELDS),
        {"da_diao_che": 31},
        {"DA_DIAO_CHE": 31, "PAO_FENG": 6},
        id="R12-da_diao_che",
    ),
    pytest.param(
        hand("7m9p", "9p", FOUR_MELDS),
        {"da_diao_che_wild": 4},
        {"DA_DIAO_CHE_WILD": 4, "PAO_FENG": 6},
        id="R12-da_diao_che_wild",
    ),
    pytest.param(
        hand("258m147p369s12345z", "2m"),
        {"shi_san_lan": 21},
        {"SHI_SAN_LAN": 21},
        id="R12-shi_san_lan",
    ),
    pytest.param(
        hand("3m147p258s1234567z", "3m"), {"qi_xing": 31}, {"QI_XING": 31}, id="R12-qi_xing"
    ),
    pytest.param(
        hand("123456789p234s99m", "1p"),
        {"yi_long": 11},
        {"YI_LONG": 11, "MEN_QING": 3},
        id="R12-yi_long",
    ),
    pytest.param(
        hand("123m456p345s99p", "3s", [meld("pung", "111z", "E")]),
        {"feng_ke": 2},
        {"FENG_KE": 2},
        id="R12-feng_ke",
    ),
    pytest.param(
        hand(REST, "3s", [meld("kong", "1111m", "E")]),
        {"gang_ming": 2},
        {"GANG_MING": 2},
        id="R12-gang_ming",
    ),
    pytest.param(
        hand(REST, "3s", [meld("concealed_kong", "1111m")]),
        {"gang_an": 3},
        {"GANG_AN": 3, "MEN_QING": 3},
        id="R12-gang_an",
    ),
    pytest.param(
        hand(REST, "3s", [meld("kong", "1111z", "E")]),
        {"gang_feng": 2},
        {"GANG_MING": 1, "GANG_FENG": 2, "FENG_KE": 1},
        id="R12-gang_feng",
    ),
    pytest.param(
        hand(PLAIN, "3s", bar_tiles=2),
        {"bar_tile": 2},
        {"BAR_TILE": 4, "MEN_QING": 3},  # 2 bar tiles x 2
        id="R12-bar_tile",
    ),
    pytest.param(
        hand(PLAIN, "3s", first_turn=True),
        {"di_hu": 31},
        {"DI_HU": 31, "MEN_QING": 3},
        id="R12-di_hu",
    ),
    pytest.param(
        hand("111p345p678p999p22p", "5p", ruleset=DAQUE),
        {"qing_yi_se": 11},
        {"QING_YI_SE": 11, "MEN_QING": 3},
        id="R12-qing_yi_se",
    ),
    pytest.param(
        hand("111p345p678p999p11z", "5p", ruleset=DAQUE),
        {"cou_yi_se": 6},
        {"COU_YI_SE": 6, "MEN_QING": 3},
        id="R12-cou_yi_se",
    ),
    pytest.param(
        hand("111z222z333z666z44z", "4z", ruleset=DAQUE),
        {"zi_yi_se": 21},
        {"ZI_YI_SE": 21, "PENG_PENG_HU": 3, "PAO_FENG": 6, "MEN_QING": 3, "FENG_KE": 3},
        id="R12-zi_yi_se",
    ),
    pytest.param(
        hand(
            "789s345s99p",
            "3s",
            [meld("kong", "1111m", "E"), meld("kong", "2222p", "W")],
            kongs_before_win=2,
        ),
        {"gang_kai_ladder": [5, 8, 11, 14]},
        {"GANG_MING": 2, "GANG_KAI": 11},  # 5+8-2
        id="R12-gang_kai_ladder",
    ),
    pytest.param(
        hand(REST, "3s", [meld("kong", "1111m", "E")], kongs_before_win=1),
        {"gang_kai_minus_per_kong": 0},
        {"GANG_MING": 1, "GANG_KAI": 4},  # 4-0
        id="R12-gang_kai_minus_per_kong",
    ),
]


@pytest.mark.parametrize(("request_", "overrides", "items"), ITEM_VALUE_ROWS)
def test_item_values_are_house_rules(request_: dict, overrides: dict, items: dict) -> None:
    request_ = {**request_, "rules": overrides}
    fan = sum(items.values())
    assert_scores(request_, items, fan, pays(fan))


def test_mo_pai_tian_hu_value() -> None:
    """R12 mo_pai_tian_hu 31: the dealer's first-14 win, 31+3 = 34; each pays 8+34."""
    request = hand(PLAIN, "3s", winner="E", first_turn=True, rules={"mo_pai_tian_hu": 31})
    assert_scores(request, {"MO_PAI_TIAN_HU": 31, "MEN_QING": 3}, 34, {"S": 42, "W": 42, "N": 42})


PAYMENT_RULE_ROWS = [
    pytest.param(
        hand(PLAIN, "3s", winner="E", dealer_streak=2, rules={"lianzhuang_bonus": [1, 2, 3, 4]}),
        {"S": 21, "W": 21, "N": 21},  # (8+8) + 3 + 2
        id="R12-lianzhuang_bonus",
    ),
    pytest.param(
        hand(PLAIN, "3s", winner="E", dealer_streak=6, rules={"lianzhuang_bonus": [1, 2, 3, 4]}),
        {"S": 39, "W": 39, "N": 39},  # (8+24) + 3 + 4 (past the list keeps the last)
        id="R12-lianzhuang_bonus-past-the-list",
    ),
    pytest.param(
        hand(
            PLAIN,
            "3s",
            dealer_streak=1,
            rules={"nondealer_base": 5, "dealer_base": 10, "dealer_base_step": 5},
        ),
        {"E": 21, "W": 8, "N": 8},  # E (10+5) + 3 + 3; W, N 5+3
        id="R12-bases",
    ),
    pytest.param(
        hand("456s99p", "9p", W_FED_THREE_PUNGS, rules={"bao_pung_3": 10}),
        {"E": 14, "W": 140, "N": 10},  # F 6: W (8+6) x 10
        id="R12-bao_pung_3",
    ),
    pytest.param(
        hand(
            "456s99p",
            "9p",
            [meld("chi", "123m", "E"), meld("pung", "222p", "E"), meld("pung", "333s", "E")],
            rules={"bao_mixed_3": 4},
        ),
        {"E": 56, "W": 10, "N": 10},  # E (8+6) x 4
        id="R12-bao_mixed_3",
    ),
    pytest.param(
        hand(
            "99p",
            "9p",
            [
                meld("chi", "123m", "E"),
                meld("pung", "222p", "E"),
                meld("pung", "333s", "E"),
                meld("pung", "444s", "E"),
            ],
            rules={"bao_mixed_4": 7},
        ),
        {"E": 308, "W": 40, "N": 40},  # F 36: E (8+36) x 7
        id="R12-bao_mixed_4",
    ),
    pytest.param(
        hand(
            "99p", "9p", [*W_FED_THREE_PUNGS, meld("pung", "444s", "W")], rules={"bao_pung_4": 10}
        ),
        {"E": 44, "W": 440, "N": 40},  # (8+36) x 10
        id="R12-bao_pung_4",
    ),
    pytest.param(
        hand(
            PLAIN,
            "9p",
            others_melds={"W": [fed("pung", "S")] * 3},
            rules={"fan_bao_factor": 3},
        ),
        {"E": 17, "W": 306, "N": 13},  # F 9: W (8+9) x 6 x 3
        id="R12-fan_bao_factor",
    ),
]


@pytest.mark.parametrize(("request_", "payments"), PAYMENT_RULE_ROWS)
def test_payment_house_rules(request_: dict, payments: dict) -> None:
    assert_payments(scored(request_), request_["winner"], payments)


SWITCH_ROWS = [
    pytest.param(
        hand("1111m55p88p22s99s33z", "5p", rules={"qidui_allow_four": False}),
        "E_NOT_WINNING",
        id="R12-qidui_allow_four-off",
    ),
    pytest.param(
        hand("123m456p789s34s7m99p", "7m", rules={"wild_draw_requires_pao_feng": True}),
        "E_WILD_DRAW",
        id="R12-wild_draw_requires_pao_feng-on",
    ),
]


@pytest.mark.parametrize(("request_", "code"), SWITCH_ROWS)
def test_switches(request_: dict, code: str) -> None:
    assert refusal(request_)["code"] == code


def test_wild_draw_switch_off_wins() -> None:
    """R12 wild_draw_requires_pao_feng false: the plain 鑽 draw wins with 門清 only (F 3)."""
    request = hand("123m456p789s34s7m99p", "7m", rules={"wild_draw_requires_pao_feng": False})
    assert_scores(request, {"MEN_QING": 3}, 3, pays(3))


BAD_RULES_ROWS = [
    pytest.param({"no_such_rule": 1}, id="R12-unknown-key"),
    pytest.param({"PAO_FENG": 8}, id="R12-key-is-lower-case"),
    pytest.param({"pao_feng": "six"}, id="R12-wrong-kind-text-for-number"),
    pytest.param({"qidui_allow_four": "yes"}, id="R12-wrong-kind-text-for-switch"),
    pytest.param({"lianzhuang_bonus": 3}, id="R12-wrong-kind-number-for-list"),
    pytest.param({"gang_kai_ladder": ["four"]}, id="R12-wrong-kind-list-of-text"),
    pytest.param({"liability_basis": "everyone"}, id="R12-unknown-liability-basis"),
    pytest.param({"liability_basis": 1}, id="R12-wrong-kind-number-for-basis"),
]


@pytest.mark.parametrize("overrides", BAD_RULES_ROWS)
def test_bad_house_rules_are_refused(overrides: dict) -> None:
    error = refusal(hand(PLAIN, "3s", rules=overrides))
    assert error["code"] == "E_RULES"
    key = next(iter(overrides))
    assert error["field"] == f"rules.{key}"
    if key in DEFAULTS:  # named by its name on the house-rules form (R12)
        assert rule_name(key, "en") in error["message_en"] and rule_name(key) in error["message"]
    else:  # what was typed, quoted
        assert key in error["message_en"] and key in error["message"]


ITEM_DEFAULTS = {
    "pao_feng": 6,
    "peng_peng_hu": 3,
    "men_qing": 3,
    "qi_dui": 30,
    "qi_dui_wild": 3,
    "si_zuan": 30,
    "shuang_tian_hu": 60,
    "da_diao_che": 30,
    "da_diao_che_wild": 3,
    "shi_san_lan": 20,
    "qi_xing": 30,
    "yi_long": 10,
    "feng_ke": 1,
    "gang_ming": 1,
    "gang_an": 2,
    "gang_feng": 1,
    "bar_tile": 1,
    "mo_pai_tian_hu": 30,
    "di_hu": 30,
    "qing_yi_se": 10,
    "cou_yi_se": 5,
    "zi_yi_se": 20,
}
SWITCH_DEFAULTS = {
    "qidui_allow_four": True,
    "wild_draw_requires_pao_feng": True,
    "liability_basis": "as_dealer",
    "lianzhuang_bonus": [3, 6, 12, 15],
    "gang_kai_ladder": [4, 7, 10, 13],
    "gang_kai_minus_per_kong": 1,
    "nondealer_base": 4,
    "dealer_base": 8,
    "dealer_base_step": 4,
    "bao_mixed_3": 3,
    "bao_pung_3": 6,
    "bao_mixed_4": 6,
    "bao_pung_4": 12,
    "fan_bao_factor": 2,
}


@pytest.mark.parametrize(
    ("key", "default"),
    [
        pytest.param(k, v, id=f"R12-default-{k}")
        for k, v in {**ITEM_DEFAULTS, **SWITCH_DEFAULTS}.items()
    ],
)
def test_house_rule_defaults(key: str, default: object) -> None:
    value = house_rule_defaults(DAQUE)[key]
    assert (list(value) if isinstance(value, tuple) else value) == default
