"""Every API error, DRF's own included, answers with the contract's error object."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler

from calculator.errors import CalculatorError

CODES = {
    exceptions.NotAuthenticated: ("E_AUTH", "請先登錄或提供 Token。"),
    exceptions.AuthenticationFailed: ("E_AUTH", "登錄資料不正確。"),
    exceptions.PermissionDenied: ("E_FORBIDDEN", "你沒有權限做這件事。"),
    exceptions.NotFound: ("E_NOT_FOUND", "找不到。"),
    exceptions.MethodNotAllowed: ("E_METHOD", "不支持這個請求方法。"),
    exceptions.UnsupportedMediaType: ("E_INVALID", "請用 JSON 發送請求。"),
    exceptions.ParseError: ("E_INVALID", "請求不是有效的 JSON。"),
    exceptions.Throttled: ("E_THROTTLED", "請求太頻繁，請稍後再試。"),
}


def _flatten(detail: Any, prefix: str = "") -> list[str]:
    """DRF's nested error detail as "field: message" lines, so the message names the field."""
    if isinstance(detail, dict):
        lines = []
        for key, value in detail.items():
            name = "" if key == "non_field_errors" else f"{prefix}{key}"
            lines.extend(_flatten(value, f"{name}." if name else ""))
        return lines
    if isinstance(detail, list):
        return [line for item in detail for line in _flatten(item, prefix)]
    text = str(detail)
    return [f"{prefix[:-1]}: {text}" if prefix else text]


def error_handler(exc: Exception, context: dict) -> Response | None:
    if isinstance(exc, CalculatorError):
        return Response(exc.as_dict(), status=exc.status)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    response = exception_handler(exc, context)
    if response is None:
        return None
    message_en = "; ".join(_flatten(getattr(exc, "detail", str(exc)))) or str(exc)
    code, message = "E_INVALID", f"請求有誤：{message_en}"
    for kind, (kind_code, kind_message) in CODES.items():
        if isinstance(exc, kind):
            code, message = kind_code, kind_message
            break
    if response.status_code == status.HTTP_400_BAD_REQUEST and code == "E_INVALID":
        message = f"請求有誤：{message_en}"
    response.data = {"error": {"code": code, "message": message, "message_en": message_en}}
    return response
