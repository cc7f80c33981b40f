"""The calculator of the API (``/api/score/``): one hand of any game scored, open to anyone,
nothing stored (docs/api.md). Thin views here and in every API module: parse the request, call
the engine, a service or a selector, answer with its data."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from calculator.api.common import body_of
from calculator.api.parsers import LimitedJSONParser
from calculator.api.serializers.calculator import ScoreRequestSerializer
from calculator.api.serializers.common import errors
from calculator.api.serializers.results import game_result
from calculator.errors import CalculatorError
from calculator.numbers import decimal_of, shown, written_amount
from scoring import score


def silver_as_written(body: object) -> None:
    """E_NOTATION naming ``base_silver`` when it is text that the engine would read as a number
    but a person does not write one so ("1e3", "+2", " 1E3"): amounts are digits and a point in
    the API as on the pages (``calculator.numbers.written_amount``); a JSON number is a number.
    Text the engine refuses itself ("1_000", "１２", "NaN") it refuses in its own order."""
    silver = body.get("base_silver") if isinstance(body, dict) else None
    if (
        isinstance(silver, str)
        and written_amount(silver) is None
        and decimal_of(silver) is not None
    ):
        raise CalculatorError(
            "E_NOTATION",
            f"base_silver 只寫數字 0–9，可以帶一個小數點（如 1 或 0.5），收到 {shown(silver)}。",
            f"base_silver is written with the digits 0-9 and at most one decimal point "
            f"(such as 1 or 0.5), got {shown(silver)}.",
            field="base_silver",
        )


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
        body = body_of(request)
        silver_as_written(body)
        result = score(body)
        return Response(result, status=400 if "error" in result else 200)
