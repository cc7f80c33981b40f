"""``score()`` and ``waits()``: the engine's two entry points."""

from __future__ import annotations

from functools import lru_cache

from scoring.amounts import money
from scoring.anqing.hand import Hand, check_copies, read_hand
from scoring.anqing.items import ITEMS_BY_CODE, LABELS, TIAN_HU_ITEMS, Item, items_for
from scoring.anqing.payments import payments_and_total
from scoring.anqing.readings import SHAPES, Group, Reading, is_thirteen_lan, readings
from scoring.anqing.table import dealer_base, lianzhuang_bonus
from scoring.anqing.why_not import not_counted
from scoring.errors import ScoringError
from scoring.tiles import FACES, code, face_name, format_tiles, tile_words
from scoring.waiting import completions
from scoring.wilds import CHOW, PAIR, PUNG

ScoredItem = tuple[Item, int, int]  # (unit, count, fan)


def score(request: dict) -> dict:
    """Score a finished hand (the contract in docs/api.md); bad input returns an error object.

    >>> result = score({"indicator": "6m", "winner": "S", "dealer": "E",
    ...     "concealed": "234m345p66s", "win_tile": "6s", "bar_tiles": 1,
    ...     "melds": [{"kind": "pung", "tiles": "111z", "from": "E"},
    ...               {"kind": "chi", "tiles": "789s", "from": "E"}]})
    >>> result["fan"], [(i["code"], i["fan"]) for i in result["items"]], result["total"]
    (8, [('PAO_FENG', 6), ('FENG_KE', 1), ('BAR_TILE', 1)], '40')
    >>> score({"indicator": "6m", "winner": "S", "dealer": "E", "concealed": "11m",
    ...        "win_tile": "1m"})["error"]["code"]
    'E_TILE_COUNT'
    """
    try:
        hand = read_hand(request)
        return _result(hand, best_reading(hand))
    except ScoringError as error:
        return error.as_dict()


def waits(request: dict) -> dict:
    """Ready-hand analysis: every face that would complete a 13-tile hand, with what it scores.

    ``winner`` and ``dealer`` default to East. A face is listed only if ``score()`` would accept
    the completed hand, with the same fan: faces already held four times, or that would make
    more than eight bar tiles (R11 E_TOO_MANY_COPIES), are left out.

    >>> answer = waits({"indicator": "1p", "concealed": "123m456m789m1s", "winner": "S",
    ...                 "dealer": "E", "melds": [{"kind": "pung", "tiles": "999p", "from": "E"}]})
    >>> [(w["tile"], w["fan"]) for w in answer["waits"]]
    [('1s', 16)]
    """
    request = (
        {"winner": "E", "dealer": "E", **dict(request)} if isinstance(request, dict) else request
    )
    try:
        hand = read_hand(request, with_win_tile=False)
    except ScoringError as error:
        return error.as_dict()
    found = []
    for face, complete in completions(hand):
        try:
            if face in hand.bar_faces:
                # R11, as score() checks the completed hand: a face held four times is never
                # offered (completions), so only a bar tile can newly make too many (over eight).
                check_copies(complete)
            result = _result(complete, best_reading(complete))
        except ScoringError:
            continue
        found.append(
            {
                "tile": FACES[face],
                "fan": result["fan"],
                "shape": result["shape"],
                "items": result["items"],
                "labels": result["labels"],
                "reading": result["reading"],
                "total": result["total"],
            }
        )
    return {
        "wild": code(hand.wild),
        "stand_in": None if hand.stand_in is None else code(hand.stand_in),
        "bar_faces": [code(f) for f in hand.bar_faces],
        "waits": found,
    }


def scored_items(r: Reading, present: frozenset[str] | None = None) -> list[ScoredItem]:
    out = []
    hand = r.hand
    rules = hand.rules
    for item in items_for(r.shape, rules.daque, hand.present if present is None else present):
        count = item.count(r)
        if count:
            fan = item.fan_for(r) if item is GANG_KAI else item.value(rules, count) * count
            out.append((item, count, fan))
    return out


def best_reading(hand: Hand) -> tuple[Reading, list[ScoredItem]]:
    """R7.2: the valid reading with the highest F; ties to fewer substitutions, then shape."""
    rules = hand.rules
    if not rules.daque:
        concealed = hand.concealed
        if any(map(hand.counts.__getitem__, hand.bar_faces)) and not is_thirteen_lan(hand):
            bar = next(f for f in concealed if f in hand.bar_faces)
            raise ScoringError(
                "E_BAR_TILE",
                f"手中有槓牌 {face_name(bar)}：不打缺時槓牌必須亮出補牌，手上有就不能和"
                "（十三爛除外，R4.4）",
                f"the bar tile {face_name(bar, 'en')} is held: under anqing it must be exposed "
                "and replaced; a hand holding one cannot win unless it is thirteen unrelated "
                "tiles (shi san lan, R4.4)",
            )
    candidates = readings(hand)
    if not candidates:
        raise ScoringError(
            "E_NOT_WINNING",
            f"{tile_words(sorted(hand.concealed))} 加上副露不成和牌：要四組加一對、七對、大吊車或十三爛",
            f"{tile_words(sorted(hand.concealed), 'en')} with the melds is not a winning hand: "
            "it needs four sets and a pair, seven pairs, four melds and a single (da diao che) "
            "or thirteen unrelated tiles (shi san lan)",
        )
    if rules.daque:
        candidates = [r for r in candidates if len({s for s in r.suits if s < 3}) <= 2]
        if not candidates:
            raise ScoringError(
                "E_DAQUE_SUITS",
                "打缺：萬、筒、條最多只能留兩樣（R6.6）",
                "anqing-daque: a winning hand uses at most two of Characters, Dots and Bamboo (R6.6)",
            )
    # R6.5: a drawn 鑽 must form 跑風
    needs_pao_feng = hand.win_is_wild and rules["wild_draw_requires_pao_feng"]
    present = hand.present
    if len(candidates) == 1 and not needs_pao_feng:  # most hands: nothing to weigh
        return candidates[0], scored_items(candidates[0], present)
    best = None
    for order, r in enumerate(candidates):
        items = scored_items(r, present)
        if needs_pao_feng and all(item is not PAO_FENG for item, _, _ in items):
            continue
        fan = sum(f for _, _, f in items)
        key = (-fan, r.substitutions, SHAPES.index(r.shape), order)
        if best is None or key < best[0]:
            best = (key, r, items)
    if best is None:
        raise ScoringError(
            "E_WILD_DRAW",
            f"摸到鑽（{face_name(hand.wild)}）和牌必須形成跑風，這手牌不能（R6.5）",
            f"a drawn wild ({face_name(hand.wild, 'en')}) must complete the hand with pao feng "
            "(a one-tile wait), and this one cannot (R6.5)",
        )
    return best[1], best[2]


def _result(hand: Hand, chosen: tuple[Reading, list[ScoredItem]]) -> dict:
    reading, items = chosen
    rules = hand.rules
    fan = 0
    item_dicts = []
    for item, count, item_fan in items:
        fan += item_fan
        item_dicts.append(_item_dict(reading, item, count, item_fan))
    codes = frozenset([entry["code"] for entry in item_dicts])
    streak = hand.streak
    d_base = dealer_base(rules, streak)
    d_bonus = lianzhuang_bonus(rules, streak) if streak else 0  # R8.2: no streak, no bonus
    pays, total = payments_and_total(hand, fan, d_base, d_bonus)
    labels = []
    if _ZHI_JIAO <= codes:
        labels.append(dict(_LABEL_DICTS[0]))
    if not codes.isdisjoint(TIAN_HU_ITEMS):
        labels.append(dict(_LABEL_DICTS[1]))
    wild, stand_in, bar_faces = _specials_shown(hand.wild, hand.stand_in, hand.bar_faces)
    result = {
        "ruleset": rules.ruleset,
        "wild": wild,
        "stand_in": stand_in,
        "bar_faces": list(bar_faces),
        "shape": reading.shape,
        "reading": _reading_sets(reading),
        "items": item_dicts,
        "labels": labels,
        "fan": fan,
        "dealer_base": d_base,
        "lianzhuang_bonus": d_bonus,
        "base_silver": money(hand.silver),
        "payments": pays,
        "total": total,
    }
    missed = not_counted(reading, codes)
    if missed:  # optional: the claimed items this hand nearly has, and why they do not count
        result["not_counted"] = missed
    return result


@lru_cache(maxsize=64)
def _specials_shown(
    wild: int, stand_in: int | None, bar_faces: tuple[int, ...]
) -> tuple[str, str | None, tuple[str, ...]]:
    """R4's specials as a result writes them: the 鑽, its stand-in (or None), the bar faces (one
    per indicator: 34 at most)."""
    return FACES[wild], None if stand_in is None else FACES[stand_in], tuple(map(code, bar_faces))


_LABEL_DICTS = tuple(
    {"code": lb.code, "name": lb.name, "name_en": lb.name_en, "rule": lb.rule, "quote": lb.quote}
    for lb in LABELS
)
_ZHI_JIAO = frozenset(("GANG_KAI", "PAO_FENG"))  # R7 labels: 直叫
GANG_KAI = ITEMS_BY_CODE["GANG_KAI"]
PAO_FENG = ITEMS_BY_CODE["PAO_FENG"]


def _item_dict(r: Reading, item: Item, count: int, fan: int) -> dict:
    why, why_en = item.why(r, count)
    rule, quote = item.cites(r)
    return {
        "code": item.code,
        "name": item.name,
        "name_en": item.name_en,
        "fan": fan,
        "count": count,
        "value": fan // count if count else 0,
        "rule": rule,
        "quote": quote,
        "why": why,
        "why_en": why_en,
    }


def _reading_sets(r: Reading) -> list[dict]:
    hand = r.hand
    win = r.win[0]
    lan = r.shape == "thirteen_lan"
    wild = hand.wild
    # Natural tiles that each show their own face show from the tables below: a group with no
    # wild tile (none at all in most readings) and no tile playing the 鑽's face (a stand-in
    # 紅中 shows its own face, R4.3).
    tables = not lan
    no_wilds = not r.wild_total
    sets, pairs = [], []
    for gi, group in enumerate(r.groups):
        kind, faces, wilds = group
        if tables and wild not in faces and (no_wilds or True not in wilds):
            tiles, printed = _NATURAL_SHOWN[kind][faces[0]]
        else:
            kind, tiles, printed = _shown(group, wild, hand.stand_in, lan)
        entry = {
            "set": kind,
            "tiles": tiles,
            "printed": list(printed),
            "melded": False,
            "win": gi == win,
        }
        (pairs if kind == "pair" else sets).append(entry)
    for m in hand.melds:
        entry = {
            "set": "chow" if m.kind == "chi" else "pung" if m.kind == "pung" else "kong",
            "tiles": format_tiles(m.faces),
            "printed": [code(f) for f in m.printed],
            "melded": True,
            "win": False,
            "kind": m.kind,
        }
        if m.feeder is not None:
            entry["from"] = m.feeder
        sets.append(entry)
    return sets + pairs


@lru_cache(maxsize=4096)
def _shown(group: Group, wild: int, stand_in: int | None, lan: bool) -> tuple:
    """A concealed group as shown: (set, tiles played, the printed face of each tile).

    A natural tile shows its own face, except that the stand-in 紅中 shows where it plays the
    鑽's face (R4.3); a wild shows the 鑽 itself. 十三爛's tiles all show their own faces.
    """
    kind, faces, wilds = group
    if lan:
        printed = tuple(code(f) for f in faces)
    else:
        printed = tuple(
            code(wild) if w else code(stand_in) if f == wild and stand_in is not None else code(f)
            for f, w in zip(faces, wilds, strict=True)
        )
    return kind, format_tiles(faces), printed


# How a group of natural tiles none of which is a stand-in shows (``_shown``), by kind and first
# face: the tiles played and each one's printed face.
_NATURAL_SHOWN = {
    kind: tuple(_shown.__wrapped__(group, -1, None, False)[1:] for group in groups)
    for kind, groups in (("pair", PAIR), ("pung", PUNG), ("chow", CHOW))
}
