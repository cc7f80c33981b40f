"""The shapes of a sitting: a new one, its summary, its detail and state, the share link's view
of it, a rules change, its members, an invite and the share token."""

from __future__ import annotations

from rest_framework import serializers

from calculator.api.serializers.common import (
    GAME_CODES,
    RULESETS,
    SEATS,
    SeatMoneySerializer,
    SeatNamesSerializer,
)
from calculator.api.serializers.fees import SeatFeesSerializer
from calculator.api.serializers.seat_draw import SeatDrawRecordSerializer


class SessionCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=100)
    game = serializers.ChoiceField(GAME_CODES, required=False, help_text="Absent: anqing")
    player_count = serializers.IntegerField(
        min_value=2,
        max_value=4,
        required=False,
        help_text="One of the game's seat counts (anqing 4; anji 2, 3 or 4; hongzhong 4); absent: "
        "the most",
    )
    players = serializers.ListField(
        child=serializers.CharField(max_length=40),
        min_length=2,
        max_length=4,
        help_text="player_count names, for the seats E S W N in order: a name the caller's "
        "roster has is that person (the spaces around it aside, Latin letters in either case), "
        "a new name a new person of the roster",
    )
    player_ids = serializers.ListField(
        child=serializers.IntegerField(allow_null=True),
        min_length=2,
        max_length=4,
        required=False,
        help_text="Per seat, a roster player's id (whose name is the seat's name) or null: which "
        "of two people of one name sits there",
    )
    new_players = serializers.ListField(
        child=serializers.BooleanField(),
        min_length=2,
        max_length=4,
        required=False,
        help_text="Per seat, true: a new person of the roster although it has this name",
    )
    ruleset = serializers.ChoiceField(
        RULESETS, required=False, help_text="One of the game's rulesets; absent: its first"
    )
    base_silver = serializers.DecimalField(max_digits=12, decimal_places=4, default="1")
    rules = serializers.DictField(
        required=False, help_text="The game's house-rule overrides (R12, AJ13, HZ16)"
    )
    seat_draw = serializers.JSONField(
        required=False,
        help_text="How the seats were drawn: the record of POST /api/seat-draw/ (method and "
        "throws; players already in the seats drawn, the first dealer at E), or true to have "
        "the server shuffle players and throw (R2.2, AJ2.3, HZ2.2); absent or null: typed",
    )


class RulesChangeSerializer(serializers.Serializer):
    rules = serializers.DictField(help_text="The complete set of house-rule overrides (R12)")


class InviteSerializer(serializers.Serializer):
    username = serializers.CharField()


class StateSerializer(serializers.Serializer):
    dealer = serializers.ChoiceField(SEATS)
    dealer_streak = serializers.IntegerField()
    dealer_base = serializers.IntegerField(
        required=False, help_text="Anqing's (R8.1); absent in a game where no payment needs it"
    )
    next_round = serializers.IntegerField()
    balances = SeatMoneySerializer(help_text="The seats in play")


class SessionSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    owner = serializers.CharField()
    game = serializers.ChoiceField(GAME_CODES)
    player_count = serializers.IntegerField(min_value=2, max_value=4)
    ruleset = serializers.ChoiceField(RULESETS)
    base_silver = serializers.CharField()
    players = SeatNamesSerializer()
    created_at = serializers.DateTimeField()
    archived = serializers.BooleanField(help_text="Archived: read-only, out of the list")


class SharedSessionSerializer(SessionSummarySerializer):
    """A session as a share link shows it: without the owner's username."""

    owner = None  # type: ignore[assignment]  # DRF: None drops the inherited field
    rules = serializers.DictField()
    rules_version = serializers.IntegerField()
    seat_draw = SeatDrawRecordSerializer(
        allow_null=True, help_text="How the seats were drawn; null when they were typed"
    )
    state = StateSerializer()
    fees = serializers.DictField(
        child=SeatFeesSerializer(), help_text="Each seat's table fees: paid, collected, net"
    )


class SessionDetailSerializer(SharedSessionSerializer):
    owner = serializers.CharField()
    share_token = serializers.CharField(
        allow_null=True,
        help_text="Anyone with /api/share/{token}/ may read; null when the owner stopped sharing",
    )


class InvitedSerializer(serializers.Serializer):
    username = serializers.CharField()


class ShareTokenSerializer(serializers.Serializer):
    share_token = serializers.CharField(help_text="The new link: /share/{token}/ and /api/share/…")


class MemberSerializer(serializers.Serializer):
    username = serializers.CharField()
    owner = serializers.BooleanField(help_text="The sitting's owner (not removable)")
