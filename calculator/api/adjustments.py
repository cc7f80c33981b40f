"""Adjustments in the API (``/api/sessions/{id}/adjustments/…``): money that is not a hand (a
penalty, a side payment, a chip correction), recorded, corrected and voided as a round is."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from calculator.api.common import READ_ERRORS, SessionView, body_of
from calculator.api.once import written_once
from calculator.api.rounds import ROUND_WRITE_ERRORS, corrected, recorded, to_write, without
from calculator.api.serializers.adjustments import (
    AdjustmentCorrectionSerializer,
    AdjustmentPostSerializer,
)
from calculator.api.serializers.common import errors
from calculator.api.serializers.rounds import RoundAnswerSerializer, RoundSerializer
from calculator.errors import invalid
from calculator.models import Round
from calculator.selectors.adjustments import adjustment_detail, adjustments_list
from calculator.selectors.ledger import round_answer
from calculator.services.rounds import round_void


def _adjustment_body(body: dict[str, Any]) -> dict[str, Any]:
    if "result" in body:
        raise invalid("調整的請求不帶 result。", "An adjustment's body has no result field.")
    return {"result": Round.ADJUSTMENT, **body}


class AdjustmentListView(SessionView):
    """A sitting's adjustments: money that is not a hand (a penalty, a side payment, a chip
    correction). Each takes the sitting's next entry number, as a round does, and is corrected
    and voided the same way; it never moves the deal or the dealer's streak."""

    @extend_schema(responses={200: RoundSerializer(many=True), **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        return Response(adjustments_list(self.session(request, pk)))

    @written_once(with_sitting=True)
    @extend_schema(
        request=AdjustmentPostSerializer,
        responses={201: RoundAnswerSerializer, **ROUND_WRITE_ERRORS, **errors(422)},
    )
    def post(self, request: Request, pk: int) -> Response:
        with transaction.atomic():
            session = to_write(request, pk)
            body = body_of(request)
            entry = _adjustment_body(without(body, "expected_round"))
            return recorded(request, session, body, entry)


class AdjustmentDetailView(SessionView):
    @extend_schema(responses={200: RoundSerializer, **READ_ERRORS})
    def get(self, request: Request, pk: int, number: int) -> Response:
        return Response(adjustment_detail(self.session(request, pk), number))

    @written_once
    @extend_schema(
        request=AdjustmentCorrectionSerializer,
        responses={200: RoundAnswerSerializer, **ROUND_WRITE_ERRORS},
    )
    def put(self, request: Request, pk: int, number: int) -> Response:
        with transaction.atomic():
            session = to_write(request, pk)
            adjustment_detail(session, number)  # 404 unless it is one
            body = body_of(request)
            entry = _adjustment_body(without(body, "version"))
            return corrected(request, session, number, body, entry)

    @written_once
    @extend_schema(responses={200: RoundAnswerSerializer, **errors(401, 404, 409)})
    def delete(self, request: Request, pk: int, number: int) -> Response:
        session = self.session(request, pk)
        adjustment_detail(session, number)
        game_round = round_void(session=session, number=number, user=request.user)
        return Response(round_answer(game_round))
