"""Fixtures for the page tests: an account, a sitting, and the hand form's fields."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from calculator.models import Session
from calculator.services.sittings import session_create

# 123m 456m 234s 678s + pair 99p, all concealed; indicator 9p → 鑽 1p (R4.1).
# Drawn 4m: an open end, so MEN_QING 3 only (R7). Drawn 9p onto the lone 9p: 獨吊 PAO_FENG 6 + 3.
PLAIN_HAND = {"indicator": "9p", "hand": "123m56m234s678s99p", "win_tile": "4m"}
PAOFENG_HAND = {"indicator": "9p", "hand": "123m456m234s678s9p", "win_tile": "9p"}


def hand_form(winner: str, **fields: Any) -> dict[str, Any]:
    """The hand editor's POST data (what the form sends without JS)."""
    data: dict[str, Any] = {"winner": winner, "bar_tiles": 0, "kongs_before_win": 0}
    data.update(PLAIN_HAND)
    data.update(fields)
    return data


def bao_form(winner: str, feeder: str) -> dict[str, Any]:
    """Three pungs fed by ``feeder``: 順包 ×6 (R10.1, R10.2); 獨吊 on 5m, PAO_FENG 6."""
    return hand_form(
        winner,
        hand="678s5m",
        win_tile="5m",
        meld_1_kind="pung",
        meld_1_tiles="222m",
        meld_1_from=feeder,
        meld_2_kind="pung",
        meld_2_tiles="333p",
        meld_2_from=feeder,
        meld_3_kind="pung",
        meld_3_tiles="444s",
        meld_3_from=feeder,
    )


@pytest.fixture
def owner(db):
    return get_user_model().objects.create_user("ahdong", password="pw-table-8899")


@pytest.fixture
def owner_client(owner) -> Client:
    client = Client()
    client.force_login(owner)
    return client


@pytest.fixture
def sitting(owner) -> Session:
    return session_create(
        owner=owner, name="周六牌局", players=["阿东", "阿南", "阿西", "阿北"], base_silver="1"
    )
