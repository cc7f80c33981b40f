"""紅中's house rules (HZ16): every key, its default and its bounds; one frozen object per round."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from scoring.base import label_name, read_labels
from scoring.echo import Echo
from scoring.hongzhong.errors import HongzhongError

RULESETS: tuple[str, ...] = ("hongzhong",)

# HZ16: integer keys, (default, lowest, highest), in the order of the table.
INT_KEYS: dict[str, tuple[int, int, int]] = {
    "zi_mo": (2, 0, 100),
    "zhua_pao": (1, 0, 100),
    "qi_dui": (1, 0, 100),
    "peng_peng_hu": (1, 0, 100),
    "qing_yi_se": (1, 0, 100),
    "wu_hong_zhong_zi_mo": (1, 0, 100),
    "wu_hong_zhong_zhua_pao": (1, 0, 100),
    "min_points": (0, 0, 100),
    "bird_count": (2, 0, 8),
    "wu_hong_zhong_extra_birds": (0, 0, 4),
    "bird_points": (1, 0, 100),
    "dealer_extra": (0, 0, 100),
    "piao_fen_max": (0, 0, 10),
    "cap": (0, 0, 10000),
    "hong_zhong_count": (4, 4, 8),
    "gang_an": (2, 0, 100),
    "gang_bu": (1, 0, 100),
    "gang_ming": (3, 0, 100),
}
# HZ16: integer keys that allow only some values in their bounds.
INT_ONLY: dict[str, tuple[int, ...]] = {"hong_zhong_count": (4, 8)}
# HZ16: string keys and the values each allows (the first is the default).
CHOICES: dict[str, tuple[str, ...]] = {
    "bird_rule": ("count", "zhong_159", "yi_niao_quan_zhong", "mo_ji_jiang_ji"),
    "bird_value": ("add", "multiply"),
    "multi_win_dealer": ("discarder", "first_winner"),
    "qiang_gang_hu": ("as_discard", "off", "as_self_draw", "bao_san_jia"),
}
BOOL_DEFAULTS: dict[str, bool] = {
    "wu_hong_zhong_double": False,
    "yi_niao_one_counts_ten": False,
    "discard_win": True,
    "multi_win": True,
    "allow_qi_dui": True,
    "qidui_allow_four": True,
    "kong_pays_on_draw": True,
}
DEFAULTS: dict[str, Any] = {
    **{key: bounds[0] for key, bounds in INT_KEYS.items()},
    **{key: values[0] for key, values in CHOICES.items()},
    **BOOL_DEFAULTS,
}


# Each key's name for people (house_rules.json): the texts name a house rule by it, never by key.
_LABELS, _CHOICE_LABELS = read_labels(__package__)
_LANGUAGE = {"zh-hans": 1, "zh-hant": 2, "en": 3}



def rule_name(key: str, language: str = "zh-hans") -> str:
    """A house rule's name, without the explanation and rule id its form label adds.

    >>> rule_name("multi_win"), rule_name("multi_win", "en")
    ('一炮多响', 'One discard, several winners allowed')
    """
    return label_name(_LABELS, key, language)


def choice_name(key: str, choice: str, language: str = "zh-hans") -> str:
    """A choice's name: ``choice_name("qiang_gang_hu", "off")`` → 不能抢杠胡."""
    return _CHOICE_LABELS[key][choice][_LANGUAGE[language] - 1]


def _choices(key: str, joiner: str, language: str) -> str:
    """Each choice's name, quoted as a name: 「…」 in Chinese, "…" in English."""
    names = (choice_name(key, c, language) for c in CHOICES[key])
    return joiner.join(f'"{n}"' if language == "en" else f"「{n}」" for n in names)


def house_rule_defaults(ruleset: str = "hongzhong") -> dict[str, Any]:
    """Every HZ16 key with its default.

    >>> house_rule_defaults()["zi_mo"], house_rule_defaults()["bird_rule"]
    (2, 'count')
    """
    check_ruleset(ruleset)
    return dict(DEFAULTS)


def check_ruleset(ruleset: object) -> str:
    if ruleset is None:
        return RULESETS[0]
    if ruleset not in RULESETS:
        raise HongzhongError(
            "E_RULES",
            f"红中麻将只有一套规则，收到「{Echo(ruleset)}」",
            f"Hongzhong mahjong has one rule set, hongzhong; got {Echo(ruleset)!r}",
            "ruleset",
        )
    return ruleset  # type: ignore[return-value]


def make_rules(
    ruleset: str | None = "hongzhong", overrides: Mapping[str, Any] | None = None
) -> Mapping[str, Any]:
    """The rules of a round (HZ16), read-only: unknown keys, wrong types (null and booleans for
    integers included) and values out of bounds are E_RULES.

    >>> make_rules("hongzhong", {"bird_count": 4})["bird_count"]
    4
    >>> make_rules("hongzhong", {"hong_zhong_count": 6})
    Traceback (most recent call last):
    ...
    scoring.hongzhong.errors.HongzhongError: E_RULES: the house rule 'Red Dragons in the set' must be one of 4, 8, got 6
    """
    check_ruleset(ruleset)
    values = dict(DEFAULTS)
    if overrides is None:
        return MappingProxyType(values)
    if not isinstance(overrides, Mapping):
        raise HongzhongError(
            "E_RULES", "家规应是一张表（每条家规一个值）", "the house rules must be an object", "rules"
        )
    for key, value in overrides.items():
        if key not in DEFAULTS:
            raise HongzhongError(
                "E_RULES",
                f"红中麻将没有这条家规：「{key}」",
                f"Hongzhong mahjong has no house rule {key!r}",
                f"rules.{key}",
            )
        name, name_en, field = rule_name(key), rule_name(key, "en"), f"rules.{key}"
        if key in INT_ONLY:
            allowed = INT_ONLY[key]
            if isinstance(value, bool) or value not in allowed or not isinstance(value, int):
                raise HongzhongError(
                    "E_RULES",
                    f"家规「{name}」只能是 {'、'.join(map(str, allowed))}，收到「{Echo(value)}」",
                    f"the house rule '{name_en}' must be one of {', '.join(map(str, allowed))}, "
                    f"got {Echo(value)!r}",
                    field,
                )
        elif key in INT_KEYS:
            _, low, high = INT_KEYS[key]
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise HongzhongError(
                    "E_RULES",
                    f"家规「{name}」应是 {low} 到 {high} 的整数，收到「{Echo(value)}」",
                    f"the house rule '{name_en}' must be a whole number from {low} to {high}, "
                    f"got {Echo(value)!r}",
                    field,
                )
        elif key in CHOICES:
            if not isinstance(value, str) or value not in CHOICES[key]:
                raise HongzhongError(
                    "E_RULES",
                    f"家规「{name}」只能选：{_choices(key, '、', 'zh-hans')}；收到「{Echo(value)}」",
                    f"the house rule '{name_en}' must be one of: "
                    f"{_choices(key, '; ', 'en')}; got {Echo(value)!r}",
                    field,
                )
        elif not isinstance(value, bool):
            raise HongzhongError(
                "E_RULES",
                f"家规「{name}」只能是选或不选，收到「{Echo(value)}」",
                f"the house rule '{name_en}' is either on or off, got {Echo(value)!r}",
                field,
            )
        values[key] = value
    return MappingProxyType(values)
