"""Anji's house rules (AJ13): every key, its default and its bounds; one frozen object per round."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any

from scoring.anji.errors import AnjiError
from scoring.base import label_name, read_labels
from scoring.echo import Echo

RULESETS: tuple[str, ...] = ("anji",)
MAX_VALUE = 1000

# AJ13: integer keys (0–1000), in the order of the table.
INT_DEFAULTS: dict[str, int] = {
    "zi_mo": 1,
    "zi_mo_no_wild": 2,
    "zi_mo_clean": 5,
    "gang_kai": 3,
    "gang_kai_no_wild": 5,
    "qing_gang_kai": 10,
    "bao_tou": 2,
    "gang_bao": 5,
    "gang_bao_step": 5,
    "da_diao": 5,
    "da_diao_plus": 10,
    "da_diao_gang_bao": 5,
    "piao_cai": 10,
    "piao_gang": 5,
    "si_cai_shen": 10,
    "si_cai_shen_piao": 10,
    "jia_piao": 10,
    "jia_piao_clean": 20,
    "tian_hu": 10,
    "di_hu": 10,
    "fang_chong_no_wild_discarder": 4,
    "fang_chong_no_wild_other": 2,
    "fang_chong_discarder": 2,
    "fang_chong_other": 1,
    "qing_yi_se": 10,
    "shi_san_yao": 2,
    "qi_dui": 2,
    "qi_dui_no_wild": 5,
    "flowers": 1,
}
# AJ13: string keys and the values each allows (the first is the default).
CHOICES: dict[str, tuple[str, ...]] = {
    "honor_cycle": ("seven", "winds4_dragons3"),
    "no_wild_means": ("no_caishen_tile", "no_wild_substitution"),
}
BOOL_DEFAULTS: dict[str, bool] = {
    "discard_win": False,
    "discard_win_with_caishen": False,
    "zi_mo_stacks": False,
    "flower_draw_is_gang": False,
    "qidui_allow_four": True,
}
DEFAULTS: dict[str, Any] = {
    **INT_DEFAULTS,
    **{key: values[0] for key, values in CHOICES.items()},
    **BOOL_DEFAULTS,
}


class Rules(Mapping):
    """The house rules of one round: the defaults with the table's overrides (AJ13), read-only."""

    __slots__ = ("_values", "ruleset")

    def __init__(self, ruleset: str, values: Mapping[str, Any]) -> None:
        self.ruleset = ruleset
        self._values = MappingProxyType(dict(values))

    def __getitem__(self, key: str) -> Any:
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __hash__(self) -> int:
        return hash((self.ruleset, tuple(sorted(self._values.items()))))

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Rules)
            and self.ruleset == other.ruleset
            and dict(self._values) == dict(other._values)
        )

    def __repr__(self) -> str:
        return f"Rules({self.ruleset!r}, {dict(self._values)!r})"


def house_rule_defaults(ruleset: str = "anji") -> dict[str, Any]:
    """Every AJ13 key with its default.

    >>> house_rule_defaults()["bao_tou"], house_rule_defaults()["honor_cycle"]
    (2, 'seven')
    """
    check_ruleset(ruleset)
    return dict(DEFAULTS)


# Each key's name for people (house_rules.json): the texts name a house rule by it, never by key.
_LABELS, _CHOICE_LABELS = read_labels(__package__)
_LANGUAGE = {"zh-hans": 1, "zh-hant": 2, "en": 3}



def rule_name(key: str, language: str = "zh-hans") -> str:
    """A house rule's name, without the explanation and rule id its form label adds.

    >>> rule_name("discard_win"), rule_name("discard_win", "en")
    ('允许放冲胡', 'Discard wins allowed')
    """
    return label_name(_LABELS, key, language)


def _choices(key: str, joiner: str, language: str) -> str:
    """Each choice's name, quoted as a name: 「…」 in Chinese, "…" in English."""
    names = (_CHOICE_LABELS[key][c][_LANGUAGE[language] - 1] for c in CHOICES[key])
    return joiner.join(f'"{n}"' if language == "en" else f"「{n}」" for n in names)


def check_ruleset(ruleset: object) -> str:
    if ruleset is None:
        return RULESETS[0]
    if ruleset not in RULESETS:
        raise AnjiError(
            "E_RULES",
            f"安吉麻将只有一套规则，收到「{Echo(ruleset)}」",
            f"Anji mahjong has one rule set, anji; got {Echo(ruleset)!r}",
            "ruleset",
        )
    return ruleset  # type: ignore[return-value]


def make_rules(ruleset: str | None = "anji", overrides: Mapping[str, Any] | None = None) -> Rules:
    """The rules of a round (AJ13): unknown keys, wrong types (null included) and values out of
    bounds are E_RULES.

    >>> make_rules("anji", {"bao_tou": 3})["bao_tou"]
    3
    >>> make_rules("anji", {"bao_tou": None})
    Traceback (most recent call last):
    ...
    scoring.anji.errors.AnjiError: E_RULES: the house rule 'Wild pair (bao tou)' must be a whole number from 0 to 1000, got None
    """
    ruleset = check_ruleset(ruleset)
    if overrides is None:
        return Rules(ruleset, DEFAULTS)
    if not isinstance(overrides, Mapping):
        raise AnjiError(
            "E_RULES", "家规应是一张表（每条家规一个值）", "the house rules must be an object", "rules"
        )
    values = dict(DEFAULTS)
    for key, value in overrides.items():
        if key not in DEFAULTS:
            raise AnjiError(
                "E_RULES",
                f"安吉麻将没有这条家规：「{key}」",
                f"Anji mahjong has no house rule {key!r}",
                f"rules.{key}",
            )
        name, name_en, field = rule_name(key), rule_name(key, "en"), f"rules.{key}"
        if key in INT_DEFAULTS:
            if (
                isinstance(value, bool)
                or not isinstance(value, int)
                or not (0 <= value <= MAX_VALUE)
            ):
                raise AnjiError(
                    "E_RULES",
                    f"家规「{name}」应是 0 到 {MAX_VALUE} 的整数，收到「{Echo(value)}」",
                    f"the house rule '{name_en}' must be a whole number from 0 to {MAX_VALUE}, "
                    f"got {Echo(value)!r}",
                    field,
                )
        elif key in CHOICES:
            if not isinstance(value, str) or value not in CHOICES[key]:
                raise AnjiError(
                    "E_RULES",
                    f"家规「{name}」只能选：{_choices(key, '、', 'zh-hans')}；收到「{Echo(value)}」",
                    f"the house rule '{name_en}' must be one of: {_choices(key, '; ', 'en')}; "
                    f"got {Echo(value)!r}",
                    field,
                )
        elif not isinstance(value, bool):
            raise AnjiError(
                "E_RULES",
                f"家规「{name}」只能是选或不选，收到「{Echo(value)}」",
                f"the house rule '{name_en}' is either on or off, got {Echo(value)!r}",
                field,
            )
        values[key] = value
    return Rules(ruleset, values)
