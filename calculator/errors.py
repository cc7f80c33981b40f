"""The contract's error object, raised by services and turned into an HTTP answer by the API."""

from __future__ import annotations


class CalculatorError(Exception):
    """``{"error": {"code", "message", "message_en"}}`` with the HTTP status to answer with.

    Codes are R11's scoring codes, plus the app's own: ``E_INVALID`` (a field of the request is
    missing or malformed), ``E_NOT_FOUND``, ``E_CONFLICT`` (try again), ``E_FORBIDDEN``,
    ``E_AUTH``.
    """

    def __init__(
        self, code: str, message: str, message_en: str, *, status: int = 400, field: str | None = None
    ) -> None:
        super().__init__(message_en)
        self.code = code
        self.message = message
        self.message_en = message_en
        self.status = status
        # The request's field at fault, where the engine named one ("rules.dealer_base"): the
        # messages name it in a player's words, a program reads it here.
        self.field = field
        # When the error is about one round of several (an import): its number, and the error
        # as it reads without the round's name, for a page that names the round itself.
        self.round_number: int | None = None
        self.in_round: CalculatorError | None = None

    def as_dict(self) -> dict:
        error = {"code": self.code, "message": self.message, "message_en": self.message_en}
        if self.field is not None:
            error["field"] = self.field
        return {"error": error}


def invalid(message: str, message_en: str) -> CalculatorError:
    return CalculatorError("E_INVALID", message, message_en)


def not_found(message: str = "找不到。", message_en: str = "Not found.") -> CalculatorError:
    return CalculatorError("E_NOT_FOUND", message, message_en, status=404)


class RoundConflict(CalculatorError):
    """E_CONFLICT (409): the sitting moved on since the form or request was made. A new round was
    meant as round ``expected``, but that round is recorded already (another phone did it); or a
    correction was opened on a version of the round that has changed since. ``round`` is the
    round that is there now (None when there is none to show), ``next_round`` the number the
    next round would take."""

    def __init__(
        self, message: str, message_en: str, *, round: object, expected: int, next_round: int
    ) -> None:
        super().__init__("E_CONFLICT", message, message_en, status=409)
        self.round = round
        self.expected = expected
        self.next_round = next_round
