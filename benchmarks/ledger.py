"""Record 1,000 rounds in one session, correct round 1 (re-scoring the 999 after it), read the
ledger; print the time and the number of queries of each step.

    .venv/bin/python benchmarks/ledger.py            # SQLite, a throw-away database file
    DATABASE_URL=postgres://… .venv/bin/python benchmarks/ledger.py
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROUNDS = 1000
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
if "DATABASE_URL" not in os.environ:
    os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/benchmark.sqlite3"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "calculator.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402

from calculator.selectors.ledger import ledger  # noqa: E402
from calculator.selectors.sittings import session_detail  # noqa: E402
from calculator.services.rounds import round_correct, round_record, round_void  # noqa: E402
from calculator.services.sittings import session_create  # noqa: E402

SEATS = "ESWN"


def hand(number: int) -> dict:
    """A mix of wins by every seat (F 3 or 9, R7) and a draw every seventh round."""
    if number % 7 == 0:
        return {"result": "draw"}
    return {
        "result": "win",
        "winner": SEATS[(number * 3) % 4],
        "indicator": "9p",
        "concealed": "123m456m234s678s99p",
        "win_tile": "9p" if number % 2 else "4m",
    }


def measure(label: str, step: Callable[[], Any]) -> Any:
    queries = 0

    def count(execute: Callable, sql: str, params: Any, many: bool, context: dict) -> Any:
        nonlocal queries
        queries += 1
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        started = time.perf_counter()
        answer = step()
        seconds = time.perf_counter() - started
    print(f"{label:<42} {seconds:8.3f} s {queries:6d} queries")
    return answer


def main() -> None:
    call_command("migrate", verbosity=0)
    user_model = get_user_model()
    user_model.objects.filter(username="benchmark").delete()
    owner = user_model.objects.create_user("benchmark")
    session = session_create(owner=owner, name="benchmark", players=["甲", "乙", "丙", "丁"])
    print(f"database: {connection.vendor}")

    def record_all() -> None:
        for number in range(1, ROUNDS + 1):
            round_record(session=session, entry=hand(number), user=owner)

    measure(f"record {ROUNDS} rounds", record_all)
    corrected = {**hand(2), "winner": "E", "win_tile": "4m"}
    measure(
        f"correct round 1 (re-score {ROUNDS - 1})",
        lambda: round_correct(session=session, number=1, entry=corrected, user=owner),
    )
    read_ledger = measure("read the ledger", lambda: ledger(session))
    measure("read the session page (detail + state)", lambda: session_detail(session))
    measure(
        f"void round {ROUNDS // 2} (re-score {ROUNDS // 2})",
        lambda: round_void(session=session, number=ROUNDS // 2),
    )
    balances = read_ledger["balances"]
    print(f"balances after the correction: {balances}")


if __name__ == "__main__":
    main()
