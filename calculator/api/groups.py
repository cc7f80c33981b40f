"""The API of groups (``/api/groups/…``): people of a roster who play together, their standings
over a period, the paid-out mark of a group's sittings not paid out in one call
(``/api/groups/{id}/paid-out/``) and of one sitting (``/api/sessions/{id}/paid-out/``). Thin views as
in every API module: parse, call a service or a selector, answer with its data."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from calculator.api.common import READ_ERRORS, SessionView, body_of, shown
from calculator.api.once import written_once
from calculator.api.serializers.common import errors
from calculator.api.serializers.standings import TransferSerializer
from calculator.errors import invalid
from calculator.models import Group
from calculator.selectors.group_periods import GROUP_PERIODS, group_game_of, group_period_of
from calculator.selectors.groups import (
    group_board,
    group_detail,
    group_for_user,
    group_unpaid,
    groups_for_user,
)
from calculator.services.groups import (
    GROUP_NAME_MAX,
    GROUP_PLAYERS_MAX,
    group_create,
    group_delete,
    group_member_add,
    group_member_remove,
    group_paid_out,
    group_update,
)
from calculator.services.sittings import session_paid_out


class GroupPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    user = serializers.CharField(allow_null=True, help_text="The account linked to the player")


class GroupSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    owner = serializers.CharField()
    yours = serializers.BooleanField(help_text="The caller owns it (and may change it)")
    created_at = serializers.DateTimeField()
    players = GroupPlayerSerializer(many=True)
    members = serializers.ListField(
        child=serializers.CharField(), help_text="Usernames of the accounts that may see it"
    )


class GroupCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=GROUP_NAME_MAX)
    players = serializers.ListField(
        child=serializers.IntegerField(),
        help_text=f"Ids of 2 to {GROUP_PLAYERS_MAX} players of the caller's roster",
    )


class GroupChangeSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=GROUP_NAME_MAX, required=False)
    players = serializers.ListField(child=serializers.IntegerField(), required=False)
    members = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="The usernames that may see the group, all of them (the list replaces it)",
    )


class BiggestHandSerializer(serializers.Serializer):
    game = serializers.CharField()
    unit = serializers.CharField(help_text="fan (Anqing) or points (Anji's X, 紅中's H)")
    value = serializers.IntegerField()
    session = serializers.IntegerField(
        allow_null=True, help_text="Its sitting, when the caller may open it"
    )
    session_name = serializers.CharField(allow_null=True)
    round = serializers.IntegerField(allow_null=True)


class GroupStandingSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The player")
    name = serializers.CharField()
    sittings = serializers.IntegerField()
    hands = serializers.IntegerField()
    wins = serializers.IntegerField()
    self_draws = serializers.IntegerField()
    dealer_wins = serializers.IntegerField(help_text="Wins while dealing")
    deal_ins = serializers.IntegerField()
    bao_payments = serializers.IntegerField()
    paid_under_bao = serializers.CharField()
    penalties = serializers.IntegerField(help_text="Penalties the player paid")
    balance = serializers.CharField(help_text="Total won (or lost, negative)")
    from_hands = serializers.CharField(help_text="The part of balance the hands moved")
    fees_paid = serializers.CharField(help_text="Table fees paid (not in balance)")
    fees_collected = serializers.CharField(help_text="Table fees collected to pay the room")
    net = serializers.CharField(help_text="balance − fees_paid + fees_collected")
    adjusted = serializers.CharField(
        help_text="The part of balance adjustments moved (penalties, side payments, chip "
        "corrections): balance = from_hands + adjusted"
    )
    biggest = BiggestHandSerializer(many=True, help_text="One per game")


class TitleSerializer(serializers.Serializer):
    title = serializers.ChoiceField(["wins", "self_draws", "biggest", "bao"])
    game = serializers.CharField(required=False, help_text="biggest only: the game")
    unit = serializers.CharField(required=False, help_text="biggest only")
    value = serializers.JSONField(help_text="A count, a hand's value, or an amount (bao)")
    players = serializers.ListField(child=serializers.IntegerField(), help_text="Ties share")


class HeadToHeadSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    other = serializers.IntegerField()
    paid = serializers.CharField(help_text="What player paid other")
    received = serializers.CharField(help_text="What other paid player")
    net = serializers.CharField(help_text="received − paid: what player won from other")


class PeriodSerializer(serializers.Serializer):
    period = serializers.ChoiceField(GROUP_PERIODS)
    value = serializers.CharField(allow_null=True, help_text="2026-12, 2026-Q4 or 2026")
    previous = serializers.CharField(allow_null=True)
    next = serializers.CharField(allow_null=True)


PeriodSerializer._declared_fields["from"] = serializers.DateField(allow_null=True)
PeriodSerializer._declared_fields["to"] = serializers.DateField(allow_null=True)


class PersonTransferSerializer(TransferSerializer):
    to = serializers.IntegerField(help_text="A player")


PersonTransferSerializer._declared_fields["from"] = serializers.IntegerField(help_text="A player")


class UnpaidBalanceSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    balance = serializers.CharField()
    net = serializers.CharField(help_text="The balance with the table fees paid to the collector")


class UnpaidSerializer(serializers.Serializer):
    sittings = serializers.ListField(child=serializers.IntegerField())
    balances = UnpaidBalanceSerializer(many=True)
    transfers = PersonTransferSerializer(many=True)


class GroupStandingsSerializer(serializers.Serializer):
    group = serializers.IntegerField()
    period = PeriodSerializer()
    game = serializers.CharField()
    sittings = serializers.IntegerField()
    standings = GroupStandingSerializer(many=True)
    titles = TitleSerializer(many=True)
    head_to_head = HeadToHeadSerializer(many=True)
    unpaid = UnpaidSerializer(help_text="Every sitting of the group not paid out, any period")


class PaidOutSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    paid_out = serializers.BooleanField()
    paid_out_at = serializers.DateTimeField(allow_null=True)
    paid_out_by = serializers.CharField(allow_null=True)


class GroupPaidOutRequestSerializer(serializers.Serializer):
    sittings = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        help_text=(
            "The sittings to mark (the ids of unpaid.sittings the client showed); absent: every "
            "sitting of the group not paid out"
        ),
    )


class LeftAloneSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    owner = serializers.CharField(help_text="Whose it is: only they mark it")


class GroupPaidOutSerializer(serializers.Serializer):
    group = serializers.IntegerField()
    marked = serializers.ListField(
        child=serializers.IntegerField(), help_text="The sittings marked paid out, oldest first"
    )
    not_yours = LeftAloneSerializer(
        many=True, help_text="Sittings of the group another account opened: left as they were"
    )
    unpaid = UnpaidSerializer(help_text="The group's settle-up after it")


STANDINGS_PARAMETERS = [
    OpenApiParameter("period", {"type": "string", "enum": list(GROUP_PERIODS)}),
    OpenApiParameter("month", OpenApiTypes.STR, description="2026-12 (default: this month)"),
    OpenApiParameter("season", OpenApiTypes.STR, description="2026-Q4 (default: this one)"),
    OpenApiParameter("year", OpenApiTypes.STR, description="2026 (default: this year)"),
    OpenApiParameter("game", OpenApiTypes.STR, description="all (default) or a game's code"),
]


class GroupListView(APIView):
    """The groups the caller may see: their own, those they are a member of, and those with a
    player linked to their account."""

    @extend_schema(responses={200: GroupSerializer(many=True), **errors(401)})
    def get(self, request: Request) -> Response:
        groups = groups_for_user(request.user)
        return Response([group_detail(request.user, group) for group in groups])

    # 422: E_LIMIT, as many groups as an account may own; E_IDEMPOTENCY, the key was first sent
    # with another body.
    @written_once
    @extend_schema(
        request=GroupCreateSerializer,
        responses={201: GroupSerializer, **errors(400, 401, 413, 415, 422)},
    )
    def post(self, request: Request) -> Response:
        """A new group; with an ``Idempotency-Key`` a retry gets the first answer and makes no
        second group."""
        body = body_of(request)
        group = group_create(owner=request.user, name=body.get("name"), players=body.get("players"))
        return Response(group_detail(request.user, group), status=201)


class GroupView(APIView):
    def group(self, request: Request, pk: int) -> Group:
        return group_for_user(request.user, pk)


def _usernames(value: object) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise invalid(
            f"members 必須是用戶名的列表，收到 {shown(value)}。",
            f"members must be a list of usernames, got {shown(value)}.",
        )
    return value


class GroupDetailView(GroupView):
    @extend_schema(responses={200: GroupSerializer, **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        return Response(group_detail(request.user, self.group(request, pk)))

    @written_once
    @extend_schema(
        request=GroupChangeSerializer,
        responses={200: GroupSerializer, **errors(400, 401, 403, 404, 413, 415)},
    )
    def patch(self, request: Request, pk: int) -> Response:
        """Rename the group, set its players, set its members (owner only); what the body leaves
        out stays as it is."""
        body = body_of(request)
        group = self.group(request, pk)
        members = _usernames(body["members"]) if "members" in body else None
        for field in ("name", "players"):
            if field in body and body[field] is None:
                raise invalid(f"{field} 不能是 null。", f"{field} cannot be null.")
        group = group_update(
            group=group, user=request.user, name=body.get("name"), players=body.get("players")
        )
        if members is not None:
            now = set(group.members.values_list("username", flat=True))
            for username in sorted(set(members) - now):
                group_member_add(group=group, user=request.user, username=username)
            for username in sorted(now - set(members)):
                group_member_remove(group=group, user=request.user, username=username)
        return Response(group_detail(request.user, group))

    @written_once
    @extend_schema(responses={204: None, **errors(401, 403, 404)})
    def delete(self, request: Request, pk: int) -> Response:
        """Delete the group (owner only); its players and sittings stay."""
        group_delete(group=self.group(request, pk), user=request.user)
        return Response(status=204)


class GroupStandingsView(GroupView):
    """The group's standings, titles and head-to-head over a period and a game, and the
    settle-up across its sittings not paid out."""

    @extend_schema(
        parameters=STANDINGS_PARAMETERS,
        responses={200: GroupStandingsSerializer, **READ_ERRORS, **errors(400)},
    )
    def get(self, request: Request, pk: int) -> Response:
        group = self.group(request, pk)
        period = group_period_of(request.query_params, timezone.localdate())
        game = group_game_of(request.query_params)
        standings, unpaid, _ = group_board(request.user, group, period, game)
        return Response({**standings, "unpaid": unpaid})


class GroupPaidOutView(GroupView):
    """The settle-up's one button: the group's sittings not paid out, marked in one call."""

    # 403: E_FORBIDDEN, a member or a linked account (the group's owner only). 422:
    # E_IDEMPOTENCY.
    @written_once
    @extend_schema(
        request=GroupPaidOutRequestSerializer,
        responses={200: GroupPaidOutSerializer, **errors(400, 401, 403, 404, 413, 415, 422)},
    )
    def post(self, request: Request, pk: int) -> Response:
        """Mark paid out the group's sittings not paid out (those of ``sittings`` when sent):
        every one the caller opened; those of another account are named and left alone."""
        group = self.group(request, pk)
        body = body_of(request)
        unknown = sorted(set(body) - {"sittings"})
        if unknown:
            raise invalid(
                f"未知的欄位：{unknown[0]}（只收 sittings）。",
                f"Unknown field: {unknown[0]} (only sittings is taken).",
            )
        # Left out, every sitting not paid out is meant; a null is not taken for that.
        if "sittings" in body and body["sittings"] is None:
            raise invalid("sittings 不能是 null。", "sittings cannot be null.")
        done = group_paid_out(group=group, user=request.user, sittings=body.get("sittings"))
        return Response(
            {
                "group": group.pk,
                "marked": done.marked,
                "not_yours": done.not_yours,
                "unpaid": group_unpaid(group),
            }
        )


def paid_out_answer(session: Any) -> dict[str, Any]:
    return {
        "id": session.pk,
        "paid_out": session.paid_out_at is not None,
        "paid_out_at": session.paid_out_at,
        "paid_out_by": session.paid_out_by.get_username() if session.paid_out_by_id else None,
    }


class PaidOutView(SessionView):
    """A sitting's paid-out mark (owner only): it leaves its groups' settle-up."""

    @written_once
    @extend_schema(request=None, responses={200: PaidOutSerializer, **errors(401, 403, 404)})
    def post(self, request: Request, pk: int) -> Response:
        session = session_paid_out(session=self.session(request, pk), user=request.user, paid=True)
        return Response(paid_out_answer(session))

    @written_once
    @extend_schema(responses={200: PaidOutSerializer, **errors(401, 403, 404)})
    def delete(self, request: Request, pk: int) -> Response:
        session = session_paid_out(session=self.session(request, pk), user=request.user, paid=False)
        return Response(paid_out_answer(session))
