"""``python manage.py export_session ID [--csv]``: a sitting as the API exports it.

Prints the whole history as JSON (``GET /api/sessions/{id}/export/``: hands, draws and
adjustments, voided ones too; ``POST /api/sessions/import/`` takes it back), or with ``--csv`` the
ledger as CSV (one line per payment, running balances, an adjustment's reason). Exit status 0, or
2 with a message when there is no such sitting.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from calculator.models import Session
from calculator.selectors.exports import session_export
from calculator.selectors.ledger import ledger_csv


class Command(BaseCommand):
    help = "Print a sitting's export (JSON) or its ledger (--csv)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("id", type=int, help="the sitting's id (as in /sessions/ID/)")
        parser.add_argument("--csv", action="store_true", help="the ledger as CSV instead")

    def handle(self, *args: Any, **options: Any) -> None:
        session = Session.objects.filter(pk=options["id"]).first()
        if session is None:
            sys.stderr.write(f"沒有這一場：{options['id']} / no sitting {options['id']}\n")
            sys.exit(2)
        if options["csv"]:
            self.stdout.write(ledger_csv(session), ending="")
            return
        exported = session_export(session)
        self.stdout.write(json.dumps(exported, ensure_ascii=False, indent=2, default=str))
