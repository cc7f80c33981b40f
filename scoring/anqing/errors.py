"""Anqing's refusals (R11): the shared ``ScoringError`` with the request field at fault."""

from __future__ import annotations

from scoring.errors import ScoringError


class AnqingError(ScoringError):
    """A refused Anqing request: an R11 code, a Chinese and an English message that name the
    thing in a player's words, and ``field``, the request field at fault, for an API client.

    >>> AnqingError("E_CONTEXT", "天胡", "first turn", "first_turn").as_dict()["error"]["field"]
    'first_turn'
    """
