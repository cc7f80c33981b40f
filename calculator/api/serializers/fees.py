"""The shapes of table fees (台費, 茶水費): money that leaves the table, kept apart from the
balances."""

from __future__ import annotations

from rest_framework import serializers

from calculator.api.serializers.common import SEATS


class FeeSerializer(serializers.Serializer):
    """One fee taken at an entry: who paid it, who collected it (and pays the room)."""

    to = serializers.ChoiceField(SEATS, help_text="Who collected it")
    amount = serializers.CharField()

    def get_fields(self) -> dict:
        fields = super().get_fields()
        fields["from"] = serializers.ChoiceField(SEATS, help_text="Who paid it")
        return fields


class SeatFeesSerializer(serializers.Serializer):
    """A seat's table fees over the entries that count, and its balance net of them."""

    paid = serializers.CharField()
    collected = serializers.CharField()
    net = serializers.CharField(help_text="The balance − fees paid + fees collected")
