"""Anji's web side (AJ14.1): its round form (flowers, 飄, 假飄, the discarder when a house rule
allows discard wins), its words and its rule book (``/rules/anji/``)."""

from __future__ import annotations

from calculator.web.games.anji.forms import WEB

__all__ = ["WEB"]
