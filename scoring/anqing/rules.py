"""House rules (R12): one frozen rules object from defaults plus a table's overrides."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType

from scoring.anqing.errors import AnqingError
from scoring.base import label_name, read_labels
from scoring.echo import Echo

RULESETS = ("anqing", "anqing-daque")  # R3
LIABILITY_BASES = ("as_dealer", "pair", "pattern")  # R10.5

# Every value of sections 7-10, keyed by the item code in lower case, plus the switches of R12.
DEFAULTS: Mapping[str, object] = MappingProxyType(
    {
        "pao_feng": 6,
        "peng_peng_hu": 3,
        "men_qing": 3,
        "qi_dui": 30,
        "qi_dui_wild": 3,
        "si_zuan": 30,
        "shuang_tian_hu": 60,
        "da_diao_che": 30,
        "da_diao_che_wild": 3,
        "shi_san_lan": 20,
        "qi_xing": 30,
        "yi_long": 10,
        "feng_ke": 1,
        "gang_ming": 1,
        "gang_an": 2,
        "gang_feng": 1,
        "bar_tile": 1,
        "mo_pai_tian_hu": 30,
        "di_hu": 30,
        "qing_yi_se": 10,
        "cou_yi_se": 5,
        "zi_yi_se": 20,
        "qidui_allow_four": True,
        "wild_draw_requires_pao_feng": True,
        "liability_basis": "as_dealer",
        "lianzhuang_bonus": (3, 6, 12, 15),
        "gang_kai_ladder": (4, 7, 10, 13),
        "gang_kai_minus_per_kong": 1,
        "nondealer_base": 4,
        "dealer_base": 8,
        "dealer_base_step": 4,
        "bao_mixed_3": 3,
        "bao_pung_3": 6,
        "bao_mixed_4": 6,
        "bao_pung_4": 12,
        "fan_bao_factor": 2,
    }
)


# R12: the largest value each number of the house rules may take, in the rule book's spirit: a
# fan value, a base or a bonus is a handful of 番 (the book's largest is 60), a 包 multiplier or
# factor a small number (12 and 2); a thousand leaves any table room and keeps every amount
# storable. A list's numbers each have the key's bound.
MAX_RULE_VALUE = 1000
MAXIMA: Mapping[str, int] = MappingProxyType(
    {
        key: MAX_RULE_VALUE
        for key, default in DEFAULTS.items()
        if isinstance(default, tuple)
        or (isinstance(default, int) and not isinstance(default, bool))
    }
)
# How many steps a ladder may list. 槓開 counts the kongs before the win: at most four kong melds
# and eight bar tiles (R11), so twelve; a 連莊 ladder's last step holds for any longer streak
# (R8.2), so twelve steps are plenty there too.
MAX_STEPS: Mapping[str, int] = MappingProxyType(
    {key: 12 for key, default in DEFAULTS.items() if isinstance(default, tuple)}
)


@dataclass(frozen=True)
class Rules:
    """The rules a hand is scored with; read a value with ``rules["pao_feng"]``.

    >>> rules = make_rules("anqing", {"pao_feng": 8})
    >>> rules["pao_feng"], rules["peng_peng_hu"], rules.daque
    (8, 3, False)
    """

    ruleset: str
    overrides: Mapping[str, object] = field(default_factory=dict)
    values: Mapping[str, object] = field(default_factory=dict)

    daque: bool = field(init=False, repr=False)  # R3: the 打缺 ruleset

    def __post_init__(self) -> None:
        object.__setattr__(self, "daque", self.ruleset == "anqing-daque")

    def __getitem__(self, key: str) -> object:
        return self.values[key]

    def as_dict(self) -> dict:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in self.values.items()}


# Each key's name for people (house_rules.json): the texts name a house rule by it, never by key.
_LABELS, _CHOICE_LABELS = read_labels(__package__)



def rule_name(key: str, language: str = "zh-hant") -> str:
    """A house rule's name, without the rule id its form label adds.

    >>> rule_name("liability_basis"), rule_name("liability_basis", "en")
    ('包牌的基數', 'Liability basis')
    """
    return label_name(_LABELS, key, language)


def house_rule_defaults(ruleset: str = "anqing") -> dict:
    """Every R12 key with its default, for forms and documentation."""
    return make_rules(ruleset).as_dict()


def make_rules(ruleset: str = "anqing", overrides: Mapping[str, object] | None = None) -> Rules:
    """Defaults plus overrides; an unknown ruleset or key, a value of the wrong kind or above its
    bound (``MAXIMA``, ``MAX_STEPS``) is E_RULES."""
    if ruleset not in RULESETS:
        raise AnqingError(
            "E_RULES",
            f"未知的規則「{ruleset}」；可選不打缺（anqing）或打缺（anqing-daque）",
            f"unknown rule set '{ruleset}'; use anqing (no daque) or anqing-daque (daque)",
            "ruleset",
        )
    if not overrides:
        return _defaults(ruleset)
    if not isinstance(overrides, Mapping):
        raise AnqingError(
            "E_RULES",
            "家規應是一張表（每條家規一個值）",
            "the house rules must be an object of house-rule keys",
            "rules",
        )
    values = dict(DEFAULTS)
    clean: dict[str, object] = {}
    for key, value in overrides.items():
        if key not in DEFAULTS:
            raise AnqingError(
                "E_RULES", f"沒有這條家規：「{key}」", f"unknown house-rule key '{key}'", f"rules.{key}"
            )
        clean[key] = _checked(key, value, DEFAULTS[key])
    values.update(clean)
    return Rules(ruleset, MappingProxyType(clean), MappingProxyType(values))


@lru_cache(maxsize=4)
def _defaults(ruleset: str) -> Rules:
    return Rules(ruleset, MappingProxyType({}), DEFAULTS)


def _checked(key: str, value: object, default: object) -> object:
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
        raise _kind_error(key, "選或不選", "on or off")
    if isinstance(default, int):
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return _bounded(key, value)
        raise _kind_error(key, "不小於 0 的整數", "a whole number of at least 0")
    if isinstance(default, tuple):
        if (
            isinstance(value, list | tuple)
            and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
            and (value or key == "lianzhuang_bonus")
        ):
            steps = MAX_STEPS[key]
            if len(value) > steps:
                raise AnqingError(
                    "E_RULES",
                    f"家規「{rule_name(key)}」最多 {steps} 項，收到 {len(value)} 項",
                    f"the house rule '{rule_name(key, 'en')}' has at most {steps} steps, "
                    f"got {len(value)}",
                    f"rules.{key}",
                )
            return tuple(_bounded(key, v) for v in value)
        raise _kind_error(
            key, "整數列表，例如 [4, 7, 10, 13]", "a list of whole numbers, e.g. [4, 7, 10, 13]"
        )
    if key == "liability_basis" and value in LIABILITY_BASES:
        return value
    choices = _CHOICE_LABELS["liability_basis"]
    raise _kind_error(
        key,
        "、".join(f"「{choices[c][1]}」" for c in LIABILITY_BASES) + "之一",
        "one of: " + ", ".join(f'"{choices[c][2]}"' for c in LIABILITY_BASES),
    )


def _bounded(key: str, value: int) -> int:
    """``value`` when it is within the key's bound (``MAXIMA``), else E_RULES naming both."""
    bound = MAXIMA[key]
    if value > bound:
        raise AnqingError(
            "E_RULES",
            f"家規「{rule_name(key)}」最大是 {bound}，收到 {Echo(value)}",
            f"the house rule '{rule_name(key, 'en')}' is at most {bound}, got {Echo(value)}",
            f"rules.{key}",
        )
    return value


def _kind_error(key: str, want: str, want_en: str) -> AnqingError:
    return AnqingError(
        "E_RULES",
        f"家規「{rule_name(key)}」應是{want}",
        f"the house rule '{rule_name(key, 'en')}' must be {want_en}",
        f"rules.{key}",
    )
