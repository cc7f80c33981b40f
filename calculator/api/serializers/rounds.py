"""The shapes of a round: the entry a post takes (each game's fields, the melds, 紅中's winners
and kongs) and a correction, the round as read and as answered after a change, and the 409
answer that names the round that is there."""

from __future__ import annotations

from rest_framework import serializers

from calculator.api.serializers.adjustments import AdjustmentEntrySerializer
from calculator.api.serializers.common import SEATS, ErrorSerializer
from calculator.api.serializers.fees import FeeSerializer
from calculator.api.serializers.results import PaymentSerializer, game_result
from calculator.api.serializers.seats import SeatMoveSerializer
from calculator.api.serializers.sittings import StateSerializer


class MeldSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(["chi", "pung", "kong", "added_kong", "concealed_kong"])
    tiles = serializers.CharField(required=False)
    # "from" is a Python keyword: declared below under its real name.


MeldSerializer._declared_fields["from"] = serializers.ChoiceField(
    ["E", "S", "W", "N"], required=False
)


class HongzhongWinnerSerializer(serializers.Serializer):
    """One winner of a 紅中 round (HZ12.1): several may win on one discard (一炮多響, HZ3.3)."""

    seat = serializers.ChoiceField(["E", "S", "W", "N"])
    concealed = serializers.CharField(
        allow_blank=True, help_text="The winner's standing tiles, winning tile included (HZ5.5)"
    )
    win_tile = serializers.CharField(help_text="One of concealed; 5z is a drawn 紅中 (HZ6.4)")
    melds = MeldSerializer(
        many=True, required=False, help_text="pung, kong, added_kong, concealed_kong (HZ5.1)"
    )
    birds = serializers.CharField(
        required=False,
        allow_blank=True,
        help_text="The bird tiles this winner counts (HZ8.1); absent: none",
    )


class HongzhongKongSerializer(serializers.Serializer):
    """A kong of a player who did not win (HZ5.3); it pays its owner (HZ10)."""

    seat = serializers.ChoiceField(["E", "S", "W", "N"])
    kind = serializers.ChoiceField(["kong", "added_kong", "concealed_kong"])
    tiles = serializers.CharField(required=False, help_text="For display: four identical tiles")


HongzhongKongSerializer._declared_fields["from"] = serializers.ChoiceField(
    ["E", "S", "W", "N"], required=False, help_text="The feeder: required on a kong (HZ5.2)"
)


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
    # Anji's own (AJ14.1): a round takes the fields of its sitting's game.
    flowers = serializers.CharField(required=False, help_text="Anji: the winner's flowers, 1f–8f")
    piao = serializers.IntegerField(required=False, min_value=0, help_text="Anji")
    piao_flowers = serializers.IntegerField(required=False, min_value=0, help_text="Anji")
    jia_piao = serializers.BooleanField(required=False, help_text="Anji")
    discarder = serializers.ChoiceField(
        ["E", "S", "W", "N"],
        required=False,
        help_text="Anji, with the discard_win house rule; 紅中: the seat whose discard (or kong "
        "tile) the winners took, absent for a self-draw (HZ12.1)",
    )
    # 紅中's own (HZ12.1): a win names its winners (at least one), a draw none and may carry the
    # kongs made, which still pay (HZ10.3).
    winners = HongzhongWinnerSerializer(
        many=True,
        required=False,
        help_text="紅中: every winner (one, or two or three on one discard); empty: a draw",
    )
    robbed_kong = serializers.BooleanField(
        required=False, help_text="紅中: the winners robbed the kong the discarder was making"
    )
    kongs = HongzhongKongSerializer(
        many=True, required=False, help_text="紅中: the kongs of players who did not win"
    )
    piao_fen = serializers.DictField(
        child=serializers.IntegerField(min_value=0, max_value=10, allow_null=True),
        required=False,
        help_text="紅中: each seat's 飄分, 0 … piao_fen_max (HZ9.1); a seat left out is 0",
    )
    # Not part of the round: the number a new round is meant to take (docs/api.md).
    expected_round = serializers.IntegerField(
        min_value=1,
        required=False,
        help_text="The number this round is meant to take (the state's next_round when the form "
        "was opened). If the sitting has moved on, nothing is recorded: 409 E_CONFLICT with the "
        "round that is there and next_round. Absent: the next number, whatever it is",
    )


class RoundCorrectionSerializer(RoundEntrySerializer):
    """A correction: the round body, and the version of the round it was made on."""

    expected_round = None  # type: ignore[assignment]  # a new round's only: DRF drops it
    version = serializers.IntegerField(
        min_value=1,
        required=False,
        help_text="The round's version the correction was made on. If the round has been "
        "corrected or voided since, nothing changes: 409 E_CONFLICT with the round as it is now. "
        "Absent: correct whatever version is there",
    )


def winners_field() -> serializers.ListField:
    return serializers.ListField(
        child=serializers.ChoiceField(SEATS),
        help_text="Every winner's seat, in seat order E S W N: one, or several on one discard "
        "(紅中's 一炮多響, HZ3.3); empty for a draw",
    )


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    result = serializers.ChoiceField(["win", "draw", "adjustment", "seats"])
    winner = serializers.ChoiceField(
        SEATS, allow_null=True, help_text="The first of winners; null for a draw"
    )
    winners = winners_field()
    dealer = serializers.ChoiceField(SEATS)
    dealer_streak = serializers.IntegerField()
    dealer_base = serializers.IntegerField()
    fan = serializers.IntegerField(allow_null=True)
    total = serializers.CharField()
    voided = serializers.BooleanField()
    version = serializers.IntegerField(
        min_value=1,
        help_text="1 when recorded, one more with each correction or void; a correction may send "
        "it back as its version",
    )
    hand = serializers.DictField(
        help_text="The hand fields as entered, tiles in canonical notation; empty for a draw"
    )
    rules_version = serializers.IntegerField()
    scoring = game_result(allow_null=True, required=True)
    payments = PaymentSerializer(many=True)
    fees = FeeSerializer(many=True, help_text="Table fees taken at this entry (not in balances)")
    recorded_at = serializers.DateTimeField(allow_null=True)
    corrected_at = serializers.DateTimeField(allow_null=True)
    voided_at = serializers.DateTimeField(allow_null=True)
    adjustment = AdjustmentEntrySerializer(
        required=False, help_text="Only for an adjustment (result adjustment): what it names"
    )
    seat_change = SeatMoveSerializer(
        many=True,
        required=False,
        help_text="Only for a seat change (result seats): who moved from which seat to which",
    )


class RoundAnswerSerializer(RoundSerializer):
    state = StateSerializer(help_text="The session's state after the change")


class ConflictSerializer(ErrorSerializer):
    """409 E_CONFLICT. When a round body named a round that has moved on (`expected_round`
    taken already, or `version` stale), the error comes with the round that is there and the
    number the next round would take; other conflicts (an archived sitting, two writes that met,
    a voided round corrected) are the error object alone."""

    round = RoundSerializer(
        allow_null=True,
        required=False,
        help_text="The round recorded under expected_round (or the round corrected, as it is "
        "now); null when there is none to show",
    )
    next_round = serializers.IntegerField(
        min_value=1, required=False, help_text="The number the next round recorded would take"
    )
