"""Scoring a 紅中 round: hand points per winner (HZ7), birds (HZ8), win payments (HZ9), kong
payments (HZ10), a draw (HZ11) and the result (HZ14), refusals in HZ15's order."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.amounts import amount_of
from scoring.errors import ScoringError
from scoring.hongzhong.errors import HongzhongError
from scoring.hongzhong.hand import Scored, best, reading_of
from scoring.hongzhong.items import ITEMS, LABELS
from scoring.hongzhong.request import (
    SEATS,
    Request,
    Winner,
    check_hands,
    check_melds,
    read,
    seat_word,
    seat_word_en,
)
from scoring.tiles import RED, code, rank_of


def seat_after(seat: str, steps: int) -> str:
    return SEATS[(SEATS.index(seat) + steps) % 4]


def bird_seat(winner: str, face: int) -> str:
    """HZ8.3: count (r − 1) mod 4 seats from the winner in play order."""
    r = rank_of(face) if face < 27 else face - 26
    return seat_after(winner, (r - 1) % 4)


def tile_value(face: int, rules: Mapping[str, Any]) -> int:
    """HZ8.4: a suit tile its rank (1 = 10 under yi_niao_one_counts_ten), 紅中 10, other
    honours 5."""
    if face == RED:
        return 10
    if face >= 27:
        return 5
    rank = rank_of(face)
    return 10 if rank == 1 and rules["yi_niao_one_counts_ten"] else rank


def hits(w: Winner, payer: str, rules: Mapping[str, Any]) -> int:
    """HZ8.2: h(W, L)."""
    mode = rules["bird_rule"]
    if mode == "count":
        return sum(bird_seat(w.seat, b) in (w.seat, payer) for b in w.birds)
    if mode == "zhong_159":
        return sum(b == RED or (b < 27 and rank_of(b) in (1, 5, 9)) for b in w.birds)
    if mode == "yi_niao_quan_zhong":
        return tile_value(w.birds[0], rules) if w.birds else 0
    return tile_value(w.win, rules)


def birds_of(w: Winner, rules: Mapping[str, Any]) -> list[dict]:
    mode = rules["bird_rule"]
    if mode in ("count", "zhong_159"):
        return [{"tile": code(b), "seat": bird_seat(w.seat, b)} for b in w.birds]
    if mode == "yi_niao_quan_zhong":
        return [{"tile": code(b), "seat": w.seat, "value": tile_value(b, rules)} for b in w.birds]
    return []


def term(req: Request, w: Winner, hand: int, payer: str) -> dict:
    """HZ9.1: P(W, L) and its parts."""
    rules = req.rules
    h = hits(w, payer, rules)
    bird = rules["bird_points"] * h if rules["bird_value"] == "add" else hand * h
    dealer = rules["dealer_extra"] if req.dealer in (w.seat, payer) else 0
    piao = req.piao_fen.get(w.seat, 0) + req.piao_fen.get(payer, 0)
    points = hand + bird + dealer + piao
    capped = 0 < rules["cap"] < points
    if capped:
        points = rules["cap"]
    return {
        "points": points,
        "hand": hand,
        "hits": h,
        "birds": bird,
        "dealer": dealer,
        "piao_fen": piao,
        "capped": capped,
    }


def win_payments(req: Request, w: Winner, hand: int, self_draw: bool) -> list[dict]:
    """HZ9.2: who pays one winner."""
    others = [s for s in SEATS if s != w.seat]
    silver = req.silver
    if req.robbed_kong and req.rules["qiang_gang_hu"] == "bao_san_jia":
        parts = [{"for": s, **term(req, w, hand, s)} for s in others]
        points = sum(p["points"] for p in parts)
        return [
            {
                "from": req.discarder,
                "to": w.seat,
                "amount": amount_of(points, silver),
                "points": points,
                "parts": parts,
            }
        ]
    payers = others if self_draw else [req.discarder]
    out = []
    for payer in payers:
        t = term(req, w, hand, payer)  # type: ignore[arg-type]
        out.append({"from": payer, "to": w.seat, "amount": amount_of(t["points"], silver), **t})
    return out


def kong_payments(req: Request) -> list[dict]:
    """HZ10: every kong of the round pays its owner (after a draw only when
    kong_pays_on_draw)."""
    rules = req.rules
    if not req.winners and not rules["kong_pays_on_draw"]:
        return []
    kongs = [(w.seat, m.kind, m.feeder) for w in req.winners for m in w.melds]
    kongs = [k for k in kongs if k[1] != "pung"]
    kongs += [(k.seat, k.kind, k.feeder) for k in req.kongs]
    value = {"concealed_kong": "gang_an", "added_kong": "gang_bu", "kong": "gang_ming"}
    out = []
    for owner, kind, feeder in kongs:
        points = rules[value[kind]]
        payers = [feeder] if kind == "kong" else [s for s in SEATS if s != owner]
        for payer in payers:
            out.append(
                {
                    "from": payer,
                    "to": owner,
                    "amount": amount_of(points, req.silver),
                    "points": points,
                    "kind": kind,
                    "seat": owner,
                }
            )
    return out


def next_dealer_of(req: Request) -> str:
    """HZ2.2."""
    if not req.winners:
        return req.dealer
    if len(req.winners) == 1:
        return req.winners[0].seat
    if req.rules["multi_win_dealer"] == "discarder":
        return req.discarder  # type: ignore[return-value]
    seats = {w.seat for w in req.winners}
    after = [seat_after(req.discarder, i) for i in range(1, 4)]  # type: ignore[arg-type]
    return next(s for s in after if s in seats)


def win_result(req: Request, w: Winner, s: Scored, self_draw: bool) -> dict:
    items = []
    for code_, points in s.items:
        item = ITEMS[code_]
        why_zh, why_en = item.why(w, req)
        items.append(
            {
                "code": code_,
                "name": item.name,
                "name_en": item.name_en,
                "points": points,
                "rule": item.rule,
                "quote": item.quote_for(self_draw),
                "why": why_zh,
                "why_en": why_en,
            }
        )
    payments = win_payments(req, w, s.hand, self_draw)
    total = sum(p["points"] for p in payments)
    return {
        "seat": w.seat,
        "shape": s.reading.shape,
        "reading": reading_of(w, s.reading),
        "items": items,
        "labels": [
            {"code": c, "name": LABELS[c].name, "name_en": LABELS[c].name_en} for c in s.labels
        ],
        "hand_points": s.hand,
        "birds": birds_of(w, req.rules),
        "payments": payments,
        "total": amount_of(total, req.silver),
    }


def score_request(request: dict) -> dict:
    req = read(request)
    check_melds(req)
    check_hands(req)
    outcome = req.outcome
    robbed_self = req.robbed_kong and req.rules["qiang_gang_hu"] in ("as_self_draw", "bao_san_jia")
    self_draw = outcome == "self_draw" or robbed_self
    scored = []
    for w in req.winners:
        s = best(w, req.rules, self_draw, req.robbed_kong)
        if s is None:
            raise HongzhongError(
                "E_NOT_WINNING",
                f"{seat_word(w.seat)}的牌不成胡：既不是四副加一对，也不是七对",
                f"{seat_word_en(w.seat)}'s tiles do not win: neither four sets and a pair nor "
                "seven pairs",
            )
        scored.append(s)
    for w, s in zip(req.winners, scored, strict=True):
        if s.hand < req.rules["min_points"]:
            raise HongzhongError(
                "E_MIN_POINTS",
                f"{seat_word(w.seat)}只有 {s.hand} 分，不到本桌起胡的 {req.rules['min_points']} 分",
                f"{seat_word_en(w.seat)} has {s.hand} {'point' if s.hand == 1 else 'points'}, "
                "below the table's minimum of "
                f"{req.rules['min_points']}",
            )
    wins = [win_result(req, w, s, self_draw) for w, s in zip(req.winners, scored, strict=True)]
    kongs = kong_payments(req)
    merged: dict[tuple[str, str], int] = {}
    for p in [p for win in wins for p in win["payments"]] + kongs:
        merged[(p["from"], p["to"])] = merged.get((p["from"], p["to"]), 0) + p["points"]
    order = {s: i for i, s in enumerate(SEATS)}
    payments = [
        {"from": a, "to": b, "amount": amount_of(n, req.silver)}
        for (a, b), n in sorted(merged.items(), key=lambda kv: (order[kv[0][0]], order[kv[0][1]]))
        if amount_of(n, req.silver) != "0"
    ]
    net = dict.fromkeys(SEATS, 0)
    for (a, b), n in merged.items():
        net[a] -= n
        net[b] += n
    return {
        "game": "hongzhong",
        "ruleset": "hongzhong",
        "outcome": outcome,
        "discarder": req.discarder,
        "wins": wins,
        "items": [{"seat": win["seat"], **item} for win in wins for item in win["items"]],
        "kong_payments": kongs,
        "payments": payments,
        "net": {s: amount_of(n, req.silver) for s, n in net.items()},
        "total": amount_of(sum(merged.values()), req.silver),
        "next_dealer": next_dealer_of(req),
    }


def score(request: object) -> dict:
    """Score a 紅中 round; a refused request answers the error object, never raises."""
    if not isinstance(request, dict):
        return HongzhongError(
            "E_NOTATION", "请求应是一个对象", "the request must be an object"
        ).as_dict()
    try:
        return score_request(request)
    except ScoringError as error:
        return error.as_dict()
