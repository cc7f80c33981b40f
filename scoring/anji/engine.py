"""``score()`` and ``waits()`` for Anji (AJ7–AJ11, AJ14): the rows a reading meets, the counted
method group, the best reading, the payments and every reason in words."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.amounts import amount_of
from scoring.anji.errors import AnjiError
from scoring.anji.hand import (
    MELD_SET,
    SEAT_NAMES,
    SEAT_NAMES_EN,
    Hand,
    check_later,
    read_hand,
)
from scoring.anji.readings import SHAPES, Reading, readings
from scoring.anji.rows import GROUP_NAMES, ROWS
from scoring.anji.tiles import FLOWER_CODES, flower_name
from scoring.errors import ScoringError
from scoring.tiles import FACES, face_name, format_tiles, tile_words
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

    def one(code: str, count: int = 1, value: int | None = None) -> Entry:
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
            groups[4] = [one("GANG_BAO", k, rules["gang_bao"] + rules["gang_bao_step"] * (k - 1))]
    if r.da_diao:
        if r.held_wild or no_flower:
            items = [one("DA_DIAO_PLUS")]
            if r.held_wild and k >= 1:
                items.append(one("DA_DIAO_GANG_BAO", k))
            groups[5] = items
        else:
            groups[5] = [one("DA_DIAO")]
    if r.bao_tou and p >= 1:
        if hand.ncai + p < 4:
            items = [one("PIAO_CAI", p)]
        else:
            items = [
                one("SI_CAI_SHEN_PIAO", p, rules["si_cai_shen"] + rules["si_cai_shen_piao"] * p)
            ]
        if f >= 1:
            items.append(one("PIAO_GANG", f))
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
                "这手牌有百搭（财神），放冲只能和无百搭的牌；要算请打开房规 "
                "discard_win_with_caishen（AJ8.1 G0）",
                "this hand has a wild (cai shen): a discard win needs a hand without wilds unless "
                "the house rule discard_win_with_caishen is on (AJ8.1 G0)",
            )
    if hand.piao >= 1:
        found = [r for r in found if r.bao_tou]
        if not found:
            raise AnjiError(
                "E_PIAO",
                f"飘了 {hand.piao} 次，但这手牌读不成爆头：飘只能以爆头和牌（AJ10.3）",
                f"piao is {hand.piao} but no reading of this hand is bao tou (a drawn tile "
                "pairing a held wild): a piao ends only in a bao tou win (AJ10.3)",
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
    row = ROWS[code]
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
    item["why"], item["why_en"] = why(hand, s, code, points, count, points_discarder)
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


# --- reasons, in Chinese (简体, as the seed) and English --------------------------------------


def _wild_words(hand: Hand, s: Scored) -> tuple[str, str]:
    w, w_en = face_name(hand.wild, "zh-hans"), face_name(hand.wild, "en")
    if hand.rules["no_wild_means"] == "no_wild_substitution":
        if s.has_wild:
            return "财神代替了别的牌（有百搭）", "a wild stands in for another tile (with wilds)"
        if hand.ncai:
            return (
                f"财神（{w}）只当{w}用（无百搭）",
                f"the wilds ({w_en}) play only their own face (no wild)",
            )
        return "手中没有财神（无百搭）", "no wild held (no wild)"
    if s.has_wild:
        return (
            f"手中有 {hand.ncai} 张财神（{w}，有百搭）",
            f"{hand.ncai} wild{'s' if hand.ncai > 1 else ''} ({w_en}) held (with wilds)",
        )
    return f"手中没有财神（{w}，无百搭）", f"no wild ({w_en}) held (no wild)"


def _flower_words(hand: Hand) -> tuple[str, str]:
    n = len(hand.flowers)
    if not n:
        return "没有花", "no flower"
    return f"有 {n} 张花", f"{n} flower{'s' if n > 1 else ''}"


def _drawn(hand: Hand) -> tuple[str, str]:
    if hand.win_is_wild:
        return "摸到的财神", "the drawn wild"
    return (
        f"摸到的{face_name(hand.win_tile, 'zh-hans')}",  # type: ignore[arg-type]
        f"the drawn {face_name(hand.win_tile, 'en')}",
    )  # type: ignore[arg-type]


def _chain(hand: Hand) -> tuple[str, str]:
    k = hand.kongs
    flowers = "（花牌补牌也算杠）" if hand.rules["flower_draw_is_gang"] else ""
    flowers_en = (
        " (flower replacements count as kongs)" if hand.rules["flower_draw_is_gang"] else ""
    )
    return (
        f"连杠 {k} 次后补牌自摸{flowers}",
        f"self-drawn on the replacement after {k} kong{'s' if k > 1 else ''} in a row{flowers_en}",
    )


def why(  # noqa: C901, PLR0911, PLR0912
    hand: Hand, s: Scored, code: str, points: int, count: int, points_discarder: int | None
) -> tuple[str, str]:
    rules = hand.rules
    wild, wild_en = _wild_words(hand, s)
    flower, flower_en = _flower_words(hand)
    drawn, drawn_en = _drawn(hand)
    if code.startswith("ZI_MO"):
        return f"自摸，{wild}，{flower}", f"self-drawn; {wild_en}; {flower_en}"
    if code in ("GANG_KAI", "GANG_KAI_NO_WILD", "QING_GANG_KAI"):
        chain, chain_en = _chain(hand)
        return f"{chain}，{wild}，{flower}", f"{chain_en}; {wild_en}; {flower_en}"
    if code == "BAO_TOU":
        return (
            f"{drawn}与手中留着的财神成对 — 爆头",
            f"{drawn_en} pairs a wild held for it — bao tou",
        )
    if code == "GANG_BAO":
        chain, chain_en = _chain(hand)
        return (
            f"{chain}，补到的牌与财神成对（杠爆）：{rules['gang_bao']} + "
            f"{rules['gang_bao_step']} × ({count} − 1) = {points} 分",
            f"{chain_en}, and the replacement pairs a held wild (gang bao): "
            f"{rules['gang_bao']} + {rules['gang_bao_step']} × ({count} − 1) = {points} points",
        )
    if code in ("DA_DIAO", "DA_DIAO_PLUS"):
        held = "一张财神" if s.reading.held_wild else "一张" + _held_name(hand, "zh-hans")
        held_en = "a wild" if s.reading.held_wild else _held_name(hand, "en")
        base = f"四组副露，手中只剩{held}，{drawn}与它成对 — 大吊"
        base_en = f"four melds and only {held_en} held; {drawn_en} pairs it — da diao"
        if code == "DA_DIAO":
            return (
                f"{base}（留的是普通牌，{flower}）",
                f"{base_en} (a plain tile held, {flower_en})",
            )
        if s.reading.held_wild:
            return f"{base}（最后剩下财神）", f"{base_en} (the tile held is a wild)"
        return f"{base}（没有花）", f"{base_en} (no flower)"
    if code == "DA_DIAO_GANG_BAO":
        return (
            f"大吊剩财神，{count} 次杠后补牌成胡：每杠 {rules['da_diao_gang_bao']} 分 × {count}",
            f"da diao holding a wild, won on the replacement after {count} kong"
            f"{'s' if count > 1 else ''}: {rules['da_diao_gang_bao']} points per kong × {count}",
        )
    if code == "PIAO_CAI":
        return (
            f"爆头时打出财神飘了 {count} 次，仍以爆头和牌：每飘 {rules['piao_cai']} 分 × {count}"
            f"（手中 {hand.ncai} 张 + 飘出 {count} 张 < 4）",
            f"{count} wild{'s' if count > 1 else ''} thrown while bao tou (piao), then won bao "
            f"tou: {rules['piao_cai']} points per piao × {count} ({hand.ncai} held + {count} "
            "thrown < 4)",
        )
    if code == "SI_CAI_SHEN_PIAO":
        return (
            f"手中 {hand.ncai} 张财神加飘出的 {count} 张，四张财神都经过手：四财神 "
            f"{rules['si_cai_shen']} + 每飘 {rules['si_cai_shen_piao']} × {count} = {points} 分",
            f"{hand.ncai} wilds held and {count} thrown in piao: all four wilds passed through "
            f"the hand: {rules['si_cai_shen']} + {rules['si_cai_shen_piao']} per piao × {count} "
            f"= {points} points",
        )
    if code == "PIAO_GANG":
        return (
            f"飘的时候摸到 {count} 张花：每张 {rules['piao_gang']} 分",
            f"{count} flower{'s' if count > 1 else ''} drawn while piao: "
            f"{rules['piao_gang']} points each",
        )
    if code in ("JIA_PIAO", "JIA_PIAO_CLEAN"):
        return (
            f"牌桌认定这是假飘；{wild}，{flower}",
            f"the table declared jia piao; {wild_en}; {flower_en}",
        )
    if code == "SI_CAI_SHEN":
        w, w_en = face_name(hand.wild, "zh-hans"), face_name(hand.wild, "en")
        return (
            f"四张财神（{w}）都在手中，自摸即和",
            f"all four wilds ({w_en}) held; a self-draw wins with them",
        )
    if code == "TIAN_HU":
        return "庄家起手的 14 张就是和牌 — 天胡", "the dealer's dealt 14 tiles win — tian hu"
    if code == "DI_HU":
        return (
            "闲家摸到第一张牌就自摸和 — 地胡",
            "a non-dealer wins on the first tile drawn — di hu",
        )
    if code in ("FANG_CHONG", "FANG_CHONG_NO_WILD"):
        seat, seat_en = SEAT_NAMES[hand.discarder], SEAT_NAMES_EN[hand.discarder]  # type: ignore[index]
        allowed = "，房规允许有百搭放冲" if code == "FANG_CHONG" else ""
        allowed_en = ", allowed by the house rule" if code == "FANG_CHONG" else ""
        return (
            f"{seat}打出{face_name(hand.win_tile, 'zh-hans')}放冲，{wild}{allowed}："  # type: ignore[arg-type]
            f"放冲者给 {points_discarder} 分，其他人各给 {points} 分",
            f"{seat_en} discarded the {face_name(hand.win_tile, 'en')} (a discard win); "  # type: ignore[arg-type]
            f"{wild_en}{allowed_en}: the discarder pays {points_discarder} points, each other "
            f"player {points}",
        )
    if code == "QING_YI_SE":
        suit = _one_suit(hand, s.reading)
        subst = "（财神按所当的牌算）" if hand.ncai else ""
        subst_en = " (each wild as the tile it plays)" if hand.ncai else ""
        return (
            f"整手牌都是{_SUITS['zh-hans'][suit]}{subst} — 清一色",
            f"every tile is {_SUITS['en'][suit]}{subst_en} — pure one suit",
        )
    if code == "SHI_SAN_YAO":
        return (
            "一九万、一九筒、一九条和七种字牌各一张，另加其中一张 — 十三幺",
            "one each of the 1 and 9 of every suit and the seven honours, plus one more of "
            "them — thirteen orphans",
        )
    if code in ("QI_DUI", "QI_DUI_NO_WILD"):
        return f"七个对子，{wild}", f"seven pairs; {wild_en}"
    if code == "FLOWERS":
        names = "".join(flower_name(f) for f in sorted(hand.flowers))
        names_en = ", ".join(flower_name(f, "en") for f in sorted(hand.flowers))
        return (
            f"和牌者有 {count} 张花（{names}），每张 {rules['flowers']} 分",
            f"the winner has {count} flower{'s' if count > 1 else ''} ({names_en}), "
            f"{rules['flowers']} point{'s' if rules['flowers'] != 1 else ''} each",
        )
    raise AssertionError(code)  # pragma: no cover


def _held_name(hand: Hand, lang: str) -> str:
    pair = next(g for g in hand_pair_groups(hand))
    return face_name(pair, lang)


def hand_pair_groups(hand: Hand):  # noqa: ANN201
    """The 大吊 held natural: the concealed tile that is not the drawn one."""
    rest = list(hand.concealed)
    rest.remove(hand.win_tile)  # type: ignore[arg-type]
    yield rest[0]


def _one_suit(hand: Hand, r: Reading) -> int:
    for _, faces, _ in r.groups:
        if faces:
            return faces[0] // 9
    return hand.melds[0].printed[0] // 9


__all__ = ["FLOWER_CODES", "best", "score", "waits"]
