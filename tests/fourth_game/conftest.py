"""The fourth game's fixture (its one registry line) and the fixtures its tests share with the
page and API tests."""

import pytest

from scoring import games
from tests.calculator.conftest import api, client_for  # noqa: F401
from tests.pages.conftest import owner, owner_client  # noqa: F401

PACKAGE = "tests.fourth_game.tuidao"


@pytest.fixture
def tuidao():
    """推倒胡 registered for one test: its one line, and out again."""
    game = games.register(PACKAGE)
    yield game
    games.unregister(game.code)
