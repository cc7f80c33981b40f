"""API tokens that expire and that die with a log-out or a password change.

DRF's ``rest_framework.authtoken`` tokens live until deleted. Here a token older than
``TOKEN_LIFETIME`` (counted from when it was issued) is refused with ``E_AUTH`` (401) and
deleted, so ``POST /api/auth/token/`` issues a fresh one; logging out of the pages (or the admin)
and changing one's password delete the user's token, and ``DELETE /api/auth/token/`` revokes the
caller's.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_out
from django.db.models import F, QuerySet
from django.dispatch import receiver
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from calculator.compiled import Compiled
from calculator.errors import CalculatorError


def token_expired(token: Token) -> bool:
    return token.created <= timezone.now() - settings.TOKEN_LIFETIME


def revoke_tokens(user: Any) -> None:
    """Delete the user's API token, if there is one."""
    if user is not None and getattr(user, "pk", None) is not None:
        Token.objects.filter(user=user).delete()


def token_for(user: Any) -> Token:
    """The user's token, or a new one if there is none or it has expired."""
    token, created = Token.objects.get_or_create(user=user)
    if not created and token_expired(token):
        token.delete()
        token = Token.objects.create(user=user)
    return token


def _token_user(variant: tuple, key: str) -> QuerySet:
    """The user whose token is ``key``, with when the token was issued."""
    users = get_user_model().objects.filter(auth_token__key=key)
    return users.annotate(token_created=F("auth_token__created"))


TOKEN_USER = Compiled(_token_user, key="\x1f token \x1f")


class ExpiringTokenAuthentication(TokenAuthentication):
    """``Authorization: Token …``, refused once the token is older than ``TOKEN_LIFETIME``."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Token]:
        # DRF's own, in one compiled statement (calculator.compiled): every API request asks it.
        found = TOKEN_USER.rows(key=key)
        if not found:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        user = found[0]
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        token = Token.from_db(
            user._state.db, ["key", "user_id", "created"], [key, user.pk, user.token_created]
        )
        token.user = user
        if token_expired(token):
            token.delete()
            days = settings.TOKEN_LIFETIME.days
            raise CalculatorError(
                "E_AUTH",
                f"Token 已過期（有效期 {days} 天），請用 POST /api/auth/token/ 重新申請。",
                f"The token has expired (tokens last {days} days); ask for a new one with "
                f"POST /api/auth/token/.",
                status=401,
            )
        return user, token


@receiver(user_logged_out, dispatch_uid="calculator.api.tokens.revoke_on_logout")
def revoke_on_logout(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """Logging out of the pages ends the API's access too."""
    revoke_tokens(user)
