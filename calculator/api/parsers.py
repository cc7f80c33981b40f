"""The API reads JSON only, and no more of it than ``DATA_UPLOAD_MAX_MEMORY_SIZE``.

Django refuses a body whose ``Content-Length`` is over the limit (``RequestDataTooBig``, turned
into E_TOO_LARGE by ``errors.error_handler``); the parser reads no more than the limit from any
stream it is handed all the same, and turns JSON nested too deep for Python into a ParseError.
"""

from __future__ import annotations

import io
from typing import Any

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from calculator.errors import CalculatorError


def too_large(limit: int) -> CalculatorError:
    kilobytes = limit // 1024
    return CalculatorError(
        "E_TOO_LARGE",
        f"請求太大：最多 {kilobytes} KB。",
        f"The request body is too large: at most {kilobytes} KB.",
        status=413,
    )


class LimitedJSONParser(JSONParser):
    def parse(
        self, stream: Any, media_type: str | None = None, parser_context: dict | None = None
    ) -> Any:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:
            raise too_large(limit)
        try:
            return super().parse(io.BytesIO(raw), media_type, parser_context)
        except RecursionError:
            # json gives up on arrays nested thousands deep with RecursionError, not ValueError.
            raise ParseError("JSON nested too deeply") from None
