"""Anji's items (AJ8), one small unit each, listed in one registry (``ITEMS``).

Each unit is one row of the settlement table (``rows.ROWS``: its code, names, rule id and the
seed's words), how many times it counts for a hand (``count``: the kongs, the piao, the flowers;
1 for every other row) and its reason (``why``: one line in Chinese, 简体 as the seed, and
English). Which rows apply, and which method group counts (AJ7.3), is the engine's; a unit says
why its row applies, beside its rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from scoring.anji.hand import SEAT_NAMES, SEAT_NAMES_EN, Hand
from scoring.anji.readings import Reading
from scoring.anji.rows import ROWS, Row
from scoring.anji.tiles import flower_name
from scoring.tiles import face_name

_SUITS = {"zh-hans": ("万", "筒", "条"), "en": ("Characters", "Dots", "Bamboo")}
Words = tuple[str, str]


@dataclass(frozen=True, slots=True)
class Facts:
    """What a reason reads: the row's code, the hand, the reading scored, 有百搭 or not (AJ4.4)
    and the row's entry (its points, count and the discarder's points)."""

    code: str
    hand: Hand
    reading: Reading
    has_wild: bool
    points: int
    count: int
    points_discarder: int | None = None


@dataclass(frozen=True, slots=True)
class Item:
    """One row of AJ8 as a unit."""

    code: str
    row: Row
    reason: Callable[[Facts], Words]
    counted: Callable[[Hand], int]

    @property
    def rule(self) -> str:
        return self.row.rule

    @property
    def quote(self) -> str:
        return self.row.quote

    def count(self, hand: Hand) -> int:
        """How many times the row counts for ``hand`` when it applies."""
        return self.counted(hand)

    def why(self, facts: Facts) -> Words:
        return self.reason(facts)


ITEMS: dict[str, Item] = {}


def _once(hand: Hand) -> int:
    return 1


def item(*codes: str, count: Callable[[Hand], int] = _once) -> Callable:
    """Register the decorated reason as the unit of each of ``codes`` (rows that share words)."""

    def register(reason: Callable[[Facts], Words]) -> Callable[[Facts], Words]:
        for code in codes:
            assert code not in ITEMS, code
            ITEMS[code] = Item(code, ROWS[code], reason, count)
        return reason

    return register


# --- reasons, in Chinese (简体, as the seed) and English --------------------------------------


def _wild_words(hand: Hand, has_wild: bool) -> tuple[str, str]:
    w, w_en = face_name(hand.wild, "zh-hans"), face_name(hand.wild, "en")
    if hand.rules["no_wild_means"] == "no_wild_substitution":
        if has_wild:
            return "财神代替了别的牌（有百搭）", "a wild stands in for another tile (with wilds)"
        if hand.ncai:
            return (
                f"财神（{w}）只当{w}用（无百搭）",
                f"the wilds ({w_en}) play only their own face (no wild)",
            )
        return "手中没有财神（无百搭）", "no wild held (no wild)"
    if has_wild:
        return (
            f"手中有 {hand.ncai} 张财神（{w}，有百搭）",
            f"{hand.ncai} wild{'s' if hand.ncai > 1 else ''} ({w_en}) held (with wilds)",
        )
    return f"手中没有财神（{w}，无百搭）", f"no wild ({w_en}) held (no wild)"


def _flower_words(hand: Hand) -> tuple[str, str]:
    n = len(hand.flowers)
    if not n:
        return "没有花", "no flower"
    return f"有 {n} 张花", f"{n} flower{'s' if n > 1 else ''}"


def _drawn(hand: Hand) -> tuple[str, str]:
    if hand.win_is_wild:
        return "摸到的财神", "the drawn wild"
    return (
        f"摸到的{face_name(hand.win_tile, 'zh-hans')}",  # type: ignore[arg-type]
        f"the drawn {face_name(hand.win_tile, 'en')}",
    )  # type: ignore[arg-type]


def _chain(hand: Hand) -> tuple[str, str]:
    k = hand.kongs
    flowers = "（花牌补牌也算杠）" if hand.rules["flower_draw_is_gang"] else ""
    flowers_en = (
        " (flower replacements count as kongs)" if hand.rules["flower_draw_is_gang"] else ""
    )
    return (
        f"连杠 {k} 次后补牌自摸{flowers}",
        f"self-drawn on the replacement after {k} kong{'s' if k > 1 else ''} in a row{flowers_en}",
    )


def _held_name(hand: Hand, lang: str) -> str:
    pair = next(g for g in hand_pair_groups(hand))
    return face_name(pair, lang)


def hand_pair_groups(hand: Hand):  # noqa: ANN201
    """The 大吊 held natural: the concealed tile that is not the drawn one."""
    rest = list(hand.concealed)
    rest.remove(hand.win_tile)  # type: ignore[arg-type]
    yield rest[0]


def _one_suit(hand: Hand, r: Reading) -> int:
    for _, faces, _ in r.groups:
        if faces:
            return faces[0] // 9
    return hand.melds[0].printed[0] // 9


# --- the units, in AJ8's order -----------------------------------------------------------------


@item("ZI_MO", "ZI_MO_NO_WILD", "ZI_MO_CLEAN")
def _zi_mo(f: Facts) -> Words:
    wild, wild_en = _wild_words(f.hand, f.has_wild)
    flower, flower_en = _flower_words(f.hand)
    return f"自摸，{wild}，{flower}", f"self-drawn; {wild_en}; {flower_en}"


@item("GANG_KAI", "GANG_KAI_NO_WILD", "QING_GANG_KAI")
def _gang_kai(f: Facts) -> Words:
    wild, wild_en = _wild_words(f.hand, f.has_wild)
    flower, flower_en = _flower_words(f.hand)
    chain, chain_en = _chain(f.hand)
    return f"{chain}，{wild}，{flower}", f"{chain_en}; {wild_en}; {flower_en}"


@item("BAO_TOU")
def _bao_tou(f: Facts) -> Words:
    drawn, drawn_en = _drawn(f.hand)
    return (
        f"{drawn}与手中留着的财神成对 — 爆头",
        f"{drawn_en} pairs a wild held for it — bao tou",
    )


@item("GANG_BAO", count=lambda hand: hand.kongs)
def _gang_bao(f: Facts) -> Words:
    rules, count, points = f.hand.rules, f.count, f.points
    chain, chain_en = _chain(f.hand)
    return (
        f"{chain}，补到的牌与财神成对（杠爆）：{rules['gang_bao']} + "
        f"{rules['gang_bao_step']} × ({count} − 1) = {points} 分",
        f"{chain_en}, and the replacement pairs a held wild (gang bao): "
        f"{rules['gang_bao']} + {rules['gang_bao_step']} × ({count} − 1) = {points} points",
    )


@item("DA_DIAO", "DA_DIAO_PLUS")
def _da_diao(f: Facts) -> Words:
    hand = f.hand
    drawn, drawn_en = _drawn(hand)
    held = "一张财神" if f.reading.held_wild else "一张" + _held_name(hand, "zh-hans")
    held_en = "a wild" if f.reading.held_wild else _held_name(hand, "en")
    base = f"四组副露，手中只剩{held}，{drawn}与它成对 — 大吊"
    base_en = f"four melds and only {held_en} held; {drawn_en} pairs it — da diao"
    if f.code == "DA_DIAO":
        flower, flower_en = _flower_words(hand)
        return (
            f"{base}（留的是普通牌，{flower}）",
            f"{base_en} (a plain tile held, {flower_en})",
        )
    if f.reading.held_wild:
        return f"{base}（最后剩下财神）", f"{base_en} (the tile held is a wild)"
    return f"{base}（没有花）", f"{base_en} (no flower)"


@item("DA_DIAO_GANG_BAO", count=lambda hand: hand.kongs)
def _da_diao_gang_bao(f: Facts) -> Words:
    rules, count = f.hand.rules, f.count
    return (
        f"大吊剩财神，{count} 次杠后补牌成胡：每杠 {rules['da_diao_gang_bao']} 分 × {count}",
        f"da diao holding a wild, won on the replacement after {count} kong"
        f"{'s' if count > 1 else ''}: {rules['da_diao_gang_bao']} points per kong × {count}",
    )


@item("PIAO_CAI", count=lambda hand: hand.piao)
def _piao_cai(f: Facts) -> Words:
    hand, count = f.hand, f.count
    rules = hand.rules
    return (
        f"爆头时打出财神飘了 {count} 次，仍以爆头和牌：每飘 {rules['piao_cai']} 分 × {count}"
        f"（手中 {hand.ncai} 张 + 飘出 {count} 张 < 4）",
        f"{count} wild{'s' if count > 1 else ''} thrown while bao tou (piao), then won bao "
        f"tou: {rules['piao_cai']} points per piao × {count} ({hand.ncai} held + {count} "
        "thrown < 4)",
    )


@item("SI_CAI_SHEN_PIAO", count=lambda hand: hand.piao)
def _si_cai_shen_piao(f: Facts) -> Words:
    hand, count, points = f.hand, f.count, f.points
    rules = hand.rules
    return (
        f"手中 {hand.ncai} 张财神加飘出的 {count} 张，四张财神都经过手：四财神 "
        f"{rules['si_cai_shen']} + 每飘 {rules['si_cai_shen_piao']} × {count} = {points} 分",
        f"{hand.ncai} wilds held and {count} thrown in piao: all four wilds passed through "
        f"the hand: {rules['si_cai_shen']} + {rules['si_cai_shen_piao']} per piao × {count} "
        f"= {points} points",
    )


@item("PIAO_GANG", count=lambda hand: hand.piao_flowers)
def _piao_gang(f: Facts) -> Words:
    rules, count = f.hand.rules, f.count
    return (
        f"飘的时候摸到 {count} 张花：每张 {rules['piao_gang']} 分",
        f"{count} flower{'s' if count > 1 else ''} drawn while piao: "
        f"{rules['piao_gang']} points each",
    )


@item("JIA_PIAO", "JIA_PIAO_CLEAN")
def _jia_piao(f: Facts) -> Words:
    wild, wild_en = _wild_words(f.hand, f.has_wild)
    flower, flower_en = _flower_words(f.hand)
    return (
        f"牌桌认定这是假飘；{wild}，{flower}",
        f"the table declared jia piao; {wild_en}; {flower_en}",
    )


@item("SI_CAI_SHEN")
def _si_cai_shen(f: Facts) -> Words:
    w, w_en = face_name(f.hand.wild, "zh-hans"), face_name(f.hand.wild, "en")
    return (
        f"四张财神（{w}）都在手中，自摸即和",
        f"all four wilds ({w_en}) held; a self-draw wins with them",
    )


@item("TIAN_HU")
def _tian_hu(f: Facts) -> Words:
    return "庄家起手的 14 张就是和牌 — 天胡", "the dealer's dealt 14 tiles win — tian hu"


@item("DI_HU")
def _di_hu(f: Facts) -> Words:
    return (
        "闲家摸到第一张牌就自摸和 — 地胡",
        "a non-dealer wins on the first tile drawn — di hu",
    )


def _fang_chong(allowed: Words) -> Callable[[Facts], Words]:
    def reason(f: Facts) -> Words:
        hand = f.hand
        wild, wild_en = _wild_words(hand, f.has_wild)
        seat, seat_en = SEAT_NAMES[hand.discarder], SEAT_NAMES_EN[hand.discarder]  # type: ignore[index]
        return (
            f"{seat}打出{face_name(hand.win_tile, 'zh-hans')}放冲，{wild}{allowed[0]}："  # type: ignore[arg-type]
            f"放冲者给 {f.points_discarder} 分，其他人各给 {f.points} 分",
            f"{seat_en} discarded the {face_name(hand.win_tile, 'en')} (a discard win); "  # type: ignore[arg-type]
            f"{wild_en}{allowed[1]}: the discarder pays {f.points_discarder} points, each other "
            f"player {f.points}",
        )

    return reason


item("FANG_CHONG")(_fang_chong(("，家规允许有百搭放冲", ", allowed by the house rule")))
item("FANG_CHONG_NO_WILD")(_fang_chong(("", "")))


@item("QING_YI_SE")
def _qing_yi_se(f: Facts) -> Words:
    suit = _one_suit(f.hand, f.reading)
    subst = "（财神按所当的牌算）" if f.hand.ncai else ""
    subst_en = " (each wild as the tile it plays)" if f.hand.ncai else ""
    return (
        f"整手牌都是{_SUITS['zh-hans'][suit]}{subst} — 清一色",
        f"every tile is {_SUITS['en'][suit]}{subst_en} — pure one suit",
    )


@item("SHI_SAN_YAO")
def _shi_san_yao(f: Facts) -> Words:
    return (
        "一九万、一九筒、一九条和七种字牌各一张，另加其中一张 — 十三幺",
        "one each of the 1 and 9 of every suit and the seven honours, plus one more of "
        "them — thirteen orphans",
    )


@item("QI_DUI", "QI_DUI_NO_WILD")
def _qi_dui(f: Facts) -> Words:
    wild, wild_en = _wild_words(f.hand, f.has_wild)
    return f"七个对子，{wild}", f"seven pairs; {wild_en}"


@item("FLOWERS", count=lambda hand: len(hand.flowers))
def _flowers(f: Facts) -> Words:
    hand, count = f.hand, f.count
    rules = hand.rules
    names = "".join(flower_name(x) for x in sorted(hand.flowers))
    names_en = ", ".join(flower_name(x, "en") for x in sorted(hand.flowers))
    return (
        f"和牌者有 {count} 张花（{names}），每张 {rules['flowers']} 分",
        f"the winner has {count} flower{'s' if count > 1 else ''} ({names_en}), "
        f"{rules['flowers']} point{'s' if rules['flowers'] != 1 else ''} each",
    )


assert set(ITEMS) == set(ROWS), set(ROWS) ^ set(ITEMS)
