"""The web side of each game: a registry keyed by the engine's game codes (``scoring.games``).

Each game's web package (``calculator.web.games.<code>``) exports ``WEB`` (a
``calculator.web.games.base.WebGame``): its round form and calculator form, its templates
(in the package's ``templates/`` folder, found by ``calculator.web.games.loader``), the words its pages choose (the house rules' help) and its rule
book. As in ``scoring.games``, this is only a tuple of package names, imported the first time it is
read; one more game is one more package and one line::

    from calculator.web import games
    games.register("calculator.web.games.<code>")

A game of the engine without a web package of its own gets the shared ``WebGame`` (its hand form
is made from the game's declared hand fields), so a page never has to ask which game it serves.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Iterator

from calculator.web.games.base import WebGame
from calculator.web.games.loader import forget_misses
from scoring.games import GAMES

PACKAGES: tuple[str, ...] = (
    "calculator.web.games.anqing",
    "calculator.web.games.anji",
    "calculator.web.games.hongzhong",
)

_lock = threading.Lock()
_loaded: dict[str, WebGame] | None = None
_packages: list[str] = list(PACKAGES)


def load_web_game(package: str) -> WebGame:
    """The ``WEB`` of the package named ``package`` (a dotted name), imported now."""
    web = getattr(importlib.import_module(package), "WEB", None)
    if not isinstance(web, WebGame):
        raise TypeError(f"{package} has no WEB (a calculator.web.games.base.WebGame)")
    return web


def _games() -> dict[str, WebGame]:
    global _loaded
    loaded = _loaded
    if loaded is None:
        with _lock:
            if _loaded is None:
                webs = [load_web_game(package) for package in _packages]
                _loaded = {web.code: web for web in webs}
            loaded = _loaded
    return loaded


def register(package: str) -> WebGame:
    """Add the web side of one more game (a package exporting ``WEB``) and return it."""
    web = load_web_game(package)
    games = _games()
    if package not in _packages:
        _packages.append(package)
    games[web.code] = web
    forget_misses()
    return web


def package_of(code: str) -> str | None:
    """The package whose ``WEB`` is the game ``code``'s web side (None: the shared one)."""
    web = _games().get(code)
    if web is None:
        return None
    return next(
        (p for p in _packages if getattr(importlib.import_module(p), "WEB", None) is web), None
    )


def unregister(code: str) -> None:
    """Take a game's web side out again (a test's clean-up)."""
    web = _games().pop(code, None)
    if web is not None:
        _packages[:] = [
            p for p in _packages if getattr(importlib.import_module(p), "WEB", None) is not web
        ]


_shared: dict[str, WebGame] = {}


def web_game(code: object) -> WebGame:
    """The web side of the game ``code`` (an engine game's code; anything else is the default
    game's, as a form or a link naming no game the app scores)."""
    games = _games()
    if isinstance(code, str) and code in games:
        return games[code]
    if not isinstance(code, str) or code not in GAMES:
        code = next(iter(GAMES))
        if code in games:
            return games[code]
    # An engine game without a web package of its own: the shared web side.
    return _shared.setdefault(code, WebGame(code))


def codes() -> Iterator[str]:
    """The codes of the games the app scores, in the engine's order."""
    return iter(GAMES)


__all__ = [
    "PACKAGES",
    "WebGame",
    "codes",
    "load_web_game",
    "package_of",
    "register",
    "unregister",
    "web_game",
]
