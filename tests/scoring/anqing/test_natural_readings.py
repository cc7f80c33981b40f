"""The quick paths of hands without wilds agree with the plain ones (hypothesis): a suit's
natural splits worked out per pattern of counts (``scoring.wilds.natural_parts``) are those of
the plain recursion over the suit, and a reading placed and read in one pass
(``Reading.natural``) is the reading made from the place ``_group_facts`` finds."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.anqing.hand import read_hand
from scoring.anqing.readings import Reading, _group_facts
from scoring.tiles import FACES
from scoring.wilds import CHOW, PAIR, PUNG, natural_parts, natural_splits

SUITS = ((0, 9), (9, 9), (18, 9), (27, 7))


def plain_parts(counts: tuple[int, ...], base: int) -> tuple:
    """Every split of one suit's natural tiles, the lowest tile's group the pair, the pung or
    the chow in that order, by the plain recursion over the suit's counts."""
    if sum(counts) % 3 == 1:
        return ()
    first = next((i for i, n in enumerate(counts) if n), None)
    if first is None:
        return ((0, 0, ()),)
    face = base + first
    n = counts[first]
    head, tail = counts[:first], counts[first + 1 :]
    options = []
    if n >= 2:
        options.append((PAIR[face], (*head, n - 2, *tail), 1))
    if n >= 3:
        options.append((PUNG[face], (*head, n - 3, *tail), 0))
    if base != 27 and first <= 6 and counts[first + 1] and counts[first + 2]:
        rest = (*head, n - 1, counts[first + 1] - 1, counts[first + 2] - 1, *counts[first + 3 :])
        options.append((CHOW[face], rest, 0))
    out = []
    for group, rest, is_pair in options:
        for sets, pairs, groups in plain_parts(rest, base):
            if not (is_pair and pairs):
                out.append((sets + 1 - is_pair, pairs + is_pair, (group, *groups)))
    return tuple(out)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(SUITS).flatmap(
    lambda suit: st.tuples(
        st.just(suit[0]), st.lists(st.integers(0, 4), min_size=suit[1], max_size=suit[1])
    )
))  # fmt: skip
def test_pattern_parts_are_the_plain_splits(suit):
    base, counts = suit
    assert natural_parts(tuple(counts), base) == plain_parts(tuple(counts), base)


# Faces a generated hand may use under indicator 6m: no 鑽 (7m), no stand-in (5z), no bar tile.
PLAIN = [face for face in range(31) if face != 6]


@st.composite
def natural_hands(draw: st.DrawFn) -> dict:
    """A complete hand without wilds or melds: four sets and a pair, at most four of a face."""
    faces: list[int] = []
    for _ in range(4):
        if draw(st.booleans()):
            suit, rank = draw(st.sampled_from((0, 9, 18))), draw(st.integers(0, 6))
            faces += [suit + rank + i for i in range(3)]
        else:
            faces += [draw(st.sampled_from(PLAIN))] * 3
    faces += [draw(st.sampled_from(PLAIN))] * 2
    if 6 in faces or max(faces.count(f) for f in faces) > 4:
        faces = [0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 28, 28]
    faces = draw(st.permutations(faces))
    return {
        "indicator": "6m",
        "winner": "S",
        "dealer": "E",
        "concealed": "".join(FACES[f] for f in faces),
        "win_tile": FACES[draw(st.sampled_from(faces))],
    }


def plain_reading(hand, shape, groups, drawn_face) -> Reading | None:
    """The drawn tile's first place that earns 跑風 by shape, else its first place."""
    place = None
    for gi, group in enumerate(groups):
        spot = _group_facts(group, hand.wild, drawn_face, False)[0]
        if spot >= 4:
            place = (gi, spot - 4)
            break
        if spot >= 0 and place is None:
            place = (gi, spot)
    return None if place is None else Reading(hand, shape, groups, place)


FACTS = ("shape", "groups", "win", "sets", "chow_starts", "wind_sets", "substitutions")


@settings(max_examples=300, deadline=None)
@given(natural_hands())
def test_one_pass_reading_is_the_plain_reading(request):
    hand = read_hand(request)
    drawn = hand.played(hand.win_tile)
    splits = natural_splits(hand.natural_counts(), 4, 1)
    assert splits
    for groups in splits:
        quick = Reading.natural(hand, "standard", groups, drawn)
        plain = plain_reading(hand, "standard", groups, drawn)
        assert (quick is None) == (plain is None)
        if quick is not None:
            for fact in (*FACTS, "wild_total", "pao_feng_shape", "suits"):
                assert getattr(quick, fact) == getattr(plain, fact), fact
