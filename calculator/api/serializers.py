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


class RulesChangeSerializer(serializers.Serializer):
    rules = serializers.DictField(help_text="The complete set of house-rule overrides (R12)")


class InviteSerializer(serializers.Serializer):
    username = serializers.CharField()


class ScoreRequestSerializer(RoundEntrySerializer):
    result = None
    expected_round = None  # type: ignore[assignment]  # a round body's only
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
    field = serializers.CharField(
        required=False,
        help_text="The request field at fault, where the engine names one "
        "(e.g. discarder, winners[0].melds[1].from); the messages name it in words",
    )


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


class HongzhongItemSerializer(serializers.Serializer):
    """A row of HZ7.1's table that applies, a row worth 0 included."""

    code = serializers.CharField(help_text="ZI_MO, ZHUA_PAO, QI_DUI, PENG_PENG_HU, …")
    name = serializers.CharField(help_text="As HZ7.1's table writes it")
    points = serializers.IntegerField(help_text="WU_HONG_ZHONG's before the doubling (HZ7.2)")
    rule = serializers.CharField(required=False, help_text="Its HZ id")
    quote = serializers.CharField(
        required=False, allow_blank=True, help_text="The source words the rule book cites"
    )
    why = serializers.CharField(required=False)
    why_en = serializers.CharField(required=False)


class HongzhongSeatItemSerializer(HongzhongItemSerializer):
    """A win's item in the result's flat list: with its winner's seat."""

    seat = serializers.ChoiceField(SEATS)


class HongzhongLabelSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="PING_HU or QIANG_GANG_HU (HZ7.1)")
    name = serializers.CharField()


class HongzhongBirdSerializer(serializers.Serializer):
    tile = serializers.CharField()
    seat = serializers.ChoiceField(SEATS, help_text="The seat the bird falls on (HZ8.3)")
    value = serializers.IntegerField(
        required=False, help_text="Under yi_niao_quan_zhong: the bird's value, its hits (HZ8.4)"
    )


class ReadingSetSerializer(serializers.Serializer):
    """One set of a winner's reading (HZ14)."""

    set = serializers.ChoiceField(["chow", "pung", "kong", "pair"])
    tiles = serializers.CharField(help_text="The faces played")
    melded = serializers.BooleanField()
    printed = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="Each tile's printed face; only on a set holding a 紅中",
    )
    win = serializers.BooleanField(required=False, help_text="On the set of the winning tile")
    kind = serializers.CharField(
        required=False, help_text="A meld's own: pung, kong, added_kong or concealed_kong"
    )


_with_from(ReadingSetSerializer, required=False, allow_null=True, help_text="A meld's feeder")


class HongzhongPartSerializer(serializers.Serializer):
    """One covered seat's term of a 包三家 payment (HZ9.2)."""

    points = serializers.IntegerField()
    hand = serializers.IntegerField(help_text="H")
    hits = serializers.IntegerField()
    birds = serializers.IntegerField(help_text="The bird part (HZ8.5)")
    dealer = serializers.IntegerField(help_text="The dealer part (HZ9.1)")
    piao_fen = serializers.IntegerField(help_text="The 飄分 part (HZ9.1)")
    capped = serializers.BooleanField()


# "for" is a Python keyword too.
HongzhongPartSerializer._declared_fields["for"] = serializers.ChoiceField(
    SEATS, help_text="The seat whose payment the konger covers"
)


class HongzhongWinPaymentSerializer(serializers.Serializer):
    """P(W, L) (HZ9.1) with its terms; a 包三家 payment has ``parts`` instead of the terms."""

    to = serializers.ChoiceField(SEATS)
    amount = serializers.CharField(help_text="Decimal string: points × base silver")
    points = serializers.IntegerField()
    hand = serializers.IntegerField(required=False, help_text="H; absent under 包三家")
    hits = serializers.IntegerField(required=False)
    birds = serializers.IntegerField(required=False, help_text="The bird part (HZ8.5)")
    dealer = serializers.IntegerField(required=False, help_text="The dealer part (HZ9.1)")
    piao_fen = serializers.IntegerField(required=False, help_text="The 飄分 part (HZ9.1)")
    capped = serializers.BooleanField(required=False)
    parts = HongzhongPartSerializer(
        many=True, required=False, help_text="Only under bao_san_jia: the three covered terms"
    )


_with_from(HongzhongWinPaymentSerializer)


class HongzhongWinSerializer(serializers.Serializer):
    """One winner's account (HZ14), in request order."""

    seat = serializers.ChoiceField(SEATS)
    shape = serializers.CharField(help_text="standard or seven_pairs (HZ6)")
    reading = ReadingSetSerializer(many=True)
    items = HongzhongItemSerializer(many=True)
    labels = HongzhongLabelSerializer(many=True)
    hand_points = serializers.IntegerField(help_text="H (HZ7), after any doubling")
    birds = HongzhongBirdSerializer(many=True)
    payments = HongzhongWinPaymentSerializer(many=True, help_text="0-point rows included")
    total = serializers.CharField(help_text="The sum of its payments")


class KongPaymentSerializer(serializers.Serializer):
    """A kong's payment to its owner (HZ10), 0-point rows included."""

    to = serializers.ChoiceField(SEATS)
    amount = serializers.CharField()
    points = serializers.IntegerField()
    kind = serializers.CharField(help_text="kong, added_kong or concealed_kong")
    seat = serializers.ChoiceField(SEATS, help_text="The kong's owner")


_with_from(KongPaymentSerializer)


class MergedPaymentSerializer(serializers.Serializer):
    """What one seat pays another in the round, win and kong payments together."""

    to = serializers.ChoiceField(SEATS)
    amount = serializers.CharField(help_text="Decimal string, never 0")


_with_from(MergedPaymentSerializer)


class FourSeatMoneySerializer(serializers.Serializer):
    """A decimal string for each of the four seats."""

    E = serializers.CharField()
    S = serializers.CharField()
    W = serializers.CharField()
    N = serializers.CharField()


class HongzhongResultSerializer(serializers.Serializer):
    """A 紅中 result (HZ14): one account per winner, the kongs' payments, and the payments merged
    per payer → payee pair (what the ledger records)."""

    game = serializers.CharField(help_text='"hongzhong"')
    ruleset = serializers.CharField()
    outcome = serializers.ChoiceField(["self_draw", "discard", "robbed_kong", "draw"])
    discarder = serializers.ChoiceField(SEATS, allow_null=True)
    wins = HongzhongWinSerializer(many=True, help_text="Empty for a draw")
    items = HongzhongSeatItemSerializer(many=True, help_text="Every win's items, with its seat")
    kong_payments = KongPaymentSerializer(many=True)
    payments = MergedPaymentSerializer(
        many=True, help_text="Per ordered pair, in seat order of from then to; no 0 rows"
    )
    net = FourSeatMoneySerializer(help_text="Received minus paid; sums to zero")
    total = serializers.CharField(help_text="The sum of every payment amount of the round")
    next_dealer = serializers.ChoiceField(SEATS, help_text="HZ2.2")


class GameResultSerializer(serializers.Serializer):
    """What every game's result has (docs/api.md): the game, its items, the payments and their
    total."""

    game = serializers.ChoiceField(GAME_CODES)
    items = serializers.ListField(child=serializers.DictField())
    payments = serializers.ListField(child=serializers.DictField())
    total = serializers.CharField()


def game_result(**kwargs: object) -> PolymorphicProxySerializer:
    """The result of any game, told apart by ``game``: each game's own shape
    (``calculator.api.games``)."""
    from calculator.api.games import result_serializer

    return PolymorphicProxySerializer(
        component_name="GameResult",
        serializers={code: result_serializer(code, GameResultSerializer) for code in GAMES},
        resource_type_field_name="game",
        **kwargs,
    )


def _winners_field() -> serializers.ListField:
    return serializers.ListField(
        child=serializers.ChoiceField(SEATS),
        help_text="Every winner's seat, in seat order E S W N: one, or several on one discard "
        "(紅中's 一炮多響, HZ3.3); empty for a draw",
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


class AdjustmentEntrySerializer(serializers.Serializer):
    """An adjustment: money that is not a hand (a penalty, a side payment, a chip correction).
    It moves only what it names; the deal and the dealer's streak stay where they are."""

    kind = serializers.ChoiceField(["penalty", "side_payment", "chip_correction"])
    to = serializers.ChoiceField(
        SEATS,
        allow_null=True,
        required=False,
        help_text="Who is paid; for a penalty null (or absent) is each other player in play",
    )
    amount = serializers.CharField(
        help_text="Paid to each player paid: above 0, at most 4 decimal places, at most 1000000000"
    )
    reason = serializers.CharField(max_length=200, help_text="Why, in words (例如：詐胡)")

    def get_fields(self) -> dict:
        fields = super().get_fields()
        # "from" is a Python keyword: the field is added by name.
        fields["from"] = serializers.ChoiceField(SEATS, help_text="Who pays")
        return fields


class AdjustmentPostSerializer(AdjustmentEntrySerializer):
    expected_round = serializers.IntegerField(
        min_value=1, required=False, help_text="The number this entry is meant to take"
    )


class AdjustmentCorrectionSerializer(AdjustmentEntrySerializer):
    version = serializers.IntegerField(
        min_value=1, required=False, help_text="The entry's version this correction was made on"
    )


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    result = serializers.ChoiceField(["win", "draw", "adjustment"])
    winner = serializers.ChoiceField(
        SEATS, allow_null=True, help_text="The first of winners; null for a draw"
    )
    winners = _winners_field()
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
    recorded_at = serializers.DateTimeField(allow_null=True)
    corrected_at = serializers.DateTimeField(allow_null=True)
    voided_at = serializers.DateTimeField(allow_null=True)
    adjustment = AdjustmentEntrySerializer(
        required=False, help_text="Only for an adjustment (result adjustment): what it names"
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


class LedgerAdjustmentSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(["penalty", "side_payment", "chip_correction"])
    reason = serializers.CharField()


class LedgerRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    result = serializers.ChoiceField(["win", "draw", "adjustment"])
    adjustment = LedgerAdjustmentSerializer(
        required=False, help_text="Only for an adjustment: its kind and reason"
    )
    winner = serializers.ChoiceField(
        SEATS, allow_null=True, help_text="The first of winners; null for a draw"
    )
    winners = _winners_field()
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
    result = serializers.ChoiceField(["win", "draw", "adjustment"])
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


class LastSittingSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    date = serializers.DateTimeField()


class PlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    label = serializers.CharField(help_text='The name, numbered for a second of one name: "小李 (2)"')
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
