"""The shapes of an adjustment: money that is not a hand, as posted, corrected and read."""

from __future__ import annotations

from rest_framework import serializers

from calculator.api.serializers.common import SEATS


class AdjustmentEntrySerializer(serializers.Serializer):
    """An adjustment: money that is not a hand (a penalty, a side payment, a chip correction).
    It moves only what it names; the deal and the dealer's streak stay where they are."""

    kind = serializers.ChoiceField(
        ["penalty", "side_payment", "chip_correction", "fee"],
        help_text="fee: a table fee (台費, 茶水), money that leaves the table: no from; amount "
        "split equally among everyone at the table, or payers each their amount",
    )
    to = serializers.ChoiceField(
        SEATS,
        allow_null=True,
        required=False,
        help_text="Who is paid; for a penalty null (or absent) is each other player in play; "
        "for a fee who collects it (null: the house rules' fee_collector)",
    )
    amount = serializers.CharField(
        required=False,
        help_text="Paid to each player paid: above 0, at most 4 decimal places, at most "
        "1000000000; for a fee the whole fee (split equally unless payers says who pays)",
    )
    payers = serializers.DictField(
        child=serializers.CharField(),
        required=False,
        allow_null=True,
        help_text="Only for a fee: seat → amount each named person pays",
    )
    reason = serializers.CharField(
        max_length=200, help_text="Why, in words (例如：詐胡); for a fee what it is for (台費)"
    )

    def get_fields(self) -> dict:
        fields = super().get_fields()
        # "from" is a Python keyword: the field is added by name.
        fields["from"] = serializers.ChoiceField(
            SEATS, required=False, help_text="Who pays (not for a fee)"
        )
        return fields


class AdjustmentPostSerializer(AdjustmentEntrySerializer):
    expected_round = serializers.IntegerField(
        min_value=1, required=False, help_text="The number this entry is meant to take"
    )


class AdjustmentCorrectionSerializer(AdjustmentEntrySerializer):
    version = serializers.IntegerField(
        min_value=1, required=False, help_text="The entry's version this correction was made on"
    )
