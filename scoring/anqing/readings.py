"""Every reading of a hand (R6, R7.2): which tiles form which sets, what each wild plays, and
which copy of the winning tile was drawn."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations_with_replacement

from scoring.anqing.hand import Hand, Meld
from scoring.tiles import WINDS, rank_of, suit_of
from scoring.wilds import WildSearch, natural_splits, shape_of

# A concealed group: (kind, faces played, which positions are wild tiles).
Group = tuple[str, tuple[int, ...], tuple[bool, ...]]

SHAPES = ("standard", "da_diao_che", "seven_pairs", "thirteen_lan")  # R7.2 tie-break order


class Reading:
    """One way to read the hand. ``win`` is (group index, position) of the drawn tile.

    What every fan item looks at is worked out once, when the reading is made: the chows, the
    wind sets, the wilds (and how many play another face) and where the drawn tile sits; the
    list of sets (``sets``) when first asked."""

    __slots__ = (
        "hand",
        "shape",
        "groups",
        "win",
        "chow_starts",
        "wind_sets",
        "substitutions",
        "wild_total",
        "pao_feng_shape",
        "_sets",
        "_suits",
    )

    def __init__(self, hand: Hand, shape: str, groups: tuple[Group, ...], win: tuple[int, int]):
        self.hand = hand
        self.shape = shape
        self.groups = groups
        self.win = win
        own = hand.wild
        subs = total = winds = 0
        # the chows' first faces (R7 YI_LONG) and the pungs and kongs of a wind (R7 FENG_KE),
        # concealed and melded
        chows = set()
        for kind, faces, wild in groups:
            if True in wild:
                for face, w in zip(faces, wild, strict=True):
                    if w:
                        total += 1
                        subs += face != own
            if kind == "chow":
                chows.add(faces[0])
            elif kind == "pung":
                winds += faces[0] in WINDS
        if hand.melds:
            subs, total, winds = _add_melds(hand, chows, subs, total, winds)
        self.chow_starts = chows
        self.wind_sets = winds
        # Wilds playing a face other than the 鑽's own (R4.2, R7.2), and all wild tiles in the
        # winning hand, concealed or in a concealed kong (R7 SI_ZUAN).
        self.substitutions = subs
        self.wild_total = total
        self._sets: list[tuple[str, int]] | None = None
        self._suits: set[int] | None = None
        # R7 PAO_FENG (a): where the drawn tile sits. 獨吊/吊鑽, 邊張, 卡張, or None.
        self.pao_feng_shape = (
            None if shape == "thirteen_lan" else pao_feng_shape(groups[win[0]], win[1])
        )

    @classmethod
    def natural(
        cls, hand: Hand, shape: str, groups: tuple[Group, ...], drawn_face: int
    ) -> Reading | None:
        """The reading of concealed groups without wilds, the drawn tile where it first earns
        跑風 by shape, else where it first sits (None when no group holds its face): the same
        as ``Reading(hand, shape, groups, place)``, the place and the facts found in one pass.
        A pung's tiles are all alike (none earns 跑風 by shape); a pair's or a chow's drawn
        face is in one place."""
        place = pao = None
        winds = 0
        chows = set()
        for gi, group in enumerate(groups):
            kind, faces, _ = group
            if kind == "chow":
                chows.add(faces[0])
            elif kind == "pung" and faces[0] in WINDS:
                winds += 1
            if pao is None and drawn_face in faces:
                pos = faces.index(drawn_face)
                pao = pao_feng_shape(group, pos)
                if pao or place is None:
                    place = (gi, pos)
        if place is None:
            return None
        self = cls.__new__(cls)
        self.hand = hand
        self.shape = shape
        self.groups = groups
        self.win = place
        subs = total = 0
        if hand.melds:
            subs, total, winds = _add_melds(hand, chows, 0, 0, winds)
        self.chow_starts = chows
        self.wind_sets = winds
        self.substitutions = subs
        self.wild_total = total
        self._sets = self._suits = None
        self.pao_feng_shape = pao
        return self

    @property
    def sets(self) -> list[tuple[str, int]]:
        """(kind, first face) of every set, concealed and then melded: kind chow, pung or
        kong."""
        if self._sets is None:
            sets = [(g[0], g[1][0]) for g in self.groups if g[0] == "chow" or g[0] == "pung"]
            for m in self.hand.melds:
                sets.append((_MELD_SET[m.kind], m.face))
            self._sets = sets
        return self._sets

    @property
    def melds(self) -> tuple[Meld, ...]:
        return self.hand.melds

    @property
    def hard(self) -> bool:
        return self.substitutions == 0

    @property
    def win_group(self) -> Group:
        return self.groups[self.win[0]]

    @property
    def played_faces(self) -> list[int]:
        faces = [f for _, fs, _ in self.groups for f in fs]
        for m in self.melds:
            faces.extend(m.faces)
        return faces

    @property
    def suits(self) -> set[int]:
        """R6.6: the suits used, each wild read as the face it plays (3 = honors)."""
        if self._suits is None:
            self._suits = {suit_of(f) for f in self.played_faces}
        return self._suits


# The set a meld is (``Reading.sets``).
_MELD_SET = {
    "chi": "chow",
    "pung": "pung",
    "kong": "kong",
    "added_kong": "kong",
    "concealed_kong": "kong",
}


def _add_melds(
    hand: Hand, chows: set[int], subs: int, total: int, winds: int
) -> tuple[int, int, int]:
    """The melds' share of a reading's facts: their chows added to ``chows``, and the
    substitutions, wild tiles and wind sets with theirs."""
    own = hand.wild
    for m in hand.melds:
        if True in m.wild:
            for face, w in zip(m.faces, m.wild, strict=True):
                if w:
                    total += 1
                    subs += face != own
        if m.kind == "chi":
            chows.add(m.face)
        else:
            winds += m.face in WINDS
    return subs, total, winds


def pao_feng_shape(group: Group, pos: int) -> str | None:
    """R7 PAO_FENG (a) for the drawn tile at ``pos`` of ``group``."""
    kind, faces, wild = group
    if kind == "pair":
        other = wild[1 - pos]
        if wild[pos]:
            return "zuan_diao_zuan" if other else None  # a wild drawn onto a natural single: no
        return "diao_zuan" if other else "dan_diao"
    if kind != "chow" or any(wild):
        return None  # 邊張 and 卡張 need the drawn tile and both others natural
    start = rank_of(faces[0])
    if (pos == 2 and start == 1) or (pos == 0 and start == 7):
        return "bian"
    return "kan" if pos == 1 else None


def readings(hand: Hand) -> list[Reading]:
    """Every reading of every shape (R6.1-R6.4), standard first (R7.2)."""
    counts = hand.natural_counts()
    wilds = hand.wild_count()
    n_melds = len(hand.melds)
    drawn = -1 if hand.win_is_wild else hand.played(hand.win_tile)
    daque = hand.rules.daque
    out: list[Reading] = []
    if n_melds == 4:
        # R7.3: four declared melds read only as 大吊車 (R6.3)
        decompositions = _decompose(counts, wilds, 0, 1, hand.wild, daque, drawn)
        _placed(hand, "da_diao_che", decompositions, out, wilds)
        return out
    decompositions = _decompose(counts, wilds, 4 - n_melds, 1, hand.wild, daque, drawn)
    _placed(hand, "standard", decompositions, out, wilds)
    if n_melds == 0:
        pairs = _seven_pairs(hand, counts, wilds)
        if pairs:
            _placed(hand, "seven_pairs", pairs, out, wilds)
        # 十三爛 holds fourteen different printed faces and no 鑽, so neither a pair nor another
        # reading beside it: it is looked for only when there is none.
        lan = None if out else _thirteen_lan(hand)
        if lan is not None:
            out.append(lan)
    return out


def _placed(hand: Hand, shape: str, decompositions: tuple, out: list[Reading], wilds: int) -> None:
    """Add to ``out`` each decomposition (and its variants) with the drawn tile where it earns 跑風 by shape if
    any place does (R7 PAO_FENG (a)) — every other fact of a reading is the same wherever it
    sits — and only once per signature.

    The signature is what the fan items can see of a reading's concealed groups (melds are the
    same in every reading of a hand): whether a chow is used, substitutions, wind pungs, 一龍,
    a wild in the pair, pairs of two wilds playing the 鑽's own face, and under 打缺 the suits.
    Readings with equal signatures and equal 跑風-by-shape score the same F with the same
    tie-break (R7.2), so only the first is weighed."""
    drawn_wild = hand.win_is_wild
    drawn_face = hand.played(hand.win_tile)
    own = hand.wild
    if not wilds:
        # Every group is natural, so the drawn tile can sit only in a group holding its face:
        # where it first earns 跑風, else where it first sits (``Reading.natural``). One
        # decomposition (most hands) has nothing to weigh. Of several, the signature's other
        # parts are the same in each: no substitutions, no wild in the pair, and the suits of
        # the groups are those of the tiles.
        if len(decompositions) == 1:
            reading = Reading.natural(hand, shape, decompositions[0], drawn_face)
            if reading is not None:
                out.append(reading)
            return
        seen = set()
        for groups in decompositions:
            reading = Reading.natural(hand, shape, groups, drawn_face)
            if reading is None:
                continue
            starts = reading.chow_starts
            key = (
                reading.pao_feng_shape is not None,
                any(kind == "chow" for kind, _, _ in groups),
                reading.wind_sets,
                len(starts) >= 3 and any(dragon <= starts for dragon in _DRAGONS),
            )
            if key not in seen:
                seen.add(key)
                out.append(reading)
        return
    weigh_all = True
    daque = hand.rules.daque
    meld_chows = tuple(m.face for m in hand.melds if m.kind == "chi") if hand.melds else ()
    meld_dragons = _dragon_bits(meld_chows)
    seen = set()
    for decomposition in decompositions:
        variants = (
            _variants(decomposition, own, meld_chows, daque) if wilds >= 3 else (decomposition,)
        )
        for groups in variants:
            place = pao_place = None
            subs = winds = own_pairs = suits = 0
            dragons = meld_dragons
            pair_wild = chow_used = False
            for gi, group in enumerate(groups):
                spot, g_subs, chow, dragon, wind, g_pair_wild, own_pair, suit = _group_facts(
                    group, own, drawn_face, drawn_wild
                )
                if spot >= 4:
                    if pao_place is None:
                        pao_place = (gi, spot - 4)
                elif spot >= 0 and place is None:
                    place = (gi, spot)
                subs += g_subs
                winds += wind
                own_pairs += own_pair
                suits |= suit
                dragons |= dragon
                if chow:
                    chow_used = True
                if g_pair_wild:
                    pair_wild = True
            pao = pao_place is not None
            if pao:
                place = pao_place
            elif place is None:
                continue
            if weigh_all:
                yi_long = any(dragons & whole == whole for whole in _WHOLE_DRAGONS)
                key = (
                    pao, chow_used, subs, winds, yi_long, pair_wild, own_pairs,
                    suits if daque else 0,
                )  # fmt: skip
                if key in seen:
                    continue
                seen.add(key)
            out.append(Reading(hand, shape, groups, place))


def _dragon_bits(chow_starts: tuple[int, ...]) -> int:
    """One bit for each chow an 一龍 is made of (1-2-3, 4-5-6, 7-8-9 of a suit) among these."""
    bits = 0
    for start in chow_starts:
        if start < 27 and start % 3 == 0:
            bits |= 1 << start
    return bits


# The three chows of an 一龍 in each suit, as ``_dragon_bits`` and as first faces.
_WHOLE_DRAGONS = tuple(1 << b | 1 << (b + 3) | 1 << (b + 6) for b in (0, 9, 18))
_DRAGONS = tuple(frozenset((b, b + 3, b + 6)) for b in (0, 9, 18))


@lru_cache(maxsize=8192)
def _group_facts(group: Group, own: int, drawn_face: int, drawn_wild: bool) -> tuple:
    """One concealed group's share of a reading's place and signature (see ``_placed``):

    - where the drawn tile can sit: the first position where it earns 跑風 by shape, plus 4;
      else the first position it can sit at all; else -1 (a drawn wild sits only in a wild
      position, a drawn natural tile only in a natural position of its face);
    - substitutions; whether it is a chow, and its ``_dragon_bits``; 1 for a wind pung; a wild
      in the pair; 1 for a pair of two wilds playing the 鑽's own face; the suit as a bit.
    """
    kind, faces, wild = group
    spot = -1
    for pos, (face, w) in enumerate(zip(faces, wild, strict=True)):
        if w != drawn_wild or (not w and face != drawn_face):
            continue
        if pao_feng_shape(group, pos):
            spot = pos + 4
            break
        if spot < 0:
            spot = pos
    chow = kind == "chow"
    return (
        spot,
        sum(1 for f, w in zip(faces, wild, strict=True) if w and f != own),
        chow,
        _dragon_bits((faces[0],)) if chow else 0,
        int(kind == "pung" and faces[0] in WINDS),
        kind == "pair" and True in wild,
        int(kind == "pair" and wild == (True, True) and faces[0] == own),
        1 << faces[0] // 9,
    )


# A group's share of a part's key (see ``scoring.wilds``) for the fan items and the drawn
# tile's place:
# - add: substitutions and wind pungs (6 bits each), which add up;
# - bits, compared in this order: whether a chow is used; which of the chows an 一龍 is made of
#   (1-2-3, 4-5-6, 7-8-9 of each suit) are used, one bit each (how many times does not matter
#   to 一龍); flags: a wild in the pair, the drawn tile can sit here, it earns 跑風 by shape
#   here, a wild is used.
SUBS_AT = 6
CHOW_BIT, DRAGONS_AT = 1 << 29, 4
PAIR_WILD, HAS_DRAWN, PAO, WILD_USED = 8, 4, 2, 1


def _group_key(
    group: Group, base: int, marks: tuple[int, int], wild_used: int, is_pair: int
) -> tuple[int, int, int]:
    """``marks`` are the 鑽's face and the drawn face (-1 outside the group's suit, or for a
    drawn wild). Every part of one key is as good as another: the cost is 0, the first is
    kept."""
    own, drawn = marks
    kind, faces, wild = group
    subs = sum(1 for face, w in zip(faces, wild, strict=True) if w and face != own)
    has_drawn = pao = False
    for pos, (face, w) in enumerate(zip(faces, wild, strict=True)):
        if not w and face == drawn:
            has_drawn = True
            pao = pao or pao_feng_shape(group, pos) is not None
    chow = kind == "chow"
    dragon = 1 << faces[0] if chow and (faces[0] - base) % 3 == 0 else 0
    wind = int(kind == "pung" and faces[0] in WINDS)
    bits = (
        (CHOW_BIT if chow else 0)
        | dragon << DRAGONS_AT
        | (PAIR_WILD if kind == "pair" and any(wild) else 0)
        | (HAS_DRAWN if has_drawn else 0)
        | (PAO if pao else 0)
        | (WILD_USED if wild_used else 0)
    )
    return subs << SUBS_AT | wind, bits, 0


_SEARCH = WildSearch(_group_key, costs=False)


def _decompose(
    counts: bytes, wilds: int, sets: int, pair: int, own: int, daque: bool, drawn: int
) -> tuple:
    """All multisets of ``sets`` sets and ``pair`` pairs from natural ``counts`` and ``wilds``
    (R6.1: wilds may fill any position of a concealed set or the pair).

    The shared search (``scoring.wilds``) takes each suit apart on its own and keeps, of the
    splits the fan items cannot tell apart (``_group_key``), only the first; wilds left over
    form groups of their own. Without wilds every split is kept.
    ``drawn`` is the face the drawn tile plays, or -1 when it is a wild.
    """
    if sum(counts) + wilds != 3 * sets + 2 * pair:
        return ()
    if not wilds:
        return natural_splits(counts, sets, pair)
    # All-wild groups come only from the fill, so every combination below is different. The
    # search's suit parts are remembered by counts as a tuple (those it takes apart are).
    out = []
    found = _SEARCH.search(tuple(counts), wilds, sets, pair, (own, drawn))
    for (made, _), (_, groups) in found.items():
        used, made_sets, made_pairs = shape_of(made)
        for fill in _all_wild(wilds - used, sets - made_sets, pair - made_pairs, own, daque):
            out.append(groups + fill)
    return tuple(out)


def _wild_pair_options(own: int, daque: bool) -> tuple[Group, ...]:
    """Faces a pair of two wilds can play that could change the score: the 鑽's own face (no
    substitution), and under 打缺 one face of each suit and the honors (R6.6, 一色 items)."""
    faces = [own, 0, 9, 18, WINDS[0]] if daque else [own]
    return tuple(("pair", (f, f), (True, True)) for f in dict.fromkeys(faces))


@lru_cache(maxsize=1024)
def _all_wild(wilds: int, sets: int, pair: int, own: int, daque: bool) -> tuple:
    """Groups made of wilds only. Three wilds are read here as a pung of the 鑽's own face;
    ``variants`` later offers the other faces that could score more."""
    if wilds != 3 * sets + 2 * pair:
        return ()
    wild_sets = (("pung", (own,) * 3, (True,) * 3),) * sets
    if not pair:
        return (wild_sets,)
    return tuple(sorted(tuple(sorted((*wild_sets, p))) for p in _wild_pair_options(own, daque)))


def _variants(
    groups: tuple[Group, ...], own: int, meld_chows: tuple[int, ...], daque: bool
) -> Iterator[tuple[Group, ...]]:
    """The groups, and the same with their all-wild set playing another face that could score
    more: a wind (風), the chow an 一龍 lacks, or under 打缺 a pung of each suit."""
    yield groups
    index = next((i for i, g in enumerate(groups) if g[0] == "pung" and all(g[2])), None)
    if index is None:
        return
    starts = {faces[0] for kind, faces, _ in groups if kind == "chow"} | set(meld_chows)
    options = [WINDS[0]] if own not in WINDS else []
    if daque:
        options += [0, 9, 18]
    swaps: list[Group] = [("pung", (f,) * 3, (True,) * 3) for f in options if f != own]
    for base in (0, 9, 18):
        missing = {base, base + 3, base + 6} - starts
        if len(missing) == 1:
            start = missing.pop()
            swaps.append(("chow", (start, start + 1, start + 2), (True,) * 3))
    for group in swaps:
        yield groups[:index] + (group,) + groups[index + 1 :]


def _seven_pairs(hand: Hand, counts: bytes, wilds: int) -> tuple:
    """R6.2: seven pairs; a wild pairs with a natural single or with another wild; four
    identical tiles are two pairs when ``qidui_allow_four``."""
    if not wilds and (1 in counts or 3 in counts):
        return ()  # a tile left without its pair
    allow_four = bool(hand.rules["qidui_allow_four"])
    own = hand.wild
    groups: list[Group] = []
    for face, n in enumerate(counts):
        if n == 0:
            continue
        if n == 4 and not allow_four:
            return ()
        if n == 3 and not allow_four:
            return ()
        groups += [("pair", (face, face), (False, False))] * (n // 2)
        if n % 2:
            groups.append(("pair", (face, face), (False, True)))
    spare = wilds - sum(1 for g in groups if g[2][1])
    if spare < 0 or spare % 2:
        return ()
    options = _seven_pair_wild_options(own, counts)
    natural_own = ("pair", (own, own), (False, False))
    half_own = ("pair", (own, own), (False, True))
    out = set()
    # R7.2 every reading: the stand-ins (紅中 playing the 鑽's face, R4.3) may pair with each
    # other or each with a wild, which is still no substitution (鑽中 鑽中 鑽鑽, R7 SI_ZUAN);
    # that makes two pairs of one face, so only where four alike are two pairs (R12).
    splits = min(counts[own] // 2, spare // 2) if allow_four else 0
    for split in range(splits + 1):
        base = list(groups)
        for _ in range(split):
            base.remove(natural_own)
            base += [half_own, half_own]
        for chosen in combinations_with_replacement(options, spare // 2 - split):
            if not allow_four:
                chosen = _apart(chosen, counts, own)
                if chosen is None:
                    continue
            pairs = tuple(sorted(base + list(chosen)))
            if len(pairs) == 7:
                out.add(pairs)
    return tuple(sorted(out))


def _seven_pair_wild_options(own: int, counts: bytes) -> tuple[Group, ...]:
    """Faces a pair of two wilds can play in 七對 (R6.2, R7.2): the 鑽's own face (no
    substitution), and a free face of each suit and of the honors (a substitution: 七對有鑽, and
    the suit is what 打缺 and the 一色 items look at)."""
    faces = [own]
    for start, size in ((0, 9), (9, 9), (18, 9), (27, 7)):
        free = next((f for f in range(start, start + size) if not counts[f] and f != own), None)
        if free is not None:
            faces.append(free)
    return tuple(("pair", (f, f), (True, True)) for f in faces)


def _apart(chosen: tuple[Group, ...], counts: bytes, own: int) -> tuple | None:
    """Without ``qidui_allow_four`` no face may make two pairs, so a pair of wilds whose face is
    taken plays the next free face of the same suit instead (it is a substitution either way,
    and the suit is what 打缺 looks at). The four 鑽 as two pairs of themselves stay (R7
    SHUANG_TIAN_HU). None when a suit has no free face left."""
    taken = {face for face, n in enumerate(counts) if n}
    out = []
    for pair in chosen:
        face = pair[1][0]
        if face == own and not counts[own]:
            out.append(pair)
            continue
        if face in taken:
            base = face - face % 9 if face < 27 else 27
            face = next(
                (
                    f
                    for f in range(base, base + (9 if base < 27 else 7))
                    if f not in taken and f != own
                ),
                None,
            )
            if face is None:
                return None
        taken.add(face)
        out.append(("pair", (face, face), (True, True)))
    return tuple(out)


def _thirteen_lan(hand: Hand) -> Reading | None:
    """R6.4: printed faces, no 鑽 face, suited ranks at least 3 apart, honors all different."""
    if hand.rules.daque or hand.melds or len(hand.concealed) != 14:
        return None
    if hand.wild in hand.concealed or len(set(hand.concealed)) != 14:
        return None
    printed = sorted(hand.concealed)
    groups: list[Group] = []
    for suit in range(4):
        faces = tuple(f for f in printed if suit_of(f) == suit)
        if suit < 3 and any(b - a < 3 for a, b in zip(faces, faces[1:], strict=False)):
            return None
        if faces:
            groups.append(("lan", faces, (False,) * len(faces)))
    for gi, (_, faces, _) in enumerate(groups):
        if hand.win_tile in faces:
            return Reading(hand, "thirteen_lan", tuple(groups), (gi, faces.index(hand.win_tile)))
    return None


def is_thirteen_lan(hand: Hand) -> bool:
    return _thirteen_lan(hand) is not None
