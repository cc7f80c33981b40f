"""紅中's web side (HZ12): its round form (how the round ended, several winners on one discard,
each winner's tiles and birds, the kongs, 飄分), its words and its rule book
(``/rules/hongzhong/``)."""

from __future__ import annotations

from calculator.web.games.hongzhong.forms import WEB

__all__ = ["WEB"]
