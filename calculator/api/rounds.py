"""Rounds in the API (``/api/sessions/{id}/rounds/…``): record a round (on the number it was
meant to take, once per ``Idempotency-Key``), read, correct (on the version it was made on)
and void one. Adjustments (``adjustments``) are recorded and corrected the same way."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from calculator import paging
from calculator.api.common import (
    PAGE_PARAMETERS,
    READ_ERRORS,
    WRITE_ERRORS,
    SessionView,
    body_of,
    shown,
)
from calculator.api.once import key_of, written_once
from calculator.api.serializers.common import errors
from calculator.api.serializers.rounds import (
    ConflictSerializer,
    RoundAnswerSerializer,
    RoundCorrectionSerializer,
    RoundEntrySerializer,
    RoundSerializer,
)
from calculator.errors import invalid
from calculator.models import Round, Session
from calculator.numbers import ID_MOST, whole_of
from calculator.selectors.ledger import round_answer, round_detail, rounds_page
from calculator.services.rounds import (
    round_correct,
    round_record,
    round_void,
    session_to_write,
)

# A round's post or correction: its 409 may name the round that is there (ConflictSerializer).
ROUND_WRITE_ERRORS = {**WRITE_ERRORS, 409: ConflictSerializer}


def _round_pointer(body: dict[str, Any], field: str, zh: str, en: str) -> int | None:
    """An optional whole number ≥ 1 of a round body that says which round (or which version of
    it) the body was made for: ``expected_round`` of a post, ``version`` of a correction. Absent:
    None. Anything else (a string, a fraction, true, null, 0) is E_INVALID naming the field."""
    if field not in body:
        return None
    value = body[field]
    if whole_of(value, least=1, most=ID_MOST, text=False) is None:
        raise invalid(
            f"{field} 必須是不小於 1 的整數（{zh}），收到 {shown(value)}。",
            f"{field} must be a whole number, 1 or more ({en}); got {shown(value)}.",
        )
    return value


def without(body: dict[str, Any], field: str) -> dict[str, Any]:
    """The round body itself, without the field that only says which round it is for."""
    return {key: value for key, value in body.items() if key != field}


class RoundListView(SessionView):
    @extend_schema(
        parameters=PAGE_PARAMETERS,
        responses={200: RoundSerializer(many=True), **errors(400, 401, 404)},
    )
    def get(self, request: Request, pk: int) -> Response:
        window = paging.window_of(request.query_params)
        page = rounds_page(self.session(request, pk), offset=window.offset or 0, limit=window.limit)
        return paging.add_paging_headers(
            Response(page["rounds"]),
            request,
            total=page["total"],
            offset=page["offset"],
            limit=page["limit"],
        )

    @written_once(with_sitting=True)
    @extend_schema(
        request=RoundEntrySerializer,
        # 409: E_CONFLICT, expected_round is taken already (with the round there), the sitting is
        # archived, or two posts met. 422: E_IDEMPOTENCY, the key was first sent with another body
        # or by another user.
        responses={201: RoundAnswerSerializer, **ROUND_WRITE_ERRORS, **errors(422)},
    )
    def post(self, request: Request, pk: int) -> Response:
        with transaction.atomic():
            session = to_write(request, pk)
            body = body_of(request)
            _not_an_adjustment(body)
            return recorded(request, session, body, without(body, "expected_round"))


def to_write(request: Request, pk: int) -> Session:
    """The sitting a round or an adjustment is recorded or corrected in, read once inside the
    caller's ``transaction.atomic()``: its row lock, its newest house rules and the
    ``Idempotency-Key``'s kept answer (``services.rounds.session_to_write``). 404 as a read of
    it, before the body is looked at."""
    return session_to_write(
        user=request.user, pk=pk, idempotency_key=request.headers.get("Idempotency-Key")
    )


def recorded(
    request: Request, session: Session, body: dict[str, Any], entry: dict[str, Any]
) -> Response:
    """Record ``entry`` (a round or an adjustment) as the body asks: its ``expected_round``, and
    the ``Idempotency-Key`` header (whose body hash is of the body as sent, expected_round
    included). ``session`` is as ``to_write`` read it: the answer is read with the lock too."""
    expected = _round_pointer(
        body, "expected_round", "這一條要記成第幾條", "the number this entry is meant to take"
    )
    recorded = round_record(
        session=session,
        entry=entry,
        user=request.user,
        idempotency_key=key_of(request),
        expected_round=expected,
        request_body=body,
        locked=True,
    )
    headers = {"Idempotent-Replayed": "true"} if recorded.replayed else None
    return Response(recorded.body, status=recorded.status, headers=headers)


def corrected(
    request: Request, session: Session, number: int, body: dict[str, Any], entry: dict[str, Any]
) -> Response:
    """Correct entry ``number`` to ``entry``, on the ``version`` the body names (if any);
    ``session`` as ``to_write`` read it."""
    version = _round_pointer(
        body,
        "version",
        "這次更正是在這一條的第幾版上改的",
        "the version of the entry this correction was made on",
    )
    done = round_correct(
        session=session,
        number=number,
        entry=entry,
        user=request.user,
        expected_version=version,
        locked=True,
    )
    return Response(round_answer(done.round, state=done.state))


def _not_an_adjustment(body: dict[str, Any]) -> None:
    """Hands go to …/rounds/, adjustments to …/adjustments/ (each with its own body)."""
    if body.get("result") == Round.ADJUSTMENT:
        raise invalid(
            "調整（罰分、補錢、籌碼更正）記在 /api/sessions/{id}/adjustments/。",
            "Adjustments (penalties, side payments, chip corrections) go to "
            "/api/sessions/{id}/adjustments/.",
        )


class RoundDetailView(SessionView):
    @extend_schema(responses={200: RoundSerializer, **READ_ERRORS})
    def get(self, request: Request, pk: int, number: int) -> Response:
        return Response(round_detail(self.session(request, pk), number))

    # 409: E_CONFLICT, version is stale (with the round as it is now), the round is voided, or the
    # sitting is archived.
    @written_once
    @extend_schema(
        request=RoundCorrectionSerializer,
        responses={200: RoundAnswerSerializer, **ROUND_WRITE_ERRORS},
    )
    def put(self, request: Request, pk: int, number: int) -> Response:
        with transaction.atomic():
            session = to_write(request, pk)
            body = body_of(request)
            _not_an_adjustment(body)
            return corrected(request, session, number, body, without(body, "version"))

    # 409: E_CONFLICT, the sitting is archived.
    @written_once
    @extend_schema(responses={200: RoundAnswerSerializer, **errors(401, 404, 409)})
    def delete(self, request: Request, pk: int, number: int) -> Response:
        game_round = round_void(session=self.session(request, pk), number=number, user=request.user)
        return Response(round_answer(game_round))
