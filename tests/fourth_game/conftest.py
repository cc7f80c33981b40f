"""The fixtures the fourth game's tests share with the page and API tests."""

from tests.calculator.conftest import api, client_for  # noqa: F401
from tests.pages.conftest import owner, owner_client  # noqa: F401
