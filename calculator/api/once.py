"""A write of the API happens once: the API's side of ``calculator.services.once``.

Every write (``POST``, ``PUT``, ``PATCH``, ``DELETE``) takes an ``Idempotency-Key`` header, and
``written_once`` on its handler is what makes it so, the same way for each:

- a write that belongs to no sitting's round history keeps its key a week, per user (stored with
  the prefix ``api:``, so that it never meets a page form's key): the key is claimed, the handler
  runs, and its answer (a 2xx) is kept;
- the round and adjustment posts (``with_sitting=True``) keep their key with the sitting, looked
  up inside the sitting's lock by ``services.rounds.round_record``; a 409 spends no key.

A replay answers the first status and body with ``Idempotent-Replayed: true``; the key with
another body or from another user is 422 E_IDEMPOTENCY and writes nothing. ``UNKEYED`` names
the writes that keep no key, and why.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.db import transaction
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.utils.encoders import JSONEncoder
from rest_framework.views import APIView

from calculator.services.once import key_checked, once_claim, request_hash, same_request_checked

HEADER = "Idempotency-Key"
IDEMPOTENCY_HEADER = OpenApiParameter(
    HEADER,
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description=(
        "A repeated key with the same body from the same user returns the first answer and "
        "records nothing new; the key with another body or from another user is refused "
        "(422 E_IDEMPOTENCY)."
    ),
)
# Where a key is kept: ``written_once`` marks each handler with one of these.
PER_USER = "per user, a week"
WITH_SITTING = "with the sitting"
# The prefix of an API key kept with no sitting: a page form's key never has it.
KEY_PREFIX = "api:"
# The writes that keep no key, and why (tests/tooling/test_once.py holds every other write to
# ``written_once``, and docs/architecture.md's table to both).
UNKEYED = {
    ("api:score", "POST"): "scores a hand and stores nothing",
    ("api:seat-draw", "POST"): "throws a draw for seats and stores nothing",
    ("api:token", "POST"): "a log-in: its answer is a token, which is never kept",
}

Handler = Callable[..., Response]


def as_sent(body: Any) -> Any:
    """The answer as the client reads it (dates as DRF writes them): what a replay answers too."""
    return json.loads(json.dumps(body, cls=JSONEncoder))


def key_of(request: Request) -> str | None:
    return request.headers.get(HEADER) or None


def written_once(
    handler: Handler | None = None, *, with_sitting: bool = False
) -> Handler | Callable[[Handler], Handler]:
    """Make an API write happen once per ``Idempotency-Key`` (and list the header in the
    schema). ``with_sitting``: the handler hands ``key_of(request)`` to a service that keeps it
    with the sitting, inside the sitting's lock (the round and adjustment posts)."""

    def decorate(handler: Handler) -> Handler:
        if with_sitting:
            wrapper = handler
        else:

            @wraps(handler)
            def wrapper(view: APIView, request: Request, *args: Any, **kwargs: Any) -> Response:
                return answered(request, lambda: handler(view, request, *args, **kwargs))

        wrapper = extend_schema(parameters=[IDEMPOTENCY_HEADER])(wrapper)
        wrapper.written_once = WITH_SITTING if with_sitting else PER_USER  # type: ignore[attr-defined]
        return wrapper

    return decorate(handler) if handler is not None else decorate


def answered(request: Request, write: Callable[[], Response]) -> Response:
    """``write()`` once per the request's key (services.once, kept per user a week)."""
    key = key_of(request)
    if key is None:
        return write()
    key_checked(key)
    # The path and the body, and the method unless it is a POST (whose keys were hashed so
    # before every write took one): an archive and a restore of one sitting are two requests.
    sent: dict[str, Any] = {"path": request.path, "body": request.data}
    if request.method != "POST":
        sent["method"] = request.method
    body_hash = request_hash(sent)
    with transaction.atomic():
        once = once_claim(key=KEY_PREFIX + key, user=request.user, body_hash=body_hash)
        if once.first is not None:
            same_request_checked(once.first, request.user, body_hash)
            return replayed(once.first.status, once.first.answer)
        response = write()
        if 200 <= response.status_code < 300:
            once.keep(response.status_code, {} if response.data is None else as_sent(response.data))
        else:
            once.release()
    return response


def replayed(status: int, body: Any) -> Response:
    """The first answer again, marked as such."""
    headers = {"Idempotent-Replayed": "true"}
    return Response(None if status == 204 else body, status=status, headers=headers)


def keyed_errors(result: dict, generator: Any, request: Any, public: bool) -> dict:
    """drf-spectacular's last step: every write that takes an ``Idempotency-Key`` documents what
    the key itself may answer — 400 E_INVALID for a key that cannot be kept, 422 E_IDEMPOTENCY
    for a key first sent with another request — beside what the write documents of its own."""
    error = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
    words = {
        "400": "A key that cannot be kept",
        "422": "The key was first sent with another request",
    }
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            names = {parameter.get("name") for parameter in operation.get("parameters", [])}
            if IDEMPOTENCY_HEADER.name not in names:
                continue
            responses = operation.setdefault("responses", {})
            for status, description in words.items():
                responses.setdefault(status, {**error, "description": description})
    return result
