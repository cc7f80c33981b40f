from __future__ import annotations

from django.apps import AppConfig


class CalculatorConfig(AppConfig):
    name = "calculator"
    verbose_name = "安慶麻將 calculator"
