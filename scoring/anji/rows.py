"""Every row of Anji's settlement table (AJ8): its code, names, rule id, the seed's words, the
house-rule key of its value, its method group (AJ7.3) and its part of X (AJ7.2)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Row:
    code: str
    name: str
    name_en: str
    rule: str
    quote: str
    group: int | None  # method group G0–G9 (AJ8.1); None for 牌型 rows and flowers
    part: str  # method, shape or flowers

    @property
    def key(self) -> str:
        return self.code.lower()


def _row(code, name, name_en, rule, quote, group=None, part="method") -> Row:  # noqa: ANN001
    return Row(code, name, name_en, rule, quote, group, part)


ROWS: dict[str, Row] = {
    r.code: r
    for r in (
        _row(
            "ZI_MO",
            "自摸（有百搭）",
            "Self-draw (with wilds)",
            "AJ8.1 ZI_MO",
            "自摸(有百搭):每家给1分",
            1,
        ),
        _row(
            "ZI_MO_NO_WILD",
            "自摸（无百搭）",
            "Self-draw (no wild)",
            "AJ8.1 ZI_MO_NO_WILD",
            "自摸(无百搭):每家给2分",
            1,
        ),
        _row(
            "ZI_MO_CLEAN",
            "自摸（无百搭且无花）",
            "Self-draw (no wild, no flower)",
            "AJ8.1 ZI_MO_CLEAN",
            "自摸(无百搭且无花):每家给5分",
            1,
        ),
        _row(
            "GANG_KAI",
            "杠开（有百搭）",
            "Win on a kong replacement (with wilds)",
            "AJ8.1 GANG_KAI",
            "杠开(有百搭):每家给3分",
            2,
        ),
        _row(
            "GANG_KAI_NO_WILD",
            "杠开（无百搭）",
            "Win on a kong replacement (no wild)",
            "AJ8.1 GANG_KAI_NO_WILD",
            "杠开(无百搭):每家给5分",
            2,
        ),
        _row(
            "QING_GANG_KAI",
            "清杠开",
            "Clean win on a kong replacement (no wild, no flower)",
            "AJ8.1 QING_GANG_KAI",
            "杠开(无花无财神清杠开)每家给10分",
            2,
        ),
        _row(
            "BAO_TOU",
            "爆头（抓头）",
            "Bao tou (the drawn tile pairs a held wild)",
            "AJ8.1 BAO_TOU",
            "爆头(抓头):每家给2分",
            3,
        ),
        _row(
            "GANG_BAO",
            "杠爆",
            "Gang bao (bao tou on a kong replacement)",
            "AJ8.1 GANG_BAO",
            "杠爆:每家给5分…杠爆情况下每多杠一次,每个其余玩家多给5分。",
            4,
        ),
        _row(
            "DA_DIAO",
            "大吊",
            "Da diao (four melds and a single)",
            "AJ8.1 DA_DIAO",
            "大吊:每家给5分",
            5,
        ),
        _row(
            "DA_DIAO_PLUS",
            "大吊（剩财神或无花）",
            "Da diao (a wild held, or no flower)",
            "AJ8.1 DA_DIAO_PLUS",
            "大吊(最后剩下财神或是没有花):每家给10分",
            5,
        ),
        _row(
            "DA_DIAO_GANG_BAO",
            "大吊杠爆",
            "Da diao on kong replacements",
            "AJ8.1 DA_DIAO_GANG_BAO",
            "大吊杠爆:每杠一次,每个其余玩家多给胡牌者5分。",
            5,
        ),
        _row(
            "PIAO_CAI",
            "飘财",
            "Piao cai (wilds thrown while bao tou)",
            "AJ8.1 PIAO_CAI",
            "飘财:每玩家给10分",
            6,
        ),
        _row(
            "SI_CAI_SHEN_PIAO",
            "四财神飘",
            "Four wilds piao",
            "AJ8.1 SI_CAI_SHEN_PIAO",
            "四财神飘:在四财神的基础上,每飘一次,成胡后每个其余玩家多给10分。",
            6,
        ),
        _row(
            "PIAO_GANG",
            "飘杠",
            "Piao gang (flowers drawn while piao)",
            "AJ8.1 PIAO_GANG",
            "飘杠:飘财的情况下,每摸一个花其余每个玩家给5分。",
            6,
        ),
        _row(
            "JIA_PIAO",
            "假飘（有花牌或是财神）",
            "Jia piao (with a flower or a wild)",
            "AJ8.1 JIA_PIAO",
            "假飘(有花牌或是财神):每玩家给10分",
            7,
        ),
        _row(
            "JIA_PIAO_CLEAN",
            "假飘（无花牌无财神）",
            "Jia piao (no flower, no wild)",
            "AJ8.1 JIA_PIAO_CLEAN",
            "假飘(无花牌无财神):每玩家给20分",
            7,
        ),
        _row("SI_CAI_SHEN", "四财神", "Four wilds", "AJ8.1 SI_CAI_SHEN", "四财神:每玩家给10分", 8),
        _row(
            "TIAN_HU",
            "天胡",
            "Heavenly hand (tian hu)",
            "AJ8.1 TIAN_HU",
            "天胡:庄家起手即是胡牌牌型,胡了,每玩家给10分",
            9,
        ),
        _row(
            "DI_HU",
            "地胡",
            "Earthly hand (di hu)",
            "AJ8.1 DI_HU",
            "地胡:闲家在摸到第一张牌时就自摸胡了。每玩家给10分",
            9,
        ),
        _row(
            "FANG_CHONG_NO_WILD",
            "放冲（无百搭）",
            "Discard win (no wild)",
            "AJ8.1 FANG_CHONG_NO_WILD",
            "放冲:(无百搭):放冲者给4分,其他玩家给2分",
            0,
        ),
        _row(
            "FANG_CHONG",
            "放冲（有百搭）",
            "Discard win (with wilds)",
            "AJ8.1 FANG_CHONG",
            "放冲(有百搭,允许有百搭放冲):放冲者给2分,其他玩家给1分",
            0,
        ),
        _row(
            "QING_YI_SE",
            "清一色",
            "Pure one suit (qing yi se)",
            "AJ8.2 QING_YI_SE",
            "清一色:每玩家给10分",
            None,
            "shape",
        ),
        _row(
            "SHI_SAN_YAO",
            "十三幺",
            "Thirteen orphans (shi san yao)",
            "AJ8.2 SHI_SAN_YAO",
            "十三幺:每玩家给2分",
            None,
            "shape",
        ),
        _row(
            "QI_DUI",
            "七对",
            "Seven pairs (with wilds)",
            "AJ8.2 QI_DUI",
            "七对:每玩家给2分",
            None,
            "shape",
        ),
        _row(
            "QI_DUI_NO_WILD",
            "七对（无财神）",
            "Seven pairs (no wild)",
            "AJ8.2 QI_DUI_NO_WILD",
            "七对(无财神):每玩家给5分",
            None,
            "shape",
        ),
        _row(
            "FLOWERS",
            "花",
            "Flowers",
            "AJ8.3 FLOWERS",
            "胡牌后每张花牌都能用于结算分数的叠加",
            None,
            "flowers",
        ),
    )
}

# AJ7.3: each method group's short name, for the reasons of rows not counted.
GROUP_NAMES = {
    0: ("放冲", "the discard win"),
    1: ("自摸", "the self-draw"),
    2: ("杠开", "the kong-replacement win"),
    3: ("爆头", "the wild-pair win"),
    4: ("杠爆", "the wild-pair win on a kong replacement"),
    5: ("大吊", "da diao"),
    6: ("飘", "piao"),
    7: ("假飘", "jia piao"),
    8: ("四财神", "four wilds"),
    9: ("天胡/地胡", "the first-turn win"),
}
