"""The shape of a result of this game in the API's schema."""

from __future__ import annotations

from calculator.api.serializers.results import ScoreResultSerializer as RESULT

__all__ = ["RESULT"]
