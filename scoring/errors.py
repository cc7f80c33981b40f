"""The engine's one error type: a stable code with a Chinese and an English message.

The shared codes are R11's (``ERROR_CODES``); a game raises its own besides by declaring them
(``Game.error_codes``, which ``declare`` adds when the game is made), so a code nobody declared
is still a mistake caught at once.
"""

from __future__ import annotations

# R11: the codes a refused hand can carry, in the order they are checked.
ERROR_CODES = (
    "E_NOTATION",
    "E_RULES",
    "E_CONTEXT",
    "E_CHI_NOT_ALLOWED",
    "E_BAR_TILE",
    "E_MELD_WILD",
    "E_MELD_SHAPE",
    "E_MELD_FEEDER",
    "E_TILE_COUNT",
    "E_TOO_MANY_COPIES",
    "E_WIN_TILE",
    "E_NOT_WINNING",
    "E_DAQUE_SUITS",
    "E_WILD_DRAW",
)


# Every code a ScoringError may carry: the shared ones and those the games declared.
_DECLARED: set[str] = set(ERROR_CODES)


def declare(codes: tuple[str, ...] | list[str]) -> None:
    """Let ``ScoringError`` carry ``codes`` too (a game's own, e.g. ``E_DISCARDER``).

    >>> declare(("E_TOY_ONLY",)); ScoringError("E_TOY_ONLY", "玩具", "toy").code
    'E_TOY_ONLY'
    """
    for code in codes:
        if not isinstance(code, str) or not code.startswith("E_"):
            raise ValueError(f"an error code is E_ and capitals, not {code!r}")
    _DECLARED.update(codes)


def declared(code: str) -> bool:
    """Whether ``code`` is shared or declared by a game."""
    return code in _DECLARED


class ScoringError(Exception):
    """A hand or request the rule book refuses (R11).

    >>> ScoringError("E_WIN_TILE", "和牌張 3m 不在手牌中", "win tile 3m is not in the hand").as_dict()
    {'error': {'code': 'E_WIN_TILE', 'message': '和牌張 3m 不在手牌中', 'message_en': 'win tile 3m is not in the hand'}}
    """

    def __init__(
        self, code: str, message: str, message_en: str, field: str | None = None
    ) -> None:
        assert code in _DECLARED, code
        super().__init__(f"{code}: {message_en}")
        self.code = code
        self.message = message
        self.message_en = message_en
        # The request field at fault, for an API client ("rules.dealer_base"): the messages name
        # it in a player's words.
        self.field = field

    def as_dict(self) -> dict:
        error = {"code": self.code, "message": self.message, "message_en": self.message_en}
        if self.field is not None:
            error["field"] = self.field
        return {"error": error}
