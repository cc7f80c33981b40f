"""What the shapes of several domains share: the games' codes and rulesets, the seats, the error
object (and ``errors``, the error answers of an operation), money and names per seat, and the
``from`` field a Python class cannot declare by name."""

from __future__ import annotations

from rest_framework import serializers

from scoring.games import GAMES

# Every game's code and every game's rulesets (each game checks its own: E_RULES).
GAME_CODES = list(GAMES)


RULESETS = [ruleset for game in GAMES.values() for ruleset in game.rulesets]


SEATS = ["E", "S", "W", "N"]


def with_from(serializer: type[serializers.Serializer], **kwargs: object) -> None:
    """Declare a field named ``from`` (a Python keyword) on ``serializer``."""
    serializer._declared_fields["from"] = serializers.ChoiceField(SEATS, **kwargs)


class ErrorDetailSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="R11's codes, or E_INVALID, E_AUTH, E_NOT_FOUND, …")
    message = serializers.CharField(help_text="Chinese")
    message_en = serializers.CharField(help_text="English")
    field = serializers.CharField(
        required=False,
        help_text="The request field at fault, where the engine names one "
        "(e.g. discarder, winners[0].melds[1].from); the messages name it in words",
    )


class ErrorSerializer(serializers.Serializer):
    error = ErrorDetailSerializer()


class SeatMoneySerializer(serializers.Serializer):
    """A decimal string per seat."""

    E = serializers.CharField()
    S = serializers.CharField()
    # Only the seats in play: a 3-player table has no N, a 2-player one no W either.
    W = serializers.CharField(required=False)
    N = serializers.CharField(required=False)


class SeatNamesSerializer(SeatMoneySerializer):
    """A player's name per seat."""


def errors(*statuses: int) -> dict[int, type[ErrorSerializer]]:
    """The error object for each status an operation may answer with."""
    return dict.fromkeys(statuses, ErrorSerializer)
