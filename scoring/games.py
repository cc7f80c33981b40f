"""The games the engine scores, one object each with the same small surface (docs/engine-api.md).

The app asks "which game?" only here: a sitting stores its game's code, and everything else —
scoring a round, the dealer of the next round, the seats in play, the house rules and their
form — comes from ``GAMES[code]``. Every game's result has the same outer shape (``game``,
``items``, ``payments`` with ``from``, ``to``, ``amount``, and ``total``), so balances, the ledger,
settle-up, statistics, the chart, export and the share page never need to know which game it was.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from scoring.errors import ScoringError
from scoring.notation import canonical_hand

SEATS: tuple[str, ...] = ("E", "S", "W", "N")  # in order of play; n players use the first n


@dataclass(frozen=True)
class Game:
    """One game: what the app needs to know about it, and its engine's entry points."""

    code: str
    # zh-hans, zh-hant, en
    names: Mapping[str, str]
    # How many players a table of this game may have, e.g. (4,) or (2, 3, 4).
    seat_counts: tuple[int, ...]
    rulesets: tuple[str, ...]
    # score(request) -> result or {"error": …}; never raises for bad input.
    score: Callable[[dict], dict]
    # waits(request) -> {"waits": …} or {"error": …}; None where the game has none.
    waits: Callable[[dict], dict] | None
    # house_rule_defaults(ruleset) -> {key: default}
    house_rule_defaults: Callable[[str], dict]
    # make_rules(ruleset, overrides) -> the game's frozen rules; raises ScoringError(E_RULES).
    make_rules: Callable[[str, Mapping[str, Any] | None], Any]
    # next_dealer(dealer, streak, winner or None for a draw, player_count) -> (dealer, streak):
    # who deals the round after this one, with which streak. Where a result names the next
    # dealer itself (紅中's ``next_dealer``: the discarder after 一炮多響, HZ2.2), that seat
    # deals, with the streak +1 if it is the same seat, else 0.
    next_dealer: Callable[[str, int, str | None, int], tuple[str, int]]
    # dealer_base(rules, streak) -> the dealer's base for the state shown before a round, or None
    # where no payment depends on the dealer.
    dealer_base: Callable[[Any, int], int | None]
    # The fields of a round's hand (score request fields without the context: the app supplies
    # game, ruleset, rules, player_count, dealer, dealer_streak and base_silver).
    hand_fields: tuple[str, ...]
    # canonical(hand) -> the hand fields with every tile string in the engine's compact notation
    # (what a round stores is what was scored).
    canonical: Callable[[Mapping], dict] = canonical_hand
    # The fields a win cannot do without (a round body without one is refused before scoring).
    win_requires: tuple[str, ...] = ("winner", "indicator", "concealed", "win_tile")
    # The hand fields a draw may carry. A game with any has its draws scored by the engine too
    # (紅中: kongs pay on a draw, HZ10.3); a game without moves no money on a draw.
    draw_fields: tuple[str, ...] = ()

    @property
    def default_ruleset(self) -> str:
        return self.rulesets[0]

    def seats(self, player_count: int) -> tuple[str, ...]:
        """The seats in play at a table of ``player_count``: the first n of E S W N."""
        return SEATS[:player_count]


def _anqing() -> Game:
    from scoring.anqing import (
        RULESETS,
        dealer_after,
        dealer_base,
        house_rule_defaults,
        make_rules,
        score,
        waits,
    )

    return Game(
        code="anqing",
        names={"zh-hans": "安庆麻将", "zh-hant": "安慶麻將", "en": "Anqing mahjong"},
        seat_counts=(4,),
        rulesets=RULESETS,
        score=score,
        waits=waits,
        house_rule_defaults=house_rule_defaults,
        make_rules=make_rules,
        next_dealer=lambda dealer, streak, winner, players: dealer_after(dealer, streak, winner),
        dealer_base=dealer_base,
        hand_fields=(
            "winner",
            "indicator",
            "concealed",
            "win_tile",
            "melds",
            "bar_tiles",
            "kongs_before_win",
            "first_turn",
            "others_melds",
        ),
    )


def _registry() -> dict[str, Game]:
    from scoring.anji import GAME as ANJI
    from scoring.hongzhong import GAME as HONGZHONG

    return {"anqing": _anqing(), ANJI.code: ANJI, HONGZHONG.code: HONGZHONG}


GAMES: dict[str, Game] = _registry()
DEFAULT_GAME = "anqing"


def game_of(code: object) -> Game:
    """The game named ``code`` (None is Anqing, as every request before there were games); any
    other value is E_RULES, before anything else of the request is looked at."""
    if code is None:
        return GAMES[DEFAULT_GAME]
    game = GAMES.get(code) if isinstance(code, str) else None
    if game is None:
        known = "、".join(GAMES)
        raise ScoringError(
            "E_RULES",
            f"未知的遊戲 game：{code!r}（可選：{known}）",
            f"unknown game {code!r} (one of: {', '.join(GAMES)})",
        )
    return game


def score(request: object) -> dict:
    """Score a finished hand of any game: ``request["game"]`` picks it (absent: Anqing). Every
    result carries ``game``."""
    code = request.get("game") if isinstance(request, dict) else None
    game = GAMES.get(code) if isinstance(code, str) else None  # the common case, at once
    if game is None:
        try:
            game = game_of(code)
        except ScoringError as error:
            return error.as_dict()
    result = game.score(request)  # type: ignore[arg-type]
    if "error" in result or "game" in result:
        return result
    return {"game": game.code, **result}


def waits(request: object) -> dict:
    """Ready-hand analysis of any game that has it: ``request["game"]`` picks the game (absent:
    Anqing); a game without waits answers an error object (E_RULES)."""
    try:
        game = game_of(request.get("game") if isinstance(request, dict) else None)
    except ScoringError as error:
        return error.as_dict()
    if game.waits is None:
        return ScoringError(
            "E_RULES",
            f"遊戲 {game.code} 沒有聽牌分析（waits）",
            f"the game {game.code} has no ready-hand analysis (waits)",
        ).as_dict()
    return game.waits(request)  # type: ignore[arg-type]
