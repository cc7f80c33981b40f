"""Anqing as one game of the registry: its ``GAME`` (``scoring.base.Game``), what it declares
about itself (R4's specials, R12's house-rule schema) and its entry points.

>>> GAME.specials("6m")
{'wild': '7m', 'stand_ins': ['5z'], 'bar_tiles': ['6z', '7z']}
>>> GAME.specials("5z"), GAME.specials("1f")
({'wild': '6z', 'stand_ins': [], 'bar_tiles': ['5z', '7z']}, None)
>>> [(r.key, r.minimum, r.maximum) for r in GAME.house_rules()][:2]
[('pao_feng', 0, 1000), ('peng_peng_hu', 0, 1000)]
"""

from __future__ import annotations

from scoring.anqing.engine import score, waits
from scoring.anqing.hand import MAX_SILVER, SILVER_PLACES
from scoring.anqing.rules import (
    DEFAULTS,
    LIABILITY_BASES,
    MAX_STEPS,
    MAXIMA,
    RULESETS,
    house_rule_defaults,
    make_rules,
)
from scoring.anqing.table import FIRST_DEALER, dealer_after, dealer_base
from scoring.base import Features, Game, HouseRule, read_labels, words
from scoring.errors import ScoringError
from scoring.tiles import specials as tile_specials

# A round's hand (R11; the app supplies the context).
HAND_FIELDS = (
    "winner",
    "indicator",
    "concealed",
    "win_tile",
    "melds",
    "bar_tiles",
    "kongs_before_win",
    "first_turn",
    "others_melds",
)

FEATURES = Features(
    indicator=True,  # R4.1: the tile turned up names the 鑽
    wild_names=words("钻", "鑽", "Wild"),
    discard_wins=False,  # R5: self-draw only
    several_winners=False,
    unit="fan",
    unit_names=words("番", "番", "fan"),
    draw_names=words("荒庄", "荒莊", "Draw"),
    liability=True,  # R10: 包
    rule_ids={"payments": "R9", "house_rules": "R12", "draw": "R9"},
    # R9: 「（底番+ 牌型番數）* 基礎銀子」, with R8.2's 連莊 bonus
    silver_help=words(
        "每笔钱 = （底番 + 牌型番 + 连庄加番）× 基础银子（R9）",
        "每筆錢 = （底番 + 牌型番 + 連莊加番）× 基礎銀子（R9）",
        "Each payment = (base + hand fan + streak bonus) × base silver (R9)",
    ),
    # R3: 清一色 / 凑一色 / 字一色 score only under 打缺 (规则2)
    ruleset_rules={key: ("anqing-daque",) for key in ("qing_yi_se", "cou_yi_se", "zi_yi_se")},
    house_rule_help={
        "lianzhuang_bonus": words(
            "第1、2、3、4次连庄，庄家每笔输赢各加几番，用逗号分开，如 3, 6, 12, 15；"
            "再往后按最后一个数（R8.2）",
            "第1、2、3、4次連莊，莊家每筆輸贏各加幾番，用逗號分開，如 3, 6, 12, 15；"
            "再往後按最後一個數（R8.2）",
            "Fan added to each of the dealer's payments on the 1st, 2nd, 3rd and 4th kept deal, "
            "separated by commas, e.g. 3, 6, 12, 15; later deals keep the last (R8.2)",
        ),
        "gang_kai_ladder": words(
            "胡前连杠几次，就把前几个数加起来，再减去每杠已算的番，用逗号分开，如 4, 7, 10, 13："
            "杠两次是 4 + 7 − 2 = 9 番（R7 杠开）",
            "胡前連槓幾次，就把前幾個數加起來，再減去每槓已算的番，用逗號分開，如 4, 7, 10, 13："
            "槓兩次是 4 + 7 − 2 = 9 番（R7 槓開）",
            "Kong bloom: for n kongs in a row before the win, the first n numbers added up, less "
            "the fan each kong already counts; separated by commas, e.g. 4, 7, 10, 13: two kongs "
            "make 4 + 7 − 2 = 9 fan (R7)",
        ),
    },
)

# Every house-rule key's rule id and its name in zh-hans, zh-hant and en, and each choice's name
# (house_rules.json beside this module: words for people, kept apart from the engine's texts).
LABELS, CHOICE_LABELS = read_labels(__package__)


def specials(indicator: object, rules: object = None) -> dict | None:
    """R4: the 鑽 the indicator turns up (R4.1), its stand-in 紅中 unless the 鑽 is a dragon
    (R4.3) and the bar tiles (R4.4); None when ``indicator`` is not one tile. The rules do not
    change them."""
    if not isinstance(indicator, str) or not indicator.strip():
        return None
    try:
        found = tile_specials(indicator)
    except (ScoringError, ValueError, KeyError, IndexError):
        return None
    stand_in = found["stand_in"]
    return {
        "wild": found["wild"],
        "stand_ins": [] if stand_in is None else [stand_in],
        "bar_tiles": list(found["bar_faces"]),
    }


def house_rules(ruleset: str = "anqing") -> tuple[HouseRule, ...]:
    """R12: every key ``make_rules`` takes, with its bound (``MAXIMA``, ``MAX_STEPS``)."""
    defaults = house_rule_defaults(ruleset)  # E_RULES for a ruleset not Anqing's
    out = []
    for key in DEFAULTS:
        rule_id, hans, hant, en = LABELS[key]
        default = defaults[key]
        common = {"default": default, "labels": words(hans, hant, en), "rule_id": rule_id}
        if isinstance(default, bool):
            out.append(HouseRule(key, "bool", **common))
        elif isinstance(default, int):
            out.append(HouseRule(key, "int", 0, MAXIMA[key], **common))
        elif isinstance(default, list | tuple):
            common["default"] = tuple(default)
            out.append(
                HouseRule(
                    key,
                    "int_list",
                    0,
                    MAXIMA[key],
                    max_items=MAX_STEPS[key],
                    min_items=0 if key == "lianzhuang_bonus" else 1,
                    **common,
                )
            )
        else:
            out.append(
                HouseRule(
                    key,
                    "choice",
                    choices=LIABILITY_BASES,
                    choice_labels={c: words(*CHOICE_LABELS[key][c]) for c in LIABILITY_BASES},
                    **common,
                )
            )
    return tuple(out)


GAME = Game(
    code="anqing",
    names={"zh-hans": "安庆麻将", "zh-hant": "安慶麻將", "en": "Anqing mahjong"},
    seat_counts=(4,),
    rulesets=RULESETS,
    score=score,
    waits=waits,
    house_rule_defaults=house_rule_defaults,
    make_rules=make_rules,
    next_dealer=lambda dealer, streak, winner, players: dealer_after(dealer, streak, winner),
    dealer_base=dealer_base,
    first_dealer=FIRST_DEALER,
    hand_fields=HAND_FIELDS,
    features=FEATURES,
    specials=specials,
    house_rules_of=house_rules,
    max_silver=MAX_SILVER,
    silver_places=SILVER_PLACES,
)
