"""The template loader that finds a game's templates in its own packages.

A game's template is named ``web/games/<code>/<name>`` (what ``WebGame.template`` asks for); this
loader looks for ``<name>`` in the ``templates`` folder of the game's web package
(``calculator.web.games.<code>``, or whichever package registered the game's ``WEB``) and then of
its engine package (``scoring.games``: a game that has only an engine package may bring its own
templates too). The registries are asked on every look-up, so a game registered at run time is
found at once (``calculator.web.games.register`` empties the cached loader's memory of misses).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from pathlib import Path

from django.core.exceptions import SuspiciousFileOperation
from django.template import Origin
from django.template.loaders.filesystem import Loader as FilesystemLoader
from django.utils._os import safe_join

PREFIX = "web/games/"


def package_dir(package: str) -> Path | None:
    """The folder of the package named ``package`` (None where it is not a folder)."""
    module = importlib.import_module(package)
    path = getattr(module, "__file__", None)
    return Path(path).parent if path else None


def template_dirs(code: str) -> list[Path]:
    """The ``templates`` folders of the game ``code``'s packages, web package first."""
    from calculator.web import games as web_games
    from scoring.games import GAMES

    found: list[Path] = []
    packages = [web_games.package_of(code), GAMES.package_of(code)]
    for package in packages:
        folder = package_dir(package) if package else None
        if folder is not None and (folder / "templates").is_dir():
            found.append(folder / "templates")
    return found


class Loader(FilesystemLoader):
    """``web/games/<code>/<name>`` from the game's packages' ``templates`` folders."""

    def get_dirs(self) -> list[Path]:
        from scoring.games import GAMES

        return [folder for code in GAMES for folder in template_dirs(code)]

    def get_template_sources(self, template_name: str) -> Iterator[Origin]:
        if not template_name.startswith(PREFIX):
            return
        code, _, name = template_name[len(PREFIX) :].partition("/")
        if not code or not name:
            return
        for folder in template_dirs(code):
            try:
                path = safe_join(folder, name)
            except SuspiciousFileOperation:
                continue
            yield Origin(name=path, template_name=template_name, loader=self)


def forget_misses() -> None:
    """Empty the cached template loaders' memory (a game registered now has templates that an
    earlier look-up did not find)."""
    from django.template import engines

    for engine in engines.all():
        for loader in getattr(getattr(engine, "engine", None), "template_loaders", []):
            reset = getattr(loader, "reset", None)
            if reset is not None:
                reset()
