"""The settle-up page counts its rounds as English counts them: one round, two rounds."""

from __future__ import annotations

import pytest

from tests.calculator.hands import plain
from tests.factories import record_rounds

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("en", "1 round (voids not counted)", "2 rounds (voids not counted)"),
        ("zh-hans", "共 1 局（不含作废）", "共 2 局（不含作废）"),
        ("zh-hant", "共 1 局（不含作廢）", "共 2 局（不含作廢）"),
    ],
)
def test_the_rounds_are_counted_in_the_page_s_language(owner_client, sitting, language, one, two):
    owner_client.cookies["django_language"] = language
    record_rounds(sitting, plain("S"))
    assert one in owner_client.get(f"/sessions/{sitting.pk}/settle/").content.decode()
    record_rounds(sitting, plain("W"))
    assert two in owner_client.get(f"/sessions/{sitting.pk}/settle/").content.decode()
