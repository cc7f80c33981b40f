"""Seat changes in the API (``/api/sessions/{id}/seat-changes/…``): the people at the table
take other seats between two hands. Recorded as the next entry (with ``Idempotency-Key`` and
``expected_round``, as a round or an adjustment is) and voided like one; never corrected (void
it and record another)."""

from __future__ import annotations

from django.db import transaction
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from calculator.api.common import READ_ERRORS, SessionView, body_of
from calculator.api.once import written_once
from calculator.api.rounds import ROUND_WRITE_ERRORS, recorded, to_write, without
from calculator.api.serializers.common import errors
from calculator.api.serializers.rounds import RoundAnswerSerializer, RoundSerializer
from calculator.api.serializers.seats import SeatChangePostSerializer
from calculator.errors import invalid
from calculator.models import Round
from calculator.selectors.ledger import round_answer
from calculator.selectors.seat_changes import seat_change_detail, seat_changes_list
from calculator.services.rounds import RoundEntry, round_void


class SeatChangeListView(SessionView):
    """A sitting's seat changes. Each takes the sitting's next entry number; it moves no money
    (each balance goes with its person) and the deal stays with the seat that was to deal next
    (R2.2, AJ2.3, HZ2.2)."""

    @extend_schema(responses={200: RoundSerializer(many=True), **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        return Response(seat_changes_list(self.session(request, pk)))

    @written_once(with_sitting=True)
    @extend_schema(
        request=SeatChangePostSerializer,
        responses={201: RoundAnswerSerializer, **ROUND_WRITE_ERRORS, **errors(422)},
    )
    def post(self, request: Request, pk: int) -> Response:
        with transaction.atomic():
            session = to_write(request, pk)
            body = body_of(request)
            if "result" in body:
                raise invalid(
                    "換座位的請求不帶 result。", "A seat change's body has no result field."
                )
            entry = RoundEntry(Round.SEAT_CHANGE, without(body, "expected_round"))
            return recorded(request, session, body, entry)


class SeatChangeDetailView(SessionView):
    @extend_schema(responses={200: RoundSerializer, **READ_ERRORS})
    def get(self, request: Request, pk: int, number: int) -> Response:
        return Response(seat_change_detail(self.session(request, pk), number))

    @written_once
    @extend_schema(responses={200: RoundAnswerSerializer, **errors(401, 404, 409)})
    def delete(self, request: Request, pk: int, number: int) -> Response:
        session = self.session(request, pk)
        seat_change_detail(session, number)
        game_round = round_void(session=session, number=number, user=request.user)
        return Response(round_answer(game_round))
