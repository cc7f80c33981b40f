"""What the API modules of several domains share, and no endpoint: the JSON body of a request,
a refused value as a message quotes it, the base view of one sitting, the paging parameters and
headers of the lists, and the errors a read or a write of a sitting may answer."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework.request import Request
from rest_framework.views import APIView

from calculator import paging
from calculator.api.serializers.common import errors
from calculator.errors import invalid
from calculator.models import Session
from calculator.numbers import shown_json
from calculator.selectors.access import session_for_user

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


def body_of(request: Request) -> dict[str, Any]:
    if not isinstance(request.data, dict):
        raise invalid("請求必須是 JSON 對象。", "The request body must be a JSON object.")
    return request.data


def shown(value: object) -> str:
    """A refused value as a message quotes it: as JSON writes it, short, whatever was sent."""
    return shown_json(value)


class SessionView(APIView):
    """Base for the views of one session the caller owns or was invited to."""

    def session(self, request: Request, pk: int) -> Session:
        return session_for_user(request.user, pk)
