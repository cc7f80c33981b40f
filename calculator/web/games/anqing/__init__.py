"""Anqing's web side: its round form (the others' fed melds for 包, R10; the bar tiles, R4.4),
its rulesets' names, its words and its rule book (``/rules/``)."""

from __future__ import annotations

from calculator.web.games.anqing.forms import WEB

__all__ = ["WEB"]
