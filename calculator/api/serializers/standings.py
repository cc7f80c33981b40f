"""The shapes of the standings: a place per seat, the transfers that settle up, and each
player's statistics of the sitting."""

from __future__ import annotations

from rest_framework import serializers

from calculator.api.serializers.common import SEATS, with_from


class StandingSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    seat = serializers.ChoiceField(SEATS)
    name = serializers.CharField()
    balance = serializers.CharField()
    # Table fees (money that leaves the table): paid, collected, and the balance net of them.
    fees_paid = serializers.CharField()
    fees_collected = serializers.CharField()
    net = serializers.CharField()


class TransferSerializer(serializers.Serializer):
    to = serializers.ChoiceField(SEATS)
    amount = serializers.CharField()


with_from(TransferSerializer)


class PlayerStatsSerializer(serializers.Serializer):
    seat = serializers.ChoiceField(SEATS)
    name = serializers.CharField()
    wins = serializers.IntegerField()
    dealer_wins = serializers.IntegerField()
    rounds_dealt = serializers.IntegerField()
    biggest_fan = serializers.IntegerField(allow_null=True)
    average_fan = serializers.CharField(allow_null=True)
    paid_under_bao = serializers.CharField()
    bao_payments = serializers.IntegerField()
    balance = serializers.CharField()
    rounds = serializers.IntegerField()
