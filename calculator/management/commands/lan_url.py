"""``python manage.py lan_url [--port 8000]``: the address a phone on the same Wi-Fi opens, and
its QR code drawn in the terminal, for ``make run`` to print before the server starts.

The address is this machine's on its network (``calculator.lan``); ``DJANGO_DEBUG`` on allows it
as a host (``calculator/settings.py``). Without a network it says so, and the server still starts
for this machine alone. Exit status 0 either way.
"""

from __future__ import annotations

import io
from typing import Any

import segno
from django.core.management.base import BaseCommand, CommandParser

from calculator.lan import lan_url


class Command(BaseCommand):
    help = "Print the address phones on the same Wi-Fi open, with its QR code."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--port", default="8000", help="the port the server listens on")

    def handle(self, *args: Any, **options: Any) -> None:
        url = lan_url(options["port"])
        if url is None:
            self.stdout.write(
                "沒有找到這台電腦在網絡上的地址：只有這台電腦能打開。"
                " / No network address found: only this machine can open the app."
            )
            return
        self.stdout.write(f"同一個 Wi-Fi 的手機打開 / Phones on the same Wi-Fi open: {url}")
        self.stdout.write("或者掃一掃 / or scan:")
        # Drawn whole, then written: the command's stdout would end each of segno's pieces with
        # a line break of its own.
        drawn = io.StringIO()
        segno.make(url, error="m", micro=False).terminal(out=drawn, compact=True)
        self.stdout.write(drawn.getvalue(), ending="")
