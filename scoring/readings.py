"""Every reading of a hand (R6, R7.2): which tiles form which sets, what each wild plays, and
which copy of the winning tile was drawn."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import combinations_with_replacement, product

from scoring.hand import Hand, Meld
from scoring.tiles import WINDS, is_suited, rank_of, suit_of

# A concealed group: (kind, faces played, which positions are wild tiles).
Group = tuple[str, tuple[int, ...], tuple[bool, ...]]

SHAPES = ("standard", "da_diao_che", "seven_pairs", "thirteen_lan")  # R7.2 tie-break order


@dataclass(eq=False)
class Reading:
    """One way to read the hand. ``win`` is (group index, position) of the drawn tile."""

    hand: Hand
    shape: str
    groups: tuple[Group, ...]
    win: tuple[int, int]

    @property
    def melds(self) -> tuple[Meld, ...]:
        return self.hand.melds

    @cached_property
    def substitutions(self) -> int:
        """Wilds playing a face other than the 鑽's own (R4.2, R7.2)."""
        own = self.hand.wild
        n = sum(
            1
            for _, faces, wild in self.groups
            for f, w in zip(faces, wild, strict=True)
            if w and f != own
        )
        return n + sum(
            1 for m in self.melds for f, w in zip(m.faces, m.wild, strict=False) if w and f != own
        )

    @property
    def hard(self) -> bool:
        return self.substitutions == 0

    @cached_property
    def wild_total(self) -> int:
        """Wild tiles in the winning hand, concealed or in a concealed kong (R7 SI_ZUAN)."""
        return sum(sum(wild) for _, _, wild in self.groups) + sum(sum(m.wild) for m in self.melds)

    @property
    def win_group(self) -> Group:
        return self.groups[self.win[0]]

    @property
    def win_is_wild(self) -> bool:
        return self.win_group[2][self.win[1]]

    @cached_property
    def sets(self) -> list[tuple[str, int]]:
        """(kind, first face) of every set, concealed and melded: kind chow, pung or kong."""
        out = [(kind, faces[0]) for kind, faces, _ in self.groups if kind in ("chow", "pung")]
        for m in self.melds:
            out.append(("chow" if m.kind == "chi" else "pung" if m.kind == "pung" else "kong", m.face))
        return out

    @cached_property
    def played_faces(self) -> list[int]:
        faces = [f for _, fs, _ in self.groups for f in fs]
        for m in self.melds:
            faces.extend(m.faces)
        return faces

    @cached_property
    def suits(self) -> set[int]:
        """R6.6: the suits used, each wild read as the face it plays (3 = honors)."""
        return {suit_of(f) for f in self.played_faces}

    @cached_property
    def pao_feng_shape(self) -> str | None:
        """R7 PAO_FENG (a): where the drawn tile sits. 獨吊/吊鑽, 邊張, 卡張, or None."""
        if self.shape == "thirteen_lan":
            return None
        kind, faces, wild = self.win_group
        pos = self.win[1]
        if kind == "pair":
            other = wild[1 - pos]
            if wild[pos]:
                return "zuan_diao_zuan" if other else None  # a wild drawn onto a natural single: no
            return "diao_zuan" if other else "dan_diao"
        if kind != "chow" or wild[pos]:
            return None
        others = [w for i, w in enumerate(wild) if i != pos]
        if any(others):
            return None
        start = rank_of(faces[0])
        if (pos == 2 and start == 1) or (pos == 0 and start == 7):
            return "bian"
        if pos == 1:
            return "kan"
        return None


def readings(hand: Hand) -> Iterator[Reading]:
    """Every reading of every shape (R6.1-R6.4), standard first (R7.2)."""
    counts = hand.natural_counts()
    wilds = hand.wild_count()
    n_melds = len(hand.melds)
    if n_melds == 4:
        # R7.3: four declared melds read only as 大吊車 (R6.3)
        yield from _placed(hand, "da_diao_che", _decompose(counts, wilds, 0, 1, hand.wild))
        return
    yield from _placed(hand, "standard", _decompose(counts, wilds, 4 - n_melds, 1, hand.wild))
    if n_melds == 0:
        yield from _placed(hand, "seven_pairs", _seven_pairs(hand, counts, wilds))
        lan = _thirteen_lan(hand)
        if lan is not None:
            yield lan


def _placed(hand: Hand, shape: str, decompositions: frozenset) -> Iterator[Reading]:
    """Each decomposition once per distinct place the drawn tile can sit."""
    drawn_wild = hand.win_is_wild
    drawn_face = hand.played(hand.win_tile)
    for groups in sorted(decompositions):
        seen = set()
        for gi, (kind, faces, wild) in enumerate(groups):
            for pos, (face, w) in enumerate(zip(faces, wild, strict=True)):
                if w != drawn_wild or (not w and face != drawn_face):
                    continue
                key = (groups[gi], face, w, pos if kind == "chow" else 0)
                if key in seen:
                    continue
                seen.add(key)
                yield Reading(hand, shape, groups, (gi, pos))


@lru_cache(maxsize=200_000)
def _decompose(counts: tuple[int, ...], wilds: int, sets: int, pair: int, own: int) -> frozenset:
    """All multisets of ``sets`` sets and ``pair`` pairs from natural ``counts`` and ``wilds``
    (R6.1: wilds may fill any position of a concealed set or the pair)."""
    first = next((f for f, n in enumerate(counts) if n), None)
    if first is None:
        return _all_wild(wilds, sets, pair, own)
    if sum(counts) + wilds != 3 * sets + 2 * pair:
        return frozenset()
    out: set[tuple[Group, ...]] = set()

    def take(group: Group, used: dict[int, int], wild_used: int, ds: int, dp: int) -> None:
        rest = list(counts)
        for face, n in used.items():
            rest[face] -= n
        for sub in _decompose(tuple(rest), wilds - wild_used, sets - ds, pair - dp, own):
            out.add(tuple(sorted((group, *sub))))

    n = counts[first]
    if pair:
        if n >= 2:
            take(("pair", (first, first), (False, False)), {first: 2}, 0, 0, 1)
        if wilds:
            take(("pair", (first, first), (False, True)), {first: 1}, 1, 0, 1)
    if sets:
        for natural in (3, 2, 1):
            need = 3 - natural
            if n >= natural and wilds >= need:
                wild = (False,) * natural + (True,) * need
                take(("pung", (first,) * 3, wild), {first: natural}, need, 1, 0)
        if is_suited(first):
            base = first - first % 9
            for start in (first - 2, first - 1, first):
                if start < base or start + 2 > base + 8:
                    continue
                faces = (start, start + 1, start + 2)
                # below ``first`` nothing natural is left: those positions are wild;
                # above it, a natural or a wild may fill each position.
                choices = []
                for face in faces:
                    if face < first:
                        choices.append((True,))
                    elif face == first:
                        choices.append((False,))
                    else:
                        choices.append((False, True) if counts[face] else (True,))
                for wild in product(*choices):
                    need = sum(wild)
                    if need > wilds:
                        continue
                    used = {f: 1 for f, w in zip(faces, wild, strict=True) if not w}
                    take(("chow", faces, wild), used, need, 1, 0)
    return frozenset(out)


def _wild_set_options(own: int) -> tuple[Group, ...]:
    """Sets three wilds can play that could change the score: the 鑽's own face (no
    substitution), a pung of each suit and wind, and the chows an 一龍 needs."""
    pungs = [own, 0, 9, 18, *WINDS]
    chows = [base + r for base in (0, 9, 18) for r in (0, 3, 6)]
    out = [("pung", (f,) * 3, (True,) * 3) for f in dict.fromkeys(pungs)]
    out += [("chow", (f, f + 1, f + 2), (True,) * 3) for f in chows]
    return tuple(out)


def _wild_pair_options(own: int) -> tuple[Group, ...]:
    return tuple(("pair", (f, f), (True, True)) for f in dict.fromkeys([own, 0, 9, 18, WINDS[0]]))


def _all_wild(wilds: int, sets: int, pair: int, own: int) -> frozenset:
    if wilds != 3 * sets + 2 * pair:
        return frozenset()
    out = set()
    pairs = _wild_pair_options(own) if pair else ((),)
    for chosen in combinations_with_replacement(_wild_set_options(own), sets):
        for p in pairs:
            out.add(tuple(sorted(chosen + ((p,) if p else ()))))
    return frozenset(out)


def _seven_pairs(hand: Hand, counts: tuple[int, ...], wilds: int) -> frozenset:
    """R6.2: seven pairs; a wild pairs with a natural single or with another wild; four
    identical tiles are two pairs when ``qidui_allow_four``."""
    allow_four = bool(hand.rules["qidui_allow_four"])
    own = hand.wild
    groups: list[Group] = []
    for face, n in enumerate(counts):
        if n == 0:
            continue
        if n == 4 and not allow_four:
            return frozenset()
        if n == 3 and not allow_four:
            return frozenset()
        groups += [("pair", (face, face), (False, False))] * (n // 2)
        if n % 2:
            groups.append(("pair", (face, face), (False, True)))
    spare = wilds - sum(1 for g in groups if g[2][1])
    if spare < 0 or spare % 2:
        return frozenset()
    options = _wild_pair_options(own)
    if not allow_four:
        options = tuple(p for p in options if counts[p[1][0]] == 0)
    out = set()
    for chosen in combinations_with_replacement(options, spare // 2):
        pairs = tuple(sorted(groups + list(chosen)))
        if len(pairs) == 7:
            out.add(pairs)
    return frozenset(out)


def _thirteen_lan(hand: Hand) -> Reading | None:
    """R6.4: printed faces, no 鑽 face, suited ranks at least 3 apart, honors all different."""
    if hand.rules.daque or hand.melds or len(hand.concealed) != 14:
        return None
    printed = sorted(hand.concealed)
    if hand.wild in printed or len(set(printed)) != 14:
        return None
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
