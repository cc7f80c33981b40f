"""``{% once_field %}``: the one-time key of a form that changes a sitting
(``calculator.web.once``), made afresh for each response. Put it beside ``{% csrf_token %}``,
never inside a fragment that is rendered once and reused (``fragments``): every copy of the page
would carry the same key."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString, mark_safe

from calculator.web.once import field_html

register = template.Library()


@register.simple_tag
def once_field() -> SafeString:
    return mark_safe(field_html())
