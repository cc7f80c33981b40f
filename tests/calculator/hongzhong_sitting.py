"""A twelve-round 紅中 sitting (hongzhong-rules.md), its correction and its void, with every
expected number worked out by hand from the rule book: data only, no tests.

Players E S W N, ``base_silver`` "1" (so points = money, HZ9.3), default house rules (HZ16):
自摸 ZI_MO 2, 抓炮 ZHUA_PAO 1, 七對 / 碰碰胡 / 清一色 / 無紅中 +1 each (HZ7.1); birds ``count``,
at most 2 per winner, 1 point per hit (HZ8.2, HZ8.5); no dealer part, no 飄分, no cap (HZ9.1);
kongs 暗槓 2 from each of the three others, 補槓 1 from each, 明槓 3 from its feeder (HZ10.1), and
kongs pay on a draw too (HZ10.3); several winners on one discard: the discarder deals next
(HZ2.2).

How to read the comments:
- H: hand points (HZ7). A self-draw: each of the three others pays H + h; a discard: the
  discarder alone pays H + h (HZ9.2).
- h(W, L): birds on the winner W + birds on the payer L (``count``, HZ8.2). A bird's seat
  (HZ8.3): rank (honours: 東 1 南 2 西 3 北 4 中 5 發 6 白 7) 1 5 9 → the winner, 2 6 → the
  winner's 下家 (next in play order E → S → W → N → E), 3 7 → 對家, 4 8 → 上家.
- "A → B n": A pays B n points; ``payments`` is the round's merged rows (one per payer → payee,
  HZ14), ``net`` each seat's change, ``state`` the session's state after the step.
- The dealer deals again after a draw (streak + 1) or when it wins alone; one winner deals
  next; after 一炮多響 the discarder does (HZ2.2, ``multi_win_dealer`` ``discarder``).

Every winner's ``concealed`` is one compact string and birds are tiles, as the round form takes
them, so a browser test can enter the same sitting through the pages (``description`` says each
round in a line).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PLAYERS = ["阿東", "阿南", "阿西", "阿北"]
BASE_SILVER = "1"


@dataclass(frozen=True)
class State:
    """The session's ``state`` after a step: the next round's dealer and streak, its number, the
    balances (decimal strings, summing to zero)."""

    dealer: str
    dealer_streak: int
    next_round: int
    balances: dict[str, str]

    def as_api(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "dealer_streak": self.dealer_streak,
            "next_round": self.next_round,
            "balances": dict(self.balances),
        }


@dataclass(frozen=True)
class Step:
    """One round as entered: the API body, a line for people, who dealt it, what it moves."""

    number: int
    description: str
    body: dict[str, Any]
    dealer: str  # who deals this round, and with which streak
    dealer_streak: int
    winners: list[str]  # the round answer's ``winners`` (seat order)
    payments: dict[str, str]  # merged rows, "E→S": amount
    net: dict[str, str]
    total: str  # the sum of every payment amount of the round (HZ14 ``total``)
    state: State  # after this step
    kong_points: dict[str, int] = field(default_factory=dict)  # owner → kong points received


def _balances(e: int, s: int, w: int, n: int) -> dict[str, str]:
    assert e + s + w + n == 0
    return {"E": str(e), "S": str(s), "W": str(w), "N": str(n)}


# --- the hands (each from hongzhong-rules.md HZ17, or built the same way) ---------------------

# HZ17.1's hand: 234m 567m 345p 7s 8s 9s(中) + pair 22p. Holds 紅中: no 無紅中; 平胡.
# Self-draw H = ZI_MO 2; on a discard H = ZHUA_PAO 1.
PING_HU_HONG = "234m567m345p78s22p5z"
# HZ17.2's hand: 123m 456m 789m 234s + pair 99s, no 紅中 (無紅中 +1).
# On a discard H = ZHUA_PAO 1 + WU_HONG_ZHONG 1 = 2.
WU_HONG = "123m456m789m234s99s"
# 123m 456m 789p + pair 99s + a 明槓 7777s (melds count three tiles each: 11 + 3 = 14, HZ5.5).
# No 紅中: self-draw H = ZI_MO 2 + WU_HONG_ZHONG 1 = 3; on a discard H = 1 + 1 = 2.
MING_GANG_HAND = "123m456m789p99s"
# 234m 567m 345p + pair 2p 2p(中) + a 補槓 6666s. Holds 紅中; 平胡. Self-draw H = ZI_MO 2.
BU_GANG_HAND = "234m567m345p2p5z"


def _winner(seat: str, concealed: str, win_tile: str, birds: str, melds=None) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "seat": seat,
        "concealed": concealed,
        "win_tile": win_tile,
        "birds": birds,
    }
    if melds:
        entry["melds"] = melds
    return entry


ROUNDS: list[Step] = [
    # 1 (E deals). HZ17.1: S self-draws 平胡 with a 紅中, H = 2. Birds from S: 3m (3) → 對家 N,
    # 6p (6) → 下家 W. E 2 + 0 = 2; W 2 + 1 = 3; N 2 + 1 = 3. S +8. S deals next.
    Step(
        number=1,
        description="S 自摸 234m567m345p78s22p5z，和 2p；鳥 3m6p",
        body={
            "result": "win",
            "winners": [_winner("S", PING_HU_HONG, "2p", "3m6p")],
        },
        dealer="E",
        dealer_streak=0,
        winners=["S"],
        payments={"E→S": "2", "W→S": "3", "N→S": "3"},
        net={"E": "-2", "S": "8", "W": "-3", "N": "-3"},
        total="8",
        state=State("S", 0, 2, _balances(-2, 8, -3, -3)),
    ),
    # 2 (S deals). HZ17.2: W wins on N's discard, 無紅中: H = ZHUA_PAO 1 + WU_HONG_ZHONG 1 = 2.
    # Birds from W: 1s (1) → W, 9m (9) → W: h(W, N) = 2 + 0. N → W 4. W deals next.
    Step(
        number=2,
        description="W 抓炮 N：123m456m789m234s99s，和 4s；鳥 1s9m",
        body={
            "result": "win",
            "discarder": "N",
            "winners": [_winner("W", WU_HONG, "4s", "1s9m")],
        },
        dealer="S",
        dealer_streak=0,
        winners=["W"],
        payments={"N→W": "4"},
        net={"E": "0", "S": "0", "W": "4", "N": "-4"},
        total="4",
        state=State("W", 0, 3, _balances(-2, 8, 1, -7)),
    ),
    # 3 (W deals). HZ17.6: W self-draws 33p 555p 888p + pung 111p (fed by S) + 暗槓 9999p:
    # ZI_MO 2 + PENG_PENG_HU 1 + QING_YI_SE 1 + WU_HONG_ZHONG 1, H = 5. Birds from W: 4s (4) →
    # 上家 S, 6s (6) → 下家 N. Win: E 5 + 0 = 5, S 5 + 1 = 6, N 5 + 1 = 6.
    # Kongs (HZ10.1): W's 暗槓, E S N → W 2 each; N's 明槓 2222m fed by E: E → N 3.
    # Merged: E → W 7, E → N 3, S → W 8, N → W 8. W +23, N +3 − 8 = −5. The dealer W won: W
    # deals again, streak 1.
    Step(
        number=3,
        description="W 自摸 33p555p888p，和 8p；碰 111p（S 供）、暗槓 9999p；鳥 4s6s；"
        "N 明槓 2222m（E 供）",
        body={
            "result": "win",
            "winners": [
                _winner(
                    "W",
                    "33p555p888p",
                    "8p",
                    "4s6s",
                    melds=[
                        {"kind": "pung", "tiles": "111p", "from": "S"},
                        {"kind": "concealed_kong", "tiles": "9999p"},
                    ],
                )
            ],
            "kongs": [{"seat": "N", "kind": "kong", "tiles": "2222m", "from": "E"}],
        },
        dealer="W",
        dealer_streak=0,
        winners=["W"],
        payments={"E→W": "7", "E→N": "3", "S→W": "8", "N→W": "8"},
        net={"E": "-10", "S": "-8", "W": "23", "N": "-5"},
        total="26",
        state=State("W", 1, 4, _balances(-12, 0, 24, -12)),
        kong_points={"W": 6, "N": 3},
    ),
    # 4 (W deals, streak 1). A draw with kongs (HZ17.7's, HZ10.3, HZ11): E's 暗槓, S W N → E 2
    # each; W's 補槓, E S N → W 1 each; N's 明槓 fed by S, S → N 3.
    # Merged: E → W 1, S → E 2, S → W 1, S → N 3, W → E 2, N → E 2, N → W 1.
    # Net E +6 − 1 = +5, S −6, W +3 − 2 = +1, N +3 − 3 = 0. W keeps the deal, streak 2.
    Step(
        number=4,
        description="荒莊：E 暗槓、W 補槓 5555s、N 明槓 8888m（S 供）",
        body={
            "result": "draw",
            "kongs": [
                {"seat": "E", "kind": "concealed_kong"},
                {"seat": "W", "kind": "added_kong", "tiles": "5555s"},
                {"seat": "N", "kind": "kong", "tiles": "8888m", "from": "S"},
            ],
        },
        dealer="W",
        dealer_streak=1,
        winners=[],
        payments={
            "E→W": "1",
            "S→E": "2",
            "S→W": "1",
            "S→N": "3",
            "W→E": "2",
            "N→E": "2",
            "N→W": "1",
        },
        net={"E": "5", "S": "-6", "W": "1", "N": "0"},
        total="12",
        state=State("W", 2, 5, _balances(-7, -6, 25, -12)),
        kong_points={"E": 6, "W": 3, "N": 3},
    ),
    # 5 (W deals, streak 2). HZ17.3, 一炮多響 with two winners on N's discard 5s; birds 2m4z
    # entered for both. E: 234m 789m 678p 345s 55m, ZHUA_PAO 1 + WU_HONG_ZHONG 1, H = 2; from E
    # 2m → 下家 S, 4z 北 (4) → 上家 N: h(E, N) = 0 + 1, N → E 3. S: 111m 789m 345s + pung 777z
    # (fed by W) + pair 3p 3p(中), ZHUA_PAO 1, H = 1; from S 2m → W, 4z → E: h(S, N) = 0, N → S
    # 1. N −4. The discarder N deals next (HZ2.2), streak 0.
    Step(
        number=5,
        description="一炮多響，N 放炮 5s：E 23455789m678p345s；S 111789m3p5z345s 碰 777z（W 供）；"
        "鳥各 2m4z",
        body={
            "result": "win",
            "discarder": "N",
            "winners": [
                _winner("E", "23455789m678p345s", "5s", "2m4z"),
                _winner(
                    "S",
                    "111789m3p5z345s",
                    "5s",
                    "2m4z",
                    melds=[{"kind": "pung", "tiles": "777z", "from": "W"}],
                ),
            ],
        },
        dealer="W",
        dealer_streak=2,
        winners=["E", "S"],
        payments={"N→E": "3", "N→S": "1"},
        net={"E": "3", "S": "1", "W": "0", "N": "-4"},
        total="4",
        state=State("N", 0, 6, _balances(-4, -5, 25, -16)),
    ),
    # 6 (N deals). HZ17.4, 一炮多響 with THREE winners on W's discard 7p; bird 5p each (5 → the
    # winner itself: h = 1 + 0). N: 七對 11 22 33 44 55 66 77p, ZHUA_PAO 1 + QI_DUI 1 +
    # QING_YI_SE 1 + WU_HONG_ZHONG 1, H = 4: W → N 4 + 1 = 5. E: 234m 567m 567p 567s + pair
    # 7p 7p(中), H = ZHUA_PAO 1: W → E 1 + 1 = 2. S: 345m 789s 66m + 5p(中) 6p 7p + pung 444z
    # (fed by N), H = 1: W → S 2. W −9. The discarder W deals next, streak 0.
    Step(
        number=6,
        description="一炮多響，W 放炮 7p：N 11223344556677p；E 234567m567p567s7p5z；"
        "S 345m789s66m6p7p5z 碰 444z（N 供）；鳥各 5p",
        body={
            "result": "win",
            "discarder": "W",
            "winners": [
                _winner("N", "11223344556677p", "7p", "5p"),
                _winner("E", "234567m567p567s7p5z", "7p", "5p"),
                _winner(
                    "S",
                    "345m789s66m6p7p5z",
                    "7p",
                    "5p",
                    melds=[{"kind": "pung", "tiles": "444z", "from": "N"}],
                ),
            ],
        },
        dealer="N",
        dealer_streak=0,
        winners=["E", "S", "N"],
        payments={"W→E": "2", "W→S": "2", "W→N": "5"},
        net={"E": "2", "S": "2", "W": "-9", "N": "5"},
        total="9",
        state=State("W", 0, 7, _balances(-2, -3, 16, -11)),
    ),
    # 7 (W deals). HZ17.5: E self-draws 七對 11m 99m 33p 5s 5s(中) 7s 7s(中) 22z 66z, ZI_MO 2 +
    # QI_DUI 1, H = 3. Birds from E: 8m (8) → 上家 N, 1z 東 (1) → E. S 3 + 1 = 4, W 3 + 1 = 4,
    # N 3 + 2 = 5. S's 補槓 4444s: E W N → S 1 each.
    # Merged: E → S 1, S → E 4, W → E 4, W → S 1, N → E 5, N → S 1. E +13 − 1 = +12, S −4 + 3 =
    # −1, W −5, N −6. E deals next.
    Step(
        number=7,
        description="E 自摸七對 1199m33p57s2266z5z5z，和 7s；鳥 8m1z；S 補槓 4444s",
        body={
            "result": "win",
            "winners": [_winner("E", "1199m33p57s2266z5z5z", "7s", "8m1z")],
            "kongs": [{"seat": "S", "kind": "added_kong", "tiles": "4444s"}],
        },
        dealer="W",
        dealer_streak=0,
        winners=["E"],
        payments={"E→S": "1", "S→E": "4", "W→E": "4", "W→S": "1", "N→E": "5", "N→S": "1"},
        net={"E": "12", "S": "-1", "W": "-5", "N": "-6"},
        total="16",
        state=State("E", 0, 8, _balances(10, -4, 11, -17)),
        kong_points={"S": 3},
    ),
    # 8 (E deals; voided later). N self-draws 123m 456m 789p 99s + 明槓 7777s fed by W: ZI_MO 2 +
    # WU_HONG_ZHONG 1, H = 3. Birds from N: 2p (2) → 下家 E, 3z 西 (3) → 對家 S. E 3 + 1 = 4,
    # S 3 + 1 = 4, W 3 + 0 = 3. N's 明槓: W → N 3.
    # Merged: E → N 4, S → N 4, W → N 6. N +14. N deals next.
    Step(
        number=8,
        description="N 自摸 123m456m789p99s，和 9s；明槓 7777s（W 供）；鳥 2p3z",
        body={
            "result": "win",
            "winners": [
                _winner(
                    "N",
                    MING_GANG_HAND,
                    "9s",
                    "2p3z",
                    melds=[{"kind": "kong", "tiles": "7777s", "from": "W"}],
                )
            ],
        },
        dealer="E",
        dealer_streak=0,
        winners=["N"],
        payments={"E→N": "4", "S→N": "4", "W→N": "6"},
        net={"E": "-4", "S": "-4", "W": "-6", "N": "14"},
        total="14",
        state=State("N", 0, 9, _balances(6, -8, 5, -3)),
        kong_points={"N": 3},
    ),
    # 9 (N deals). W wins on E's discard 2p with HZ17.1's hand: ZHUA_PAO 1 (holds 紅中), H = 1.
    # Birds from W: 5s (5) → W, 7m (7) → 對家 E: h(W, E) = 1 + 1 = 2, E → W 1 + 2 = 3.
    # S's 暗槓: E W N → S 2 each.
    # Merged: E → S 2, E → W 3, W → S 2, N → S 2. E −5, S +6, W +3 − 2 = +1, N −2. W deals next.
    Step(
        number=9,
        description="W 抓炮 E：234m567m345p78s22p5z，和 2p；鳥 5s7m；S 暗槓",
        body={
            "result": "win",
            "discarder": "E",
            "winners": [_winner("W", PING_HU_HONG, "2p", "5s7m")],
            "kongs": [{"seat": "S", "kind": "concealed_kong"}],
        },
        dealer="N",
        dealer_streak=0,
        winners=["W"],
        payments={"E→S": "2", "E→W": "3", "W→S": "2", "N→S": "2"},
        net={"E": "-5", "S": "6", "W": "1", "N": "-2"},
        total="9",
        state=State("W", 0, 10, _balances(1, -2, 6, -5)),
        kong_points={"S": 6},
    ),
    # 10 (W deals). A draw with kongs: N's 明槓 6666p fed by E, E → N 3; E's 補槓 3333m, S W N →
    # E 1 each. Merged: E → N 3, S → E 1, W → E 1, N → E 1. E +3 − 3 = 0, S −1, W −1, N +3 − 1 =
    # +2. W keeps the deal, streak 1.
    Step(
        number=10,
        description="荒莊：N 明槓 6666p（E 供）、E 補槓 3333m",
        body={
            "result": "draw",
            "kongs": [
                {"seat": "N", "kind": "kong", "tiles": "6666p", "from": "E"},
                {"seat": "E", "kind": "added_kong", "tiles": "3333m"},
            ],
        },
        dealer="W",
        dealer_streak=0,
        winners=[],
        payments={"E→N": "3", "S→E": "1", "W→E": "1", "N→E": "1"},
        net={"E": "0", "S": "-1", "W": "-1", "N": "2"},
        total="6",
        state=State("W", 1, 11, _balances(1, -3, 5, -3)),
        kong_points={"N": 3, "E": 3},
    ),
    # 11 (W deals, streak 1). S self-draws 234m 567m 345p + pair 2p 2p(中) + 補槓 6666s: ZI_MO 2,
    # H = 2. Birds from S: 9p (9) → S, 4m (4) → 上家 E. E 2 + 1 + 1 = 4, W 2 + 1 = 3, N 2 + 1 =
    # 3. S's 補槓: E W N → S 1 each. Merged: E → S 5, W → S 4, N → S 4. S +13. S deals next.
    Step(
        number=11,
        description="S 自摸 234m567m345p2p5z，和 2p；補槓 6666s；鳥 9p4m",
        body={
            "result": "win",
            "winners": [
                _winner(
                    "S",
                    BU_GANG_HAND,
                    "2p",
                    "9p4m",
                    melds=[{"kind": "added_kong", "tiles": "6666s"}],
                )
            ],
        },
        dealer="W",
        dealer_streak=1,
        winners=["S"],
        payments={"E→S": "5", "W→S": "4", "N→S": "4"},
        net={"E": "-5", "S": "13", "W": "-4", "N": "-4"},
        total="13",
        state=State("S", 0, 12, _balances(-4, 10, 1, -7)),
        kong_points={"S": 3},
    ),
    # 12 (S deals). E wins on S's discard 9s: 123m 456m 789p 99s + 明槓 7777s fed by N,
    # ZHUA_PAO 1 + WU_HONG_ZHONG 1, H = 2. Birds from E: 3s (3) → 對家 W, 8p (8) → 上家 N:
    # h(E, S) = 0 + 0, S → E 2. E's 明槓: N → E 3. E +5, S −2, N −3. E deals next.
    Step(
        number=12,
        description="E 抓炮 S：123m456m789p99s，和 9s；明槓 7777s（N 供）；鳥 3s8p",
        body={
            "result": "win",
            "discarder": "S",
            "winners": [
                _winner(
                    "E",
                    MING_GANG_HAND,
                    "9s",
                    "3s8p",
                    melds=[{"kind": "kong", "tiles": "7777s", "from": "N"}],
                )
            ],
        },
        dealer="S",
        dealer_streak=0,
        winners=["E"],
        payments={"S→E": "2", "N→E": "3"},
        net={"E": "5", "S": "-2", "W": "0", "N": "-3"},
        total="5",
        state=State("E", 0, 13, _balances(1, 8, 1, -10)),
        kong_points={"E": 3},
    ),
]

# Round 5 corrected: E alone wins on N's discard (HZ17.3 entered without S): N → E 3 (H 2,
# h(E, N) = 1, as above). Round 5 moved E +3, S +1, N −4; now E +3, N −3: S −1, N +1 against the
# sitting after round 12. E won alone, so E deals round 6 (streak 0) instead of N; round 6's
# discarder W still deals round 7, and nothing after changes.
CORRECTION = Step(
    number=5,
    description="更正第 5 局：E 一人抓炮 N，23455789m678p345s，和 5s；鳥 2m4z",
    body={
        "result": "win",
        "discarder": "N",
        "winners": [_winner("E", "23455789m678p345s", "5s", "2m4z")],
    },
    dealer="W",
    dealer_streak=2,
    winners=["E"],
    payments={"N→E": "3"},
    net={"E": "3", "S": "0", "W": "0", "N": "-3"},
    total="3",
    state=State("E", 0, 13, _balances(1, 7, 1, -9)),
)
# Who deals each round after the correction (round 6 by E now).
DEALERS_AFTER_CORRECTION = [
    ("E", 0), ("S", 0), ("W", 0), ("W", 1), ("W", 2), ("E", 0),
    ("W", 0), ("E", 0), ("N", 0), ("W", 0), ("W", 1), ("S", 0),
]  # fmt: skip

# Round 8 voided: it moves no money (E −4, S −4, W −6, N +14 taken back) and passes no deal:
# round 9 is dealt by E (who won round 7), not N; W wins it and the rest follows as before.
VOID_NUMBER = 8
VOID_STATE = State("E", 0, 13, _balances(5, 11, 7, -23))
DEALERS_AFTER_VOID = [
    ("E", 0), ("S", 0), ("W", 0), ("W", 1), ("W", 2), ("E", 0),
    ("W", 0), ("E", 0), ("E", 0), ("W", 0), ("W", 1), ("S", 0),
]  # fmt: skip

# The ledger after the correction and the void: each round's running balances E S W N (a voided
# round carries the balances before it). Round by round: 1 (−2, +8, −3, −3); 2 N → W 4;
# 3 (−10, −8, +23, −5); 4 (+5, −6, +1, 0); 5 corrected (+3, 0, 0, −3); 6 (+2, +2, −9, +5);
# 7 (+12, −1, −5, −6); 8 voided; 9 (−5, +6, +1, −2); 10 (0, −1, −1, +2); 11 (−5, +13, −4, −4);
# 12 (+5, −2, 0, −3).
LEDGER_AFTER_VOID = [
    _balances(-2, 8, -3, -3),
    _balances(-2, 8, 1, -7),
    _balances(-12, 0, 24, -12),
    _balances(-7, -6, 25, -12),
    _balances(-4, -6, 25, -15),
    _balances(-2, -4, 16, -10),
    _balances(10, -5, 11, -16),
    _balances(10, -5, 11, -16),
    _balances(5, 1, 12, -18),
    _balances(5, 0, 11, -16),
    _balances(0, 13, 7, -20),
    _balances(5, 11, 7, -23),
]
