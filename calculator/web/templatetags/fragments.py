"""Fragments that are the same for everyone, rendered once per process.

The hand editor (the tile keyboard, the meld rows, the other seats' fields: about ninety widgets)
and the house-rules form are most of the calculator's and the hand-entry page's cost, and before
anything is typed they depend only on the language, the seat names, the confirm button's label and
the defaults shown. ``{% hand_editor %}`` and ``{% house_rules %}`` render them once for each such
key and reuse the HTML; a form with data, errors or a result is rendered afresh every time. The
store keeps at most ``LIMIT`` fragments (least recently used out first), so it cannot grow without
bound however many sittings a server sees.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from threading import Lock
from typing import Any

from django import template
from django.template.context import Context
from django.template.loader import get_template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from calculator.web.games import web_game
from calculator.web.specials import page_specials

register = template.Library()

LIMIT = 256
_store: OrderedDict[Hashable, SafeString] = OrderedDict()
_lock = Lock()
# Context values that change what the fragments show: with any of them set, nothing is reused.
LIVE = ("result", "error", "waits", "invalid", "specials")


def _remembered(key: Hashable, render: Any) -> SafeString:
    with _lock:
        html = _store.get(key)
        if html is not None:
            _store.move_to_end(key)
            return html
    html = mark_safe(render())
    with _lock:
        _store[key] = html
        while len(_store) > LIMIT:
            _store.popitem(last=False)
    return html


def clear() -> None:
    with _lock:
        _store.clear()


def _render(name: str, context: Context, **extra: Any) -> str:
    with context.push(**extra):
        return get_template(name).template.render(context)


def _blank(form: Any) -> bool:
    return not form.is_bound and not form.initial


@register.simple_tag(takes_context=True)
def hand_editor(context: Context, confirm_label: str = "") -> SafeString:
    form = context["form"]
    # The game's own editor (web/games/<code>/_hand_editor.html, from its package).
    web = web_game(getattr(form, "game", None))

    def render() -> str:
        # What the keyboard marks as wild (the dock's data-specials) follows the game and the
        # honor_cycle house rule: both are in the key below.
        rules = {"honor_cycle": context.get("honor_cycle") or "seven"}
        return _render(
            web.template("_hand_editor.html"),
            context,
            confirm_label=confirm_label,
            picker_specials=page_specials(web.code, rules),
        )

    if not web.reuse_editor:
        # An editor whose fields follow more than the key below (紅中's: 飄分's fields follow a
        # house rule, each winner's block what was chosen): drawn afresh.
        return mark_safe(render())
    if not _blank(form) or any(context.get(name) for name in LIVE):
        return mark_safe(render())
    names = context.get("seat_names") or {}
    # The game, its seats in play and its own fields (Anji's discarder follows a house rule)
    # change the editor as much as the language does; the house rule honor_cycle changes the
    # wilds its keyboard is given (data-specials).
    key = (
        "hand",
        get_language(),
        type(form).__name__,
        web.code,
        getattr(form, "player_count", None),
        tuple(form.fields),
        context.get("honor_cycle"),
        tuple(names.items()),
        str(confirm_label),
    )
    return _remembered(key, render)


@register.simple_tag(takes_context=True)
def house_rules(context: Context) -> SafeString:
    form = context["rules_form"]
    render = lambda: _render("web/_house_rules.html", context)  # noqa: E731
    if form.is_bound:
        return mark_safe(render())
    shown = tuple((name, str(field.initial)) for name, field in form.fields.items())
    key = ("rules", get_language(), context.get("ruleset"), shown)
    return _remembered(key, render)


@register.simple_tag
def game_template(code: str | None, name: str) -> str:
    """``{% game_template result.game "_why_result.html" as part %}``: the game's own template
    ``name`` (``web/games/<code>/``, from its package), or the shared one where it has none."""
    return web_game(code).template(name)
