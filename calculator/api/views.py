"""Thin API views: parse the request, call a service or a selector, answer with its data."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from calculator import selectors, services
from calculator.api.parsers import LimitedJSONParser
from calculator.api.permissions import IsSessionOwner
from calculator.api.serializers import (
    ExportSerializer,
    InvitedSerializer,
    InviteSerializer,
    LedgerSerializer,
    PlayerStatsSerializer,
    RoundAnswerSerializer,
    RoundEntrySerializer,
    RoundSerializer,
    RulesChangeSerializer,
    ScoreRequestSerializer,
    ScoreResultSerializer,
    SessionCreateSerializer,
    SessionDetailSerializer,
    SessionSummarySerializer,
    ShareSerializer,
    StandingSerializer,
    TransferSerializer,
    errors,
)
from calculator.errors import invalid
from calculator.models import Session
from scoring import score

IDEMPOTENCY_HEADER = OpenApiParameter(
    "Idempotency-Key",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description=(
        "A repeated key with the same body from the same user returns the first answer and "
        "records nothing new; the key with another body or from another user is refused "
        "(422 E_IDEMPOTENCY)."
    ),
)


# What any logged-in read of a session may answer besides 200; writes add 400, 409, 413, 415.
READ_ERRORS = errors(401, 404)
WRITE_ERRORS = errors(400, 401, 404, 409, 413, 415)


def _body(request: Request) -> dict[str, Any]:
    if not isinstance(request.data, dict):
        raise invalid("請求必須是 JSON 對象。", "The request body must be a JSON object.")
    return request.data


class ScoreView(APIView):
    """Score one hand (docs/api.md); open to anyone, nothing is stored."""

    authentication_classes: list = []
    permission_classes = [AllowAny]
    parser_classes = [LimitedJSONParser]

    @extend_schema(
        request=ScoreRequestSerializer,
        responses={200: ScoreResultSerializer, **errors(400, 413, 415)},
    )
    def post(self, request: Request) -> Response:
        result = score(_body(request))
        return Response(result, status=400 if "error" in result else 200)


class SessionView(APIView):
    """Base for the views of one session the caller owns or was invited to."""

    def session(self, request: Request, pk: int) -> Session:
        return selectors.session_for_user(request.user, pk)


class SessionListView(APIView):
    @extend_schema(responses={200: SessionSummarySerializer(many=True), **errors(401)})
    def get(self, request: Request) -> Response:
        return Response(selectors.session_summaries(selectors.sessions_for_user(request.user)))

    @extend_schema(
        request=SessionCreateSerializer,
        responses={201: SessionDetailSerializer, **errors(400, 401, 413, 415)},
    )
    def post(self, request: Request) -> Response:
        body = _body(request)
        session = services.session_create(
            owner=request.user,
            name=body.get("name", ""),
            players=body.get("players"),
            ruleset=body.get("ruleset", "anqing"),
            base_silver=body.get("base_silver", "1"),
            rules=body.get("rules"),
        )
        return Response(selectors.session_detail(session), status=201)


class SessionDetailView(SessionView):
    @extend_schema(responses={200: SessionDetailSerializer, **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        return Response(selectors.session_detail(self.session(request, pk)))


class RoundListView(SessionView):
    @extend_schema(responses={200: RoundSerializer(many=True), **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        return Response(selectors.rounds_list(self.session(request, pk)))

    @extend_schema(
        request=RoundEntrySerializer,
        parameters=[IDEMPOTENCY_HEADER],
        # 422: E_IDEMPOTENCY, the key was first sent with another body or by another user.
        responses={201: RoundAnswerSerializer, **WRITE_ERRORS, **errors(422)},
    )
    def post(self, request: Request, pk: int) -> Response:
        recorded = services.round_record(
            session=self.session(request, pk),
            entry=_body(request),
            user=request.user,
            idempotency_key=request.headers.get("Idempotency-Key"),
        )
        headers = {"Idempotent-Replayed": "true"} if recorded.replayed else None
        return Response(recorded.body, status=recorded.status, headers=headers)


class RoundDetailView(SessionView):
    @extend_schema(responses={200: RoundSerializer, **READ_ERRORS})
    def get(self, request: Request, pk: int, number: int) -> Response:
        return Response(selectors.round_detail(self.session(request, pk), number))

    @extend_schema(
        request=RoundEntrySerializer, responses={200: RoundAnswerSerializer, **WRITE_ERRORS}
    )
    def put(self, request: Request, pk: int, number: int) -> Response:
        game_round = services.round_correct(
            session=self.session(request, pk),
            number=number,
            entry=_body(request),
            user=request.user,
        )
        return Response(selectors.round_answer(game_round))

    @extend_schema(responses={200: RoundAnswerSerializer, **READ_ERRORS})
    def delete(self, request: Request, pk: int, number: int) -> Response:
        game_round = services.round_void(
            session=self.session(request, pk), number=number, user=request.user
        )
        return Response(selectors.round_answer(game_round))


class LedgerView(SessionView):
    @extend_schema(responses={200: LedgerSerializer, **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        return Response(selectors.ledger(self.session(request, pk)))


class LedgerCsvView(SessionView):
    @extend_schema(responses={(200, "text/csv"): OpenApiTypes.STR, **READ_ERRORS})
    def get(self, request: Request, pk: int) -> HttpResponse:
        session = self.session(request, pk)
        response = HttpResponse(
            selectors.ledger_csv(session), content_type="text/csv; charset=utf-8"
        )
        response["Content-Disposition"] = f'attachment; filename="session-{session.pk}-ledger.csv"'
        return response


class StandingsView(SessionView):
    @extend_schema(responses={200: StandingSerializer(many=True), **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        return Response(selectors.standings(self.session(request, pk)))


class SettlementView(SessionView):
    @extend_schema(responses={200: TransferSerializer(many=True), **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        return Response(selectors.settlement(self.session(request, pk)))


class StatsView(SessionView):
    @extend_schema(responses={200: PlayerStatsSerializer(many=True), **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        return Response(selectors.player_stats(self.session(request, pk)))


class RulesView(SessionView):
    @extend_schema(
        request=RulesChangeSerializer, responses={201: SessionDetailSerializer, **WRITE_ERRORS}
    )
    def post(self, request: Request, pk: int) -> Response:
        body = _body(request)
        if "rules" not in body:
            raise invalid("請提供 rules。", "rules is required.")
        session = self.session(request, pk)
        services.rules_change(session=session, rules=body["rules"], user=request.user)
        return Response(selectors.session_detail(session), status=201)


class MembersView(SessionView):
    permission_classes = [*APIView.permission_classes, IsSessionOwner]

    @extend_schema(
        request=InviteSerializer,
        responses={201: InvitedSerializer, **errors(400, 401, 403, 404, 413, 415)},
    )
    def post(self, request: Request, pk: int) -> Response:
        session = self.session(request, pk)
        self.check_object_permissions(request, session)
        user = services.session_invite(session=session, username=_body(request).get("username", ""))
        return Response({"username": user.get_username()}, status=201)


class ExportView(SessionView):
    @extend_schema(responses={200: ExportSerializer, **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        session = self.session(request, pk)
        response = Response(selectors.session_export(session))
        response["Content-Disposition"] = f'attachment; filename="session-{session.pk}.json"'
        return response


class ImportView(APIView):
    @extend_schema(
        request=ExportSerializer,
        responses={201: SessionDetailSerializer, **errors(400, 401, 413, 415)},
    )
    def post(self, request: Request) -> Response:
        session = services.session_import(owner=request.user, data=_body(request))
        return Response(selectors.session_detail(session), status=201)


class ShareView(APIView):
    """Read-only view of a session through its share link; no login needed."""

    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(responses={200: ShareSerializer, **errors(404)})
    def get(self, request: Request, token: str) -> Response:
        return Response(selectors.share_view(selectors.session_by_share_token(token)))
