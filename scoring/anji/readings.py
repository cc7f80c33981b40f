"""Every way to read an Anji hand (AJ6, AJ10.1): standard (大吊 included), 七对, 十三幺, 四财神.

A 财神 may play any face in the concealed hand (AJ4.3). The search is exhaustive over what
matters to the score — the shape, 爆头, 大吊 and its held tile, 清一色, and whether a 财神
substitutes — and keeps one reading for each combination of those facts, the one with the fewest
substitutions (AJ10.2). Groups made of 财神 alone may play any face: they are searched once and
then played either as the 财神 face itself (no substitution) or, where that makes 清一色 or a
substitution, as a face of the hand's one suit.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from scoring.anji.hand import Hand
from scoring.anji.tiles import THIRTEEN
from scoring.wilds import WildSearch, shape_of

SHAPES = ("standard", "seven_pairs", "thirteen_yao", "si_cai_shen")

# A concealed group: (set, played faces, which positions are 财神); set is chow, pung or pair.
Group = tuple[str, tuple[int, ...], tuple[bool, ...]]


@dataclass(frozen=True, slots=True)
class Reading:
    shape: str
    groups: tuple[Group, ...]  # concealed groups; melds are the hand's own
    bao_tou: bool = False  # AJ6.6
    da_diao: bool = False  # AJ6.2
    held_wild: bool = False  # AJ6.2: the 大吊 held tile is a 财神
    qing_yi_se: bool = False  # AJ8.2
    subs: int = 0  # 财神 playing a face other than their own (AJ4.3)

    @property
    def facts(self) -> tuple:
        return (
            self.shape,
            self.bao_tou,
            self.da_diao,
            self.held_wild,
            self.qing_yi_se,
            self.subs > 0,
        )


def readings(hand: Hand) -> list[Reading]:
    """Every distinct reading of ``hand`` (see the module's docstring)."""
    wild = hand.wild
    counts = [0] * 34
    for face in hand.concealed:
        if face != wild:
            counts[face] += 1
    wilds = hand.ncai
    found: dict[tuple, Reading] = {}

    def keep(r: Reading) -> None:
        old = found.get(r.facts)
        if old is None or r.subs < old.subs:
            found[r.facts] = r

    for (pair, _, _, _), (_, groups) in _splits(hand, counts, wilds).items():
        for r in _standard_readings(hand, list(groups), pair):
            keep(r)
    if not hand.melds:
        for r in _seven_pairs(hand, counts, wilds):
            keep(r)
        for r in _thirteen(hand, counts, wilds):
            keep(r)
    if hand.self_draw and wilds == 4:  # AJ6.5, melds or not
        keep(Reading("si_cai_shen", (("si_cai_shen", hand.concealed, ()),), subs=4))
    return list(found.values())


# A partial split's summary: (pair kind, suits bitmask, 财神 in free groups, any substitution);
# pair kind: 1 two naturals, 2 a natural of the winning face and a 财神, 3 another natural and
# a 财神, 4 two 财神 (free). The value keeps the split with the fewest substitutions.
Split = dict[tuple[int, int, int, bool], tuple[int, tuple[Group, ...]]]

ANY_SUB = 1 << 4  # in a key's bits, beside the suits' bits


def _group_key(
    group: Group, base: int, marks: tuple[int, int], wild_used: int, is_pair: int
) -> tuple[int, int, int]:
    """A group's share of ``Split``'s key for the shared search (``scoring.wilds``): the pair
    kind (added: there is one pair), its suit and whether a 财神 substitutes (bits); its cost is
    its substitutions. ``marks`` are the 财神's face and the winning face (-1 outside the
    group's suit, or for a winning 财神)."""
    wild, win = marks
    kind, faces, flags = group
    subs = sum(1 for f, x in zip(faces, flags, strict=True) if x and f != wild)
    pair = (1 if not flags[1] else 2 if faces[0] == win else 3) if is_pair else 0
    return pair, 1 << (faces[0] // 9) | (ANY_SUB if subs else 0), subs


_SEARCH = WildSearch(_group_key)


def _splits(hand: Hand, counts: list[int], wilds: int) -> Split:
    """Every split of the concealed naturals and ``wilds`` 财神 into the sets still needed and
    one pair, summarised (``Split``): the shared search, then the 财神 left over as free groups
    (any face)."""
    sets, pairs = 4 - len(hand.melds), 1
    win = -1 if hand.win_is_wild else hand.win_tile
    out: Split = {}
    found = _SEARCH.search(tuple(counts), wilds, sets, pairs, (hand.wild, win))
    for (add, bits), (subs, groups) in found.items():
        used, made_sets, made_pairs = shape_of(add)
        free = wilds - used
        left_sets, left_pairs = sets - made_sets, pairs - made_pairs
        if free != 3 * left_sets + 2 * left_pairs:
            continue
        pair = 4 if left_pairs else add & 7
        key = (pair, bits & 15, free, bool(bits & ANY_SUB))
        old = out.get(key)
        if old is None or subs < old[0]:
            free_groups = (("pair", (), ()),) * left_pairs + (("pung", (), ()),) * left_sets
            out[key] = (subs, groups + free_groups)
    return out


def _suits(hand: Hand, groups: list[Group]) -> set[int]:
    suits = {g[1][0] // 9 for g in groups if g[1]}
    suits.update(m.printed[0] // 9 for m in hand.melds)
    return suits


def _free_face(hand: Hand, suit: int | None, used: set[int] = frozenset()) -> int:  # type: ignore[assignment]
    """A face other than the 财神's for 财神 that substitute: in ``suit`` when given."""
    faces = range(suit * 9, suit * 9 + 9) if suit is not None else range(34)
    for face in faces:
        if face != hand.wild and face not in used:
            return face
    return next(f for f in faces if f != hand.wild)


def _standard_readings(hand: Hand, groups: list[Group], pair: int) -> Iterator[Reading]:
    """The readings of one split; ``pair`` is its pair kind (see ``Split``)."""
    wild = hand.wild
    free_pair = pair == 4
    # AJ6.6: a drawn 财神 beside a held one, or the drawn natural beside a held 财神
    bao_tou = free_pair if hand.win_is_wild else pair == 2
    da_diao = len(hand.melds) == 4  # AJ6.2
    if da_diao:
        held_wild = free_pair if hand.win_is_wild else pair in (2, 3)
    else:
        held_wild = False
    fixed_subs = sum(
        1
        for _, faces, flags in groups
        for f, w in zip(faces, flags, strict=True)
        if w and f != wild
    )
    free = [g for g in groups if not g[1]]
    suits = _suits(hand, groups)
    one_suit = next(iter(suits)) if len(suits) == 1 and next(iter(suits)) < 3 else None

    def played(face: int) -> tuple[Group, ...]:
        return tuple(
            g
            if g[1]
            else (
                g[0],
                (face,) * (2 if g[0] == "pair" else 3),
                (True,) * (2 if g[0] == "pair" else 3),
            )
            for g in groups
        )

    free_wilds = sum(2 if g[0] == "pair" else 3 for g in free)
    facts = {"bao_tou": bao_tou, "da_diao": da_diao, "held_wild": held_wild}
    own_qys = one_suit is not None and (not free or (wild < 27 and wild // 9 == one_suit))
    yield Reading("standard", played(wild), qing_yi_se=own_qys, subs=fixed_subs, **facts)
    if free:
        face = _free_face(hand, one_suit)
        yield Reading(
            "standard",
            played(face),
            qing_yi_se=one_suit is not None,
            subs=fixed_subs + free_wilds,
            **facts,
        )


def _seven_pairs(hand: Hand, counts: list[int], wilds: int) -> Iterator[Reading]:
    """AJ6.3."""
    allow_four = hand.rules["qidui_allow_four"]
    if not allow_four and any(c > 2 for c in counts):
        return
    singles = [f for f, c in enumerate(counts) if c % 2]
    if wilds < len(singles) or (wilds - len(singles)) % 2:
        return
    groups: list[Group] = []
    for face, c in enumerate(counts):
        groups += [("pair", (face, face), (False, False))] * (c // 2)
        if c % 2:
            groups.append(("pair", (face, face), (False, True)))
    free_pairs = (wilds - len(singles)) // 2
    naturals = {f for f, c in enumerate(counts) if c}
    suits = {f // 9 for f in naturals}
    one_suit = next(iter(suits)) if len(suits) == 1 and next(iter(suits)) < 3 else None
    wild = hand.wild
    # 财神 pairs as the 财神 face: at most one such pair when four of a kind is not allowed.
    own = free_pairs if allow_four else min(free_pairs, 1)
    used = set(naturals) | {wild}
    extra: list[int] = []
    for _ in range(free_pairs - own):
        face = _free_face(hand, one_suit if one_suit is not None else None, used | set(extra))
        extra.append(face)
    wild_groups = [("pair", (wild, wild), (True, True))] * own + [
        ("pair", (f, f), (True, True)) for f in extra
    ]
    qys = one_suit is not None and all(g[1][0] // 9 == one_suit for g in wild_groups)
    yield Reading(
        "seven_pairs",
        tuple(groups + wild_groups),
        qing_yi_se=qys,
        subs=len(singles) + 2 * len(extra),
    )
    if free_pairs:
        chosen: list[int] = []
        for _ in range(free_pairs):
            face = _free_face(hand, one_suit, set() if allow_four else set(naturals) | set(chosen))
            chosen.append(face)
        yield Reading(
            "seven_pairs",
            tuple(groups + [("pair", (f, f), (True, True)) for f in chosen]),
            qing_yi_se=one_suit is not None,
            subs=len(singles) + 2 * free_pairs,
        )


def _thirteen(hand: Hand, counts: list[int], wilds: int) -> Iterator[Reading]:
    """AJ6.4: the 13 terminals and honours, each at least once, plus one more of any."""
    if any(c and f not in THIRTEEN for f, c in enumerate(counts)):
        return
    if any(c > 2 for c in counts) or sum(1 for c in counts if c == 2) > 1:
        return
    missing = [f for f in THIRTEEN if not counts[f]]
    doubled = next((f for f in THIRTEEN if counts[f] == 2), None)
    if wilds != len(missing) + (doubled is None):
        return
    wild = hand.wild

    def entry(fill: list[int], extra: int | None) -> Group:
        played, flags = [], []
        for f in THIRTEEN:
            played += [f] * counts[f]
            flags += [False] * counts[f]
        played += fill
        flags += [True] * len(fill)
        if extra is not None:
            played.append(extra)
            flags.append(True)
        order = sorted(range(len(played)), key=lambda i: (played[i], flags[i]))
        return ("thirteen_yao", tuple(played[i] for i in order), tuple(flags[i] for i in order))

    # fewest substitutions: a 财神 plays its own face where it is one of the 13
    extra = None if doubled is not None else (wild if wild in THIRTEEN else 27)
    low = entry(missing, extra)
    subs = sum(1 for f, w in zip(low[1], low[2], strict=True) if w and f != wild)
    yield Reading("thirteen_yao", (low,), subs=subs)
    if wilds and subs == 0:
        # a substitution where one can be made: the extra 财神 (or the own-face one's twin)
        others = [f for f in THIRTEEN if f != wild]
        if doubled is None:
            high = entry(missing, others[0])
        elif len(missing) > 1 or wild not in missing:
            high = low
        else:
            return
        high_subs = sum(1 for f, w in zip(high[1], high[2], strict=True) if w and f != wild)
        if high_subs:
            yield Reading("thirteen_yao", (high,), subs=high_subs)
