"""Anqing's hand form (R11): the shared hand with the bar tiles (R4.4) and the fed melds of the
players who did not win (for 包, R10), and the calculator's table (ruleset, dealer, streak)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

import scoring
from calculator.web.games.base import HandForm, TableFields, WebGame
from calculator.web.number_fields import WholeNumberField
from calculator.web.vocabulary import (
    MELD_KINDS,
    MELD_ROWS,
    SEAT_WINDS,
    SEATS,
    RowChoiceField,
    add_fields,
)
from scoring.base import HouseRule
from scoring.games import GAMES

CODE = "anqing"
RULESET_CHOICES = [("anqing", _("不打缺（规则1）")), ("anqing-daque", _("打缺（规则2）"))]
FED_KINDS = MELD_KINDS[:4]  # a concealed kong has no feeder, so it never counts for 包 (R10)


class AnqingHandForm(HandForm):
    """An Anqing win (R11): the winner's tiles and melds and the others' fed melds."""

    code = CODE
    bar_tiles = WholeNumberField(
        label=_("亮出的杠牌张数"), min_value=0, max_value=8, initial=0, help_text=_("R4.4")
    )
    field_order = [
        "winner",
        "indicator",
        "hand",
        "win_tile",
        "bar_tiles",
        "kongs_before_win",
        "first_turn",
    ]
    NUMBERS = ("bar_tiles", "kongs_before_win")

    def other_seats(self) -> list[dict[str, Any]]:
        labels = dict(self.fields["winner"].choices)
        return [
            {
                "seat": seat,
                "label": labels[seat],
                "rows": [
                    (self[f"other_{seat}_{row}_kind"], self[f"other_{seat}_{row}_from"])
                    for row in range(1, MELD_ROWS + 1)
                ],
            }
            for seat in SEATS
        ]

    def problem_label(self, name: str, field: forms.Field) -> str:
        label = str(field.label)
        if name.startswith("other_"):
            label = f"{SEAT_WINDS[name.split('_')[1]]} · {label}"
        return label

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for seat in SEATS:
            for row in range(1, MELD_ROWS + 1):
                kind = data.get(f"other_{seat}_{row}_kind")
                feeder = data.get(f"other_{seat}_{row}_from")
                if bool(kind) != bool(feeder):
                    self.add_error(
                        f"other_{seat}_{row}_kind",
                        _("%(seat)s家的副露要同时选种类和谁打的。") % {"seat": SEAT_WINDS[seat]},
                    )
        return data

    def own_fields(self, data: Mapping[str, Any]) -> dict[str, Any]:
        out = super().own_fields(data)
        # The winner's own row is kept when filled, so the engine can say it is wrong (E_CONTEXT).
        others: dict[str, list[dict[str, str]]] = {}
        for seat in SEATS:
            fed = [
                {"kind": data[f"other_{seat}_{row}_kind"], "from": data[f"other_{seat}_{row}_from"]}
                for row in range(1, MELD_ROWS + 1)
                if data.get(f"other_{seat}_{row}_kind")
            ]
            if fed:
                others[seat] = fed
        out["others_melds"] = others
        return out

    @classmethod
    def initial_from(cls, result: str, hand: Mapping[str, Any]) -> dict[str, Any]:
        initial = super().initial_from(result, hand)
        initial["bar_tiles"] = hand.get("bar_tiles", 0)
        for seat, fed in (hand.get("others_melds") or {}).items():
            for row, meld in enumerate(fed, start=1):
                initial[f"other_{seat}_{row}_kind"] = meld.get("kind", "")
                initial[f"other_{seat}_{row}_from"] = meld.get("from", "")
        return initial


def _other_fields() -> dict[str, forms.Field]:
    fields: dict[str, forms.Field] = {}
    for seat in SEATS:
        for row in range(1, MELD_ROWS + 1):
            fields[f"other_{seat}_{row}_kind"] = RowChoiceField(
                label=_("种类"), choices=[("", "—"), *FED_KINDS], required=False
            )
            fields[f"other_{seat}_{row}_from"] = RowChoiceField(
                label=_("谁打的"), choices=[("", "—")], required=False
            )
    return fields


add_fields(AnqingHandForm, _other_fields())


class AnqingCalculatorForm(TableFields, AnqingHandForm):
    """The hand editor with the table a sitting would otherwise supply (R2.3, R9)."""

    ruleset = forms.ChoiceField(label=_("规则"), choices=RULESET_CHOICES, initial="anqing")
    dealer_streak = WholeNumberField(
        label=_("连庄次数"), min_value=0, max_value=99, initial=0, help_text=_("R2.3")
    )
    field_order = ["ruleset", "dealer", "dealer_streak", "base_silver", *AnqingHandForm.field_order]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["win_tile"].help_text = _("留空：看听什么牌、每张值几番")
        self.table_fields(GAMES[self.game])

    def context_request(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "ruleset": data["ruleset"],
            "dealer": data["dealer"],
            "dealer_streak": data["dealer_streak"],
            "base_silver": str(data["base_silver"]),
        }


class AnqingWeb(WebGame):
    round_form_class = AnqingHandForm
    calculator_form_class = AnqingCalculatorForm
    rules_help = _("每桌可以自己定番数（R12）。只有改过的会被记下；以后改家规不会改写已记的局。")
    rules_items_heading = _("牌型番")
    calculator_intro = _(
        "有争议的番数，在这里核对；胡的那张留空，就看听什么牌、每张值几番。不用登录。"
    )
    table_summary = _("牌桌：规则、庄家、连庄、基础银子")

    def ruleset_choices(self) -> list[tuple[str, Any]]:
        return list(RULESET_CHOICES)

    def is_item(self, rule: HouseRule) -> bool:
        # R7's items; the bases, the streak and 包's multipliers are the other rules.
        return rule.key in ITEM_KEYS

    def deal_bonus(self, rules: Any, streak: int) -> int | None:
        return scoring.lianzhuang_bonus(rules, streak)  # R8.2

    @property
    def book(self) -> Any:
        from calculator.web.games.anqing.book import BOOK

        return BOOK


_ITEMS = scoring.ITEMS.values() if isinstance(scoring.ITEMS, Mapping) else scoring.ITEMS
ITEM_KEYS = frozenset(item.code.lower() for item in _ITEMS)
WEB = AnqingWeb(CODE)
