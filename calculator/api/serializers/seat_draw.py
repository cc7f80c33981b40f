"""The shapes of a draw for seats and the first dealer: what is asked, what is thrown, and the
record a sitting keeps (R2.2, AJ2.3, HZ2.2)."""

from __future__ import annotations

from rest_framework import serializers

from calculator.api.serializers.common import GAME_CODES, SEATS


class ThrowSerializer(serializers.Serializer):
    seat = serializers.ChoiceField(SEATS, help_text="The thrower's seat, as the players are seated")
    dice = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=6), min_length=2, max_length=2
    )


class SeatDrawRecordSerializer(serializers.Serializer):
    method = serializers.ChoiceField(
        ["count", "highest", "random"],
        help_text="The game's: count (anqing, R2.2), highest (anji, AJ2.3), random (hongzhong, "
        "HZ2.2, and a game that does not say)",
    )
    throws = ThrowSerializer(many=True, help_text="In the order thrown; none for random")


class SeatDrawAskedSerializer(serializers.Serializer):
    game = serializers.ChoiceField(GAME_CODES, required=False, help_text="Absent: anqing")
    players = serializers.ListField(
        child=serializers.CharField(max_length=40),
        min_length=2,
        max_length=4,
        help_text="One name per seat in play (one of the game's seat counts), in any order",
    )


class ThrownSerializer(ThrowSerializer):
    player = serializers.CharField()
    total = serializers.IntegerField(min_value=2, max_value=12)


class SeatDrawSerializer(serializers.Serializer):
    game = serializers.ChoiceField(GAME_CODES)
    method = serializers.CharField()
    rule_id = serializers.CharField(help_text="The rule the procedure follows; empty if none")
    drawn = serializers.ListField(
        child=serializers.CharField(), help_text="The names as shuffled into E S W N"
    )
    players = serializers.ListField(
        child=serializers.CharField(),
        help_text="The seats after the winds are turned: the first dealer at E, then S W N",
    )
    throws = ThrownSerializer(many=True)
    dealer = serializers.CharField(help_text="The first dealer's name (players[0])")
    seat_draw = SeatDrawRecordSerializer(
        help_text="The record to open the sitting with (POST /api/sessions/ with these players)"
    )
