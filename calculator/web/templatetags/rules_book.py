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


@register.filter
def rule_links_in(text: str | None, game: str | None = None) -> SafeString:
    """``{{ error.code|rule_links_in:game }}``: the ids linked to ``game``'s rule book when it
    has them (紅中's E_CONTEXT is HZ15's), else where the ids themselves point."""
    if game in rules_book.books():
        linked = rules_book.rule_links(text, game)
        if "<a" in linked:
            return linked
    return rules_book.rule_links(text)
