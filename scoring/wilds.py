"""The one search over the ways to split a hand's tiles into sets and pairs, with wild tiles,
shared by every game.

Natural tile counts (the 34 faces, ``scoring.tiles``) and ``w`` wild tiles are split into
``sets`` sets (chow, pung) and ``pairs`` pairs. A group is ``(kind, faces played, which
positions are wilds)``. Each suit (萬 筒 條, the honors) is taken apart on its own: every group
holds the suit's lowest natural tile left, the rest of the suit is taken apart the same way, and
a suit pattern's parts are remembered (the same pattern recurs across hands). The suits' parts
are then merged; wilds left over are the game's to place (groups of wilds alone).

What a game needs to tell splits apart is its own business: a ``WildSearch`` is made with the
game's ``group_key(group, base, marks, wild_used, is_pair) -> (add, bits, cost)``:

- ``add``: whole numbers that add up when groups are merged, packed in one int below
  ``GAME_BITS`` (the search packs wilds used, sets and pairs above them);
- ``bits``: facts that combine with "or";
- ``cost``: what the game wants least of (e.g. substitutions), adding up.

A split's summary key is ``(add, bits)`` merged over its groups; of the splits with one key the
search keeps the one of lowest cost, the first found among equals (a game whose splits of one
key are all as good says ``costs=False``: the first found is kept, with no comparisons).
``marks`` are the faces the game's key looks at (say, the wild's own face and the drawn tile's):
a suit's parts see only the marks inside the suit (the others read -1), so one suit pattern
serves every hand holding it, whatever its number of wilds (parts are made for up to
``max_wilds`` at once). Without wilds, ``natural_splits`` gives every split, nothing kept apart.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from itertools import product

# A group: (kind, faces played, which positions are wild tiles); kind chow, pung or pair.
Group = tuple[str, tuple[int, ...], tuple[bool, ...]]
# A summary key and what is kept for it: (add, bits) -> (cost, groups).
Key = tuple[int, int]
States = dict[Key, tuple[int, tuple[Group, ...]]]
GroupKey = Callable[[Group, int, tuple[int, ...], int, int], tuple[int, int, int]]

SUITS = ((0, 9), (9, 9), (18, 9), (27, 7))  # (first face, size): 萬 筒 條 and the honors
# The search's own fields of ``add``, most significant first (6 bits each): wilds used, sets,
# pairs; a game's additive fields sit below ``GAME_BITS``. Keys compare in that order, so
# sorting parts by key sorts them by wilds used first.
WILDS_AT, SETS_AT, PAIRS_AT = 24, 18, 12
GAME_BITS = PAIRS_AT
FIELD = 63
PAIR_FIELD = FIELD << PAIRS_AT
MAX_WILDS = 4  # four copies of a face


def shape_of(add: int) -> tuple[int, int, int]:
    """(wilds used, sets, pairs) of a merged key's ``add``."""
    return add >> WILDS_AT, (add >> SETS_AT) & FIELD, (add >> PAIRS_AT) & FIELD


class WildSearch:
    """The search with one game's key (see the module's docstring)."""

    def __init__(
        self,
        group_key: GroupKey,
        costs: bool = True,
        max_wilds: int = MAX_WILDS,
        cache: int = 2048,
    ):
        """``costs``: False for a game whose costs are all 0 (any split of a key is as good as
        another: the first found is kept, and the search spares the comparisons)."""
        self.costs = costs
        self.max_wilds = max_wilds
        self.parts = lru_cache(maxsize=cache)(self._parts)

        @lru_cache(maxsize=4 * cache)
        def with_shape(group: Group, base: int, marks: tuple, wild_used: int, is_pair: int):
            """The game's key of a group, with the search's own fields added."""
            add, bits, cost = group_key(group, base, marks, wild_used, is_pair)
            add += wild_used << WILDS_AT | (1 - is_pair) << SETS_AT | is_pair << PAIRS_AT
            return add, bits, cost

        self._group_key = with_shape

    def search(
        self, counts: tuple[int, ...], wilds: int, sets: int, pairs: int, marks: tuple[int, ...]
    ) -> States:
        """The natural ``counts`` (34 faces) split with at most ``wilds`` wilds into at most
        ``sets`` sets and ``pairs`` pairs, every natural tile used: per summary key, the split
        kept. The wilds used, sets and pairs of a key are ``shape_of(add)``; what is left is for
        groups of wilds alone."""
        states: States = {(0, 0): (0, ())}
        costs = self.costs
        for base, size in SUITS:
            if not any(counts[base : base + size]):
                continue  # no natural tile of this suit: its only part is no groups at all
            inside = range(base, base + size)
            parts = self.parts(
                counts[base : base + size], base, tuple(m if m in inside else -1 for m in marks)
            )
            merged: States = {}
            for (h_add, h_bits), (h_cost, head) in states.items():
                for p_add, p_bits, p_cost, groups in parts:
                    both = h_add + p_add
                    if both >> WILDS_AT > wilds:
                        break  # parts are sorted by wilds used: the rest use even more
                    if (both >> SETS_AT) & FIELD > sets or (both >> PAIRS_AT) & FIELD > pairs:
                        continue
                    key = (both, h_bits | p_bits)
                    if key not in merged:
                        merged[key] = (h_cost + p_cost, head + groups)
                    elif costs and h_cost + p_cost < merged[key][0]:
                        merged[key] = (h_cost + p_cost, head + groups)
            states = merged
        return states

    def _parts(self, counts: tuple[int, ...], base: int, marks: tuple[int, ...]) -> tuple:
        """One suit's parts with up to ``max_wilds`` wilds and at most one pair, one per key
        (the lowest cost), sorted by key (so by wilds used first: a hand holding fewer wilds
        takes the parts up to its own number). A part is (add, bits, cost, groups)."""
        first = next((i for i, n in enumerate(counts) if n), None)
        if first is None:
            return ((0, 0, 0, ()),)
        max_wilds, parts, group_key = self.max_wilds, self.parts, self._group_key
        # A part uses more than ``left`` wilds when its add is at least ``(left + 1) << WILDS_AT``
        # (wilds used is the add's top field); it holds a pair when ``add & PAIR_FIELD``.
        if not self.costs:  # the first split of each key is kept
            firsts: dict[Key, tuple[Group, ...]] = {}
            for group, rest, wild_used, is_pair in groups_with(counts, base, first, max_wilds):
                g_add, g_bits, _ = group_key(group, base, marks, wild_used, is_pair)
                too_many = (max_wilds - wild_used + 1) << WILDS_AT
                for p_add, p_bits, _, groups in parts(rest, base, marks):
                    if p_add >= too_many:
                        break  # sorted by wilds used: the rest use even more
                    if is_pair and p_add & PAIR_FIELD:
                        continue
                    key = (g_add + p_add, g_bits | p_bits)
                    if key not in firsts:
                        firsts[key] = (group, *groups)
            return tuple(sorted([(add, bits, 0, groups) for (add, bits), groups in firsts.items()]))
        kept: dict[Key, tuple[int, tuple[Group, ...]]] = {}
        for group, rest, wild_used, is_pair in groups_with(counts, base, first, max_wilds):
            g_add, g_bits, g_cost = group_key(group, base, marks, wild_used, is_pair)
            too_many = (max_wilds - wild_used + 1) << WILDS_AT
            for p_add, p_bits, p_cost, groups in parts(rest, base, marks):
                if p_add >= too_many:
                    break
                if is_pair and p_add & PAIR_FIELD:
                    continue
                key = (g_add + p_add, g_bits | p_bits)
                old = kept.get(key)
                if old is None or g_cost + p_cost < old[0]:
                    kept[key] = (g_cost + p_cost, (group, *groups))
        return tuple(sorted((*key, cost, groups) for key, (cost, groups) in kept.items()))


def groups_with(counts: tuple[int, ...], base: int, first: int, wilds: int) -> Iterator[tuple]:
    """Every group that can hold the suit's lowest natural tile (``first``, its index in the
    suit's ``counts``) with at most ``wilds`` wilds: (group, the counts left, wilds used, 1 if
    it is a pair); the pair, the pungs, then the chows.

    A chow starting below ``first`` has wilds there (nothing natural is left below it); above
    it, a natural (tried first) or a wild fills each position."""
    face = base + first
    n = counts[first]
    head, tail = counts[:first], counts[first + 1 :]
    one_less = (*head, n - 1, *tail)  # the lowest tile alone taken
    if n >= 2:
        yield PAIR[face], (*head, n - 2, *tail), 0, 1
    if wilds:
        yield PAIR_WILD[face], one_less, 1, 1
    if n >= 3:
        yield PUNG[face], (*head, n - 3, *tail), 0, 0
    if wilds and n >= 2:
        yield PUNG_WILD[face][1], (*head, n - 2, *tail), 1, 0
    if wilds >= 2:
        yield PUNG_WILD[face][2], one_less, 2, 0
    if base == 27:
        return
    chows = CHOW_WILD
    if first >= 2 and wilds >= 2:  # start first - 2: wild, wild, natural
        yield chows[face - 2][0b110], one_less, 2, 0
    has_next = first <= 7 and counts[first + 1] > 0
    if 1 <= first <= 7 and wilds:  # start first - 1: wild, natural, natural or wild
        if has_next:
            rest = list(one_less)
            rest[first + 1] -= 1
            yield chows[face - 1][0b100], tuple(rest), 1, 0
        if wilds >= 2:
            yield chows[face - 1][0b101], one_less, 2, 0
    if first <= 6:  # start first: natural, then natural or wild twice
        has_third = counts[first + 2] > 0
        for second in (False, True) if has_next else (True,):
            for third in (False, True) if has_third else (True,):
                need = second + third
                if need <= wilds:
                    rest = list(one_less)
                    if not second:
                        rest[first + 1] -= 1
                    if not third:
                        rest[first + 2] -= 1
                    yield chows[face][second << 1 | third], tuple(rest), need, 0


# Natural groups, made once: a chow, pung or pair of each face.
PAIR = tuple(("pair", (f, f), (False, False)) for f in range(34))
PUNG = tuple(("pung", (f, f, f), (False, False, False)) for f in range(34))
CHOW = tuple(("chow", (f, f + 1, f + 2), (False, False, False)) for f in range(27))
# Groups with wilds, made once (one shared copy of each, however many parts hold it): a pair
# of each face with one wild; a pung of each face with 1 or 2 wilds (index = wilds); a chow of
# each first face with wilds where the bits of its index say (4: first place, 2: second, 1:
# third).
PAIR_WILD = tuple(("pair", (f, f), (False, True)) for f in range(34))
PUNG_WILD = tuple(
    tuple(("pung", (f, f, f), (False,) * (3 - w) + (True,) * w) for w in range(3))
    for f in range(34)
)
CHOW_WILD = tuple(
    tuple(("chow", (f, f + 1, f + 2), (bool(m & 4), bool(m & 2), bool(m & 1))) for m in range(8))
    for f in range(27)
)


def natural_splits(counts: bytes | tuple[int, ...], sets: int, pairs: int) -> tuple:
    """The search without wilds, keeping every split (nothing to summarise): each suit's parts
    multiplied out, suit by suit in order.

    A suit's parts all use its tiles up, so they all make the same number of sets and pairs
    (its tile count fixes both); whether they add up is seen from the first part of each."""
    m = natural_parts(counts[:9], 0)
    p = natural_parts(counts[9:18], 9)
    s = natural_parts(counts[18:27], 18)
    z = natural_parts(counts[27:], 27)
    if not (m and p and s and z):
        return ()
    m0, p0, s0, z0 = m[0], p[0], s[0], z[0]
    if m0[0] + p0[0] + s0[0] + z0[0] != sets or m0[1] + p0[1] + s0[1] + z0[1] != pairs:
        return ()
    if len(m) == len(p) == len(s) == len(z) == 1:  # most hands: one split
        return (m0[2] + p0[2] + s0[2] + z0[2],)
    return tuple(a[2] + b[2] + c[2] + d[2] for a, b, c, d in product(m, p, s, z))


@lru_cache(maxsize=8192)
def natural_parts(counts: bytes | tuple[int, ...], base: int) -> tuple:
    """Every way to use up one suit's natural tiles (no wilds) in sets and at most one pair:
    (sets, pairs, groups). The group holding the suit's lowest tile is the pair, the pung or
    the chow that starts there, in that order.

    The splits are those of the suit's pattern (its counts from its lowest tile to its highest,
    ``_pattern_parts``), which the same tiles share in any place of any suit, put at this
    suit's faces."""
    first, pattern = _trimmed(counts)
    offset = base + first
    return tuple(
        (sets, pairs, tuple([_NATURAL[kind][offset + at] for kind, at in groups]))
        for sets, pairs, groups in _pattern_parts(pattern, base == 27)
    )


_NATURAL = (PAIR, PUNG, CHOW)  # a pattern's group kinds: 0 pair, 1 pung, 2 chow


def _trimmed(counts: tuple[int, ...] | bytes) -> tuple[int, bytes]:
    """Where the first tile held is, and the counts from it to the last tile held (as bytes:
    a small key, quick to make and to compare)."""
    held = bytes(counts).lstrip(b"\0")
    return len(counts) - len(held), held.rstrip(b"\0")


@lru_cache(maxsize=4096)
def _pattern_parts(pattern: bytes, honors: bool) -> tuple:
    """``natural_parts`` of a pattern (first and last count not 0), each group as (kind, place
    in the pattern); honors make no chows."""
    if not pattern:
        return ((0, 0, ()),)
    if sum(pattern) % 3 == 1:
        return ()  # sets of three and at most one pair cannot use up 3k + 1 tiles
    n, tail = pattern[0], pattern[1:]
    options = []
    if n >= 2:
        options.append((0, (n - 2, *tail), 1))
    if n >= 3:
        options.append((1, (n - 3, *tail), 0))
    if not honors and len(pattern) >= 3 and pattern[1] and pattern[2]:
        options.append((2, (n - 1, pattern[1] - 1, pattern[2] - 1, *pattern[3:]), 0))
    out = []
    for kind, rest, is_pair in options:
        skip, rest = _trimmed(rest)
        for sets, pairs, groups in _pattern_parts(rest, honors):
            if not (is_pair and pairs):
                placed = [(k, at + skip) for k, at in groups]
                out.append((sets + 1 - is_pair, pairs + is_pair, ((kind, 0), *placed)))
    return tuple(out)
