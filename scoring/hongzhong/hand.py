"""Winning shapes with the 紅中 wild (HZ4, HZ6), hand points (HZ7) and the best reading (HZ13).

The standard shape is split with the shared search (``scoring.wilds``); seven pairs is counted
directly (pairs are not sets, and the shared search holds at most one pair a suit)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from scoring.hongzhong.request import Winner
from scoring.tiles import RED, code, suit_of
from scoring.wilds import Group, WildSearch, shape_of

CHOW_BIT = 1  # a chow among the concealed sets
SUIT_BITS = 1  # suits played: bit 1 萬, 2 筒, 3 條, 4 honours


def _group_key(group: Group, base: int, marks: tuple, wild_used: int, is_pair: int):
    """The search's key: whether a chow is in, which suits are played; cost = substitutions
    (a 紅中 inside a searched group always plays a face other than 中: natural 中 are wild)."""
    kind, faces, _ = group
    bits = (CHOW_BIT if kind == "chow" else 0) | 1 << (SUIT_BITS + suit_of(faces[0]))
    return 0, bits, wild_used


@lru_cache(maxsize=8)
def _search(max_wilds: int) -> WildSearch:
    return WildSearch(_group_key, costs=True, max_wilds=max_wilds)


@dataclass(frozen=True)
class Reading:
    """One way to read a winner's concealed tiles: groups (kind, played faces, wild positions),
    the shape, and what H depends on."""

    shape: str  # standard, seven_pairs
    groups: tuple[Group, ...]
    all_pungs: bool
    one_suit: bool
    substitutions: int


def _wild_groups(left: int, sets: int, pairs: int, face: int) -> tuple[Group, ...]:
    """Groups of 紅中 alone, all playing ``face``."""
    assert left == 3 * sets + 2 * pairs
    return tuple(("pung", (face,) * 3, (True,) * 3) for _ in range(sets)) + tuple(
        ("pair", (face,) * 2, (True,) * 2) for _ in range(pairs)
    )


def _meld_suits(w: Winner) -> int:
    bits = 0
    for m in w.melds:
        bits |= 1 << suit_of(m.faces[0])
    return bits


def standard_readings(w: Winner) -> list[Reading]:
    """HZ6.1: four sets and a pair, melds counted as sets; the best split per (chow?, suits)."""
    wilds = w.concealed.count(RED)
    counts = [0] * 34
    for f in w.concealed:
        if f != RED:
            counts[f] += 1
    sets_needed = 4 - len(w.melds)
    states = _search(max(4, wilds)).search(tuple(counts), wilds, sets_needed, 1, ())
    meld_suits = _meld_suits(w)
    out = []
    for (add, bits), (cost, groups) in states.items():
        used, sets, pairs = shape_of(add)
        left = wilds - used
        if left != 3 * (sets_needed - sets) + 2 * (1 - pairs):
            continue
        suits = (bits >> SUIT_BITS) | meld_suits
        chow = bool(bits & CHOW_BIT)
        extra_sets, extra_pairs = sets_needed - sets, 1 - pairs
        # The 紅中 left play 中 itself (no substitution), or the hand's one suit (清一色).
        plain = _wild_groups(left, extra_sets, extra_pairs, RED)
        out.append(
            Reading(
                "standard",
                groups + plain,
                not chow,
                left == 0 and suits in (1, 2, 4),
                cost,
            )
        )
        one = [s for s in range(3) if suits in (1 << s, 0)]
        if left and one:
            suit = one[0] if suits else 0
            out.append(
                Reading(
                    "standard",
                    groups + _wild_groups(left, extra_sets, extra_pairs, 9 * suit),
                    not chow,
                    True,
                    cost + left,
                )
            )
    return out


def seven_pairs_readings(w: Winner, allow_four: bool) -> list[Reading]:
    """HZ6.2: seven pairs of the 14 concealed tiles, 紅中 pairing a natural or each other."""
    if w.melds:
        return []
    wilds = w.concealed.count(RED)
    counts: dict[int, int] = {}
    for f in w.concealed:
        if f != RED:
            counts[f] = counts.get(f, 0) + 1
    groups: list[Group] = []
    need = 0
    for face, n in sorted(counts.items()):
        if not allow_four and n > 2:
            return []
        groups += [("pair", (face, face), (False, False))] * (n // 2)
        if n % 2:
            groups.append(("pair", (face, face), (False, True)))
            need += 1
    if need > wilds:
        return []
    left_pairs = (wilds - need) // 2
    suits = {suit_of(f) for f in counts}
    one_suit = len(suits) <= 1 and 3 not in suits
    out = []
    used = set(counts)
    # 紅中 pairs left: 中 itself first (any number when four of a kind is allowed).
    plain: list[Group] = []
    subs = need
    for i in range(left_pairs):
        if allow_four or i == 0:
            plain.append(("pair", (RED, RED), (True, True)))
        else:
            face = next(f for f in range(34) if f not in used and f != RED)
            used.add(face)
            plain.append(("pair", (face, face), (True, True)))
            subs += 2
    out.append(
        Reading("seven_pairs", tuple(groups + plain), False, one_suit and not left_pairs, subs)
    )
    if left_pairs and one_suit:
        suit = next(iter(suits)) if suits else 0
        free = [f for f in range(9 * suit, 9 * suit + 9) if allow_four or f not in counts]
        same = [
            ("pair", (free[0 if allow_four else i],) * 2, (True, True)) for i in range(left_pairs)
        ]
        out.append(Reading("seven_pairs", tuple(groups + same), False, True, need + 2 * left_pairs))
    return out


@dataclass(frozen=True)
class Scored:
    reading: Reading
    items: tuple[tuple[str, int], ...]  # (code, points before doubling) in HZ7.1's order
    labels: tuple[str, ...]
    hand: int  # H (HZ7.2: after the doubling)
    no_red: bool


ITEM_ORDER = ("ZI_MO", "ZHUA_PAO", "QI_DUI", "PENG_PENG_HU", "QING_YI_SE", "WU_HONG_ZHONG")


def evaluate(w: Winner, r: Reading, rules: Mapping[str, Any], self_draw: bool, robbed: bool):
    """HZ7: the items of one reading, the labels and H."""
    no_red = RED not in w.concealed
    items = [("ZI_MO", rules["zi_mo"]) if self_draw else ("ZHUA_PAO", rules["zhua_pao"])]
    if r.shape == "seven_pairs":
        items.append(("QI_DUI", rules["qi_dui"]))
    if r.shape == "standard" and r.all_pungs:
        items.append(("PENG_PENG_HU", rules["peng_peng_hu"]))
    if r.one_suit:
        items.append(("QING_YI_SE", rules["qing_yi_se"]))
    if no_red:
        key = "wu_hong_zhong_zi_mo" if self_draw else "wu_hong_zhong_zhua_pao"
        items.append(("WU_HONG_ZHONG", rules[key]))
    hand = sum(points for _, points in items)
    if no_red and rules["wu_hong_zhong_double"]:
        hand *= 2
    labels = []
    if not any(c in ("QI_DUI", "PENG_PENG_HU", "QING_YI_SE") for c, _ in items):
        labels.append("PING_HU")
    if robbed:
        labels.append("QIANG_GANG_HU")
    return Scored(r, tuple(items), tuple(labels), hand, no_red)


def best(w: Winner, rules: Mapping[str, Any], self_draw: bool, robbed: bool) -> Scored | None:
    """HZ13: the reading of highest H; ties to fewer substitutions, then standard first."""
    readings = standard_readings(w)
    if rules["allow_qi_dui"]:
        readings += seven_pairs_readings(w, rules["qidui_allow_four"])
    if not readings:
        return None
    scored = [evaluate(w, r, rules, self_draw, robbed) for r in readings]
    order = {"standard": 0, "seven_pairs": 1}
    return min(scored, key=lambda s: (-s.hand, s.reading.substitutions, order[s.reading.shape]))


def reading_of(w: Winner, r: Reading) -> list[dict]:
    """HZ14's ``reading``: the concealed sets then the melds; ``win`` on the first set holding
    the winning tile (chows, then pairs, then pungs, each by lowest played face)."""
    entries = []
    for kind, faces, wild in r.groups:
        entry: dict[str, Any] = {"set": kind, "tiles": _compact(faces)}
        if any(wild):
            entry["printed"] = [
                code(RED) if x else code(f) for f, x in zip(faces, wild, strict=True)
            ]
        entry["melded"] = False
        entries.append(entry)
    rank = {"chow": 0, "pair": 1, "pung": 2}

    def holds(g: Group) -> bool:
        kind, faces, wild = g
        if w.win == RED:
            return any(wild)
        return any(f == w.win and not x for f, x in zip(faces, wild, strict=True))

    candidates = [i for i, g in enumerate(r.groups) if holds(g)]
    if candidates:
        first = min(candidates, key=lambda i: (rank[r.groups[i][0]], r.groups[i][1][0], i))
        entries[first]["win"] = True
    for m in w.melds:
        entries.append(
            {
                "set": "pung" if m.kind == "pung" else "kong",
                "tiles": _compact(m.faces),
                "melded": True,
                "kind": m.kind,
                "from": m.feeder,
            }
        )
    return entries


def _compact(faces: tuple[int, ...]) -> str:
    """``(1, 2, 3)`` → ``234m``: one suit letter after the ranks (a set is of one suit)."""
    return "".join(code(f)[0] for f in faces) + code(faces[0])[1]
