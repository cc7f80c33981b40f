"""A link that holds a hand: the calculator's form as the query of a GET.

Anyone who opens ``/calculator/?game=…&winner=…&hand=…`` sees the form filled in and its result,
without logging in, so a table can send one hand around to settle an argument. Only the fields
that differ from the form's own starting values are written (the link stays short enough for a
QR code); reading a link puts those starting values back for the fields it leaves out, so the form
is bound exactly as if it had been posted. The table (game, number of players, ruleset) and the
house rules that differ from the ruleset's defaults (``rule-<key>``, R12, AJ13, HZ16) are written
too. A recorded round gives the same link (``round_link``), so the calculator scores it with the
context the sitting scored it with: its dealer and streak, base silver and rules version.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.http import QueryDict
from django.urls import reverse

from calculator.web.forms import HouseRulesForm
from calculator.web.games import web_game
from scoring.games import GAMES

# What the game switch and the ruleset choice send: a GET with only these holds no hand.
TABLE_KEYS = ("game", "player_count", "ruleset")
# The house-rules form's prefix, and its hidden field naming the ruleset its values are for.
RULE_PREFIX = "rule-"
RULES_FOR = "rules_for"


def strings_of(value: Any, field: forms.Field) -> list[str]:
    """A form value as the strings a query carries: several for a field with several choices
    (紅中's winners), a checkbox as ``true``/``false``, a ladder of numbers as ``1,2,3``; an empty
    value is no string at all."""
    if value is None or value == "":
        return []
    if isinstance(field, forms.MultipleChoiceField):
        values = value if isinstance(value, list | tuple) else [value]
        return [str(one) for one in values if one not in (None, "")]
    if isinstance(value, bool):
        return ["true" if value else "false"]
    if isinstance(value, list | tuple):
        return [",".join(str(one) for one in value)]
    if isinstance(value, Decimal):
        return [format(value.normalize(), "f")]  # 1.00 and 1 are the same base silver
    return [str(value)]


def field_strings(value: Any, field: forms.Field) -> list[str]:
    """A hand field's value as query strings: an unticked box is none, as a form sends it."""
    if isinstance(field, forms.BooleanField) and not value:
        return []
    return strings_of(value, field)


def starting_strings(form: forms.Form, name: str) -> list[str]:
    """What the field ``name`` holds before anything is typed, as query strings."""
    field = form.fields[name]
    return field_strings(form.get_initial_for_field(field, name), field)


def holds_hand(query: QueryDict, form: forms.Form) -> bool:
    """Whether a GET of the calculator carries a hand: any field of the form or any house rule
    besides the game switch's and the ruleset choice's keys."""
    return any(
        key not in TABLE_KEYS and (key in form.fields or key.startswith(RULE_PREFIX))
        for key in query
    )


def link_data(
    query: QueryDict, form: forms.Form, rules_form: HouseRulesForm, ruleset: str
) -> QueryDict:
    """The data a link's query binds the calculator's forms with: the query, and for each field
    it leaves out, the starting value of the blank ``form`` (and of the blank ``rules_form`` of
    ``ruleset``), as the page would have posted them."""
    data = query.copy()
    for name in form.fields:
        if name not in data and (strings := starting_strings(form, name)):
            data.setlist(name, strings)
    for key, field in rules_form.fields.items():
        name = rules_form.add_prefix(key)
        if name not in data:
            data.setlist(name, strings_of(rules_form.get_initial_for_field(field, key), field))
    # A ruleset the game does not have stays in the data, for the form to name it as wrong.
    data.setdefault("ruleset", ruleset)
    data[RULES_FOR] = ruleset
    return data


def hand_link(
    *,
    game: str,
    player_count: int,
    ruleset: str,
    form: forms.Form,
    values: Mapping[str, Any],
    rules: Mapping[str, Any],
) -> str:
    """The calculator's URL (path and query) holding ``values`` (the calculator form's fields by
    name) and the house rules ``rules`` that differ from the ruleset's defaults. ``form`` is a
    calculator form of that table whose starting values are left out of the link."""
    engine = GAMES[game]
    pairs: list[tuple[str, str]] = [("game", game)]
    if player_count != max(engine.seat_counts):
        pairs.append(("player_count", str(player_count)))
    if ruleset != engine.default_ruleset:
        pairs.append(("ruleset", ruleset))
    for name, field in form.fields.items():
        if name in TABLE_KEYS:
            continue
        strings = field_strings(values.get(name), field)
        starting = starting_strings(form, name)
        if strings == starting:
            continue
        # Emptied where the form starts with something: said, or the starting value comes back.
        pairs += [(name, one) for one in strings or [""]]
    rules_form = HouseRulesForm(ruleset=ruleset, game=game)
    for key, value in rules.items():
        field = rules_form.fields.get(key)
        if field is not None and value != rules_form.defaults.get(key):
            pairs += [(rules_form.add_prefix(key), one) for one in strings_of(value, field) or [""]]
    # Commas (a ladder of numbers) need no escaping in a query: the link stays shorter.
    return f"{reverse('web:calculator')}?{urlencode(pairs, safe=',')}"


def posted_values(form: forms.Form) -> dict[str, Any]:
    """A bound calculator form's fields as its widgets read them (a ticked box is True, the
    winners a list), for ``hand_link``."""
    return {name: form[name].data for name in form.fields}


def round_link(
    *,
    game: str,
    player_count: int,
    ruleset: str,
    result: str,
    hand: Mapping[str, Any],
    table: Mapping[str, Any],
    rules: Mapping[str, Any],
) -> str | None:
    """The calculator link of a recorded round: its hand as the round form would open it for a
    correction, with the table it was scored with (``table``: dealer, dealer_streak, base_silver)
    and its rules version's overrides. None for a round with nothing the calculator scores (a
    draw of a game whose draws move no money)."""
    engine = GAMES[game]
    if result != "win" and not engine.draw_fields:
        return None
    web = web_game(game)
    in_force = {**engine.house_rule_defaults(ruleset), **rules}
    form = web.calculator_form(None, player_count=player_count, in_force=in_force)
    # The form's starting values for what the recorded hand leaves out (a round stored before a
    # field was asked for), then the hand as a correction would open it, then the table.
    values = {name: form.get_initial_for_field(field, name) for name, field in form.fields.items()}
    values.update(web.round_form_class.initial_from(result, hand))
    values.update(table)
    return hand_link(
        game=game,
        player_count=player_count,
        ruleset=ruleset,
        form=form,
        values=values,
        rules=rules,
    )
