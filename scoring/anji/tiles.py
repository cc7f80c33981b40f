"""Anji's tiles (AJ1): the shared faces 0–33 plus the eight flowers, and the 财神 (AJ4.1).

Flowers are read only here, by the opt-in ``parse_flowers`` and ``parse_indicator``: the shared
notation (``scoring.tiles.parse_tiles``) keeps refusing ``f`` exactly as Anqing always has.
"""

from __future__ import annotations

import re

from scoring.anji.errors import AnjiError
from scoring.errors import ScoringError
from scoring.tiles import EAST, RED, WHITE, face_name, face_of, parse_tiles

FLOWER_BASE = 34  # internal: flower n (1f–8f) is FLOWER_BASE + n − 1, only ever the indicator
FLOWER_CODES = tuple(f"{n}f" for n in range(1, 9))
FLOWER_NAMES = {
    "zh-hans": "春夏秋冬梅兰竹菊",
    "zh-hant": "春夏秋冬梅蘭竹菊",
    "en": ("Spring", "Summer", "Autumn", "Winter", "Plum", "Orchid", "Bamboo", "Chrysanthemum"),
}
THIRTEEN = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)  # 1m 9m 1p 9p 1s 9s 1z–7z
LONGEST = 64
_FLOWER_TOKEN = re.compile(r"[1-8]+f")
_ANY_FLOWER = re.compile(r"[0-9]+f")


def _retyped(error: ScoringError) -> AnjiError:
    return AnjiError(error.code, error.message, error.message_en)


def flower_name(index: int, lang: str = "zh-hans") -> str:
    """``flower_name(0)`` → 春 (index 0–7 is 1f–8f)."""
    names = FLOWER_NAMES.get(lang, FLOWER_NAMES["zh-hans"])
    return names[index]


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
    if not isinstance(text, str):
        raise AnjiError(
            "E_NOTATION",
            f'{field} 应是花牌的字串，例如 "1f3f"',
            f'{field} must be a string of flowers such as "1f3f"',
        )
    if len(text) > LONGEST:
        raise AnjiError(
            "E_NOTATION",
            f"{field} 太长：最多 {LONGEST} 个字符，收到 {len(text)} 个",
            f"{field} is too long: at most {LONGEST} characters, got {len(text)}",
        )
    compact = "".join(text.split())
    tokens = _FLOWER_TOKEN.findall(compact)
    if sum(map(len, tokens)) == len(compact):
        return [int(rank) - 1 for token in tokens for rank in token[:-1]]
    rest = _FLOWER_TOKEN.sub("", compact)
    raise AnjiError(
        "E_NOTATION",
        f"{field} 只能写花牌 1f–8f（春夏秋冬梅兰竹菊），收到「{rest}」",
        f"{field} holds only flowers 1f–8f, got '{rest}'",
    )


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
