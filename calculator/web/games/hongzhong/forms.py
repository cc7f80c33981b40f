"""The 紅中 round form (HZ12): how the round ended, who won (several on one discard), who
discarded, each winner's tiles and birds, the kongs of the players who did not win, and 飄分.

Plain fields in compact tile notation, so the form works without JS; picker.js docks the same
tile keyboard as for the other games and fills one winner's fields at a time (each winner's
fields carry the prefix ``w_<seat>_``). ``round_body`` gives the session API's round body
(score-api.md, sessions), ``engine_request`` the score request's round fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext as gettext_now
from django.utils.translation import gettext_lazy as _

from calculator.web.games.base import WebGame, silver_field
from calculator.web.number_fields import WholeNumberField
from calculator.web.vocabulary import (
    SEAT_WINDS,
    SEATS,
    RowChoiceField,
    TileField,
    add_fields,
    faces_of,
    meld_fields,
    meld_initial,
    meld_problems,
    meld_rows,
    melds_of,
    numbered,
    seat_choices,
    seat_label,
    standing,
)
from scoring.games import GAMES

CODE = "hongzhong"
SELF_DRAW, DISCARD, DRAW = "self_draw", "discard", "draw"
OUTCOMES = [
    (SELF_DRAW, _("自摸")),
    (DISCARD, _("抓炮")),
    (DRAW, _("流局")),
]
# HZ5.1: a winner's melds; no chow may be claimed (HZ3.1).
WINNER_MELD_KINDS = [
    ("pung", _("碰")),
    ("kong", _("明杠")),
    ("added_kong", _("补杠")),
    ("concealed_kong", _("暗杠")),
]
KONG_KINDS = WINNER_MELD_KINDS[1:]
KONG_ROWS = 4  # HZ5.3: at most four kongs in a round (each face once)
MOST_BIRDS = 12  # HZ8.2: bird_count 8 + 4 extra; the engine checks each winner's own most


class HongzhongForm(forms.Form):
    """One 紅中 round (HZ12.1): the outcome first, then the winners and the discarder as seat
    buttons, each winner's tiles, the kongs made this round, 飄分."""

    outcome = forms.ChoiceField(
        label=_("这局怎么结束的？"), choices=OUTCOMES, widget=forms.RadioSelect, initial=SELF_DRAW
    )
    winners = forms.MultipleChoiceField(
        label=_("谁胡了"),
        widget=forms.CheckboxSelectMultiple,
        required=False,
        help_text=_("抓炮时可以选几家（一炮多响，HZ9.2）"),
    )
    discarder = forms.ChoiceField(label=_("谁放的炮"), widget=forms.RadioSelect, required=False)
    robbed_kong = forms.BooleanField(
        label=_("抢杠胡：胡的是放炮那家补杠的牌（HZ9.2）"), required=False
    )
    game = CODE  # the web registry's key (calculator.web.games)

    def __init__(
        self,
        *args: Any,
        seat_names: Mapping[str, str] | None = None,
        piao_fen_max: int = 0,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.seat_names = seat_names
        seats = seat_choices(seat_names, 4)
        self.fields["winners"].choices = seats
        self.fields["discarder"].choices = seats
        feeders = [("", "—"), *seats]
        for name, field in self.fields.items():
            if name.endswith("_from"):
                field.choices = feeders
            elif name.startswith("kong_") and name.endswith("_seat"):
                field.choices = feeders
        self.piao_fen_max = piao_fen_max
        if piao_fen_max > 0:  # HZ9.1: each seat's 飄 this round, 0 … piao_fen_max
            for seat in SEATS:
                self.fields[f"piao_{seat}"] = WholeNumberField(
                    label=SEAT_WINDS[seat],
                    min_value=0,
                    max_value=piao_fen_max,
                    initial=0,
                    required=False,
                )

    # -- layout helpers for the template -----------------------------------------------------

    def winner_blocks(self) -> list[dict[str, Any]]:
        """Each seat's block of fields (shown for the seats chosen as winners)."""
        chosen = set(self._value_list("winners"))
        return [
            {
                "seat": seat,
                "scope": f"w_{seat}_",
                "label": seat_label(seat, self.seat_names),
                "chosen": seat in chosen,
                "hand": self[f"w_{seat}_hand"],
                "win_tile": self[f"w_{seat}_win_tile"],
                "birds": self[f"w_{seat}_birds"],
                "melds": meld_rows(self, f"w_{seat}_"),
            }
            for seat in SEATS
        ]

    def kong_rows(self) -> list[dict[str, Any]]:
        return [
            {
                "number": row,
                "seat": self[f"kong_{row}_seat"],
                "kind": self[f"kong_{row}_kind"],
                "from": self[f"kong_{row}_from"],
                "tiles": self[f"kong_{row}_tiles"],
            }
            for row in range(1, KONG_ROWS + 1)
        ]

    def piao_fields(self) -> list[forms.BoundField]:
        return [self[f"piao_{seat}"] for seat in SEATS if f"piao_{seat}" in self.fields]

    def more_open(self) -> bool:
        """The kongs and 飄 part opens when it holds something or an error."""
        names = [n for n in self.fields if n.startswith(("kong_", "piao_"))]
        return any(self[n].value() not in (None, "", "0", 0) or self[n].errors for n in names)

    def _value_list(self, name: str) -> list[str]:
        value = self[name].value()
        return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []

    def problem_labels(self) -> list[str]:
        """The names of the fields that stop the round from being scored, in order."""
        labels: list[str] = []
        for name, field in self.fields.items():
            if name in self.errors:
                label = str(field.label)
                if name.startswith("w_") and "_meld_" in name:
                    label = f"{SEAT_WINDS[name[2]]} · {label}"
                if label not in labels:
                    labels.append(label)
        labels.extend(str(problem) for problem in self.non_field_errors())
        return labels

    # -- validation ----------------------------------------------------------------------------

    def clean(self) -> dict[str, Any]:  # noqa: C901
        data = super().clean()
        outcome = data.get("outcome")
        winners = [seat for seat in SEATS if seat in (data.get("winners") or [])]
        discarder = data.get("discarder") or ""
        if outcome == DRAW:
            winners, discarder = [], ""
        elif outcome == SELF_DRAW:
            discarder = ""
            if len(winners) != 1:
                self.add_error("winners", _("自摸只有一家胡：请选一家。"))
        elif outcome == DISCARD:
            if not winners:
                self.add_error("winners", _("请选谁胡了（可以选几家）。"))
            if not discarder:
                self.add_error("discarder", _("请选谁放的炮。"))
            elif discarder in winners:
                self.add_error("discarder", _("放炮的人不能也是胡牌的人。"))
        data["winners"], data["discarder"] = winners, discarder
        # HZ12.2: on a discard every winner won on the same tile; one entered is enough.
        shared = next((data[f"w_{s}_win_tile"] for s in winners if data.get(f"w_{s}_win_tile")), "")
        for seat in winners:
            if outcome == DISCARD and not data.get(f"w_{seat}_win_tile"):
                data[f"w_{seat}_win_tile"] = shared
            if not data.get(f"w_{seat}_win_tile"):
                self.add_error(f"w_{seat}_win_tile", _("请填胡的那张牌。"))
            if not data.get(f"w_{seat}_hand"):
                self.add_error(f"w_{seat}_hand", _("请填手里立着的牌。"))
            meld_problems(self, data, f"w_{seat}_")
        for row in range(1, KONG_ROWS + 1):
            seat, kind = data.get(f"kong_{row}_seat"), data.get(f"kong_{row}_kind")
            if bool(seat) != bool(kind):
                self.add_error(
                    f"kong_{row}_kind" if seat else f"kong_{row}_seat",
                    _("第%(n)s个杠要同时选谁杠的和哪种杠。") % {"n": row},
                )
        return data

    # -- what it gives -------------------------------------------------------------------------

    def winner_entries(self) -> list[dict[str, Any]]:
        data = self.cleaned_data
        entries = []
        for seat in data["winners"]:
            melds = melds_of(data, f"w_{seat}_")
            win_tile = data.get(f"w_{seat}_win_tile") or ""
            entries.append(
                {
                    "seat": seat,
                    "concealed": (data.get(f"w_{seat}_hand") or "") + win_tile,
                    "win_tile": win_tile,
                    "melds": melds,
                    "birds": data.get(f"w_{seat}_birds") or "",
                }
            )
        return entries

    def kongs(self) -> list[dict[str, str]]:
        data = self.cleaned_data
        out = []
        for row in range(1, KONG_ROWS + 1):
            seat, kind = data.get(f"kong_{row}_seat"), data.get(f"kong_{row}_kind")
            if not seat or not kind:
                continue
            kong = {"seat": seat, "kind": kind}
            if data.get(f"kong_{row}_from"):
                kong["from"] = data[f"kong_{row}_from"]
            tiles = data.get(f"kong_{row}_tiles") or ""
            if tiles:
                # HZ5.3: a kong's tiles are only shown; one face written stands for its four.
                faces = faces_of(tiles)
                kong["tiles"] = tiles * 4 if len(faces) == 1 else tiles
            out.append(kong)
        return out

    def round_body(self) -> dict[str, Any]:
        """The session's round body (score-api.md, sessions): a win or a draw with its kongs."""
        data = self.cleaned_data
        if data["outcome"] == DRAW:
            return {"result": "draw", "kongs": self.kongs()}
        body: dict[str, Any] = {"result": "win", "winners": self.winner_entries()}
        if data["outcome"] == DISCARD:
            body["discarder"] = data["discarder"]
            body["robbed_kong"] = bool(data.get("robbed_kong"))
        body["kongs"] = self.kongs()
        piao = {
            seat: data[f"piao_{seat}"]
            for seat in SEATS
            if f"piao_{seat}" in self.fields and data.get(f"piao_{seat}")
        }
        if piao:
            body["piao_fen"] = piao
        return body

    def engine_request(self) -> dict[str, Any]:
        """The score request's round fields (HZ12.1): a draw has no winners."""
        body = dict(self.round_body())
        body.pop("result")
        body.setdefault("winners", [])
        return body

    @staticmethod
    def initial_from(result: str, hand: Mapping[str, Any]) -> dict[str, Any]:
        """Form values for a recorded round (a correction starts from what was recorded)."""
        winners = [w for w in hand.get("winners") or [] if isinstance(w, Mapping)]
        discarder = hand.get("discarder") or ""
        outcome = DRAW if result == "draw" else DISCARD if discarder else SELF_DRAW
        initial: dict[str, Any] = {
            "outcome": outcome,
            "winners": [w.get("seat") for w in winners],
            "discarder": discarder,
            "robbed_kong": bool(hand.get("robbed_kong")),
        }
        for entry in winners:
            seat = entry.get("seat")
            if seat not in SEATS:
                continue
            win_tile = entry.get("win_tile", "")
            initial[f"w_{seat}_hand"] = standing(entry.get("concealed", ""), win_tile)
            initial[f"w_{seat}_win_tile"] = win_tile
            initial[f"w_{seat}_birds"] = entry.get("birds", "")
            initial.update(meld_initial(entry.get("melds") or [], f"w_{seat}_"))
        for row, kong in enumerate(hand.get("kongs") or [], start=1):
            initial[f"kong_{row}_seat"] = kong.get("seat", "")
            initial[f"kong_{row}_kind"] = kong.get("kind", "")
            initial[f"kong_{row}_from"] = kong.get("from") or ""
            initial[f"kong_{row}_tiles"] = kong.get("tiles") or ""
        for seat, points in (hand.get("piao_fen") or {}).items():
            initial[f"piao_{seat}"] = points
        return initial


def _seat_text(seat: str, text: str) -> str:
    """A winner's field label with the seat's wind, translated when it is shown."""
    return lazy(lambda: f"{SEAT_WINDS[seat]} · {gettext_now(text)}", str)()


def _add_fields(form: type[forms.Form]) -> None:
    """Each seat's winner fields, the kong rows and 飄分, made once for the class."""
    fields: dict[str, forms.Field] = {}
    for seat in SEATS:
        fields[f"w_{seat}_hand"] = TileField(
            label=_seat_text(seat, "手里的牌（不含胡的那张）"),
            max_tiles=13,
            required=False,
            help_text=_("只填立着的牌；碰杠的牌点一张再点碰或杠"),
        )
        fields[f"w_{seat}_win_tile"] = TileField(
            label=_seat_text(seat, "胡的那张牌"), max_tiles=1, required=False
        )
        fields[f"w_{seat}_birds"] = TileField(
            label=_seat_text(seat, "鸟牌"),
            max_tiles=MOST_BIRDS,
            counted=False,
            required=False,
            help_text=_("翻出来的鸟；几家一起胡、鸟只翻一次就每家都填同样的牌（HZ8.1）"),
        )
        fields.update(meld_fields(f"w_{seat}_", WINNER_MELD_KINDS))
    for row in range(1, KONG_ROWS + 1):
        fields[f"kong_{row}_seat"] = RowChoiceField(
            label=numbered("第%(n)s个杠 · 谁杠的", row), choices=[("", "—")], required=False
        )
        fields[f"kong_{row}_kind"] = RowChoiceField(
            label=numbered("第%(n)s个杠 · 种类", row),
            choices=[("", "—"), *KONG_KINDS],
            required=False,
        )
        fields[f"kong_{row}_from"] = RowChoiceField(
            label=numbered("第%(n)s个杠 · 谁放的杠", row), choices=[("", "—")], required=False
        )
        fields[f"kong_{row}_tiles"] = TileField(
            label=numbered("第%(n)s个杠 · 牌", row), max_tiles=4, counted=False, required=False
        )
    add_fields(form, fields)


_add_fields(HongzhongForm)


class HongzhongCalculatorForm(HongzhongForm):
    """The 紅中 round with the table context a session would otherwise supply."""

    # Seat buttons at the top of the calculator, reachable before the keyboard opens.
    dealer = forms.ChoiceField(label=_("庄家"), initial="E", widget=forms.RadioSelect)
    field_order = ["dealer", "base_silver", "outcome"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["dealer"].choices = seat_choices(player_count=4)
        self.fields["base_silver"] = silver_field(GAMES[CODE])
        self.order_fields(self.field_order)

    def context_request(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "game": CODE,
            "ruleset": CODE,
            "dealer": data["dealer"],
            "base_silver": str(data["base_silver"]),
        }


class HongzhongWeb(WebGame):
    round_form_class = HongzhongForm
    calculator_form_class = HongzhongCalculatorForm
    rules_help = _("每桌可以自己定分数（HZ16）。只有改过的会被记下；以后改家规不会改写已记的局。")
    rules_items_heading = _("每一项的分（HZ7、HZ8、HZ10）")
    calculator_intro = _(
        "有争议的分数，在这里核对：怎么结束的、谁胡了、谁放炮，每家的牌和鸟。不用登录。"
    )
    table_summary = _("牌桌：庄家、基础银子")
    reuse_editor = False

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
        # A draw is a round too (HZ10.3): a correction starts from whatever was recorded, and
        # the draw question's "enter the kongs" opens a new round on 流局.
        if game_round:
            initial = HongzhongForm.initial_from(game_round.result, game_round.hand)
        else:
            initial = HongzhongForm.initial_from("draw", {}) if draw else None
        return HongzhongForm(
            data,
            initial=initial,
            seat_names=seat_names,
            piao_fen_max=(in_force or {}).get("piao_fen_max") or 0,
        )

    def calculator_form(
        self, data: Any, *, player_count: int, in_force: Mapping[str, Any] | None = None
    ) -> forms.Form:
        return HongzhongCalculatorForm(data, piao_fen_max=(in_force or {}).get("piao_fen_max") or 0)

    def recorded_hand(self, game_round: Any) -> dict[str, Any]:
        return {**game_round.hand, "winners": game_round.hand.get("winners") or []}

    @property
    def book(self) -> Any:
        from calculator.web.games.hongzhong.book import BOOK

        return BOOK


WEB = HongzhongWeb(CODE)
