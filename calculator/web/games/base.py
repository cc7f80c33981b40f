"""What every game's web side shares: ``WebGame`` (one game's forms, templates, words and rule
book, as ``scoring.base.Game`` is its engine) and the shared hand form its round forms build on.

A game's web package (``calculator.web.games.<code>``) makes its ``WEB`` from these; the registry
(``calculator.web.games``) only names the packages. This module imports no game's package and
nothing of the web layer but its vocabulary (``calculator.web.vocabulary``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from calculator.money import silver_bounds
from calculator.web.number_fields import AmountField, WholeNumberField
from calculator.web.vocabulary import (
    MELD_KINDS,
    SEAT_WINDS,
    SEATS,
    TileField,
    add_fields,
    in_language,
    meld_fields,
    meld_initial,
    meld_problems,
    meld_rows,
    melds_of,
    seat_choices,
    standing,
)
from scoring.base import Game, HouseRule
from scoring.games import GAMES


def game_name(code: str) -> str:
    """A game's name in the page's language (``scoring.games``)."""
    game = GAMES.get(code)
    return in_language(game.names, code) if game else code


def silver_field(game: Game, *, stored: bool = False, **kwargs: Any) -> AmountField:
    """The base-silver field of ``game`` with its engine's bounds (``silver_bounds``), written
    with the digits 0–9 and a point."""
    least, most, places = silver_bounds(game, stored=stored)
    kwargs.setdefault("label", _("基础银子"))
    kwargs.setdefault("initial", 1)
    return AmountField(min_value=least, max_value=most, decimal_places=places, **kwargs)


def set_silver_bounds(field: forms.Field, game: Game, *, stored: bool = False) -> None:
    """Give a form's base-silver field ``game``'s bounds (the form is made before the game is
    known, as the new-sitting form whose game is in its data)."""
    fresh = silver_field(game, stored=stored, label=field.label, help_text=field.help_text)
    field.validators = fresh.validators
    field.min_value, field.max_value = fresh.min_value, fresh.max_value
    field.decimal_places = fresh.decimal_places
    field.widget.attrs.update(fresh.widget_attrs(field.widget))


# -- the shared hand form --------------------------------------------------------------------


class HandForm(forms.Form):
    """A winning hand of a game with one winner, built from what the engine declares: the
    winner, who discarded the winning tile (where ``Features.discard_wins``, and its house rule
    allows it), the indicator (where ``Features.indicator``), the winner's tiles and melds, the
    flowers (where the hand holds them), the rare fields after them (docs/api.md). A game's
    package may add its own fields and words; ``hand_request`` gives the engine's hand fields.

    The editor asks for the standing tiles and the drawn winning tile separately (that is how a
    player reads their own hand, and the 13 standing tiles are exactly what the ready-hand
    analysis needs); ``hand_request`` joins them into ``concealed``, which includes the winning
    tile. Only the fields the game's hand carries (``Game.hand_fields``) are kept: the standing
    tiles (``hand``) with ``concealed``; a game whose hand is ``("winner",)`` asks only who won.
    The heading says 谁胡了（自摸） only where every win is self-drawn."""

    winner = forms.ChoiceField(label=_("谁胡了（自摸）"), widget=forms.RadioSelect)
    # Where the game declares discard wins (Features.discard_wins): who discarded the winning
    # tile, none for a self-draw.
    discarder = forms.ChoiceField(
        label=_("谁打出了胡的那张（自摸就不选）"), required=False, widget=forms.RadioSelect
    )
    indicator = TileField(
        label=_("翻开的牌"), max_tiles=1, counted=False, help_text=_("它的下一张就是钻（R4.1）")
    )
    hand = TileField(
        label=_("手里的牌（不含胡的那张）"),
        max_tiles=13,
        required=False,
        help_text=_("只填立着的牌；吃碰杠的牌填在下面的副露里"),
    )
    win_tile = TileField(label=_("胡的那张牌（最后摸到的）"), max_tiles=1)
    # Where the hand holds flowers (``flowers`` among the game's hand fields): the winner's, and
    # the keyboard gets the flower keys.
    flowers = TileField(label=_("胡牌的人的花"), max_tiles=8, counted=False, required=False)
    kongs_before_win = WholeNumberField(
        label=_("杠开：胡前连续杠了几次"),
        min_value=0,
        max_value=12,
        initial=0,
        help_text=_("R7 杠开"),
    )
    first_turn = forms.BooleanField(label=_("第一轮就胡（摸牌天胡 / 地胡）"), required=False)

    code = ""  # the game's code, set by each game's form
    # The fields of the engine's hand that are not a tile string nor a meld row: copied as they
    # are, an empty number as 0.
    NUMBERS: tuple[str, ...] = ("kongs_before_win",)
    FLAGS: tuple[str, ...] = ("first_turn",)
    # Whether the discarder is asked for even where the house rules allow no discard win (the
    # calculator: the engine then says why such a win is refused).
    always_discarder = False

    def __init__(
        self,
        *args: Any,
        seat_names: Mapping[str, str] | None = None,
        player_count: int = 4,
        in_force: Mapping[str, Any] | None = None,
        game: str | None = None,
        **kwargs: Any,
    ):
        super().__init__(*args, **kwargs)
        self.game = game or self.code
        self.player_count = player_count
        self.in_force = in_force or {}
        for name in [n for n in self.fields if not self.carries(n, self.carried_fields())]:
            del self.fields[name]
        seats = seat_choices(seat_names, player_count)
        if "winner" in self.fields:
            self.fields["winner"].choices = seats
            if self.discard_wins():
                # Not every win is self-drawn: the heading says only who won.
                self.fields["winner"].label = _("谁胡了")
        feeders = [("", "—"), *seats]
        for name, field in self.fields.items():
            if name.endswith("_from"):
                field.choices = feeders
        if "discarder" in self.fields:
            field = self.fields["discarder"]
            # A radio row names only the seats; a select keeps a "nobody" line.
            field.choices = seats if isinstance(field.widget, forms.RadioSelect) else feeders

    def carried_fields(self) -> set[str]:
        """The names of the engine's hand fields this form asks for, as form fields (the
        standing tiles ``hand`` stand for ``concealed``)."""
        game = GAMES[self.game]
        carried = set(game.hand_fields)
        if "concealed" in carried:
            carried.add("hand")
        if not game.features.indicator:
            carried.discard("indicator")
        if not self.discard_wins():
            carried.discard("discarder")
        return carried

    def discard_wins(self) -> bool:
        """Whether a win of this form may be on a discard: the game declares discard wins
        (``Features.discard_wins``) and, where a house rule allows them
        (``discard_wins_rule``), the rules in force do (or the form always asks)."""
        features = GAMES[self.game].features
        if not features.discard_wins:
            return False
        rule = features.discard_wins_rule
        return rule is None or self.always_discarder or bool(self.in_force.get(rule))

    def carries(self, name: str, carried: set[str]) -> bool:
        """Whether the field ``name`` is part of this game's hand."""
        if name.startswith("meld_"):
            return "melds" in carried
        return name in carried or name not in HandForm.base_fields

    @property
    def flower_keys(self) -> bool:
        """Whether the keyboard has the flower keys: where the hand holds flowers."""
        return "flowers" in self.fields

    @property
    def seat_codes(self) -> str:
        """The seats in play as one string ("ESW"), for the keyboard's chow feeder."""
        return "".join(SEATS[: self.player_count])

    # -- layout helpers for the template -----------------------------------------------------

    def meld_rows(self) -> list[dict[str, Any]]:
        return meld_rows(self)

    def problem_labels(self) -> list[str]:
        """The names of the fields that stop the hand from being scored, in the form's order
        (what the preview lists as still missing or wrong)."""
        labels = []
        for name, field in self.fields.items():
            if name in self.errors:
                label = self.problem_label(name, field)
                if label not in labels:
                    labels.append(label)
        labels.extend(str(problem) for problem in self.non_field_errors())
        return labels

    def problem_label(self, name: str, field: forms.Field) -> str:
        return str(field.label)

    # -- validation ----------------------------------------------------------------------------

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        meld_problems(self, data)
        return data

    def hand_request(self) -> dict[str, Any]:
        """The hand fields of the engine's request, from cleaned data."""
        data = self.cleaned_data
        request: dict[str, Any] = {
            "winner": data.get("winner") or "",
            "indicator": data.get("indicator") or "",
            "concealed": (data.get("hand") or "") + (data.get("win_tile") or ""),
            "win_tile": data.get("win_tile") or "",
            "melds": melds_of(data),
        }
        if data.get("discarder"):
            request["discarder"] = data["discarder"]
        request.update(self.own_fields(data))
        return {key: value for key, value in request.items() if self.has_key(key)}

    def has_key(self, key: str) -> bool:
        return key in self.carried_fields()

    def own_fields(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The game's own hand fields, in the order its engine lists them."""
        out: dict[str, Any] = {}
        if "flowers" in self.fields:
            out["flowers"] = data.get("flowers") or ""
        for name in self.NUMBERS:
            if name in self.fields:
                out[name] = data.get(name) or 0
        for name in self.FLAGS:
            if name in self.fields:
                out[name] = bool(data.get(name))
        return out

    def engine_request(self) -> dict[str, Any]:
        """What a preview scores: the hand fields (``hand_request``)."""
        return self.hand_request()

    def round_body(self) -> dict[str, Any]:
        """The session's round body (score-api.md, sessions): a win and its hand."""
        return {"result": "win", **self.hand_request()}

    @classmethod
    def initial_from(cls, result: str, hand: Mapping[str, Any]) -> dict[str, Any]:
        """Form values for a recorded hand (a correction starts from what was recorded)."""
        win_tile = hand.get("win_tile", "")
        initial: dict[str, Any] = {
            "winner": hand.get("winner", ""),
            "indicator": hand.get("indicator", ""),
            "hand": standing(hand.get("concealed", ""), win_tile),
            "win_tile": win_tile,
            "kongs_before_win": hand.get("kongs_before_win", 0),
            "first_turn": hand.get("first_turn", False),
            "discarder": hand.get("discarder") or "",
            "flowers": hand.get("flowers") or "",
        }
        initial.update(meld_initial(hand.get("melds") or []))
        return initial


add_fields(HandForm, meld_fields("", MELD_KINDS))


class TableFields(forms.Form):
    """The table the calculator asks for that a session would otherwise supply: the dealer and
    base silver (each game adds what its engine reads besides: a ruleset, a streak)."""

    # Seat buttons at the top of the calculator, reachable before the keyboard opens.
    dealer = forms.ChoiceField(label=_("庄家"), initial="E", widget=forms.RadioSelect)

    def table_fields(self, game: Game) -> None:
        self.fields["dealer"].choices = seat_choices(player_count=self.player_count)
        self.fields["base_silver"] = silver_field(game)
        self.order_fields(self.field_order)
        if "win_tile" in self.fields:
            # Left empty: what the hand waits for, where the game tells (scoring.waits).
            self.fields["win_tile"].required = game.waits is None
            if game.waits is None:
                self.fields["win_tile"].help_text = ""

    def context_request(self) -> dict[str, Any]:
        data = self.cleaned_data
        request: dict[str, Any] = {"game": self.game}
        if "ruleset" in self.fields:
            request["ruleset"] = data["ruleset"]
        else:
            request["ruleset"] = GAMES[self.game].default_ruleset
        request["player_count"] = self.player_count
        request["dealer"] = data["dealer"]
        if "dealer_streak" in self.fields:
            request["dealer_streak"] = data["dealer_streak"]
        request["base_silver"] = str(data["base_silver"])
        return request


# -- one game's web side -----------------------------------------------------------------------


class WebGame:
    """One game's web side: its forms, templates (its package's ``templates/``), the words its
    pages choose and its rule book. Everything has a default, so an engine game without a web
    package of its own still has pages: the shared hand form with its declared hand fields."""

    # The round form of a sitting and the calculator's form (the round with the table).
    round_form_class: type[forms.Form] = HandForm
    calculator_form_class: type[forms.Form] | None = None
    # The house rules' help and the heading of the rows that are worth something.
    rules_help: Any = _("每桌可以自己定分数。只有改过的会被记下；以后改家规不会改写已记的局。")
    rules_items_heading: Any = _("每一项的分")
    calculator_intro: Any = _("有争议的分数，在这里核对。不用登录。")
    table_summary: Any = _("牌桌：庄家、基础银子")
    # The game's rule book (calculator.web.rules_book.Book), None: none of its own.
    book: Any = None
    # Whether a blank editor is drawn once per key and reused (templatetags/fragments.py).
    reuse_editor = True

    def __init__(self, code: str) -> None:
        self.code = code
        self._templates: dict[str, str] = {}

    def __repr__(self) -> str:
        return f"WebGame({self.code!r})"

    @property
    def engine(self) -> Game:
        return GAMES[self.code]

    @property
    def name(self) -> str:
        return game_name(self.code)

    # -- templates -------------------------------------------------------------------------------

    def template(self, name: str) -> str:
        """The game's own template ``name`` (``web/games/<code>/<name>``: the ``templates/``
        folder of its web or engine package, ``calculator.web.games.loader``), or the shared one
        (``web/<name>``) where it has none."""
        from django.template import TemplateDoesNotExist
        from django.template.loader import get_template

        found = self._templates.get(name)
        if found is None:
            found = f"web/games/{self.code}/{name}"
            try:
                get_template(found)
            except TemplateDoesNotExist:
                found = f"web/{name}"
            self._templates[name] = found
        return found

    # -- forms -----------------------------------------------------------------------------------

    def ruleset_choices(self) -> list[tuple[str, Any]]:
        """The game's rulesets, labelled (one ruleset is named as the game)."""
        return [(ruleset, lazy(game_name, str)(self.code)) for ruleset in self.engine.rulesets]

    def round_form(
        self,
        data: Any,
        *,
        game_round: Any = None,
        seat_names: Mapping[str, str] | None = None,
        player_count: int = 4,
        in_force: Mapping[str, Any] | None = None,
        draw: bool = False,
    ) -> forms.Form:
        """The form of a round of a sitting: a new one (``draw``: opened on a draw, for a game
        whose draws carry what pays, as 紅中's kongs, HZ10.3), or ``game_round`` corrected (its
        fields start from what was recorded)."""
        form_class = self.round_form_class
        initial = None
        if game_round is not None and game_round.hand:
            initial = form_class.initial_from(game_round.result, game_round.hand)
        elif game_round is None and draw:
            initial = form_class.initial_from("draw", {})
        return form_class(
            data,
            initial=initial,
            seat_names=seat_names,
            player_count=player_count,
            in_force=in_force,
            game=self.code,
        )

    def calculator_form(
        self, data: Any, *, player_count: int, in_force: Mapping[str, Any] | None = None
    ) -> forms.Form:
        """The calculator's form: a round with the table a sitting would supply."""
        form_class = self.calculator_form_class or calculator_form_of(self.round_form_class)
        return form_class(data, player_count=player_count, in_force=in_force, game=self.code)

    def recorded_hand(self, game_round: Any) -> dict[str, Any] | None:
        """A recorded round's hand as a preview scores it (None: nothing to score)."""
        return dict(game_round.hand) if game_round.hand else None

    # -- house rules -------------------------------------------------------------------------------

    def is_item(self, rule: HouseRule) -> bool:
        """Whether a house rule is what a row is worth (shown under ``rules_items_heading``)."""
        return rule.type == "int"

    def deal_bonus(self, rules: Any, streak: int) -> int | None:
        """What keeping the deal adds, shown on the sitting's page; None: nothing."""
        return None

    def specials_of(self, indicator: object, rules: Mapping[str, Any] | None) -> dict | None:
        """What the indicator turns up, as the page shows it beside the indicator (None: nothing
        turned up yet, or a game that turns none up)."""
        if not self.engine.features.indicator or not indicator:
            return None
        return self.engine.specials(indicator, rules)


def calculator_form_of(round_form: type[forms.Form]) -> type[forms.Form]:
    """The calculator form of a shared round form: the round with the dealer and base silver."""

    class CalculatorForm(TableFields, round_form):  # type: ignore[misc, valid-type]
        field_order = ["dealer", "base_silver", "winner"]

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.table_fields(GAMES[self.game])

    return CalculatorForm


__all__ = [
    "SEAT_WINDS",
    "HandForm",
    "TableFields",
    "WebGame",
    "calculator_form_of",
    "game_name",
    "set_silver_bounds",
    "silver_bounds",
    "silver_field",
]
