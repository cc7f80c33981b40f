r"""The API reads JSON only, and no more of it than ``DATA_UPLOAD_MAX_MEMORY_SIZE``.

Django refuses a body whose ``Content-Length`` is over the limit (``RequestDataTooBig``, turned
into E_TOO_LARGE by ``errors.error_handler``); the parser reads no more than the limit from any
stream it is handed all the same, and turns JSON nested too deep for Python into a ParseError.

JSON may spell characters no text column can keep: ``\u0000`` (PostgreSQL refuses NUL in text)
and lone surrogates such as ``\ud800`` (no UTF-8 for them, so neither the database nor the
answer can be written). ``refuse_bad_text`` looks at every key and string of a parsed body and
refuses the first such one by its path (``others_melds.E[0].tiles``) before any view reads it.
"""

from __future__ import annotations

import io
import re
from typing import Any

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from calculator.errors import CalculatorError, invalid

# NUL, and the UTF-16 surrogates that JSON's \uXXXX escapes can name one at a time.
BAD_CHARACTER = re.compile(r"[\x00\ud800-\udfff]")


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
            data = super().parse(io.BytesIO(raw), media_type, parser_context)
        except RecursionError:
            # json gives up on arrays nested thousands deep with RecursionError, not ValueError.
            raise ParseError("JSON nested too deeply") from None
        refuse_bad_text(data)
        return data


def bad_text_at(data: object) -> tuple[str, str | None] | None:
    r"""Where the first string holding NUL or a lone surrogate is, in document order: the path of
    the value (``others_melds.E[0].tiles``; ``""`` for the whole body), and the offending key
    itself when it is a key that is bad. None when every string is clean.

    >>> bad_text_at({"melds": [{"kind": "pung", "tiles": "1\x00"}]})
    ('melds[0].tiles', None)
    >>> bad_text_at({"others_melds": {"E": [{"kind\ud800": "pung"}]}})
    ('others_melds.E[0]', 'kind\ud800')
    >>> bad_text_at({"name": "阿東", "players": ["a", 1, None]}) is None
    True
    """
    # A stack, not recursion: the body may be nested as deep as json itself allows.
    stack: list[tuple[object, str]] = [(data, "")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, str):
            if BAD_CHARACTER.search(value):
                return path, None
        elif isinstance(value, dict):
            children = []
            for key, item in value.items():
                if isinstance(key, str) and BAD_CHARACTER.search(key):
                    return path, key
                children.append((item, f"{path}.{key}" if path else str(key)))
            stack.extend(reversed(children))
        elif isinstance(value, list):
            stack.extend(reversed([(item, f"{path}[{i}]") for i, item in enumerate(value)]))
    return None


def refuse_bad_text(data: object) -> None:
    """E_INVALID naming the first key or string value that holds NUL or a lone surrogate."""
    found = bad_text_at(data)
    if found is None:
        return
    path, key = found
    why = "含有不允許的字符（NUL 或單獨的 UTF-16 代理字符），請刪去它"
    why_en = "contains a character that is not allowed (NUL or a lone UTF-16 surrogate); remove it"
    if key is not None:
        # The key is shown escaped: written as it is, it could not be sent back either.
        where = f"{path} 裡的" if path else "請求裡的"
        where_en = f" in {path}" if path else ""
        raise invalid(
            f"{where}鍵 {ascii(key)} {why}。", f"The key {ascii(key)}{where_en} {why_en}."
        )
    if not path:
        raise invalid(f"請求{why}。", f"The request body {why_en}.")
    raise invalid(f"{path} {why}。", f"{path} {why_en}.")
