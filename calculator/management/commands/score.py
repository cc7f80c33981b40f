"""``python manage.py score FILE|-``: score one hand as docs/api.md says.

Prints the engine's answer as JSON; exit status 0 for a result, 2 for an error object.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from calculator.api.parsers import bad_text_at
from scoring import score


class Command(BaseCommand):
    help = "Score one hand from a JSON request file (or - for standard input)."
    requires_system_checks: list = []
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the request as JSON, or - to read standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        source = options["file"]
        try:
            if source == "-":
                text = sys.stdin.read()
            else:
                with open(source, encoding="utf-8") as handle:
                    text = handle.read()
        except OSError as error:
            self._fail(
                f"無法讀取文件 {source}：{error.strerror}",
                f"cannot read {source}: {error.strerror}",
            )
        try:
            request = json.loads(text)
        except json.JSONDecodeError as error:
            self._fail(
                f"請求不是有效的 JSON（第 {error.lineno} 行）。",
                f"the request is not valid JSON (line {error.lineno}: {error.msg}).",
            )
        bad = bad_text_at(request)
        if bad is not None:
            # NUL or a lone surrogate (JSON can spell them; no answer can be written with them).
            path, key = bad
            where = path or "the request"
            self._fail(
                f"{where} 含有 NUL 或單獨的代理字符（\\u0000、\\ud800…），不是文字。",
                f"{where} holds NUL or a lone surrogate (\\u0000, \\ud800, …), which is not text.",
            )
        result = score(request)
        self.stdout.write(json.dumps(result, ensure_ascii=False, indent=2))
        if "error" in result:
            sys.exit(2)

    def _fail(self, message: str, message_en: str) -> None:
        error = {"error": {"code": "E_NOTATION", "message": message, "message_en": message_en}}
        self.stdout.write(json.dumps(error, ensure_ascii=False, indent=2))
        sys.exit(2)
