"""``POST /api/auth/token/``: a username and password for the token to send as
``Authorization: Token …``; ``DELETE /api/auth/token/`` revokes the caller's token.

Tokens expire after ``TOKEN_LIFETIME`` (``calculator.api.tokens``): for a user whose token has
expired, ``POST`` issues a fresh one."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import authenticate
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from calculator.api.once import written_once
from calculator.api.serializers.common import errors
from calculator.api.tokens import revoke_tokens, token_for
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


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()


class TokenView(APIView):
    # Asking for a token needs no log-in (a stale token sent along is ignored); revoking one
    # needs the token (or the session) it revokes.
    permission_classes = [AllowAny]

    def _revoking(self) -> bool:
        # The schema generator may ask without a request: it documents both methods.
        return getattr(self.request, "method", "DELETE") == "DELETE"

    def get_authenticators(self) -> list[Any]:
        return super().get_authenticators() if self._revoking() else []

    def get_permissions(self) -> list[Any]:
        return [IsAuthenticated()] if self._revoking() else super().get_permissions()

    @extend_schema(
        request=LoginSerializer,
        responses={200: TokenSerializer, **errors(400, 413, 415, 429)},
        auth=[],
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
        return Response({"token": token_for(user).key})

    @written_once
    @extend_schema(request=None, responses={204: None, **errors(401, 403)})
    def delete(self, request: Request) -> Response:
        """Revoke the caller's token: it no longer authenticates anyone."""
        revoke_tokens(request.user)
        return Response(status=204)
