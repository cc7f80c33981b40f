"""Standings in the API: a sitting's standings, the fewest transfers that settle it, and each
player's statistics of the sitting."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from calculator.api.common import READ_ERRORS, SessionView
from calculator.api.serializers.standings import (
    PlayerStatsSerializer,
    StandingSerializer,
    TransferSerializer,
)
from calculator.selectors.standings import player_stats, settlement, standings


class StandingsView(SessionView):
    @extend_schema(responses={200: StandingSerializer(many=True), **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        return Response(standings(self.session(request, pk)))


class SettlementView(SessionView):
    @extend_schema(responses={200: TransferSerializer(many=True), **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        return Response(settlement(self.session(request, pk)))


class StatsView(SessionView):
    @extend_schema(responses={200: PlayerStatsSerializer(many=True), **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        return Response(player_stats(self.session(request, pk)))
