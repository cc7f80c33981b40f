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
from scoring import score


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
        result = score(body_of(request))
        return Response(result, status=400 if "error" in result else 200)
