"""``GET /healthz``: 200 when the database answers, 503 with a plain explanation when it does not.

The answer never quotes the driver (it names the database host and port); the reason is logged
on the ``calculator`` logger instead.

PostgreSQL's ``connect_timeout`` (settings) bounds the wait, so an unreachable database is
reported within seconds instead of hanging the probe.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import DatabaseError, InterfaceError, OperationalError, connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

logger = logging.getLogger("calculator")

OUTAGE_PAGE = (
    "<!doctype html><meta charset='utf-8'><title>503</title>"
    "<h1>暫時連不上數據庫 · The database cannot be reached</h1>"
    "<p>沒有保存任何東西，請稍後再試。 Nothing was saved; please try again shortly.</p>"
)


def database_unreachable(problem: Exception) -> dict:
    """The error object for anyone: no host, port or driver text (those go to the log, for the
    people who run the server)."""
    reason = (
        str(problem).strip().splitlines()[0] if str(problem).strip() else type(problem).__name__
    )
    logger.error("The database cannot be reached: %s: %s", type(problem).__name__, reason)
    return {
        "error": {
            "code": "E_DATABASE",
            "message": "暫時連不上數據庫。",
            "message_en": "The database cannot be reached.",
        }
    }


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as problem:
        return JsonResponse(database_unreachable(problem), status=503)
    return JsonResponse({"status": "ok", "database": "ok"})


class DatabaseUnavailableMiddleware:
    """A request that finds the database unreachable is answered 503 — the contract's error
    object on the API, a short page elsewhere — instead of a bare 500; the reason is logged."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        body = database_unreachable(exception)
        if request.path.startswith("/api/"):
            response: HttpResponse = JsonResponse(body, status=503)
        else:
            response = HttpResponse(OUTAGE_PAGE, status=503)
        response["Retry-After"] = "10"
        return response
