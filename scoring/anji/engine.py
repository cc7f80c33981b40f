"""``score()`` and ``waits()`` for Anji (AJ7–AJ11, AJ14): the rows a reading meets, the counted
method group, the best reading, the payments and every reason in words."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.amounts import amount_of
from scoring.anji.errors import AnjiError
from scoring.anji.hand import MELD_SET, Hand, check_later, read_hand
from scoring.anji.items import ITEMS, Facts
from scoring.anji.readings import SHAPES, Reading, readings
from scoring.anji.rows import GROUP_NAMES
from scoring.anji.rules import rule_name
from scoring.anji.tiles import FLOWER_CODES
from scoring.errors import ScoringError
from scoring.tiles import FACES, format_tiles, tile_words
from scoring.waiting import completions

# (code, points, count, points_discarder or None)
Entry = tuple[str, int, int, int | None]
_SUITS = {"zh-hans": ("万", "筒", "条"), "en": ("Characters", "Dots", "Bamboo")}


@dataclass(frozen=True, slots=True)
class Scored:
    reading: Reading
    has_wild: bool
    groups: dict[int, list[Entry]]  # every method group that applies
    counted: tuple[int, ...]  # the groups that count, in group order
    shape_rows: list[Entry]
    flower_row: Entry | None
    x: int
    x_discarder: int | None
    gain: int  # what the winner receives, in points (AJ10.1)


def has_wild(hand: Hand, r: Reading) -> bool:
    """AJ4.4: 有百搭, by ``no_wild_means``."""
    if hand.rules["no_wild_means"] == "no_caishen_tile":
        return hand.ncai > 0
    return r.shape == "si_cai_shen" or r.subs > 0


def method_groups(hand: Hand, r: Reading, wild: bool) -> dict[int, list[Entry]]:
    """AJ8.1: every method group that applies to reading ``r``, with its items."""
    rules, k, p, f = hand.rules, hand.kongs, hand.piao, hand.piao_flowers
    no_flower = not hand.flowers
    clean = not wild and no_flower
    groups: dict[int, list[Entry]] = {}

    def one(code: str, value: int | None = None) -> Entry:
        count = ITEMS[code].count(hand)  # AJ8: k kongs, p piao, f flowers drawn while piao; else 1
        v = rules[code.lower()] if value is None else value
        return (code, v * (count if value is None else 1), count, None)

    if not hand.self_draw:
        if wild:
            groups[0] = [
                ("FANG_CHONG", rules["fang_chong_other"], 1, rules["fang_chong_discarder"])
            ]
        else:
            groups[0] = [
                (
                    "FANG_CHONG_NO_WILD",
                    rules["fang_chong_no_wild_other"],
                    1,
                    rules["fang_chong_no_wild_discarder"],
                )
            ]
        return groups
    variant = "_CLEAN" if clean else "" if wild else "_NO_WILD"
    groups[1] = [one(f"ZI_MO{variant}")]
    if k >= 1:
        groups[2] = [one("QING_GANG_KAI" if clean else f"GANG_KAI{variant}")]
    if r.bao_tou:
        groups[3] = [one("BAO_TOU")]
        if k >= 1:
            groups[4] = [one("GANG_BAO", rules["gang_bao"] + rules["gang_bao_step"] * (k - 1))]
    if r.da_diao:
        if r.held_wild or no_flower:
            items = [one("DA_DIAO_PLUS")]
            if r.held_wild and k >= 1:
                items.append(one("DA_DIAO_GANG_BAO"))
            groups[5] = items
        else:
            groups[5] = [one("DA_DIAO")]
    if r.bao_tou and p >= 1:
        if hand.ncai + p < 4:
            items = [one("PIAO_CAI")]
        else:
            items = [one("SI_CAI_SHEN_PIAO", rules["si_cai_shen"] + rules["si_cai_shen_piao"] * p)]
        if f >= 1:
            items.append(one("PIAO_GANG"))
        groups[6] = items
    if hand.jia_piao:
        groups[7] = [one("JIA_PIAO_CLEAN" if clean else "JIA_PIAO")]
    if hand.ncai == 4:
        groups[8] = [one("SI_CAI_SHEN")]
    if hand.first_turn:
        groups[9] = [one("TIAN_HU" if hand.winner == hand.dealer else "DI_HU")]
    return groups


def _value(items: list[Entry]) -> int:
    return sum(e[1] for e in items)


def counted_groups(hand: Hand, groups: dict[int, list[Entry]]) -> tuple[int, ...]:
    """AJ7.3: the groups whose items count."""
    if 0 in groups:
        return (0,)
    others = [g for g in groups if g != 1]
    if not others:
        return (1,)
    best = max(others, key=lambda g: (_value(groups[g]), -g))
    if hand.rules["zi_mo_stacks"]:
        return (1, best)
    return (1,) if _value(groups[1]) > _value(groups[best]) else (best,)


def evaluate(hand: Hand, r: Reading) -> Scored:
    rules = hand.rules
    wild = has_wild(hand, r)
    groups = method_groups(hand, r, wild)
    counted = counted_groups(hand, groups)
    shape_rows: list[Entry] = []
    if r.shape != "si_cai_shen":
        if r.qing_yi_se:
            shape_rows.append(("QING_YI_SE", rules["qing_yi_se"], 1, None))
        if r.shape == "thirteen_yao":
            shape_rows.append(("SHI_SAN_YAO", rules["shi_san_yao"], 1, None))
        if r.shape == "seven_pairs":
            code = "QI_DUI" if wild else "QI_DUI_NO_WILD"
            shape_rows.append((code, rules[code.lower()], 1, None))
    n_flowers = len(hand.flowers)
    flower_row = ("FLOWERS", rules["flowers"] * n_flowers, n_flowers, None) if n_flowers else None
    rest = sum(e[1] for e in shape_rows) + (flower_row[1] if flower_row else 0)
    others = hand.player_count - 1
    if 0 in counted:
        ((_, x_o, _, x_d),) = groups[0]
        x, x_discarder = x_o + rest, x_d + rest  # type: ignore[operator]
        gain = x_discarder + (others - 1) * x
    else:
        x = sum(_value(groups[g]) for g in counted) + rest
        x_discarder = None
        gain = x * others
    return Scored(r, wild, groups, counted, shape_rows, flower_row, x, x_discarder, gain)


def best(hand: Hand) -> Scored:
    """AJ10: the valid reading that gives the winner the most; refusals AJ12 8–10."""
    found = readings(hand)
    if not found:
        words = tile_words(sorted(hand.concealed), "zh-hans")
        words_en = tile_words(sorted(hand.concealed), "en")
        raise AnjiError(
            "E_NOT_WINNING",
            f"{words} 加上副露不成和牌：要四组加一对、七对、十三幺或四张财神自摸（AJ6）",
            f"{words_en} with the melds is not a winning hand: it needs four sets and a pair, "
            "seven pairs, thirteen orphans or a self-drawn four wilds (AJ6)",
        )
    if not hand.self_draw and not hand.rules["discard_win_with_caishen"]:
        found = [r for r in found if not has_wild(hand, r)]
        if not found:
            raise AnjiError(
                "E_DISCARD_WILD",
                "这手牌有百搭（财神），放冲只能和无百搭的牌；要算请在家规里选"
                f"「{rule_name('discard_win_with_caishen')}」（AJ8.1 G0）",
                "this hand has a wild (cai shen): a discard win needs a hand without wilds unless "
                f"the house rule '{rule_name('discard_win_with_caishen', 'en')}' is on "
                "(AJ8.1 G0)",
                "rules.discard_win_with_caishen",
            )
    if hand.piao >= 1:
        found = [r for r in found if r.bao_tou]
        if not found:
            raise AnjiError(
                "E_PIAO",
                f"飘了 {hand.piao} 次，但这手牌读不成爆头：飘只能以爆头和牌（AJ10.3）",
                f"piao is {hand.piao} but no reading of this hand is bao tou (a drawn tile "
                "pairing a held wild): a piao ends only in a bao tou win (AJ10.3)",
                "piao",
            )
    scored = [evaluate(hand, r) for r in found]
    return max(
        scored,
        key=lambda s: (s.gain, -s.reading.subs, -SHAPES.index(s.reading.shape)),
    )


def score(request: dict) -> dict:
    """Score a finished Anji hand (AJ14); bad input returns an error object (AJ12).

    >>> result = score({"game": "anji", "indicator": "9m", "winner": "S", "dealer": "E",
    ...     "concealed": "234567p345678s1m7z", "win_tile": "7z", "flowers": "5f"})
    >>> [(i["code"], i["points"]) for i in result["items"]], result["x"], result["total"]
    ([('BAO_TOU', 2), ('FLOWERS', 1)], 3, '9')
    """
    try:
        hand = read_hand(request)
        return result_of(hand, best(hand))
    except ScoringError as error:
        return error.as_dict()


def waits(request: dict) -> dict:
    """Every face that completes a 13-tile Anji hand, with what it scores (an 爆头-ready hand waits
    on every face still in the wall). ``winner`` and ``dealer`` default to East.

    >>> answer = waits({"game": "anji", "indicator": "3p", "concealed": "123m456m789s123p4p"})
    >>> len(answer["waits"]), answer["waits"][0]["x"]
    (34, 2)
    """
    if isinstance(request, dict):
        request = {"winner": "E", "dealer": "E", **request}
    try:
        hand = read_hand(request, with_win_tile=False)
    except ScoringError as error:
        return error.as_dict()
    found = []
    for face, complete in completions(hand):
        try:
            check_later(complete)
            result = result_of(complete, best(complete))
        except ScoringError:
            continue
        found.append(
            {
                "tile": FACES[face],
                "x": result["x"],
                "x_discarder": result["x_discarder"],
                "shape": result["shape"],
                "items": result["items"],
                "not_counted": result["not_counted"],
                "reading": result["reading"],
                "total": result["total"],
            }
        )
    return {"game": "anji", "wild": FACES[hand.wild], "waits": found}


# --- the result -----------------------------------------------------------------------------


def result_of(hand: Hand, s: Scored) -> dict:
    items = []
    for g in s.counted:
        items += [_item(hand, s, e) for e in s.groups[g]]
    items += [_item(hand, s, e) for e in s.shape_rows]
    if s.flower_row:
        items.append(_item(hand, s, s.flower_row))
    not_counted = []
    for g in sorted(s.groups):
        if g in s.counted:
            continue
        for e in s.groups[g]:
            entry = _item(hand, s, e)
            entry["why"], entry["why_en"] = _not_counted_why(hand, s, g)
            not_counted.append(entry)
    payments = []
    for seat in hand.seats:
        if seat == hand.winner:
            continue
        points = s.x_discarder if seat == hand.discarder else s.x
        payments.append(
            {
                "from": seat,
                "to": hand.winner,
                "amount": amount_of(points, hand.silver),  # type: ignore[arg-type]
                "points": points,
            }
        )
    total = sum(p["points"] for p in payments)
    return {
        "game": "anji",
        "ruleset": hand.rules.ruleset,
        "player_count": hand.player_count,
        "wild": FACES[hand.wild],
        "shape": s.reading.shape,
        "reading": reading_of(hand, s.reading),
        "has_wild": s.has_wild,
        "flower_count": len(hand.flowers),
        "items": items,
        "not_counted": not_counted,
        "x": s.x,
        "x_discarder": s.x_discarder,
        "payments": payments,
        "total": amount_of(total, hand.silver),
    }


def _item(hand: Hand, s: Scored, entry: Entry) -> dict:
    code, points, count, points_discarder = entry
    row = ITEMS[code].row
    item = {
        "code": code,
        "name": row.name,
        "name_en": row.name_en,
        "points": points,
        "count": count,
        "part": row.part,
        "rule": row.rule,
        "quote": row.quote,
    }
    if points_discarder is not None:
        item["points_discarder"] = points_discarder
    facts = Facts(code, hand, s.reading, s.has_wild, points, count, points_discarder)
    item["why"], item["why_en"] = ITEMS[code].why(facts)
    return item


def _not_counted_why(hand: Hand, s: Scored, group: int) -> tuple[str, str]:
    value = _value(s.groups[group])
    if hand.rules["zi_mo_stacks"]:
        top = max(g for g in s.counted if g != 1) if len(s.counted) > 1 else 1
    else:
        top = s.counted[0]
    name, name_en = GROUP_NAMES[top]
    top_value = _value(s.groups[top])
    stack = "自摸加" if hand.rules["zi_mo_stacks"] else ""
    stack_en = "the self-draw and " if hand.rules["zi_mo_stacks"] else ""
    if top_value > value:
        return (
            f"{name}（{top_value}分）更高，方法只计{stack}最高的一项",
            f"{name_en} ({top_value} points) is worth more; only {stack_en}the highest method "
            "row counts",
        )
    return (
        f"{name}（{top_value}分）不比它低，同分时只计{name}；方法只计{stack}一项",
        f"{name_en} ({top_value} points) is worth as much and counts instead; only "
        f"{stack_en}one method row counts",
    )


def reading_of(hand: Hand, r: Reading) -> list[dict]:
    """AJ14.2: the reading, set by set, with ``win`` on exactly one set."""
    wild = hand.wild
    sets: list[dict] = []
    for kind, faces, flags in r.groups:
        if kind == "si_cai_shen":
            sets.append(
                {
                    "set": "si_cai_shen",
                    "tiles": format_tiles(sorted(faces)),
                    "melded": False,
                    "win": True,
                }
            )
            continue
        order = sorted(range(len(faces)), key=lambda i: (faces[i], flags[i]))
        played = [faces[i] for i in order]
        entry: dict = {"set": kind, "tiles": format_tiles(played)}
        if any(flags):
            entry["printed"] = [FACES[wild if flags[i] else faces[i]] for i in order]
        entry["melded"] = False
        sets.append(entry)
    win_index = _win_set(hand, r)
    if win_index is not None:
        sets[win_index]["win"] = True
    for meld in hand.melds:
        sets.append(
            {
                "set": MELD_SET[meld.kind],
                "tiles": format_tiles(sorted(meld.printed)),
                "melded": True,
                "kind": meld.kind,
                "from": meld.feeder,
            }
        )
    return sets


def _win_set(hand: Hand, r: Reading) -> int | None:
    if r.shape == "si_cai_shen":
        return None  # its one entry carries win already
    if r.shape == "thirteen_yao":
        return 0
    groups = r.groups
    if r.bao_tou:
        return next(i for i, g in enumerate(groups) if g[0] == "pair")

    def holds(g: tuple) -> bool:
        _, faces, flags = g
        if hand.win_is_wild:
            return any(flags)
        return any(f == hand.win_tile and not w for f, w in zip(faces, flags, strict=True))

    rank = {"chow": 0, "pair": 1, "pung": 2}
    candidates = [i for i, g in enumerate(groups) if holds(g)]
    return min(candidates, key=lambda i: (rank[groups[i][0]], min(groups[i][1])))


__all__ = ["FLOWER_CODES", "best", "score", "waits"]
