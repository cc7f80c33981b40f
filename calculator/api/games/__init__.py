"""Each game's result shape for the API's schema: ``calculator.api.games.<code>`` exports
``RESULT`` (a serializer of that game's result, docs/api.md), found by the game's code as
``scoring.games`` finds a game's package; a game without a module of its own has the outer shape
every result shares (``GameResultSerializer`` of ``calculator.api.serializers.results``)."""

from __future__ import annotations

import importlib


def result_serializer(code: str, default: type) -> type:
    """The serializer of game ``code``'s result, or ``default``."""
    try:
        module = importlib.import_module(f"{__name__}.{code}")
    except ModuleNotFoundError as missing:
        if missing.name != f"{__name__}.{code}":
            raise
        return default
    return getattr(module, "RESULT", default)
