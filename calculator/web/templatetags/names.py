"""``{% load names %}``: a player's name that never breaks over two lines.

``{{ seat|who:seat_names }}`` is ``seat_label``'s "南 · 阿芳" in a ``<span class="who">`` that
the style sheet keeps on one line (``white-space: nowrap``), so a narrow phone breaks a row
between two names or before an amount, never inside "阿芳" or "Li Xiaolong"::

    <li>{{ transfer.from|who:seat_names }} → {{ transfer.to|who:seat_names }}</li>

Only where the name is the text of an element: an attribute (``title``, ``aria-label``) takes
``seat_label``, which is plain text.
"""

from __future__ import annotations

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from calculator.web.templatetags.tiles import seat_label

register = template.Library()


@register.filter
def who(seat: str, seat_names: dict | None = None) -> SafeString | str:
    """``{{ seat|who:seat_names }}``: ``seat_label`` kept whole (empty for no seat)."""
    label = seat_label(seat, seat_names)
    return format_html('<span class="who">{}</span>', label) if label else ""


@register.filter
def whole(text: object) -> SafeString | str:
    """``{{ name|whole }}``: any name (a player's, as typed) kept whole the same way."""
    return format_html('<span class="who">{}</span>', text) if text not in (None, "") else ""


@register.filter
def seat_moves(moves: object) -> SafeString | str:
    """``{{ entry.seat_change|seat_moves }}``: what a seat change moved, in the page's words:
    "阿南 南→西，阿西 西→南" (each name kept whole)."""
    if not isinstance(moves, list):
        return ""
    parts = [
        format_html(
            '<span class="who">{}</span> {}→{}',
            move.get("player", ""),
            seat_label(move.get("from", "")),
            seat_label(move.get("to", "")),
        )
        for move in moves
        if isinstance(move, dict)
    ]
    return SafeString(str(gettext("，")).join(parts))
