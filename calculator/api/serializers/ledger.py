"""The shape of the ledger: a page of rounds with their payments and running balances."""

from __future__ import annotations

from rest_framework import serializers

from calculator.api.serializers.common import SEATS, SeatMoneySerializer, SeatNamesSerializer
from calculator.api.serializers.fees import FeeSerializer
from calculator.api.serializers.results import PaymentSerializer
from calculator.api.serializers.rounds import winners_field
from calculator.api.serializers.seats import SeatMoveSerializer


class LedgerAdjustmentSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(["penalty", "side_payment", "chip_correction"])
    reason = serializers.CharField()


class LedgerRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    result = serializers.ChoiceField(["win", "draw", "adjustment", "seats"])
    adjustment = LedgerAdjustmentSerializer(
        required=False, help_text="Only for an adjustment: its kind and reason"
    )
    winner = serializers.ChoiceField(
        SEATS, allow_null=True, help_text="The first of winners; null for a draw"
    )
    winners = winners_field()
    dealer = serializers.ChoiceField(SEATS)
    dealer_streak = serializers.IntegerField()
    fan = serializers.IntegerField(allow_null=True)
    voided = serializers.BooleanField()
    payments = PaymentSerializer(many=True)
    fees = FeeSerializer(many=True, help_text="Table fees taken at this entry (not in balances)")
    balances = SeatMoneySerializer(help_text="Running balances after this round")
    players = SeatNamesSerializer(help_text="Who sat where after this round: the balances' people")
    seat_change = SeatMoveSerializer(
        many=True, required=False, help_text="Only for a seat change: who moved from where to where"
    )


class LedgerSerializer(serializers.Serializer):
    players = SeatNamesSerializer()
    rounds = LedgerRoundSerializer(many=True)
    balances = SeatMoneySerializer(help_text="After the sitting's last round, whatever the page")
    total_rounds = serializers.IntegerField(help_text="Rounds of the sitting, on every page")
    offset = serializers.IntegerField(help_text="Rounds before this page's first")
    limit = serializers.IntegerField()
