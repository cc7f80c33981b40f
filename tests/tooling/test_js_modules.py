"""One JavaScript dialect: every script under static/js/ is an ES module.

A script is written with ``const``/``let`` (no ``var``), with no wrapper function around it and no
``window.<name> = …``: what one script offers another is an ``export`` it imports. A template loads
a script with ``<script type="module" src=…>`` only (modules run once the page is parsed, in
document order, as ``defer`` did), and nothing inline (the Content-Security-Policy allows neither
an inline script nor an ``on…=`` attribute). Every module is a page's script or imported by one,
through a relative path to a file that exists; under the manifest storage those imports name the
hashed files, which exist and which the service worker precaches.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.templatetags.static import static
from django.test import Client

from tests.pages.test_service_worker import worker_config

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "static" / "js"
SCRIPTS = sorted(path.relative_to(JS).as_posix() for path in JS.rglob("*.js"))
TEMPLATES = sorted(
    [*(ROOT / "templates").rglob("*.html"), *(ROOT / "calculator").glob("**/templates/**/*.html")]
)

# -- what marks a classic script ------------------------------------------------------------------
VAR = re.compile(r"(?<![\w$.])var\s+[\w$\[{]")
GLOBAL = re.compile(
    r"(?<![\w$.])(?:window|globalThis|self)\s*(?:\.\s*[\w$]+|\[[^\]]+\])\s*(?:[-+*/%|&^]|\?\?|\|\||&&)?=(?!=)"
)
WRAPPER = re.compile(r"^[!;]?\(\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*=>)", re.MULTILINE)
STRICT = re.compile(r"""^\s*["']use strict["']""", re.MULTILINE)
# What a module imports (Django's manifest storage rewrites these forms when they name a path).
IMPORT = re.compile(
    r"""^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']"""
    r"""|\bimport\(\s*["']([^"']+)["']\s*\)""",
    re.MULTILINE,
)

# -- how a template loads a script ----------------------------------------------------------------
SCRIPT_TAG = re.compile(r"<script\b([^>]*)>", re.IGNORECASE)
STATIC_JS = re.compile(r"""src="\{%\s*static\s+["']js/([^"']+\.js)["']\s*%\}\"""")
HANDLER = re.compile(
    r"""\son(?:click|change|input|submit|load|error|focus|blur|key\w+|mouse\w+|touch\w+|pointer\w+)\s*=""",
    re.IGNORECASE,
)


def script_problems(text: str) -> list[str]:
    """What in ``text`` is a classic script's, not a module's: one line each."""
    found = []
    checks = (
        (VAR, "a var declaration (const or let)"),
        (GLOBAL, "a global set on window (export it)"),
        (WRAPPER, "a wrapper function around the script (a module has its own scope)"),
        (STRICT, '"use strict" (a module is strict)'),
    )
    for pattern, what in checks:
        for match in pattern.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.append(f"line {line}: {what}")
    return found


def imports_of(text: str) -> list[str]:
    return [next(url for url in match.groups() if url) for match in IMPORT.finditer(text)]


def template_problems(text: str) -> tuple[list[str], list[str]]:
    """The scripts under static/js/ a template loads, and what in it is not a module's way."""
    loaded, found = [], []
    for match in SCRIPT_TAG.finditer(text):
        attributes = match.group(1)
        line = text.count("\n", 0, match.start()) + 1
        src = STATIC_JS.search(attributes)
        if src:
            loaded.append(src.group(1))
        if "src=" not in attributes:
            found.append(f"line {line}: an inline script (the CSP runs none)")
        elif 'type="module"' not in attributes:
            found.append(f'line {line}: a script without type="module"')
        elif re.search(r"\s(defer|async)\b", attributes):
            found.append(f"line {line}: defer or async on a module (none, or out of order)")
    for match in HANDLER.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        found.append(f"line {line}: an inline event handler (the CSP runs none)")
    return loaded, found


def loaded_by_templates() -> dict[str, list[str]]:
    """Each script a template loads, with the templates that load it."""
    loaded: dict[str, list[str]] = {}
    for path in TEMPLATES:
        names, _ = template_problems(path.read_text(encoding="utf-8"))
        for name in names:
            loaded.setdefault(name, []).append(path.relative_to(ROOT).as_posix())
    return loaded


# -- the rule holds --------------------------------------------------------------------------------


def test_the_scripts_are_found() -> None:
    assert {"once.js", "queue.js", "offline.js", "picker/main.js"} <= set(SCRIPTS)
    assert len(TEMPLATES) > 20


@pytest.mark.parametrize("name", SCRIPTS)
def test_every_script_is_a_module(name: str) -> None:
    assert script_problems((JS / name).read_text(encoding="utf-8")) == [], name


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_every_template_loads_modules_only(path: Path) -> None:
    _, found = template_problems(path.read_text(encoding="utf-8"))
    assert found == [], path.relative_to(ROOT).as_posix()


def test_every_module_is_a_pages_script_or_imported_by_one() -> None:
    entries = loaded_by_templates()
    assert {"once.js", "picker/main.js", "offline.js", "session_tools.js"} <= set(entries)
    assert entries["once.js"] == ["templates/base.html"]  # every page, once
    reached, todo = set(), list(entries)
    while todo:
        name = todo.pop()
        if name in reached:
            continue
        reached.add(name)
        for url in imports_of((JS / name).read_text(encoding="utf-8")):
            assert url.startswith("./") or url.startswith("../"), (name, url)
            target = (JS / name).parent / url
            assert target.is_file(), (name, url)
            todo.append(target.resolve().relative_to(JS.resolve()).as_posix())
    assert reached == set(SCRIPTS)


def test_the_queue_of_unsent_rounds_is_one_module_both_scripts_import() -> None:
    for name in ("once.js", "offline.js"):
        text = (JS / name).read_text(encoding="utf-8")
        assert "./queue.js" in imports_of(text), name
        assert "tableQueue" not in text, name


def test_under_the_manifest_storage_every_import_names_a_hashed_file(tmp_path, settings) -> None:
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "calculator.storage.StaticFilesStorage"},
    }
    call_command("collectstatic", "--noinput", verbosity=0)
    listed = worker_config(Client())["precache"]
    seen = set()
    for name in SCRIPTS:
        url = static(f"js/{name}")
        stem = re.escape(name.removesuffix(".js"))
        assert re.fullmatch(rf"/static/js/{stem}\.[0-9a-f]{{12}}\.js", url), url
        assert url in listed, url  # the worker has it, so a page served offline has it
        hashed = tmp_path / url.removeprefix("/static/")
        for imported in imports_of(hashed.read_text(encoding="utf-8")):
            assert re.fullmatch(r"(\./|\.\./)+[\w/]+\.[0-9a-f]{12}\.js", imported), (url, imported)
            target = (hashed.parent / imported).resolve()
            assert target.is_file(), (url, imported)
            seen.add(target.relative_to(tmp_path.resolve()).as_posix())
    assert "js/" + static("js/queue.js").rsplit("/", 1)[1] in seen  # once.js's and offline.js's


# -- and it can fail ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("script", "problem"),
    [
        ("var root = document.documentElement;\n", "var declaration"),
        ("for (var i = 0; i < 3; i++) {}\n", "var declaration"),
        ("const a = 1;\nwindow.tableQueue = { unsent: () => [] };\n", "line 2: a global"),
        ('window["tableQueue"] = {};\n', "a global"),
        ("globalThis.queue ??= [];\n", "a global"),
        ('(function () {\n  "use strict";\n  const a = 1;\n})();\n', "wrapper"),
        ("(() => {\n  const a = 1;\n})();\n", "wrapper"),
        ('"use strict";\nconst a = 1;\n', "use strict"),
    ],
)
def test_a_classic_script_is_caught(script: str, problem: str) -> None:
    assert any(problem in found for found in script_problems(script)), script_problems(script)


def test_a_module_passes() -> None:
    module = """import { unsent } from "./queue.js";
const variant = window.location.href; // reading window is fine, and "var" inside a word
let count = unsent().length;
if (window.confirm === undefined) count = 0;
export function leaving() { return (count > 0) === true; }
"""
    assert script_problems(module) == []
    assert imports_of(module) == ["./queue.js"]
    assert imports_of('import "./a.js";\nconst b = await import("../b.js");\n') == [
        "./a.js",
        "../b.js",
    ]


@pytest.mark.parametrize(
    ("template", "problem"),
    [
        ("""<script src="{% static 'js/once.js' %}" defer></script>""", 'without type="module"'),
        ("""<script type="module" src="{% static 'js/once.js' %}" defer></script>""", "defer"),
        ("<script>document.title = 'x';</script>", "an inline script"),
        ("""<button type="button" onclick="go()">go</button>""", "inline event handler"),
    ],
)
def test_a_classic_way_of_loading_is_caught(template: str, problem: str) -> None:
    loaded, found = template_problems(template)
    assert any(problem in line for line in found), found


def test_a_module_tag_passes() -> None:
    tag = (
        """{% block head %}<script type="module" src="{% static 'js/adjustment.js' %}"></script>"""
    )
    assert template_problems(tag + '<input name="once" value="1">') == (["adjustment.js"], [])
