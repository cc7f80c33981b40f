"""A sitting as it leaves the API: its export file (``…/export/``, what ``/api/sessions/import/``
takes back) and the read-only view of its share link (``/api/share/{token}/``, no login, 304
while the ETag holds)."""

from __future__ import annotations

from django.utils.decorators import method_decorator
from django.views.decorators.http import condition
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from calculator import paging
from calculator.api.common import PAGE_HEADERS, READ_ERRORS, SessionView
from calculator.api.serializers.common import errors
from calculator.api.serializers.exports import ExportSerializer, ShareSerializer
from calculator.selectors.access import session_by_share_token, share_version
from calculator.selectors.exports import session_export, share_view


class ExportView(SessionView):
    @extend_schema(responses={200: ExportSerializer, **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        session = self.session(request, pk)
        response = Response(session_export(session))
        response["Content-Disposition"] = f'attachment; filename="session-{session.pk}.json"'
        return response


def share_etag(request: Request, token: str) -> str | None:
    """The share link's version of the sitting and the page asked for: one query, and a
    matching If-None-Match answers 304 with nothing more read."""
    row = share_version(token)
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
        shared = share_view(session_by_share_token(token), offset=window.offset, limit=window.limit)
        ledger = shared["ledger"]
        return paging.add_paging_headers(
            Response(shared),
            request,
            total=ledger["total_rounds"],
            offset=ledger["offset"],
            limit=ledger["limit"],
        )
