"""``POST /api/auth/token/``: a username and password for the token to send as
``Authorization: Token …``."""

from __future__ import annotations

from django.contrib.auth import authenticate
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from calculator.api.serializers import TokenSerializer, errors
from calculator.errors import CalculatorError, invalid
from calculator.login_attempts import (
    login_blocked,
    login_failed,
    login_succeeded,
    too_many_attempts,
)


class LoginSerializer(serializers.Serializer):
    username = serializers.CharField()
    password = serializers.CharField()


class TokenView(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(
        request=LoginSerializer,
        responses={200: TokenSerializer, **errors(400, 413, 415, 429)},
    )
    def post(self, request: Request) -> Response:
        body = request.data if isinstance(request.data, dict) else {}
        username, password = body.get("username"), body.get("password")
        for field, value in (("username", username), ("password", password)):
            if not isinstance(value, str) or not value:
                raise invalid(f"請填寫 {field}。", f"{field} is required.")
        if login_blocked(request, username):
            # Refused before the password is looked at: guessing gains nothing here.
            raise too_many_attempts()
        user = authenticate(request, username=username, password=password)
        if user is None:
            login_failed(request, username)
            raise CalculatorError(
                "E_AUTH",
                "用戶名或密碼不正確。",
                "The username or the password is wrong.",
                status=400,
            )
        login_succeeded(request, username)
        token, _ = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})
