"""The admin lists and opens every model of a sitting."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from calculator.services.rounds import round_record
from calculator.services.sittings import session_create
from tests.calculator.hands import bao

pytestmark = pytest.mark.django_db


def test_admin_pages_for_every_model(client, owner):
    admin = get_user_model().objects.create_superuser("root", password="pw-root-123")
    client.force_login(admin)
    session = session_create(owner=owner, name="週六", players=["甲", "乙", "丙", "丁"])
    round_record(session=session, entry=bao("W", "N"), user=owner)
    round_pk = session.rounds.get().pk
    for model in ["player", "session", "rulesversion", "round", "payment", "idempotentanswer"]:
        assert client.get(f"/admin/calculator/{model}/").status_code == 200, model
    page = client.get(f"/admin/calculator/round/{round_pk}/change/")
    assert page.status_code == 200
    assert 'value="84.0000"' in page.content.decode()  # N's 順包 payment, (8 + 6) × 6 (R10.2)
    assert client.get(f"/admin/calculator/session/{session.pk}/change/").status_code == 200
