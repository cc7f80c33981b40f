"""Tiles (R1) and the 鑽 / stand-in / bar faces derived from the indicator (R4).

Internally a face is an int 0..33: 萬 0-8, 筒 9-17, 條 18-26, honors 27-33
(東南西北中發白). The compact notation (``123m456p11z``) is converted only at the edges.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from scoring.errors import ScoringError

SUIT_LETTERS = "mpsz"
FACES: tuple[str, ...] = tuple(f"{r}{s}" for s in "mps" for r in range(1, 10)) + tuple(
    f"{r}z" for r in range(1, 8)
)
EAST, SOUTH, WEST, NORTH, RED, GREEN, WHITE = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (RED, GREEN, WHITE)

_GROUP = re.compile(r"([0-9]+)([a-zA-Z])")

_NUM_HANS = "一二三四五六七八九"
_SUIT_NAMES = {
    "zh-hant": ("萬", "筒", "條"),
    "zh-hans": ("万", "筒", "条"),
}
_HONOR_NAMES = {
    "zh-hant": ("東風", "南風", "西風", "北風", "紅中", "發財", "白板"),
    "zh-hans": ("东风", "南风", "西风", "北风", "红中", "发财", "白板"),
    "en": (
        "East Wind",
        "South Wind",
        "West Wind",
        "North Wind",
        "Red Dragon",
        "Green Dragon",
        "White Dragon",
    ),
}
_SUIT_NAMES_EN = ("Characters", "Dots", "Bamboo")


def is_suited(face: int) -> bool:
    return face < 27


def suit_of(face: int) -> int:
    """0 萬, 1 筒, 2 條, 3 honors."""
    return face // 9


def rank_of(face: int) -> int:
    return face % 9 + 1


def code(face: int) -> str:
    """The compact code of a face.

    >>> code(6), code(27)
    ('7m', '1z')
    """
    return FACES[face]


def face_of(tile_code: str, field: str = "tile") -> int:
    """The face of one compact tile code such as ``"7m"``; raises E_NOTATION naming ``field``
    otherwise."""
    face = _FACE_BY_CODE.get(tile_code) if isinstance(tile_code, str) else None
    if face is not None:
        return face
    faces = parse_tiles(tile_code, field)
    if len(faces) != 1:
        raise ScoringError(
            "E_NOTATION",
            f"{field}「{tile_code}」應是一張牌，例如 7m",
            f"{field} '{tile_code}' must be a single tile such as 7m",
        )
    return faces[0]


def parse_tiles(text: object, field: str) -> list[int]:
    """Read compact notation (R1) into faces, in the order written.

    >>> [code(f) for f in parse_tiles("12m 5z", "concealed")]
    ['1m', '2m', '5z']
    """
    if not isinstance(text, str):
        raise ScoringError(
            "E_NOTATION",
            f'{field} 應是牌的字串，例如 "123m456p11z"',
            f'{field} must be a tile string such as "123m456p11z"',
        )
    if len(text) > LONGEST_NOTATION:
        raise ScoringError(
            "E_NOTATION",
            f"{field} 太長：最多 {LONGEST_NOTATION} 個字符，收到 {len(text)} 個",
            f"{field} is too long: at most {LONGEST_NOTATION} characters, got {len(text)}",
        )
    faces = _parse_faces(text)
    if faces is None:
        _explain_bad_notation(text, field)
    return list(faces)


# No hand needs more (14 tiles with suit letters and spaces); a longer string is refused
# before it is read or cached.
LONGEST_NOTATION = 64


def read_faces(text: str) -> tuple[int, ...] | None:
    """``parse_tiles`` of a string that may be anything, without the error: its faces in the
    order written, or None when it is not notation or longer than ``LONGEST_NOTATION``.

    >>> read_faces("4p7m 1z"), read_faces("4p7x")
    ((12, 6, 27), None)
    """
    return _parse_faces(text) if len(text) <= LONGEST_NOTATION else None


def _parse_faces(text: str) -> tuple[int, ...] | None:
    """Faces of well-formed notation, or None: ranks then a suit letter, spaces anywhere."""
    compact = "".join(text.split())
    size = len(compact)
    if not size % 2 and compact.isascii():
        # Tile by tile ("4p7m6p..."), as a hand is often written: each two characters one code,
        # read all at once. Tables turn every rank into rank - 1 and every suit letter into its
        # suit's first face, and anything else into 100; a face is the two added, done for all
        # the tiles in one addition of the bytes read as numbers (no sum is above 200, so none
        # carries into the next byte). A sum that is not a face (0-33) is a byte that is not
        # notation, or 8z or 9z.
        codes = compact.encode()
        ranks = int.from_bytes(codes[::2].translate(_RANK_LESS_ONE))
        sums = ranks + int.from_bytes(codes[1::2].translate(_SUIT_FIRST))
        played = sums.to_bytes(size // 2)
        if not played.translate(None, _EVERY_FACE):
            return tuple(played)
        # ranks written together ("123m") or not notation: read token by token
    tokens = _TOKEN.findall(compact)
    if sum(map(len, tokens)) != size:
        return None  # something between the tokens is not notation
    faces: list[int] = []
    for token in tokens:
        token_faces = _TOKEN_FACES.get(token)
        if token_faces is None:
            base = _SUIT_BASE[token[-1]] - 49  # ord("1") == 49
            token_faces = tuple(base + ord(rank) for rank in token[:-1])
            if len(_TOKEN_FACES) < 1024:
                _TOKEN_FACES[token] = token_faces
        faces += token_faces
    return tuple(faces)


_TOKEN = re.compile(r"[1-9]+[mps]|[1-7]+z")  # honors run 1-7
_TOKEN_FACES: dict[str, tuple[int, ...]] = {}  # "123m" -> its faces, for the tokens met first
_SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}
_FACE_BY_CODE = {tile_code: face for face, tile_code in enumerate(FACES)}
# Tile-by-tile reading (``_parse_faces``): byte by byte, a rank 1-9 to rank - 1 and a suit letter
# to its first face, every other byte to 100; the faces 0-33 as bytes.
_RANK_LESS_ONE = bytes(byte - 49 if 49 <= byte <= 57 else 100 for byte in range(256))
_SUIT_FIRST = bytes(_SUIT_BASE.get(chr(byte), 100) for byte in range(256))
_EVERY_FACE = bytes(range(len(FACES)))


def _explain_bad_notation(text: str, field: str) -> None:
    """Raise E_NOTATION naming the first token that cannot be read."""
    compact = "".join(text.split())
    pos = 0
    for match in _GROUP.finditer(compact):
        if match.start() != pos:
            _bad_token(field, compact[pos : match.start()])
        ranks, letter = match.groups()
        suit = SUIT_LETTERS.find(letter) if letter.islower() else -1
        if suit < 0:
            _bad_token(field, match.group(0), f"未知花色「{letter}」", f"unknown suit '{letter}'")
        top = 7 if suit == 3 else 9
        for ch in ranks:
            if not 1 <= int(ch) <= top:
                _bad_token(
                    field,
                    f"{ch}{letter}",
                    f"{SUIT_LETTERS[suit]} 的點數只能是 1–{top}",
                    f"ranks of '{letter}' run 1-{top}",
                )
        pos = match.end()
    _bad_token(field, compact[pos:] or compact)


def _bad_token(field: str, token: str, why: str = "", why_en: str = "") -> None:
    detail = f"：{why}" if why else "（格式如 123m456p789s1234567z）"
    detail_en = f": {why_en}" if why_en else " (write ranks then a suit letter, e.g. 123m456p11z)"
    raise ScoringError(
        "E_NOTATION",
        f"{field} 中的「{token}」無法讀成牌{detail}",
        f"cannot read '{token}' in {field} as tiles{detail_en}",
    )


# --- flowers (1f–8f) ------------------------------------------------------------------------
# The eight flowers of the 144-tile games (Anji, AJ1.2), in the seed's order: 春夏秋冬梅蘭竹菊.
# A flower is never part of a hand: ``parse_tiles`` refuses ``f`` (as Anqing always has), and a
# game that has flowers reads them with ``parse_flowers`` where its requests may hold them.
FLOWERS: tuple[str, ...] = tuple(f"{rank}f" for rank in range(1, 9))
FLOWER_NAMES: dict[str, tuple[str, ...]] = {
    "zh-hans": ("春", "夏", "秋", "冬", "梅", "兰", "竹", "菊"),
    "zh-hant": ("春", "夏", "秋", "冬", "梅", "蘭", "竹", "菊"),
    "en": ("Spring", "Summer", "Autumn", "Winter", "Plum", "Orchid", "Bamboo", "Chrysanthemum"),
}
FLOWER_TOKEN = re.compile(r"[1-8]+f")
LONGEST_FLOWERS = 64


def flower_name(index: int, lang: str = "zh-hant") -> str:
    """``flower_name(0)`` → 春 (index 0–7 is 1f–8f)."""
    return FLOWER_NAMES.get(lang, FLOWER_NAMES["zh-hant"])[index]


def parse_flowers(text: object, field: str = "flowers") -> list[int]:
    """Flowers written in the notation (``"1f 38f"``) as indexes 0–7 (1f–8f), in order.

    >>> parse_flowers("1f 38f")
    [0, 2, 7]
    """
    if not isinstance(text, str):
        raise ScoringError(
            "E_NOTATION",
            f'{field} 应是花牌的字串，例如 "1f3f"',
            f'{field} must be a string of flowers such as "1f3f"',
        )
    if len(text) > LONGEST_FLOWERS:
        raise ScoringError(
            "E_NOTATION",
            f"{field} 太长：最多 {LONGEST_FLOWERS} 个字符，收到 {len(text)} 个",
            f"{field} is too long: at most {LONGEST_FLOWERS} characters, got {len(text)}",
        )
    compact = "".join(text.split())
    tokens = FLOWER_TOKEN.findall(compact)
    if sum(map(len, tokens)) == len(compact):
        return [int(rank) - 1 for token in tokens for rank in token[:-1]]
    rest = FLOWER_TOKEN.sub("", compact)
    raise ScoringError(
        "E_NOTATION",
        f"{field} 只能写花牌 1f–8f（春夏秋冬梅兰竹菊），收到「{rest}」",
        f"{field} holds only flowers 1f–8f, got '{rest}'",
    )


def format_tiles(faces: Iterable[int]) -> str:
    """Compact notation in the given order: ``[5, 6, 7]`` → ``"678m"``; suits change as met."""
    return _format(tuple(faces))


@lru_cache(maxsize=8192)
def _format(faces: tuple[int, ...]) -> str:
    out: list[str] = []
    last_suit = None
    for face in faces:
        suit = face // 9
        if last_suit is not None and suit != last_suit:
            out.append(SUIT_LETTERS[last_suit])
        out.append(str(face % 9 + 1))
        last_suit = suit
    if last_suit is not None:
        out.append(SUIT_LETTERS[last_suit])
    return "".join(out)


def tile_name(tile_code: str, lang: str = "zh-hant") -> str:
    """A tile's name for people.

    >>> tile_name("7m", "zh-hans"), tile_name("5z", "zh-hant"), tile_name("3p", "en")
    ('七万', '紅中', '3 Dots')
    """
    face = face_of(tile_code)
    lang = lang if lang in ("zh-hans", "zh-hant", "en") else "zh-hant"
    if face >= 27:
        return _HONOR_NAMES[lang][face - 27]
    if lang == "en":
        return f"{rank_of(face)} {_SUIT_NAMES_EN[suit_of(face)]}"
    return _NUM_HANS[face % 9] + _SUIT_NAMES[lang][suit_of(face)]


def face_name(face: int, lang: str = "zh-hant") -> str:
    """One tile's name for people, from its face: 五萬 / 5 Characters."""
    if face >= 27:
        return _HONOR_NAMES[lang][face - 27]
    if lang == "en":
        return f"{rank_of(face)} {_SUIT_NAMES_EN[suit_of(face)]}"
    return _NUM_HANS[face % 9] + _SUIT_NAMES[lang][suit_of(face)]


def tile_words(faces: Iterable[int], lang: str = "zh-hant") -> str:
    """Tiles named for people in the given order, a suit's ranks together: ``[1, 2, 3, 27]`` →
    ``"二三四萬、東風"`` / ``"2-3-4 Characters, East Wind"`` (explanations never use notation).

    >>> tile_words([12, 13, 14], "zh-hant"), tile_words([12, 13, 14], "en")
    ('四五六筒', '4-5-6 Dots')
    """
    return _tile_words(tuple(faces), lang)


@lru_cache(maxsize=4096)
def _tile_words(faces: tuple[int, ...], lang: str) -> str:
    """``tile_words`` of one group of tiles: explanations name the same few sets over and over."""
    runs: list[list[int]] = []
    for face in faces:
        if runs and face < 27 and runs[-1][0] < 27 and suit_of(runs[-1][0]) == suit_of(face):
            runs[-1].append(face)
        else:
            runs.append([face])
    words = []
    for run in runs:
        if run[0] >= 27:
            words.append(face_name(run[0], lang))
        elif lang == "en":
            ranks = "-".join(str(rank_of(f)) for f in run)
            words.append(f"{ranks} {_SUIT_NAMES_EN[suit_of(run[0])]}")
        else:
            ranks = "".join(_NUM_HANS[f % 9] for f in run)
            words.append(ranks + _SUIT_NAMES[lang][suit_of(run[0])])
    return (", " if lang == "en" else "、").join(words)


def wild_of(indicator: int) -> int:
    """R4.1: the 鑽 is the tile after the indicator, wrapping 9→1, 北→東, 中→發→白→中."""
    if indicator < 27:
        return indicator - indicator % 9 + (indicator % 9 + 1) % 9
    if indicator in WINDS:
        return EAST + (indicator - EAST + 1) % 4
    return RED + (indicator - RED + 1) % 3


def stand_in_of(wild: int) -> int | None:
    """R4.3: 紅中 plays the 鑽's face unless the 鑽 is a dragon."""
    return None if wild in DRAGONS else RED


def bar_faces_of(wild: int) -> tuple[int, ...]:
    """R4.4: 發 and 白, or the other two dragons when the 鑽 is a dragon."""
    if wild in DRAGONS:
        return tuple(d for d in DRAGONS if d != wild)
    return (GREEN, WHITE)


def specials(indicator: str) -> dict:
    """The 鑽, stand-in and bar faces for an indicator (R4).

    >>> specials("6m")
    {'wild': '7m', 'stand_in': '5z', 'bar_faces': ['6z', '7z']}
    >>> specials("5z")
    {'wild': '6z', 'stand_in': None, 'bar_faces': ['5z', '7z']}
    """
    wild = wild_of(face_of(indicator, "indicator"))
    stand_in = stand_in_of(wild)
    return {
        "wild": code(wild),
        "stand_in": None if stand_in is None else code(stand_in),
        "bar_faces": [code(f) for f in bar_faces_of(wild)],
    }
