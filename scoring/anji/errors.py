"""Anji's error codes (AJ12): Anqing's R11 codes where they fit, plus E_DISCARD_WILD and E_PIAO."""

from __future__ import annotations

from scoring.errors import ScoringError

# AJ12, in the order they are checked (Precedence).
ERROR_CODES = (
    "E_NOTATION",
    "E_RULES",
    "E_CONTEXT",
    "E_MELD_WILD",
    "E_MELD_SHAPE",
    "E_MELD_FEEDER",
    "E_TILE_COUNT",
    "E_TOO_MANY_COPIES",
    "E_WIN_TILE",
    "E_NOT_WINNING",
    "E_DISCARD_WILD",
    "E_PIAO",
)


class AnjiError(ScoringError):
    """A refused Anji request: one AJ12 code, a Chinese and an English message.

    >>> AnjiError("E_PIAO", "飘", "piao").as_dict()["error"]["code"]
    'E_PIAO'
    """

    def __init__(
        self, code: str, message: str, message_en: str, field: str | None = None
    ) -> None:
        assert code in ERROR_CODES, code
        Exception.__init__(self, f"{code}: {message_en}")
        self.code = code
        self.message = message
        self.message_en = message_en
        # The request field at fault, for an API client (the messages name it in words).
        self.field = field

