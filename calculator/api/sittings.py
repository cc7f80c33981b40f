"""Sittings in the API (``/api/sessions/…``): the list and a new sitting, a sitting read from an
export file, a sitting's detail and its deletion, its house rules, members, share link, and
archiving and restoring."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from calculator import paging
from calculator.api.common import PAGE_PARAMETERS, READ_ERRORS, WRITE_ERRORS, SessionView, body_of
from calculator.api.once import written_once
from calculator.api.permissions import IsSessionOwner
from calculator.api.serializers.common import errors
from calculator.api.serializers.exports import ExportSerializer
from calculator.api.serializers.sittings import (
    InvitedSerializer,
    InviteSerializer,
    MemberSerializer,
    RulesChangeSerializer,
    SessionCreateSerializer,
    SessionDetailSerializer,
    SessionSummarySerializer,
    ShareTokenSerializer,
)
from calculator.errors import invalid
from calculator.selectors.access import members_list, sessions_listed
from calculator.selectors.sittings import session_detail, session_summaries
from calculator.services.imports import session_import
from calculator.services.sittings import (
    member_remove,
    rules_change,
    session_archive,
    session_create,
    session_delete,
    session_invite,
    session_restore,
    share_link_revoke,
    share_link_rotate,
)


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
        sessions = sessions_listed(request.user, archived=archived)
        offset = window.offset or 0
        page = sessions[offset : offset + window.limit]
        response = Response(session_summaries(page))
        return paging.add_paging_headers(
            response, request, total=sessions.count(), offset=offset, limit=window.limit
        )

    @written_once
    @extend_schema(
        request=SessionCreateSerializer,
        # 422: E_LIMIT, the caller has as many live sittings as an account may.
        responses={201: SessionDetailSerializer, **errors(400, 401, 413, 415, 422)},
    )
    def post(self, request: Request) -> Response:
        body = body_of(request)
        session = session_create(
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
            seat_draw=body.get("seat_draw"),
        )
        return Response(session_detail(session), status=201)


class SessionDetailView(SessionView):
    @extend_schema(responses={200: SessionDetailSerializer, **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        return Response(session_detail(self.session(request, pk)))

    @written_once
    @extend_schema(responses={204: None, **errors(401, 403, 404)})
    def delete(self, request: Request, pk: int) -> Response:
        """Delete the sitting with its rounds and payments (owner only); it cannot be undone."""
        session_delete(session=self.session(request, pk), user=request.user)
        return Response(status=204)


class RulesView(SessionView):
    @written_once
    @extend_schema(
        request=RulesChangeSerializer,
        # 422: E_LIMIT, the sitting has as many rules versions as one may.
        responses={201: SessionDetailSerializer, **WRITE_ERRORS, **errors(422)},
    )
    def post(self, request: Request, pk: int) -> Response:
        body = body_of(request)
        if "rules" not in body:
            raise invalid("請提供 rules。", "rules is required.")
        session = self.session(request, pk)
        rules_change(session=session, rules=body["rules"], user=request.user)
        return Response(session_detail(session), status=201)


class MembersView(SessionView):
    permission_classes = [*APIView.permission_classes, IsSessionOwner]

    @extend_schema(responses={200: MemberSerializer(many=True), **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        """Who may see and record: the owner (``owner``: true) first, then the members."""
        return Response(members_list(self.session(request, pk)))

    @written_once
    @extend_schema(
        request=InviteSerializer,
        responses={201: InvitedSerializer, **errors(400, 401, 403, 404, 413, 415, 422)},
    )
    def post(self, request: Request, pk: int) -> Response:
        session = self.session(request, pk)
        self.check_object_permissions(request, session)
        user = session_invite(session=session, username=body_of(request).get("username", ""))
        return Response({"username": user.get_username()}, status=201)


class ImportView(APIView):
    @written_once
    @extend_schema(
        request=ExportSerializer,
        # 422: E_LIMIT, more rounds or rules versions than a sitting may have, or as many live
        # sittings as an account may.
        responses={201: SessionDetailSerializer, **errors(400, 401, 413, 415, 422)},
    )
    def post(self, request: Request) -> Response:
        session = session_import(owner=request.user, data=body_of(request))
        return Response(session_detail(session), status=201)


class ShareLinkView(SessionView):
    """The owner's share link: a new one (the old stops working), or none at all."""

    @written_once
    @extend_schema(request=None, responses={200: ShareTokenSerializer, **errors(401, 403, 404)})
    def post(self, request: Request, pk: int) -> Response:
        token = share_link_rotate(session=self.session(request, pk), user=request.user)
        return Response({"share_token": token})

    @written_once
    @extend_schema(responses={204: None, **errors(401, 403, 404)})
    def delete(self, request: Request, pk: int) -> Response:
        share_link_revoke(session=self.session(request, pk), user=request.user)
        return Response(status=204)


class MemberView(SessionView):
    """The owner removes a member; a member may remove themself (leave)."""

    @written_once
    @extend_schema(responses={204: None, **errors(400, 401, 403, 404)})
    def delete(self, request: Request, pk: int, username: str) -> Response:
        member_remove(session=self.session(request, pk), user=request.user, username=username)
        return Response(status=204)


class ArchiveView(SessionView):
    """Archive (read-only, out of the list) or restore a sitting; owner only."""

    @written_once
    @extend_schema(request=None, responses={200: SessionDetailSerializer, **errors(401, 403, 404)})
    def post(self, request: Request, pk: int) -> Response:
        session = session_archive(session=self.session(request, pk), user=request.user)
        return Response(session_detail(session))

    # 422: E_LIMIT, the owner already has as many live sittings as an account may.
    @written_once
    @extend_schema(responses={200: SessionDetailSerializer, **errors(401, 403, 404, 422)})
    def delete(self, request: Request, pk: int) -> Response:
        session = session_restore(session=self.session(request, pk), user=request.user)
        return Response(session_detail(session))
