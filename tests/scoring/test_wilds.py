"""The shared search over splits with wild tiles (scoring.wilds), on its own: against a plain
search over every split, with a game's key plugged in."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from scoring.tiles import parse_tiles
from scoring.wilds import (
    GAME_BITS,
    WildSearch,
    groups_with,
    natural_parts,
    natural_splits,
    shape_of,
)


def counts_of(text: str) -> tuple[int, ...]:
    counts = [0] * 34
    for face in parse_tiles(text, "concealed"):
        counts[face] += 1
    return tuple(counts)


def sample_key(group, base, marks, wild_used, is_pair):
    """A game's key: pungs added; the suit, a wild in the pair and whether a wild substitutes
    (plays another face than the marked one) as bits; the cost is the substitutions, which
    the key does not tell: splits of one key differ in cost."""
    (own,) = marks
    kind, faces, wild = group
    subs = sum(1 for f, w in zip(faces, wild, strict=True) if w and f != own)
    bits = 1 << (faces[0] // 9) | (16 if is_pair and True in wild else 0) | (32 if subs else 0)
    return int(kind == "pung"), bits, subs


def every_split(counts: tuple[int, ...], wilds: int, sets: int, pairs: int):
    """Every split by brute force: the group holding the lowest natural tile left, over all
    34 faces at once (no suits, nothing remembered, nothing kept apart), with its groups."""
    counts = list(counts)
    face = next((f for f, n in enumerate(counts) if n), None)
    if face is None:
        yield wilds, sets, pairs, ()
        return
    base = face - face % 9 if face < 27 else 27
    size = 9 if base < 27 else 7
    suit = tuple(counts[base : base + size])
    for group, rest, used, is_pair in groups_with(suit, base, face - base, wilds):
        if sets - (1 - is_pair) < 0 or pairs - is_pair < 0:
            continue
        left = (*counts[:base], *rest, *counts[base + size :])
        for w, s, p, groups in every_split(left, wilds - used, sets - 1 + is_pair, pairs - is_pair):
            yield w, s, p, (group, *groups)


def summary(groups, own: int) -> tuple[tuple[int, int], int]:
    """The key and cost of a whole split as the search merges them, worked out directly."""
    add = bits = cost = 0
    for group in groups:
        faces = group[1]
        base = faces[0] - faces[0] % 9 if faces[0] < 27 else 27
        inside = base <= own < base + (9 if base < 27 else 7)
        is_pair = int(group[0] == "pair")
        used = sum(group[2])
        g_add, g_bits, g_cost = sample_key(group, base, (own if inside else -1,), used, is_pair)
        add += g_add + (used << 24 | (1 - is_pair) << 18 | is_pair << 12)
        bits |= g_bits
        cost += g_cost
    return (add, bits), cost


HANDS = [
    ("11122233344m", 0, 4, 1),
    ("1234m", 1, 1, 1),
    ("13m5p", 2, 1, 1),
    ("1122m55z", 3, 2, 1),
    ("2m", 4, 1, 1),
    ("2m", 2, 1, 0),  # with 4m marked, 1m 2m 3m (two substitutions) is found before 2m 3m 4m
    ("6p5s", 4, 2, 0),  # with 4s marked, suits merged: the cheaper merge is not the first
    ("123456789m11p", 1, 3, 1),
    ("1s9s1z", 3, 2, 1),
]


def random_hands(n: int):
    rng = random.Random(20261130)
    for _ in range(n):
        wilds = rng.randint(0, 4)
        naturals = 14 - wilds
        pool = [f for f in range(34) for _ in range(4)]
        tiles = Counter(rng.sample(pool, naturals))
        yield tuple(tiles.get(f, 0) for f in range(34)), wilds, 4, 1


@pytest.mark.parametrize(
    "counts,wilds,sets,pairs",
    [(counts_of(t), w, s, p) for t, w, s, p in HANDS] + list(random_hands(60)),
)
@pytest.mark.parametrize("own", [0, 3, 13, 21, 27])
def test_search_keeps_the_cheapest_split_of_every_key(counts, wilds, sets, pairs, own):
    """Every key reachable by some split is found, with the lowest cost among its splits, and
    the split kept for it is a real split with that key and cost."""
    search = WildSearch(sample_key)
    found = search.search(counts, wilds, sets, pairs, (own,))
    best: dict = {}
    for _, s_left, p_left, groups in every_split(counts, wilds, sets, pairs):
        key, cost = summary(groups, own)
        used = sum(sum(wild) for _, _, wild in groups)
        assert shape_of(key[0]) == (used, sets - s_left, pairs - p_left)
        if key not in best or cost < best[key]:
            best[key] = cost
    assert {k: c for k, (c, _) in found.items()} == best
    for key, (cost, groups) in found.items():
        assert summary(groups, own) == (key, cost)
        naturals = Counter(
            f for _, faces, wild in groups for f, w in zip(faces, wild, strict=True) if not w
        )
        assert all(naturals.get(f, 0) == n for f, n in enumerate(counts))


def test_a_game_key_sits_below_the_search_fields():
    found = WildSearch(sample_key).search(counts_of("123m456p789s11z"), 3, 4, 1, (0,))
    game = {shape_of(add): add & ((1 << GAME_BITS) - 1) for add, _ in found}
    # three natural chows and the pair 11z; three wilds left for a set of their own
    assert game[(0, 3, 1)] == 0
    # 11z and a wild as a pung; two left
    assert game[(1, 4, 0)] == 1
    assert all(used <= 3 and sets <= 4 and pairs <= 1 for used, sets, pairs in game)


def test_marks_outside_a_suit_read_minus_one():
    seen = []

    def key(group, base, marks, wild_used, is_pair):
        seen.append((base, marks))
        return 0, 0, 0

    WildSearch(key).search(counts_of("123m456p"), 2, 2, 1, (4, 13))
    assert {marks for base, marks in seen if base == 0} == {(4, -1)}
    assert {marks for base, marks in seen if base == 9} == {(-1, 13)}


def test_one_suit_pattern_serves_every_hand_holding_it():
    search = WildSearch(sample_key)
    search.search(counts_of("123m456p789s11z"), 1, 4, 1, (27,))
    misses = search.parts.cache_info().misses
    search.search(counts_of("123m456p789s11z"), 2, 4, 1, (27,))  # more wilds: same parts
    assert search.parts.cache_info().misses == misses


def test_splits_without_wilds_are_every_split():
    # 11122233344m: 11m as the pair and 123m 234m 234m, or 44m as the pair and three
    # pungs or three chows 123m
    splits = natural_splits(counts_of("11122233344m"), 3, 1)
    # (the lowest tile's group is tried as each kind in turn, so a multiset can come twice)
    multisets = {tuple(sorted((kind, faces[0]) for kind, faces, _ in split)) for split in splits}
    assert multisets == {
        (("chow", 0), ("chow", 1), ("chow", 1), ("pair", 0)),
        (("pair", 3), ("pung", 0), ("pung", 1), ("pung", 2)),
        (("chow", 0), ("chow", 0), ("chow", 0), ("pair", 3)),
    }
    assert not any(any(wild) for split in splits for _, _, wild in split)
    assert natural_splits(counts_of("1112m"), 1, 1) == ()  # 4 tiles: no set and pair
    assert natural_parts((1, 1, 1, 0, 0, 0, 0), 27) == ()  # honors make no chows


@pytest.mark.parametrize("counts,wilds,sets,pairs", list(random_hands(20)))
def test_without_costs_the_same_keys_are_found(counts, wilds, sets, pairs):
    """A game with no preference (costs=False) gets the same keys, each with a real split."""
    with_costs = WildSearch(sample_key).search(counts, wilds, sets, pairs, (3,))
    first = WildSearch(sample_key, costs=False).search(counts, wilds, sets, pairs, (3,))
    assert first.keys() == with_costs.keys()
    for key, (_, groups) in first.items():
        assert summary(groups, 3)[0] == key
