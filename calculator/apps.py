from __future__ import annotations

from django.apps import AppConfig


class CalculatorConfig(AppConfig):
    name = "calculator"
    verbose_name = "安慶麻將 calculator"

    def ready(self) -> None:
        # Connects the receiver that deletes a user's API token when they log out.
        from calculator.api import tokens  # noqa: F401
