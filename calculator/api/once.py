"""A write of the API happens once: the ``Idempotency-Key`` header as the schema documents it,
and a roster or group write answered once per key (``services.once.answered_once``; a round's own
key is checked by ``services.rounds.round_record``)."""

from __future__ import annotations

import json
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.utils.encoders import JSONEncoder

from calculator.api.common import body_of
from calculator.services.once import answered_once

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


def as_sent(body: dict[str, Any]) -> dict[str, Any]:
    """The answer as the client reads it (dates as DRF writes them): what a replay answers too."""
    return json.loads(json.dumps(body, cls=JSONEncoder))


def answer_once(request: Request, write: Any) -> Response:
    """A roster or group write once per ``Idempotency-Key`` (services.once.answered_once)."""
    answered = answered_once(
        user=request.user,
        key=request.headers.get("Idempotency-Key"),
        request_body={"path": request.path, "body": body_of(request)},
        write=write,
    )
    headers = {"Idempotent-Replayed": "true"} if answered.replayed else None
    return Response(answered.body, status=answered.status, headers=headers)
