"""推倒胡's engine: a request read and checked in T10's order, the best reading (T3, T5), the
points (T6) and the payments (T7). The rule book is the package's docstring."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from typing import Any

from scoring import readers
from scoring.amounts import amount_of
from scoring.base import SEATS
from scoring.errors import ScoringError
from scoring.tiles import face_of, format_tiles, parse_tiles, tile_words
from scoring.wilds import natural_splits
from tests.fourth_game.tuidao.rules import CODE, make_rules

WORDS = readers.Words(error=ScoringError)
SILVER = readers.Silver(most=Decimal(1_000_000), places=4, above_zero=True)
CLAIMED = ("chi", "pung", "kong", "added_kong")
MELD_KINDS = (*CLAIMED, "concealed_kong")
# What each fan item is, in the rule book's words (T5): code → (rule, fan, zh-hant, zh-hans, en).
ITEMS: dict[str, tuple[str, int, str, str, str]] = {
    "PING_HU": ("T5.1", 1, "平胡", "平胡", "Ping Hu (all chows)"),
    "PENG_PENG_HU": ("T5.2", 2, "碰碰胡", "碰碰胡", "All Pungs"),
    "QING_YI_SE": ("T5.3", 3, "清一色", "清一色", "Full Flush"),
    "MEN_QING": ("T5.4", 1, "門清", "门清", "Concealed Hand"),
    "ZI_MO": ("T5.5", 1, "自摸", "自摸", "Self-Drawn"),
}
WHY = {
    "PING_HU": ("四組都是順子", "every set is a chow"),
    "PENG_PENG_HU": ("四組都是刻子或槓", "every set is a pung or a kong"),
    "QING_YI_SE": ("全是{suit}，沒有字牌", "every tile is {suit_en}, no honors"),
    "MEN_QING": ("沒有吃、碰、明槓別人的牌", "no set was claimed from another player"),
    "ZI_MO": ("胡的那張是自己摸的", "the winning tile was self-drawn"),
}
SUIT_WORDS = (("萬", "Characters"), ("筒", "Dots"), ("條", "Bamboo"))
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def fail(code: str, zh: str, en: str) -> ScoringError:
    return ScoringError(code, zh, en)


class Request:
    """A request read and checked (T10's order)."""

    def __init__(self, request: object) -> None:
        request = readers.request_object(request, WORDS)
        # E_NOTATION: every field that cannot be read.
        self.concealed = parse_tiles(readers.required(request, "concealed", WORDS), "concealed")
        self.win_tile_text = readers.required(request, "win_tile", WORDS, empty=True)
        self.win_tile = face_of(self.win_tile_text, "win_tile")
        melds = readers.entries(request.get("melds") or [], "melds", WORDS)
        self.melds: list[tuple[str, list[int], str]] = []
        for number, meld in enumerate(melds, start=1):
            meld = readers.entry(meld, "melds", number, WORDS)
            kind = meld.get("kind")
            if kind not in MELD_KINDS:
                raise fail(
                    "E_NOTATION",
                    f"第 {number} 副的種類「{kind}」不是吃、碰、明槓、補槓或暗槓",
                    f"set {number}: '{kind}' is not a chow, pung, kong, added kong or "
                    "concealed kong",
                )
            self.melds.append((kind, parse_tiles(meld.get("tiles"), "melds"), meld.get("from")))
        self.winner_text = readers.seat_text(request, "winner", WORDS)
        discarder = request.get("discarder") or ""
        if not isinstance(discarder, str):
            raise WORDS.fail("E_NOTATION", WORDS.seat_text, name="discarder")
        silver = readers.silver(request, WORDS, SILVER)
        # E_RULES
        self.rules = make_rules(request.get("ruleset") or CODE, request.get("rules"))
        # E_CONTEXT
        count = request.get("player_count", 4)
        if count not in (2, 3, 4) or isinstance(count, bool):
            raise fail(
                "E_CONTEXT",
                f"這個遊戲兩到四個人玩（T2.1），收到 {count!r} 人",
                f"two to four players play this game (T2.1), got {count!r}",
            )
        self.seats = SEATS[:count]
        self.winner = readers.seat(self.winner_text, "winner", WORDS, self.seats)
        self.discarder = (
            readers.seat(discarder, "discarder", WORDS, self.seats) if discarder else ""
        )
        self.silver = readers.silver_in_bounds(silver, WORDS, SILVER)
        # E_DISCARDER (T4.2)
        if self.discarder == self.winner:
            raise fail(
                "E_DISCARDER",
                "胡牌的人不能也是放炮的人（T4.2）",
                "the winner cannot also be the one who discarded the winning tile (T4.2)",
            )
        self.check_melds()
        self.check_tiles()

    def check_melds(self) -> None:
        for number, (kind, faces, _feeder) in enumerate(self.melds, start=1):
            ordered = sorted(faces)
            if kind == "chi":
                fits = (
                    len(faces) == 3
                    and ordered[0] < 27
                    and ordered[0] // 9 == ordered[2] // 9
                    and ordered == [ordered[0], ordered[0] + 1, ordered[0] + 2]
                )
            else:
                size = 3 if kind == "pung" else 4
                fits = len(faces) == size and len(set(faces)) == 1
            if not fits:
                raise fail(
                    "E_MELD_SHAPE",
                    f"第 {number} 副（{tile_words(faces)}）不成它說的樣子（T3）",
                    f"set {number} ({tile_words(faces, 'en')}) is not the set it says it is (T3)",
                )
        for number, (kind, _faces, feeder) in enumerate(self.melds, start=1):
            if kind in CLAIMED and (feeder not in self.seats or feeder == self.winner):
                raise fail(
                    "E_MELD_FEEDER",
                    f"第 {number} 副是吃碰來的，要說是桌上另一家打的（T3）",
                    f"set {number} was claimed: say which other player at the table fed it (T3)",
                )

    def check_tiles(self) -> None:
        if len(self.concealed) + 3 * len(self.melds) != 14:
            raise fail(
                "E_TILE_COUNT",
                f"手裡的牌加上副露應是十四張（槓算三張，T3），共有 "
                f"{len(self.concealed) + 3 * len(self.melds)} 張",
                f"the hand and its sets must come to 14 tiles (a kong counts as 3, T3), got "
                f"{len(self.concealed) + 3 * len(self.melds)}",
            )
        every = Counter(self.concealed)
        for _kind, faces, _feeder in self.melds:
            every.update(faces)
        over = sorted(face for face, n in every.items() if n > 4)
        if over:
            raise fail(
                "E_TOO_MANY_COPIES",
                f"{tile_words(over)} 超過四張（T1）",
                f"more than four of {tile_words(over, 'en')} (T1)",
            )
        if self.win_tile not in self.concealed:
            raise fail(
                "E_WIN_TILE",
                f"胡的那張 {tile_words([self.win_tile])} 不在手裡的牌中",
                f"the winning tile {tile_words([self.win_tile], 'en')} is not among the hand's tiles",
            )


def readings(req: Request) -> list[list[tuple[str, tuple[int, ...], bool]]]:
    """Every way the hand makes four sets and a pair (T3): (kind, faces, claimed) per set."""
    counts = [0] * 34
    for face in req.concealed:
        counts[face] += 1
    melded = [
        (
            "chow" if kind == "chi" else "pung" if kind == "pung" else "kong",
            tuple(faces),
            kind in CLAIMED,
        )
        for kind, faces, _feeder in req.melds
    ]
    out = []
    for split in natural_splits(tuple(counts), 4 - len(req.melds), 1):
        out.append(melded + [(kind, faces, False) for kind, faces, _wilds in split])
    return out


def items_of(req: Request, sets: list[tuple[str, tuple[int, ...], bool]]) -> list[str]:
    """The fan items one reading has (T5)."""
    groups = [s for s in sets if s[0] != "pair"]
    tiles = [face for s in sets for face in s[1]]
    codes = []
    if all(kind == "chow" for kind, _f, _c in groups):
        codes.append("PING_HU")
    if all(kind in ("pung", "kong") for kind, _f, _c in groups):
        codes.append("PENG_PENG_HU")
    if all(face < 27 for face in tiles) and len({face // 9 for face in tiles}) == 1:
        codes.append("QING_YI_SE")
    if not any(claimed for _k, _f, claimed in sets):
        codes.append("MEN_QING")
    if not req.discarder:
        codes.append("ZI_MO")
    return codes


def item(code: str, tiles: list[int]) -> dict[str, Any]:
    rule, fan, hant, _hans, en = ITEMS[code]
    why, why_en = WHY[code]
    if code == "QING_YI_SE":
        suit, suit_en = SUIT_WORDS[tiles[0] // 9]
        why, why_en = why.format(suit=suit), why_en.format(suit_en=suit_en)
    return {
        "code": code,
        "name": hant,
        "name_en": en,
        "value": fan,
        "rule": rule,
        "quote": "",
        "why": f"{why}：{fan} 番（{rule}）",
        "why_en": f"{why_en}: {fan} fan ({rule})",
    }


def score(request: object) -> dict:
    """Score a finished hand (T3–T7), or answer why it is refused (T10); never raises."""
    try:
        req = Request(request)
        found = readings(req)
        if not found:
            raise fail(
                "E_NOT_WINNING",
                "這手牌湊不成四組加一對（T3）",
                "these tiles do not make four sets and a pair (T3)",
            )
    except ScoringError as error:
        return error.as_dict()
    best = max(found, key=lambda sets: sum(ITEMS[c][1] for c in items_of(req, sets)))
    codes = items_of(req, best)
    tiles = [face for s in best for face in s[1]]
    items = [item(code, tiles) for code in codes]
    counted = sum(i["value"] for i in items)
    fan = min(counted, req.rules["max_fan"])
    points = req.rules["base_points"] * 2**fan
    payers = [s for s in req.seats if s != req.winner] if not req.discarder else [req.discarder]
    payments = [
        {"from": seat, "to": req.winner, "amount": amount_of(points, req.silver), "points": points}
        for seat in payers
    ]
    # The set holding the winning tile: one of the hand's own (it is among the standing tiles).
    won = next(
        i for i, (_k, faces, _c) in enumerate(best) if i >= len(req.melds) and req.win_tile in faces
    )
    base = req.rules["base_points"]
    each = amount_of(points, req.silver)
    capped_zh = f"（算 {counted} 番，最多 {fan} 番）" if counted > fan else ""
    capped_en = f" (of {counted} counted, at most {fan})" if counted > fan else ""
    if req.discarder:
        pays_zh, pays_en = f"放炮的人付 {each}（T7.2）", f"the discarder pays {each} (T7.2)"
    else:
        pays_zh = f"其他每家付 {each}（T7.1）"
        pays_en = f"every other player pays {each} (T7.1)"
    silver = amount_of(1, req.silver)
    power = f"2{str(fan).translate(SUPERSCRIPT)}"
    # The sets as the why page draws them: the melds with their kind and who fed them.
    for i, (kind, _faces, feeder) in enumerate(req.melds):
        meld = {"melded": True, "kind": kind}
        if kind in CLAIMED:
            meld["from"] = feeder
        best[i] = (best[i][0], best[i][1], best[i][2], meld)
    return {
        "items": items,
        "hand_fan": fan,
        "fan_counted": counted,
        "points": points,
        "why": (
            f"{fan} 番{capped_zh} → {base} × {power} = {points} 分（T6）；"
            f"{points} 分，每分 {silver}，{pays_zh}"
        ),
        "why_en": (
            f"{fan} fan{capped_en} → {base} × {power} = {points} points (T6); "
            f"{points} points × base silver {silver}: {pays_en}"
        ),
        "self_drawn": not req.discarder,
        "reading": [
            {
                "set": group[0],
                "tiles": format_tiles(group[1]),
                "melded": False,
                "win": i == won,
                **(group[3] if len(group) > 3 else {}),
            }
            for i, group in enumerate(best)
        ],
        "payments": payments,
        "total": amount_of(points * len(payers), req.silver),
        "base_silver": str(req.silver),
        "rule": "T6 T7.1" if not req.discarder else "T6 T7.2",
    }


def next_dealer(dealer: str, streak: int, winner: str | None, players: int) -> tuple[str, int]:
    """T2.2: the dealer keeps the deal on their own win and on a draw; else the next seat."""
    if winner is None or winner == dealer:
        return dealer, streak + 1
    seats = SEATS[:players]
    return seats[(seats.index(dealer) + 1) % len(seats)], 0
