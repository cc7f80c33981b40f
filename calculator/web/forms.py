"""Forms of the pages: plain fields in compact tile notation, so every form works without JS.

The hand editor asks for the standing tiles and the drawn winning tile separately (that is how a
player reads their own hand, and the 13 standing tiles are exactly what the ready-hand analysis
needs); ``hand_request`` joins them into the engine's request (docs/api.md), where ``concealed``
includes the winning tile.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

import scoring
from calculator import usernames
from calculator.money import parse_money
from calculator.web.hans import to_hans, to_hant
from calculator.web.templatetags.tiles import faces_of
from scoring.games import DEFAULT_GAME, GAMES

SEATS: tuple[str, ...] = tuple(scoring.SEATS)
ANJI = "anji"
HONGZHONG = "hongzhong"
SEAT_WINDS = {"E": _("东"), "S": _("南"), "W": _("西"), "N": _("北")}
RULESET_CHOICES = [("anqing", _("不打缺（规则1）")), ("anqing-daque", _("打缺（规则2）"))]
MELD_KINDS = [
    ("chi", _("吃")),
    ("pung", _("碰")),
    ("kong", _("明杠")),
    ("added_kong", _("补杠")),
    ("concealed_kong", _("暗杠")),
]
FED_KINDS = MELD_KINDS[:4]  # a concealed kong has no feeder, so it never counts for 包 (R10)
MELD_ROWS = 4  # R11 E_CONTEXT: no player has more than four melds
LIABILITY_BASES = [
    ("as_dealer", _("按庄家那一份算（默认）")),
    ("pair", _("按这两家之间的一份算")),
    ("pattern", _("只按牌型番算")),
]

# Names of the house-rule keys that are not a fan item (R12); item keys take the item's name.
RULE_LABELS = {
    "qidui_allow_four": _("七对：四张相同算两对"),
    "wild_draw_requires_pao_feng": _("摸钻胡牌必须成跑风（R6.5）"),
    "liability_basis": _("包牌的基数（R10.5）"),
    "lianzhuang_bonus": _("连庄加番：第1、2、3、4次（R8.2）"),
    "gang_kai_ladder": _("杠开阶梯（R7）"),
    "gang_kai_minus_per_kong": _("杠开每杠减番"),
    "nondealer_base": _("闲家底番（R8.1）"),
    "dealer_base": _("庄家底番（R8.1）"),
    "dealer_base_step": _("连庄每局加底（R8.1）"),
    "bao_mixed_3": _("包：三口（含吃）倍数"),
    "bao_pung_3": _("包：三口（全碰杠）倍数"),
    "bao_mixed_4": _("包：四口（含吃）倍数"),
    "bao_pung_4": _("包：四口（全碰杠）倍数"),
    "fan_bao_factor": _("反包倍数（R10.3）"),
}

# Anji's house-rule keys (AJ13): each value row under its name in the rule book, and the switches.
ANJI_MAX = 1000
ANJI_RULE_LABELS = {
    "zi_mo": _("自摸（有百搭）"),
    "zi_mo_no_wild": _("自摸（无百搭）"),
    "zi_mo_clean": _("自摸（无百搭且无花）"),
    "gang_kai": _("杠开（有百搭）"),
    "gang_kai_no_wild": _("杠开（无百搭）"),
    "qing_gang_kai": _("清杠开"),
    "bao_tou": _("爆头（抓头）"),
    "gang_bao": _("杠爆"),
    "gang_bao_step": _("杠爆：每多杠一次"),
    "da_diao": _("大吊"),
    "da_diao_plus": _("大吊（剩财神或无花）"),
    "da_diao_gang_bao": _("大吊杠爆：每杠一次"),
    "piao_cai": _("飘财：每飘一次"),
    "piao_gang": _("飘杠：每摸一个花"),
    "si_cai_shen": _("四财神"),
    "si_cai_shen_piao": _("四财神飘：每飘一次"),
    "jia_piao": _("假飘（有花牌或是财神）"),
    "jia_piao_clean": _("假飘（无花牌无财神）"),
    "tian_hu": _("天胡"),
    "di_hu": _("地胡"),
    "fang_chong_no_wild_discarder": _("放冲（无百搭）：放冲者"),
    "fang_chong_no_wild_other": _("放冲（无百搭）：其他人"),
    "fang_chong_discarder": _("放冲（有百搭）：放冲者"),
    "fang_chong_other": _("放冲（有百搭）：其他人"),
    "qing_yi_se": _("清一色"),
    "shi_san_yao": _("十三幺"),
    "qi_dui": _("七对"),
    "qi_dui_no_wild": _("七对（无财神）"),
    "flowers": _("每张花"),
    "honor_cycle": _("翻到字牌时的财神（AJ4.1）"),
    "no_wild_means": _("什么算无百搭（AJ4.4）"),
    "discard_win": _("允许放冲胡（AJ6.7）"),
    "discard_win_with_caishen": _("有百搭也能放冲胡"),
    "zi_mo_stacks": _("自摸叠加在其他胡法上（AJ7.3）"),
    "flower_draw_is_gang": _("补花算杠（花开，AJ9.1）"),
    "qidui_allow_four": _("七对：四张相同算两对"),
}
ANJI_RULE_CHOICES = {
    "honor_cycle": [
        ("seven", _("东南西北中发白，白之后是东")),
        ("winds4_dragons3", _("风牌四张一圈，中发白三张一圈")),
    ],
    "no_wild_means": [
        ("no_caishen_tile", _("手里没有财神")),
        ("no_wild_substitution", _("财神没有当别的牌用")),
    ],
}


def seat_choices(
    names: Mapping[str, str] | None = None, player_count: int = 4
) -> list[tuple[str, str]]:
    """The seats in play (the first ``player_count`` of E S W N), labelled with the wind and, in
    a session, the player's name."""
    return [
        (seat, f"{SEAT_WINDS[seat]} · {names[seat]}" if names else str(SEAT_WINDS[seat]))
        for seat in SEATS[:player_count]
    ]


def game_name(code: str) -> str:
    """A game's name in the page's language (``scoring.games``)."""
    from calculator.web.templatetags.tiles import page_language

    game = GAMES.get(code)
    return game.names.get(page_language(), code) if game else code


def game_choices() -> list[tuple[str, str]]:
    return [(code, game_name(code)) for code in GAMES]


def game_from(data: Mapping[str, Any], default: str = DEFAULT_GAME) -> str:
    """The game a form's data names, when it is one the app scores; else ``default``."""
    code = data.get("game")
    return code if isinstance(code, str) and code in GAMES else default


def player_count_from(data: Mapping[str, Any], game: str, default: int | None = None) -> int:
    """How many play, when the game allows that many; else ``default`` or the game's most."""
    counts = GAMES[game].seat_counts
    raw = data.get("player_count")
    if isinstance(raw, str) and raw.isdigit() and int(raw) in counts:
        return int(raw)
    return default if default in counts else max(counts)


PLAYER_COUNT_CHOICES = [(2, _("2人")), (3, _("3人")), (4, _("4人"))]


def compact(faces: list[str]) -> str:
    """Faces back to compact notation, grouped by suit in order of appearance."""
    text, suit = "", ""
    for face in faces:
        if suit and face[1] != suit:
            text += suit
        text += face[0]
        suit = face[1]
    return text + suit


def item_label(name: str, name_en: str) -> str:
    """An engine item's name in the page's language (the engine writes 繁體 and English)."""
    from calculator.web.templatetags.tiles import page_language

    language = page_language()
    if language == "en":
        return name_en
    return to_hans(name) if language == "zh-hans" else to_hant(name)


def item_names() -> dict[str, tuple[str, str]]:
    registry = scoring.ITEMS.values() if isinstance(scoring.ITEMS, Mapping) else scoring.ITEMS
    return {item.code.lower(): (item.name, item.name_en) for item in registry}


class TileField(forms.CharField):
    """Compact tile notation ("234m55z"); the engine judges the tiles (E_NOTATION)."""

    def __init__(self, *, max_tiles: int, counted: bool = True, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", 80)
        super().__init__(**kwargs)
        self.max_tiles = max_tiles
        self.widget.attrs.update(
            {
                "class": "tiles-input",
                "autocomplete": "off",
                "autocapitalize": "off",
                "spellcheck": "false",
                "data-max": str(max_tiles),
                "data-counted": "true" if counted else "false",
            }
        )

    def to_python(self, value: Any) -> str:
        return "".join(str(super().to_python(value) or "").split()).lower()


class HandForm(forms.Form):
    """A winning hand: the winner's tiles and melds and the others' fed melds (docs/api.md)."""

    winner = forms.ChoiceField(label=_("谁胡了（自摸）"), widget=forms.RadioSelect)
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
    bar_tiles = forms.IntegerField(
        label=_("亮出的杠牌张数"), min_value=0, max_value=8, initial=0, help_text=_("R4.4")
    )
    kongs_before_win = forms.IntegerField(
        label=_("杠开：胡前连续杠了几次"),
        min_value=0,
        max_value=12,
        initial=0,
        help_text=_("R7 杠开"),
    )
    first_turn = forms.BooleanField(label=_("第一轮就胡（摸牌天胡 / 地胡）"), required=False)
    # Anji's own fields (AJ14.1): shown only for Anji, as Anqing's bar tiles and the others'
    # melds only for Anqing.
    flowers = TileField(
        label=_("胡牌的人的花"),
        max_tiles=8,
        counted=False,
        required=False,
        help_text=_("每张花加分（AJ8.3）；没有花就空着"),
    )
    piao = forms.IntegerField(
        label=_("飘了几次"), min_value=0, max_value=3, initial=0, help_text=_("AJ8.1 飘财")
    )
    piao_flowers = forms.IntegerField(
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
    FEEDER_FIELDS: tuple[str, ...] = ()  # filled by add_meld_fields, below the class
    ANJI_FIELDS = ("flowers", "piao", "piao_flowers", "jia_piao", "discarder")

    def __init__(
        self,
        *args: Any,
        seat_names: Mapping[str, str] | None = None,
        game: str = DEFAULT_GAME,
        player_count: int = 4,
        discard_win: bool = False,
        **kwargs: Any,
    ):
        super().__init__(*args, **kwargs)
        self.game = game if game in GAMES else DEFAULT_GAME
        self.player_count = player_count
        if self.game == ANJI:
            # Anqing's own fields are not part of an Anji hand.
            for name in [n for n in self.fields if n == "bar_tiles" or n.startswith("other_")]:
                del self.fields[name]
            if not discard_win:
                del self.fields["discarder"]
            self.fields["winner"].label = _("谁胡了")
            self.fields["indicator"].help_text = _(
                "它的下一张就是财神；翻到白板或花，东是财神（AJ4.1）"
            )
            self.fields["kongs_before_win"].help_text = _("AJ9.1 杠开")
            self.fields["first_turn"].label = _("第一轮就胡（天胡 / 地胡）")
        else:
            for name in self.ANJI_FIELDS:
                del self.fields[name]
        seats = seat_choices(seat_names, player_count)
        self.fields["winner"].choices = seats
        feeders = [("", "—"), *seats]
        for name in self.FEEDER_FIELDS:
            if name in self.fields:
                self.fields[name].choices = feeders
        if "discarder" in self.fields:
            self.fields["discarder"].choices = feeders

    @property
    def is_anji(self) -> bool:
        return self.game == ANJI

    @property
    def seat_codes(self) -> str:
        """The seats in play as one string ("ESW"), for the keyboard's chow feeder."""
        return "".join(SEATS[: self.player_count])

    # -- layout helpers for the template -----------------------------------------------------

    def meld_rows(self) -> list[dict[str, Any]]:
        return [
            {
                "number": row,
                "kind": self[f"meld_{row}_kind"],
                "tiles": self[f"meld_{row}_tiles"],
                "from": self[f"meld_{row}_from"],
            }
            for row in range(1, MELD_ROWS + 1)
        ]

    def other_seats(self) -> list[dict[str, Any]]:
        if self.is_anji:
            return []
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

    def problem_labels(self) -> list[str]:
        """The names of the fields that stop the hand from being scored, in the form's order
        (what the preview lists as still missing or wrong)."""
        labels = []
        for name, field in self.fields.items():
            if name in self.errors:
                label = str(field.label)
                if name.startswith("other_"):
                    label = f"{SEAT_WINDS[name.split('_')[1]]} · {label}"
                if label not in labels:
                    labels.append(label)
        labels.extend(str(problem) for problem in self.non_field_errors())
        return labels

    # -- validation ----------------------------------------------------------------------------

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for row in range(1, MELD_ROWS + 1):
            kind, tiles = data.get(f"meld_{row}_kind"), data.get(f"meld_{row}_tiles")
            if kind and not tiles:
                self.add_error(
                    f"meld_{row}_tiles", _("第%(n)s副选了种类，请填上它的牌。") % {"n": row}
                )
            if tiles and not kind:
                self.add_error(f"meld_{row}_kind", _("第%(n)s副有牌，请选它的种类。") % {"n": row})
        for seat in SEATS if not self.is_anji else ():
            for row in range(1, MELD_ROWS + 1):
                kind = data.get(f"other_{seat}_{row}_kind")
                feeder = data.get(f"other_{seat}_{row}_from")
                if bool(kind) != bool(feeder):
                    self.add_error(
                        f"other_{seat}_{row}_kind",
                        _("%(seat)s家的副露要同时选种类和谁打的。") % {"seat": SEAT_WINDS[seat]},
                    )
        return data

    def hand_request(self) -> dict[str, Any]:
        """The hand fields of the engine's request, from cleaned data."""
        data = self.cleaned_data
        winner = data["winner"]
        melds: list[dict[str, str]] = []
        for row in range(1, MELD_ROWS + 1):
            kind = data.get(f"meld_{row}_kind")
            if not kind:
                continue
            meld = {"kind": kind, "tiles": data[f"meld_{row}_tiles"]}
            if data.get(f"meld_{row}_from"):
                meld["from"] = data[f"meld_{row}_from"]
            melds.append(meld)
        if self.is_anji:
            return self.anji_request(data, melds)
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
        request: dict[str, Any] = {
            "winner": winner,
            "indicator": data["indicator"],
            "concealed": (data.get("hand") or "") + (data.get("win_tile") or ""),
            "win_tile": data.get("win_tile") or "",
            "melds": melds,
            "bar_tiles": data.get("bar_tiles") or 0,
            "kongs_before_win": data.get("kongs_before_win") or 0,
            "first_turn": bool(data.get("first_turn")),
            "others_melds": others,
        }
        return request

    @staticmethod
    def anji_request(data: Mapping[str, Any], melds: list[dict[str, str]]) -> dict[str, Any]:
        """An Anji hand's fields (AJ14.1); the session or the calculator adds the context."""
        request: dict[str, Any] = {
            "winner": data["winner"],
            "indicator": data["indicator"],
            "concealed": (data.get("hand") or "") + (data.get("win_tile") or ""),
            "win_tile": data.get("win_tile") or "",
            "melds": melds,
            "flowers": data.get("flowers") or "",
            "kongs_before_win": data.get("kongs_before_win") or 0,
            "piao": data.get("piao") or 0,
            "piao_flowers": data.get("piao_flowers") or 0,
            "jia_piao": bool(data.get("jia_piao")),
            "first_turn": bool(data.get("first_turn")),
        }
        if data.get("discarder"):
            request["discarder"] = data["discarder"]
        return request

    @staticmethod
    def initial_from_hand(hand: Mapping[str, Any]) -> dict[str, Any]:
        """Form values for a recorded hand (a correction starts from what was recorded)."""
        standing = faces_of(hand.get("concealed", ""))
        win_tile = hand.get("win_tile", "")
        if win_tile in standing:
            standing.remove(win_tile)
        initial: dict[str, Any] = {
            "winner": hand.get("winner", ""),
            "indicator": hand.get("indicator", ""),
            "hand": compact(standing),
            "win_tile": win_tile,
            "bar_tiles": hand.get("bar_tiles", 0),
            "kongs_before_win": hand.get("kongs_before_win", 0),
            "first_turn": hand.get("first_turn", False),
        }
        for name in ("flowers", "piao", "piao_flowers", "jia_piao", "discarder"):
            if hand.get(name) is not None:
                initial[name] = hand[name]
        for row, meld in enumerate(hand.get("melds") or [], start=1):
            initial[f"meld_{row}_kind"] = meld.get("kind", "")
            initial[f"meld_{row}_tiles"] = meld.get("tiles", "")
            initial[f"meld_{row}_from"] = meld.get("from") or ""
        for seat, fed in (hand.get("others_melds") or {}).items():
            for row, meld in enumerate(fed, start=1):
                initial[f"other_{seat}_{row}_kind"] = meld.get("kind", "")
                initial[f"other_{seat}_{row}_from"] = meld.get("from", "")
        return initial


def numbered(text: str, n: int) -> str:
    """A label with the meld row's number, translated when it is shown."""
    return lazy(lambda: _(text) % {"n": n}, str)()


def add_meld_fields(form: type[HandForm]) -> None:
    """The meld rows and the other seats' fed melds, made once for the class: building forty-odd
    fields on every request (every preview) would cost more than scoring the hand."""
    fields: dict[str, forms.Field] = {}
    for row in range(1, MELD_ROWS + 1):
        fields[f"meld_{row}_kind"] = forms.ChoiceField(
            label=numbered("第%(n)s副 · 种类", row),
            choices=[("", "—"), *MELD_KINDS],
            required=False,
        )
        fields[f"meld_{row}_tiles"] = TileField(
            label=numbered("第%(n)s副 · 牌", row), max_tiles=4, required=False
        )
        fields[f"meld_{row}_from"] = forms.ChoiceField(
            label=numbered("第%(n)s副 · 谁打的", row), choices=[("", "—")], required=False
        )
    for seat in SEATS:
        for row in range(1, MELD_ROWS + 1):
            fields[f"other_{seat}_{row}_kind"] = forms.ChoiceField(
                label=_("种类"), choices=[("", "—"), *FED_KINDS], required=False
            )
            fields[f"other_{seat}_{row}_from"] = forms.ChoiceField(
                label=_("谁打的"), choices=[("", "—")], required=False
            )
    form.declared_fields.update(fields)
    form.base_fields.update(fields)
    form.FEEDER_FIELDS = tuple(name for name in fields if name.endswith("_from"))


add_meld_fields(HandForm)


class CalculatorForm(HandForm):
    """The hand editor with the table context a session would otherwise supply."""

    ruleset = forms.ChoiceField(label=_("规则"), choices=RULESET_CHOICES, initial="anqing")
    dealer = forms.ChoiceField(label=_("庄家"), initial="E")
    dealer_streak = forms.IntegerField(
        label=_("连庄次数"), min_value=0, max_value=99, initial=0, help_text=_("R2.3")
    )
    base_silver = forms.DecimalField(
        label=_("基础银子"), min_value=Decimal("0.0001"), max_digits=12, decimal_places=4, initial=1
    )

    field_order = ["ruleset", "dealer", "dealer_streak", "base_silver", "winner"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # The calculator offers the discarder whenever the game has one: without the house rule
        # the engine says why it is refused (AJ6.7).
        kwargs.setdefault("discard_win", kwargs.get("game") == ANJI)
        super().__init__(*args, **kwargs)
        self.fields["dealer"].choices = seat_choices(player_count=self.player_count)
        self.fields["ruleset"].choices = ruleset_choices(self.game)
        self.fields["ruleset"].initial = GAMES[self.game].default_ruleset
        self.fields["win_tile"].required = False
        self.fields["win_tile"].help_text = _("留空：看听什么牌、每张值几番")
        if self.is_anji:
            del self.fields["dealer_streak"]
            self.fields["win_tile"].help_text = _("留空：看听什么牌、每张值几分")
        if GAMES[self.game].waits is None:
            self.fields["win_tile"].required = True
            self.fields["win_tile"].help_text = ""

    def context_request(self) -> dict[str, Any]:
        data = self.cleaned_data
        if self.is_anji:
            return {
                "game": self.game,
                "ruleset": data["ruleset"],
                "player_count": self.player_count,
                "dealer": data["dealer"],
                "base_silver": str(data["base_silver"]),
            }
        return {
            "ruleset": data["ruleset"],
            "dealer": data["dealer"],
            "dealer_streak": data["dealer_streak"],
            "base_silver": str(data["base_silver"]),
        }


def ruleset_choices(game: str) -> list[tuple[str, Any]]:
    """A game's rulesets, labelled (Anqing's two; Anji has one, named as the game)."""
    if game == DEFAULT_GAME:
        return list(RULESET_CHOICES)
    return [(ruleset, game_name(game)) for ruleset in GAMES[game].rulesets]


class HouseRulesForm(forms.Form):
    """Every house-rule key of the ruleset (R12), shown with its default and editable."""

    def __init__(
        self,
        *args: Any,
        ruleset: str = "anqing",
        current: Mapping[str, Any] | None = None,
        game: str | None = None,
        **kwargs: Any,
    ) -> None:
        """``current``: the overrides in force, shown instead of the defaults (R12, AJ13)."""
        kwargs.setdefault("prefix", "rule")
        super().__init__(*args, **kwargs)
        if game is None:
            game = next((c for c, g in GAMES.items() if ruleset in g.rulesets), DEFAULT_GAME)
        self.game = game
        self.defaults = GAMES[game].house_rule_defaults(ruleset)
        current = current or {}
        names = item_names() if game == DEFAULT_GAME else {}
        for key, default in self.defaults.items():
            if game == HONGZHONG:
                self.fields[key] = self._hongzhong_field(key, default, current)
                continue
            if game == ANJI:
                label = ANJI_RULE_LABELS.get(key, key)
            else:
                label = RULE_LABELS.get(key) or (item_label(*names[key]) if key in names else key)
            if isinstance(default, bool):
                field: forms.Field = forms.BooleanField(label=label, required=False)
            elif isinstance(default, int) and game == ANJI:
                # AJ13: every integer key is 0–1000.
                field = forms.IntegerField(label=label, min_value=0, max_value=ANJI_MAX)
            elif isinstance(default, int):
                # The engine's bound for the key (R12), so the page refuses what it would.
                field = forms.IntegerField(label=label, min_value=0, max_value=scoring.MAXIMA[key])
            elif key in ANJI_RULE_CHOICES:
                field = forms.ChoiceField(label=label, choices=ANJI_RULE_CHOICES[key])
            elif isinstance(default, list | tuple):
                field = forms.CharField(
                    label=label, help_text=_("用逗号分开的整数，如 3, 6, 12, 15")
                )
            elif key == "liability_basis":
                field = forms.ChoiceField(label=label, choices=LIABILITY_BASES)
            else:
                field = forms.CharField(label=label)
            field.required = False  # left empty: the default
            value = current.get(key, default)
            field.initial = (
                ", ".join(str(n) for n in value) if isinstance(value, list | tuple) else value
            )
            field.key = key  # type: ignore[attr-defined]
            field.is_item = (  # type: ignore[attr-defined]
                key in names
                if game == DEFAULT_GAME
                else isinstance(default, int) and not isinstance(default, bool)
            )
            self.fields[key] = field

    @staticmethod
    def _hongzhong_field(key: str, default: Any, current: Mapping[str, Any]) -> forms.Field:
        """An HZ16 key's field, with the engine's bounds and choices."""
        from calculator.web.hongzhong import rule_field

        field = rule_field(key, default)
        field.required = False  # left empty: the default
        field.initial = current.get(key, default)
        field.key = key  # type: ignore[attr-defined]
        field.is_item = isinstance(default, int) and not isinstance(default, bool)  # type: ignore[attr-defined]
        return field

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for key, default in self.defaults.items():
            if data.get(key) in (None, "") and not isinstance(default, bool):
                data[key] = default
                continue
            if isinstance(default, list | tuple) and key in data:
                try:
                    data[key] = [
                        int(part)
                        for part in data[key].replace("，", ",").split(",")
                        if part.strip()
                    ]
                except ValueError:
                    self.add_error(key, _("请填用逗号分开的整数。"))
                    continue
                if not data[key] or any(number < 0 for number in data[key]):
                    self.add_error(key, _("至少一个不小于 0 的整数。"))
                elif (
                    len(data[key]) > scoring.MAX_STEPS[key]
                    or max(data[key]) > scoring.MAXIMA[key]
                ):
                    self.add_error(
                        key,
                        _("最多 %(steps)s 个数，每个数不超过 %(max)s。")
                        % {"steps": scoring.MAX_STEPS[key], "max": scoring.MAXIMA[key]},
                    )
        return data

    def is_usable(self) -> bool:
        """Not sent (the defaults apply) or sent and valid."""
        return not self.is_bound or self.is_valid()

    def overrides(self) -> dict[str, Any]:
        """Only the keys the table changed from the defaults (none when the form was not sent)."""
        if not self.is_bound:
            return {}
        return {
            key: value
            for key, value in self.cleaned_data.items()
            if key in self.defaults and value != self.defaults[key]
        }

    def describe(self, overrides: Mapping[str, Any]) -> list[dict[str, str]]:
        """Each key of ``overrides`` as a person reads it: its name, its value, its default."""
        return [
            {
                "key": key,
                "label": str(self.fields[key].label) if key in self.fields else key,
                "value": self.value_text(key, value),
                "default": self.value_text(key, self.defaults.get(key)),
            }
            for key, value in overrides.items()
        ]

    def value_text(self, key: str, value: Any) -> str:
        if isinstance(value, bool):
            return str(_("是") if value else _("否"))
        if isinstance(value, list | tuple):
            return ", ".join(str(n) for n in value)
        if key == "liability_basis":
            return str(dict(LIABILITY_BASES).get(value, value))
        if key in ANJI_RULE_CHOICES:
            return str(dict(ANJI_RULE_CHOICES[key]).get(value, value))
        if self.game == HONGZHONG:
            from calculator.web.hongzhong import RULE_CHOICES

            if key in RULE_CHOICES:
                return str(dict(RULE_CHOICES[key]).get(value, value))
        return "" if value is None else str(value)

    def item_fields(self) -> list[forms.BoundField]:
        return [self[key] for key, field in self.fields.items() if field.is_item]  # type: ignore[attr-defined]

    def other_fields(self) -> list[forms.BoundField]:
        return [self[key] for key, field in self.fields.items() if not field.is_item]  # type: ignore[attr-defined]


class SessionForm(forms.Form):
    name = forms.CharField(label=_("这一场的名字"), max_length=100, initial="")
    # Not sent: Anqing at four, as every sitting before there were games.
    game = forms.ChoiceField(
        label=_("玩哪种麻将"), choices=game_choices, initial=DEFAULT_GAME, required=False
    )
    player_count = forms.TypedChoiceField(
        label=_("几个人玩"),
        choices=PLAYER_COUNT_CHOICES,
        coerce=int,
        initial=4,
        required=False,
        empty_value=None,
    )
    player_E = forms.CharField(label=_("东家"), max_length=40)
    player_S = forms.CharField(label=_("南家"), max_length=40)
    player_W = forms.CharField(label=_("西家"), max_length=40)
    player_N = forms.CharField(label=_("北家"), max_length=40)
    ruleset = forms.ChoiceField(label=_("规则"), choices=RULESET_CHOICES, initial="anqing")
    # R9: the engine's range (scoring.MAX_SILVER, SILVER_PLACES), the one the API keeps too.
    base_silver = forms.DecimalField(
        label=_("基础银子"),
        min_value=Decimal(1).scaleb(-scoring.SILVER_PLACES),
        max_value=scoring.MAX_SILVER,
        decimal_places=scoring.SILVER_PLACES,
        initial=1,
        help_text=_("每笔钱 = （底番 + 牌型番 + 连庄加番）× 基础银子（R9）"),
    )

    # The <datalist> of names the user sat down with before (selectors.player_names_used).
    KNOWN_NAMES_LIST = "known-player-names"

    def __init__(
        self, *args: Any, game: str = DEFAULT_GAME, player_count: int | None = None, **kwargs: Any
    ) -> None:
        """``game`` and ``player_count``: the table chosen (from the data when it is bound); the
        name fields follow the seats in play, the ruleset the game."""
        super().__init__(*args, **kwargs)
        if self.is_bound:
            game = game_from(self.data, game)
            player_count = player_count_from(self.data, game, player_count)
        elif player_count not in GAMES[game].seat_counts:
            player_count = max(GAMES[game].seat_counts)
        self.chosen_game, self.chosen_count = game, player_count
        self.fields["game"].initial = game
        counts = GAMES[game].seat_counts
        self.fields["player_count"].choices = [c for c in PLAYER_COUNT_CHOICES if c[0] in counts]
        self.fields["player_count"].initial = player_count
        self.fields["ruleset"].choices = ruleset_choices(game)
        if self.fields["ruleset"].initial not in GAMES[game].rulesets:
            self.fields["ruleset"].initial = GAMES[game].default_ruleset
        for seat in SEATS:
            self.fields[f"player_{seat}"].widget.attrs["list"] = self.KNOWN_NAMES_LIST
        for seat in SEATS[player_count:]:
            del self.fields[f"player_{seat}"]

    def name_fields(self) -> list[forms.BoundField]:
        """The names of the seats in play, E S W N order."""
        return [self[f"player_{seat}"] for seat in SEATS[: self.chosen_count]]

    def counts_offered(self) -> bool:
        return len(GAMES[self.chosen_game].seat_counts) > 1

    @staticmethod
    def initial_from(start: Mapping[str, Any]) -> dict[str, Any]:
        """Form values for a new sitting of the same table (``selectors.session_restart``)."""
        initial = {
            "name": start["name"],
            "ruleset": start["ruleset"],
            "base_silver": start["base_silver"],
        }
        if start.get("game"):
            initial["game"] = start["game"]
        if start.get("player_count"):
            initial["player_count"] = start["player_count"]
        initial.update({f"player_{seat}": name for seat, name in start["players"].items() if name})
        return initial

    def clean_base_silver(self) -> Decimal:
        """Digits 0-9 only: Django's DecimalField, like Decimal(), would read "5_000" or "５"."""
        raw = self.data.get(self.add_prefix("base_silver"), "")
        if parse_money(raw) is None:
            raise forms.ValidationError(
                self.fields["base_silver"].error_messages["invalid"], code="invalid"
            )
        return self.cleaned_data["base_silver"]

    def players(self) -> list[str]:
        return [self.cleaned_data[f"player_{seat}"] for seat in SEATS[: self.chosen_count]]


class SignUpForm(UserCreationForm):
    """Django's sign-up form, refusing names that could pass for someone else
    (``calculator.usernames``): invisible characters, mixed scripts, look-alikes of an
    existing name."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Beside Django's own validator, so the message names the hidden character.
        self.fields["username"].validators.insert(0, refuse_invisible_characters)

    def clean_username(self) -> str | None:
        username = super().clean_username()
        if not username:
            return username
        if usernames.mixes_scripts(username):
            raise forms.ValidationError(
                _("用户名不能混用几种文字的字母（比如拉丁字母和西里尔字母）：%(scripts)s。"),
                code="mixed_scripts",
                params={"scripts": ", ".join(sorted(usernames.scripts_of(username)))},
            )
        lookalike = usernames.lookalike_of(username)
        if lookalike is not None:
            raise forms.ValidationError(
                _("这个用户名和已有的“%(name)s”看起来一样，请换一个。"),
                code="lookalike",
                params={"name": lookalike},
            )
        return username


def refuse_invisible_characters(username: str) -> None:
    hidden = usernames.invisible_characters(username)
    if hidden:
        raise forms.ValidationError(
            _("用户名里有看不见的字符：%(characters)s。请删掉它们。"),
            code="invisible",
            params={"characters": ", ".join(hidden)},
        )


class InviteForm(forms.Form):
    """Invite an account to a sitting by its username; it must exist and not be in it already."""

    username = forms.CharField(label=_("对方的用户名"), max_length=150)

    def __init__(self, *args: Any, session: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.session = session
        self.fields["username"].widget.attrs.update(
            {"autocomplete": "off", "autocapitalize": "off", "spellcheck": "false"}
        )

    def clean_username(self) -> str:
        username = self.cleaned_data["username"].strip()
        if username == self.session.owner.get_username():
            raise forms.ValidationError(
                _("“%(name)s”是这一场的主人，不用邀请。") % {"name": username}
            )
        if self.session.members.filter(username=username).exists():
            raise forms.ValidationError(_("“%(name)s”已经是成员了。") % {"name": username})
        if not get_user_model().objects.filter(username=username).exists():
            raise forms.ValidationError(
                _("没有用户名叫“%(name)s”的账号。请对方先注册，再把用户名告诉你。")
                % {"name": username}
            )
        return username


class ImportForm(forms.Form):
    """A session export (``selectors.session_export``), uploaded as a file or pasted as text.

    Only the shape of the file is checked here, so a mistake is named in the page's language;
    ``services.session_import`` checks the rest (names, rules, every hand) and saves nothing
    unless all of it is right."""

    MAX_BYTES = 2 * 1024 * 1024

    file = forms.FileField(
        label=_("选择导出的 JSON 文件"),
        required=False,
        widget=forms.FileInput(attrs={"accept": ".json,application/json"}),
    )
    text = forms.CharField(
        label=_("或者把 JSON 粘贴在这里"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4, "spellcheck": "false", "autocomplete": "off"}),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        upload, text = data.get("file"), (data.get("text") or "").strip()
        if upload and text:
            raise forms.ValidationError(_("文件和粘贴的文字只要一个。"))
        if not upload and not text:
            raise forms.ValidationError(_("请选择一个导出的 JSON 文件，或者把它的内容粘贴进来。"))
        if upload:
            if upload.size > self.MAX_BYTES:
                raise forms.ValidationError(
                    _("文件太大（%(size)s KB），最多 2048 KB。") % {"size": upload.size // 1024}
                )
            try:
                text = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError(_("文件不是 UTF-8 文字，不像是导出的 JSON。")) from None
        try:
            parsed = json.loads(text)
        except json.JSONDecodeError as problem:
            raise forms.ValidationError(
                _("这不是有效的 JSON：第%(line)s行第%(column)s列（%(reason)s）。")
                % {"line": problem.lineno, "column": problem.colno, "reason": problem.msg}
            ) from None
        except RecursionError:
            # json gives up on arrays nested thousands deep with RecursionError, not ValueError.
            raise forms.ValidationError(_("这不是有效的 JSON：嵌套太深。")) from None
        data["export"] = parsed
        self.check_shape(parsed)
        return data

    @staticmethod
    def check_shape(export: object) -> None:
        """The containers of an export: what the service reads without checking its type."""
        if not isinstance(export, dict):
            raise forms.ValidationError(_("文件的最外层应该是一个 JSON 对象 {…}。"))
        if export.get("format") != "anqing-session":
            raise forms.ValidationError(_("这不是本应用导出的牌局（format 应为 anqing-session）。"))
        versions = export.get("rules_versions", [])
        if not isinstance(versions, list):
            raise forms.ValidationError(_("rules_versions 应该是一个列表。"))
        for number, version in enumerate(versions, start=1):
            if not isinstance(version, dict) or not isinstance(version.get("rules"), dict):
                raise forms.ValidationError(
                    _("rules_versions 的第%(n)s项应该是带 rules 对象的 {…}。") % {"n": number}
                )
        rounds = export.get("rounds", [])
        if not isinstance(rounds, list):
            raise forms.ValidationError(_("rounds 应该是一个列表。"))
        for number, game_round in enumerate(rounds, start=1):
            if not isinstance(game_round, dict):
                raise forms.ValidationError(_("第%(n)s局应该是一个 JSON 对象。") % {"n": number})
            if not isinstance(game_round.get("hand", {}), dict | None):
                raise forms.ValidationError(_("第%(n)s局的 hand 应该是一个对象。") % {"n": number})
            version = game_round.get("rules_version", 1)
            if not isinstance(version, int) or isinstance(version, bool):
                raise forms.ValidationError(
                    _("第%(n)s局的 rules_version 应该是一个整数。") % {"n": number}
                )
            if not isinstance(game_round.get("voided", False), bool):
                raise forms.ValidationError(
                    _("第%(n)s局的 voided 应该是 true 或 false。") % {"n": number}
                )
