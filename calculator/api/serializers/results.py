"""The engine's result of a hand, each game's own shape (Anqing's ``ScoreResult``, Anji's,
紅中's) and what every result shares (``GameResult``, ``game_result``), with their payments:
what ``/api/score/`` answers and a round carries as its ``scoring``. A game's shape is found by
its code through ``calculator.api.games``."""

from __future__ import annotations

from drf_spectacular.utils import PolymorphicProxySerializer
from rest_framework import serializers

from calculator.api.serializers.common import GAME_CODES, SEATS, with_from
from scoring.games import GAMES


class FedMeldSerializer(serializers.Serializer):
    """A meld that made a payment liable: its kind, its tiles when known, feeder → receiver."""

    kind = serializers.ChoiceField(["chi", "pung", "kong", "added_kong"])
    tiles = serializers.CharField(required=False)
    to = serializers.ChoiceField(SEATS)


with_from(FedMeldSerializer)


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


with_from(PaymentSerializer)


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


with_from(AnjiPaymentSerializer)


class AnjiResultSerializer(serializers.Serializer):
    """An Anji result (AJ14.2): rows counted in points; each other player pays X."""

    game = serializers.CharField(help_text='"anji"')
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


with_from(ReadingSetSerializer, required=False, allow_null=True, help_text="A meld's feeder")


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


with_from(HongzhongWinPaymentSerializer)


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


with_from(KongPaymentSerializer)


class MergedPaymentSerializer(serializers.Serializer):
    """What one seat pays another in the round, win and kong payments together."""

    to = serializers.ChoiceField(SEATS)
    amount = serializers.CharField(help_text="Decimal string, never 0")


with_from(MergedPaymentSerializer)


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
