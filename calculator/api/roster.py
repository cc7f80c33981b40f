"""The roster in the API (``/api/players/…``): the people of the caller's roster and those linked
to the caller's account, a new person added to the roster, a player's detail, rename, record over
a period, merge, and link to or unlink from an account."""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from calculator import paging
from calculator.api.common import PAGE_PARAMETERS, READ_ERRORS, WRITE_ERRORS, body_of, shown
from calculator.api.once import written_once
from calculator.api.serializers.common import errors
from calculator.api.serializers.roster import (
    PlayerAddSerializer,
    PlayerDetailSerializer,
    PlayerLinkSerializer,
    PlayerMergeSerializer,
    PlayerRecordSerializer,
    PlayerRenameSerializer,
    PlayerSerializer,
)
from calculator.errors import invalid
from calculator.models import Player
from calculator.numbers import an_id
from calculator.selectors.roster import (
    PERIODS,
    period_of,
    player_detail,
    player_for_user,
    player_record,
    players_for_user,
    roster,
)
from calculator.services.roster import (
    player_add,
    player_link,
    player_merge,
    player_rename,
    player_unlink,
)

STATS_PARAMETERS = [
    OpenApiParameter("period", {"type": "string", "enum": list(PERIODS)}),
    OpenApiParameter("from", OpenApiTypes.DATE, description="range: the first day (YYYY-MM-DD)"),
    OpenApiParameter("to", OpenApiTypes.DATE, description="range: the last day (YYYY-MM-DD)"),
]


class PlayerListView(APIView):
    """The caller's roster, and the players of other rosters linked to the caller's account."""

    @extend_schema(
        parameters=PAGE_PARAMETERS,
        responses={200: PlayerSerializer(many=True), **errors(400, 401)},
    )
    def get(self, request: Request) -> Response:
        window = paging.window_of(request.query_params)
        players = players_for_user(request.user)
        offset = window.offset or 0
        page = list(players[offset : offset + window.limit])
        response = Response(roster(request.user, page))
        return paging.add_paging_headers(
            response, request, total=players.count(), offset=offset, limit=window.limit
        )

    # 422: E_LIMIT, a full roster; E_IDEMPOTENCY, the key was first sent with another body.
    @written_once
    @extend_schema(
        request=PlayerAddSerializer,
        responses={201: PlayerDetailSerializer, **errors(400, 401, 413, 415, 422)},
    )
    def post(self, request: Request) -> Response:
        """Add a person to the caller's roster before their first sitting. A name the roster has
        already is refused unless ``distinct`` says it is a different person of that name."""
        body = body_of(request)
        unknown = sorted(set(body) - {"name", "distinct"})
        if unknown:
            raise invalid(
                f"未知的欄位：{unknown[0]}（只收 name 和 distinct）。",
                f"Unknown field: {unknown[0]} (only name and distinct are taken).",
            )
        if "name" not in body:
            raise invalid("請提供 name。", "name is required.")
        player = player_add(
            owner=request.user, name=body["name"], distinct=body.get("distinct", False)
        )
        return Response(player_detail(request.user, player), status=201)


class PlayerView(APIView):
    def player(self, request: Request, pk: int) -> Player:
        return player_for_user(request.user, pk)


class PlayerDetailView(PlayerView):
    @extend_schema(responses={200: PlayerDetailSerializer, **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        return Response(player_detail(request.user, self.player(request, pk)))

    # 403: E_FORBIDDEN, a player linked to the caller but on another's roster.
    @written_once
    @extend_schema(
        request=PlayerRenameSerializer,
        responses={200: PlayerDetailSerializer, **errors(400, 401, 403, 404, 413, 415)},
    )
    def patch(self, request: Request, pk: int) -> Response:
        """Rename the player: every sitting they played shows the new name."""
        body = body_of(request)
        if "name" not in body:
            raise invalid("請提供 name。", "name is required.")
        player = player_rename(
            player=self.player(request, pk), user=request.user, name=body["name"]
        )
        return Response(player_detail(request.user, player))


class PlayerStatsView(PlayerView):
    """The player's statistics for a period (``selectors.roster.player_record``): GET ``period``
    (month, year, all, range) and, for a range, ``from`` and ``to`` (YYYY-MM-DD)."""

    @extend_schema(
        parameters=STATS_PARAMETERS,
        responses={200: PlayerRecordSerializer, **READ_ERRORS, **errors(400)},
    )
    def get(self, request: Request, pk: int) -> Response:
        player = self.player(request, pk)
        period = period_of(request.query_params, timezone.localdate())
        return Response(player_record(request.user, player, period))


class PlayerMergeView(PlayerView):
    # 400: E_SAME_TABLE, the two sat together at a sitting; E_INVALID, the player itself.
    # 403: E_FORBIDDEN, not the caller's roster. 422: E_IDEMPOTENCY.
    @written_once
    @extend_schema(
        request=PlayerMergeSerializer,
        responses={200: PlayerDetailSerializer, **WRITE_ERRORS, **errors(403, 422)},
    )
    def post(self, request: Request, pk: int) -> Response:
        """Merge another player of the caller's roster into this one: every seat of the other
        is this player's, and the other is deleted."""
        body = body_of(request)
        other = body.get("player")
        if not an_id(other):
            raise invalid(
                f"player 必須是花名冊上另一個人的 id（整數），收到 {shown(other)}。",
                f"player must be the id (a whole number) of another player of your roster; "
                f"got {shown(other)}.",
            )
        keep = self.player(request, pk)
        merged = player_for_user(request.user, other)
        kept = player_merge(owner=request.user, keep=keep, merged=merged)
        return Response(player_detail(request.user, kept))


class PlayerLinkView(PlayerView):
    # 403: E_FORBIDDEN, not the caller's roster. 422: E_IDEMPOTENCY.
    @written_once
    @extend_schema(
        request=PlayerLinkSerializer,
        responses={200: PlayerDetailSerializer, **WRITE_ERRORS, **errors(403, 422)},
    )
    def post(self, request: Request, pk: int) -> Response:
        """Link the player to an account: it may then see this player, read-only."""
        body = body_of(request)
        player = player_link(
            player=self.player(request, pk), user=request.user, username=body.get("username")
        )
        return Response(player_detail(request.user, player))

    @written_once
    @extend_schema(responses={200: PlayerDetailSerializer, **errors(401, 403, 404, 422)})
    def delete(self, request: Request, pk: int) -> Response:
        """Take the link to an account away (the roster's owner only): the account sees the
        player no more."""
        player = player_unlink(player=self.player(request, pk), user=request.user)
        return Response(player_detail(request.user, player))
