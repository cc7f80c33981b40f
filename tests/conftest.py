"""Settings for every test: passwords hashed with a fast hasher.

The real hasher (PBKDF2, over a million rounds) takes most of a second per password on purpose;
hundreds of tests make accounts and log in, which would spend minutes of every run hashing. What
the tests check about passwords (they are checked, limited, changed) does not depend on the
hasher; the production settings keep the slow one.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.test.utils import override_settings


@pytest.fixture(autouse=True, scope="session")
def fast_password_hashing() -> Iterator[None]:
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield
