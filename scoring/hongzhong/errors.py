"""紅中's error codes (HZ15): Anqing's R11 codes where they fit, plus E_MIN_POINTS."""

from __future__ import annotations

from scoring.errors import ScoringError

# HZ15, in the order they are checked (Precedence).
ERROR_CODES = (
    "E_NOTATION",
    "E_RULES",
    "E_CONTEXT",
    "E_CHI_NOT_ALLOWED",
    "E_MELD_WILD",
    "E_MELD_SHAPE",
    "E_MELD_FEEDER",
    "E_TILE_COUNT",
    "E_TOO_MANY_COPIES",
    "E_WIN_TILE",
    "E_NOT_WINNING",
    "E_MIN_POINTS",
)


class HongzhongError(ScoringError):
    """A refused 紅中 request: one HZ15 code, a Chinese and an English message.

    >>> HongzhongError("E_MIN_POINTS", "分不够", "too few points").as_dict()["error"]["code"]
    'E_MIN_POINTS'
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

