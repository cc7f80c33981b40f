"""What holds for the whole engine, every game's package alike: the examples in its docstrings
run, and it imports nothing of Django."""

from __future__ import annotations

import doctest
import importlib
import pathlib
import pkgutil
import re

import pytest

import scoring

ENGINE_DIR = pathlib.Path(scoring.__file__).parent


@pytest.mark.parametrize(
    "module",
    ["scoring", *sorted(m.name for m in pkgutil.walk_packages([str(ENGINE_DIR)], "scoring."))],
)
def test_engine_docstring_examples_run(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0


def test_engine_has_no_django_import() -> None:
    importing_django = re.compile(r"^\s*(import|from)\s+django", re.MULTILINE)
    for path in ENGINE_DIR.rglob("*.py"):
        assert not importing_django.search(path.read_text(encoding="utf-8")), path.name
