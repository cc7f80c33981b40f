"""紅中's items (HZ7) and labels, one small unit each, listed in one registry (``ITEMS``).

Each unit has its code, its name, the rule id, the seed's words (``quote``, which may depend on
how the hand was won) and its reason (``why``: one line in Chinese, 简体 as the seed, and
English). Which items a reading meets and their points are ``hand.py``'s (HZ7.1); a unit says
why its item applies, beside its rule. ``LABELS`` names the labels, which score nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.hongzhong.request import Request, Winner, seat_word, seat_word_en

Words = tuple[str, str]
_WIN_QUOTE = "放胡1分由放胡者承担，自摸2分三家承担"
_PLUS_ONE = "七对、碰碰胡、清一色+1分"


class Item:
    """One item of HZ7: ``code``, ``name``, ``rule``, ``quote`` and ``why``."""

    code = ""
    name = ""
    name_en = ""
    rule = ""
    quote = ""

    def quote_for(self, self_draw: bool) -> str:
        """The seed's words for this item in a self-drawn or a discard win."""
        return self.quote

    def why(self, w: Winner, req: Request) -> Words:
        raise NotImplementedError


ITEMS: dict[str, Item] = {}


def register(cls: type[Item]) -> type[Item]:
    assert cls.code not in ITEMS, cls.code
    ITEMS[cls.code] = cls()
    return cls


@register
class ZiMo(Item):
    code, name, rule, quote = "ZI_MO", "自摸", "HZ7.3", _WIN_QUOTE
    name_en = "Self-draw"

    def why(self, w: Winner, req: Request) -> Words:
        if req.robbed_kong:
            return (
                f"{seat_word(w.seat)}抢{seat_word(req.discarder)}的杠胡牌，本桌家规按自摸计",
                f"{seat_word_en(w.seat)} robbed {seat_word_en(req.discarder)}'s kong, which the "
                "house scores as a self-draw",
            )
        return f"{seat_word(w.seat)}自己摸到和牌张", f"{seat_word_en(w.seat)} drew the winning tile"


@register
class ZhuaPao(Item):
    code, name, rule, quote = "ZHUA_PAO", "抓炮（接炮）", "HZ7.3", _WIN_QUOTE
    name_en = "Won on a discard"

    def why(self, w: Winner, req: Request) -> Words:
        if req.robbed_kong:
            return (
                f"{seat_word(w.seat)}抢{seat_word(req.discarder)}的杠胡牌，算点炮",
                f"{seat_word_en(w.seat)} robbed {seat_word_en(req.discarder)}'s kong, scored as "
                "a discard",
            )
        return (
            f"{seat_word(w.seat)}胡{seat_word(req.discarder)}打出的牌",
            f"{seat_word_en(w.seat)} won on {seat_word_en(req.discarder)}'s discard",
        )


@register
class QiDui(Item):
    code, name, rule, quote = "QI_DUI", "七對", "HZ6.2", _PLUS_ONE
    name_en = "Seven pairs"

    def why(self, w: Winner, req: Request) -> Words:
        return "手牌是七个对子", "the hand is seven pairs"


@register
class PengPengHu(Item):
    code, name, rule, quote = "PENG_PENG_HU", "碰碰胡", "HZ7.1", _PLUS_ONE
    name_en = "All pungs"

    def why(self, w: Winner, req: Request) -> Words:
        return "四副都是刻子或杠，加一对将", "every set is a pung or a kong, plus the pair"


@register
class QingYiSe(Item):
    code, name, rule, quote = "QING_YI_SE", "清一色", "HZ7.1", _PLUS_ONE
    name_en = "One suit"

    def why(self, w: Winner, req: Request) -> Words:
        return (
            "所有牌（红中按所当之牌计）都是一种花色",
            "every tile (each Red Dragon as the face it plays) is of one suit",
        )


@register
class WuHongZhong(Item):
    code, name, rule, quote = "WU_HONG_ZHONG", "無紅中", "HZ4.4", "无红中自摸+1分"
    name_en = "No Red Dragon"

    def quote_for(self, self_draw: bool) -> str:
        return self.quote if self_draw else "无红中接炮+1分"

    def why(self, w: Winner, req: Request) -> Words:
        doubled = "，得分翻倍" if req.rules["wu_hong_zhong_double"] else ""
        doubled_en = "; the hand points are doubled" if req.rules["wu_hong_zhong_double"] else ""
        return (
            f"{seat_word(w.seat)}的手牌里没有红中{doubled}",
            f"{seat_word_en(w.seat)} holds no Red Dragon among its concealed tiles{doubled_en}",
        )


@dataclass(frozen=True, slots=True)
class Label:
    """A name a reading carries that scores nothing (HZ7.1)."""

    code: str
    name: str
    name_en: str


LABELS: dict[str, Label] = {
    label.code: label for label in (Label("PING_HU", "平胡", "Plain hand"),
        Label("QIANG_GANG_HU", "搶槓胡", "Robbing a kong"),)
}
# Every item's and label's name (as the engine's results give them).
NAMES = {**{c: i.name for c, i in ITEMS.items()}, **{c: label.name for c, label in LABELS.items()}}
