"""One package per game, no import circles, and migrations that import no app code.

Outside the registries and the game packages no code asks which game it is: no comparison with a
game code or a per-game flag, no table keyed by game codes (a fourth game is then its packages
and one registry line). And no two project modules import each other, directly or through
others (function-level imports included): each module can be read, imported and tested alone.
A migration holds a frozen copy of what it needs, so moving or changing app code never changes
history.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from scoring.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("calculator", "templates", "static", "scoring")
SUFFIXES = {".py", ".html", ".js", ".txt"}
CODES = tuple(sorted(GAMES))


def may_know_its_game(rel: str, codes: tuple[str, ...] = CODES) -> bool:
    """The registry, a game's own engine package, its web/template/static ``games/<code>/``
    packages, and migrations (which record history as it was)."""
    parts = rel.split("/")
    if rel == "scoring/games.py" or "migrations" in parts:
        return True
    if parts[0] == "scoring" and len(parts) > 2 and parts[1] in codes:
        return True
    return any(
        part == "games" and index + 1 < len(parts) and parts[index + 1].split(".")[0] in codes
        for index, part in enumerate(parts[:-1])
    )


def game_questions(text: str, codes: tuple[str, ...] = CODES) -> list[int]:
    """The lines (1-based) of ``text`` that compare a game code or flag, or start a table keyed
    by two game codes."""
    alternatives = "|".join(codes)
    constants = "|".join(code.upper() for code in codes) + "|DEFAULT_GAME"
    comparisons = [
        re.compile(rf"""[!=]==?\s*["']({alternatives})["']"""),
        re.compile(rf"""["']({alternatives})["']\s*[!=]==?"""),
        re.compile(rf"\bis_({alternatives})\b"),
        re.compile(rf"[!=]==?\s*({constants})\b"),
        re.compile(rf"\b({constants})\s*[!=]==?"),
        re.compile(rf"""\bcase\s+["']({alternatives})["']"""),
    ]
    key = re.compile(rf"""["']({alternatives})["']\s*:""")
    lines = text.splitlines()
    found = []
    for number, line in enumerate(lines, 1):
        if any(pattern.search(line) for pattern in comparisons):
            found.append(number)
        elif key.search(line):
            window = "\n".join(lines[number - 1 : number + 6])
            if len({match.group(1) for match in key.finditer(window)}) >= 2:
                found.append(number)
    return found


def test_no_code_outside_the_game_packages_asks_which_game_it_is() -> None:
    asked = []
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*")):
            rel = path.relative_to(ROOT).as_posix()
            if not path.is_file() or path.suffix not in SUFFIXES or may_know_its_game(rel):
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            asked += [f"{rel}:{n}" for n in game_questions(text)]
    assert asked == [], "ask the game's declared data instead: " + ", ".join(asked)


def test_the_check_sees_a_game_question() -> None:
    """The scan is not blind: each form of the question is found, the game's own place is not."""
    for line in (
        'if session.game == "anji":',
        "{% if form.is_hongzhong %}",
        "if (game === 'anqing') return;",
        "if code != DEFAULT_GAME:",
        'BOOKS = {"anqing": 1,\n "anji": 2}',
    ):
        assert game_questions(line, ("anqing", "anji", "hongzhong")), line
    assert not game_questions('{{ session.game|game_word:"unit" }}')
    assert may_know_its_game("calculator/web/games/anji/forms.py")
    assert may_know_its_game("calculator/web/games/hongzhong/templates/_hand_editor.html")
    assert not may_know_its_game("calculator/web/rounds.py")


# --- import circles --------------------------------------------------------------------------


def project_modules() -> dict[str, Path]:
    modules = {}
    for top in ("scoring", "calculator"):
        for path in (ROOT / top).rglob("*.py"):
            name = path.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".")
            if ".migrations." not in name:
                modules[name.removesuffix(".__init__")] = path
    return modules


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Module → the project modules it imports, at any depth of its code."""

    def resolve(name: str) -> str | None:
        while name:
            if name in modules:
                return name
            name = name.rpartition(".")[0]
        return None

    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    parts = parts[: len(parts) - (node.level - 1)]
                    base = ".".join([*parts, base] if base else parts)
                targets = [base, *(f"{base}.{alias.name}" for alias in node.names)]
            else:
                continue
            for target in targets:
                found = resolve(target)
                if found and found != name:
                    graph[name].add(found)
    return graph


def circles(graph: dict[str, set[str]], packages: set[str]) -> list[list[str]]:
    """Strongly connected sets of more than one module (Tarjan), leaving out a package that
    only re-exports its own children (``__init__`` importing them, they importing it)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(start: str) -> None:
        # Iterative, so a deep graph cannot overflow the interpreter's stack.
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))

    for name in sorted(graph):
        if name not in index:
            visit(name)

    def re_export(group: list[str]) -> bool:
        inits = {member for member in group if member in packages}
        return len(inits) == 1 and all(
            member in inits or member.rpartition(".")[0] in inits for member in group
        )

    return [group for group in found if not re_export(group)]


def test_no_two_project_modules_import_each_other() -> None:
    modules = project_modules()
    packages = {name for name, path in modules.items() if path.name == "__init__.py"}
    found = circles(import_graph(modules), packages)
    assert found == [], "import circles: " + "; ".join(" ↔ ".join(group) for group in found)


def test_the_check_sees_a_circle() -> None:
    graph = {"a.x": {"a.y"}, "a.y": {"b.z"}, "b.z": {"a.x"}, "c": set(), "c.d": {"c"}}
    assert circles(graph, {"c"}) == [["a.x", "a.y", "b.z"]]
    graph["c"] = {"c.d"}  # a package re-exporting its child: not a circle
    assert circles(graph, {"c"}) == [["a.x", "a.y", "b.z"]]


# --- migrations hold frozen copies --------------------------------------------------------------


def is_app_code(module: str) -> bool:
    """Whether ``module`` is the app's own code: anything of ``calculator`` but its migrations,
    and the engine (``scoring``)."""
    parts = module.split(".")
    return parts[0] == "scoring" or (parts[0] == "calculator" and parts[1:2] != ["migrations"])


def app_imports(text: str, package: str = "calculator.migrations") -> list[str]:
    """The app code a migration's source imports (``import``, ``from … import``, relative or
    not, at any depth, or by ``import_module``/``__import__`` of a written name)."""
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, base] if base else parts)
            targets = [f"{base}.{alias.name}" for alias in node.names]
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", None))
            in ("import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            targets = [node.args[0].value]
        else:
            continue
        found += [target for target in targets if is_app_code(target)]
    return found


def test_no_migration_imports_app_code() -> None:
    """A migration keeps a frozen copy of what it needs (models through ``apps.get_model``):
    moving or changing a read, a service or the engine never changes history."""
    found = {
        path.relative_to(ROOT).as_posix(): names
        for path in sorted((ROOT / "calculator").rglob("migrations/*.py"))
        if (names := app_imports(path.read_text(encoding="utf-8")))
    }
    assert found == {}, f"migrations importing app code: {found}"


def test_the_check_sees_a_migration_importing_app_code() -> None:
    """The scan is not blind: each way of importing app code is found; the migrations' own
    package, Django and the standard library are not."""
    assert app_imports("from calculator.selectors.totals import seat_totals_of") == [
        "calculator.selectors.totals.seat_totals_of"
    ]
    assert app_imports("import calculator.models\n") == ["calculator.models"]
    assert app_imports("from calculator import models, migrations") == ["calculator.models"]
    assert app_imports("def fill(apps, editor):\n    from ..selectors import ledger\n") == [
        "calculator.selectors.ledger"
    ]
    assert app_imports("from scoring.games import game_of") == ["scoring.games.game_of"]
    assert app_imports('importlib.import_module("calculator.services.history")') == [
        "calculator.services.history"
    ]
    assert not app_imports(
        "import functools\nimport secrets\nfrom decimal import Decimal\n"
        "from django.db import migrations, models\nfrom . import _frozen\n"
        "from calculator.migrations._frozen import dealer_after\n"
    )
