"""Every write happens once, and the table in docs/architecture.md says how: the URL conf (pages
and API) is walked, every view that takes a POST, PUT, PATCH or DELETE is found, and each must be
covered by the write-once mechanism (``calculator.web.once.written_once`` for a page,
``calculator.api.once.written_once`` for each write of the API) or named, with its reason, among
the few that keep no key (``UNKEYED``); the docs' table must name every one of them."""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.http import HttpResponse
from django.urls import URLPattern, URLResolver, get_resolver, include, path
from django.views.decorators.http import require_POST, require_safe

from calculator.api import once as api_once
from calculator.web import once as web_once

ROOT = Path(__file__).resolve().parents[2]
WRITES = ("POST", "PUT", "PATCH", "DELETE")
EVERY_METHOD = frozenset({"GET", "HEAD", "OPTIONS", "TRACE", *WRITES})


@dataclass(frozen=True)
class Write:
    name: str  # "web:round_new", "api:rounds"
    method: str
    path: str  # as docs write it: /api/sessions/{id}/rounds/
    covered: str | None  # where the key is carried or kept (the decorator's mark), or None


def accepted(view: Callable) -> frozenset[str]:
    """The methods a function view takes: every ``require_http_methods`` on its way in narrows
    them (``require_POST``, ``require_safe`` and the page forms' own); none, every method."""
    methods = EVERY_METHOD
    layer: Callable | None = view
    while layer is not None:
        if inspect.isfunction(layer):
            allowed = inspect.getclosurevars(layer).nonlocals.get("request_method_list")
            if allowed is not None:
                methods &= frozenset(allowed)
        layer = getattr(layer, "__wrapped__", None)
    return methods


def as_docs_path(prefix: str, route: str) -> str:
    """``sessions/<int:pk>/rounds/`` as the docs write it: ``/sessions/{id}/rounds/``."""
    route = re.sub(r"<(?:\w+:)?pk>", "{id}", route)
    return "/" + prefix + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route)


def walked(patterns: list, prefix: str = "", namespace: str = "") -> Iterator[Write]:
    """Every write of the pages and the API in ``patterns`` (other namespaces, the admin's and
    the schema's, are Django's and drf-spectacular's own)."""
    for entry in patterns:
        if isinstance(entry, URLResolver):
            inner = entry.namespace or namespace
            yield from walked(entry.url_patterns, prefix + str(entry.pattern), inner)
            continue
        assert isinstance(entry, URLPattern)
        if namespace not in ("web", "api") or not entry.name:
            continue
        name, docs_path = f"{namespace}:{entry.name}", as_docs_path(prefix, str(entry.pattern))
        view_class = getattr(entry.callback, "view_class", None)
        if view_class is not None:
            for method in WRITES:
                handler = getattr(view_class, method.lower(), None)
                if handler is not None and method.lower() in view_class.http_method_names:
                    mark = getattr(handler, "written_once", None)
                    yield Write(name, method, docs_path, mark)
            continue
        for method in sorted(accepted(entry.callback) & set(WRITES)):
            yield Write(name, method, docs_path, getattr(entry.callback, "written_once", None))


def unkeyed(write: Write) -> str | None:
    """Why a write keeps no key, if it is one of those."""
    if write.name.startswith("api:"):
        return api_once.UNKEYED.get((write.name, write.method))
    return web_once.UNKEYED.get(write.name)


def uncovered(writes: list[Write]) -> list[Write]:
    return [write for write in writes if write.covered is None and unkeyed(write) is None]


def the_table(text: str) -> str:
    """The section "A write happens once" of docs/architecture.md."""
    found = re.search(r"^## A write happens once\n(.*?)(?=^## )", text, re.S | re.M)
    assert found, "docs/architecture.md has no section 'A write happens once'"
    return found.group(1)


def named(table: str) -> set[tuple[str, str]]:
    """The (method, path) pairs the table's rows name: a row starts with "| `POST /path`", or
    with several methods of one path ("| `POST PUT /path`")."""
    pairs = set()
    for line in table.splitlines():
        first = re.match(r"\| `((?:[A-Z]+ )+)(/\S*)`", line)
        if first:
            pairs |= {(method, first.group(2)) for method in first.group(1).split()}
    return pairs


def rows_missing(writes: list[Write], table: str) -> list[Write]:
    """The writes the table has no row for."""
    rows = named(table)
    return [write for write in writes if (write.method, write.path) not in rows]


WRITES_OF_THE_APP = list(walked(get_resolver().url_patterns))


def test_every_write_of_the_pages_and_the_api_happens_once() -> None:
    assert uncovered(WRITES_OF_THE_APP) == []
    # The walk finds them all: the page forms and the API's writes (a wrong walk finds none).
    assert len([w for w in WRITES_OF_THE_APP if w.name.startswith("web:") and w.covered]) >= 25
    assert len([w for w in WRITES_OF_THE_APP if w.name.startswith("api:") and w.covered]) >= 25
    assert {(w.name, w.covered) for w in WRITES_OF_THE_APP if w.method == "POST"} >= {
        ("web:round_new", "once"),
        ("api:rounds", "with the sitting"),
        ("api:adjustments", "with the sitting"),
        ("api:sessions", "per user, a week"),
    }


def test_what_keeps_no_key_is_a_real_write_and_says_why() -> None:
    found = {(w.name, w.method) for w in WRITES_OF_THE_APP}
    for name, method in api_once.UNKEYED:
        assert (name, method) in found, (name, method)
    for name in web_once.UNKEYED:
        assert any(w.name == name for w in WRITES_OF_THE_APP), name
    for write in WRITES_OF_THE_APP:
        assert not (write.covered and unkeyed(write)), write


def test_the_table_in_the_docs_names_every_write() -> None:
    table = the_table((ROOT / "docs/architecture.md").read_text())
    assert rows_missing(WRITES_OF_THE_APP, table) == []
    rows = {line.split("|")[1].strip(): line for line in table.splitlines() if line.startswith("|")}
    for write in WRITES_OF_THE_APP:
        reason = unkeyed(write)
        row = next(line for cell, line in rows.items() if re.fullmatch(
            rf"`(?:[A-Z]+ )*{write.method} (?:[A-Z]+ )*{re.escape(write.path)}`", cell))  # fmt: skip
        # A write that keeps no key says why; one that does says how its key is carried.
        assert (reason in row) if reason else ("no key" not in row), (write, row)
    assert "(architecture.md#a-write-happens-once)" in (ROOT / "docs/api.md").read_text()


def test_the_schema_lists_the_header_on_every_write_of_the_api(client) -> None:
    schema = client.get("/api/schema/?format=json").json()
    for write in WRITES_OF_THE_APP:
        if not write.name.startswith("api:"):
            continue
        operation = schema["paths"][write.path][write.method.lower()]
        headers = [p["name"] for p in operation.get("parameters", []) if p["in"] == "header"]
        assert ("Idempotency-Key" in headers) == (write.covered is not None), write


# --- the checks can fail --------------------------------------------------------------------


@require_POST
def bare_write(request) -> HttpResponse:
    return HttpResponse()


@require_safe
def a_page(request) -> HttpResponse:
    return HttpResponse()


def everything(request) -> HttpResponse:
    return HttpResponse()


@pytest.mark.parametrize(
    ("view", "found"),
    [
        (bare_write, [("POST", None)]),
        (web_once.written_once()(bare_write), [("POST", "once")]),
        (a_page, []),
        (everything, [(method, None) for method in sorted(WRITES)]),
        (web_once.written_once()(everything), [("POST", "once")]),
    ],
)
def test_a_write_outside_the_mechanism_is_found(view, found) -> None:
    patterns = [path("", include(([path("x/<int:pk>/", view, name="x")], "web")))]
    writes = list(walked(patterns))
    assert [(w.method, w.covered) for w in writes] == found
    assert uncovered(writes) == [w for w in writes if w.covered is None]
    assert all(w.path == "/x/{id}/" for w in writes)


def test_a_write_missing_from_the_table_is_found() -> None:
    table = the_table((ROOT / "docs/architecture.md").read_text())
    a_new_one = Write("api:new", "POST", "/api/sessions/{id}/new/", "per user, a week")
    assert rows_missing([a_new_one], table) == [a_new_one]
    without_rounds = "\n".join(
        line for line in table.splitlines() if "`POST /api/sessions/{id}/rounds/`" not in line
    )
    assert [w.name for w in rows_missing(WRITES_OF_THE_APP, without_rounds)] == ["api:rounds"]
