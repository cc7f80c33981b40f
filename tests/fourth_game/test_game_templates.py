"""A game's templates live beside its code and are found by the template loader
(``calculator.web.games.loader``), also for a game registered at run time: in its web package's
``templates/`` folder, else its engine package's, else the shared ``web/<name>``."""

from __future__ import annotations

import textwrap

import pytest
from django.template.loader import get_template
from django.test import Client
from pytest_django.asserts import assertContains, assertNotContains

from calculator.web import games as web_games
from scoring import games

HAND = {"winner": "S", "hand": "123456789m11p23p", "win_tile": "4p"}


def write(path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """推倒胡's engine under another code, in a package made now with a template of its own;
    and a web package of it with its own hand editor. Both registered at run time."""
    write(
        tmp_path / "toy_engine" / "__init__.py",
        """
        from dataclasses import replace
        from tests.fourth_game.tuidao.game import GAME as TUIDAO
        GAME = replace(TUIDAO, code="toy")
        """,
    )
    write(
        tmp_path / "toy_engine" / "templates" / "_why_result.html",
        "<p data-toy-result>{{ result.total }}</p>\n",
    )
    write(
        tmp_path / "toy_web" / "__init__.py",
        """
        from calculator.web.games.base import WebGame
        WEB = WebGame("toy")
        """,
    )
    write(
        tmp_path / "toy_web" / "templates" / "_hand_editor.html",
        '{% extends "web/_hand_editor.html" %}'
        "{% block meld_help %}<p data-toy-help>toy</p>{% endblock %}\n",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    game = games.register("toy_engine")
    yield game
    web_games.unregister("toy")
    games.unregister("toy")


def test_each_game_finds_its_own_templates_in_its_package():
    for code in ("anqing", "anji", "hongzhong"):
        name = web_games.web_game(code).template("_hand_editor.html")
        assert name == f"web/games/{code}/_hand_editor.html"
        origin = get_template(name).origin.name
        assert origin.endswith(f"calculator/web/games/{code}/templates/_hand_editor.html")


def test_a_game_without_templates_gets_the_shared_ones(tuidao):
    assert web_games.web_game("tuidao").template("_why_result.html") == "web/_why_result.html"


def test_a_game_registered_at_run_time_brings_its_templates(toy, client: Client):
    web = web_games.web_game("toy")
    # Only an engine package so far: its template from there, the shared editor.
    assert web.template("_why_result.html") == "web/games/toy/_why_result.html"
    assert web.template("_hand_editor.html") == "web/_hand_editor.html"
    data = {"game": "toy", "player_count": "4", "dealer": "E", "base_silver": "1"}
    answer = client.post("/calculator/", {**data, **HAND, "preview": "1"})
    assertContains(answer, "<p data-toy-result>24</p>")  # 8 points from each of three (T6, T7.1)
    assertNotContains(answer, "data-toy-help")
    # Its web package, registered now: its own editor, from that package.
    web_games.register("toy_web")
    web = web_games.web_game("toy")
    assert web.template("_hand_editor.html") == "web/games/toy/_hand_editor.html"
    assertContains(client.get("/calculator/?game=toy"), "<p data-toy-help>toy</p>")
