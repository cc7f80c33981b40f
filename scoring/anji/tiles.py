"""Anji's tiles (AJ1): the shared faces 0–33 plus the eight flowers, and the 财神 (AJ4.1).

The flowers and their notation are the shared ones (``scoring.tiles``: ``FLOWERS``,
``parse_flowers``); Anji reads them where its requests may hold them (``flowers`` and the
indicator), while ``scoring.tiles.parse_tiles`` keeps refusing ``f`` as Anqing always has.
"""

from __future__ import annotations

import re

from scoring.anji.errors import AnjiError
from scoring.errors import ScoringError
from scoring.tiles import EAST, FLOWER_TOKEN, FLOWERS, RED, WHITE, face_name, face_of, parse_tiles
from scoring.tiles import flower_name as shared_flower_name
from scoring.tiles import parse_flowers as shared_parse_flowers

FLOWER_BASE = 34  # internal: flower n (1f–8f) is FLOWER_BASE + n − 1, only ever the indicator
FLOWER_CODES = FLOWERS
THIRTEEN = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)  # 1m 9m 1p 9p 1s 9s 1z–7z
LONGEST = 64
_FLOWER_TOKEN = FLOWER_TOKEN
_ANY_FLOWER = re.compile(r"[0-9]+f")


def _retyped(error: ScoringError) -> AnjiError:
    return AnjiError(error.code, error.message, error.message_en)


def flower_name(index: int, lang: str = "zh-hans") -> str:
    """``flower_name(0)`` → 春 (index 0–7 is 1f–8f)."""
    return shared_flower_name(index, lang if lang in ("zh-hant", "en") else "zh-hans")


def parse_tiles_no_flowers(text: object, field: str) -> list[int]:
    """The shared notation (AJ1.2); a flower here is E_NOTATION naming the field (AJ1.3)."""
    if isinstance(text, str) and len(text) <= LONGEST:
        flower = _ANY_FLOWER.search("".join(text.split()))
        if flower:
            raise AnjiError(
                "E_NOTATION",
                f"{field} 中的「{flower.group(0)}」是花牌：花牌只能写在 flowers 里（AJ1.3）",
                f"'{flower.group(0)}' in {field} is a flower: flowers are written only in "
                "flowers (AJ1.3)",
            )
    try:
        return parse_tiles(text, field)
    except ScoringError as error:
        raise _retyped(error) from None


def parse_flowers(text: object, field: str = "flowers") -> list[int]:
    """The winner's flowers (AJ1.3) as indexes 0–7 (1f–8f), in the order written.

    >>> parse_flowers("1f 38f")
    [0, 2, 7]
    >>> parse_flowers("5m")
    Traceback (most recent call last):
    ...
    scoring.anji.errors.AnjiError: E_NOTATION: flowers holds only flowers 1f–8f, got '5m'
    """
    try:
        return shared_parse_flowers(text, field)
    except ScoringError as error:
        raise _retyped(error) from None


def parse_indicator(text: object, field: str = "indicator") -> int:
    """The turned tile (AJ4.1): one tile of the shared notation or one flower (FLOWER_BASE + i)."""
    if isinstance(text, str) and len(text) <= LONGEST:
        compact = "".join(text.split())
        if _FLOWER_TOKEN.fullmatch(compact) and len(compact) == 2:
            return FLOWER_BASE + int(compact[0]) - 1
        if _FLOWER_TOKEN.fullmatch(compact):
            raise AnjiError(
                "E_NOTATION",
                f"{field}「{text}」应是一张牌，例如 7m 或 1f",
                f"{field} '{text}' must be a single tile such as 7m or 1f",
            )
    return one_tile(text, field)


def one_tile(text: object, field: str) -> int:
    parse_tiles_no_flowers(text, field)  # a flower is named as one (AJ1.3)
    try:
        return face_of(text, field)  # type: ignore[arg-type]
    except ScoringError as error:
        raise _retyped(error) from None


def wild_of(indicator: int, honor_cycle: str = "seven") -> int:
    """AJ4.1: the 财神 face turned up by ``indicator``.

    >>> from scoring.tiles import code
    >>> [code(wild_of(i)) for i in (2 + 9, 8, 30, 33, FLOWER_BASE + 2)]
    ['4p', '1m', '5z', '1z', '1z']
    >>> code(wild_of(30, "winds4_dragons3")), code(wild_of(33, "winds4_dragons3"))
    ('1z', '1z')
    """
    if indicator >= FLOWER_BASE:
        return EAST
    if indicator < 27:
        return indicator - indicator % 9 + (indicator % 9 + 1) % 9
    if honor_cycle == "seven":
        return EAST + (indicator - EAST + 1) % 7
    if indicator < RED:  # winds4_dragons3: 东南西北 wrap among themselves
        return EAST + (indicator - EAST + 1) % 4
    return EAST if indicator == WHITE else indicator + 1


def indicator_name(indicator: int, lang: str = "zh-hans") -> str:
    if indicator >= FLOWER_BASE:
        name = flower_name(indicator - FLOWER_BASE, lang)
        return f"flower {name}" if lang == "en" else f"花牌{name}"
    return face_name(indicator, lang)
