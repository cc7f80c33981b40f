"""Fixtures for the app's tests: an owner, API clients, a way to open a session."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient


@pytest.fixture
def owner(db):
    return get_user_model().objects.create_user("owner", password="pw-owner-123")


@pytest.fixture
def client_for():
    def make(user=None) -> APIClient:
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    return make


@pytest.fixture
def api(owner, client_for) -> APIClient:
    return client_for(owner)


@pytest.fixture
def new_session(api):
    """POST a session and return its id."""

    def make(**fields) -> int:
        body = {"name": "週六牌局", "players": ["阿東", "阿南", "阿西", "阿北"], **fields}
        response = api.post("/api/sessions/", body, format="json")
        assert response.status_code == 201, response.json()
        return response.json()["id"]

    return make
