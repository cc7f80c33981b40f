"""The fan items of R7, one small unit each, listed in one registry (``ITEMS``).

Each unit has a stable ``code``, its names, the rule id, the seed's own words (``quote``) and
``count(reading)`` (0 when it does not apply) and ``why(reading, count)`` (a one-line reason in
Chinese and English). Exclusions of R7.1 live in the unit they restrict: the shapes it applies
to (``shapes``) or its ``count``. Values come from the rules object (R12), never from here.
"""

from __future__ import annotations

from functools import lru_cache

from scoring.anqing.hand import HAND_FACTS
from scoring.anqing.readings import SHAPES, Reading
from scoring.anqing.rules import Rules
from scoring.tiles import WINDS, face_name, tile_words

ITEMS: list[Item] = []


def register(cls: type[Item]) -> type[Item]:
    cls.key = cls.code.lower()  # its value's key in the rules (R12)
    ITEMS.append(cls())
    return cls


class Item:
    code = ""
    name = ""
    name_en = ""
    rule = "R7"
    quote = ""
    # The shapes it can apply to at all (R7, R7.1): ``count`` is asked only about readings of
    # these shapes.
    shapes: tuple[str, ...] = SHAPES
    key = ""  # the rules key of its value: the code in lower case (set by ``register``)
    daque_only = False  # R3: scored under 打缺 only
    # What the hand must have for the item to count at all (see ``Hand.present``): an item
    # that needs melds, say, is not even asked about a hand without any.
    needs: frozenset[str] = frozenset()

    def count(self, r: Reading) -> int:
        raise NotImplementedError

    def value(self, rules: Rules, count: int) -> int:
        return int(rules.values[self.key])

    def why(self, r: Reading, count: int) -> tuple[str, str]:
        raise NotImplementedError

    def cites(self, r: Reading) -> tuple[str, str]:
        """The rule and the seed's words that applied to this hand: the item's own by default;
        an item whose clauses differ by hand (跑風) answers the one that applied."""
        return self.rule, self.quote


# --- facts several items share -------------------------------------------------------------


def is_peng_peng(r: Reading) -> bool:
    return r.shape == "standard" and not r.chow_starts


def is_shuang_tian_hu(r: Reading) -> bool:
    """雙天胡: hard 七對 with all four wilds as two pairs of themselves."""
    if r.shape != "seven_pairs" or r.wild_total != 4:
        return False
    own = r.hand.wild
    wild_pairs = sum(1 for _, faces, wild in r.groups if wild == (True, True) and faces[0] == own)
    return r.hard and wild_pairs == 2


def pao_feng_form(r: Reading) -> str | None:
    """R7 PAO_FENG: by shape (a) or carried (b); None when it does not apply."""
    if r.shape == "seven_pairs":
        return "shuang_tian_hu" if is_shuang_tian_hu(r) else "qi_dui"
    shape = r.pao_feng_shape
    if shape:
        return shape
    if is_peng_peng(r) and r.hard:
        return "hard_peng_peng"
    if r.wild_total == 4:
        return "si_zuan"
    return None


def _tiles(r: Reading, lang: str) -> tuple[str, str, str]:
    """The drawn tile, its set and the rest of its set, named for people in ``lang``."""
    return _tiles_of(r.win_group, r.win[1], lang)


@lru_cache(maxsize=2048)
def _tiles_of(group: tuple, pos: int, lang: str) -> tuple[str, str, str]:
    _, faces, _ = group
    rest = [f for i, f in enumerate(faces) if i != pos]
    return face_name(faces[pos], lang), tile_words(faces, lang), tile_words(rest, lang)


def _count_en(n: int, noun: str) -> str:
    """``1 kong``, ``2 kongs``: a count and its noun in English, never "kong(s)"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


# --- the items ---------------------------------------------------------------------------


@register
class PaoFeng(Item):
    code, name, name_en, rule = "PAO_FENG", "跑風", "Pao feng (one-tile wait)", "R7 PAO_FENG, R6.5"
    quote = "摸鑽不能平胡，必須要形成跑風；另，胡邊、卡單跟獨吊都是一樣的道理"

    def count(self, r: Reading) -> int:
        return 1 if pao_feng_form(r) else 0

    def why(self, r: Reading, count: int) -> tuple[str, str]:
        form = pao_feng_form(r)
        if form in _NAMED_FORMS:
            return _pao_feng_why(form, r.win_group, r.win[1])
        return _PAO_FENG_WHY[form]

    def cites(self, r: Reading) -> tuple[str, str]:
        """R7 PAO_FENG with the seed's words for the form this hand has; R6.5 (a drawn 鑽 must
        make 跑風) only when the drawn tile is a 鑽, with its words where the form is the wild
        pair itself."""
        form = pao_feng_form(r)
        drawn_wild = r.hand.win_tile == r.hand.wild
        if drawn_wild and form in _DRAWN_WILD_FORMS:
            return self.rule, self.quote
        quote = _PAO_FENG_QUOTES.get(form or "", self.quote)
        return ("R7 PAO_FENG, R6.5" if drawn_wild else "R7 PAO_FENG"), quote


@lru_cache(maxsize=2048)
def _pao_feng_why(form: str, group: tuple, pos: int) -> tuple[str, str]:
    """PAO_FENG's reason for a form that names the drawn tile at ``pos`` of ``group``."""
    zh, en = _PAO_FENG_WHY[form]
    tile, group_zh, rest = _tiles_of(group, pos, "zh-hant")
    zh = zh.format(tile=tile, group=group_zh, rest=rest)
    tile, group_en, rest = _tiles_of(group, pos, "en")
    return zh, en.format(tile=tile, group=group_en, rest=rest)


# PAO_FENG's reason for each form; {tile} is the drawn tile, {rest} the others of its set.
_PAO_FENG_WHY = {
    "dan_diao": (
        "摸 {tile} 與手中單張 {tile} 成對 — 獨吊跑風",
        "the drawn {tile} pairs the lone {tile} held — a single wait on the pair (du diao)",
    ),
    "diao_zuan": (
        "手留一張鑽，摸 {tile} 成對 — 吊鑽跑風",
        "a lone wild held, the drawn {tile} makes the pair — a wild single (diao zuan)",
    ),
    "zuan_diao_zuan": (
        "手留一張鑽，又摸到鑽成對 — 吊鑽跑風",
        "a lone wild held and a wild drawn to pair it — a wild single (diao zuan)",
    ),
    "bian": (
        "{tile} 補上邊張 {rest} — 邊張跑風",
        "{tile} completes the edge {rest} — an edge wait",
    ),
    "kan": (
        "{tile} 嵌進 {rest} 的中間 — 卡張跑風",
        "{tile} fills the middle of {group} — a middle wait, not a single wait on the pair",
    ),
    "hard_peng_peng": (
        "硬碰碰胡，不管摸甚麼都算跑風",
        "hard all-pungs carries pao feng whatever was drawn",
    ),
    "qi_dui": ("七對帶跑風", "seven pairs carries pao feng"),
    "si_zuan": ("四張鑽都在手，帶跑風", "all four wilds in the hand carry pao feng"),
    "shuang_tian_hu": ("雙天胡帶跑風", "the double heavenly hand carries pao feng"),
}
_NAMED_FORMS = frozenset(("dan_diao", "diao_zuan", "bian", "kan"))  # the reason names tiles
# The seed's words for each form (seed 000, 跑風 1–3 and the 天胡 family); a drawn 鑽 that makes
# 跑風 by shape (吊鑽 drawing 鑽) is R6.5's own case and cites its words.
_PAO_FENG_QUOTES = {
    "dan_diao": "如果摸2筒，胡牌算跑風",
    "diao_zuan": "必須打掉2筒，手上留鑽，胡牌才能算跑風",
    "bian": "胡邊，卡跑風：比如手上有1，3條，2筒對，胡2條，如果摸2條胡牌，也算跑風。",
    "kan": "胡邊，卡跑風：比如手上有1，3條，2筒對，胡2條，如果摸2條胡牌，也算跑風。",
    "hard_peng_peng": "對對胡：胡出牌，都算跑風，不管摸鑽還是摸什麼都算。（硬對對胡才能算跑風）",
    "qi_dui": "七對天胡30加跑風6",
    "si_zuan": "四鑽天胡30加跑風6",
    "shuang_tian_hu": "雙天胡60加跑風6",
}
_DRAWN_WILD_FORMS = frozenset(("zuan_diao_zuan", "diao_zuan", "dan_diao", "bian", "kan"))


@register
class PengPengHu(Item):
    code, name, name_en, rule = "PENG_PENG_HU", "碰碰胡", "All pungs", "R7 PENG_PENG_HU"
    quote = "碰碰胡：手中牌全是由刻子或槓子（不管明刻、暗刻）以及一個對子所組成 3番"
    shapes = ("standard",)

    def count(self, r: Reading) -> int:
        return 1 if is_peng_peng(r) else 0  # R7.1: only the standard shape

    def why(self, r: Reading, count: int) -> tuple[str, str]:
        if r.hard:
            return (
                "四組都是刻子或槓子，沒有用鑽代替（硬碰碰胡）",
                "all four sets are pungs or kongs, no wild standing in (hard)",
            )
        return (
            "四組都是刻子或槓子（有鑽代替，不算硬）",
            "all four sets are pungs or kongs (a wild stands in, so not hard)",
        )


@register
class MenQing(Item):
    code, name, name_en, rule = "MEN_QING", "門清", "Concealed hand", "R7 MEN_QING"
    quote = "門清：3番，不吃牌，不碰牌也不明槓而直接自摸形成的胡。"
    shapes = ("standard", "da_diao_che")

    def count(self, r: Reading) -> int:
        if r.shape == "standard":
            melds = r.hand.melds
            return 0 if melds and any(m.fed for m in melds) else 1
        return 1 if all(m.kind == "concealed_kong" for m in r.melds) else 0  # 大吊車

    def why(self, r: Reading, count: int) -> tuple[str, str]:
        return (
            "沒有吃、碰或明槓，自摸和牌",
            "no chow, pung or exposed kong; won on one's own draw",
        )


@register
class QiDui(Item):
    code, name, name_en, rule = "QI_DUI", "七對", "Seven pairs (hard)", "R7 QI_DUI, R6.2"
    quote = "七對天胡30加跑風6"
    shapes = ("seven_pairs",)

    def count(self, r: Reading) -> int:
        return int(r.hard and not is_shuang_tian_hu(r))

    def why(self, r: Reading, count: int) -> tuple[str, str]:
        return (
            "七個對子，沒有鑽代替別的牌",
            "seven pairs with no wild standing in for another tile",
        )


@register
class QiDuiWild(Item):
    code, name, name_en, rule = (
        "QI_DUI_WILD",
        "七對有鑽",
        "Seven pairs with wilds",
        "R7 QI_DUI_WILD",
    )
    quote = "七對有鑽（不算天胡）：9番（跑風已經包含在+9里，不在顯示和累加）"
    shapes = ("seven_pairs",)

    needs = frozenset({"wilds"})

    def count(self, r: Reading) -> int:
        return int(not r.hard)

    def why(self, r: Reading, count: int) -> tuple[str, str]:
        n = r.substitutions
        return (f"七個對子，其中 {n} 張鑽代替別的牌", f"seven pairs, {_count_en(n, 'wild')} standing in")


@register
class SiZuan(Item):
    code, name, name_en, rule = "SI_ZUAN", "四鑽", "Four wilds", "R7 SI_ZUAN"
    quote = "四鑽天胡：手裡成牌時有四張鑽牌 36番 四鑽天胡30加跑風6"

    needs = frozenset({"wilds"})

    def count(self, r: Reading) -> int:
        return int(r.wild_total == 4 and not is_shuang_tian_hu(r))  # R7.1

    def why(self, r: Reading, count: int) -> tuple[str, str]:
        wild = r.hand.wild
        return (
            f"四張鑽（{face_name(wild)}）都在和牌的手中",
            f"all four wilds ({face_name(wild, 'en')}) are in the winning hand",
        )


@register
class ShuangTianHu(Item):
    code, name, name_en, rule = (
        "SHUANG_TIAN_HU",
        "雙天胡",
        "Double heavenly hand",
        "R7 SHUANG_TIAN_HU",
    )
    quote = "雙天胡：七對+四鑽，並且四個鑽只表示自己本身，不頂替其他牌 66番 雙天胡60加跑風6"
    shapes = ("seven_pairs",)

    needs = frozenset({"wilds"})

    def count(self, r: Reading) -> int:
        return int(is_shuang_tian_hu(r))

    def why(self, r: Reading, count: int) -> tuple[str, str]:
        return (
            "硬七對，四張鑽自成兩對",
            "hard seven pairs with the four wilds as two pairs of themselves",
        )


@register
class DaDiaoChe(Item):
    code, name, name_en, rule = "DA_DIAO_CHE", "大吊車", "Big hanging cart", "R7 DA_DIAO_CHE, R6.3"
    quote = "大吊車天胡30加跑風6"
    shapes = ("da_diao_che",)

    def count(self, r: Reading) -> int:
        return int(not any(r.win_group[2]))

    def why(self, r: Reading, count: int) -> tuple[str, str]:
        return (
            f"四組副露，手把一張單吊 {_tiles(r, 'zh-hant')[0]}",
            f"four melds and a single {_tiles(r, 'en')[0]} held, paired by the draw",
        )


@register
class DaDiaoCheWild(Item):
    code, name, name_en, rule = (
        "DA_DIAO_CHE_WILD",
        "大吊車(有鑽)",
        "Big hanging cart with a wild",
        "R7 DA_DIAO_CHE_WILD",
    )
    quote = "吊鑽後摸到任意一張胡牌 9番 大吊車3加跑風6"
    shapes = ("da_diao_che",)

    needs = frozenset({"wilds"})

    def count(self, r: Reading) -> int:
        return int(any(r.win_group[2]))

    def why(self, r: Reading, count: int) -> tuple[str, str]:
        return ("四組副露，最後的對子有鑽", "four melds; the final pair holds a wild")


@register
class ShiSanLan(Item):
    code, name, name_en, rule = (
        "SHI_SAN_LAN",
        "十三爛",
        "Thirteen unrelated",
        "R7 SHI_SAN_LAN, R6.4",
    )
    quote = "十三爛：手中十四張牌中，序數牌間隔大於等於3，字牌沒有重複所組成的牌形"
    shapes = ("thirteen_lan",)

    def count(self, r: Reading) -> int:
        return int(not _seven_stars(r))  # R7.1: 七星 replaces it

    def why(self, r: Reading, count: int) -> tuple[str, str]:
        return (
            "同花色的牌相隔至少 3，字牌不重複",
            "suited tiles at least 3 apart, honors all different",
        )


def _seven_stars(r: Reading) -> bool:
    return r.shape == "thirteen_lan" and sum(1 for f in r.played_faces if f >= 27) == 7


@register
class QiXing(Item):
    code, name, name_en, rule = "QI_XING", "七星歸位", "Seven stars", "R7 QI_XING, R6.4"
    quote = "七星歸位 + 十三爛胡牌，胡牌也算天胡 30番"
    shapes = ("thirteen_lan",)

    def count(self, r: Reading) -> int:
        return int(_seven_stars(r))

    def why(self, r: Reading, count: int) -> tuple[str, str]:
        return ("十三爛，東南西北中發白七張俱全", "thirteen unrelated holding all seven honors")


@register
class YiLong(Item):
    code, name, name_en, rule = "YI_LONG", "一龍", "Pure straight", "R7 YI_LONG"
    quote = "一龍：手上筒條萬任意一樣從一到九都有，可以用鑽牌充當。 10番"
    shapes = ("standard", "da_diao_che")

    def count(self, r: Reading) -> int:
        return 1 if _dragon_suit(r) is not None else 0

    def why(self, r: Reading, count: int) -> tuple[str, str]:
        base = _dragon_suit(r)
        return (
            f"順子 {tile_words(range(base, base + 9))} 一條龍",
            f"chows {tile_words(range(base, base + 3), 'en')}, "
            f"{tile_words(range(base + 3, base + 6), 'en')} and "
            f"{tile_words(range(base + 6, base + 9), 'en')}: one suit's dragon",
        )


def _dragon_suit(r: Reading) -> int | None:
    starts = r.chow_starts
    if len(starts) < 3:
        return None
    for base in (0, 9, 18):
        if {base, base + 3, base + 6} <= starts:
            return base
    return None


@register
class FengKe(Item):
    code, name, name_en, rule = "FENG_KE", "風", "Wind set", "R7 FENG_KE"
    quote = "只要有三個一樣的就 +1 番（碰出來或在手裡都算）"
    shapes = ("standard", "da_diao_che")

    def count(self, r: Reading) -> int:
        return r.wind_sets

    def why(self, r: Reading, count: int) -> tuple[str, str]:
        return _feng_ke_why(tuple(f for kind, f in r.sets if kind != "chow" and f in WINDS))


@lru_cache(maxsize=256)
def _feng_ke_why(faces: tuple[int, ...]) -> tuple[str, str]:
    return (f"風牌刻子/槓子：{tile_words(faces)}", f"wind sets: {tile_words(faces, 'en')}")


@register
class GangMing(Item):
    code, name, name_en, rule = "GANG_MING", "明槓", "Exposed kong", "R7 GANG_MING"
    quote = "明槓 1番"

    needs = frozenset({"melds"})

    def count(self, r: Reading) -> int:
        return sum(1 for m in r.melds if m.kind in ("kong", "added_kong"))

    def why(self, r: Reading, count: int) -> tuple[str, str]:
        return (f"{count} 組明槓（含補槓）", f"{_count_en(count, 'exposed kong')}, added kongs included")


@register
class GangAn(Item):
    code, name, name_en, rule = "GANG_AN", "暗槓", "Concealed kong", "R7 GANG_AN"
    quote = "暗槓 2番"

    needs = frozenset({"melds"})

    def count(self, r: Reading) -> int:
        return sum(1 for m in r.melds if m.kind == "concealed_kong")

    def why(self, r: Reading, count: int) -> tuple[str, str]:
        return (f"{count} 組暗槓", f"{_count_en(count, 'concealed kong')}")


@register
class GangFeng(Item):
    code, name, name_en, rule = "GANG_FENG", "風槓", "Wind kong", "R7 GANG_FENG"
    quote = "風的槓牌明槓、暗槓都要多加1番"

    needs = frozenset({"melds"})

    def count(self, r: Reading) -> int:
        return sum(1 for m in r.melds if m.is_kong and m.face in WINDS)

    def why(self, r: Reading, count: int) -> tuple[str, str]:
        return (f"{count} 組風牌的槓，每組多加", f"{_count_en(count, 'kong')} of a wind, each counted extra")


@register
class BarTile(Item):
    code, name, name_en, rule = "BAR_TILE", "槓牌", "Bar tiles", "R7 BAR_TILE, R4.4"
    quote = "幾個發算幾個翻的錢"

    needs = frozenset({"bar_tiles"})

    def count(self, r: Reading) -> int:
        return 0 if r.hand.rules.daque else r.hand.bar_tiles  # R4.4: 打缺 bar tiles score nothing

    def why(self, r: Reading, count: int) -> tuple[str, str]:
        faces = r.hand.bar_faces
        return (
            f"亮出 {count} 張槓牌（{tile_words(faces)}）",
            f"{_count_en(count, 'bar tile')} ({tile_words(faces, 'en')}) exposed",
        )


def gang_kai_ladder(rules: Rules, n: int) -> list[int]:
    """R7 GANG_KAI: the ladder's first ``n`` steps, +3 each past the listed values."""
    ladder = list(rules["gang_kai_ladder"])
    while len(ladder) < n:
        ladder.append(ladder[-1] + 3)
    return ladder[:n]


@register
class GangKai(Item):
    code, name, name_en, rule = "GANG_KAI", "槓開", "Win on a kong replacement", "R7 GANG_KAI"
    quote = "槓開：一槓4，二槓7，三槓10，四槓13，比如，你槓2槓，則為4+7-2=9番"

    needs = frozenset({"kongs_before_win"})

    def count(self, r: Reading) -> int:
        return 1 if r.hand.kongs_before_win >= 1 else 0

    def value(self, rules: Rules, count: int) -> int:
        raise AssertionError("GANG_KAI's value depends on the hand; use fan_for")

    def fan_for(self, r: Reading) -> int:
        n = r.hand.kongs_before_win
        return sum(gang_kai_ladder(r.hand.rules, n)) - n * int(
            r.hand.rules["gang_kai_minus_per_kong"]
        )

    def why(self, r: Reading, count: int) -> tuple[str, str]:
        n = r.hand.kongs_before_win
        steps = gang_kai_ladder(r.hand.rules, n)
        minus = n * int(r.hand.rules["gang_kai_minus_per_kong"])
        sums = "+".join(str(s) for s in steps)
        return (
            f"連槓 {n} 次後摸補牌和：{sums}−{minus}={self.fan_for(r)}",
            f"won on the replacement after {_count_en(n, 'kong')}: {sums}−{minus}={self.fan_for(r)}",
        )


@register
class MoPaiTianHu(Item):
    code, name, name_en, rule = "MO_PAI_TIAN_HU", "摸牌天胡", "Heavenly hand", "R7 MO_PAI_TIAN_HU"
    quote = "摸牌天胡：莊家抓牌一張未打胡牌（有鑽牌也可胡牌）胡牌後另 +30花"

    needs = frozenset({"first_turn"})

    def count(self, r: Reading) -> int:
        return int(r.hand.first_turn and r.hand.winner == r.hand.dealer)

    def why(self, r: Reading, count: int) -> tuple[str, str]:
        return ("莊家起手未打一張就和", "the dealer won before any discard")


@register
class DiHu(Item):
    code, name, name_en, rule = "DI_HU", "地胡", "Earthly hand", "R7 DI_HU"
    quote = "地胡：閒家摸第一手牌就胡牌稱為地胡 30番"

    needs = frozenset({"first_turn"})

    def count(self, r: Reading) -> int:
        return int(r.hand.first_turn and r.hand.winner != r.hand.dealer)

    def why(self, r: Reading, count: int) -> tuple[str, str]:
        return ("閒家摸第一張牌就和", "a non-dealer won on their first draw")


def _one_suit(r: Reading) -> tuple[set[int], bool]:
    """The suits and whether honors are used, under 打缺 only (R3: 不打缺 does not score 一色)."""
    if not r.hand.rules.daque:
        return {0, 1}, False
    suits = r.suits
    return {s for s in suits if s < 3}, 3 in suits


@register
class QingYiSe(Item):
    code, name, name_en, rule = "QING_YI_SE", "清一色", "Pure one suit", "R7 QING_YI_SE, R3"
    quote = "算清一色，湊一色，字一色的翻子"
    daque_only = True

    def count(self, r: Reading) -> int:
        suited, honors = _one_suit(r)
        return int(len(suited) == 1 and not honors)

    def why(self, r: Reading, count: int) -> tuple[str, str]:
        return ("全手同一花色，沒有字牌", "one suit only, no honors")


@register
class CouYiSe(Item):
    code, name, name_en, rule = "COU_YI_SE", "湊一色", "Mixed one suit", "R7 COU_YI_SE, R3"
    quote = "算清一色，湊一色，字一色的翻子"
    daque_only = True

    def count(self, r: Reading) -> int:
        suited, honors = _one_suit(r)
        return int(len(suited) == 1 and honors)  # R7.1: not with 清/字一色

    def why(self, r: Reading, count: int) -> tuple[str, str]:
        return ("一種花色加字牌", "one suit plus honors")


@register
class ZiYiSe(Item):
    code, name, name_en, rule = "ZI_YI_SE", "字一色", "All honors", "R7 ZI_YI_SE, R3"
    quote = "算清一色，湊一色，字一色的翻子"
    daque_only = True

    def count(self, r: Reading) -> int:
        suited, honors = _one_suit(r)
        return int(not suited and honors)

    def why(self, r: Reading, count: int) -> tuple[str, str]:
        return ("全是字牌", "honors only")


ITEMS_BY_CODE = {item.code: item for item in ITEMS}


@lru_cache(maxsize=256)
def items_for(shape: str, daque: bool, present: frozenset[str] = HAND_FACTS) -> tuple[Item, ...]:
    """The registry's items that can apply to a shape under a ruleset to a hand that has
    ``present`` (``Hand.present``), in registry order."""
    return tuple(
        i for i in ITEMS if shape in i.shapes and (daque or not i.daque_only) and i.needs <= present
    )


class Label:
    def __init__(self, code: str, name: str, name_en: str, rule: str, quote: str) -> None:
        self.code, self.name, self.name_en, self.rule, self.quote = code, name, name_en, rule, quote


LABELS = (
    Label("ZHI_JIAO", "直叫", "Zhi jiao (kong win with pao feng)", "R7 labels", "直叫：槓開+跑風"),
    Label("TIAN_HU", "天胡", "Heavenly family", "R7 labels", "天胡：（5種天胡）"),
)
TIAN_HU_ITEMS = ("QI_DUI", "SI_ZUAN", "SHUANG_TIAN_HU", "DA_DIAO_CHE", "QI_XING", "MO_PAI_TIAN_HU")
