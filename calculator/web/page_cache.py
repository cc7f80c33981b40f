"""What the pages a table reads most draw once per version of the sitting, then reuse.

When a round lands every phone at the table fetches its page again at the same moment: the
sitting's page (``#ledger``), the share page (``#live``) and the settle-up page. What they show
of the sitting changes only with the sitting's version (``Session.version``: every change of what
a page shows of it — a round, a correction, a void, an undo, new house rules, an archive, a
player's new name — adds one), so each page keeps what it drew under a key of the sitting, its
version, the language and the page of rounds, and every other phone at that version gets it back.

A key names a version, which never changes once it is written: a kept entry is never stale, it
only stops being asked for once the sitting moves on. Nothing in an entry belongs to one viewer or
one request (the CSRF token, the one-time keys of forms, the CSP nonce, who is logged in, the
owner's buttons): those are drawn around it on every request.

Two layers, both bounded:

- this process's memory: the newest ``LIMIT`` entries, at most ``MOST_BYTES`` in all (least
  recently used out first), so a hit costs no query;
- Django's cache ``pages`` (``CACHES`` in the settings: the database, Redis or memory, as the
  ``default`` one but apart from it, so that pages never push out the log-in counts), shared by
  every worker and every app server, entries kept ``TIMEOUT`` seconds and compressed.

The version is read from the database on every request (the sitting's row, which the page reads
anyway), so several app servers never disagree: a new round is a new key everywhere at once. Keys
also carry a stamp of the code and templates (``code_stamp``), so a deploy never serves what the
old code drew from a shared cache. ``DJANGO_PAGE_CACHE=0`` turns it all off (the default with
``DJANGO_DEBUG``, where templates change under a running server).
"""

from __future__ import annotations

import hashlib
import logging
import pickle
import zlib
from collections import OrderedDict
from collections.abc import Callable
from functools import cache
from threading import Lock
from typing import Any

from django.conf import settings
from django.core.cache import caches

ALIAS = "pages"
# This process keeps at most this many entries, and at most this many bytes of them (pickled).
LIMIT = 512
MOST_BYTES = 32 * 1024 * 1024
# Bigger than this (pickled) and an entry is drawn afresh each time instead of kept.
MOST_ENTRY_BYTES = 1024 * 1024

# What the code stamp reads: everything that draws a page.
STAMPED = ("calculator", "scoring", "templates", "locale")
STAMPED_SUFFIXES = frozenset({".py", ".html", ".svg", ".mo"})

log = logging.getLogger("calculator")

_store: OrderedDict[str, tuple[Any, int]] = OrderedDict()
_bytes = 0
_lock = Lock()


@cache
def code_stamp() -> str:
    """A hash of the code, templates and translations that draw the pages, made once per
    process: two servers running the same release share entries, a new release draws anew."""
    digest = hashlib.sha256()
    for top in STAMPED:
        for path in sorted((settings.BASE_DIR / top).rglob("*")):
            if path.suffix in STAMPED_SUFFIXES and path.is_file():
                digest.update(str(path.relative_to(settings.BASE_DIR)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def key_of(kind: str, *parts: object) -> str:
    """The key of an entry: what it is (``kind``) and everything its content depends on."""
    return ":".join(["page", code_stamp(), kind, *(str(part) for part in parts)])


def sitting_key(session: Any) -> str:
    """A sitting in a key: its id and when it was opened, so that an id used again (a database
    restored from a copy) never meets another sitting's entries."""
    return f"{session.pk}-{int(session.created_at.timestamp() * 1_000_000)}"


def kept[T](key: str, draw: Callable[[], T]) -> T:
    """The entry under ``key``: from this process, else from the shared cache, else ``draw()``
    (then kept in both). ``draw`` must depend on nothing that ``key`` does not name."""
    if not getattr(settings, "PAGE_CACHE", True):
        return draw()
    with _lock:
        found = _store.get(key)
        if found is not None:
            _store.move_to_end(key)
            return found[0]
    packed = _shared_get(key)
    if packed is not None:
        value = pickle.loads(packed)
    else:
        value = draw()
        packed = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
        if len(packed) > MOST_ENTRY_BYTES:
            return value
        _shared_set(key, zlib.compress(packed, 1))
    _keep(key, value, len(packed))
    return value


def _keep(key: str, value: Any, size: int) -> None:
    global _bytes
    with _lock:
        if key in _store:
            _bytes -= _store.pop(key)[1]
        _store[key] = (value, size)
        _bytes += size
        while len(_store) > LIMIT or _bytes > MOST_BYTES:
            _bytes -= _store.popitem(last=False)[1][1]


def _shared_get(key: str) -> bytes | None:
    """The entry from the shared cache (pickled), None if it has none or cannot be reached (the
    page is then drawn: a cache that is down makes pages slower, never wrong)."""
    try:
        blob = caches[ALIAS].get(key)
        return None if blob is None else zlib.decompress(blob)
    except Exception:
        log.warning("page cache: could not read %s", key, exc_info=True)
        return None


def _shared_set(key: str, blob: bytes) -> None:
    try:
        caches[ALIAS].set(key, blob)
    except Exception:
        log.warning("page cache: could not keep %s", key, exc_info=True)


def clear() -> None:
    """Forget what this process keeps (the tests start each from nothing; the shared cache is
    theirs to clear)."""
    global _bytes
    with _lock:
        _store.clear()
        _bytes = 0


def kept_here() -> int:
    """How many entries this process keeps."""
    return len(_store)
