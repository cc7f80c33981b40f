"""The tile keyboard is native ES modules (static/js/picker/), loaded by every page after once.js
and precached by the service worker; under the manifest storage their imports name the hashed
files, which exist. The keyboard never works a wild out nor asks which game it is: the dock says
what the indicator turns up (``data-specials``), built on the server for each game and house rule."""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.templatetags.static import static
from django.test import Client

from calculator.services.sittings import session_create
from calculator.web.specials import TURNED_UP, page_specials, specials
from calculator.web.templatetags import fragments
from tests.pages.test_service_worker import worker_config

ROOT = Path(__file__).resolve().parents[2]
PICKER = ROOT / "static" / "js" / "picker"
MODULES = sorted(path.name for path in PICKER.glob("*.js"))
# What a module may import: a relative path to a file (Django's manifest storage rewrites only
# these, with the statement's closing semicolon).
IMPORT = re.compile(r"""^(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["'];""", re.MULTILINE)
HASHED = re.compile(r"^\./[a-z]+\.[0-9a-f]{12}\.js$")
GAME_QUESTION = re.compile(
    r"""[!=]==?\s*["'](anqing|anji|hongzhong)["']|["'](anqing|anji|hongzhong)["']\s*[!=]==?"""
)


def test_the_keyboard_is_modules_by_concern() -> None:
    assert not (ROOT / "static" / "js" / "picker.js").exists()
    for name in ("main.js", "keyboard.js", "tray.js", "melds.js", "preview.js", "round.js"):
        assert name in MODULES, name
    for name in MODULES:
        text = (PICKER / name).read_text(encoding="utf-8")
        assert not GAME_QUESTION.search(text), name  # what differs comes from the page
        assert "wildOf" not in text and "data-game" not in text and "dataset.game" not in text
        for url in IMPORT.findall(text):
            assert url.startswith("./") and (PICKER / url).is_file(), (name, url)


def test_every_page_loads_it_as_a_module_after_once_js(client: Client) -> None:
    page = client.get("/calculator/").content.decode()
    once = page.index(f'<script type="module" src="{static("js/once.js")}"></script>')
    module = page.index(f'<script type="module" src="{static("js/picker/main.js")}"></script>')
    assert once < module
    assert "js/picker.js" not in page
    assert "{#" not in page  # base.html's comments stay comments (one line each)


@pytest.mark.django_db
def test_the_worker_precaches_every_module(client: Client) -> None:
    listed = worker_config(client)["precache"]
    for name in MODULES:
        assert static(f"js/picker/{name}") in listed, name


def test_under_the_manifest_storage_the_imports_name_hashed_files(tmp_path, settings) -> None:
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "calculator.storage.StaticFilesStorage"},
    }
    call_command("collectstatic", "--noinput", verbosity=0)
    main = static("js/picker/main.js")
    assert re.fullmatch(r"/static/js/picker/main\.[0-9a-f]{12}\.js", main), main
    listed = worker_config(Client())["precache"]
    seen, todo = set(), [main]
    while todo:  # main.js and everything it imports, at any depth
        url = todo.pop()
        if url in seen:
            continue
        seen.add(url)
        assert url in listed, url  # the worker has it, so an offline page has it
        path = tmp_path / url.removeprefix("/static/")
        assert path.is_file(), url
        imports = IMPORT.findall(path.read_text(encoding="utf-8"))
        for imported in imports:
            assert HASHED.match(imported), (url, imported)
            todo.append(url.rsplit("/", 1)[0] + "/" + imported.removeprefix("./"))
    assert {url.rsplit("/", 1)[1].split(".")[0] + ".js" for url in seen} == set(MODULES)


def test_a_server_with_hashed_names_uses_that_storage() -> None:
    env = {
        **os.environ,
        "DJANGO_STATIC_MANIFEST": "1",
        "DJANGO_SETTINGS_MODULE": "calculator.settings",
    }
    code = "from django.conf import settings; print(settings.STORAGES['staticfiles']['BACKEND'])"
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "calculator.storage.StaticFilesStorage"


# -- what the page tells the keyboard ---------------------------------------------------------


def dock_of(page: str) -> dict[str, str]:
    tag = re.search(r"<div class=\"dock\" data-picker[^>]*>", page).group(0)
    found = {m[0]: html.unescape(m[1]) for m in re.findall(r'\s(data-[a-z-]+)="([^"]*)"', tag)}
    found.update({name: "" for name in re.findall(r"\s(data-[a-z-]+)(?=[\s>])", tag)})
    return found


def wild_melds_of(page: str) -> str:
    return html.unescape(re.search(r'data-meld-hint[^>]*data-wild-melds="([^"]*)"', page).group(1))


def test_specials_of_each_game() -> None:
    # R4: the 鑽 after the indicator, 紅中 its stand-in but for a dragon 鑽, 發 and 白 the bars.
    assert specials("anqing", "9p") == {
        "wild": "1p",
        "stand_ins": ["5z"],
        "bar_tiles": ["6z", "7z"],
    }
    assert specials("anqing", "5z") == {"wild": "6z", "stand_ins": [], "bar_tiles": ["5z", "7z"]}
    assert specials("anqing", "1f") is None and specials("anqing", "") is None
    # AJ4.1: a flower turns up 東; the honours by honor_cycle.
    assert specials("anji", "3f")["wild"] == "1z"
    assert specials("anji", "4z")["wild"] == "5z"
    assert specials("anji", "4z", {"honor_cycle": "winds4_dragons3"})["wild"] == "1z"
    assert specials("anji", "7z", {"honor_cycle": "winds4_dragons3"})["wild"] == "1z"
    # HZ4: nothing is turned up; 紅中 is the wild.
    assert json.loads(page_specials("hongzhong")) == {"": specials("hongzhong", None)}
    assert specials("hongzhong", None)["wild"] == "5z"
    anqing, anji = json.loads(page_specials("anqing")), json.loads(page_specials("anji"))
    assert len(anqing) == 34 and "1f" not in anqing and "" not in anqing
    assert set(anji) == set(TURNED_UP) and len(anji) == 42


def test_an_anqing_round_form_carries_its_specials(owner_client: Client, sitting) -> None:
    fragments.clear()
    page = owner_client.get(f"/sessions/{sitting.pk}/rounds/new/").content.decode()
    dock = dock_of(page)
    assert json.loads(dock["data-specials"]) == json.loads(page_specials("anqing"))
    assert json.loads(dock["data-specials"])["9p"]["wild"] == "1p"
    assert "data-winner-blocks" not in dock and "data-no-chows" not in dock
    assert wild_melds_of(page) == "concealed_kong"  # R4.2: a 鑽 may sit in a concealed kong only


def test_an_anji_round_form_follows_its_honor_cycle(owner) -> None:
    client = Client()
    client.force_login(owner)
    fragments.clear()
    seven = session_create(owner=owner, name="七", players=["甲", "乙", "丙", "丁"], game="anji")
    four = session_create(
        owner=owner,
        name="四三",
        players=["甲", "乙", "丙", "丁"],
        game="anji",
        rules={"honor_cycle": "winds4_dragons3"},
    )
    first = client.get(f"/sessions/{seven.pk}/rounds/new/").content.decode()
    second = client.get(f"/sessions/{four.pk}/rounds/new/").content.decode()
    # The cached editor of one house rule is not reused for the other.
    assert json.loads(dock_of(first)["data-specials"])["4z"]["wild"] == "5z"
    assert json.loads(dock_of(second)["data-specials"])["4z"]["wild"] == "1z"
    assert json.loads(dock_of(second)["data-specials"])["2f"]["wild"] == "1z"
    assert wild_melds_of(first) == ""  # AJ4.3: a 財神 sits in no meld


def test_a_hongzhong_round_form_says_its_wild_and_shape(owner) -> None:
    client = Client()
    client.force_login(owner)
    sitting = session_create(
        owner=owner, name="紅中", players=["甲", "乙", "丙", "丁"], game="hongzhong"
    )
    page = client.get(f"/sessions/{sitting.pk}/rounds/new/").content.decode()
    dock = dock_of(page)
    assert json.loads(dock["data-specials"]) == {
        "": {"wild": "5z", "stand_ins": [], "bar_tiles": []}
    }
    assert "data-winner-blocks" in dock and "data-no-chows" in dock  # HZ12, HZ3.1
    assert wild_melds_of(page) == ""  # HZ4.2
