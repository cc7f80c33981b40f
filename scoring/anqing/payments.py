"""Money (R8-R10): every loser's payment to the self-drawn winner, with 順包 and 反包."""

from __future__ import annotations

from decimal import Decimal
from functools import lru_cache

from scoring.amounts import amount_of, grouped
from scoring.anqing.hand import MELD_NAMES, Hand, Meld
from scoring.anqing.rules import DEFAULTS, Rules
from scoring.anqing.table import SEATS, dealer_base, lianzhuang_bonus
from scoring.tiles import code, format_tiles, tile_name


def bao_key(fed: list[Meld]) -> str | None:
    """R10.1: the house-rule key of the multiplier for these fed melds; None under 3 mouths.

    Three or four mouths, mixed (any chow among them) or all pungs/kongs: ``bao_mixed_3``,
    ``bao_pung_3``, ``bao_mixed_4``, ``bao_pung_4``.
    """
    n = len(fed)
    if n < 3:
        return None
    all_pungs = all(m.kind != "chi" for m in fed)
    return f"bao_{'pung' if all_pungs else 'mixed'}_{min(n, 4)}"


def bao_multiplier(hand: Hand, fed: list[Meld]) -> int:
    """R10.1: 3+ melds fed by one player to another; ×2 again when they are all pungs/kongs."""
    key = bao_key(fed)
    return int(hand.rules[key]) if key else 0


def payments(
    hand: Hand, fan: int, d_base: int | None = None, d_bonus: int | None = None
) -> list[dict]:
    """R9, R10: one payment per loser, in seat order. ``d_base`` and ``d_bonus`` are the
    dealer's base and 連莊 bonus (R8) when the caller has them already."""
    rules = hand.rules
    winner, dealer, silver = hand.winner, hand.dealer, hand.silver
    if d_base is None or d_bonus is None:
        d_base = dealer_base(rules, hand.streak)
        d_bonus = lianzhuang_bonus(rules, hand.streak)
    nondealer_base = int(rules["nondealer_base"])
    fed_winner: dict[str, list[Meld]] = {}
    for m in hand.melds:
        if m.fed:
            fed_winner.setdefault(m.feeder, []).append(m)
    others = hand.others_melds
    if not others and all(len(fed) < 3 for fed in fed_winner.values()):
        # No 包 either way (R10.1 needs three mouths): the rows follow from the seats and the
        # numbers alone, and the same few come back hand after hand.
        rows = _plain_rows(winner, dealer, fan, d_base, d_bonus, nondealer_base, silver)[0]
        return [dict(row) for row in rows]
    out = []
    for loser in SEATS:
        if loser == winner:
            continue
        dealer_pair = dealer in (winner, loser)
        pair_base = d_base if dealer_pair else nondealer_base
        pair_bonus = d_bonus if dealer_pair else 0
        # R10.2 順包: the loser fed the winner; R10.3 反包: the winner fed the loser.
        fed_by_loser = fed_winner.get(loser, [])
        shun = bao_multiplier(hand, fed_by_loser) if fed_by_loser else 0
        fan_bao = 0
        fed_loser: list[Meld] = []
        if loser in others:
            fed_loser = [m for m in others[loser] if m.fed and m.feeder == winner]
            fan_bao = bao_multiplier(hand, fed_loser) * int(rules["fan_bao_factor"])
        if shun or fan_bao:
            basis = rules["liability_basis"]  # R10.5
            if basis == "as_dealer":
                base, bonus = d_base, d_bonus
            elif basis == "pair":
                base, bonus = pair_base, pair_bonus
            else:
                base, bonus = 0, 0
            multiplier = shun + fan_bao  # R10.4: both at once are added
            liability = "both" if shun and fan_bao else "shun" if shun else "fan"
        else:
            base, bonus, multiplier, liability = pair_base, pair_bonus, 1, None
        row = {
            "from": loser,
            "to": winner,
            "amount": amount_of((base + fan + bonus) * multiplier, silver),
            "base": base,
            "fan": fan,
            "bonus": bonus,
            "multiplier": multiplier,
            "liability": liability,
        }
        if liability:  # the words only for a liable row: the others stay as they were
            row.update(
                liability_words(
                    hand,
                    row,
                    fed_by_loser if shun else [],
                    shun,
                    fed_loser if fan_bao else [],
                    fan_bao,
                )
            )
        out.append(row)
    return out


def payments_and_total(hand: Hand, fan: int, d_base: int, d_bonus: int) -> tuple[list[dict], str]:
    """``payments`` and ``total_of`` them at once."""
    melds = hand.melds
    if not hand.others_melds and not (melds and any(m.fed for m in melds)):
        rows, total = _plain_rows(
            hand.winner,
            hand.dealer,
            fan,
            d_base,
            d_bonus,
            int(hand.rules.values["nondealer_base"]),
            hand.silver,
        )
        return [dict(row) for row in rows], total
    pays = payments(hand, fan, d_base, d_bonus)
    return pays, total_of(pays, hand.silver)


@lru_cache(maxsize=1024)
def _plain_rows(
    winner: str,
    dealer: str,
    fan: int,
    d_base: int,
    d_bonus: int,
    nondealer_base: int,
    silver: Decimal,
) -> tuple[tuple[dict, ...], str]:
    """R9 without 包: each loser's row (base, fan and bonus of the pair, ×1) and the total. The
    rows are copied before they leave (a caller may change its own)."""
    rows = []
    for loser in SEATS:
        if loser == winner:
            continue
        dealer_pair = dealer in (winner, loser)
        base = d_base if dealer_pair else nondealer_base
        bonus = d_bonus if dealer_pair else 0
        rows.append(
            {
                "from": loser,
                "to": winner,
                "amount": amount_of(base + fan + bonus, silver),
                "base": base,
                "fan": fan,
                "bonus": bonus,
                "multiplier": 1,
                "liability": None,
            }
        )
    return tuple(rows), total_of(rows, silver)


def total_of(pays: list[dict], silver: Decimal) -> str:
    """What the winner receives: the payments' sum (each is units × silver, so the sum is too)."""
    units = sum((p["base"] + p["fan"] + p["bonus"]) * p["multiplier"] for p in pays)
    return amount_of(units, silver)


# --- 包 in words (R10): who fed whom which melds, and how the multiplier follows -----------

SEAT_NAMES = {"E": "東家", "S": "南家", "W": "西家", "N": "北家"}
SEAT_NAMES_EN = {"E": "East", "S": "South", "W": "West", "N": "North"}
_COUNT_ZH = {3: "三", 4: "四"}
_COUNT_EN = {3: "three", 4: "four"}
_MELD_NAMES_EN = {"chi": "chow", "pung": "pung", "kong": "kong", "added_kong": "added kong"}
_A_MELD_EN = {"chi": "a chow", "pung": "a pung", "kong": "a kong", "added_kong": "an added kong"}
# R10.5: what the liable player's payment is counted on, before the 包 multiplier.
_BASIS_WORDS = {
    "as_dealer": ("{payer}按莊家那一份付", "{payer} pays on the dealer's basis"),
    "pair": ("{payer}按平常自己那一份付", "{payer} pays on their own normal basis"),
    "pattern": ("{payer}只按牌型番付", "{payer} pays on the hand's fan alone"),
}


def liability_words(
    hand: Hand,
    row: dict,
    shun_melds: list[Meld],
    shun: int,
    fan_melds: list[Meld],
    fan_bao: int,
) -> dict:
    """R10: the fields a liable payment row gains: ``fed``, ``rule``, ``why`` / ``why_en`` (one
    sentence each) and ``why_short`` / ``why_short_en`` (a few words for a list of rounds).

    ``shun_melds`` are the winner's melds fed by the payer (順包, multiplier ``shun``),
    ``fan_melds`` the payer's melds fed by the winner (反包, multiplier ``fan_bao``, the factor
    included); an empty list when that side does not apply. Every number comes from the rules.
    """
    rules = hand.rules
    payer, winner = row["from"], row["to"]
    fed: list[dict] = []
    parts: list[tuple[str, str]] = []
    short: list[tuple[str, str]] = []
    rule = ["R10.1"]
    if shun:
        fed += [_fed_dict(m, payer, winner) for m in shun_melds]
        zh, en = _mouths_words(rules, payer, winner, shun_melds)
        parts.append(
            (f"{zh}，順包（R10.2）", f"{en}, so liability for feeding (shun bao) applies (R10.2)")
        )
        short.append(_mouths_short(payer, winner, shun_melds))
        rule.append("R10.2")
    if fan_bao:
        fed += [_fed_dict(m, winner, payer) for m in fan_melds]
        zh, en = _mouths_words(rules, winner, payer, fan_melds)
        factor = int(rules["fan_bao_factor"])
        fan_m = fan_bao // factor
        note_zh, note_en = _house_note(rules, "fan_bao_factor")
        note_zh = f"（{note_zh}）" if note_zh else ""
        note_en = f" ({note_en})" if note_en else ""
        parts.append(
            (
                f"{zh}，{SEAT_NAMES[winner]}餵了還自摸，反包再 ×{factor}{note_zh}："
                f"×{fan_m} × {factor} = ×{fan_bao}（R10.3）",
                f"{en}; {SEAT_NAMES_EN[winner]} fed them and still won, so reverse liability "
                f"(fan bao) multiplies it by {factor}{note_en}: "
                f"×{fan_m} × {factor} = ×{fan_bao} (R10.3)",
            )
        )
        short.append(_mouths_short(winner, payer, fan_melds))
        rule.append("R10.3")
    multiplier = row["multiplier"]
    if shun and fan_bao:
        parts.append(
            (
                f"互為包，兩者相加：×{shun} + ×{fan_bao} = ×{multiplier}（R10.4）",
                f"mutual liability adds the two: ×{shun} + ×{fan_bao} = ×{multiplier} (R10.4)",
            )
        )
        rule.append("R10.4")
    rule.append("R10.5")
    basis_zh, basis_en = _basis_words(hand, row)
    return {
        "fed": fed,
        "rule": " ".join(rule),
        "why": "；".join([*(zh for zh, _ in parts), basis_zh]) + "。",
        "why_en": "; ".join([*(en for _, en in parts), basis_en]) + ".",
        "why_short": "；".join(zh for zh, _ in short),
        "why_short_en": "; ".join(en for _, en in short),
    }


def _fed_dict(meld: Meld, feeder: str, receiver: str) -> dict:
    """One fed meld as the payment row lists it; ``tiles`` only when the request gave them."""
    entry = {"kind": meld.kind}
    if meld.faces:
        entry["tiles"] = format_tiles(meld.faces)
    entry["from"] = feeder
    entry["to"] = receiver
    return entry


def _meld_words(meld: Meld) -> tuple[str, str]:
    """``碰二萬`` / ``pung of 2 Characters``; a meld given without tiles is named by its kind."""
    return _meld_words_of(meld.kind, meld.faces)


@lru_cache(maxsize=1024)
def _meld_words_of(kind: str, faces: tuple[int, ...]) -> tuple[str, str]:
    if not faces:
        return MELD_NAMES[kind], _A_MELD_EN[kind]
    if kind == "chi":  # 吃一二三萬 / chow of 1-2-3 Characters
        names = [tile_name(code(f)) for f in faces]
        names_en = [tile_name(code(f), "en") for f in faces]
        zh = "".join(name[:-1] for name in names[:-1]) + names[-1]
        en = "-".join(name.split()[0] for name in names_en[:-1]) + "-" + names_en[-1]
        return f"吃{zh}", f"chow of {en}"
    face = code(faces[0])
    return (
        f"{MELD_NAMES[kind]}{tile_name(face)}",
        f"{_MELD_NAMES_EN[kind]} of {tile_name(face, 'en')}",
    )


def _mouths_words(rules: Rules, feeder: str, receiver: str, melds: list[Meld]) -> tuple[str, str]:
    """R10.1: who fed whom how many mouths, which ones, and the multiplier they make."""
    n = min(len(melds), 4)
    key = bao_key(melds)
    all_pungs = key is not None and key.startswith("bao_pung")
    m = int(rules[key])
    note_zh, note_en = _house_note(rules, key)
    note_zh = f"{note_zh}；" if note_zh else ""
    note_en = f"{note_en}; " if note_en else ""
    names = [_meld_words(meld) for meld in melds]
    kinds_zh = "全是碰槓" if all_pungs else "其中有吃"
    kinds_en = "all pungs or kongs" if all_pungs else "a chow among them"
    mouths_zh = f"{_COUNT_ZH[n]}口{'全碰槓' if all_pungs else '混合'}"
    mouths_en = f"{_COUNT_EN[n]} {'pung/kong' if all_pungs else 'mixed'} mouths"
    return (
        f"{SEAT_NAMES[feeder]}餵了{SEAT_NAMES[receiver]}{_COUNT_ZH[n]}口，{kinds_zh}："
        f"{'、'.join(zh for zh, _ in names)} → {mouths_zh} ×{m}（{note_zh}R10.1）",
        f"{SEAT_NAMES_EN[feeder]} fed {SEAT_NAMES_EN[receiver]} {_COUNT_EN[n]} melds, {kinds_en} "
        f"({', '.join(en for _, en in names)}): {mouths_en} ×{m} ({note_en}R10.1)",
    )


def _mouths_short(feeder: str, receiver: str, melds: list[Meld]) -> tuple[str, str]:
    """``西家餵了南家3口碰槓`` / ``West fed South 3 pungs/kongs``."""
    n = len(melds)
    if all(m.kind != "chi" for m in melds):
        zh, en = f"{n}口碰槓", f"{n} pungs/kongs"
    else:
        zh, en = f"{n}口（有吃）", f"{n} melds with a chow"
    return (
        f"{SEAT_NAMES[feeder]}餵了{SEAT_NAMES[receiver]}{zh}",
        f"{SEAT_NAMES_EN[feeder]} fed {SEAT_NAMES_EN[receiver]} {en}",
    )


def _house_note(rules: Rules, key: str) -> tuple[str, str]:
    """R12: say so when the table changed a 包 value from the rule book's."""
    value, default = rules[key], DEFAULTS[key]
    if value == default:
        return "", ""
    return f"本桌規則，原本 ×{default}", f"this table's house rule, the rule book has ×{default}"


def _basis_words(hand: Hand, row: dict) -> tuple[str, str]:
    """R10.5: what the liable payment is counted on, and the sum that gives its amount."""
    basis = hand.rules["liability_basis"]
    payer = row["from"]
    base, fan, bonus, multiplier = row["base"], row["fan"], row["bonus"], row["multiplier"]
    silver = "" if hand.silver == 1 else f" × {grouped(hand.silver)}"
    silver_en = "" if hand.silver == 1 else f" × base silver {grouped(hand.silver)}"
    zh, en = _BASIS_WORDS[basis]
    zh, en = zh.format(payer=SEAT_NAMES[payer]), en.format(payer=SEAT_NAMES_EN[payer])
    amount = grouped(row["amount"])  # as the page writes it (80,000,000)
    if basis == "pattern":
        return (
            f"{zh}（R10.5）：{fan} 番 × {multiplier}{silver} = {amount}",
            f"{en} (R10.5): {fan} fan × {multiplier}{silver_en} = {amount}",
        )
    base_zh, base_en = ("莊底", "dealer base") if basis == "as_dealer" else ("底", "base")
    return (
        f"{zh}（R10.5）：({base_zh} {base} + {fan} 番 + 連莊 {bonus}) × {multiplier}{silver} = {amount}",
        f"{en} (R10.5): ({base_en} {base} + {fan} fan + streak bonus {bonus}) × {multiplier}"
        f"{silver_en} = {amount}",
    )
