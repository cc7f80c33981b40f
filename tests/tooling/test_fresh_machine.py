"""What a newcomer meets on a fresh machine: an interpreter found portably or one clear line, and
browser tests that never skip silently when Chromium is missing."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args, cwd=ROOT, env={**os.environ, **env}, capture_output=True, text=True, timeout=600
    )


def test_find_python_names_an_interpreter_new_enough() -> None:
    found = run(["tools/find-python"], PYTHON="")
    assert found.returncode == 0, found.stderr
    path = found.stdout.strip()
    version = run([path, "-c", "import sys; print(sys.version_info >= (3, 12))"])
    assert version.stdout.strip() == "True"


def test_find_python_honours_the_override() -> None:
    assert run(["tools/find-python"], PYTHON=sys.executable).stdout.strip().endswith(
        Path(sys.executable).name
    )


def test_find_python_refuses_with_one_clear_line() -> None:
    refused = run(["tools/find-python"], PYTHON="/bin/false")
    assert refused.returncode == 1
    assert refused.stderr.strip().count("\n") == 0
    assert "3.12" in refused.stderr


def test_no_file_names_a_path_of_one_machine() -> None:
    for name in ("Makefile", "README.md", "tools/test-deps", "tools/find-python", ".ci/run"):
        text = (ROOT / name).read_text()
        assert not re.search(r"/root/|/home/\w+|\.pyenv/versions/3\.\d+\.\d+", text), name


def test_make_run_takes_a_port_and_points_to_sign_up() -> None:
    plan = run(["make", "-n", "run", "PORT=8123"])
    # One process for the pages and the event streams: gunicorn's ASGI worker, one of it.
    assert "gunicorn calculator.asgi --worker-class asgi --workers 1" in plan.stdout
    assert "--bind 0.0.0.0:8123" in plan.stdout
    assert "createsuperuser" not in (ROOT / "README.md").read_text()


def test_make_test_runs_everything_on_sqlite_and_the_database_tests_on_postgresql() -> None:
    """The first pass is the whole suite; the PostgreSQL pass leaves out the browser tests, the
    engine's (tests/scoring touches no database) and the stack's (it brings up its own PostgreSQL
    database whatever the pass)."""
    plan = run(["make", "-n", "test"]).stdout
    passes = [line for line in plan.splitlines() if re.search(r"bin/pytest\b", line)]
    assert len(passes) == 2, plan
    sqlite, postgresql = passes
    # The whole suite: no marker or path left out, in the worker processes of the machine.
    assert re.search(r"bin/pytest -n \d+$", sqlite.strip()), sqlite
    assert re.search(r"bin/pytest -n \d+ ", postgresql), postgresql
    assert "DATABASE_URL=" in postgresql
    assert '-m "not browser and not stack"' in postgresql
    assert "--ignore=tests/scoring" in postgresql


@pytest.mark.parametrize("workers", ["0", "2"])
def test_browser_tests_stop_loudly_without_chromium(workers: str) -> None:
    """Without Chromium the run ends with a failure and one line saying what to install, never a
    quiet skip, in one process and in the worker processes of ``make test``."""
    ran = run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", workers,
         "tests/browser/test_takeback.py", "tests/browser/test_sittings.py"],
        CHROMIUM="/nonexistent/chromium",
    )
    assert ran.returncode != 0
    output = ran.stdout + ran.stderr
    assert "no Chromium at /nonexistent/chromium" in output
    assert "apt-get install chromium" in output
    assert " skipped" not in output
