"""Request shapes, for the OpenAPI schema. The services check the bodies themselves, so that the
API, the pages and the import all refuse bad input with the same clear message."""

from __future__ import annotations

from rest_framework import serializers


class MeldSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(["chi", "pung", "kong", "added_kong", "concealed_kong"])
    tiles = serializers.CharField(required=False)
    # "from" is a Python keyword: declared below under its real name.


MeldSerializer._declared_fields["from"] = serializers.ChoiceField(
    ["E", "S", "W", "N"], required=False
)


class SessionCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=100)
    players = serializers.ListField(
        child=serializers.CharField(max_length=40), min_length=4, max_length=4
    )
    ruleset = serializers.ChoiceField(["anqing", "anqing-daque"], default="anqing")
    base_silver = serializers.DecimalField(max_digits=12, decimal_places=4, default="1")
    rules = serializers.DictField(required=False, help_text="House-rule overrides (R12)")


class RoundEntrySerializer(serializers.Serializer):
    result = serializers.ChoiceField(["win", "draw"])
    winner = serializers.ChoiceField(["E", "S", "W", "N"], required=False)
    indicator = serializers.CharField(required=False)
    concealed = serializers.CharField(required=False)
    win_tile = serializers.CharField(required=False)
    melds = MeldSerializer(many=True, required=False)
    bar_tiles = serializers.IntegerField(required=False, min_value=0)
    kongs_before_win = serializers.IntegerField(required=False, min_value=0)
    first_turn = serializers.BooleanField(required=False)
    others_melds = serializers.DictField(required=False)


class RulesChangeSerializer(serializers.Serializer):
    rules = serializers.DictField(help_text="The complete set of house-rule overrides (R12)")


class InviteSerializer(serializers.Serializer):
    username = serializers.CharField()


class ScoreRequestSerializer(RoundEntrySerializer):
    result = None
    ruleset = serializers.ChoiceField(["anqing", "anqing-daque"], required=False)
    rules = serializers.DictField(required=False)
    dealer = serializers.ChoiceField(["E", "S", "W", "N"])
    dealer_streak = serializers.IntegerField(required=False, min_value=0)
    base_silver = serializers.CharField(required=False)
