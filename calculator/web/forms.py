"""The forms every game's pages share: a new sitting, the house rules (one form made from the
game's schema, ``Game.house_rules``), invitations and the import; the sign-up form is in
``web.account_forms``. Each game's round form is in its web package
(``calculator.web.games.<code>``), built on ``calculator.web.games.base``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext_lazy as _

from calculator.models import roster_key
from calculator.numbers import whole_of
from calculator.web.games import web_game
from calculator.web.games.base import game_name, set_silver_bounds, silver_field
from calculator.web.number_fields import NumberChoiceField, WholeNumberField, id_field
from calculator.web.vocabulary import SEAT_WINDS, SEATS, page_language
from scoring.base import HouseRule
from scoring.games import DEFAULT_GAME, GAMES

__all__ = [
    "PLAYER_COUNT_CHOICES",
    "HouseRulesForm",
    "ImportForm",
    "InviteForm",
    "PlayerLinkForm",
    "PlayerRenameForm",
    "SessionForm",
    "game_choices",
    "game_from",
    "game_name",
    "player_count_from",
]


# A list rule's numbers are read up to this size; past it a number is "not a whole number" (a
# 400-digit one is never read), short of it a bound's own message says what is allowed.
MAX_RULE_TEXT = 10**9


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
    count = whole_of(raw, least=min(counts), most=max(counts))
    if count in counts:
        return count
    return default if default in counts else max(counts)


PLAYER_COUNT_CHOICES = [(2, _("2人")), (3, _("3人")), (4, _("4人"))]


def ruleset_choices(game: str) -> list[tuple[str, Any]]:
    """A game's rulesets, labelled (its web side's words)."""
    return web_game(game).ruleset_choices()


class HouseRulesForm(forms.Form):
    """Every house-rule key of the ruleset, shown with its default and editable: one field per
    key of the game's schema (``Game.house_rules``: type, bounds, default, labels, rule id), so
    the page refuses what the engine's ``make_rules`` would (R12, AJ13, HZ16)."""

    # A ladder without help of its own (Features.house_rule_help): its default is the example.
    LIST_HELP = _("用逗号分开的整数，如 %(example)s")
    # Keys every game's sitting has besides the game's own (web.fees.SittingRulesForm).
    shared_rules: tuple[HouseRule, ...] = ()

    def __init__(
        self,
        *args: Any,
        ruleset: str | None = None,
        current: Mapping[str, Any] | None = None,
        game: str | None = None,
        **kwargs: Any,
    ) -> None:
        """``current``: the overrides in force, shown instead of the defaults."""
        kwargs.setdefault("prefix", "rule")
        super().__init__(*args, **kwargs)
        if game is None:
            game = next((c for c, g in GAMES.items() if ruleset in g.rulesets), next(iter(GAMES)))
        self.game = game
        self.web = web_game(game)
        ruleset = ruleset or GAMES[game].default_ruleset
        self.schema = {rule.key: rule for rule in GAMES[game].house_rules(ruleset)}
        # The engine's own defaults (a ladder is a list there, a tuple in the schema).
        self.defaults = GAMES[game].house_rule_defaults(ruleset)
        self.schema.update((rule.key, rule) for rule in self.shared_rules)
        self.defaults = {**self.defaults, **{r.key: r.default for r in self.shared_rules}}
        current = current or {}
        language = page_language()
        features = GAMES[game].features
        for key, rule in self.schema.items():
            if not features.counts_under(key, ruleset):
                continue  # it scores nothing under this ruleset (Anqing's 清一色 under 不打缺, R3)
            field = self.field_of(rule, language)
            own_help = features.house_rule_help.get(key)
            if own_help:
                field.help_text = own_help.get(language) or own_help.get("zh-hans", "")
            field.required = False  # left empty: the default
            value = current.get(key, self.defaults.get(key, rule.default))
            field.initial = (
                ", ".join(str(n) for n in value) if isinstance(value, list | tuple) else value
            )
            field.key = key  # type: ignore[attr-defined]
            field.rule_id = rule.rule_id  # type: ignore[attr-defined]
            field.is_shared = rule in self.shared_rules  # type: ignore[attr-defined]
            field.is_item = not field.is_shared and self.web.is_item(rule)  # type: ignore[attr-defined]
            self.fields[key] = field

    def field_of(self, rule: HouseRule, language: str) -> forms.Field:
        """The field of one key, with the schema's bounds and choices."""
        label = rule.label(language)
        if rule.type == "bool":
            return forms.BooleanField(label=label)
        if rule.type == "int" and rule.choices:
            return NumberChoiceField(
                label=label, choices=[(n, str(n)) for n in rule.choices], coerce=int
            )
        if rule.type == "int":
            return WholeNumberField(label=label, min_value=rule.minimum, max_value=rule.maximum)
        if rule.type == "choice":
            return forms.ChoiceField(label=label, choices=self.choices_of(rule, language))
        if rule.type == "int_list":
            example = ", ".join(str(n) for n in rule.default or ())
            return forms.CharField(label=label, help_text=self.LIST_HELP % {"example": example})
        return forms.CharField(label=label)

    @staticmethod
    def choices_of(rule: HouseRule, language: str) -> list[tuple[Any, str]]:
        return [
            (choice, (rule.choice_labels.get(choice) or {}).get(language) or str(choice))
            for choice in rule.choices
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for key, rule in self.schema.items():
            if key not in self.fields:
                continue
            if data.get(key) in (None, "") and rule.type != "bool":
                data[key] = self.defaults.get(key, rule.default)
                continue
            if rule.type == "int_list" and key in data:
                self.clean_list(key, rule, data)
        return data

    def clean_list(self, key: str, rule: HouseRule, data: dict[str, Any]) -> None:
        parts = [part for part in data[key].replace("，", ",").split(",") if part.strip()]
        numbers = [whole_of(part, least=-MAX_RULE_TEXT, most=MAX_RULE_TEXT) for part in parts]
        if any(number is None for number in numbers):
            self.add_error(key, _("请填用逗号分开的整数。"))
            return
        data[key] = numbers
        low = rule.minimum or 0
        if not data[key] or any(number < low for number in data[key]):
            self.add_error(key, _("至少一个不小于 0 的整数。"))
        elif not rule.allows(data[key]):
            self.add_error(
                key,
                _("最多 %(steps)s 个数，每个数不超过 %(max)s。")
                % {"steps": rule.max_items, "max": rule.maximum},
            )

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
                "label": self.label_of(key),
                "value": self.value_text(key, value),
                "default": self.value_text(key, self.defaults.get(key)),
            }
            for key, value in overrides.items()
        ]

    def label_of(self, key: str) -> str:
        """A key's name as the page says it (a key this ruleset does not offer too)."""
        if key in self.fields:
            return str(self.fields[key].label)
        rule = self.schema.get(key)
        return rule.label(page_language()) if rule is not None else key

    def value_text(self, key: str, value: Any) -> str:
        if isinstance(value, bool):
            return str(_("是") if value else _("否"))
        if isinstance(value, list | tuple):
            return ", ".join(str(n) for n in value)
        rule = self.schema.get(key)
        if rule is not None and rule.type == "choice":
            return str(dict(self.choices_of(rule, page_language())).get(value, value))
        return "" if value is None else str(value)

    def item_fields(self) -> list[forms.BoundField]:
        return [self[key] for key, field in self.fields.items() if field.is_item]  # type: ignore[attr-defined]

    def other_fields(self) -> list[forms.BoundField]:
        fields = self.fields.items()
        return [self[key] for key, field in fields if not (field.is_item or field.is_shared)]  # type: ignore[attr-defined]

    def shared_fields(self) -> list[forms.BoundField]:
        return [self[key] for key, field in self.fields.items() if field.is_shared]  # type: ignore[attr-defined]


class SessionForm(forms.Form):
    name = forms.CharField(label=_("这一场的名字"), max_length=100, initial="")
    # Not sent: Anqing at four, as every sitting before there were games.
    game = forms.ChoiceField(
        label=_("玩哪种麻将"), choices=game_choices, initial=DEFAULT_GAME, required=False
    )
    player_count = NumberChoiceField(
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
    ruleset = forms.ChoiceField(label=_("规则"))
    # The game's engine's range (Game.max_silver, silver_places, within what the ledger
    # stores), the one the API keeps too; set for the game chosen below.
    base_silver = silver_field(
        GAMES[DEFAULT_GAME],
        stored=True,
    )

    # The <datalist> of names the user sat down with before (selectors.roster.player_names_used).
    KNOWN_NAMES_LIST = "known-player-names"

    def __init__(
        self,
        *args: Any,
        game: str = DEFAULT_GAME,
        player_count: int | None = None,
        roster: list[dict[str, Any]] | None = None,
        **kwargs: Any,
    ) -> None:
        """``game`` and ``player_count``: the table chosen (from the data when it is bound); the
        name fields follow the seats in play, the ruleset the game. ``roster``: the user's people
        (``selectors.roster.roster_choices``): a seat whose name two of them share asks which one."""
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
        set_silver_bounds(self.fields["base_silver"], GAMES[game], stored=True)
        for seat in SEATS:
            self.fields[f"player_{seat}"].widget.attrs["list"] = self.KNOWN_NAMES_LIST
        for seat in SEATS[player_count:]:
            del self.fields[f"player_{seat}"]
        same_name: dict[str, list[dict[str, Any]]] = {}
        for entry in roster or []:
            same_name.setdefault(roster_key(entry["name"]), []).append(entry)
        self.roster_names = {entry["id"]: roster_key(entry["name"]) for entry in roster or []}
        for seat in SEATS[:player_count]:
            # "A different 小李": a new person of the roster although it has this name.
            self.fields[f"new_{seat}"] = forms.BooleanField(
                label=_("同名的另一个人（新加到名单）"), required=False
            )
            # Who sat here at the sitting this one starts from (a new sitting of the same
            # table): that person again while the name is theirs.
            self.fields[f"seat_id_{seat}"] = id_field(required=False, widget=forms.HiddenInput)
            typed = self.data.get(f"player_{seat}", "") if self.is_bound else ""
            people = same_name.get(roster_key(typed), []) if isinstance(typed, str) else []
            if len(people) > 1:
                self.fields[f"pick_{seat}"] = forms.TypedChoiceField(
                    label=_("名单上有几个“%(name)s”，是哪一个？") % {"name": typed.strip()},
                    choices=[(entry["id"], person_label(entry)) for entry in people],
                    coerce=int,
                    required=False,
                    empty_value=None,
                    widget=forms.RadioSelect,
                )

    def name_fields(self) -> list[forms.BoundField]:
        """The names of the seats in play, E S W N order."""
        return [self[f"player_{seat}"] for seat in SEATS[: self.chosen_count]]

    def seat_fields(self) -> list[dict[str, Any]]:
        """Per seat in play: its name, "a different person", and which of several of that name."""
        return [
            {
                "name": self[f"player_{seat}"],
                "new": self[f"new_{seat}"],
                "seat_id": self[f"seat_id_{seat}"],
                "pick": self[f"pick_{seat}"] if f"pick_{seat}" in self.fields else None,
            }
            for seat in SEATS[: self.chosen_count]
        ]

    def same_person(self, seat: str) -> int | None:
        """The roster person who sat at ``seat`` at the sitting this one starts from, while the
        name typed there is still theirs."""
        known = self.cleaned_data.get(f"seat_id_{seat}")
        typed = self.cleaned_data.get(f"player_{seat}")
        if known is None or not isinstance(typed, str):
            return None
        return known if self.roster_names.get(known) == roster_key(typed) else None

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        for seat in SEATS[: self.chosen_count]:
            if f"pick_{seat}" in self.fields and cleaned.get(f"pick_{seat}") is None:
                cleaned[f"pick_{seat}"] = self.same_person(seat)
            if (
                f"pick_{seat}" in self.fields
                and not cleaned.get(f"new_{seat}")
                and cleaned.get(f"pick_{seat}") is None
            ):
                self.add_error(
                    f"pick_{seat}",
                    _("请选是名单上的哪一个，或者勾选“同名的另一个人”。"),
                )
        self.check_one_name_twice(cleaned)
        return cleaned

    def check_one_name_twice(self, cleaned: Mapping[str, Any]) -> None:
        """One name typed in two seats, neither saying who (the roster's choice, "a different
        person of this name", or the person of the sitting this one starts from): one person
        cannot sit twice; the second seat says so, naming both."""
        unsaid: dict[str, str] = {}
        for seat in SEATS[: self.chosen_count]:
            typed = cleaned.get(f"player_{seat}")
            if not isinstance(typed, str) or not typed.strip():
                continue
            if cleaned.get(f"new_{seat}") or cleaned.get(f"pick_{seat}") is not None:
                continue
            if self.same_person(seat) is not None:
                continue
            first = unsaid.setdefault(roster_key(typed), seat)
            if first != seat:
                self.add_error(
                    f"player_{seat}",
                    _(
                        "%(first)s和%(second)s填的都是“%(name)s”：一个人不能坐两个位置。"
                        "如果是同名的两个人，在其中一个勾选“同名的另一个人”。"
                    )
                    % {
                        "first": SEAT_WINDS[first],
                        "second": SEAT_WINDS[seat],
                        "name": typed.strip(),
                    },
                )

    def player_ids(self) -> list[int | None]:
        return [
            None
            if self.cleaned_data.get(f"new_{seat}")
            else self.cleaned_data.get(f"pick_{seat}") or self.same_person(seat)
            for seat in SEATS[: self.chosen_count]
        ]

    def new_players(self) -> list[bool]:
        return [bool(self.cleaned_data.get(f"new_{seat}")) for seat in SEATS[: self.chosen_count]]

    def counts_offered(self) -> bool:
        return len(GAMES[self.chosen_game].seat_counts) > 1

    @staticmethod
    def initial_from(start: Mapping[str, Any]) -> dict[str, Any]:
        """Form values for a new sitting of the same table (``selectors.takeback.session_restart``)."""
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
        initial.update({f"seat_id_{seat}": pk for seat, pk in start.get("player_ids", {}).items()})
        return initial

    def players(self) -> list[str]:
        return [self.cleaned_data[f"player_{seat}"] for seat in SEATS[: self.chosen_count]]


def person_label(entry: Mapping[str, Any]) -> str:
    """A roster person as a choice: "小李 (2)", the sitting they sat at last and in which seat
    (two people of one name who sat at one table read apart)."""
    last = entry.get("last_sitting")
    if last is None:
        return _("%(name)s · 还没坐过") % {"name": entry["label"]}
    return _("%(name)s · 上次：%(sitting)s %(date)s，坐%(seat)s") % {
        "name": entry["label"],
        "sitting": last["name"],
        "date": date_format(localtime(last["date"]), "m-d"),
        "seat": SEAT_WINDS.get(last.get("seat") or "", ""),
    }


class PlayerAddForm(forms.Form):
    """A person added to the roster before their first sitting; ``distinct`` is asked only when
    the roster has the name already."""

    name = forms.CharField(label=_("名字"), max_length=40)
    distinct = forms.BooleanField(label=_("同名的另一个人（新加到名单）"), required=False)


class PlayerRenameForm(forms.Form):
    name = forms.CharField(label=_("新名字"), max_length=40)


class PlayerLinkForm(forms.Form):
    username = forms.CharField(label=_("对方的用户名"), max_length=150)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].widget.attrs.update(
            {"autocomplete": "off", "autocapitalize": "off", "spellcheck": "false"}
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
    """A session export (``selectors.exports.session_export``), uploaded as a file or pasted as text.

    Only the shape of the file is checked here, so a mistake is named in the page's language;
    ``services.imports.session_import`` checks the rest (names, rules, every hand) and saves nothing
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
