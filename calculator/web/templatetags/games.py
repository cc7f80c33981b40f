"""``{% load games %}``: what a page says of a game, read from the game's ``Features``.

A template names the game by its code and asks what it is, never which one it is::

    {{ session.game|game_word:"unit" }}             番 / 分 / points, in the page's language
    {{ n|game_unit:session.game }}                  the same for n of it (1 point, 3 points)
    {{ session.game|game_word:"draw" }}             荒庄 / 流局 / Draw
    {% how_won session.game entry.winners entry seat_names %}
                                                    东 · 阿東 自摸 / 东 · 阿東 胡（南 · 阿芳 放冲）
    {{ amount|amount }}                             80,000,000 (``{% load amounts %}``)
    {% if session.game|game_has:"discard_wins" %}   a flag of the game
    {{ session.game|game_rule:"payments" }}         the rule its book says it in (AJ11, HZ9.3)

The game is looked up by its code in the engine's registry (``scoring.games.GAMES``); a code the
registry does not know has no words, no flags and no rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.utils.translation import gettext

from calculator.web.templatetags.tiles import page_language, seat_label, seats_label
from scoring.base import Game
from scoring.games import GAMES

register = template.Library()

# game_word's names: the Features field holding each word.
WORDS = {
    "unit": "unit_names",
    "draw": "draw_names",
    "wild": "wild_names",
    "self_draw": "self_draw_names",
    "discard": "discard_names",
    "silver": "silver_help",
}


def _game(code: object) -> Game | None:
    return GAMES.get(code) if isinstance(code, str) else None


def _in_language(names: Any) -> str:
    if not names:
        return ""
    return names.get(page_language()) or names.get("zh-hans") or ""


@register.filter
def game_word(code: object, what: str) -> str:
    """``{{ code|game_word:"unit" }}``: the game's word for ``what`` — ``unit`` (番 / 分),
    ``draw`` (荒庄 / 流局), ``wild`` (钻 / 财神 / 红中; empty without a wild), ``self_draw``
    (自摸), ``discard`` (the thrower's 放冲 / 放炮), ``silver`` (what the base silver does, with
    its rule id; empty where the game declares none) or ``name`` (the game's name) — in the
    page's language."""
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
def how_won(code: object, winners: Any, hand: Any = None, seat_names: dict | None = None) -> str:
    """``{% how_won session.game entry.winners entry seat_names %}``: how a win came, in
    the game's words: "东 · 阿東 自摸", or the winners and who threw the tile,
    "东 · 阿東 胡（南 · 阿芳 放冲）" (安吉, AJ6.7) / "… 放炮）" (紅中, HZ3.2), or whose kong was
    robbed (紅中's 抢杠, HZ3.2). ``winners``: the seats that won (a list or a string of them);
    ``hand``: the round's recorded hand (its ``discarder`` and ``robbed_kong``), or a round of
    the ledger or the API holding them (``selectors.ledger``'s entries, ``round_as_dict``)."""
    seats = "".join(winners) if isinstance(winners, list | tuple) else str(winners or "")
    who = seats_label(seats, seat_names)
    hand = hand if isinstance(hand, Mapping) else {}
    if "discarder" not in hand and isinstance(hand.get("hand"), Mapping):
        hand = hand["hand"]  # a round as the API gives it: its hand inside
    discarder = hand.get("discarder")
    if isinstance(discarder, str) and discarder:
        words = {"winners": who, "discarder": seat_label(discarder, seat_names)}
        if hand.get("robbed_kong") is True:
            return gettext("%(winners)s 抢杠胡（%(discarder)s 的杠）") % words
        return gettext("%(winners)s 胡（%(discarder)s %(discard)s）") % {
            **words,
            "discard": game_word(code, "discard"),
        }
    return gettext("%(winner)s %(self_draw)s") % {
        "winner": who,
        "self_draw": game_word(code, "self_draw"),
    }


@register.simple_tag
def changed_rules(code: object, ruleset: object, overrides: Any) -> list[dict[str, str]]:
    """``{% changed_rules session.game session.ruleset overrides as changed %}``: each house rule
    a sitting changed, by its name and its value as the house-rules form shows them
    (``HouseRulesForm.describe``: 可以抓炮 否, not ``discard_win=True``), the table fee's among
    them (a sitting's form: ``web.fees.SittingRulesForm``)."""
    from calculator.web.fees import SittingRulesForm

    game = _game(code)
    if game is None or not isinstance(overrides, Mapping) or not overrides:
        return []
    if not isinstance(ruleset, str) or ruleset not in game.rulesets:
        ruleset = game.default_ruleset
    return SittingRulesForm(game=game.code, ruleset=ruleset).describe(overrides)


@register.filter
def draw_keeps_deal(code: object, game_round: Any) -> bool:
    """``{% if session.game|draw_keeps_deal:round %}``: after this drawn round the same dealer
    deals again, as the game's ``next_dealer`` says (R2.2, AJ2.2, HZ2.2: every game so far keeps
    the dealer after a draw; a game that passes the deal gets no "连庄" on its draw)."""
    game = _game(code)

    def read(name: str, default: Any = None) -> Any:
        if isinstance(game_round, Mapping):
            return game_round.get(name, default)
        return getattr(game_round, name, default)

    dealer = read("dealer")
    if game is None or dealer not in game.seats(max(game.seat_counts)):
        return False
    session = read("session")
    player_count = getattr(session, "player_count", None) or max(game.seat_counts)
    return game.next_dealer(dealer, read("dealer_streak", 0) or 0, None, player_count)[0] == dealer
