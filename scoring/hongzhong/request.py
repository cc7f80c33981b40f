"""Reading a 紅中 request (HZ12.1) and refusing it in HZ15's order (steps 1–7; the winning
shape and the minimum are the engine's)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import scoring.readers as readers
from scoring.echo import Echo
from scoring.hongzhong.errors import HongzhongError
from scoring.hongzhong.rules import check_ruleset, choice_name, make_rules, rule_name
from scoring.tiles import RED, face_name, face_of, parse_tiles, tile_words

SEATS: tuple[str, ...] = ("E", "S", "W", "N")  # in order of play (HZ2.1)
MELD_KINDS = ("pung", "kong", "added_kong", "concealed_kong", "chi")
KONG_KINDS = ("kong", "added_kong", "concealed_kong")
AMOUNT_TEXT = re.compile(r"[0-9]+(\.[0-9]+)?")
MAX_SILVER = Decimal(10) ** 9
SILVER_PLACES = 4
# HZ9.3: 0 or more, places as written, digits and a point only; out of bounds is unreadable too.
SILVER = readers.Silver(MAX_SILVER, SILVER_PLACES, written_places=True, text=AMOUNT_TEXT)
_BAD_SILVER = (
    "基础银子「{value}」不是数字（只用 0–9 和小数点，不能是负数）",
    "base silver '{value}' is not a number of 0 or more (write it with 0-9 and a point)",
)
# HZ15's words for a field that cannot be read or does not fit.
WORDS = readers.Words(
    error=HongzhongError,
    silver_type=_BAD_SILVER,
    silver_text=_BAD_SILVER,
    silver_finite=_BAD_SILVER,
    silver_bounds=_BAD_SILVER,
    # a seat named in words (HZ2.1), what was typed quoted
    seat=(
        "{name}应是东家、南家、西家、北家之一，收到「{value}」",
        "{name} must be one of the seats East, South, West, North, got {value!r}",
    ),
    seat_missing=("请填{name}", "{name} is missing"),
)


@dataclass(frozen=True)
class Meld:
    kind: str
    faces: tuple[int, ...]
    feeder: Any  # as entered; a seat once checked, or None


@dataclass(frozen=True)
class Winner:
    seat: Any
    concealed: tuple[int, ...]
    win: int
    melds: tuple[Meld, ...]
    birds: tuple[int, ...]


@dataclass(frozen=True)
class Kong:
    seat: Any
    kind: str
    feeder: Any
    faces: tuple[int, ...] | None


@dataclass(frozen=True)
class Request:
    rules: Mapping[str, Any]
    dealer: str
    silver: Decimal
    winners: tuple[Winner, ...]
    discarder: str | None
    robbed_kong: bool
    kongs: tuple[Kong, ...]
    piao_fen: dict[str, int]

    @property
    def outcome(self) -> str:
        """HZ12.2."""
        if not self.winners:
            return "draw"
        if self.discarder is None:
            return "self_draw"
        return "robbed_kong" if self.robbed_kong else "discard"


# A seat as the texts name it (HZ2.1): by its word, never by a letter (docs/engine-api.md).
SEAT_WORDS = {"E": "东家", "S": "南家", "W": "西家", "N": "北家"}
SEAT_WORDS_EN = {"E": "East", "S": "South", "W": "West", "N": "North"}
SEAT_LIST = ("东家、南家、西家、北家", "East, South, West, North")


def error(
    code_: str, message: str, message_en: str, field: str | None = None
) -> HongzhongError:
    return HongzhongError(code_, message, message_en, field)


def seat_word(seat: Any) -> str:
    """东家 for E …; what was typed, quoted, for a value that is not a seat."""
    return SEAT_WORDS[seat] if isinstance(seat, str) and seat in SEAT_WORDS else f"「{seat}」"


def seat_word_en(seat: Any) -> str:
    return SEAT_WORDS_EN[seat] if isinstance(seat, str) and seat in SEAT_WORDS_EN else repr(seat)


def _given(mapping: Mapping, key: str) -> Any:
    """A field's value; ``null`` is absent (HZ15)."""
    return mapping.get(key)


def _winner(entry: dict, n: int) -> Winner:
    """Every E_NOTATION check of one winner (HZ15)."""
    field = f"winners[{n}]"
    concealed = _given(entry, "concealed")
    win_tile = _given(entry, "win_tile")
    if concealed is None or win_tile is None:
        missing = "concealed" if concealed is None else "win_tile"
        raise error(
            "E_NOTATION",
            f"{field} 缺少 {missing}",
            f"{field} has no {missing}",
        )
    faces = tuple(parse_tiles(concealed, f"{field}.concealed"))
    if win_tile == "":
        raise error(
            "E_NOTATION",
            f"{field}.win_tile 应是一张牌，例如 7m",
            f"{field}.win_tile must be a single tile such as 7m",
        )
    win = face_of(win_tile, f"{field}.win_tile")
    melds = []
    for i, meld in enumerate(readers.entries(_given(entry, "melds"), f"{field}.melds", WORDS)):
        kind = meld.get("kind")
        if kind not in MELD_KINDS:
            raise error(
                "E_NOTATION",
                f"{field}.melds 第 {i + 1} 项的 kind「{kind}」不认识（pung、kong、added_kong、"
                "concealed_kong）",
                f"{field}.melds entry {i + 1}: unknown kind {kind!r} (pung, kong, added_kong, "
                "concealed_kong)",
            )
        tiles = meld.get("tiles")
        if tiles is None:
            raise error(
                "E_NOTATION",
                f"{field}.melds 第 {i + 1} 项缺少 tiles",
                f"{field}.melds entry {i + 1} has no tiles",
            )
        melds.append(
            Meld(kind, tuple(parse_tiles(tiles, f"{field}.melds[{i}].tiles")), meld.get("from"))
        )
    birds = _given(entry, "birds")
    bird_faces = () if birds is None else tuple(parse_tiles(birds, f"{field}.birds"))
    return Winner(entry.get("seat"), faces, win, tuple(melds), bird_faces)


def _kong(entry: dict, n: int) -> Kong:
    kind = entry.get("kind")
    if kind not in KONG_KINDS:
        raise error(
            "E_NOTATION",
            f"kongs 第 {n + 1} 项的 kind「{kind}」不认识（kong、added_kong、concealed_kong）",
            f"kongs entry {n + 1}: unknown kind {kind!r} (kong, added_kong, concealed_kong)",
        )
    tiles = entry.get("tiles")
    faces = None if tiles is None else tuple(parse_tiles(tiles, f"kongs[{n}].tiles"))
    return Kong(entry.get("seat"), kind, entry.get("from"), faces)


def _piao(value: Any) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise error("E_NOTATION", "piao_fen 应是一个对象", "piao_fen must be an object")
    # HZ12.1: a null value is that seat absent (0)
    return {
        key: readers.integer(value, key, WORDS, label=(f"piao_fen 的 {key}", f"piao_fen of {key}"))
        for key in value
    }


def read(request: dict) -> Request:  # noqa: C901, PLR0912
    """HZ15 steps 1–2: every E_NOTATION check, then E_RULES, then the reading-phase
    E_CONTEXT."""
    game = request.get("game")
    if game is not None and game != "hongzhong":
        raise error(
            "E_RULES", f"未知的游戏 game：{game!r}", f"unknown game {game!r} (expected hongzhong)"
        )
    # --- E_NOTATION
    silver = readers.silver(request, WORDS, SILVER)
    readers.silver_in_bounds(
        silver, WORDS, SILVER, code="E_NOTATION", value=request.get("base_silver")
    )
    winners = tuple(
        _winner(w, i)
        for i, w in enumerate(readers.entries(request.get("winners"), "winners", WORDS))
    )
    kongs = tuple(
        _kong(k, i) for i, k in enumerate(readers.entries(request.get("kongs"), "kongs", WORDS))
    )
    piao = _piao(request.get("piao_fen"))
    robbed = readers.boolean(request, "robbed_kong", WORDS)
    # --- E_RULES
    ruleset = check_ruleset(request.get("ruleset"))
    rules = make_rules(ruleset, request.get("rules"))
    # --- E_CONTEXT, reading phase (HZ15's list, in its order)
    dealer = readers.seat(request.get("dealer"), ("庄家", "the dealer"), WORDS, SEATS)
    seen: set[str] = set()
    for i, w in enumerate(winners):
        if w.seat not in SEATS or w.seat in seen:
            repeated = w.seat in SEATS
            why = "写了两次" if repeated else f"不是座位（{SEAT_LIST[0]}）"
            why_en = "is given twice" if repeated else f"is not a seat ({SEAT_LIST[1]})"
            raise error(
                "E_CONTEXT",
                f"第 {i + 1} 位胡牌的人的座位 {seat_word(w.seat)} {why}",
                f"winner {i + 1}: the seat {seat_word_en(w.seat)} {why_en}",
                f"winners[{i}].seat",
            )
        seen.add(w.seat)
    discarder = request.get("discarder")
    if discarder is not None:
        readers.seat(discarder, ("点炮的人", "the discarder"), WORDS, SEATS)
    if not winners and (discarder is not None or robbed):
        raise error(
            "E_CONTEXT",
            "没有胡牌的人（流局），就不能有点炮的人或抢杠胡",
            "a discarder or a robbed kong needs a winner (with no winner the round is a draw)",
            "discarder" if discarder is not None else "robbed_kong",
        )
    if len(winners) > 1 and discarder is None:
        raise error(
            "E_CONTEXT",
            "几家一起胡只能是胡同一张打出的牌：请填点炮的人（自摸只有一家）",
            "several winners can only win on one discard: enter the discarder "
            "(a self-draw has one winner)",
            "discarder",
        )
    if robbed and discarder is None:
        raise error(
            "E_CONTEXT",
            "抢杠胡要填被抢杠的人",
            "a robbed kong needs the player whose kong was robbed",
            "discarder",
        )
    if robbed and rules["qiang_gang_hu"] == "off":
        raise error(
            "E_CONTEXT",
            f"本桌家规不许抢杠胡（{rule_name('qiang_gang_hu')}：{choice_name('qiang_gang_hu', 'off')}）",
            "the house rules allow no robbed-kong win "
            f"({rule_name('qiang_gang_hu', 'en')}: {choice_name('qiang_gang_hu', 'off', 'en')})",
            "rules.qiang_gang_hu",
        )
    if discarder is not None and not robbed and not rules["discard_win"]:
        raise error(
            "E_CONTEXT",
            f"本桌家规不许点炮胡（没选「{rule_name('discard_win')}」），只能自摸",
            f"the house rules allow no win on a discard ('{rule_name('discard_win', 'en')}' "
            "is off): self-draw only",
            "rules.discard_win",
        )
    if discarder is not None and discarder in seen:
        raise error(
            "E_CONTEXT",
            f"点炮的{seat_word(discarder)}不能同时胡这张牌",
            f"the discarder, {seat_word_en(discarder)}, cannot also win on that tile",
            "discarder",
        )
    if len(winners) > 1 and not rules["multi_win"]:
        raise error(
            "E_CONTEXT",
            f"本桌家规不许一炮多响（没选「{rule_name('multi_win')}」），只能一家胡",
            f"the house rules allow one winner only ('{rule_name('multi_win', 'en')}' is off)",
            "rules.multi_win",
        )
    if discarder is not None and len({w.win for w in winners}) > 1:
        faces = dict.fromkeys(w.win for w in winners)
        raise error(
            "E_CONTEXT",
            "一炮多响胡的是同一张牌，这里的和牌张却不同："
            + "、".join(face_name(f, "zh-hans") for f in faces),
            "winners of one discard win on one tile, but their winning tiles differ: "
            + ", ".join(face_name(f, "en") for f in faces),
            "winners.win_tile",
        )
    for i, k in enumerate(kongs):
        if k.seat not in SEATS or k.seat in seen:
            winner = k.seat in SEATS
            why = "是胡牌的人（胡牌的人的杠写在他的副露里）" if winner else f"不是座位（{SEAT_LIST[0]}）"
            why_en = (
                "is a winner (a winner's kongs are among its melds)"
                if winner
                else f"is not a seat ({SEAT_LIST[1]})"
            )
            raise error(
                "E_CONTEXT",
                f"没胡的人的第 {i + 1} 个杠：座位 {seat_word(k.seat)} {why}",
                f"kong {i + 1} of a player who did not win: the seat {seat_word_en(k.seat)} "
                f"{why_en}",
                f"kongs[{i}].seat",
            )
    most = rules["piao_fen_max"]
    for seat, n in piao.items():
        if seat not in SEATS or not 0 <= n <= most:
            if seat not in SEATS:
                raise error(
                    "E_CONTEXT",
                    f"飘分写给了 {seat_word(seat)}：那不是座位（{SEAT_LIST[0]}）",
                    f"piao points were given for {seat_word_en(seat)}, which is not a seat "
                    f"({SEAT_LIST[1]})",
                    f"piao_fen.{seat}",
                )
            raise error(
                "E_CONTEXT",
                f"{seat_word(seat)}飘 {Echo(n)} 分不行：本桌飘分是 0 到 {most} 分",
                f"{seat_word_en(seat)} cannot float {Echo(n)} points: this table's piao is 0 to "
                f"{most}",
                f"piao_fen.{seat}",
            )
    for i, w in enumerate(winners):
        if len(w.melds) > 4:
            raise error(
                "E_CONTEXT",
                f"{seat_word(w.seat)}最多四副副露，收到 {len(w.melds)} 副",
                f"{seat_word_en(w.seat)} has at most four melds, got {len(w.melds)}",
                f"winners[{i}].melds",
            )
    return Request(rules, dealer, silver, winners, discarder, robbed, kongs, piao)


def _check_feeder(
    owner: str, kind: str, feeder: Any, where: str, where_en: str, field: str
) -> None:
    """HZ5.2: ``from`` required on a kong, never on a concealed kong, a seat not the owner."""
    field = f"{field}.from"
    if feeder is None:
        if kind == "kong":
            raise error(
                "E_MELD_FEEDER",
                f"{where}是明杠，要填放杠的人",
                f"{where_en} is an exposed kong: enter who fed it",
                field,
            )
        return
    if kind == "concealed_kong":
        raise error(
            "E_MELD_FEEDER",
            f"{where}是暗杠，没有放杠的人",
            f"{where_en} is a concealed kong: nobody fed it",
            field,
        )
    if feeder not in SEATS:
        raise error(
            "E_MELD_FEEDER",
            f"{where}的放杠的人 {seat_word(feeder)} 不是座位（{SEAT_LIST[0]}）",
            f"{where_en}: who fed it, {seat_word_en(feeder)}, is not a seat ({SEAT_LIST[1]})",
            field,
        )
    if feeder == owner:
        raise error(
            "E_MELD_FEEDER",
            f"{where}的放杠的人不能是{seat_word(owner)}自己",
            f"{where_en}: it cannot be fed by its owner, {seat_word_en(owner)}",
            field,
        )


def _check_shape(
    kind: str, faces: tuple[int, ...], where: str, where_en: str, field: str
) -> None:
    if RED in faces:
        raise error(
            "E_MELD_WILD",
            f"{where}里有红中：红中是万能牌，不能碰杠",
            f"{where_en} holds a Red Dragon: the wild is never pung or kong",
            f"{field}.tiles",
        )
    size = 3 if kind == "pung" else 4
    if len(faces) != size or len(set(faces)) != 1:
        shown = tile_words(faces, "zh-hans") if faces else "（没有牌）"
        shown_en = tile_words(faces, "en") if faces else "(no tiles)"
        raise error(
            "E_MELD_SHAPE",
            f"{where}的牌 {shown} 不是 {size} 张相同的牌",
            f"{where_en}: the tiles {shown_en} are not {size} identical tiles",
            f"{field}.tiles",
        )


def check_melds(req: Request) -> None:
    """HZ15 step 3: each winner's melds in order, each through every check; then ``kongs``."""
    for n, w in enumerate(req.winners):
        for i, m in enumerate(w.melds):
            where = f"{seat_word(w.seat)}的第 {i + 1} 副副露"
            where_en = f"{seat_word_en(w.seat)}'s meld {i + 1}"
            field = f"winners[{n}].melds[{i}]"
            if m.kind == "chi":
                raise error(
                    "E_CHI_NOT_ALLOWED",
                    f"{where}是吃：红中麻将不可吃牌",
                    f"{where_en} is a chow: no chow may be claimed in Hongzhong mahjong",
                    f"{field}.kind",
                )
            _check_shape(m.kind, m.faces, where, where_en, field)
            _check_feeder(w.seat, m.kind, m.feeder, where, where_en, field)
    for i, k in enumerate(req.kongs):
        where = f"{seat_word(k.seat)}的杠（没胡的人的第 {i + 1} 个杠）"
        where_en = f"{seat_word_en(k.seat)}'s kong (kong {i + 1} of a player who did not win)"
        if k.faces is not None:
            _check_shape(k.kind, k.faces, where, where_en, f"kongs[{i}]")
        _check_feeder(k.seat, k.kind, k.feeder, where, where_en, f"kongs[{i}]")


def most_birds(rules: Mapping[str, Any], no_red: bool) -> int:
    """HZ8.2: the most birds a winner may enter."""
    mode = rules["bird_rule"]
    if mode == "yi_niao_quan_zhong":
        return 1
    if mode == "mo_ji_jiang_ji":
        return 0
    return rules["bird_count"] + (rules["wu_hong_zhong_extra_birds"] if no_red else 0)


def check_hands(req: Request) -> None:
    """HZ15 steps 4–7: tile count, copies, the winning tile, then the later E_CONTEXT."""
    for i, w in enumerate(req.winners):
        n = len(w.concealed) + 3 * len(w.melds)
        if n != 14:
            raise error(
                "E_TILE_COUNT",
                f"{seat_word(w.seat)}的手牌加副露（每副按 3 张）应是 14 张，收到 {n} 张",
                f"{seat_word_en(w.seat)}'s concealed tiles + 3 × melds must be 14, got {n}",
                f"winners[{i}].concealed",
            )
    reds = req.rules["hong_zhong_count"]
    for i, w in enumerate(req.winners):
        copies = Counter(w.concealed) + Counter(w.birds)
        for m in w.melds:
            copies.update(m.faces)
        for face, count in sorted(copies.items()):
            limit = reds if face == RED else 4
            if count > limit:
                raise error(
                    "E_TOO_MANY_COPIES",
                    f"{seat_word(w.seat)}的手牌、副露和鸟里有 {count} 张"
                    f"{face_name(face, 'zh-hans')}，最多 {limit} 张",
                    f"{seat_word_en(w.seat)}'s hand, melds and birds hold {count} of "
                    f"{face_name(face, 'en')}; at most {limit}",
                    f"winners[{i}]",
                )
    for i, w in enumerate(req.winners):
        if w.win not in w.concealed:
            raise error(
                "E_WIN_TILE",
                f"{seat_word(w.seat)}的和牌张{face_name(w.win, 'zh-hans')}不在手牌中",
                f"{seat_word_en(w.seat)}'s winning tile, {face_name(w.win, 'en')}, is not among "
                "the concealed tiles",
                f"winners[{i}].win_tile",
            )
    for i, w in enumerate(req.winners):
        most = most_birds(req.rules, RED not in w.concealed)
        if len(w.birds) > most:
            raise error(
                "E_CONTEXT",
                f"{seat_word(w.seat)}最多可抓 {most} 只鸟，收到 {len(w.birds)} 只",
                f"{seat_word_en(w.seat)} may count at most {most} birds, got {len(w.birds)}",
                f"winners[{i}].birds",
            )
    if req.discarder is not None and req.winners and req.winners[0].win == RED:
        raise error(
            "E_CONTEXT",
            "打出的红中不能胡（点炮或抢杠胡的和牌张不能是红中）",
            "a thrown Red Dragon cannot be won on (the winning tile of a discard or a robbed "
            "kong cannot be the Red Dragon)",
            "winners.win_tile",
        )
