"""R10 包: 順包 (the loser fed the winner 3+ melds), 反包 (the winner fed the loser 3+ melds),
both at once, several liable players, and the three liability bases (R10.5).

S wins, E deals at streak 0 unless a row says otherwise. m = 3 (mixed x3), 6 (three pungs / four
mixed), 12 (four pungs); 反包 pays 2m. Bases: as_dealer = (dealer base + F + bonus) x s,
pair = normal(L), pattern = F x s.
"""

from __future__ import annotations

import re

import pytest

from tests.scoring.anqing.anqing_case import assert_scores, fed, hand, meld, scored

# W fed S three pungs; 456s + 99p held, 9p drawn: 獨吊 only, F = 6.
W_FED_THREE_PUNGS = [
    meld("pung", "111m", "W"),
    meld("pung", "222p", "W"),
    meld("pung", "333s", "W"),
]
# E (S's 上家) fed a chow and two pungs: mixed.
E_FED_THREE_MIXED = [meld("chi", "123m", "E"), meld("pung", "222p", "E"), meld("pung", "333s", "E")]
S_FED_THREE_PUNGS = [fed("pung", "S"), fed("pung", "S"), fed("pung", "S")]

SIX = {"PAO_FENG": 6}
NINE = {"PAO_FENG": 6, "MEN_QING": 3}
THIRTY_SIX = {"DA_DIAO_CHE": 30, "PAO_FENG": 6}


def basis(name: str) -> dict:
    return {"liability_basis": name}


BAO_ROWS = [
    # --- 順包, three pungs (x6) ---
    pytest.param(
        hand("456s99p", "9p", W_FED_THREE_PUNGS),
        SIX,
        {"E": 14, "W": 84, "N": 10},  # W (8+6+0) x 6 = 84; E 8+6; N 4+6
        {"W": ("shun", 6)},
        id="R10.2-shun-three-pungs-x6-as_dealer",
    ),
    pytest.param(
        hand("456s99p", "9p", W_FED_THREE_PUNGS, rules=basis("pair")),
        SIX,
        {"E": 14, "W": 60, "N": 10},  # W normal (4+6) x 6 = 60
        {"W": ("shun", 6)},
        id="R10.5-shun-three-pungs-x6-pair",
    ),
    pytest.param(
        hand("456s99p", "9p", W_FED_THREE_PUNGS, rules=basis("pattern")),
        SIX,
        {"E": 14, "W": 36, "N": 10},  # W F 6 x 6 = 36
        {"W": ("shun", 6)},
        id="R10.5-shun-three-pungs-x6-pattern",
    ),
    pytest.param(
        hand("456s99p", "9p", W_FED_THREE_PUNGS, dealer_streak=2),
        SIX,
        {"E": 28, "W": 168, "N": 10},  # as_dealer (16+6+6) x 6 = 168; E 16+6+6; N 4+6
        {"W": ("shun", 6)},
        id="R10.5-shun-as_dealer-uses-dealer-base-and-bonus",
    ),
    pytest.param(
        hand("456s99p", "9p", W_FED_THREE_PUNGS, dealer_streak=2, rules=basis("pair")),
        SIX,
        {"E": 28, "W": 60, "N": 10},  # pair: W's own pair (4+6) x 6
        {"W": ("shun", 6)},
        id="R10.5-shun-pair-ignores-dealer-base",
    ),
    pytest.param(
        hand("456s99p", "9p", W_FED_THREE_PUNGS, base_silver="0.5"),
        SIX,
        {"E": 7, "W": 42, "N": 5},  # (8+6) x 0.5 x 6 = 42; E 14 x 0.5; N 10 x 0.5
        {"W": ("shun", 6)},
        id="R10.5-shun-with-base-silver-0.5",
    ),
    # --- 順包, mixed (x3) ---
    pytest.param(
        hand("456s99p", "9p", E_FED_THREE_MIXED),
        SIX,
        {"E": 42, "W": 10, "N": 10},  # E (8+6) x 3
        {"E": ("shun", 3)},
        id="R10.1-shun-three-mixed-x3-as_dealer",
    ),
    pytest.param(
        hand("456s99p", "9p", E_FED_THREE_MIXED, rules=basis("pattern")),
        SIX,
        {"E": 18, "W": 10, "N": 10},  # 6 x 3
        {"E": ("shun", 3)},
        id="R10.1-shun-three-mixed-x3-pattern",
    ),
    # --- four mouths (大吊車, F = 36) ---
    pytest.param(
        hand("99p", "9p", [*E_FED_THREE_MIXED, meld("pung", "444s", "E")]),
        THIRTY_SIX,
        {"E": 264, "W": 40, "N": 40},  # E (8+36) x 6
        {"E": ("shun", 6)},
        id="R10.1-shun-four-mixed-x6",
    ),
    pytest.param(
        hand("99p", "9p", [*W_FED_THREE_PUNGS, meld("pung", "444s", "W")]),
        THIRTY_SIX,
        {"E": 44, "W": 528, "N": 40},  # W (8+36) x 12
        {"W": ("shun", 12)},
        id="R10.1-shun-four-pungs-x12-as_dealer",
    ),
    pytest.param(
        hand("99p", "9p", [*W_FED_THREE_PUNGS, meld("pung", "444s", "W")], rules=basis("pair")),
        THIRTY_SIX,
        {"E": 44, "W": 480, "N": 40},  # W (4+36) x 12
        {"W": ("shun", 12)},
        id="R10.1-shun-four-pungs-x12-pair",
    ),
    pytest.param(
        hand("99p", "9p", [*W_FED_THREE_PUNGS, meld("pung", "444s", "W")], rules=basis("pattern")),
        THIRTY_SIX,
        {"E": 44, "W": 432, "N": 40},  # 36 x 12
        {"W": ("shun", 12)},
        id="R10.1-shun-four-pungs-x12-pattern",
    ),
    # --- kinds of mouths ---
    pytest.param(
        hand(
            "456s99p",
            "9p",
            [
                meld("pung", "111m", "W"),
                meld("added_kong", "2222p", "W"),
                meld("kong", "3333s", "W"),
            ],
        ),
        {"PAO_FENG": 6, "GANG_MING": 2},  # F = 6 + 2 = 8
        {"E": 16, "W": 96, "N": 12},  # pungs and kongs: x6; (8+8) x 6
        {"W": ("shun", 6)},
        id="R10.1-shun-added-kong-fed-by-pung-feeder-x6",
    ),
    pytest.param(
        hand(
            "456s99p",
            "9p",
            [meld("pung", "111m", "W"), meld("pung", "222p", "W"), meld("concealed_kong", "3333s")],
        ),
        {"PAO_FENG": 6, "GANG_AN": 2},  # F = 6 + 2 = 8
        {"E": 16, "W": 12, "N": 12},  # a 暗槓 has no feeder: only 2 mouths, no 包
        {},
        id="R10.1-concealed-kong-is-no-mouth",
    ),
    pytest.param(
        hand(
            "456s99p",
            "9p",
            [meld("pung", "111m", "W"), meld("pung", "222p", "W"), meld("pung", "333s", "N")],
        ),
        SIX,
        {"E": 14, "W": 10, "N": 10},  # two mouths from W, one from N: no 包
        {},
        id="R10.1-two-mouths-no-liability",
    ),
    # --- 反包: S fed W three pungs and still won (x 2m) ---
    pytest.param(
        hand("123m456p789s345s99p", "9p", others_melds={"W": S_FED_THREE_PUNGS}),
        NINE,
        {"E": 17, "W": 204, "N": 13},  # W (8+9) x 12; E 8+9; N 4+9
        {"W": ("fan", 12)},
        id="R10.3-fan-three-pungs-x12-as_dealer",
    ),
    pytest.param(
        hand(
            "123m456p789s345s99p", "9p", others_melds={"W": S_FED_THREE_PUNGS}, rules=basis("pair")
        ),
        NINE,
        {"E": 17, "W": 156, "N": 13},  # (4+9) x 12
        {"W": ("fan", 12)},
        id="R10.3-fan-three-pungs-x12-pair",
    ),
    pytest.param(
        hand(
            "123m456p789s345s99p",
            "9p",
            others_melds={"W": S_FED_THREE_PUNGS},
            rules=basis("pattern"),
        ),
        NINE,
        {"E": 17, "W": 108, "N": 13},  # 9 x 12
        {"W": ("fan", 12)},
        id="R10.3-fan-three-pungs-x12-pattern",
    ),
    pytest.param(
        hand(
            "123m456p789s345s99p",
            "9p",
            others_melds={"W": [fed("chi", "S"), fed("pung", "S"), fed("pung", "S")]},
        ),
        NINE,
        {"E": 17, "W": 102, "N": 13},  # S is W's 上家, so a chow counts: mixed 3 x 2 = 6; 17 x 6
        {"W": ("fan", 6)},
        id="R10.3-fan-three-mixed-x6",
    ),
    # --- both at once between S and W (R10.4) ---
    pytest.param(
        hand("456s99p", "9p", W_FED_THREE_PUNGS, others_melds={"W": S_FED_THREE_PUNGS}),
        SIX,
        {"E": 14, "W": 252, "N": 10},  # 14 x 6 + 14 x 12 = 14 x 18
        {"W": ("both", 18)},
        id="R10.4-both-x6+x12-as_dealer",
    ),
    pytest.param(
        hand(
            "456s99p",
            "9p",
            W_FED_THREE_PUNGS,
            others_melds={"W": S_FED_THREE_PUNGS},
            rules=basis("pair"),
        ),
        SIX,
        {"E": 14, "W": 180, "N": 10},  # (4+6) x 18
        {"W": ("both", 18)},
        id="R10.4-both-pair",
    ),
    pytest.param(
        hand(
            "456s99p",
            "9p",
            W_FED_THREE_PUNGS,
            others_melds={"W": S_FED_THREE_PUNGS},
            rules=basis("pattern"),
        ),
        SIX,
        {"E": 14, "W": 108, "N": 10},  # 6 x 18
        {"W": ("both", 18)},
        id="R10.4-both-pattern",
    ),
    # --- several liable players (R10.4) ---
    pytest.param(
        hand("456s99p", "9p", E_FED_THREE_MIXED, others_melds={"N": S_FED_THREE_PUNGS}),
        SIX,
        {"E": 42, "W": 10, "N": 168},  # E 順 14 x 3; N 反 14 x 12; W normal 4+6
        {"E": ("shun", 3), "N": ("fan", 12)},
        id="R10.4-two-liable-as_dealer",
    ),
    pytest.param(
        hand(
            "456s99p",
            "9p",
            E_FED_THREE_MIXED,
            others_melds={"N": S_FED_THREE_PUNGS},
            rules=basis("pair"),
        ),
        SIX,
        {"E": 42, "W": 10, "N": 120},  # E (8+6) x 3; N (4+6) x 12
        {"E": ("shun", 3), "N": ("fan", 12)},
        id="R10.4-two-liable-pair",
    ),
    pytest.param(
        hand(
            "456s99p",
            "9p",
            E_FED_THREE_MIXED,
            others_melds={"N": S_FED_THREE_PUNGS},
            rules=basis("pattern"),
        ),
        SIX,
        {"E": 18, "W": 10, "N": 72},  # E 6 x 3; N 6 x 12
        {"E": ("shun", 3), "N": ("fan", 12)},
        id="R10.4-two-liable-pattern",
    ),
    # --- the dealer wins with a liable player ---
    pytest.param(
        hand(
            "456s99p",
            "9p",
            [meld("pung", "111m", "S"), meld("pung", "222p", "S"), meld("pung", "333s", "S")],
            winner="E",
            dealer_streak=1,
        ),
        SIX,
        {"S": 126, "W": 21, "N": 21},  # normal (12+6+3) = 21 for all; S 21 x 6
        {"S": ("shun", 6)},
        id="R10.2-dealer-wins-shun-x6",
    ),
    pytest.param(
        hand(
            "456s99p",
            "9p",
            [meld("pung", "111m", "S"), meld("pung", "222p", "S"), meld("pung", "333s", "S")],
            winner="E",
            dealer_streak=1,
            rules=basis("pattern"),
        ),
        SIX,
        {"S": 36, "W": 21, "N": 21},  # S 6 x 6
        {"S": ("shun", 6)},
        id="R10.5-dealer-wins-shun-pattern",
    ),
]


@pytest.mark.parametrize(("request_", "items", "payments", "liable"), BAO_ROWS)
def test_bao(request_: dict, items: dict, payments: dict, liable: dict) -> None:
    fan = sum(v if isinstance(v, int) else v[0] for v in items.values())
    result = assert_scores(request_, items, fan, payments)
    for payment in result["payments"]:
        kind, multiplier = liable.get(payment["from"], (None, 1))
        assert (payment["liability"], payment["multiplier"]) == (kind, multiplier), payment


def test_feeding_the_loser_twice_is_no_fan_bao() -> None:
    """R10.1: two mouths are not enough for 反包 either."""
    result = scored(hand("123m456p789s345s99p", "9p", others_melds={"W": S_FED_THREE_PUNGS[:2]}))
    assert all(p["liability"] is None for p in result["payments"])


# --- 包 in words: every liable row names who fed whom which melds, the rule ids, and how the
# multiplier follows (R10.1-R10.5); rows without 包 keep the contract's fields only. ---

CJK = re.compile(r"[\u2e80-\u9fff\u3000-\u303f\uf900-\ufaff\uff00-\uffef]")
TILE_CODE = re.compile(r"[1-9][mpsz]")
SEATS_ZH = {"E": "東家", "S": "南家", "W": "西家", "N": "北家"}
SEATS_EN = {"E": "East", "S": "South", "W": "West", "N": "North"}
PLAIN_ROW_KEYS = {"from", "to", "amount", "base", "fan", "bonus", "multiplier", "liability"}


def fed_row(kind: str, feeder: str, receiver: str, tiles: str | None = None) -> dict:
    """A ``fed`` entry as the engine lists it; ``tiles`` only when the request gave them."""
    row: dict = {"kind": kind}
    if tiles is not None:
        row["tiles"] = tiles
    row.update({"from": feeder, "to": receiver})
    return row


W_FED_S = [fed_row("pung", "W", "S", t) for t in ("111m", "222p", "333s")]
E_FED_S_MIXED = [
    fed_row("chi", "E", "S", "123m"),
    fed_row("pung", "E", "S", "222p"),
    fed_row("pung", "E", "S", "333s"),
]
S_FED_W = [fed_row("pung", "S", "W")] * 3

WORDS_ROWS = [
    pytest.param(
        hand("456s99p", "9p", E_FED_THREE_MIXED),
        "E",
        E_FED_S_MIXED,
        "R10.1 R10.2 R10.5",
        3,
        ("東家餵了南家三口", "吃一二三萬、碰二筒、碰三條", "三口混合 ×3（R10.1）", "順包"),
        ("East fed South three melds", "chow of 1-2-3 Characters", "three mixed mouths ×3"),
        id="R10.1-R10.2-shun-three-mixed-x3",
    ),
    pytest.param(
        hand("456s99p", "9p", W_FED_THREE_PUNGS),
        "W",
        W_FED_S,
        "R10.1 R10.2 R10.5",
        6,
        ("西家餵了南家三口", "碰一萬、碰二筒、碰三條", "三口全碰槓 ×6（R10.1）", "順包"),
        ("West fed South three melds", "pung of 1 Characters", "three pung/kong mouths ×6"),
        id="R10.1-R10.2-shun-three-pungs-x6",
    ),
    pytest.param(
        hand("99p", "9p", [*E_FED_THREE_MIXED, meld("pung", "444s", "E")]),
        "E",
        [*E_FED_S_MIXED, fed_row("pung", "E", "S", "444s")],
        "R10.1 R10.2 R10.5",
        6,
        ("東家餵了南家四口", "碰四條", "四口混合 ×6（R10.1）"),
        ("East fed South four melds", "pung of 4 Bamboo", "four mixed mouths ×6"),
        id="R10.1-shun-four-mixed-x6",
    ),
    pytest.param(
        hand("99p", "9p", [*W_FED_THREE_PUNGS, meld("kong", "4444s", "W")]),
        "W",
        [*W_FED_S, fed_row("kong", "W", "S", "4444s")],
        "R10.1 R10.2 R10.5",
        12,
        ("西家餵了南家四口", "明槓四條", "四口全碰槓 ×12（R10.1）"),
        ("West fed South four melds", "kong of 4 Bamboo", "four pung/kong mouths ×12"),
        id="R10.1-shun-four-pungs-and-kongs-x12",
    ),
    pytest.param(
        hand("123m456p789s345s99p", "9p", others_melds={"W": S_FED_THREE_PUNGS}),
        "W",
        S_FED_W,
        "R10.1 R10.3 R10.5",
        12,
        ("南家餵了西家三口", "三口全碰槓 ×6", "反包再 ×2", "×6 × 2 = ×12（R10.3）"),
        ("South fed West three melds", "reverse liability (fan bao)", "×6 × 2 = ×12 (R10.3)"),
        id="R10.3-fan-x2-on-top",
    ),
    pytest.param(
        hand(
            "123m456p789s345s99p",
            "9p",
            others_melds={
                "W": [
                    meld("pung", "111z", "S"),
                    meld("pung", "444z", "S"),
                    meld("pung", "888m", "S"),
                ]
            },
        ),
        "W",
        [fed_row("pung", "S", "W", t) for t in ("111z", "444z", "888m")],
        "R10.1 R10.3 R10.5",
        12,
        ("碰東風、碰北風、碰八萬", "×6 × 2 = ×12"),
        ("pung of East Wind, pung of North Wind, pung of 8 Characters", "×6 × 2 = ×12"),
        id="R10.3-fan-others-melds-with-tiles",
    ),
    pytest.param(
        hand("456s99p", "9p", W_FED_THREE_PUNGS, others_melds={"W": S_FED_THREE_PUNGS}),
        "W",
        [*W_FED_S, *S_FED_W],
        "R10.1 R10.2 R10.3 R10.4 R10.5",
        18,
        ("西家餵了南家三口", "南家餵了西家三口", "互為包", "×6 + ×12 = ×18（R10.4）"),
        ("liability for feeding (shun bao)", "mutual liability", "×6 + ×12 = ×18 (R10.4)"),
        id="R10.4-both-x6+x12",
    ),
    pytest.param(
        hand("456s99p", "9p", W_FED_THREE_PUNGS, rules={"bao_pung_3": 8}),
        "W",
        W_FED_S,
        "R10.1 R10.2 R10.5",
        8,
        ("三口全碰槓 ×8（本桌規則，原本 ×6；R10.1）",),
        ("three pung/kong mouths ×8", "house rule", "the rule book has ×6"),
        id="R12-house-rule-bao_pung_3-x8",
    ),
    pytest.param(
        hand(
            "123m456p789s345s99p",
            "9p",
            others_melds={"W": S_FED_THREE_PUNGS},
            rules={"fan_bao_factor": 3},
        ),
        "W",
        S_FED_W,
        "R10.1 R10.3 R10.5",
        18,
        ("反包再 ×3（本桌規則，原本 ×2）", "×6 × 3 = ×18"),
        ("multiplies it by 3 (this table's house rule, the rule book has ×2)", "×6 × 3 = ×18"),
        id="R12-house-rule-fan_bao_factor-x3",
    ),
    pytest.param(
        hand("456s99p", "9p", W_FED_THREE_PUNGS, rules=basis("pair")),
        "W",
        W_FED_S,
        "R10.1 R10.2 R10.5",
        6,
        ("按平常自己那一份付（R10.5）：(底 4 + 6 番 + 連莊 0) × 6 = 60",),
        ("own normal basis (R10.5): (base 4 + 6 fan + streak bonus 0) × 6 = 60",),
        id="R10.5-basis-pair-in-words",
    ),
    pytest.param(
        hand("456s99p", "9p", W_FED_THREE_PUNGS, rules=basis("pattern"), base_silver="0.5"),
        "W",
        W_FED_S,
        "R10.1 R10.2 R10.5",
        6,
        ("只按牌型番付（R10.5）：6 番 × 6 × 0.5 = 18",),
        ("fan alone (R10.5): 6 fan × 6 × base silver 0.5 = 18",),
        id="R10.5-basis-pattern-with-silver-in-words",
    ),
    pytest.param(
        hand("456s99p", "9p", W_FED_THREE_PUNGS, dealer_streak=2),
        "W",
        W_FED_S,
        "R10.1 R10.2 R10.5",
        6,
        ("按莊家那一份付（R10.5）：(莊底 16 + 6 番 + 連莊 6) × 6 = 168",),
        ("dealer's basis (R10.5): (dealer base 16 + 6 fan + streak bonus 6) × 6 = 168",),
        id="R10.5-basis-as_dealer-in-words",
    ),
]


@pytest.mark.parametrize(
    ("request_", "payer", "fed_melds", "rule", "multiplier", "words", "words_en"), WORDS_ROWS
)
def test_bao_in_words(
    request_: dict,
    payer: str,
    fed_melds: list[dict],
    rule: str,
    multiplier: int,
    words: tuple[str, ...],
    words_en: tuple[str, ...],
) -> None:
    result = scored(request_)
    row = next(p for p in result["payments"] if p["from"] == payer)
    assert row["multiplier"] == multiplier
    assert row["fed"] == fed_melds
    assert row["rule"] == rule
    why, why_en = row["why"], row["why_en"]
    for word in words:
        assert word in why, why
    for word in words_en:
        assert word in why_en, why_en
    # the multiplier the row applies is named, and the sentence ends on the amount it comes to
    assert f"×{multiplier}" in why and f"×{multiplier}" in why_en
    assert why.endswith(f"= {row['amount']}。") and why_en.endswith(f"= {row['amount']}.")
    assert SEATS_ZH[payer] in why and SEATS_EN[payer] in why_en
    assert not CJK.search(why_en), why_en
    assert not TILE_CODE.search(why_en), why_en
    feeder = fed_melds[0]["from"]
    assert row["why_short"].startswith(f"{SEATS_ZH[feeder]}餵了")
    assert row["why_short_en"].startswith(f"{SEATS_EN[feeder]} fed")
    assert not CJK.search(row["why_short_en"]) and not TILE_CODE.search(row["why_short_en"])
    for payment in result["payments"]:
        if payment["liability"] is None:
            assert set(payment) == PLAIN_ROW_KEYS, payment  # no new keys without 包


def test_rows_without_bao_keep_the_contract_fields_only() -> None:
    """A hand with no 包 answers with exactly the contract's payment fields."""
    result = scored(hand("123m456p789s345s99p", "9p", others_melds={"W": S_FED_THREE_PUNGS[:2]}))
    assert all(set(p) == PLAIN_ROW_KEYS for p in result["payments"])
