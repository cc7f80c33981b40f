"""A sitting of four players: its seats, house-rule versions, rounds and payments.

Money is a Decimal end to end. A balance is the sum of the payments of the rounds that are not
voided (R9: every payment is zero-sum with the winner); the services keep that sum, after each
round and for the sitting, in the same transaction as the payments, so pages read it instead of
adding up the history (tests re-derive it from the payments).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from decimal import Decimal
from functools import partial
from typing import Any

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models

SEAT_CHOICES = [("E", "東"), ("S", "南"), ("W", "西"), ("N", "北")]


# A new share token: 16 random bytes, URL-safe. A partial rather than a function of this module,
# so the migrations that give it as a field's default hold it without importing the app.
new_share_token: Callable[[], str] = partial(secrets.token_urlsafe, 16)


def roster_key(name: str) -> str:
    """What makes two typed names the same person's on a roster: the name without the spaces
    around it, Latin letters in either case ("Ann" is "ann"); every other character as written."""
    return "".join(char.lower() if char.isascii() else char for char in name.strip())


class Player(models.Model):
    """A person on a user's roster (``owner``): the same row at every sitting they sit down at,
    so balances and stats follow the person across sittings. Optionally linked to an account
    (``user``), which may then read the sittings this person played."""

    name = models.CharField(max_length=40)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="roster"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="players",
    )

    def __str__(self) -> str:
        return self.name


class Session(models.Model):
    """One sitting (一場) of four players, E S W N in seat order (R2.1)."""

    name = models.CharField(max_length=100)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="owned_sessions"
    )
    # People the owner invited: they may record and correct rounds like the owner.
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="shared_sessions"
    )
    # The game (scoring.games.GAMES) and how many play: the seats in play are the first
    # ``player_count`` of E S W N (a 3-player table has no north, a 2-player one no west either).
    game = models.CharField(max_length=20, default="anqing")
    player_count = models.PositiveSmallIntegerField(default=4)
    east = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    south = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    west = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    north = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="+", null=True, blank=True
    )
    # The seats above are the seating now: a seat change (a ``Round`` of result ``seats``) moves
    # the people. ``opening`` is the seating the sitting was opened with, the players' keys in
    # E S W N order (``selectors.seating``), written at its first seat change; "" while the
    # seats above are still the opening ones.
    opening = models.CharField(max_length=100, blank=True, default="")
    # The game's ruleset (Anqing: anqing or anqing-daque; Anji: anji; …).
    ruleset = models.CharField(max_length=20, default="anqing")
    # R9: 基礎銀子, the factor every payment is multiplied by.
    base_silver = models.DecimalField(
        max_digits=12,
        decimal_places=4,
        default=Decimal("1"),
        validators=[MinValueValidator(Decimal("0.0001"))],
    )
    # The read-only link's token; null once the owner has revoked the link (a new one can be
    # made at any time, which also "rotates" it: the old link stops working).
    share_token = models.CharField(
        max_length=40, unique=True, null=True, blank=True, default=new_share_token
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Set when the owner archives the sitting: it leaves the lists and takes no new rounds, but
    # can still be read, exported and restored.
    archived_at = models.DateTimeField(null=True, blank=True)
    # Goes up by one with every change to the sitting's history (a round recorded, corrected,
    # voided or undone, new house rules): pages ask "anything new since version N?" cheaply.
    version = models.PositiveIntegerField(default=0)
    # What the history gives, kept up to date by every service that changes it (in the same
    # transaction), so that no page re-adds the whole sitting: each seat's balance over the rounds
    # that count, who deals the next round with which streak (R2.2), and the newest round number.
    balance_e = models.DecimalField(max_digits=24, decimal_places=4, default=Decimal("0"))
    balance_s = models.DecimalField(max_digits=24, decimal_places=4, default=Decimal("0"))
    balance_w = models.DecimalField(max_digits=24, decimal_places=4, default=Decimal("0"))
    balance_n = models.DecimalField(max_digits=24, decimal_places=4, default=Decimal("0"))
    next_dealer = models.CharField(max_length=1, choices=SEAT_CHOICES, default="E")
    next_streak = models.PositiveIntegerField(default=0)
    last_number = models.PositiveIntegerField(default=0)
    # Set by the owner once the money of the sitting has changed hands (and cleared to take that
    # back): a group's settle-up across its sittings sums only those not paid out yet.
    paid_out_at = models.DateTimeField(null=True, blank=True)
    paid_out_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # How the seats were drawn when the sitting was opened with a draw (R2.2, AJ2.3, HZ2.2):
    # ``{"method": …, "throws": [{"seat": …, "dice": [a, b]}, …]}``, the seats those of the
    # sitting, the first dealer at E (services.seat_draw); null when the seats were typed.
    seat_draw = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.name

    def seat_players(self) -> dict[str, Player]:
        """The players of the seats in play, E S W N order."""
        players = {"E": self.east, "S": self.south, "W": self.west, "N": self.north}
        return {seat: players[seat] for seat in "ESWN"[: self.player_count]}


class RulesVersion(models.Model):
    """The house rules (R12) in force from a point of the sitting on.

    A change makes a new version; rounds keep the version they were scored with, so changing the
    rules never rewrites history (R12).
    """

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="rules_versions")
    number = models.PositiveIntegerField()
    overrides = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="unique_rules_version")
        ]

    def __str__(self) -> str:
        return f"{self.session} rules v{self.number}"


class Round(models.Model):
    """One hand of the sitting: a win (R3; in 紅中 on a discard too, by one or several winners) or
    a draw (荒莊).

    ``dealer``, ``dealer_streak`` and ``dealer_base`` are derived from the earlier rounds of the
    session (R2.2, R8.1) by the services and rewritten whenever history before the round changes.
    """

    WIN = "win"
    DRAW = "draw"
    # Not a hand: a penalty, a side payment or a chip correction between players, entered with a
    # reason in words. It moves only the money it names, never the deal or the dealer's streak
    # (the rule books say nothing of penalties), and is corrected and voided like a hand.
    ADJUSTMENT = "adjustment"
    # Not a hand either: the people at the table change seats (換座位). It moves no money; each
    # person's balance goes with them to their new seat, and the deal stays with the seat that
    # was to deal next (R2.2, AJ2.3, HZ2.2 are written by seat).
    SEAT_CHANGE = "seats"
    RESULT_CHOICES = [(WIN, "胡"), (DRAW, "荒莊"), (ADJUSTMENT, "調整"), (SEAT_CHANGE, "換座位")]

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    result = models.CharField(max_length=10, choices=RESULT_CHOICES)
    # The winner's seat; with several winners on one discard (紅中 一炮多響, HZ9.2) their seats in
    # play order ("ES"); "" for a draw.
    winner = models.CharField(max_length=4, blank=True)
    # The hand fields of the request (docs/api.md), without the context; tiles are stored in the
    # engine's canonical notation.
    hand = models.JSONField(default=dict, blank=True)
    rules_version = models.ForeignKey(RulesVersion, on_delete=models.PROTECT, related_name="rounds")
    dealer = models.CharField(max_length=1, choices=SEAT_CHOICES)
    dealer_streak = models.PositiveIntegerField(default=0)
    dealer_base = models.PositiveIntegerField(default=8)
    fan = models.PositiveIntegerField(null=True, blank=True)
    # The engine's whole result for a win (and for a 紅中 draw, whose kongs may pay, HZ11); null
    # for a draw that moves no money.
    scoring = models.JSONField(null=True, blank=True)
    voided = models.BooleanField(default=False)
    # Each seat's running balance after this round (a voided round carries the one before it):
    # the ledger, the chart and any page of rounds read them instead of adding up history.
    balance_e = models.DecimalField(max_digits=24, decimal_places=4, default=Decimal("0"))
    balance_s = models.DecimalField(max_digits=24, decimal_places=4, default=Decimal("0"))
    balance_w = models.DecimalField(max_digits=24, decimal_places=4, default=Decimal("0"))
    balance_n = models.DecimalField(max_digits=24, decimal_places=4, default=Decimal("0"))
    # The seating after this round (the players' keys in E S W N order, ``selectors.seating``):
    # a hand's is the seating it was played in, a seat change's the one it made, a voided seat
    # change's the one before it; "" is the sitting's opening seating.
    seating = models.CharField(max_length=100, blank=True, default="")
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # 1 when recorded, one more with each correction or void: a correction form names the version
    # it was opened on, and is refused (E_CONFLICT) if the round changed since.
    version = models.PositiveIntegerField(default=1)
    recorded_at = models.DateTimeField(auto_now_add=True)
    corrected_at = models.DateTimeField(null=True, blank=True)
    voided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["session", "number"]
        constraints = [
            # Two rounds posted at once can never share a number.
            models.UniqueConstraint(fields=["session", "number"], name="unique_round_number")
        ]

    def __str__(self) -> str:
        return f"{self.session} #{self.number}"


class Payment(models.Model):
    """What one seat pays another in a round (R9, R10): one row per payer → payee. A round with
    several winners or with kong payments (紅中, HZ14) has one row per ordered pair that pays."""

    LIABILITY_CHOICES = [("shun", "順包"), ("fan", "反包"), ("both", "互為包")]

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="payments")
    payer = models.CharField(max_length=1, choices=SEAT_CHOICES)
    payee = models.CharField(max_length=1, choices=SEAT_CHOICES)
    amount = models.DecimalField(max_digits=16, decimal_places=4)
    # Anqing's parts of the amount (R9, R10); games that count points keep them in ``points``.
    base = models.PositiveIntegerField(default=0)
    fan = models.PositiveIntegerField(default=0)
    bonus = models.PositiveIntegerField(default=0)
    multiplier = models.PositiveIntegerField(default=1)
    points = models.PositiveIntegerField(null=True, blank=True)
    liability = models.CharField(max_length=4, choices=LIABILITY_CHOICES, null=True, blank=True)

    class Meta:
        ordering = ["round", "id"]
        constraints = [
            models.UniqueConstraint(fields=["round", "payer", "payee"], name="one_payment_per_pair")
        ]

    def __str__(self) -> str:
        return f"{self.payer}→{self.payee} {self.amount}"


class SeatTotals(models.Model):
    """What one seat of a sitting did over the rounds that count (not voided), kept by the
    services in the same transaction as every change of the sitting's history, so a player's
    page adds up one row per sitting instead of the rounds (``services.totals.seat_totals_refresh``).

    ``biggest`` and ``hand_sum`` are in the game's own unit: fan for Anqing (R7), X for Anji,
    hand points for 紅中 (HZ7); a player's page never adds fan and points together."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="seat_totals")
    seat = models.CharField(max_length=1, choices=SEAT_CHOICES)
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seat_totals")
    balance = models.DecimalField(max_digits=24, decimal_places=4, default=Decimal("0"))
    hands = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    self_draws = models.PositiveIntegerField(default=0)
    dealer_wins = models.PositiveIntegerField(default=0)
    rounds_dealt = models.PositiveIntegerField(default=0)
    # Paying as the discarder of a win (Anji, 紅中; Anqing has no discard win).
    deal_ins = models.PositiveIntegerField(default=0)
    biggest = models.PositiveIntegerField(null=True, blank=True)
    biggest_round = models.PositiveIntegerField(null=True, blank=True)
    hand_sum = models.PositiveBigIntegerField(default=0)
    # What the seat paid under 包 (R10) and in how many payments.
    paid_under_bao = models.DecimalField(max_digits=24, decimal_places=4, default=Decimal("0"))
    bao_payments = models.PositiveIntegerField(default=0)
    # Adjustments (not hands): what they moved for the seat, net (in the balance too), and the
    # penalties it paid.
    adjusted = models.DecimalField(max_digits=24, decimal_places=4, default=Decimal("0"))
    penalties = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["session", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["session", "seat"], name="one_totals_per_seat")
        ]

    def __str__(self) -> str:
        return f"{self.session} {self.seat}"


class PairTotals(models.Model):
    """What one seat of a sitting paid another over the rounds that count (not voided): the sum
    of their ``Payment`` rows payer → payee, kept by the services with ``SeatTotals`` (one row
    for every ordered pair of the seats in play, from the sitting's creation on), so a group's
    head-to-head adds up a few rows a sitting instead of the payments
    (``services.totals.pair_totals_refresh``)."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="pair_totals")
    payer = models.CharField(max_length=1, choices=SEAT_CHOICES)
    payee = models.CharField(max_length=1, choices=SEAT_CHOICES)
    amount = models.DecimalField(max_digits=24, decimal_places=4, default=Decimal("0"))

    class Meta:
        ordering = ["session", "payer", "payee"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "payer", "payee"], name="one_totals_per_pair"
            )
        ]

    def __str__(self) -> str:
        return f"{self.session} {self.payer}→{self.payee} {self.amount}"


class Group(models.Model):
    """People of a user's roster who play together (一群牌友): their standings over the sittings
    where only they sit. Seen by its owner, its ``members`` and the accounts linked to one of its
    players; changed by its owner only."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="owned_groups"
    )
    name = models.CharField(max_length=60)
    players = models.ManyToManyField(Player, blank=True, related_name="groups")
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="shared_groups"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name


class IdempotentAnswer(models.Model):
    """The first answer given to a request carrying a one-time key: the API's ``Idempotency-Key``
    header (one per session), or the key every page form that changes a sitting carries (no
    session: one per user, since some of those forms make or delete the sitting itself).

    The key is bound to the user who sent it and to a hash of the body: the same key with another
    body (or from another user) is refused instead of replaying an answer to a different request.
    """

    session = models.ForeignKey(
        Session, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    key = models.CharField(max_length=200)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    # SHA-256 (hex) of the canonical JSON of the request body.
    body_hash = models.CharField(max_length=64, blank=True, default="")
    status = models.PositiveSmallIntegerField()
    # The answer's JSON as written the first time, kept as text: PostgreSQL's jsonb would give
    # the keys back in its own order, and a replay is the first answer byte for byte.
    body = models.TextField(default="{}")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["session", "key"], name="unique_idempotency_key"),
            models.UniqueConstraint(
                fields=["user", "key"],
                condition=models.Q(session__isnull=True),
                name="unique_form_key",
            ),
        ]
        indexes = [models.Index(fields=["created_at"], name="idempotency_created")]

    @property
    def answer(self) -> Any:
        """The kept answer, its keys in the order they were first written."""
        return json.loads(self.body) if self.body else {}


BALANCE_FIELDS = {"E": "balance_e", "S": "balance_s", "W": "balance_w", "N": "balance_n"}


class Fee(models.Model):
    """Money that leaves the table (台费, 茶水费): what one seat pays towards the room or the tea
    at one entry of the history, to the seat that collects the fees and pays the room outside the
    app. Never a ``Payment``: the balances stay what each person won at the table (R9). A fee
    entry (an adjustment of kind ``fee``) has one row per payer; a win under the house rule of a
    share of each win above a threshold has one for each winner it applies to. Re-derived with
    the rounds they belong to by the history walk (``services.fees``)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="fees")
    payer = models.CharField(max_length=1, choices=SEAT_CHOICES)
    collector = models.CharField(max_length=1, choices=SEAT_CHOICES)
    amount = models.DecimalField(max_digits=16, decimal_places=4)

    class Meta:
        ordering = ["round", "id"]
        constraints = [models.UniqueConstraint(fields=["round", "payer"], name="one_fee_per_payer")]

    def __str__(self) -> str:
        return f"{self.payer}⇒{self.collector} {self.amount}"


class FeeTotals(models.Model):
    """The fees of one seat of a sitting over the entries that count (not voided): what it paid
    and what it collected, kept with ``SeatTotals`` in the same transaction as every change of
    the history (``services.fees.fee_totals_refresh``). A sitting without fees has no rows."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="fee_totals")
    seat = models.CharField(max_length=1, choices=SEAT_CHOICES)
    paid = models.DecimalField(max_digits=24, decimal_places=4, default=Decimal("0"))
    collected = models.DecimalField(max_digits=24, decimal_places=4, default=Decimal("0"))

    class Meta:
        ordering = ["session", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["session", "seat"], name="one_fee_totals_per_seat")
        ]

    def __str__(self) -> str:
        return f"{self.session} {self.seat} fees {self.paid}/{self.collected}"
