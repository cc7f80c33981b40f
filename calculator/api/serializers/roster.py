"""The shapes of the roster: a player, with the sittings they played, and the bodies of a
rename, a merge and a link to an account."""

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


class PlayerRenameSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=40)


class PlayerMergeSerializer(serializers.Serializer):
    player = serializers.IntegerField(
        help_text="The other player of the caller's roster: merged into this one and deleted"
    )


class PlayerLinkSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
