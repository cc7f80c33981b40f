"""The shapes of the roster: a player, with the sittings they played, their statistics over a
period, and the bodies of an add, a rename, a merge and a link to an account."""

from __future__ import annotations

from rest_framework import serializers

from calculator.api.serializers.common import GAME_CODES, SEATS


class LastSittingSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    date = serializers.DateTimeField()


class PlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    label = serializers.CharField(
        help_text='The name, numbered for a second of one name: "小李 (2)"'
    )
    owner = serializers.CharField(help_text="Whose roster the player is on")
    user = serializers.CharField(allow_null=True, help_text="The account linked to the player")
    yours = serializers.BooleanField(help_text="On the caller's roster (the caller may change it)")
    linked = serializers.BooleanField(
        help_text="Linked to the caller's account (read-only unless also yours)"
    )
    sitting_count = serializers.IntegerField()
    last_sitting = LastSittingSerializer(allow_null=True)


class PlayedSittingSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.ChoiceField(GAME_CODES)
    date = serializers.DateTimeField()
    seat = serializers.ChoiceField(SEATS)
    balance = serializers.CharField(help_text="The player's balance at that sitting")
    archived = serializers.BooleanField()


class PlayerDetailSerializer(PlayerSerializer):
    sittings = PlayedSittingSerializer(many=True, help_text="Newest first")


class PlayerAddSerializer(serializers.Serializer):
    name = serializers.CharField(
        max_length=40, help_text="1 to 40 characters, spaces around dropped"
    )
    distinct = serializers.BooleanField(
        required=False,
        default=False,
        help_text=(
            "A different person of a name the roster has already (without it, such a name is "
            "refused: it is the person who is there)"
        ),
    )


class PlayerRenameSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=40)


class PlayerMergeSerializer(serializers.Serializer):
    player = serializers.IntegerField(
        help_text="The other player of the caller's roster: merged into this one and deleted"
    )


class PlayerLinkSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)


class RecordPeriodSerializer(serializers.Serializer):
    period = serializers.ChoiceField(["month", "year", "all", "range"])


RecordPeriodSerializer._declared_fields["from"] = serializers.DateField(
    allow_null=True, help_text="The first day counted (null: from the first sitting)"
)
RecordPeriodSerializer._declared_fields["to"] = serializers.DateField(
    allow_null=True, help_text="The last day counted (null: up to today)"
)


class RecordBiggestSerializer(serializers.Serializer):
    value = serializers.IntegerField(help_text="In the game's unit")
    session = serializers.IntegerField(
        allow_null=True, help_text="Its sitting, when the caller may open it"
    )
    session_name = serializers.CharField(allow_null=True)
    round = serializers.IntegerField(allow_null=True)


class RecordGameSerializer(serializers.Serializer):
    game = serializers.ChoiceField(GAME_CODES)
    unit = serializers.ChoiceField(
        ["fan", "points"], help_text="fan (Anqing, R7) or points (Anji's X, 紅中's hand points)"
    )
    sittings = serializers.IntegerField()
    balance = serializers.CharField(help_text="Won (or lost, negative) at this game")
    hands = serializers.IntegerField(help_text="Rounds played that were not voided")
    wins = serializers.IntegerField()
    self_draws = serializers.IntegerField()
    dealer_wins = serializers.IntegerField(help_text="Wins while dealing")
    deal_ins = serializers.IntegerField(
        allow_null=True, help_text="Wins paid as the discarder; null for a game of no discard wins"
    )
    average = serializers.CharField(
        allow_null=True, help_text="The average hand over the wins; null without a win"
    )
    biggest = RecordBiggestSerializer(allow_null=True, help_text="null without a win")


class RecordCurveSerializer(serializers.Serializer):
    session = serializers.IntegerField()
    name = serializers.CharField()
    date = serializers.DateTimeField()
    balance = serializers.CharField(help_text="The player's balance at that sitting")
    running = serializers.CharField(help_text="The total after that sitting")


class PlayerRecordSerializer(serializers.Serializer):
    period = RecordPeriodSerializer()
    sittings = serializers.IntegerField()
    balance = serializers.CharField(help_text="The total won (or lost, negative)")
    from_hands = serializers.CharField(help_text="The part of balance the hands moved")
    adjusted = serializers.CharField(
        help_text="The part of balance adjustments moved (penalties, side payments, chip "
        "corrections): balance = from_hands + adjusted"
    )
    penalties = serializers.IntegerField(help_text="Penalties the player paid")
    fees_paid = serializers.CharField(help_text="Table fees paid (not in balance)")
    fees_collected = serializers.CharField(help_text="Table fees collected to pay the room")
    net = serializers.CharField(help_text="balance − fees_paid + fees_collected")
    hands = serializers.IntegerField(help_text="Rounds played that were not voided")
    wins = serializers.IntegerField()
    self_draws = serializers.IntegerField()
    dealer_wins = serializers.IntegerField(help_text="Wins while dealing")
    deal_ins = serializers.IntegerField(
        allow_null=True, help_text="Wins paid as the discarder; null when only Anqing was played"
    )
    games = RecordGameSerializer(many=True, help_text="One per game played")
    curve = RecordCurveSerializer(many=True, help_text="The sittings, oldest first")
