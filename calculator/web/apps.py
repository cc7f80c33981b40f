from __future__ import annotations

from django.apps import AppConfig


class WebConfig(AppConfig):
    """The pages: installed so Django finds the ``tiles`` template tags."""

    name = "calculator.web"
    label = "web"
    verbose_name = "安慶麻將 pages"
