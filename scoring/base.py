"""What every game shares: the seats, the one shape of a game (``Game``) and the data it declares
about itself (``Features``, ``HouseRule``). This module knows no game and imports none.

A game's package builds its ``GAME`` from these; the registry (``scoring.games``) only names the
packages. Everything the app needs to know about a game is here as data or as one of its entry
points, so nothing outside the registry and the game's packages asks which game it is.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from importlib import resources
from typing import Any

from scoring.errors import declare
from scoring.notation import canonical_hand

SEATS: tuple[str, ...] = ("E", "S", "W", "N")  # in order of play; n players use the first n
LANGUAGES: tuple[str, ...] = ("zh-hans", "zh-hant", "en")


def words(hans: str, hant: str, en: str) -> dict[str, str]:
    """One word in the three languages (a plain dict, so a page can write it as JSON).

    >>> words("番", "番", "fan")["en"]
    'fan'
    """
    return {"zh-hans": hans, "zh-hant": hant, "en": en}


@dataclass(frozen=True)
class Features:
    """What a game is, as data: what its pages show and which questions its rounds can raise.

    Every ``*_names`` is a mapping of zh-hans, zh-hant and en to a word.

    >>> Features().unit, Features().unit_names["zh-hans"], Features().has_wild
    ('points', '分', False)
    """

    # A tile is turned up before a round and names the wild (安慶's 鑽, 安吉's 財神).
    indicator: bool = False
    # The wild's name (鑽 / 財神 / 紅中), None where the game has no wild.
    wild_names: Mapping[str, str] | None = None
    # A player may win on another's discard; ``discard_wins_rule``: the house-rule key that
    # allows it (None: always, where ``discard_wins``).
    discard_wins: bool = False
    discard_wins_rule: str | None = None
    # One discard may have several winners (一炮多響); its house-rule key, as above.
    several_winners: bool = False
    several_winners_rule: str | None = None
    # What a hand is worth: "fan" (番, paid on a base) or "points" (分, paid as they are).
    unit: str = "points"
    unit_names: Mapping[str, str] = field(default_factory=lambda: words("分", "分", "points"))
    # The word for a round nobody won (荒庄 / 流局).
    draw_names: Mapping[str, str] = field(default_factory=lambda: words("流局", "流局", "Draw"))
    # A player may be made to pay for others (安慶's 包, R10).
    liability: bool = False
    # Where the game's rule book says what a page cites: "payments" (what one payment is),
    # "house_rules" (its house rules), "draw" (a round nobody won); a place without one cites none.
    rule_ids: Mapping[str, str] = field(default_factory=dict)
    # The one place a result says how big a winner's hand was, in the game's unit: the result's
    # field of that name, or, where one discard may have several winners, that field of the
    # winner's entry in the result's ``wins`` (each with its ``seat``). None: ``fan`` for a game
    # counting fan, else ``points``. The statistics (biggest hand, sum of hands) read only this.
    hand_size: str | None = None
    # The hand field naming who discarded the winning tile, where discard wins exist.
    discarder_field: str = "discarder"

    # -- the game's own words on the shared pages (each a mapping of zh-hans, zh-hant and en) --
    # How a win came, as a round list says it: the winner drew it (自摸), or took a discard and
    # the thrower is named with ``discard_names`` (安吉's 放冲, AJ6.7; 紅中's 放炮, HZ3.2).
    self_draw_names: Mapping[str, str] = field(
        default_factory=lambda: words("自摸", "自摸", "self-draw")
    )
    discard_names: Mapping[str, str] = field(
        default_factory=lambda: words("放炮", "放炮", "discard")
    )
    # What the base silver does, one sentence with its rule id, shown where a sitting is set up
    # (Anqing's 「（底番 + 牌型番 + 连庄加番）× 基础银子（R9）」). None: the page says it from
    # ``unit_names`` and ``rule_ids["payments"]`` (每笔钱 = 分 × 基础银子).
    silver_help: Mapping[str, str] | None = None
    # House-rule keys that count only under some rulesets: key → those rulesets (Anqing's
    # 清一色 / 凑一色 / 字一色 only under 打缺, R3). A key not named counts under every ruleset;
    # the house-rules form offers a key only where it counts.
    ruleset_rules: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # A house rule's help on the house-rules form: key → words (a ladder says what its numbers
    # are). A key without one: a ladder's help gives its own default as the example.
    house_rule_help: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def counts_under(self, key: str, ruleset: str) -> bool:
        """Whether the house rule ``key`` counts under ``ruleset`` (``ruleset_rules``).

        >>> Features(ruleset_rules={"qing_yi_se": ("anqing-daque",)}).counts_under("qing_yi_se", "anqing")
        False
        """
        only = self.ruleset_rules.get(key)
        return only is None or ruleset in only

    @property
    def has_wild(self) -> bool:
        return self.wild_names is not None

    @property
    def hand_size_field(self) -> str:
        """The result's field holding a winner's hand size (``hand_size``, or its default)."""
        if self.hand_size:
            return self.hand_size
        return "fan" if self.unit == "fan" else "points"


@dataclass(frozen=True)
class HouseRule:
    """One house-rule key a game accepts, with the bounds its ``make_rules`` enforces.

    ``type`` is ``"int"`` (a whole number from ``minimum`` to ``maximum``; where ``choices`` is
    set, only those), ``"bool"``, ``"choice"`` (one of ``choices``, strings) or ``"int_list"``
    (whole numbers, each from ``minimum`` to ``maximum``, at most ``max_items`` of them, at least
    ``min_items``). ``labels`` names the key in zh-hans, zh-hant and en; ``choice_labels`` names
    each choice the same way; ``rule_id`` is the rule book's rule it sets.

    >>> rule = HouseRule("bird_count", "int", 0, 8, 2, labels=words("鸟", "鳥", "Birds"))
    >>> rule.allows(8), rule.allows(9), rule.allows(True)
    (True, False, False)
    """

    key: str
    type: str
    minimum: int | None = None
    maximum: int | None = None
    default: Any = None
    choices: tuple[Any, ...] = ()
    labels: Mapping[str, str] = field(default_factory=dict)
    rule_id: str = ""
    choice_labels: Mapping[Any, Mapping[str, str]] = field(default_factory=dict)
    max_items: int | None = None
    min_items: int = 0

    def label(self, language: str = "zh-hans") -> str:
        return self.labels.get(language) or self.labels.get("zh-hans") or self.key

    def allows(self, value: object) -> bool:
        """Whether ``make_rules`` takes ``value`` for this key (a list as well as a tuple)."""
        if self.type == "bool":
            return isinstance(value, bool)
        if self.type == "choice":
            return isinstance(value, str) and value in self.choices
        if self.type == "int":
            return self._whole(value) and (not self.choices or value in self.choices)
        if self.type == "int_list":
            if not isinstance(value, list | tuple) or len(value) < self.min_items:
                return False
            if self.max_items is not None and len(value) > self.max_items:
                return False
            return all(self._whole(v) for v in value)
        return False

    def _whole(self, value: object) -> bool:
        if isinstance(value, bool) or not isinstance(value, int):
            return False
        low = self.minimum if self.minimum is not None else value
        high = self.maximum if self.maximum is not None else value
        return low <= value <= high


def read_labels(
    package: str, name: str = "house_rules.json"
) -> tuple[dict[str, tuple[str, ...]], dict[str, dict[str, tuple[str, ...]]]]:
    """A game's house-rule words from ``name`` in its package: ``labels`` is key → (rule id,
    zh-hans, zh-hant, en), ``choices`` is key → choice → (zh-hans, zh-hant, en)."""
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    data = json.loads(text)
    labels = {key: tuple(row) for key, row in data["labels"].items()}
    choices = {
        key: {choice: tuple(row) for choice, row in rows.items()}
        for key, rows in data.get("choices", {}).items()
    }
    return labels, choices


# A form label's last note when it holds a rule id: "（HZ3.3）", " (0 = no piao, HZ9.1)".
_RULE_ID_NOTE = re.compile(r"\s*[（(][^（）()]*[A-Z]{1,2}[0-9][^（）()]*[）)]$")
_LABEL_LANGUAGE = {"zh-hans": 1, "zh-hant": 2, "en": 3}


def label_name(labels: Mapping[str, tuple[str, ...]], key: str, language: str) -> str:
    """A house rule's name in ``language`` from a game's ``read_labels`` labels, without the
    explanation and rule id its form label adds: the name a game's texts give the rule.

    >>> label_name({"pao_feng": ("R7", "跑风（R7）", "跑風（R7）", "Pao feng (R7)")}, "pao_feng", "en")
    'Pao feng'
    """
    return _RULE_ID_NOTE.sub("", labels[key][_LABEL_LANGUAGE[language]]).strip()


def schema_from_defaults(defaults: Mapping[str, Any]) -> tuple[HouseRule, ...]:
    """A plain schema for a game that declares none: each key typed by its default, unbounded,
    a string key allowing only its default.

    >>> [(r.key, r.type) for r in schema_from_defaults({"bonus": 0, "on": True})]
    [('bonus', 'int'), ('on', 'bool')]
    """
    rules = []
    for key, default in defaults.items():
        if isinstance(default, bool):
            rules.append(HouseRule(key, "bool", default=default))
        elif isinstance(default, int):
            rules.append(HouseRule(key, "int", minimum=0, default=default))
        elif isinstance(default, list | tuple):
            rules.append(HouseRule(key, "int_list", minimum=0, default=tuple(default)))
        else:
            rules.append(HouseRule(key, "choice", default=default, choices=(default,)))
    return tuple(rules)


def no_specials(indicator: object = None, rules: object = None) -> dict:
    """``specials`` of a game without a wild: nothing to show."""
    return {"wild": None, "stand_ins": [], "bar_tiles": []}


@dataclass(frozen=True)
class Game:
    """One game: what the app needs to know about it, and its engine's entry points."""

    code: str
    # zh-hans, zh-hant, en
    names: Mapping[str, str]
    # How many players a table of this game may have, e.g. (4,) or (2, 3, 4).
    seat_counts: tuple[int, ...]
    rulesets: tuple[str, ...]
    # score(request) -> result or {"error": …}; never raises for bad input.
    score: Callable[[dict], dict]
    # waits(request) -> {"waits": …} or {"error": …}; None where the game has none.
    waits: Callable[[dict], dict] | None
    # house_rule_defaults(ruleset) -> {key: default}
    house_rule_defaults: Callable[[str], dict]
    # make_rules(ruleset, overrides) -> the game's frozen rules; raises ScoringError(E_RULES).
    make_rules: Callable[[str, Mapping[str, Any] | None], Any]
    # next_dealer(dealer, streak, winner or None for a draw, player_count) -> (dealer, streak):
    # who deals the round after this one, with which streak. Where a result names the next
    # dealer itself (紅中's ``next_dealer``: the discarder after 一炮多響, HZ2.2), that seat
    # deals, with the streak +1 if it is the same seat, else 0.
    next_dealer: Callable[[str, int, str | None, int], tuple[str, int]]
    # dealer_base(rules, streak) -> the dealer's base for the state shown before a round, or None
    # where no payment depends on the dealer.
    dealer_base: Callable[[Any, int], int | None]
    # The fields of a round's hand (score request fields without the context: the app supplies
    # game, ruleset, rules, player_count, dealer, dealer_streak and base_silver).
    hand_fields: tuple[str, ...]
    # canonical(hand) -> the hand fields with every tile string in the engine's compact notation
    # (what a round stores is what was scored).
    canonical: Callable[[Mapping], dict] = canonical_hand
    # The fields a win cannot do without (a round body without one is refused before scoring).
    # None: what the declaration says a win has, those of ``winner``, ``indicator`` (only where
    # ``features.indicator``), ``concealed`` and ``win_tile`` that are among ``hand_fields``.
    win_requires: tuple[str, ...] | None = None
    # The hand fields a draw may carry. A game with any has its draws scored by the engine too
    # (紅中: kongs pay on a draw, HZ10.3); a game without moves no money on a draw.
    draw_fields: tuple[str, ...] = ()
    # What the game is, as data (Features).
    features: Features = field(default_factory=Features)
    # specials(indicator, rules=None) -> {"wild": face or None, "stand_ins": [faces],
    # "bar_tiles": [faces]}: what the page shows and the picker marks; None when the indicator
    # is not one tile the game reads. ``rules``: the game's rules or overrides (None: defaults).
    specials: Callable[..., dict | None] = no_specials
    # house_rules(ruleset) -> (HouseRule, …): every house-rule key with its type, bounds,
    # default, labels and rule id. None: typed from house_rule_defaults, unbounded.
    house_rules_of: Callable[[str], tuple[HouseRule, ...]] | None = None
    # Base silver: at most ``max_silver``, at most ``silver_places`` decimals (the engine's own).
    max_silver: Decimal = Decimal(1_000_000)
    silver_places: int = 4
    # The error codes the game raises besides the shared ones (scoring.errors.ERROR_CODES);
    # declared when the game is made, so its ScoringError may carry them.
    error_codes: tuple[str, ...] = ()
    # How the first dealer is found when a table draws its seats (scoring.seat_draw.FirstDealer:
    # Anqing's one throw counted round, R2.2; Anji's highest throw, AJ2.3). None: at random
    # (``scoring.seat_draw.first_dealer_of`` reads it so).
    first_dealer: Any = None

    def __post_init__(self) -> None:
        if self.win_requires is None:
            wanted = ["winner", "concealed", "win_tile"]
            if self.features.indicator:
                wanted.insert(1, "indicator")
            needed = tuple(name for name in wanted if name in self.hand_fields)
            object.__setattr__(self, "win_requires", needed)
        declare(self.error_codes)

    @property
    def default_ruleset(self) -> str:
        return self.rulesets[0]

    def seats(self, player_count: int) -> tuple[str, ...]:
        """The seats in play at a table of ``player_count``: the first n of E S W N."""
        return SEATS[:player_count]

    def hand_size(self, result: Mapping[str, Any] | None, seat: str | None = None) -> int | None:
        """How big ``seat``'s winning hand was in ``result``, in the game's unit (Features'
        ``hand_size``); None where the result does not say (a draw, a round kept before)."""
        if not isinstance(result, Mapping):
            return None
        key = self.features.hand_size_field
        if self.features.several_winners:
            wins = [w for w in result.get("wins") or [] if isinstance(w, Mapping)]
            entry = next((w for w in wins if w.get("seat") == seat), None)
            value = entry.get(key) if entry else None
        else:
            value = result.get(key)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    def house_rules(self, ruleset: str | None = None) -> tuple[HouseRule, ...]:
        """Every house-rule key of ``ruleset`` (default: the game's first) as ``HouseRule``."""
        ruleset = ruleset or self.default_ruleset
        if self.house_rules_of is None:
            return schema_from_defaults(self.house_rule_defaults(ruleset))
        return self.house_rules_of(ruleset)
