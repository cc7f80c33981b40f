"""`python manage.py score FILE|-`: the engine's answer as JSON, exit 0 or 2 (docs/api.md)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from scoring import score
from tests.calculator.hands import bao

ROOT = Path(__file__).resolve().parents[2]
REQUEST = {k: v for k, v in bao("W", "N").items() if k != "result"} | {"dealer": "E"}


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "score", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_file_gives_the_engines_result_and_exit_0(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(REQUEST), encoding="utf-8")
    done = run(str(path))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == score(REQUEST)
    assert json.loads(done.stdout)["total"] == "108"  # E 14 + S 10 + N 84 (順包 ×6, R10.2)


def test_standard_input_and_an_error_exit_2():
    bad = {**REQUEST, "win_tile": "9s"}
    done = run("-", stdin=json.dumps(bad))
    assert done.returncode == 2
    assert json.loads(done.stdout) == score(bad)
    assert json.loads(done.stdout)["error"]["code"] == "E_WIN_TILE"


def test_unreadable_input_is_an_error_object(tmp_path):
    done = run("-", stdin="{nope")
    assert done.returncode == 2
    assert json.loads(done.stdout)["error"]["code"] == "E_NOTATION"
    missing = run(str(tmp_path / "absent.json"))
    assert missing.returncode == 2
    assert "absent.json" in json.loads(missing.stdout)["error"]["message_en"]


def test_call_command_in_process(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(REQUEST), encoding="utf-8")
    out = io.StringIO()
    call_command("score", str(path), stdout=out)
    assert json.loads(out.getvalue()) == score(REQUEST)
    with pytest.raises(SystemExit) as exited:
        call_command("score", str(tmp_path / "absent.json"), stdout=io.StringIO())
    assert exited.value.code == 2


@pytest.mark.django_db
def test_a_sitting_exported_from_the_command_line_with_its_adjustments(owner, capsys):
    from calculator.selectors.exports import session_export
    from calculator.services.rounds import round_record
    from calculator.services.sittings import session_create
    from tests.calculator.hands import plain

    session = session_create(owner=owner, name="週六", players=["a", "b", "c", "d"])
    round_record(session=session, entry=plain("S"), user=owner)
    round_record(
        session=session,
        entry={"result": "adjustment", "kind": "penalty", "from": "W", "amount": "2",
               "reason": "詐胡"},
        user=owner,
    )  # fmt: skip
    out = io.StringIO()
    call_command("export_session", str(session.pk), stdout=out)
    exported = json.loads(out.getvalue())
    assert exported == json.loads(json.dumps(session_export(session), default=str))
    assert exported["rounds"][1]["result"] == "adjustment"
    assert exported["rounds"][1]["hand"]["reason"] == "詐胡"
    out = io.StringIO()
    call_command("export_session", str(session.pk), "--csv", stdout=out)
    assert out.getvalue().splitlines()[-1].endswith(",詐胡,")  # the reason, then the fee column
    with pytest.raises(SystemExit) as ended:
        call_command("export_session", "999999")
    assert ended.value.code == 2
    assert "no sitting 999999" in capsys.readouterr().err
