"""Money (R8-R10): every loser's payment to the self-drawn winner, with 順包 and 反包."""

from __future__ import annotations

from decimal import Decimal
from functools import lru_cache

from scoring.hand import Hand, Meld
from scoring.table import SEATS, dealer_base, lianzhuang_bonus


@lru_cache(maxsize=4096)
def money(amount: Decimal) -> str:
    """A decimal string without exponent or trailing zeros: ``Decimal("16.00")`` → ``"16"``."""
    if amount == 0:
        return "0"
    text = format(amount.normalize(), "f")
    return text


@lru_cache(maxsize=4096)
def amount_of(units: int, silver: Decimal) -> str:
    """``units`` × base silver as a money string (exact: ``Decimal`` throughout, R9)."""
    return money(Decimal(units) * silver)


def bao_multiplier(hand: Hand, fed: list[Meld]) -> int:
    """R10.1: 3+ melds fed by one player to another; ×2 again when they are all pungs/kongs."""
    n = len(fed)
    if n < 3:
        return 0
    all_pungs = all(m.kind != "chi" for m in fed)
    rules = hand.rules
    if n == 3:
        return int(rules["bao_pung_3"] if all_pungs else rules["bao_mixed_3"])
    return int(rules["bao_pung_4"] if all_pungs else rules["bao_mixed_4"])


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
    out = []
    for loser in SEATS:
        if loser == winner:
            continue
        dealer_pair = dealer in (winner, loser)
        pair_base = d_base if dealer_pair else nondealer_base
        pair_bonus = d_bonus if dealer_pair else 0
        # R10.2 順包: the loser fed the winner; R10.3 反包: the winner fed the loser.
        shun = bao_multiplier(hand, fed_winner[loser]) if loser in fed_winner else 0
        fan_bao = 0
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
        out.append(
            {
                "from": loser,
                "to": winner,
                "amount": amount_of((base + fan + bonus) * multiplier, silver),
                "base": base,
                "fan": fan,
                "bonus": bonus,
                "multiplier": multiplier,
                "liability": liability,
            }
        )
    return out


def total_of(pays: list[dict], silver: Decimal) -> str:
    """What the winner receives: the payments' sum (each is units × silver, so the sum is too)."""
    units = sum((p["base"] + p["fan"] + p["bonus"]) * p["multiplier"] for p in pays)
    return amount_of(units, silver)
