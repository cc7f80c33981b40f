"""The shapes of a sitting leaving the app: its export file (what the import takes back) and
the view of its share link."""

from __future__ import annotations

from rest_framework import serializers

from calculator.api.serializers.common import GAME_CODES, RULESETS, SeatMoneySerializer
from calculator.api.serializers.ledger import LedgerSerializer
from calculator.api.serializers.rounds import RoundSerializer
from calculator.api.serializers.seat_draw import SeatDrawRecordSerializer
from calculator.api.serializers.sittings import SharedSessionSerializer
from calculator.api.serializers.standings import TransferSerializer


class ExportRulesVersionSerializer(serializers.Serializer):
    number = serializers.IntegerField(min_value=1)
    rules = serializers.DictField()


class ExportRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField(min_value=1)
    result = serializers.ChoiceField(["win", "draw", "adjustment", "seats"])
    hand = serializers.DictField(
        help_text="The hand fields as entered, tiles in canonical notation; empty for a draw"
    )
    rules_version = serializers.IntegerField(min_value=1, required=False)
    voided = serializers.BooleanField(required=False)


class ExportSerializer(serializers.Serializer):
    """What ``GET …/export/`` answers and ``POST /api/sessions/import/`` takes."""

    format = serializers.ChoiceField(["anqing-session"])
    version = serializers.IntegerField(required=False)
    name = serializers.CharField(max_length=100)
    game = serializers.ChoiceField(GAME_CODES, required=False, help_text="Absent: anqing")
    player_count = serializers.IntegerField(
        min_value=2, max_value=4, required=False, help_text="Absent: 4"
    )
    ruleset = serializers.ChoiceField(RULESETS, required=False)
    base_silver = serializers.CharField(required=False)
    players = serializers.ListField(
        child=serializers.CharField(max_length=40), min_length=2, max_length=4
    )
    seat_draw = SeatDrawRecordSerializer(
        required=False,
        allow_null=True,
        help_text="How the seats were drawn (R2.2, AJ2.3, HZ2.2); absent or null: typed",
    )
    rules_versions = ExportRulesVersionSerializer(many=True, required=False)
    rounds = ExportRoundSerializer(many=True, required=False)
    balances = SeatMoneySerializer(required=False)
    fees = serializers.DictField(
        required=False,
        help_text="Each seat's table fees {paid, collected}: derived again on import",
    )


class ShareSerializer(serializers.Serializer):
    session = SharedSessionSerializer()
    ledger = LedgerSerializer()
    rounds = RoundSerializer(many=True)
    transfers = TransferSerializer(
        many=True, help_text="The fewest transfers that settle the balances now (as settlement)"
    )
