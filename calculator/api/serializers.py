"""Request shapes, for the OpenAPI schema. The services check the bodies themselves, so that the
API, the pages and the import all refuse bad input with the same clear message."""

from __future__ import annotations

from drf_spectacular.utils import PolymorphicProxySerializer
from rest_framework import serializers

from scoring.games import GAMES

# Every game's code and every game's rulesets (each game checks its own: E_RULES).
GAME_CODES = list(GAMES)
RULESETS = [ruleset for game in GAMES.values() for ruleset in game.rulesets]

class MeldSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(["chi", "pung", "kong", "added_kong", "concealed_kong"])
    tiles = serializers.CharField(required=False)
    # "from" is a Python keyword: declared below under its real name.


MeldSerializer._declared_fields["from"] = serializers.ChoiceField(
    ["E", "S", "W", "N"], required=False
)


class SessionCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=100)
    game = serializers.ChoiceField(GAME_CODES, required=False, help_text="Absent: anqing")
    player_count = serializers.IntegerField(
        min_value=2,
        max_value=4,
        required=False,
        help_text="One of the game's seat counts (anqing 4; anji 2, 3 or 4); absent: the most",
    )
    players = serializers.ListField(
        child=serializers.CharField(max_length=40),
        min_length=2,
        max_length=4,
        help_text="player_count names, for the seats E S W N in order",
    )
    ruleset = serializers.ChoiceField(
        RULESETS, required=False, help_text="One of the game's rulesets; absent: its first"
    )
    base_silver = serializers.DecimalField(max_digits=12, decimal_places=4, default="1")
    rules = serializers.DictField(required=False, help_text="House-rule overrides (R12)")


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
        ["E", "S", "W", "N"], required=False, help_text="Anji, with the discard_win house rule"
    )


class RulesChangeSerializer(serializers.Serializer):
    rules = serializers.DictField(help_text="The complete set of house-rule overrides (R12)")


class InviteSerializer(serializers.Serializer):
    username = serializers.CharField()


class ScoreRequestSerializer(RoundEntrySerializer):
    result = None
    game = serializers.ChoiceField(
        GAME_CODES, required=False, allow_null=True, help_text="Absent or null: anqing"
    )
    player_count = serializers.IntegerField(
        min_value=2,
        max_value=4,
        required=False,
        help_text="The players at the table, for a game of 2–4 seats (anji); anqing ignores it",
    )
    ruleset = serializers.ChoiceField(
        RULESETS, required=False, help_text="One of the game's rulesets; absent: its first"
    )
    rules = serializers.DictField(required=False)
    dealer = serializers.ChoiceField(["E", "S", "W", "N"])
    dealer_streak = serializers.IntegerField(required=False, min_value=0)
    base_silver = serializers.CharField(required=False)


# --- answers, for the schema (the views answer with the selectors' plain data) ----------------

SEATS = ["E", "S", "W", "N"]


def _with_from(serializer: type[serializers.Serializer], **kwargs: object) -> None:
    """Declare a field named ``from`` (a Python keyword) on ``serializer``."""
    serializer._declared_fields["from"] = serializers.ChoiceField(SEATS, **kwargs)


class ErrorDetailSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="R11's codes, or E_INVALID, E_AUTH, E_NOT_FOUND, …")
    message = serializers.CharField(help_text="Chinese")
    message_en = serializers.CharField(help_text="English")


class ErrorSerializer(serializers.Serializer):
    error = ErrorDetailSerializer()


class SeatMoneySerializer(serializers.Serializer):
    """A decimal string per seat."""

    E = serializers.CharField()
    S = serializers.CharField()
    # Only the seats in play: a 3-player table has no N, a 2-player one no W either.
    W = serializers.CharField(required=False)
    N = serializers.CharField(required=False)


class SeatNamesSerializer(SeatMoneySerializer):
    """A player's name per seat."""


class FedMeldSerializer(serializers.Serializer):
    """A meld that made a payment liable: its kind, its tiles when known, feeder → receiver."""

    kind = serializers.ChoiceField(["chi", "pung", "kong", "added_kong"])
    tiles = serializers.CharField(required=False)
    to = serializers.ChoiceField(SEATS)


_with_from(FedMeldSerializer)


class PaymentSerializer(serializers.Serializer):
    to = serializers.ChoiceField(SEATS)
    amount = serializers.CharField(help_text="Decimal string")
    base = serializers.IntegerField()
    fan = serializers.IntegerField()
    bonus = serializers.IntegerField()
    multiplier = serializers.IntegerField()
    liability = serializers.ChoiceField(["shun", "fan", "both"], allow_null=True)
    # Only on a row with liability (R10): who fed which melds, the rule ids, the reason.
    fed = FedMeldSerializer(many=True, required=False)
    rule = serializers.CharField(required=False, help_text='e.g. "R10.1 R10.2 R10.5"')
    why = serializers.CharField(required=False)
    why_en = serializers.CharField(required=False)
    why_short = serializers.CharField(required=False)
    why_short_en = serializers.CharField(required=False)
    points = serializers.IntegerField(required=False, help_text="Anji: the payment in points")


_with_from(PaymentSerializer)


class NotCountedSerializer(serializers.Serializer):
    """A claimed item (跑風, 一龍, 碰碰胡, 門清, 七對, 大吊車, 槓開) or 包 the hand nearly has."""

    code = serializers.CharField()
    why = serializers.CharField(help_text="Chinese")
    why_en = serializers.CharField(help_text="English")


class ScoreResultSerializer(serializers.Serializer):
    """The engine's result (docs/api.md); explanation fields ride along in the items."""

    game = serializers.ChoiceField(GAME_CODES, help_text="The game that scored the hand")
    ruleset = serializers.CharField()
    wild = serializers.CharField()
    stand_in = serializers.CharField(allow_null=True)
    bar_faces = serializers.ListField(child=serializers.CharField())
    shape = serializers.ChoiceField(["standard", "seven_pairs", "da_diao_che", "thirteen_lan"])
    reading = serializers.ListField(child=serializers.DictField())
    items = serializers.ListField(child=serializers.DictField())
    labels = serializers.ListField(child=serializers.DictField())
    fan = serializers.IntegerField()
    dealer_base = serializers.IntegerField()
    lianzhuang_bonus = serializers.IntegerField(required=False)
    base_silver = serializers.CharField(required=False)
    payments = PaymentSerializer(many=True)
    total = serializers.CharField()
    not_counted = NotCountedSerializer(
        many=True,
        required=False,
        help_text="Only when the hand nearly has an item players often claim: why it does not count",
    )


class AnjiPaymentSerializer(serializers.Serializer):
    """One Anji payment (AJ11): each other player pays X points × base silver."""

    to = serializers.ChoiceField(SEATS)
    amount = serializers.CharField(help_text="Decimal string")
    points = serializers.IntegerField()


_with_from(AnjiPaymentSerializer)


class AnjiResultSerializer(serializers.Serializer):
    """An Anji result (AJ14.2): rows counted in points; each other player pays X."""

    game = serializers.CharField(help_text="\"anji\"")
    ruleset = serializers.CharField()
    player_count = serializers.IntegerField(min_value=2, max_value=4)
    wild = serializers.CharField(help_text="The 財神 (AJ4)")
    shape = serializers.CharField()
    reading = serializers.ListField(child=serializers.DictField())
    has_wild = serializers.BooleanField()
    flower_count = serializers.IntegerField()
    items = serializers.ListField(
        child=serializers.DictField(), help_text="Rows with code, name, points, count, part, rule"
    )
    not_counted = serializers.ListField(
        child=serializers.DictField(), help_text="Rows that applied but did not count (AJ7.3)"
    )
    x = serializers.IntegerField(help_text="What each paying player pays, in points")
    x_discarder = serializers.IntegerField(
        allow_null=True, help_text="What the discarder pays on a discard win"
    )
    payments = AnjiPaymentSerializer(many=True)
    total = serializers.CharField()


def game_result(**kwargs: object) -> PolymorphicProxySerializer:
    """The result of any game, told apart by ``game``."""
    return PolymorphicProxySerializer(
        component_name="GameResult",
        serializers={"anqing": ScoreResultSerializer, "anji": AnjiResultSerializer},
        resource_type_field_name="game",
        **kwargs,
    )


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
    state = StateSerializer()


class SessionDetailSerializer(SharedSessionSerializer):
    owner = serializers.CharField()
    share_token = serializers.CharField(
        allow_null=True,
        help_text="Anyone with /api/share/{token}/ may read; null when the owner stopped sharing",
    )


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    result = serializers.ChoiceField(["win", "draw"])
    winner = serializers.ChoiceField(SEATS, allow_null=True)
    dealer = serializers.ChoiceField(SEATS)
    dealer_streak = serializers.IntegerField()
    dealer_base = serializers.IntegerField()
    fan = serializers.IntegerField(allow_null=True)
    total = serializers.CharField()
    voided = serializers.BooleanField()
    hand = serializers.DictField(
        help_text="The hand fields as entered, tiles in canonical notation; empty for a draw"
    )
    rules_version = serializers.IntegerField()
    scoring = game_result(allow_null=True, required=True)
    payments = PaymentSerializer(many=True)
    recorded_at = serializers.DateTimeField(allow_null=True)
    corrected_at = serializers.DateTimeField(allow_null=True)
    voided_at = serializers.DateTimeField(allow_null=True)


class RoundAnswerSerializer(RoundSerializer):
    state = StateSerializer(help_text="The session's state after the change")


class LedgerRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    result = serializers.ChoiceField(["win", "draw"])
    winner = serializers.ChoiceField(SEATS, allow_null=True)
    dealer = serializers.ChoiceField(SEATS)
    dealer_streak = serializers.IntegerField()
    fan = serializers.IntegerField(allow_null=True)
    voided = serializers.BooleanField()
    payments = PaymentSerializer(many=True)
    balances = SeatMoneySerializer(help_text="Running balances after this round")


class LedgerSerializer(serializers.Serializer):
    players = SeatNamesSerializer()
    rounds = LedgerRoundSerializer(many=True)
    balances = SeatMoneySerializer(help_text="After the sitting's last round, whatever the page")
    total_rounds = serializers.IntegerField(help_text="Rounds of the sitting, on every page")
    offset = serializers.IntegerField(help_text="Rounds before this page's first")
    limit = serializers.IntegerField()


class StandingSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    seat = serializers.ChoiceField(SEATS)
    name = serializers.CharField()
    balance = serializers.CharField()


class TransferSerializer(serializers.Serializer):
    to = serializers.ChoiceField(SEATS)
    amount = serializers.CharField()


_with_from(TransferSerializer)


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


class ExportRulesVersionSerializer(serializers.Serializer):
    number = serializers.IntegerField(min_value=1)
    rules = serializers.DictField()


class ExportRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField(min_value=1)
    result = serializers.ChoiceField(["win", "draw"])
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
    rules_versions = ExportRulesVersionSerializer(many=True, required=False)
    rounds = ExportRoundSerializer(many=True, required=False)
    balances = SeatMoneySerializer(required=False)


class ShareSerializer(serializers.Serializer):
    session = SharedSessionSerializer()
    ledger = LedgerSerializer()
    rounds = RoundSerializer(many=True)


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()


class InvitedSerializer(serializers.Serializer):
    username = serializers.CharField()


def errors(*statuses: int) -> dict[int, type[ErrorSerializer]]:
    """The error object for each status an operation may answer with."""
    return dict.fromkeys(statuses, ErrorSerializer)


class ShareTokenSerializer(serializers.Serializer):
    share_token = serializers.CharField(help_text="The new link: /share/{token}/ and /api/share/…")


class MemberSerializer(serializers.Serializer):
    username = serializers.CharField()
    owner = serializers.BooleanField(help_text="The sitting's owner (not removable)")
