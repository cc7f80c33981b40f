"""A draw for seats and the first dealer (``/api/seat-draw/``): thrown for a list of names and a
game, and not saved, so a bot can show the dice before it opens the sitting with the record
(``POST /api/sessions/`` with ``seat_draw``). R2.2, AJ2.3, HZ2.2."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from calculator.api.common import body_of
from calculator.api.serializers.common import errors
from calculator.api.serializers.seat_draw import SeatDrawAskedSerializer, SeatDrawSerializer
from calculator.errors import CalculatorError
from calculator.services.seat_draw import seat_draw_names, seat_draw_throw
from scoring import ScoringError
from scoring.games import game_of
from scoring.seat_draw import first_dealer_of


class SeatDrawView(APIView):
    @extend_schema(
        request=SeatDrawAskedSerializer,
        responses={200: SeatDrawSerializer, **errors(400, 401, 413, 415)},
    )
    def post(self, request: Request) -> Response:
        """Shuffle the names into the winds, throw for the first dealer as the game says and
        turn the winds until the first dealer is at East. Nothing is saved: each call throws
        again."""
        body = body_of(request)
        try:
            game = game_of(body.get("game"))
        except ScoringError as error:
            raise CalculatorError(
                error.code, error.message, error.message_en, field="game"
            ) from None
        names = seat_draw_names(game, body.get("players"))
        drawn = seat_draw_throw(game=game, players=names)
        players = drawn["players"]
        index = {seat: number for number, seat in enumerate(game.seats(len(players)))}
        procedure = first_dealer_of(game)
        return Response(
            {
                "game": game.code,
                "method": procedure.method,
                "rule_id": procedure.rule_id,
                "drawn": drawn["drawn"],
                "players": players,
                "throws": [
                    {
                        **throw,
                        "player": players[index[throw["seat"]]],
                        "total": sum(throw["dice"]),
                    }
                    for throw in drawn["throws"]
                ],
                "dealer": players[0],
                "seat_draw": drawn["seat_draw"],
            }
        )
