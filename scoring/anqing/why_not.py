"""Why not: the items players most often claim, when a hand came near one and it does not count.

Each claim is one small function over the chosen reading (and the items that did count); it
answers ``(why, why_en)`` when the hand came near, else None. ``not_counted`` gathers them for
the result's optional ``not_counted`` field, so a dispute is settled by reading, not arguing.

"Near", per item (docs/engine-api.md, ``not_counted``):

- 跑風: the drawn tile sits where a table could take it for a one-tile wait and it is not one:
  it completes a pung (a wait on two pairs); it completes 1-2-3 or 7-8-9 at its open end (a
  two-sided wait that looks like an edge); it sits at an edge or in the middle of a chow that
  holds a 鑽 (with natural tiles it would count); or it is a drawn 鑽 pairing a natural single.
- 一龍: the natural tiles of one suit (concealed and melded; a 鑽 not counted, a stand-in 紅中 as
  the face it plays) hold two of its three runs 1-2-3, 4-5-6, 7-8-9 whole (six of the nine
  tiles it needs), or seven of the nine ranks.
- 碰碰胡: three of the four sets are pungs or kongs (one chow).
- 門清: one or two chows, pungs or exposed kongs were claimed.
- 七對, 大吊車: the hand is one, but a 鑽 stands in (七對有鑽, 大吊車(有鑽) counted).
- 槓開: the winner made a kong or showed a bar tile, and the win is not marked as on the
  replacement tile.
- 包: two melds fed between the winner and one other player (liability starts at three).
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
_SUIT_ZH = ("萬", "筒", "條")
_SUIT_EN = ("Characters", "Dots", "Bamboo")
_RANKS_ZH = "一二三四五六七八九"
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


def _edge_or_middle(faces: tuple[int, ...], pos: int) -> bool:
    """Whether the tile at ``pos`` of a chow would be an edge (3 of 1-2-3, 7 of 7-8-9) or a
    middle wait with natural tiles."""
    rank = faces[0] % 9  # 0 for a chow 1-2-3, 6 for 7-8-9
    return pos == 1 or (pos == 2 and rank == 0) or (pos == 0 and rank == 6)


@lru_cache(maxsize=2048)
def _pao_feng_of(group: Group, pos: int) -> tuple[str, str] | None:
    """``_pao_feng`` for the drawn tile at ``pos`` of ``group``: the reason depends on nothing
    else, and the same few hundred groups come back hand after hand. None where the drawn tile
    is nowhere near a one-tile wait (a two-sided wait in the middle of a suit)."""
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
        if not _edge_or_middle(faces, pos):
            return None
        return (
            f"摸 {drawn_zh} 成順子 {group_zh}，但順子裡有鑽：邊張、卡張都要三張真牌（R7 跑風）",
            f"the drawn {drawn_en} completes {group_en}, but a wild sits in that chow: an edge or "
            "middle wait counts only with natural tiles (R7, pao feng)",
        )
    if kind == "chow":
        rank = faces[0] % 9
        if not ((pos == 0 and rank == 0) or (pos == 2 and rank == 6)):
            return None
        return (
            f"摸 {drawn_zh} 在 {group_zh} 的一頭，是兩面聽，不是邊張、卡張或獨吊（R7 跑風）",
            f"the drawn {drawn_en} completes {group_en} at an open end: a two-sided wait, not an "
            "edge, middle or pair wait (R7, pao feng)",
        )
    if kind == "pung":
        return (
            f"摸 {drawn_zh} 成刻子，是對倒（兩對聽），不是獨吊（R7 跑風）",
            f"the drawn {drawn_en} completes a pung: a wait on two pairs, not a single wait on "
            "the pair (R7, pao feng)",
        )
    return None


@claim("YI_LONG", STANDARD_SHAPES)  # only these hold chows
def _yi_long(r: Reading, counted: frozenset[str]) -> tuple[str, str] | None:
    """R7 YI_LONG: 1 to 9 of one suit as 123, 456 and 789; near when the natural tiles of one
    suit hold two of the three runs whole, or seven of the nine ranks."""
    hand = r.hand
    wild = hand.wild
    ranks: list[set[int]] = [set(), set(), set()]
    for printed in hand.concealed:
        if printed != wild:
            face = hand.played(printed)
            if face < 27:
                ranks[face // 9].add(face % 9)
    for meld in hand.melds:
        for face, is_wild in zip(meld.faces, meld.wild or (False,) * len(meld.faces), strict=True):
            if not is_wild and face < 27:
                ranks[face // 9].add(face % 9)
    near = [suit for suit in range(3) if _near_dragon(ranks[suit])]
    if not near:
        return None
    suit = max(near, key=lambda s: len(ranks[s]))
    return _yi_long_words(suit, frozenset(ranks[suit]), tuple(_chows(r)))


def _near_dragon(ranks: set[int]) -> bool:
    runs = sum(1 for low in (0, 3, 6) if {low, low + 1, low + 2} <= ranks)
    return runs >= 2 or len(ranks) >= 7


@lru_cache(maxsize=1024)
def _yi_long_words(
    suit: int, ranks: frozenset[int], chows: tuple[int, ...]
) -> tuple[str, str]:
    missing = [rank for rank in range(9) if rank not in ranks]
    if missing:
        lack_zh = "缺" + "、".join(f"{_RANKS_ZH[rank]}{_SUIT_ZH[suit]}" for rank in missing)
        lack_en = "it lacks " + ", ".join(f"{rank + 1} {_SUIT_EN[suit]}" for rank in missing)
    else:
        lack_zh = "一到九都有，但讀不成這三個順子"
        lack_en = "it holds 1 to 9, but they do not read as those three chows"
    have_zh = "、".join(tile_words(range(f, f + 3)) for f in chows) or "沒有"
    have_en = ", ".join(tile_words(range(f, f + 3), "en") for f in chows) or "none"
    return (
        f"一龍要同一花色一到九都有，成一二三、四五六、七八九三個順子（鑽可充當）；"
        f"這手牌的{_SUIT_ZH[suit]}子{lack_zh}；順子是 {have_zh}（R7 一龍）",
        f"a pure straight needs 1 to 9 of one suit as 1-2-3, 4-5-6 and 7-8-9 (a wild may stand "
        f"in); in {_SUIT_EN[suit]} {lack_en}; the chows are {have_en} (R7, pure straight)",
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
        f"all pungs needs all four sets to be pungs or kongs; {chow_en} is a chow (R7, all pungs)",
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
        f"a concealed hand has no chow, pung or exposed kong; this one has {en} "
        "(R7, concealed hand)",
    )


@claim("QI_DUI", ("seven_pairs",))  # QI_DUI_WILD counted
def _qi_dui(r: Reading, counted: frozenset[str]) -> tuple[str, str] | None:
    """R7 QI_DUI: hard seven pairs; 七對有鑽 when a wild stands in for another tile."""
    if "QI_DUI_WILD" not in counted:
        return None
    n, value = r.substitutions, r.hand.rules["qi_dui"]
    return (
        f"七對（{value}）要沒有鑽代替別的牌；這裡有 {n} 張鑽代替別的牌，算七對有鑽（R7 七對）",
        f"hard seven pairs ({value}) needs no wild standing in for another tile; "
        f"{_wilds_en(n)} here, so it is seven pairs with wilds (R7, seven pairs)",
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
        "scores as the cart with a wild (R7, big hanging cart)",
    )


@claim("GANG_KAI", needs=("melds", "bar_tiles"))
def _gang_kai(r: Reading, counted: frozenset[str]) -> tuple[str, str] | None:
    """R7 GANG_KAI: a win on the replacement tile after kongs or bar tiles; near when the
    winner made a kong or showed a bar tile and the win is not marked as on the replacement."""
    hand = r.hand
    if not hand.melds and not hand.bar_tiles:
        return None
    kongs = sum(1 for m in hand.melds if m.is_kong) + hand.bar_tiles
    if not kongs or hand.kongs_before_win:
        return None
    return (
        f"槓開要在槓（或亮槓牌）後摸補牌和；這手牌槓過或亮過槓牌共 {kongs} 次，"
        "但沒說這張和牌是槓後摸的補牌（R7 槓開）",
        f"a kong bloom needs the winning tile to be the replacement drawn after a kong or "
        f"bar tile; this hand has {_kongs_en(kongs)}, but the win is not marked as on the "
        "replacement (R7, kong bloom)",
    )


def _wilds_en(n: int) -> str:
    return "one wild stands in" if n == 1 else f"{n} wilds stand in"


def _kongs_en(n: int) -> str:
    return "one kong or bar tile" if n == 1 else f"{n} kongs and bar tiles"


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
