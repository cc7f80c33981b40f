"""Anji's hand form (AJ14.1): the shared hand with the winner's flowers, 飄 and 假飄, and the
discarder where the house rules allow a discard win (AJ6.7); the calculator's table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from calculator.web.games.base import HandForm, TableFields, WebGame
from calculator.web.number_fields import WholeNumberField
from calculator.web.vocabulary import TileField
from scoring.games import GAMES

CODE = "anji"


class AnjiHandForm(HandForm):
    """An Anji win (AJ14.1)."""

    code = CODE
    flowers = TileField(
        label=_("胡牌的人的花"),
        max_tiles=8,
        counted=False,
        required=False,
        help_text=_("每张花加分（AJ8.3）；没有花就空着"),
    )
    piao = WholeNumberField(
        label=_("飘了几次"), min_value=0, max_value=3, initial=0, help_text=_("AJ8.1 飘财")
    )
    piao_flowers = WholeNumberField(
        label=_("飘的时候摸到几张花"),
        min_value=0,
        max_value=8,
        initial=0,
        help_text=_("AJ8.1 飘杠"),
    )
    jia_piao = forms.BooleanField(label=_("假飘"), required=False)
    discarder = forms.ChoiceField(
        label=_("谁放冲（自摸就空着）"), required=False, help_text=_("家规允许放冲时（AJ6.7）")
    )
    field_order = [
        "winner",
        "indicator",
        "hand",
        "win_tile",
        "kongs_before_win",
        "first_turn",
        "flowers",
        "piao",
        "piao_flowers",
        "jia_piao",
        "discarder",
    ]
    NUMBERS = ("kongs_before_win", "piao", "piao_flowers")
    FLAGS = ("jia_piao", "first_turn")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # The discarder is asked for where the house rules allow a discard win (AJ6.7), as the
        # shared form does for every game declaring discard wins.
        super().__init__(*args, **kwargs)
        self.fields["winner"].label = _("谁胡了")
        self.fields["indicator"].help_text = _(
            "它的下一张就是财神；翻到白板或花，东是财神（AJ4.1）"
        )
        self.fields["kongs_before_win"].help_text = _("AJ9.1 杠开")
        self.fields["first_turn"].label = _("第一轮就胡（天胡 / 地胡）")

    @classmethod
    def initial_from(cls, result: str, hand: Mapping[str, Any]) -> dict[str, Any]:
        initial = super().initial_from(result, hand)
        for name in ("flowers", "piao", "piao_flowers", "jia_piao", "discarder"):
            if hand.get(name) is not None:
                initial[name] = hand[name]
        return initial


class AnjiCalculatorForm(TableFields, AnjiHandForm):
    """The Anji hand with the table a sitting would otherwise supply."""

    ruleset = forms.ChoiceField(label=_("规则"), initial=CODE)
    field_order = ["ruleset", "dealer", "base_silver", *AnjiHandForm.field_order]
    always_discarder = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].choices = WEB.ruleset_choices()
        self.fields["win_tile"].help_text = _("留空：看听什么牌、每张值几分")
        self.table_fields(GAMES[self.game])


class AnjiWeb(WebGame):
    round_form_class = AnjiHandForm
    calculator_form_class = AnjiCalculatorForm
    rules_help = _("每桌可以自己定分数（AJ13）。只有改过的会被记下；以后改家规不会改写已记的局。")
    rules_items_heading = _("每一项的分（AJ8）")
    calculator_intro = _(
        "有争议的分数，在这里核对；胡的那张留空，就看听什么牌、每张值几分。不用登录。"
    )
    table_summary = _("牌桌：庄家、基础银子")

    @property
    def book(self) -> Any:
        from calculator.web.games.anji.book import BOOK

        return BOOK


WEB = AnjiWeb(CODE)
