"""``{% load rules_book %}``: a rule id of an explanation as a link to the rules page."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from calculator.web import rules_book

register = template.Library()


@register.filter
def rule_links(text: str | None) -> SafeString:
    """``{{ item.rule|rule_links }}``: ``R7 PAO_FENG, R6.5`` with each id linked to its heading."""
    return rules_book.rule_links(text)


@register.filter
def rule_anchor(rule_id: str | None) -> str:
    """``{{ label.rule|rule_anchor }}``: the id of a rule's heading on the rules page."""
    return rules_book.rule_anchor(rule_id or "")
