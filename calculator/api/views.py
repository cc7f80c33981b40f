"""Thin API views: parse the request, call a service or a selector, answer with its data."""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpResponse
from django.utils import timezone
from django.utils.decorators import method_decorator
from django.views.decorators.http import condition
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.utils.encoders import JSONEncoder
from rest_framework.views import APIView

from calculator import paging, selectors, services
from calculator.api.parsers import LimitedJSONParser
from calculator.api.permissions import IsSessionOwner
from calculator.api.serializers import (
    AdjustmentCorrectionSerializer,
    AdjustmentPostSerializer,
    ConflictSerializer,
    ExportSerializer,
    InvitedSerializer,
    InviteSerializer,
    LedgerSerializer,
    MemberSerializer,
    PlayerDetailSerializer,
    PlayerLinkSerializer,
    PlayerMergeSerializer,
    PlayerRenameSerializer,
    PlayerSerializer,
    PlayerStatsSerializer,
    RoundAnswerSerializer,
    RoundCorrectionSerializer,
    RoundEntrySerializer,
    RoundSerializer,
    RulesChangeSerializer,
    ScoreRequestSerializer,
    SessionCreateSerializer,
    SessionDetailSerializer,
    SessionSummarySerializer,
    ShareSerializer,
    ShareTokenSerializer,
    StandingSerializer,
    TransferSerializer,
    errors,
    game_result,
)
from calculator.errors import invalid
from calculator.models import Player, Round, Session
from calculator.numbers import ID_MOST, an_id, shown_json, whole_of
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


# ?limit= and ?offset= of the lists (calculator.paging), and the headers of a page.
LIMIT_PARAMETER = OpenApiParameter(
    "limit",
    {"type": "integer", "minimum": 1, "maximum": paging.MAX_LIMIT},
    description=f"How many, 1 to {paging.MAX_LIMIT} (default {paging.DEFAULT_LIMIT}).",
)
OFFSET_PARAMETER = OpenApiParameter(
    "offset",
    {"type": "integer", "minimum": 0, "maximum": paging.MAX_OFFSET},
    description="How many to skip from the first (default 0).",
)
PAGE_HEADERS = [
    OpenApiParameter(
        "X-Total-Count",
        OpenApiTypes.INT,
        OpenApiParameter.HEADER,
        description="How many there are in all",
        response=[200],
    ),
    OpenApiParameter(
        "Link",
        OpenApiTypes.STR,
        OpenApiParameter.HEADER,
        description='RFC 8288: <…>; rel="next" when there is more, <…>; rel="prev"',
        response=[200],
    ),
]
PAGE_PARAMETERS = [LIMIT_PARAMETER, OFFSET_PARAMETER, *PAGE_HEADERS]


# What any logged-in read of a session may answer besides 200; writes add 400, 409, 413, 415.
READ_ERRORS = errors(401, 404)
WRITE_ERRORS = errors(400, 401, 404, 409, 413, 415)
# A round's post or correction: its 409 may name the round that is there (ConflictSerializer).
ROUND_WRITE_ERRORS = {**WRITE_ERRORS, 409: ConflictSerializer}


def _body(request: Request) -> dict[str, Any]:
    if not isinstance(request.data, dict):
        raise invalid("請求必須是 JSON 對象。", "The request body must be a JSON object.")
    return request.data


def _shown(value: object) -> str:
    """A refused value as a message quotes it: as JSON writes it, short, whatever was sent."""
    return shown_json(value)


def _round_pointer(body: dict[str, Any], field: str, zh: str, en: str) -> int | None:
    """An optional whole number ≥ 1 of a round body that says which round (or which version of
    it) the body was made for: ``expected_round`` of a post, ``version`` of a correction. Absent:
    None. Anything else (a string, a fraction, true, null, 0) is E_INVALID naming the field."""
    if field not in body:
        return None
    value = body[field]
    if whole_of(value, least=1, most=ID_MOST, text=False) is None:
        raise invalid(
            f"{field} 必須是不小於 1 的整數（{zh}），收到 {_shown(value)}。",
            f"{field} must be a whole number, 1 or more ({en}); got {_shown(value)}.",
        )
    return value


def _without(body: dict[str, Any], field: str) -> dict[str, Any]:
    """The round body itself, without the field that only says which round it is for."""
    return {key: value for key, value in body.items() if key != field}


class ScoreView(APIView):
    """Score one hand (docs/api.md); open to anyone, nothing is stored."""

    authentication_classes: list = []
    permission_classes = [AllowAny]
    parser_classes = [LimitedJSONParser]

    @extend_schema(
        request=ScoreRequestSerializer,
        responses={200: game_result(), **errors(400, 413, 415)},
    )
    def post(self, request: Request) -> Response:
        result = score(_body(request))
        return Response(result, status=400 if "error" in result else 200)


class SessionView(APIView):
    """Base for the views of one session the caller owns or was invited to."""

    def session(self, request: Request, pk: int) -> Session:
        return selectors.session_for_user(request.user, pk)


class SessionListView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter(
                "archived",
                {"type": "integer", "enum": [0, 1]},
                description="1: archived sittings too (each says `archived`); default 0",
            ),
            *PAGE_PARAMETERS,
        ],
        responses={200: SessionSummarySerializer(many=True), **errors(400, 401)},
    )
    def get(self, request: Request) -> Response:
        window = paging.window_of(request.query_params)
        archived = paging.flag_of(request.query_params, "archived")
        sessions = selectors.sessions_listed(request.user, archived=archived)
        offset = window.offset or 0
        page = sessions[offset : offset + window.limit]
        response = Response(selectors.session_summaries(page))
        return paging.add_paging_headers(
            response, request, total=sessions.count(), offset=offset, limit=window.limit
        )

    @extend_schema(
        request=SessionCreateSerializer,
        # 422: E_LIMIT, the caller has as many live sittings as an account may.
        responses={201: SessionDetailSerializer, **errors(400, 401, 413, 415, 422)},
    )
    def post(self, request: Request) -> Response:
        body = _body(request)
        session = services.session_create(
            owner=request.user,
            name=body.get("name", ""),
            players=body.get("players"),
            ruleset=body.get("ruleset"),
            base_silver=body.get("base_silver", "1"),
            rules=body.get("rules"),
            game=body.get("game"),
            player_count=body.get("player_count"),
            player_ids=body.get("player_ids"),
            new_players=body.get("new_players"),
        )
        return Response(selectors.session_detail(session), status=201)


class SessionDetailView(SessionView):
    @extend_schema(responses={200: SessionDetailSerializer, **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        return Response(selectors.session_detail(self.session(request, pk)))

    @extend_schema(responses={204: None, **errors(401, 403, 404)})
    def delete(self, request: Request, pk: int) -> Response:
        """Delete the sitting with its rounds and payments (owner only); it cannot be undone."""
        services.session_delete(session=self.session(request, pk), user=request.user)
        return Response(status=204)


class RoundListView(SessionView):
    @extend_schema(
        parameters=PAGE_PARAMETERS,
        responses={200: RoundSerializer(many=True), **errors(400, 401, 404)},
    )
    def get(self, request: Request, pk: int) -> Response:
        window = paging.window_of(request.query_params)
        page = selectors.rounds_page(
            self.session(request, pk), offset=window.offset or 0, limit=window.limit
        )
        return paging.add_paging_headers(
            Response(page["rounds"]),
            request,
            total=page["total"],
            offset=page["offset"],
            limit=page["limit"],
        )

    @extend_schema(
        request=RoundEntrySerializer,
        parameters=[IDEMPOTENCY_HEADER],
        # 409: E_CONFLICT, expected_round is taken already (with the round there), the sitting is
        # archived, or two posts met. 422: E_IDEMPOTENCY, the key was first sent with another body
        # or by another user.
        responses={201: RoundAnswerSerializer, **ROUND_WRITE_ERRORS, **errors(422)},
    )
    def post(self, request: Request, pk: int) -> Response:
        session = self.session(request, pk)
        body = _body(request)
        _not_an_adjustment(body)
        return _recorded(request, session, body, _without(body, "expected_round"))


def _recorded(
    request: Request, session: Session, body: dict[str, Any], entry: dict[str, Any]
) -> Response:
    """Record ``entry`` (a round or an adjustment) as the body asks: its ``expected_round``, and
    the ``Idempotency-Key`` header (whose body hash is of the body as sent, expected_round
    included)."""
    expected = _round_pointer(
        body, "expected_round", "這一條要記成第幾條", "the number this entry is meant to take"
    )
    recorded = services.round_record(
        session=session,
        entry=entry,
        user=request.user,
        idempotency_key=request.headers.get("Idempotency-Key"),
        expected_round=expected,
        request_body=body,
    )
    headers = {"Idempotent-Replayed": "true"} if recorded.replayed else None
    return Response(recorded.body, status=recorded.status, headers=headers)


def _corrected(
    request: Request, session: Session, number: int, body: dict[str, Any], entry: dict[str, Any]
) -> Response:
    """Correct entry ``number`` to ``entry``, on the ``version`` the body names (if any)."""
    version = _round_pointer(
        body,
        "version",
        "這次更正是在這一條的第幾版上改的",
        "the version of the entry this correction was made on",
    )
    game_round = services.round_correct(
        session=session, number=number, entry=entry, user=request.user, expected_version=version
    )
    return Response(selectors.round_answer(game_round))


def _not_an_adjustment(body: dict[str, Any]) -> None:
    """Hands go to …/rounds/, adjustments to …/adjustments/ (each with its own body)."""
    if body.get("result") == Round.ADJUSTMENT:
        raise invalid(
            "調整（罰分、補錢、籌碼更正）記在 /api/sessions/{id}/adjustments/。",
            "Adjustments (penalties, side payments, chip corrections) go to "
            "/api/sessions/{id}/adjustments/.",
        )


def _adjustment_body(body: dict[str, Any]) -> dict[str, Any]:
    if "result" in body:
        raise invalid(
            "調整的請求不帶 result。", "An adjustment's body has no result field."
        )
    return {"result": Round.ADJUSTMENT, **body}


class AdjustmentListView(SessionView):
    """A sitting's adjustments: money that is not a hand (a penalty, a side payment, a chip
    correction). Each takes the sitting's next entry number, as a round does, and is corrected
    and voided the same way; it never moves the deal or the dealer's streak."""

    @extend_schema(responses={200: RoundSerializer(many=True), **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        return Response(selectors.adjustments_list(self.session(request, pk)))

    @extend_schema(
        request=AdjustmentPostSerializer,
        parameters=[IDEMPOTENCY_HEADER],
        responses={201: RoundAnswerSerializer, **ROUND_WRITE_ERRORS, **errors(422)},
    )
    def post(self, request: Request, pk: int) -> Response:
        session = self.session(request, pk)
        body = _body(request)
        return _recorded(
            request, session, body, _adjustment_body(_without(body, "expected_round"))
        )


class AdjustmentDetailView(SessionView):
    @extend_schema(responses={200: RoundSerializer, **READ_ERRORS})
    def get(self, request: Request, pk: int, number: int) -> Response:
        return Response(selectors.adjustment_detail(self.session(request, pk), number))

    @extend_schema(
        request=AdjustmentCorrectionSerializer,
        responses={200: RoundAnswerSerializer, **ROUND_WRITE_ERRORS},
    )
    def put(self, request: Request, pk: int, number: int) -> Response:
        session = self.session(request, pk)
        selectors.adjustment_detail(session, number)  # 404 unless it is one
        body = _body(request)
        return _corrected(
            request, session, number, body, _adjustment_body(_without(body, "version"))
        )

    @extend_schema(responses={200: RoundAnswerSerializer, **errors(401, 404, 409)})
    def delete(self, request: Request, pk: int, number: int) -> Response:
        session = self.session(request, pk)
        selectors.adjustment_detail(session, number)
        game_round = services.round_void(session=session, number=number, user=request.user)
        return Response(selectors.round_answer(game_round))


class RoundDetailView(SessionView):
    @extend_schema(responses={200: RoundSerializer, **READ_ERRORS})
    def get(self, request: Request, pk: int, number: int) -> Response:
        return Response(selectors.round_detail(self.session(request, pk), number))

    # 409: E_CONFLICT, version is stale (with the round as it is now), the round is voided, or the
    # sitting is archived.
    @extend_schema(
        request=RoundCorrectionSerializer,
        responses={200: RoundAnswerSerializer, **ROUND_WRITE_ERRORS},
    )
    def put(self, request: Request, pk: int, number: int) -> Response:
        session = self.session(request, pk)
        body = _body(request)
        _not_an_adjustment(body)
        return _corrected(request, session, number, body, _without(body, "version"))

    # 409: E_CONFLICT, the sitting is archived.
    @extend_schema(responses={200: RoundAnswerSerializer, **errors(401, 404, 409)})
    def delete(self, request: Request, pk: int, number: int) -> Response:
        game_round = services.round_void(
            session=self.session(request, pk), number=number, user=request.user
        )
        return Response(selectors.round_answer(game_round))


class LedgerView(SessionView):
    @extend_schema(
        parameters=PAGE_PARAMETERS, responses={200: LedgerSerializer, **errors(400, 401, 404)}
    )
    def get(self, request: Request, pk: int) -> Response:
        window = paging.window_of(request.query_params)
        ledger = selectors.ledger(
            self.session(request, pk), offset=window.offset or 0, limit=window.limit
        )
        return paging.add_paging_headers(
            Response(ledger),
            request,
            total=ledger["total_rounds"],
            offset=ledger["offset"],
            limit=ledger["limit"],
        )


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
        request=RulesChangeSerializer,
        # 422: E_LIMIT, the sitting has as many rules versions as one may.
        responses={201: SessionDetailSerializer, **WRITE_ERRORS, **errors(422)},
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

    @extend_schema(responses={200: MemberSerializer(many=True), **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        """Who may see and record: the owner (``owner``: true) first, then the members."""
        return Response(selectors.members_list(self.session(request, pk)))

    @extend_schema(
        request=InviteSerializer,
        responses={201: InvitedSerializer, **errors(400, 401, 403, 404, 413, 415, 422)},
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
        # 422: E_LIMIT, more rounds or rules versions than a sitting may have, or as many live
        # sittings as an account may.
        responses={201: SessionDetailSerializer, **errors(400, 401, 413, 415, 422)},
    )
    def post(self, request: Request) -> Response:
        session = services.session_import(owner=request.user, data=_body(request))
        return Response(selectors.session_detail(session), status=201)


def share_etag(request: Request, token: str) -> str | None:
    """The share link's version of the sitting and the page asked for: one query, and a
    matching If-None-Match answers 304 with nothing more read."""
    row = selectors.share_version(token)
    if row is None:
        return None
    pk, version = row
    asked = (request.GET.get("offset", ""), request.GET.get("limit", ""))
    return f'"share-{pk}-{version}-{asked[0]}-{asked[1]}"'


class ShareView(APIView):
    """Read-only view of a session through its share link; no login needed."""

    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "limit",
                {"type": "integer", "minimum": 1, "maximum": paging.MAX_LIMIT},
                description=f"How many rounds, 1 to {paging.MAX_LIMIT} (default "
                f"{paging.SHARE_LIMIT}).",
            ),
            OpenApiParameter(
                "offset",
                {"type": "integer", "minimum": 0, "maximum": paging.MAX_OFFSET},
                description="Rounds to skip from round 1; default: the newest `limit` rounds.",
            ),
            *PAGE_HEADERS,
        ],
        responses={
            200: ShareSerializer,
            304: OpenApiResponse(description="Not modified: the If-None-Match ETag still holds"),
            **errors(400, 404),
        },
    )
    @method_decorator(condition(etag_func=share_etag))
    def get(self, request: Request, token: str) -> Response:
        window = paging.window_of(request.query_params, default_limit=paging.SHARE_LIMIT)
        shared = selectors.share_view(
            selectors.session_by_share_token(token), offset=window.offset, limit=window.limit
        )
        ledger = shared["ledger"]
        return paging.add_paging_headers(
            Response(shared),
            request,
            total=ledger["total_rounds"],
            offset=ledger["offset"],
            limit=ledger["limit"],
        )


# --- taking back: share links, members, archiving -----------------------------------------------


class ShareLinkView(SessionView):
    """The owner's share link: a new one (the old stops working), or none at all."""

    @extend_schema(request=None, responses={200: ShareTokenSerializer, **errors(401, 403, 404)})
    def post(self, request: Request, pk: int) -> Response:
        token = services.share_link_rotate(session=self.session(request, pk), user=request.user)
        return Response({"share_token": token})

    @extend_schema(responses={204: None, **errors(401, 403, 404)})
    def delete(self, request: Request, pk: int) -> Response:
        services.share_link_revoke(session=self.session(request, pk), user=request.user)
        return Response(status=204)


class MemberView(SessionView):
    """The owner removes a member; a member may remove themself (leave)."""

    @extend_schema(responses={204: None, **errors(400, 401, 403, 404)})
    def delete(self, request: Request, pk: int, username: str) -> Response:
        services.member_remove(
            session=self.session(request, pk), user=request.user, username=username
        )
        return Response(status=204)


class ArchiveView(SessionView):
    """Archive (read-only, out of the list) or restore a sitting; owner only."""

    @extend_schema(request=None, responses={200: SessionDetailSerializer, **errors(401, 403, 404)})
    def post(self, request: Request, pk: int) -> Response:
        session = services.session_archive(session=self.session(request, pk), user=request.user)
        return Response(selectors.session_detail(session))

    # 422: E_LIMIT, the owner already has as many live sittings as an account may.
    @extend_schema(responses={200: SessionDetailSerializer, **errors(401, 403, 404, 422)})
    def delete(self, request: Request, pk: int) -> Response:
        session = services.session_restore(session=self.session(request, pk), user=request.user)
        return Response(selectors.session_detail(session))


# --- the roster ---------------------------------------------------------------------------------


class PlayerListView(APIView):
    """The caller's roster, and the players of other rosters linked to the caller's account."""

    @extend_schema(
        parameters=PAGE_PARAMETERS,
        responses={200: PlayerSerializer(many=True), **errors(400, 401)},
    )
    def get(self, request: Request) -> Response:
        window = paging.window_of(request.query_params)
        players = selectors.players_for_user(request.user)
        offset = window.offset or 0
        page = list(players[offset : offset + window.limit])
        response = Response(selectors.roster(request.user, page))
        return paging.add_paging_headers(
            response, request, total=players.count(), offset=offset, limit=window.limit
        )


class PlayerView(APIView):
    def player(self, request: Request, pk: int) -> Player:
        return selectors.player_for_user(request.user, pk)


class PlayerDetailView(PlayerView):
    @extend_schema(responses={200: PlayerDetailSerializer, **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        return Response(selectors.player_detail(request.user, self.player(request, pk)))

    # 403: E_FORBIDDEN, a player linked to the caller but on another's roster.
    @extend_schema(
        request=PlayerRenameSerializer,
        responses={200: PlayerDetailSerializer, **errors(400, 401, 403, 404, 413, 415)},
    )
    def patch(self, request: Request, pk: int) -> Response:
        """Rename the player: every sitting they played shows the new name."""
        body = _body(request)
        if "name" not in body:
            raise invalid("請提供 name。", "name is required.")
        player = services.player_rename(
            player=self.player(request, pk), user=request.user, name=body["name"]
        )
        return Response(selectors.player_detail(request.user, player))


class PlayerStatsView(PlayerView):
    """The player's statistics for a period (``selectors.player_record``): GET ``period``
    (month, year, all, range) and, for a range, ``from`` and ``to`` (YYYY-MM-DD)."""

    @extend_schema(responses={200: OpenApiTypes.OBJECT, **READ_ERRORS, **errors(400)})
    def get(self, request: Request, pk: int) -> Response:
        player = self.player(request, pk)
        period = selectors.period_of(request.query_params, timezone.localdate())
        return Response(selectors.player_record(request.user, player, period))


def _as_sent(body: dict[str, Any]) -> dict[str, Any]:
    """The answer as the client reads it (dates as DRF writes them): what a replay answers too."""
    return json.loads(json.dumps(body, cls=JSONEncoder))


def _roster_write(request: Request, write: Any) -> Response:
    """A roster write once per ``Idempotency-Key`` (services.answered_once)."""
    answered = services.answered_once(
        user=request.user,
        key=request.headers.get("Idempotency-Key"),
        request_body={"path": request.path, "body": _body(request)},
        write=write,
    )
    headers = {"Idempotent-Replayed": "true"} if answered.replayed else None
    return Response(answered.body, status=answered.status, headers=headers)


class PlayerMergeView(PlayerView):
    # 400: E_SAME_TABLE, the two sat together at a sitting; E_INVALID, the player itself.
    # 403: E_FORBIDDEN, not the caller's roster. 422: E_IDEMPOTENCY.
    @extend_schema(
        request=PlayerMergeSerializer,
        parameters=[IDEMPOTENCY_HEADER],
        responses={200: PlayerDetailSerializer, **WRITE_ERRORS, **errors(403, 422)},
    )
    def post(self, request: Request, pk: int) -> Response:
        """Merge another player of the caller's roster into this one: every seat of the other
        is this player's, and the other is deleted."""
        body = _body(request)
        other = body.get("player")
        if not an_id(other):
            raise invalid(
                f"player 必須是花名冊上另一個人的 id（整數），收到 {_shown(other)}。",
                f"player must be the id (a whole number) of another player of your roster; "
                f"got {_shown(other)}.",
            )

        def merge() -> tuple[int, dict]:
            keep = self.player(request, pk)
            merged = selectors.player_for_user(request.user, other)
            kept = services.player_merge(owner=request.user, keep=keep, merged=merged)
            return 200, _as_sent(selectors.player_detail(request.user, kept))

        return _roster_write(request, merge)


class PlayerLinkView(PlayerView):
    # 403: E_FORBIDDEN, not the caller's roster. 422: E_IDEMPOTENCY.
    @extend_schema(
        request=PlayerLinkSerializer,
        parameters=[IDEMPOTENCY_HEADER],
        responses={200: PlayerDetailSerializer, **WRITE_ERRORS, **errors(403, 422)},
    )
    def post(self, request: Request, pk: int) -> Response:
        """Link the player to an account: it may then see this player, read-only."""
        body = _body(request)

        def link() -> tuple[int, dict]:
            player = services.player_link(
                player=self.player(request, pk), user=request.user, username=body.get("username")
            )
            return 200, _as_sent(selectors.player_detail(request.user, player))

        return _roster_write(request, link)

    @extend_schema(
        parameters=[IDEMPOTENCY_HEADER],
        responses={200: PlayerDetailSerializer, **errors(401, 403, 404, 422)},
    )
    def delete(self, request: Request, pk: int) -> Response:
        """Take the link to an account away (the roster's owner only): the account sees the
        player no more."""

        def unlink() -> tuple[int, dict]:
            player = services.player_unlink(player=self.player(request, pk), user=request.user)
            return 200, _as_sent(selectors.player_detail(request.user, player))

        return _roster_write(request, unlink)
