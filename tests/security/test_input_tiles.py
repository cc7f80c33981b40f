"""Tile fields are stored the way the engine writes them, so what is kept is what was scored; and
the round page draws any stored row — one written loosely, or one it cannot read at all."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.test import Client

from calculator.models import Round
from calculator.services.rounds import round_correct
from tests.calculator.hands import bao, plain

pytestmark = pytest.mark.django_db


@pytest.fixture
def page(owner) -> Client:
    client = Client()
    client.force_login(owner)
    return client


@pytest.mark.parametrize(
    ("field", "typed", "kept"),
    [
        ("win_tile", " 4m", "4m"),
        ("win_tile", "4 m", "4m"),
        ("win_tile", "4m ", "4m"),
        ("indicator", "9 p", "9p"),
        ("concealed", "123m 456m 234s 678s 99p", "123456m234678s99p"),
        ("concealed", "1m2m3m456m234s678s9p9p", "123456m234678s99p"),
    ],
)
def test_a_round_posted_with_spaces_is_stored_canonical_and_its_page_draws(
    owner, sitting, client_for, page, field, typed, kept
):
    response = client_for(owner).post(
        f"/api/sessions/{sitting.pk}/rounds/", {**plain("N"), field: typed}, format="json"
    )
    assert response.status_code == 201, response.content
    number = response.json()["number"]
    stored = Round.objects.get(session=sitting, number=number)
    assert stored.hand[field] == kept
    assert response.json()["hand"][field] == kept
    drawn = page.get(f"/sessions/{sitting.pk}/rounds/{number}/")
    assert drawn.status_code == 200
    body = drawn.content.decode()
    assert f"tiles/{typed}.svg" not in body and 'data-tile=" ' not in body


def test_meld_tiles_are_stored_canonical_everywhere(owner, sitting, client_for):
    body = bao("S", "W")
    body["melds"] = [{**meld, "tiles": " ".join(meld["tiles"])} for meld in body["melds"]]
    body["others_melds"] = {"E": [{"kind": "pung", "tiles": "7 7 7 p", "from": "N"}]}
    response = client_for(owner).post(f"/api/sessions/{sitting.pk}/rounds/", body, format="json")
    assert response.status_code == 201, response.content
    hand = Round.objects.get(session=sitting, number=response.json()["number"]).hand
    assert [meld["tiles"] for meld in hand["melds"]] == ["222m", "333p", "444s"]
    assert hand["others_melds"] == {"E": [{"kind": "pung", "tiles": "777p", "from": "N"}]}


def test_a_correction_is_stored_canonical_too(owner, sitting):
    round_correct(session=sitting, number=1, entry={**plain("S"), "win_tile": "2 s"}, user=owner)
    assert Round.objects.get(session=sitting, number=1).hand["win_tile"] == "2s"


@pytest.mark.parametrize(
    "hand",
    [
        pytest.param({"indicator": " 9p", "win_tile": "9 s", "concealed": "2m "}, id="spaces"),
        pytest.param({"indicator": "2m3m", "win_tile": "x", "concealed": "12x"}, id="unreadable"),
        pytest.param({"indicator": 7, "win_tile": None, "concealed": ["1m"]}, id="not-text"),
        pytest.param({"indicator": "<b>9p</b>", "win_tile": "8z", "concealed": "0m"}, id="html"),
    ],
)
def test_rows_stored_before_with_bad_strings_still_render(owner, sitting, page, hand):
    Round.objects.filter(session=sitting, number=1).update(hand=hand)
    response = page.get(f"/sessions/{sitting.pk}/rounds/1/")
    assert response.status_code == 200
    assert "<b>9p</b>" not in response.content.decode()


@pytest.mark.parametrize(
    ("source", "drawn"),
    [
        ('{% tile " 2m" %}', 'data-tile="2m"'),
        ('{% tile "2m3m" %}', '<span class="tile-text">2m3m</span>'),
        ('{% tile "8z" %}', '<span class="tile-text">8z</span>'),
        ('{% tile "" %}', ""),
        ('{% tile "5z" "" "x" %}', 'data-tile="5z"'),
        ('{% tile_button "9 s" %}', 'data-tile="9s"'),
        ('{% tile_row "12x" %}', '<span class="tile-text">12x</span>'),
        ('{% tile_row "1 2m" %}', 'data-tile="2m"'),
        ('{{ "2m3m"|tile_name }}', "2m3m"),
        ('{{ " 7m"|tile_name }}', "七万"),
    ],
)
def test_the_tile_tags_draw_what_they_can_and_show_the_rest(source, drawn):
    html = Template("{% load tiles %}" + source).render(Context())
    assert drawn in html if drawn else html == ""
