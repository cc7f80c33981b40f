"""``{% load games %}``: what a page says of a game, read from the game's ``Features``.

A template names the game by its code and asks what it is, never which one it is::

    {{ session.game|game_word:"unit" }}             番 / 分 / points, in the page's language
    {{ n|game_unit:session.game }}                  the same for n of it (1 point, 3 points)
    {{ session.game|game_word:"draw" }}             荒庄 / 流局 / Draw
    {% if session.game|game_has:"discard_wins" %}   a flag of the game
    {{ session.game|game_rule:"payments" }}         the rule its book says it in (AJ11, HZ9.3)

The game is looked up by its code in the engine's registry (``scoring.games.GAMES``); a code the
registry does not know has no words, no flags and no rules.
"""

from __future__ import annotations

from typing import Any

from django import template

from calculator.web.templatetags.tiles import page_language
from scoring.base import Game
from scoring.games import GAMES

register = template.Library()

# game_word's names: the Features field holding each word.
WORDS = {"unit": "unit_names", "draw": "draw_names", "wild": "wild_names"}


def _game(code: object) -> Game | None:
    return GAMES.get(code) if isinstance(code, str) else None


def _in_language(names: Any) -> str:
    if not names:
        return ""
    return names.get(page_language()) or names.get("zh-hans") or ""


@register.filter
def game_word(code: object, what: str) -> str:
    """``{{ code|game_word:"unit" }}``: the game's word for ``what`` — ``unit`` (番 / 分),
    ``draw`` (荒庄 / 流局), ``wild`` (钻 / 财神 / 红中; empty without a wild) or ``name`` (the
    game's name) — in the page's language."""
    game = _game(code)
    if game is None:
        return ""
    if what == "name":
        return _in_language(game.names)
    return _in_language(getattr(game.features, WORDS[what]))


# English names a unit in the plural ("points"); one of it takes the singular. 番 (fan) and
# the Chinese words do not change with the count.
ENGLISH_SINGULAR = {"points": "point"}


@register.filter
def game_unit(count: object, code: object) -> str:
    """``{{ n|game_unit:code }}``: the game's unit for ``n`` of it, in the page's language —
    "1 point", "3 points", "3 分", "2 番"."""
    word = game_word(code, "unit")
    if page_language() == "en" and str(count).strip() in ("1", "-1"):
        return ENGLISH_SINGULAR.get(word, word)
    return word


def _has_dealer_base(game: Game) -> bool:
    """Whether any payment of the game depends on the dealer: its ``dealer_base`` answers a
    number for its default rules (Anqing's 庄底, R8.1), not None."""
    rules = game.make_rules(game.default_ruleset, None)
    return game.dealer_base(rules, 0) is not None


# game_has's flags that are not a Features field of the same name.
FLAGS = {
    "wild": lambda game: game.features.has_wild,
    # Its dealer's base is shown (庄底): a payment depends on the dealer.
    "dealer_base": _has_dealer_base,
    # A draw may still move money (紅中's kongs, HZ10.3): the game scores its draws.
    "draw_pays": lambda game: bool(game.draw_fields),
    # A table may have more than one size (Anji's 2, 3 or 4 players).
    "seat_choice": lambda game: len(game.seat_counts) > 1,
    # More than one ruleset to choose from (Anqing's 不打缺 / 打缺).
    "rulesets": lambda game: len(game.rulesets) > 1,
}
FEATURE_FLAGS = ("indicator", "discard_wins", "several_winners", "liability")


@register.filter
def game_has(code: object, flag: str) -> bool:
    """``{% if code|game_has:"discard_wins" %}``: a flag of the game — a Features flag
    (``indicator``, ``discard_wins``, ``several_winners``, ``liability``) or one read from its
    entry points (``wild``, ``dealer_base``, ``draw_pays``, ``seat_choice``, ``rulesets``)."""
    game = _game(code)
    if game is None:
        return False
    if flag in FLAGS:
        return bool(FLAGS[flag](game))
    if flag in FEATURE_FLAGS:
        return bool(getattr(game.features, flag))
    raise template.TemplateSyntaxError(f"game_has knows no flag {flag!r}")


@register.filter
def game_feature(code: object, name: str) -> Any:
    """``{% if code|game_feature:"unit" == "fan" %}``: a Features value as it is declared."""
    game = _game(code)
    return getattr(game.features, name) if game is not None else None


@register.filter
def game_rule(code: object, place: str) -> str:
    """``{{ code|game_rule:"house_rules" }}``: the rule the game's book says it in (R12, AJ13,
    HZ16); empty where the game cites none."""
    game = _game(code)
    return game.features.rule_ids.get(place, "") if game is not None else ""


@register.filter
def ruleset_label(code: object, ruleset: str) -> str:
    """``{{ session.game|ruleset_label:session.ruleset }}``: the ruleset's name as the new-sitting
    form offers it (Anqing's 不打缺（规则1）/ 打缺（规则2）; a game with one ruleset: its name)."""
    from calculator.web.forms import ruleset_choices

    game = _game(code)
    if game is None:
        return str(ruleset or "")
    labels = dict(ruleset_choices(game.code))
    return str(labels.get(ruleset) or _in_language(game.names))


@register.simple_tag
def changed_house_rules(code: object, ruleset: str, overrides: Any) -> str:
    """``{% changed_house_rules session.game session.ruleset rules_overrides %}``: the house rules
    a sitting changed, each by its name in the game's schema with its value in words, in the
    page's language ("可以抓炮：是；…", "Discard wins: yes; …"). A key the schema no longer has
    is left out."""
    from django.utils.translation import gettext as _

    game = _game(code)
    if game is None or not overrides:
        return ""
    language = page_language()
    schema = {rule.key: rule for rule in game.house_rules(ruleset)}
    parts = [
        _("%(rule)s：%(value)s")
        % {"rule": schema[key].label(language), "value": _rule_value(schema[key], value, language)}
        for key, value in overrides.items()
        if key in schema
    ]
    return _("；").join(parts)


def _rule_value(rule: Any, value: Any, language: str) -> str:
    from django.utils.translation import gettext as _

    if rule.type == "bool":
        return _("是") if value else _("否")
    if rule.type == "choice":
        return (rule.choice_labels.get(value) or {}).get(language) or str(value)
    if isinstance(value, list | tuple):
        return _("、").join(str(n) for n in value)
    return str(value)
