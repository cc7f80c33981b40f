"""The shapes of a seat change (換座位): the people at the table take other seats."""

from __future__ import annotations

from rest_framework import serializers

from calculator.api.serializers.common import SEATS


class SeatChangeEntrySerializer(serializers.Serializer):
    """A seat change: for each seat in play, the seat its new occupant sits at now. Every seat in
    play once, as a key and as a value (a permutation); it moves no money, each balance goes with
    its person, and the deal stays with the seat that was to deal next."""

    seating = serializers.DictField(
        child=serializers.ChoiceField(SEATS),
        help_text="For each seat in play, the seat (now) of who sits there after the change: "
        '{"E": "E", "S": "W", "W": "S", "N": "N"} swaps South and West',
    )


class SeatChangePostSerializer(SeatChangeEntrySerializer):
    expected_round = serializers.IntegerField(
        min_value=1, required=False, help_text="The number this entry is meant to take"
    )


class SeatMoveSerializer(serializers.Serializer):
    """One person who moved at a seat change."""

    player = serializers.CharField(help_text="Their name")
    to = serializers.ChoiceField(SEATS, help_text="The seat they took")

    def get_fields(self) -> dict:
        fields = super().get_fields()
        # "from" is a Python keyword: the field is added by name.
        fields["from"] = serializers.ChoiceField(SEATS, help_text="The seat they left")
        return fields
