"""``GET /healthz``: 200 when the database answers, 503 with a plain explanation when it does not.

PostgreSQL's ``connect_timeout`` (settings) bounds the wait, so an unreachable database is
reported within seconds instead of hanging the probe.
"""

from __future__ import annotations

from django.db import DatabaseError, connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET


def database_unreachable(problem: Exception) -> dict:
    reason = str(problem).strip().splitlines()[0] if str(problem).strip() else type(problem).__name__
    return {
        "error": {
            "code": "E_DATABASE",
            "message": f"連不上數據庫：{reason}",
            "message_en": f"The database cannot be reached: {reason}",
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
