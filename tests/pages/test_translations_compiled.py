"""Each catalogue defines a message once, and the compiled .mo says what the .po says: a
duplicate breaks compilemessages, a stale .mo shows old words on the pages."""

from __future__ import annotations

import ast
import gettext
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = sorted((ROOT / "locale").glob("*/LC_MESSAGES/django.po"))


def entries(path: Path) -> list[tuple[str | None, str, str]]:
    """(msgctxt, msgid, msgstr) of every singular entry, header excluded."""
    found: list[tuple[str | None, str, str]] = []
    current: dict[str, str] = {}
    field = None

    def flush() -> None:
        if "msgid" in current and current["msgid"] and "msgid_plural" not in current:
            found.append((current.get("msgctxt"), current["msgid"], current.get("msgstr", "")))
        current.clear()

    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        line = line.strip()
        if not line or line.startswith("#"):
            if not line and current:
                flush()
            continue
        if line.startswith('"'):
            current[field] += ast.literal_eval(line)
            continue
        key, _, value = line.partition(" ")
        if key == "msgctxt" and "msgid" in current:
            flush()
        field = key
        current[key] = ast.literal_eval(value)
    return found


@pytest.mark.parametrize("po", CATALOGUES, ids=lambda p: p.parent.parent.name)
def test_each_message_is_defined_once(po: Path) -> None:
    keys = [(context, msgid) for context, msgid, _ in entries(po)]
    duplicates = {key for key in keys if keys.count(key) > 1}
    assert not duplicates


@pytest.mark.parametrize("po", CATALOGUES, ids=lambda p: p.parent.parent.name)
def test_the_compiled_catalogue_matches_its_source(po: Path) -> None:
    with po.with_suffix(".mo").open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    stale = [
        msgid
        for context, msgid, msgstr in entries(po)
        if msgstr
        and (compiled.pgettext(context, msgid) if context else compiled.gettext(msgid)) != msgstr
    ]
    assert not stale, f"run manage.py compilemessages: {stale[:3]}"
