"""Reading a score request into a checked hand (R5, R11), in the order R11 reports errors."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from itertools import product

import scoring.readers as readers
from scoring.anqing.errors import AnqingError
from scoring.anqing.rules import RULESETS, Rules, make_rules
from scoring.anqing.table import SEAT_LIST, SEATS, previous_seat, seat_word
from scoring.echo import Echo
from scoring.errors import ScoringError
from scoring.tiles import (
    FACES,
    RED,
    bar_faces_of,
    face_name,
    face_of,
    is_suited,
    parse_tiles,
    read_faces,
    stand_in_of,
    suit_of,
    tile_words,
    wild_of,
)

# Money stays exact (Decimal) and in a range a table plays for. The app's sessions, forms and
# docs use these same two numbers (R9).
MAX_SILVER = Decimal(1_000_000)
SILVER_PLACES = 4
SILVER = readers.Silver(MAX_SILVER, SILVER_PLACES, above_zero=True)
# An amount written as text: ASCII digits, an optional sign, point and exponent, as JSON writes a
# number (``readers.AMOUNT_TEXT``).
AMOUNT_TEXT = readers.AMOUNT_TEXT
# R11's words for a field that cannot be read or does not fit.
WORDS = readers.Words(
    error=ScoringError,
    not_object=("請求應是一個 JSON 物件", "the request must be a JSON object"),
    missing=("缺少欄位 {name}", "the field {name} is missing"),
    integer=("{name} 應是整數", "{name} must be a whole number"),
    boolean=("{name} 應是 true 或 false", "{name} must be true or false"),
    not_list=("{name} 應是副露的列表", "{name} must be a list of melds"),
    not_entry=("{name} 應是副露的列表", "{name} must be a list of melds"),
    bounds=("{name} 不能是負數", "{name} cannot be negative"),
    seat_text=(
        "{name} 應是座位（東家、南家、西家、北家）之一",
        "{name} must be one of the seats East, South, West, North",
    ),
    seat=(
        "{name}「{value}」不是座位（東家、南家、西家、北家）",
        "{name} '{value}' is not a seat (East, South, West, North)",
    ),
    silver_type=("基礎銀子應是數字", "Base silver must be a number"),
    silver_text=(
        "基礎銀子「{value}」不是數字（只用 0–9 和小數點）",
        "Base silver '{value}' is not a number (write it with 0-9 and a decimal point)",
    ),
    silver_finite=("基礎銀子應是有限的數字", "Base silver must be a finite number"),
    silver_bounds=(
        "基礎銀子必須大於 0、不超過 {most}，最多 {places} 位小數",
        "Base silver must be above 0 and at most {most}, with at most {places} decimal places",
    ),
)
MELD_KINDS = ("chi", "pung", "kong", "added_kong", "concealed_kong")
FED_KINDS = ("chi", "pung", "kong", "added_kong")  # R5.2: melds that record a feeder
KONG_KINDS = ("kong", "added_kong", "concealed_kong")
MELD_NAMES = {
    "chi": "吃",
    "pung": "碰",
    "kong": "明槓",
    "added_kong": "補槓",
    "concealed_kong": "暗槓",
}
MELD_NAMES_EN = {
    "chi": "chow",
    "pung": "pung",
    "kong": "exposed kong",
    "added_kong": "added kong",
    "concealed_kong": "concealed kong",
}


# What a hand may have that some fan items need at all (``Item.needs``), in the order
# ``Hand.present`` reads them.
FACT_NAMES = ("melds", "bar_tiles", "kongs_before_win", "first_turn", "wilds")
HAND_FACTS = frozenset(FACT_NAMES)


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared meld. ``faces`` are the faces played; ``wild`` marks wild tiles (concealed kong)."""

    owner: str
    index: int
    kind: str
    printed: tuple[int, ...]
    feeder: str | None
    faces: tuple[int, ...] = ()
    wild: tuple[bool, ...] = ()

    @property
    def fed(self) -> bool:
        return self.kind in FED_KINDS

    @property
    def is_kong(self) -> bool:
        return self.kind in KONG_KINDS

    @property
    def face(self) -> int:
        return self.faces[0]

    def label(self) -> tuple[str, str]:
        tiles = f" {tile_words(self.printed)}" if self.printed else ""
        tiles_en = f" {tile_words(self.printed, 'en')}" if self.printed else ""
        return (
            f"{seat_word(self.owner)}第 {self.index + 1} 組副露（{MELD_NAMES[self.kind]}{tiles}）",
            f"{seat_word(self.owner, 'en')}'s meld {self.index + 1} "
            f"({MELD_NAMES_EN[self.kind]}{tiles_en})",
        )


@dataclass(slots=True)
class Hand:
    """A request that passed every check before the search for readings."""

    rules: Rules
    wild: int
    stand_in: int | None
    bar_faces: tuple[int, ...]
    winner: str
    dealer: str
    streak: int
    silver: Decimal
    concealed: tuple[int, ...]  # printed faces, winning tile included
    win_tile: int  # printed face
    melds: tuple[Meld, ...]
    bar_tiles: int
    kongs_before_win: int
    first_turn: bool
    others_melds: dict[str, tuple[Meld, ...]] = field(default_factory=dict)
    # how many of each printed face are concealed (worked out from ``concealed``), a byte each:
    # what a count is asked (a face held five times, a count of 1 or 3) is then looked for at
    # once, and a suit's counts are a small key
    counts: bytearray = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        counts = bytearray(34)
        for printed in self.concealed:
            counts[printed] += 1
        self.counts = counts

    def played(self, printed: int) -> int:
        """R4.3: the stand-in 紅中 plays the 鑽's face; every other natural tile plays itself."""
        return self.wild if printed == RED and self.stand_in is not None else printed

    @property
    def win_is_wild(self) -> bool:
        return self.win_tile == self.wild

    def natural_counts(self) -> bytes:
        """How many natural tiles play each face (R4.3: a stand-in 紅中 counts as the 鑽's face),
        a byte each."""
        counts = self.counts.copy()
        counts[self.wild] = 0
        if self.stand_in is not None:  # then the 鑽 is not a dragon, so not 紅中 itself
            counts[self.wild] = counts[RED]
            counts[RED] = 0
        return bytes(counts)

    def wild_count(self) -> int:
        """The wild tiles concealed: those printed with the 鑽's face (R4.2)."""
        return self.counts[self.wild]

    @property
    def present(self) -> frozenset[str]:
        """Which of ``HAND_FACTS`` this hand has: wild tiles (concealed or in a concealed kong),
        melds, exposed bar tiles, kongs before the win, a first-turn win."""
        wilds = self.wild in self.concealed or any(True in m.wild for m in self.melds)
        return _PRESENT[
            (
                bool(self.melds),
                self.bar_tiles > 0,
                self.kongs_before_win > 0,
                self.first_turn,
                wilds,
            )
        ]


_PRESENT = {
    flags: frozenset(name for name, on in zip(FACT_NAMES, flags, strict=True) if on)
    for flags in product((False, True), repeat=len(FACT_NAMES))
}


def read_hand(request: object, *, with_win_tile: bool = True) -> Hand:
    """Parse and check a request (R11 order), up to but not including the winning-shape search."""
    if with_win_tile and type(request) is dict and request.keys() <= _PLAIN_KEYS:
        hand = _plain_hand(request)
        if hand is not None:
            return hand
    request = readers.request_object(request, WORDS)
    # --- R11 step 1a: fields that cannot be read (E_NOTATION)
    indicator = readers.tiles(request, "indicator", WORDS, face_of, empty=True)
    winner_raw = readers.seat_text(request, "winner", WORDS)
    dealer_raw = readers.seat_text(request, "dealer", WORDS)
    streak = readers.integer(request, "dealer_streak", WORDS)
    silver = readers.silver(request, WORDS, SILVER, null=False)
    concealed = tuple(readers.tiles(request, "concealed", WORDS, parse_tiles, empty=True))
    win_tile = (
        readers.tiles(request, "win_tile", WORDS, face_of, empty=True) if with_win_tile else None
    )
    bar_tiles = readers.integer(request, "bar_tiles", WORDS)
    kongs_before_win = readers.integer(request, "kongs_before_win", WORDS)
    first_turn = readers.boolean(request, "first_turn", WORDS, null=False)
    raw_melds = _meld_list(request.get("melds"), "melds")
    others_raw = _others(request.get("others_melds"))
    # --- step 1b: rules (E_RULES)
    ruleset = request.get("ruleset", "anqing")
    if not isinstance(ruleset, str):
        raise AnqingError(
            "E_RULES",
            "規則應是不打缺（anqing）或打缺（anqing-daque）",
            "the rule set must be anqing or anqing-daque, written as text",
            "ruleset",
        )
    rules = make_rules(ruleset, request.get("rules"))
    # --- step 1c: seats and counts (E_CONTEXT)
    winner = _seat(winner_raw, ("和牌的人", "the winner"), "winner")
    dealer = _seat(dealer_raw, ("莊家", "the dealer"), "dealer")
    _not_negative(streak, ("連莊次數", "the dealer's streak"), "dealer_streak")
    _not_negative(bar_tiles, ("亮出的槓牌張數", "the bar tiles shown"), "bar_tiles")
    _not_negative(kongs_before_win, ("和牌前槓的次數", "the kongs before the win"), "kongs_before_win")
    readers.silver_in_bounds(silver, WORDS, SILVER, name=("基礎銀子", "the base silver"))
    for seat in others_raw:
        if seat not in SEATS or seat == winner:
            raise AnqingError(
                "E_CONTEXT",
                f"別家的副露記在{seat_word(seat)}名下：應是和牌的人以外的座位"
                f"（{SEAT_LIST[0]}）",
                f"other players' melds are given for {seat_word(seat, 'en')}: that must be a "
                f"seat other than the winner ({SEAT_LIST[1]})",
                f"others_melds.{seat}",
            )
    for seat, metas in (
        [(winner, raw_melds), *others_raw.items()] if others_raw else [(winner, raw_melds)]
    ):
        if len(metas) > 4:
            raise AnqingError(
                "E_CONTEXT",
                f"{seat_word(seat)}的副露超過四組",
                f"{seat_word(seat, 'en')} has more than four melds",
                "melds" if seat == winner else f"others_melds.{seat}",
            )

    wild, stand_in, bar_faces = _specials(indicator)
    hand = Hand(
        rules=rules,
        wild=wild,
        stand_in=stand_in,
        bar_faces=bar_faces,
        winner=winner,
        dealer=dealer,
        streak=streak,
        silver=silver,
        concealed=concealed,
        win_tile=win_tile if win_tile is not None else -1,
        melds=(),
        bar_tiles=bar_tiles,
        kongs_before_win=kongs_before_win,
        first_turn=first_turn,
    )
    # --- step 2: the winner's melds in order, then the others' (R5)
    if raw_melds:
        hand.melds = tuple(_checked_meld(hand, winner, i, m) for i, m in enumerate(raw_melds))
    if others_raw:
        hand.others_melds = {
            seat: tuple(_checked_meld(hand, seat, i, m) for i, m in enumerate(others_raw[seat]))
            for seat in SEATS
            if seat in others_raw
        }
    # --- step 3: counts (R5.5, R11)
    size = len(concealed) + 3 * len(hand.melds) + (0 if with_win_tile else 1)
    if size != 14:
        have = len(concealed) + 3 * len(hand.melds)
        want = 14 if with_win_tile else 13
        raise ScoringError(
            "E_TILE_COUNT",
            f"手牌 {len(concealed)} 張 + 3 × {len(hand.melds)} 組副露 = {have}，應為 {want}",
            f"{len(concealed)} concealed {'tile' if len(concealed) == 1 else 'tiles'} + 3 × "
            f"{len(hand.melds)} {'meld' if len(hand.melds) == 1 else 'melds'} = {have}, "
            f"not {want}",
        )
    check_copies(hand)
    if with_win_tile and win_tile not in concealed:
        raise ScoringError(
            "E_WIN_TILE",
            f"和牌張 {face_name(win_tile)} 不在手牌中",
            f"the winning tile {face_name(win_tile, 'en')} is not among the concealed tiles",
        )
    # --- step 4: the remaining context checks
    if first_turn and any(m.fed for m in hand.melds):
        raise AnqingError(
            "E_CONTEXT",
            "天胡/地胡（第一手就和）時不能有吃、碰或明槓",
            "a first-turn win (heavenly or earthly hand) cannot come with chows, pungs or "
            "exposed kongs",
            "first_turn",
        )
    kongs = sum(1 for m in hand.melds if m.is_kong) + bar_tiles if kongs_before_win else 0
    if kongs_before_win > kongs:
        raise AnqingError(
            "E_CONTEXT",
            f"說和牌前槓了 {Echo(kongs_before_win)} 次，但只有 {Echo(kongs)} 次槓或亮槓牌",
            f"the win is given as after {Echo(kongs_before_win)} "
            f"{'kong' if kongs_before_win == 1 else 'kongs'}, but the winner made only "
            f"{Echo(kongs)} "
            f"{'kong or bar tile' if kongs == 1 else 'kongs or bar tiles'}",
            "kongs_before_win",
        )
    return hand


def _seat(value: str, name: tuple[str, str], field: str) -> str:
    """E_CONTEXT unless ``value`` is a seat (R2.1), naming the field in words and in ``field``."""
    if value in SEATS:
        return value
    raise AnqingError(
        "E_CONTEXT",
        f"{name[0]}「{value}」不是座位（{SEAT_LIST[0]}）",
        f"{name[1]} '{value}' is not a seat ({SEAT_LIST[1]})",
        field,
    )


def _not_negative(value: int, name: tuple[str, str], field: str) -> None:
    if value < 0:
        raise AnqingError(
            "E_CONTEXT", f"{name[0]}不能是負數", f"{name[1]} cannot be negative", field
        )


# The fields of the common request (a concealed hand, every other field at its default), which
# ``_plain_hand`` reads without the general readers.
_PLAIN_KEYS = frozenset(("ruleset", "indicator", "winner", "dealer", "concealed", "win_tile"))
_FACE_BY_CODE = {tile_code: face for face, tile_code in enumerate(FACES)}
_BASE_SILVER = readers.silver({}, WORDS, SILVER, null=False)  # base_silver's default


def _plain_hand(request: dict) -> Hand | None:
    """``read_hand`` of a request with only ``_PLAIN_KEYS``, each a plain string, and no melds:
    the same hand, or None where any check would fail (``read_hand`` then reads it the long way
    and reports the first fault in R11 order)."""
    get = request.get
    text = get("concealed")
    try:
        # a key of strings that are not a ruleset, a tile or a seat is not in the table, and
        # one of a list or an object cannot be a key at all
        rules, wild, stand_in, bar_faces, winner, dealer = _PLAIN_CONTEXTS[
            get("ruleset", "anqing"), get("indicator"), get("winner"), get("dealer")
        ]
        win_tile = _FACE_BY_CODE[get("win_tile")]
    except (KeyError, TypeError):
        return None
    if type(text) is not str:
        return None
    concealed = read_faces(text)  # None where parse_tiles would refuse it
    if concealed is None or len(concealed) != 14 or win_tile not in concealed:
        return None
    # Hand's fields in order (positional: about half the work of naming fourteen): the rules,
    # the specials, the seats, streak 0, base silver's default, the tiles, no melds, no bar
    # tiles, no kongs before the win, not a first turn.
    hand = Hand(
        rules, wild, stand_in, bar_faces, winner, dealer, 0, _BASE_SILVER,
        concealed, win_tile, (), 0, 0, False,
    )  # fmt: skip
    # check_copies, for a hand without melds or exposed bar tiles: no face more than four times
    # (then the two bar faces are at most eight tiles, R4.4)
    return None if too_many_copies(hand.counts) else hand


@lru_cache(maxsize=34)
def _specials(indicator: int) -> tuple[int, int | None, tuple[int, ...]]:
    """R4: the 鑽, its stand-in and the bar faces for an indicator."""
    wild = wild_of(indicator)
    return wild, stand_in_of(wild), bar_faces_of(wild)


# What a plain request's ruleset, indicator, winner and dealer read as, for every four of them
# that pass (2 × 34 × 4 × 4): the rules, R4's specials and the seats.
_PLAIN_CONTEXTS = {
    (ruleset, FACES[indicator], winner, dealer): (
        make_rules(ruleset),
        *_specials(indicator),
        winner,
        dealer,
    )
    for ruleset in RULESETS
    for indicator in range(len(FACES))
    for winner in SEATS
    for dealer in SEATS
}


def _meld_list(value: object, name: str) -> list[dict]:
    melds = readers.entries(value, name, WORDS)
    for i, meld in enumerate(melds):
        kind = meld.get("kind")
        if kind not in MELD_KINDS:
            raise ScoringError(
                "E_NOTATION",
                f"{name} 第 {i + 1} 組的 kind「{kind}」應是 chi pung kong added_kong concealed_kong 之一",
                f"{name}[{i}] kind '{kind}' must be one of chi pung kong added_kong concealed_kong",
            )
        if "tiles" in meld and meld["tiles"] not in (None, ""):
            parse_tiles(meld["tiles"], f"{name}[{i}].tiles")
        feeder = meld.get("from")
        if feeder is not None and not isinstance(feeder, str):
            raise ScoringError(
                "E_NOTATION",
                f"{name} 第 {i + 1} 組的 from 應是座位",
                f"{name}[{i}].from must be a seat",
            )
    return list(melds)


def _others(value: object) -> dict[str, list[dict]]:
    """others_melds: an object keyed by seat, each a list of melds (E_NOTATION); which keys are
    seats is E_CONTEXT, later."""
    if not value:
        return {}
    if type(value) is not dict and not isinstance(value, Mapping):
        raise ScoringError(
            "E_NOTATION",
            "others_melds 應是以座位為鍵的物件",
            "others_melds must be an object keyed by seat",
        )
    return {str(k): _meld_list(v, f"others_melds.{k}") for k, v in value.items()}


def _checked_meld(hand: Hand, owner: str, index: int, raw: Mapping) -> Meld:
    """R5 per meld, in R11's order: chow allowed, bar tile, wild, shape, feeder."""
    kind = raw["kind"]
    tiles = raw.get("tiles")
    printed = tuple(parse_tiles(tiles, "tiles")) if tiles not in (None, "") else ()
    meld = Meld(owner, index, kind, printed, raw.get("from"))
    where, where_en = meld.label()
    rules = hand.rules
    if kind == "chi" and rules.daque:
        raise ScoringError(
            "E_CHI_NOT_ALLOWED",
            f"{where}：打缺不能吃牌（R3）",
            f"{where_en}: no chows under anqing-daque (R3)",
        )
    if not rules.daque and any(t in hand.bar_faces for t in printed):
        bar = next(t for t in printed if t in hand.bar_faces)
        raise ScoringError(
            "E_BAR_TILE",
            f"{where}：槓牌 {face_name(bar)} 只能亮出補牌，不能組成副露（R4.4）",
            f"{where_en}: the bar tile {face_name(bar, 'en')} is exposed on its own and cannot "
            "sit in a meld (R4.4)",
        )
    if kind != "concealed_kong" and hand.wild in printed:
        raise ScoringError(
            "E_MELD_WILD",
            f"{where}：鑽牌 {face_name(hand.wild)} 不能吃、碰或明槓（R4.2）",
            f"{where_en}: the wild {face_name(hand.wild, 'en')} cannot sit in a chow, pung or "
            "exposed kong (R4.2)",
        )
    if printed or owner == hand.winner:
        meld = _shaped(hand, meld, where, where_en)
    feeder = meld.feeder
    if kind == "concealed_kong":
        if feeder is not None:
            raise AnqingError(
                "E_MELD_FEEDER",
                f"{where}：暗槓沒有餵牌的人",
                f"{where_en}: a concealed kong has no feeder",
                _meld_field(hand, owner, index),
            )
    elif feeder is None or feeder not in SEATS or feeder == owner:
        given = "沒填" if not feeder else f"不能是{seat_word(feeder)}"
        given_en = "none was given" if not feeder else f"not {seat_word(feeder, 'en')}"
        raise AnqingError(
            "E_MELD_FEEDER",
            f"{where}：餵牌的人應是另一位玩家（{SEAT_LIST[0]}），{given}",
            f"{where_en}: who fed it must be another player ({SEAT_LIST[1]}); {given_en}",
            _meld_field(hand, owner, index),
        )
    elif kind == "chi" and feeder != previous_seat(owner):
        raise AnqingError(
            "E_MELD_FEEDER",
            f"{where}：只能吃上家{seat_word(previous_seat(owner))}的牌，不能吃"
            f"{seat_word(feeder)}的（R5.2）",
            f"{where_en}: a chow comes only from the previous player, "
            f"{seat_word(previous_seat(owner), 'en')}, not {seat_word(feeder, 'en')} (R5.2)",
            _meld_field(hand, owner, index),
        )
    return meld


def _meld_field(hand: Hand, owner: str, index: int) -> str:
    """Where a meld's ``from`` is in the request."""
    where = "melds" if owner == hand.winner else f"others_melds.{owner}"
    return f"{where}[{index}].from"


def _shaped(hand: Hand, meld: Meld, where: str, where_en: str) -> Meld:
    kind, printed = meld.kind, meld.printed
    size = 3 if kind in ("chi", "pung") else 4
    wild = (
        tuple(t == hand.wild for t in printed)
        if kind == "concealed_kong"
        else (False,) * len(printed)
    )
    naturals = sorted(hand.played(t) for t, w in zip(printed, wild, strict=True) if not w)
    ok = len(printed) == size
    if ok and kind == "chi":
        ok = (
            all(is_suited(f) for f in naturals)
            and len({suit_of(f) for f in naturals}) == 1
            and naturals == list(range(naturals[0], naturals[0] + 3))
        )
    elif ok:
        ok = len(set(naturals)) <= 1
    if not ok:
        shape = {
            "chi": "三張同花色的順子",
            "pung": "三張相同的牌",
            "kong": "四張相同的牌",
            "added_kong": "四張相同的牌",
            "concealed_kong": "四張相同的牌（鑽可代替）",
        }[kind]
        shape_en = {
            "chi": "a run of three in one suit",
            "pung": "three identical tiles",
            "kong": "four identical tiles",
            "added_kong": "four identical tiles",
            "concealed_kong": "four identical tiles (wilds may stand in)",
        }[kind]
        raise ScoringError(
            "E_MELD_SHAPE", f"{where}：應是{shape}", f"{where_en}: must be {shape_en}"
        )
    if kind == "chi":
        order = sorted(range(3), key=lambda i: hand.played(printed[i]))
        printed = tuple(printed[i] for i in order)
        faces = tuple(naturals)
    else:
        face = naturals[0] if naturals else hand.wild  # R5.4: four wilds are a kong of the 鑽 face
        faces = (face,) * size
    if kind == "concealed_kong":
        order = sorted(range(4), key=lambda i: wild[i])
        printed = tuple(printed[i] for i in order)
        wild = tuple(wild[i] for i in order)
    return Meld(meld.owner, meld.index, kind, printed, meld.feeder, faces, wild)


def check_copies(hand: Hand) -> None:
    """R11 E_TOO_MANY_COPIES: five of a printed face, or more than eight bar tiles (a kong's
    four tiles are all written in its meld, R5.5)."""
    counts = hand.counts
    if hand.melds:
        counts = counts.copy()
        for meld in hand.melds:
            for face in meld.printed:
                counts[face] += 1
    if too_many_copies(counts):
        face = next(f for f, n in enumerate(counts) if n > 4)
        n = counts[face]
        raise ScoringError(
            "E_TOO_MANY_COPIES",
            f"{face_name(face)} 有 {n} 張，每種牌只有 4 張",
            f"{n} copies of {face_name(face, 'en')}; there are only four of each tile",
        )
    bars = hand.bar_tiles + sum(counts[f] for f in hand.bar_faces)
    if bars > 8:
        raise ScoringError(
            "E_TOO_MANY_COPIES",
            f"槓牌共 {Echo(bars)} 張（亮出 {Echo(hand.bar_tiles)}），但只有 8 張",
            f"{Echo(bars)} bar tiles ({Echo(hand.bar_tiles)} exposed) but there are only eight",
        )


def too_many_copies(counts: bytearray) -> bool:
    """R11 E_TOO_MANY_COPIES: a face counted more than four times (a count a byte each: what is
    left when the counts 0-4 are taken out)."""
    return bool(counts.translate(None, _AT_MOST_FOUR))


_AT_MOST_FOUR = bytes(range(5))
