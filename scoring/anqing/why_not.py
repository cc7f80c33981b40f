"""Why not: the items players most often claim, when a hand nearly has one and it does not count.

Each claim is one small function over the chosen reading (and the items that did count); it
answers ``(why, why_en)`` when the hand comes close, else None. ``not_counted`` gathers them for
the result's optional ``not_counted`` field, so a dispute is settled by reading, not arguing.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import product

from scoring.anqing.hand import MELD_NAMES
from scoring.anqing.readings import SHAPES, Group, Reading
from scoring.anqing.table import SEATS
from scoring.tiles import face_name, tile_words

Claim = Callable[[Reading, frozenset[str]], tuple[str, str] | None]
SEAT_ZH = dict(zip(SEATS, "東南西北", strict=True))
SEAT_EN = dict(zip(SEATS, ("East", "South", "West", "North"), strict=True))
KIND_EN = {
    "chi": "chow",
    "pung": "pung",
    "kong": "exposed kong",
    "added_kong": "added kong",
    "concealed_kong": "concealed kong",
}
# Each claim: its code, its check, the shapes it can answer for and what else of the hand it
# looks at (``needs``: it answers only for a hand with one of them; empty: any hand).
CLAIMS: list[tuple[str, Claim, tuple[str, ...], tuple[str, ...]]] = []
STANDARD_SHAPES = ("standard", "da_diao_che")
HAND_PARTS = ("melds", "bar_tiles", "others_melds")


def claim(
    code: str, shapes: tuple[str, ...] = SHAPES, needs: tuple[str, ...] = ()
) -> Callable[[Claim], Claim]:
    """Register a check. ``shapes`` and ``needs`` only spare asking it about readings it always
    answers None for; the check still says so itself."""

    def register(check: Claim) -> Claim:
        CLAIMS.append((code, check, shapes, needs))
        return check

    return register


def not_counted(r: Reading, counted: frozenset[str]) -> list[dict[str, str]]:
    """``[{code, why, why_en}]`` for each claimed item the hand nearly has but does not score."""
    hand = r.hand
    out = []
    for code, check in _CHECKS[
        r.shape, bool(hand.melds), hand.bar_tiles > 0, bool(hand.others_melds)
    ]:
        if code in counted:
            continue
        answer = check(r, counted)
        if answer:
            out.append({"code": code, "why": answer[0], "why_en": answer[1]})
    return out


def _chows(r: Reading) -> list[int]:
    return sorted(face for kind, face in r.sets if kind == "chow")


@claim("PAO_FENG", STANDARD_SHAPES)
def _pao_feng(r: Reading, counted: frozenset[str]) -> tuple[str, str] | None:
    """R7 PAO_FENG (a): an edge, middle or pair wait on natural tiles."""
    if r.shape not in ("standard", "da_diao_che"):
        return None
    return _pao_feng_of(r.win_group, r.win[1])


@lru_cache(maxsize=2048)
def _pao_feng_of(group: Group, pos: int) -> tuple[str, str] | None:
    """``_pao_feng`` for the drawn tile at ``pos`` of ``group``: the reason depends on nothing
    else, and the same few hundred groups come back hand after hand."""
    kind, faces, wild = group
    if kind == "pair":
        if wild[pos] and not wild[1 - pos]:
            return (
                "摸到鑽配手裡的單張，不算獨吊跑風（R6.5）",
                "a drawn wild pairing a natural single is no pao feng (R6.5)",
            )
        return None
    drawn_zh, drawn_en = face_name(faces[pos]), face_name(faces[pos], "en")
    group_zh, group_en = tile_words(faces), tile_words(faces, "en")
    if kind == "chow" and any(wild):
        return (
            f"摸 {drawn_zh} 成順子 {group_zh}，但順子裡有鑽：邊張、卡張都要三張真牌（R7 跑風）",
            f"the drawn {drawn_en} completes {group_en}, but a wild sits in that chow: an edge or "
            "middle wait counts only with natural tiles (R7 PAO_FENG)",
        )
    if kind == "chow":
        return (
            f"摸 {drawn_zh} 在 {group_zh} 的一頭，是兩面聽，不是邊張、卡張或獨吊（R7 跑風）",
            f"the drawn {drawn_en} completes {group_en} at an open end: a two-sided wait, not an "
            "edge, middle or pair wait (R7 PAO_FENG)",
        )
    if kind == "pung":
        return (
            f"摸 {drawn_zh} 成刻子，是對倒（兩對聽），不是獨吊（R7 跑風）",
            f"the drawn {drawn_en} completes a pung: a wait on two pairs, not a single wait on "
            "the pair (R7 PAO_FENG)",
        )
    return None


@claim("YI_LONG", STANDARD_SHAPES)  # only these hold chows
def _yi_long(r: Reading, counted: frozenset[str]) -> tuple[str, str] | None:
    """R7 YI_LONG: 123, 456 and 789 of one suit; close when a suit has two of the three."""
    starts = r.chow_starts  # the set of the chows' first faces
    if len(starts) < 2:
        return None
    # the chows an 一龍 is made of (1-2-3, 4-5-6, 7-8-9): close when two are of one suit
    dragon = starts & _DRAGON_STARTS
    if len(dragon) < 2 or len({f // 9 for f in dragon}) == len(dragon):
        return None
    return _yi_long_words(tuple(_chows(r)))


_DRAGON_STARTS = frozenset(range(0, 27, 3))  # 1, 4 and 7 of each suit


@lru_cache(maxsize=1024)
def _yi_long_words(chows: tuple[int, ...]) -> tuple[str, str]:
    have_zh = "、".join(tile_words(range(f, f + 3)) for f in chows)
    have_en = ", ".join(tile_words(range(f, f + 3), "en") for f in chows)
    return (
        f"一龍要同一花色的一二三、四五六、七八九三個順子；這手牌的順子是 {have_zh}（R7 一龍）",
        f"a dragon needs 1-2-3, 4-5-6 and 7-8-9 of one suit; this hand's chows are {have_en} "
        "(R7 YI_LONG)",
    )


@claim("PENG_PENG_HU", ("standard",))
def _peng_peng_hu(r: Reading, counted: frozenset[str]) -> tuple[str, str] | None:
    """R7 PENG_PENG_HU: close when three of the four sets are pungs or kongs."""
    if r.shape != "standard" or len(r.chow_starts) != 1:
        return None
    chows = [face for kind, face in r.sets if kind == "chow"]
    if len(chows) != 1:
        return None
    words = _PENG_PENG_WORDS.get(chows[0])
    return words if words is not None else _peng_peng_words(chows[0])


def _peng_peng_words(start: int) -> tuple[str, str]:
    chow_zh, chow_en = (
        tile_words(range(start, start + 3)),
        tile_words(range(start, start + 3), "en"),
    )
    return (
        f"碰碰胡要四組都是刻子或槓子；{chow_zh} 是順子（R7 碰碰胡）",
        f"all pungs needs all four sets pungs or kongs; {chow_en} is a chow (R7 PENG_PENG_HU)",
    )


# The reason for each chow that can stand alone among pungs (its first face, ranks 1-7).
_PENG_PENG_WORDS = {start: _peng_peng_words(start) for start in range(27) if start % 9 <= 6}


def _meld_tiles(faces: tuple[int, ...], lang: str) -> str:
    """A pung or kong by its face (二萬 / 2 Characters), a chow by its run."""
    return face_name(faces[0], lang) if len(set(faces)) == 1 else tile_words(faces, lang)


def _meld_words(r: Reading, melds: list) -> tuple[str, str]:
    zh = "、".join(
        f"{MELD_NAMES[m.kind]}{_meld_tiles(m.faces, 'zh-hant')}（{SEAT_ZH[m.feeder]}家打的）"
        for m in melds
    )
    en = ", ".join(
        f"{KIND_EN[m.kind]} of {_meld_tiles(m.faces, 'en')} (fed by {SEAT_EN[m.feeder]})"
        for m in melds
    )
    return zh, en


@claim("MEN_QING", STANDARD_SHAPES, ("melds",))
def _men_qing(r: Reading, counted: frozenset[str]) -> tuple[str, str] | None:
    """R7 MEN_QING: no chow, pung or exposed kong; close with one or two of them."""
    if not r.hand.melds:
        return None
    fed = [m for m in r.melds if m.fed]
    if r.shape not in ("standard", "da_diao_che") or not 1 <= len(fed) <= 2:
        return None
    zh, en = _meld_words(r, fed)
    return (
        f"門清要沒有吃、碰、明槓；這手牌有 {zh}（R7 門清）",
        f"a concealed hand has no chow, pung or exposed kong; this one has {en} (R7 MEN_QING)",
    )


@claim("QI_DUI", ("seven_pairs",))  # QI_DUI_WILD counted
def _qi_dui(r: Reading, counted: frozenset[str]) -> tuple[str, str] | None:
    """R7 QI_DUI: hard seven pairs; 七對有鑽 when a wild stands in for another tile."""
    if "QI_DUI_WILD" not in counted:
        return None
    n, value = r.substitutions, r.hand.rules["qi_dui"]
    return (
        f"七對（{value}）要沒有鑽代替別的牌；這裡有 {n} 張鑽代替別的牌，算七對有鑽（R7 七對）",
        f"hard seven pairs ({value}) needs no wild standing in for another tile; {n} wild(s) "
        "stand in here, so it is seven pairs with wilds (R7 QI_DUI)",
    )


@claim("DA_DIAO_CHE", ("da_diao_che",))  # DA_DIAO_CHE_WILD counted
def _da_diao_che(r: Reading, counted: frozenset[str]) -> tuple[str, str] | None:
    """R7 DA_DIAO_CHE: the final pair natural; 大吊車(有鑽) when a wild is in it."""
    if "DA_DIAO_CHE_WILD" not in counted:
        return None
    value = r.hand.rules["da_diao_che"]
    return (
        f"大吊車（{value}）要最後一對是兩張真牌；這裡那一對裡有鑽，算大吊車（有鑽）（R7 大吊車）",
        f"the big hanging cart ({value}) needs a natural final pair; a wild is in it here, so it "
        "scores as the cart with a wild (R7 DA_DIAO_CHE)",
    )


@claim("GANG_KAI", needs=("melds", "bar_tiles"))
def _gang_kai(r: Reading, counted: frozenset[str]) -> tuple[str, str] | None:
    """R7 GANG_KAI: a win on the replacement tile after kongs or bar tiles (kongs_before_win)."""
    hand = r.hand
    if not hand.melds and not hand.bar_tiles:
        return None
    kongs = sum(1 for m in hand.melds if m.is_kong) + hand.bar_tiles
    if not kongs or hand.kongs_before_win:
        return None
    return (
        f"槓開要在槓（或亮槓牌）後摸補牌和；這手牌有 {kongs} 次槓或亮槓牌，但沒說和在補牌上"
        "（kongs_before_win 為 0，R7 槓開）",
        f"a win after a kong needs the winning tile to be the replacement drawn after a kong or "
        f"bar tile; this hand has {kongs}, but the win is not marked as on the replacement "
        "(kongs_before_win is 0, R7 GANG_KAI)",
    )


@claim("BAO", needs=("melds", "others_melds"))
def _bao(r: Reading, counted: frozenset[str]) -> tuple[str, str] | None:
    """R10.1: liability starts at three melds fed between the same two players."""
    hand = r.hand
    if not hand.melds and not hand.others_melds:
        return None  # nothing fed either way
    winner = hand.winner
    notes_zh, notes_en = [], []
    for seat in SEATS:
        if seat == winner:
            continue
        fed = [m for m in hand.melds if m.fed and m.feeder == seat]
        if len(fed) == 2:
            notes_zh.append(f"{SEAT_ZH[seat]}家餵了{SEAT_ZH[winner]}家兩口")
            notes_en.append(f"{SEAT_EN[seat]} fed {SEAT_EN[winner]} two melds")
        back = [m for m in hand.others_melds.get(seat, ()) if m.fed and m.feeder == winner]
        if len(back) == 2:
            notes_zh.append(f"{SEAT_ZH[winner]}家餵了{SEAT_ZH[seat]}家兩口")
            notes_en.append(f"{SEAT_EN[winner]} fed {SEAT_EN[seat]} two melds")
    if not notes_zh:
        return None
    return (
        f"{'；'.join(notes_zh)}：三口才包（R10.1）",
        f"{'; '.join(notes_en)}: liability starts at three (R10.1)",
    )


# The checks to ask, in order, for each shape and (melds, bar tiles, others' melds) present.
_CHECKS = {
    (shape, *present): tuple(
        (code, check)
        for code, check, shapes, needs in CLAIMS
        if shape in shapes
        and (
            not needs
            or any(on for part, on in zip(HAND_PARTS, present, strict=True) if part in needs)
        )
    )
    for shape in SHAPES
    for present in product((False, True), repeat=len(HAND_PARTS))
}
