"""The fourth game's fixture: its one registry line, in for one test and out again."""

import pytest

from scoring import games

PACKAGE = "tests.fourth_game.tuidao"


@pytest.fixture
def tuidao():
    """推倒胡 registered for one test: its one line, and out again."""
    game = games.register(PACKAGE)
    yield game
    games.unregister(game.code)
