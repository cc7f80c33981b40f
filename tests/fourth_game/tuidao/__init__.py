"""推倒胡 (Tuidao Hu, "push the tiles down"): a plain tile game for two to four players, written
for the tests from ``docs/engine-api.md`` alone. It registers with one line::

    from scoring import games
    games.register("tests.fourth_game.tuidao")

Its rule book, whose ids the code and the tests cite:

T1 Tiles. The 136 tiles: the 34 faces (萬 筒 條 1–9, 東 南 西 北 中 發 白) four of each. No
   flowers, no wild, nothing is turned up before a round.

T2 Seats and dealer.
  T2.1 Two, three or four players sit E, S, W, N in that order (the first n).
  T2.2 The dealer keeps the deal when the dealer wins and when nobody wins (流局), the streak
       growing by one; after any other win the next seat deals, streak 0. No payment depends on
       the dealer.

T3 A winning hand. Fourteen tiles (a kong counts as three): four sets and a pair. A set is a
   chow (three in a row of one suit), a pung (three alike) or a kong (four alike). Chows,
   pungs and kongs may be claimed (吃 碰 明杠) or made in the hand; a concealed kong (暗杠) is
   declared but not claimed.

T4 How a hand is won.
  T4.1 自摸: the winner drew the winning tile; the discarder is left empty.
  T4.2 点炮: the winner took another player's discard; that player is the discarder. The winner
       cannot be the discarder (E_DISCARDER).

T5 Fan (番). Every item that applies counts, of the reading that counts most:
  T5.1 平胡 Ping Hu: every set a chow — 1 fan.
  T5.2 碰碰胡 All Pungs: every set a pung or kong — 2 fan.
  T5.3 清一色 Full Flush: every tile of one suit, no honors — 3 fan.
  T5.4 门清 Concealed Hand: no set claimed from another player (a concealed kong is not claimed)
       — 1 fan.
  T5.5 自摸 Self-Drawn: the winner drew the winning tile (T4.1) — 1 fan.
  A winning hand with none of these is worth 0 fan (鸡胡) and still wins.

T6 Points. A hand's fan, at most the house rule ``max_fan`` (default 5), turn into points:
   points = ``base_points`` (default 1) × 2^fan. So 0 fan is 1 point, 3 fan 8 points.

T7 Payments. One payment is the hand's points × the sitting's base silver.
  T7.1 After a self-draw every other player pays the winner one payment.
  T7.2 After a discard win the discarder alone pays one payment.

T8 流局 (a draw): no money moves; the dealer deals again (T2.2).

T9 House rules: ``base_points`` (1–100, default 1), ``max_fan`` (0–8, default 5).

T10 Refusals, checked in this order: E_NOTATION (a field that cannot be read), E_RULES (a
   ruleset or house rule refused), E_CONTEXT (seats and base silver), E_DISCARDER (the winner
   named as the discarder, T4.2; this game's own code), E_MELD_SHAPE, E_MELD_FEEDER (a claimed
   set fed by its winner or by nobody at the table), E_TILE_COUNT, E_TOO_MANY_COPIES,
   E_WIN_TILE, E_NOT_WINNING.
"""

from __future__ import annotations

from tests.fourth_game.tuidao.game import GAME

__all__ = ["GAME"]
