"""The registry of the games the engine scores: a tuple of package names, loaded on first use.

Each name is a package that exports ``GAME`` (a ``scoring.base.Game``); nothing here imports a
game until ``GAMES`` is first read, and no game imports this module (a game's shape comes from
``scoring.base``). One more game is one more package and one line::

    from scoring import games
    games.register("tests.fourth_game")   # its GAME is in GAMES from now on

The app asks "which game?" only here: a sitting stores its game's code, and everything else —
scoring a round, the dealer of the next round, the seats in play, the house rules and their
form, the wild to show — comes from ``GAMES[code]``. Every game's result has the same outer shape
(``game``, ``items``, ``payments`` with ``from``, ``to``, ``amount``, and ``total``), so balances,
the ledger, settle-up, statistics, the chart, export and the share page never need to know which
game it was.

>>> list(GAMES)
['anqing', 'anji', 'hongzhong']
>>> game_of(None).code
'anqing'
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Iterable, Iterator, MutableMapping

from scoring.base import SEATS, Features, Game, HouseRule
from scoring.errors import ScoringError

PACKAGES: tuple[str, ...] = ("scoring.anqing", "scoring.anji", "scoring.hongzhong")
DEFAULT_GAME = "anqing"


def load_game(package: str) -> Game:
    """The ``GAME`` of the package named ``package`` (a dotted name), imported now."""
    module = importlib.import_module(package)
    game = getattr(module, "GAME", None)
    if not isinstance(game, Game):
        raise TypeError(f"{package} has no GAME (a scoring.base.Game)")
    return game


def _module(package: str) -> object:
    return importlib.import_module(package)


class Registry(MutableMapping[str, Game]):
    """``{code: Game}`` in the order of its packages, imported the first time it is read.

    Setting or deleting a code (a test's ``monkeypatch.setitem``) works as on a dict."""

    def __init__(self, packages: Iterable[str]) -> None:
        self.packages: list[str] = list(packages)
        self._games: dict[str, Game] | None = None
        self._lock = threading.Lock()

    def _loaded(self) -> dict[str, Game]:
        games = self._games
        if games is None:
            with self._lock:
                if self._games is None:
                    self._games = self._load(self.packages)
                games = self._games
        return games

    @staticmethod
    def _load(packages: Iterable[str]) -> dict[str, Game]:
        games: dict[str, Game] = {}
        for package in packages:
            game = load_game(package)
            if game.code in games:
                raise ValueError(f"two packages declare the game {game.code!r}")
            games[game.code] = game
        return games

    def register(self, package: str) -> Game:
        """Add the game of ``package`` (a dotted name whose module exports ``GAME``) and return
        it. Registering a package twice is a no-op; another package with a code already taken
        is a ValueError."""
        game = load_game(package)
        games = self._loaded()
        if package in self.packages:
            return games[game.code]
        if game.code in games:
            raise ValueError(f"the game {game.code!r} is registered already")
        self.packages.append(package)
        games[game.code] = game
        return game

    def unregister(self, code: str) -> None:
        """Take the game ``code`` out again, and its package: what ``register`` added."""
        game = self._loaded().pop(code)
        self.packages = [p for p in self.packages if getattr(_module(p), "GAME", None) is not game]

    def package_of(self, code: str) -> str | None:
        """The package that declared the game ``code`` (None: none registered did)."""
        game = self.get(code)
        if game is None:
            return None
        return next((p for p in self.packages if getattr(_module(p), "GAME", None) is game), None)

    def get(self, code: object, default: Game | None = None) -> Game | None:  # type: ignore[override]
        return (self._games or self._loaded()).get(code, default)  # type: ignore[arg-type]

    def __getitem__(self, code: str) -> Game:
        return (self._games or self._loaded())[code]

    def __setitem__(self, code: str, game: Game) -> None:
        self._loaded()[code] = game

    def __delitem__(self, code: str) -> None:
        del self._loaded()[code]

    def __contains__(self, code: object) -> bool:
        return code in self._loaded()

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaded())

    def __len__(self) -> int:
        return len(self._loaded())

    def __repr__(self) -> str:
        if self._games is None:
            return f"Registry({self.packages!r}, not loaded)"
        return f"Registry({list(self._games)!r})"


GAMES = Registry(PACKAGES)
register = GAMES.register
unregister = GAMES.unregister


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
    # the common cases at once: no game (Anqing, as ``game_of``) or a game's code
    if code is None:
        game = GAMES.get(DEFAULT_GAME)
    else:
        game = GAMES.get(code) if isinstance(code, str) else None
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


__all__ = [
    "DEFAULT_GAME",
    "GAMES",
    "PACKAGES",
    "SEATS",
    "Features",
    "Game",
    "HouseRule",
    "Registry",
    "game_of",
    "load_game",
    "register",
    "score",
    "unregister",
    "waits",
]
