"""The request of the calculator (``/api/score/``): a round's hand with the table it is scored
at (game, ruleset, house rules, dealer and streak, base silver)."""

from __future__ import annotations

from rest_framework import serializers

from calculator.api.serializers.common import GAME_CODES, RULESETS
from calculator.api.serializers.rounds import RoundEntrySerializer


class ScoreRequestSerializer(RoundEntrySerializer):
    result = None
    expected_round = None  # type: ignore[assignment]  # a round body's only
    game = serializers.ChoiceField(
        GAME_CODES, required=False, allow_null=True, help_text="Absent or null: anqing"
    )
    player_count = serializers.IntegerField(
        min_value=2,
        max_value=4,
        required=False,
        help_text="The players at the table, for a game of 2–4 seats (anji); anqing ignores it",
    )
    ruleset = serializers.ChoiceField(
        RULESETS, required=False, help_text="One of the game's rulesets; absent: its first"
    )
    rules = serializers.DictField(required=False)
    dealer = serializers.ChoiceField(["E", "S", "W", "N"])
    dealer_streak = serializers.IntegerField(required=False, min_value=0)
    base_silver = serializers.CharField(required=False)
