"""Every API error, DRF's own included, answers with the contract's error object.

DRF translates its messages into the request's language, so the Chinese ``message`` and the
English ``message_en`` of DRF's own exceptions are written here, one pair per kind.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.views import defaults
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler

from calculator.api.parsers import too_large
from calculator.errors import CalculatorError, RoundConflict
from calculator.selectors.ledger import round_as_dict

KINDS: list[tuple[type[exceptions.APIException], str, str, str]] = [
    (
        exceptions.NotAuthenticated,
        "E_AUTH",
        "請先登錄或提供 Token。",
        "Log in or send a token (Authorization: Token …).",
    ),
    (
        exceptions.AuthenticationFailed,
        "E_AUTH",
        "登錄資料或 Token 不正確。",
        "The login or the token is not valid.",
    ),
    (
        exceptions.PermissionDenied,
        "E_FORBIDDEN",
        "只有本場的主人可以這樣做。",
        "Only the session's owner may do this.",
    ),
    (exceptions.NotFound, "E_NOT_FOUND", "找不到。", "Not found."),
    (
        exceptions.MethodNotAllowed,
        "E_METHOD",
        "這裡不支持 {method} 請求。",
        "{method} is not allowed here.",
    ),
    (
        exceptions.UnsupportedMediaType,
        "E_INVALID",
        "請用 JSON（application/json）發送請求。",
        "Send the request as JSON (application/json).",
    ),
    (
        exceptions.ParseError,
        "E_INVALID",
        "請求不是有效的 JSON。",
        "The request body is not valid JSON.",
    ),
    (
        exceptions.Throttled,
        "E_THROTTLED",
        "請求太頻繁，請稍後再試。",
        "Too many requests; try again later.",
    ),
]


def _fields(detail: Any, prefix: str = "") -> list[str]:
    """The names of the fields a DRF validation error is about."""
    if isinstance(detail, dict):
        names = []
        for key, value in detail.items():
            name = f"{prefix}{key}"
            nested = _fields(value, f"{name}.")
            names.extend(nested or [name])
        return names
    if isinstance(detail, list):
        return [name for item in detail for name in _fields(item, prefix)]
    return []


def _text(detail: Any) -> str:
    if isinstance(detail, dict):
        return "; ".join(f"{key}: {_text(value)}" for key, value in detail.items())
    if isinstance(detail, list):
        return " ".join(_text(item) for item in detail)
    return str(detail)


def conflict_body(exc: RoundConflict) -> dict[str, Any]:
    """409 E_CONFLICT of a body that named a round which has moved on: the error object and,
    beside it, the round that is there (as the API shows a round; null when there is none) and
    the number the next round would take, so a client can show both rounds."""
    there = exc.round
    return {
        **exc.as_dict(),
        "round": round_as_dict(there) if there is not None else None,
        "next_round": exc.next_round,
    }


def error_handler(exc: Exception, context: dict) -> Response | None:
    if isinstance(exc, RequestDataTooBig):
        exc = too_large(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
    if isinstance(exc, RoundConflict):
        return Response(conflict_body(exc), status=exc.status)
    if isinstance(exc, CalculatorError):
        return Response(exc.as_dict(), status=exc.status)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    response = exception_handler(exc, context)
    if response is None:
        return None
    request = context.get("request")
    method = getattr(request, "method", "")
    if isinstance(exc, exceptions.PermissionDenied) and str(exc.detail).startswith("CSRF"):
        # A session login's write without the CSRF token (DRF's SessionAuthentication).
        response.data = {
            "error": {
                "code": "E_FORBIDDEN",
                "message": "缺少 CSRF 令牌：請在 X-CSRFToken 頭中發送，或改用 Token。",
                "message_en": "CSRF token missing or wrong: send it as X-CSRFToken, or use a token.",
            }
        }
        return response
    for kind, code, message, message_en in KINDS:
        if isinstance(exc, kind):
            error = {
                "code": code,
                "message": message.format(method=method),
                "message_en": message_en.format(method=method),
            }
            break
    else:
        fields = ", ".join(_fields(getattr(exc, "detail", None))) or "the request"
        error = {
            "code": "E_INVALID",
            "message": f"請求有誤（{fields}）：{_text(getattr(exc, 'detail', exc))}",
            "message_en": f"Check {fields}.",
        }
    response.data = {"error": error}
    return response


# --- the error object outside DRF's views: no route, a refused body, a crash -------------------


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def _error(code: str, message: str, message_en: str, status: int) -> JsonResponse:
    body = {"error": {"code": code, "message": message, "message_en": message_en}}
    return JsonResponse(body, status=status)


def api_or_page_400(request: HttpRequest, exception: Exception) -> HttpResponse:
    if not _is_api(request):
        return defaults.bad_request(request, exception)
    if isinstance(exception, RequestDataTooBig):
        return JsonResponse(too_large(settings.DATA_UPLOAD_MAX_MEMORY_SIZE).as_dict(), status=413)
    return _error("E_INVALID", "請求有誤。", "The request is malformed.", 400)


def api_or_page_404(request: HttpRequest, exception: Exception) -> HttpResponse:
    if not _is_api(request):
        return defaults.page_not_found(request, exception)
    return _error("E_NOT_FOUND", "找不到。", "Not found.", 404)


def api_or_page_500(request: HttpRequest) -> HttpResponse:
    if not _is_api(request):
        return defaults.server_error(request)
    return _error(
        "E_SERVER",
        "服務器出錯了，請稍後再試。",
        "Something went wrong on the server; please try again later.",
        500,
    )
