"""The multi-server stack (docs/deploy.md, *Several app servers*): the settings behind PgBouncer in
transaction pooling, the counting of ``benchmarks/stack.py``, and a short run of the stack itself
(HAProxy, two gunicorns, PgBouncer, PostgreSQL, Redis) with one server killed and the pooler
paused, marked ``stack``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

_path = list(sys.path)
sys.path.insert(0, str(ROOT / "benchmarks"))
import stack as stack_script  # noqa: E402
import stackprocs  # noqa: E402

sys.path[:] = _path


# --- the settings ----------------------------------------------------------------------------


def database_settings(**env: str) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("DJANGO_") and k not in {"DATABASE_POOLER", "DATABASE_URL"}
    }
    return subprocess.run(
        [
            sys.executable, "manage.py", "shell", "--no-imports", "-c",
            "from django.conf import settings as s; d = s.DATABASES['default']; "
            "print(d.get('DISABLE_SERVER_SIDE_CURSORS', False), d['CONN_HEALTH_CHECKS'], "
            "d['CONN_MAX_AGE'])",
        ],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )  # fmt: skip


def test_transaction_pooling_turns_off_server_side_cursors_and_checks_kept_connections() -> None:
    done = database_settings(
        DATABASE_URL="postgres://app@127.0.0.1:6432/anqing", DATABASE_POOLER="transaction"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True", "60"]


def test_a_direct_connection_keeps_django_s_defaults() -> None:
    done = database_settings(DATABASE_URL="postgres://app@127.0.0.1:5432/anqing")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "False", "60"]


def test_health_checks_and_lifetime_have_their_own_switches() -> None:
    done = database_settings(
        DATABASE_URL="postgres://app@127.0.0.1:6432/anqing",
        DATABASE_POOLER="transaction",
        DJANGO_CONN_HEALTH_CHECKS="0",
        DJANGO_CONN_MAX_AGE="0",
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "False", "0"]


def test_an_unknown_pooler_mode_refuses_to_start_naming_the_variable() -> None:
    done = database_settings(DATABASE_POOLER="statement")
    assert done.returncode != 0
    assert "DATABASE_POOLER='statement'" in done.stderr
    assert "transaction" in done.stderr


# --- what stack.py counts --------------------------------------------------------------------


def test_a_clean_run_counts_nothing_lost_or_twice() -> None:
    sent = {"a": 1, "b": 1, "c": 2}
    answered = {"a": [1], "b": [2, 2], "c": [1]}  # b: a double send, both answers alike
    kept = {"a": 1, "b": 2, "c": 1}
    stored = {1: [1, 2], 2: [1]}
    assert stack_script.tally(sent, answered, kept, stored) == {
        "lost": 0,
        "twice": 0,
        "unanswered": 0,
    }


@pytest.mark.parametrize(
    ("answered", "kept", "stored", "expected"),
    [
        # a double send answered with two rounds
        ({"a": [1, 2]}, {"a": 1}, {1: [1, 2]}, {"lost": 1, "twice": 2, "unanswered": 0}),
        # a retry recorded a second round that no key answers for
        ({"a": [1]}, {"a": 1}, {1: [1, 2]}, {"lost": 0, "twice": 1, "unanswered": 0}),
        # told round 1, but the sitting has no round 1
        ({"a": [1]}, {"a": 1}, {1: []}, {"lost": 1, "twice": 0, "unanswered": 0}),
        # the sitting kept another round for the key than the one the table was told
        ({"a": [1]}, {"a": 2}, {1: [1, 2]}, {"lost": 1, "twice": 1, "unanswered": 0}),
        # never answered, nothing stored
        ({}, {}, {1: []}, {"lost": 0, "twice": 0, "unanswered": 1}),
    ],
)
def test_a_faulty_run_is_counted(answered, kept, stored, expected) -> None:
    assert stack_script.tally({"a": 1}, answered, kept, stored) == expected


def test_two_keys_kept_for_one_round_lose_one() -> None:
    sent = {"a": 1, "b": 1}
    counted = stack_script.tally(sent, {"a": [1], "b": [1]}, {"a": 1, "b": 1}, {1: [1]})
    assert counted["lost"] == 1


def test_push_delays_count_from_the_poster_s_answer_and_name_the_rounds_never_shown() -> None:
    run = stack_script.Run("t", 0, [])
    # Sitting 1: rounds 1 and 2 answered at 10.0 and 11.0 s; the other phone showed version 2
    # at 11.25 s (round 1's event was overtaken by round 2's). Sitting 2: round 1 answered at
    # 5.0 s, shown at 4.9 s (before the poster's own answer came back), round 2 never.
    run.recorded = {
        1: [(10.0, 1, "steady"), (11.0, 2, "after")],
        2: [(5.0, 1, "steady"), (6.0, 2, "steady")],
    }
    run.shown = {1: [(11.25, 2)], 2: [(4.9, 1)]}
    delays, missed = stack_script.push_delays(run)
    assert missed == 1
    assert sorted(delays["steady"]) == [0.0, 1.25]
    assert delays["after"] == [0.25]


def test_a_figure_holds_only_at_its_wanted_value() -> None:
    assert stack_script.Figure("rounds lost", 0).ok
    assert not stack_script.Figure("rounds lost", 1).ok
    assert stack_script.Figure("posts sent", 120, None).ok


def test_missing_binaries_are_named_in_one_line_with_the_install_command(monkeypatch) -> None:
    monkeypatch.setattr(stackprocs, "SEARCH_PATH", str(ROOT / "nowhere"))
    line = stackprocs.missing_binaries()
    assert line is not None and "\n" not in line
    assert "haproxy and pgbouncer" in line
    assert "apt-get install haproxy pgbouncer" in line


# --- the stack, run and broken ---------------------------------------------------------------


@pytest.mark.stack
def test_the_stack_loses_nothing_when_a_server_dies_and_the_pooler_pauses(tmp_path) -> None:
    """Two app servers behind HAProxy, PgBouncer in transaction pooling, Redis: four tables post
    rounds through a steady spell, one server killed (SIGKILL) and started again, the pooler
    paused, and a spell after; nothing is lost or counted twice and every sitting adds up."""
    missing = stackprocs.missing_binaries()
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(missing)  # tools/test-deps installs them under CI
        pytest.skip(missing)
    summary = tmp_path / "stack.json"
    done = subprocess.run(
        [
            sys.executable, str(ROOT / "benchmarks" / "stack.py"),
            "--servers", "2", "--workers", "1", "--tables", "4",
            "--steady", "3", "--down", "1", "--pause", "1.5", "--after", "2",
            "--database", f"anqing_stack_test_{os.getpid()}",
            "--redis", "redis://127.0.0.1:6379/13",
            "--json", str(summary),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )  # fmt: skip
    output = done.stdout[-4000:] + done.stderr[-4000:]
    assert done.returncode == 0, output
    result = json.loads(summary.read_text())
    assert result["ok"], output
    figures = {figure["name"]: figure for figure in result["figures"]}
    for name in ("rounds lost", "rounds counted twice", "client errors after retries"):
        assert figures[name]["value"] == 0, output
    # Another phone of each table, on the share page through the balancer (its stream to the
    # events process, its fragments from the app servers), showed every round.
    pushed = "push updates missed (a round answered, never shown on the table's other phone)"
    assert figures[pushed]["value"] == 0, output
    assert any(name.startswith("push: a round on its screen") for name in figures), output
    assert result["phases"]["after"]["push_p95_ms"] is not None, output
    assert figures["posts sent"]["value"] == figures["rounds stored"]["value"] > 20, output
    assert figures["double sends (one post to two servers at once)"]["value"] > 0, output
    phases = result["phases"]
    assert list(phases) == ["steady", "server killed", "pooler paused", "after"]
    assert all(phases[name]["posts"] > 0 for name in ("steady", "server killed", "after"))
    # The pause held the posts sent in it: a table posts at least every half second, so one
    # waited for most of the 1.5 s.
    assert phases["pooler paused"]["max_ms"] > 700, output
