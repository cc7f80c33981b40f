"""Reading an Anji score request into a checked hand (AJ12), in the order AJ12 reports errors."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from decimal import Decimal

import scoring.readers as readers
from scoring.anji.errors import AnjiError
from scoring.anji.rules import Rules, make_rules, rule_name
from scoring.anji.tiles import (
    flower_name,
    indicator_name,
    one_tile,
    parse_flowers,
    parse_indicator,
    parse_tiles_no_flowers,
    wild_of,
)
from scoring.base import SEATS
from scoring.echo import Echo
from scoring.tiles import face_name, tile_words

MELD_KINDS = ("chi", "pung", "kong", "added_kong", "concealed_kong")
KONG_KINDS = ("kong", "added_kong", "concealed_kong")
MELD_SET = {
    "chi": "chow",
    "pung": "pung",
    "kong": "kong",
    "added_kong": "kong",
    "concealed_kong": "kong",
}
MELD_NAMES = {
    "chi": "吃",
    "pung": "碰",
    "kong": "明杠",
    "added_kong": "补杠",
    "concealed_kong": "暗杠",
}
PLAYER_COUNTS = (2, 3, 4)
MAX_KONGS, MAX_PIAO, MAX_PIAO_FLOWERS = 12, 3, 8
# Money as the app keeps it (the same limits as Anqing's R9): at most 1,000,000, four places.
MAX_SILVER = Decimal(1_000_000)
SILVER_PLACES = 4
SILVER = readers.Silver(MAX_SILVER, SILVER_PLACES)
AMOUNT_TEXT = readers.AMOUNT_TEXT
_BAD_SILVER = (
    "基础银子「{value}」不是数字（只用 0–9 和小数点，不能是负数）",
    "base silver '{value}' is not a number of 0 or more (write it with 0-9 and a point)",
)
# AJ12's words for a field that cannot be read or does not fit.
WORDS = readers.Words(
    error=AnjiError,
    not_list=(
        '{name} 应是副露的列表，例如 [{{"kind": "pung", "tiles": "111z"}}]',
        '{name} must be a list of melds such as [{{"kind": "pung", "tiles": "111z"}}]',
    ),
    not_entry=(
        "第 {number} 个副露应是一个对象（kind、tiles、from）",
        "meld {number} must be an object (kind, tiles, from)",
    ),
    seat_missing=("请填{name}", "{name} is missing"),
    silver_type=_BAD_SILVER,
    silver_text=_BAD_SILVER,
    silver_finite=_BAD_SILVER,
    silver_bounds=(
        "{name}不能超过 {most}，最多 {places} 位小数",
        "{name} must be at most {most}, with at most {places} decimal places",
    ),
)
SEAT_NAMES = {"E": "东家", "S": "南家", "W": "西家", "N": "北家"}
SEAT_NAMES_EN = {"E": "East", "S": "South", "W": "West", "N": "North"}
MELD_NAMES_EN = {
    "chi": "chow",
    "pung": "pung",
    "kong": "exposed kong",
    "added_kong": "added kong",
    "concealed_kong": "concealed kong",
}
# A request field in a player's words (AJ12's messages name no field by its key).
FIELD_WORDS = {
    "kongs_before_win": ("和牌前开的杠", "kongs before the win"),
    "piao": ("飘", "piao"),
    "piao_flowers": ("飘的时候摸到的花", "flowers drawn while in piao"),
    "jia_piao": ("加飘", "jia piao"),
    "first_turn": ("天胡/地胡", "a first-turn win (tian hu / di hu)"),
    "melds": ("副露", "melds"),
}
def _count_en(n: int, noun: str) -> str:
    """``1 kong``, ``0 kongs``, ``2 kongs``: never "1 kongs"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _in_play(value: object, name: tuple[str, str], seats: tuple[str, ...], field: str) -> str:
    """E_CONTEXT unless ``value`` is a seat in play; the seats named by their words (AJ2)."""
    if isinstance(value, str) and value in seats:
        return value
    if value is None:
        raise AnjiError("E_CONTEXT", f"请填{name[0]}", f"{name[1]} is missing", field)
    raise AnjiError(
        "E_CONTEXT",
        f"{name[0]}「{value}」不是在座的座位（{len(seats)} 人桌："
        f"{'、'.join(SEAT_NAMES[s] for s in seats)}）",
        f"{name[1]} {value!r} is not a seat in play (a {len(seats)}-player table: "
        f"{', '.join(SEAT_NAMES_EN[s] for s in seats)})",
        field,
    )


@dataclass(frozen=True, slots=True)
class Meld:
    index: int
    kind: str
    printed: tuple[int, ...]
    feeder: str | None

    @property
    def is_kong(self) -> bool:
        return self.kind in KONG_KINDS


@dataclass(frozen=True, slots=True)
class Hand:
    rules: Rules
    player_count: int
    winner: str
    dealer: str
    silver: Decimal
    indicator: int
    wild: int
    concealed: tuple[int, ...]
    win_tile: int | None
    melds: tuple[Meld, ...]
    flowers: tuple[int, ...]
    kongs: int  # k, kongs_before_win
    piao: int  # p
    piao_flowers: int  # f
    jia_piao: bool
    first_turn: bool
    discarder: str | None

    @property
    def seats(self) -> tuple[str, ...]:
        return SEATS[: self.player_count]

    @property
    def ncai(self) -> int:
        """AJ4.2: the 财神 among the winner's concealed tiles, the winning tile included."""
        return self.concealed.count(self.wild)

    @property
    def self_draw(self) -> bool:
        return self.discarder is None

    @property
    def win_is_wild(self) -> bool:
        return self.win_tile == self.wild


def _meld_list(value: object) -> list[tuple[str, list[int], object]]:
    melds = []
    for number, meld in enumerate(readers.entries(value, "melds", WORDS, objects=False), 1):
        readers.entry(meld, "melds", number, WORDS)
        kind = meld.get("kind")
        if kind not in MELD_KINDS:
            raise AnjiError(
                "E_NOTATION",
                f"第 {number} 个副露的 kind {kind!r} 不认识（可选：{'、'.join(MELD_KINDS)}）",
                f"meld {number} has an unknown kind {kind!r} (one of: {', '.join(MELD_KINDS)})",
            )
        tiles = meld.get("tiles")
        if tiles is None:
            raise AnjiError(
                "E_NOTATION", f"第 {number} 个副露缺少 tiles", f"meld {number} has no tiles"
            )
        faces = parse_tiles_no_flowers(tiles, f"melds[{number}].tiles")
        melds.append((kind, faces, meld.get("from")))
    return melds


def read_hand(request: object, with_win_tile: bool = True) -> Hand:
    """Read and check a request up to E_WIN_TILE and the later E_CONTEXT checks (AJ12 1–7)."""
    request = readers.request_object(request, WORDS)
    if request.get("game") not in (None, "anji"):
        raise AnjiError(
            "E_RULES",
            f"这不是安吉麻将的请求：game {request.get('game')!r}",
            f"not an Anji request: game {request.get('game')!r}",
        )
    # --- AJ12 step 2a: fields that cannot be read (E_NOTATION)
    indicator = readers.tiles(request, "indicator", WORDS, parse_indicator)
    concealed = tuple(readers.tiles(request, "concealed", WORDS, parse_tiles_no_flowers))
    win_tile = readers.tiles(request, "win_tile", WORDS, one_tile) if with_win_tile else None
    raw_melds = _meld_list(request.get("melds"))
    flowers = tuple(readers.optional_tiles(request, "flowers", parse_flowers))
    player_count = readers.integer(request, "player_count", WORDS, default=4)
    kongs = readers.integer(request, "kongs_before_win", WORDS)
    piao = readers.integer(request, "piao", WORDS)
    piao_flowers = readers.integer(request, "piao_flowers", WORDS)
    jia_piao = readers.boolean(request, "jia_piao", WORDS)
    first_turn = readers.boolean(request, "first_turn", WORDS)
    silver = readers.silver(request, WORDS, SILVER)
    # --- step 2b: the rules (E_RULES)
    rules = make_rules(request.get("ruleset"), request.get("rules"))
    # --- step 2c: the context (E_CONTEXT)
    if player_count not in PLAYER_COUNTS:
        raise AnjiError(
            "E_CONTEXT",
            f"人数只能是 2、3 或 4 人，收到 {Echo(player_count)}",
            f"a table has 2, 3 or 4 players, got {Echo(player_count)}",
            "player_count",
        )
    seats = SEATS[:player_count]
    winner = _in_play(request.get("winner"), ("和牌的人", "the winner"), seats, "winner")
    dealer = _in_play(request.get("dealer"), ("庄家", "the dealer"), seats, "dealer")
    discarder = request.get("discarder")
    if discarder is not None:
        if discarder == winner:
            raise AnjiError(
                "E_CONTEXT",
                "放冲的人不能是和牌的人自己",
                "the discarder cannot be the winner",
                "discarder",
            )
        _in_play(discarder, ("放冲的人", "the discarder"), seats, "discarder")
    for key, value, most in (
        ("kongs_before_win", kongs, MAX_KONGS),
        ("piao", piao, MAX_PIAO),
        ("piao_flowers", piao_flowers, MAX_PIAO_FLOWERS),
    ):
        if not 0 <= value <= most:
            zh, en = FIELD_WORDS[key]
            raise AnjiError(
                "E_CONTEXT",
                f"{zh}应在 0–{most} 之间，收到 {Echo(value)}",
                f"{en} must be from 0 to {most}, got {Echo(value)}",
                key,
            )
    if len(raw_melds) > 4:
        raise AnjiError(
            "E_CONTEXT",
            f"副露最多四组，收到 {len(raw_melds)} 组",
            f"at most four melds, got {len(raw_melds)}",
            "melds",
        )
    if discarder is not None:
        if not rules["discard_win"]:
            raise AnjiError(
                "E_CONTEXT",
                "安吉麻将只可自摸和，不可放冲；要算放冲请在家规里选"
                f"「{rule_name('discard_win')}」（AJ6.7）",
                "Anji wins are self-drawn only; a discard win needs the house rule "
                f"'{rule_name('discard_win', 'en')}' (AJ6.7)",
                "rules.discard_win",
            )
        for name, on in (
            ("kongs_before_win", kongs >= 1),
            ("piao", piao >= 1),
            ("piao_flowers", piao_flowers >= 1),
            ("jia_piao", jia_piao),
            ("first_turn", first_turn),
        ):
            if on:
                raise AnjiError(
                    "E_CONTEXT",
                    f"放冲和牌不能同时有{FIELD_WORDS[name][0]}：那是自摸才有的（AJ8.1）",
                    f"a discard win cannot have {FIELD_WORDS[name][1]}: it belongs to a "
                    "self-draw (AJ8.1)",
                    name,
                )
    if first_turn:
        for name, on in (
            ("melds", bool(raw_melds)),
            ("kongs_before_win", kongs >= 1),
            ("piao", piao >= 1),
            ("piao_flowers", piao_flowers >= 1),
            ("jia_piao", jia_piao),
        ):
            if on:
                raise AnjiError(
                    "E_CONTEXT",
                    f"天胡/地胡不能同时有{FIELD_WORDS[name][0]}（AJ8.1 G9）",
                    f"a first-turn win (tian hu / di hu) cannot have {FIELD_WORDS[name][1]} "
                    "(AJ8.1 G9)",
                    name,
                )
    if piao_flowers >= 1 and piao == 0:
        raise AnjiError(
            "E_CONTEXT",
            "飘的时候摸到的花，没有飘就不能有",
            "flowers drawn while in piao need a piao; with no piao there are none",
            "piao_flowers",
        )
    if piao_flowers > len(flowers):
        raise AnjiError(
            "E_CONTEXT",
            f"飘的时候摸到的花（{piao_flowers} 张）比摸到的花（{len(flowers)} 张）多",
            f"the flowers drawn while in piao ({piao_flowers}) are more than all the flowers "
            f"drawn ({len(flowers)})",
            "piao_flowers",
        )
    readers.silver_in_bounds(silver, WORDS, SILVER, name=("基础银子", "base silver"))
    wild = wild_of(indicator, rules["honor_cycle"])
    # --- step 3: the melds, in order
    melds = tuple(
        _check_meld(number, kind, faces, feeder, wild, winner, seats)
        for number, (kind, faces, feeder) in enumerate(raw_melds, 1)
    )
    # --- step 4: E_TILE_COUNT
    count = len(concealed) + 3 * len(melds)
    expected = 14 if with_win_tile else 13
    if count != expected:
        raise AnjiError(
            "E_TILE_COUNT",
            f"手牌 {len(concealed)} 张 + 副露 {len(melds)} 组 × 3 = {count} 张，应为 {expected} 张",
            f"{_count_en(len(concealed), 'concealed tile')} + {_count_en(len(melds), 'meld')} "
            f"× 3 = {_count_en(count, 'tile')}; it must be {expected}",
        )
    # --- step 5: E_TOO_MANY_COPIES
    printed = Counter(concealed)
    for meld in melds:
        printed.update(meld.printed)
    for face, n in sorted(printed.items()):
        if n > 4:
            raise AnjiError(
                "E_TOO_MANY_COPIES",
                f"{face_name(face, 'zh-hans')} 有 {n} 张，每种牌只有四张",
                f"{n} copies of {face_name(face, 'en')}; there are only four of each tile",
            )
    doubled = [f for f, n in Counter(flowers).items() if n > 1]
    if doubled:
        raise AnjiError(
            "E_TOO_MANY_COPIES",
            f"花牌{flower_name(doubled[0], 'zh-hans')}写了两次，每张花牌只有一张（AJ1.3）",
            f"the flower {flower_name(doubled[0], 'en')} is written twice; each flower exists once "
            "(AJ1.3)",
        )
    # --- step 6: E_WIN_TILE
    if win_tile is not None and win_tile not in concealed:
        raise AnjiError(
            "E_WIN_TILE",
            f"和牌张 {face_name(win_tile, 'zh-hans')} 不在手牌中",
            f"the winning tile {face_name(win_tile, 'en')} is not among the concealed tiles",
        )
    hand = Hand(
        rules=rules,
        player_count=player_count,
        winner=winner,  # type: ignore[arg-type]
        dealer=dealer,  # type: ignore[arg-type]
        silver=silver,
        indicator=indicator,
        wild=wild,
        concealed=concealed,
        win_tile=win_tile,
        melds=melds,
        flowers=flowers,
        kongs=kongs,
        piao=piao,
        piao_flowers=piao_flowers,
        jia_piao=jia_piao,
        first_turn=first_turn,
        discarder=discarder,
    )
    if win_tile is not None:
        check_later(hand)
    return hand


def check_later(hand: Hand) -> None:
    """AJ12 step 7: the E_CONTEXT checks that need the whole hand."""
    rules, melds, flowers, kongs = hand.rules, hand.melds, hand.flowers, hand.kongs
    piao, discarder, win_tile, wild = hand.piao, hand.discarder, hand.win_tile, hand.wild
    kong_melds = sum(1 for m in melds if m.is_kong)
    flower_kongs = len(flowers) if rules["flower_draw_is_gang"] else 0
    if kongs > kong_melds + flower_kongs:
        extra = "（加花牌）" if rules["flower_draw_is_gang"] else ""
        extra_en = " (plus flowers)" if rules["flower_draw_is_gang"] else ""
        raise AnjiError(
            "E_CONTEXT",
            f"和牌前开了 {kongs} 个杠，但只有 {kong_melds} 个杠{extra}（AJ9.1）",
            f"{_count_en(kongs, 'kong')} before the win, but there "
            f"{'is' if kong_melds == 1 else 'are'} only {_count_en(kong_melds, 'kong')}{extra_en} "
            "(AJ9.1)",
            "kongs_before_win",
        )
    if piao + hand.ncai > 4:
        raise AnjiError(
            "E_CONTEXT",
            f"手中有 {hand.ncai} 张财神，又飘了 {piao} 张：财神只有四张（AJ8.1 G6）",
            f"{hand.ncai} wilds (cai shen) held and {piao} thrown in piao: there are only four",
        )
    if discarder is not None and win_tile == wild:
        raise AnjiError(
            "E_CONTEXT",
            f"打出的财神（{face_name(wild, 'zh-hans')}）不能被放冲和（AJ4.3）",
            f"a discarded wild ({face_name(wild, 'en')}) cannot be claimed for a win (AJ4.3)",
        )


def _check_meld(
    number: int,
    kind: str,
    faces: list[int],
    feeder: object,
    wild: int,
    winner: object,
    seats: tuple[str, ...],
) -> Meld:
    """AJ5: E_MELD_WILD, E_MELD_SHAPE, E_MELD_FEEDER for one meld."""
    label = f"第 {number} 个副露（{MELD_NAMES[kind]} {tile_words(faces, 'zh-hans')}）"
    label_en = f"meld {number} ({MELD_NAMES_EN[kind]} {tile_words(faces, 'en')})"
    if wild in faces:
        raise AnjiError(
            "E_MELD_WILD",
            f"{label}里有财神 {face_name(wild, 'zh-hans')}：财神不能吃、碰、杠（AJ4.3）",
            f"{label_en} holds the wild {face_name(wild, 'en')}: a wild (cai shen) never sits in a "
            "meld (AJ4.3)",
        )
    ordered = sorted(faces)
    if kind == "chi":
        good = (
            len(ordered) == 3
            and ordered[0] < 27
            and ordered[0] // 9 == ordered[2] // 9
            and ordered[1] == ordered[0] + 1
            and ordered[2] == ordered[0] + 2
        )
        shape, shape_en = (
            "同一花色（万、筒、条）三张顺连的牌",
            "three consecutive tiles of one suit",
        )
    else:
        size = 3 if kind == "pung" else 4
        good = len(ordered) == size and len(set(ordered)) == 1
        shape, shape_en = f"{size} 张相同的牌", f"{size} identical tiles"
    if not good:
        raise AnjiError(
            "E_MELD_SHAPE",
            f"{label}不成形：应是{shape}（AJ5.2）",
            f"{label_en} is not {'an' if kind == 'kong' else 'a'} {MELD_NAMES_EN[kind]}: it must "
            f"be {shape_en} (AJ5.2)",
        )
    if feeder is not None:
        if kind == "concealed_kong":
            raise AnjiError(
                "E_MELD_FEEDER",
                f"{label}是暗杠，没有人喂牌，不能写喂牌的人",
                f"{label_en} is a concealed kong: nobody fed it",
                f"melds[{number - 1}].from",
            )
        if not isinstance(feeder, str) or feeder not in seats:
            raise AnjiError(
                "E_MELD_FEEDER",
                f"{label}的喂牌的人「{feeder}」不是在座的座位"
                f"（{'、'.join(SEAT_NAMES[s] for s in seats)}）",
                f"{label_en}: who fed it, {feeder!r}, is not a seat in play "
                f"({', '.join(SEAT_NAMES_EN[s] for s in seats)})",
                f"melds[{number - 1}].from",
            )
        if feeder == winner:
            raise AnjiError(
                "E_MELD_FEEDER",
                f"{label}的喂牌的人是和牌的人自己",
                f"{label_en}: it was fed by the winner",
                f"melds[{number - 1}].from",
            )
        if kind == "chi":
            upper = seats[(seats.index(winner) - 1) % len(seats)]  # type: ignore[arg-type]
            if feeder != upper:
                raise AnjiError(
                    "E_MELD_FEEDER",
                    f"{label}：只能吃上家（{SEAT_NAMES[upper]}）的牌，喂牌的人却是"
                    f"{SEAT_NAMES[feeder]}（AJ5.3）",
                    f"{label_en}: a chow is taken only from the previous player "
                    f"({SEAT_NAMES_EN[upper]}), not {SEAT_NAMES_EN[feeder]} (AJ5.3)",
                )
    return Meld(number - 1, kind, tuple(faces), feeder)  # type: ignore[arg-type]


__all__ = ["Hand", "Meld", "check_later", "indicator_name", "read_hand"]
