"""A write happens once: the one mechanism behind the API's ``Idempotency-Key`` header, the key
every page form that changes something carries, and a round's key kept with its sitting.

A key arrives with a request. The first request with it does the work and its answer is kept
(an ``IdempotentAnswer``), bound to the user who sent it and to the SHA-256 of the request's
canonical body (``request_hash``); the same request again gets that answer back and writes
nothing; the key sent again with another body, or by another user, is refused and writes nothing
(``same_request``; the API's words for it: ``same_request_checked``, E_IDEMPOTENCY). Only a
write uses up its key: an answer that is not kept leaves it usable.

Where a key is kept (``once_claim``):

- ``session=`` a sitting: the key is the sitting's, for as long as the sitting lives (the round
  and adjustment posts of the API). The caller holds the sitting's row lock, so two requests
  with one key take turns: the key is looked up, and the answer kept, inside that lock.
- no sitting: the key is kept a week (``KEPT_FOR``; ``forget_old``), the user's own. It is
  claimed before the write (a row inserted in the write's transaction), so a second request with
  the key at the same moment waits for the first and then gets its answer.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from functools import cache
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import connection
from django.utils import timezone

from calculator.compiled import inserted
from calculator.errors import CalculatorError, invalid
from calculator.models import IdempotentAnswer, Session
from calculator.services.history import kept_answer

KEY_MAX = 200
# Keys kept with no sitting are forgotten after this long; a sitting's go with it.
KEPT_FOR = timedelta(days=7)
# A claim not yet answered (the row exists only inside the transaction that made it).
CLAIMED = 0


def request_hash(body: Mapping) -> str:
    """SHA-256 (hex) of the canonical JSON of a request body: keys sorted, no spaces, UTF-8."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def key_usable(key: str) -> bool:
    """A key can be kept: at most ``KEY_MAX`` characters, every one printable."""
    return len(key) <= KEY_MAX and key.isprintable()


def key_checked(key: str) -> None:
    """``key_usable``, or E_INVALID (the API's words)."""
    if not key_usable(key):
        raise invalid(
            "Idempotency-Key 最多 200 個可見字符。",
            "Idempotency-Key is at most 200 printable characters.",
        )


def as_text(body: Any) -> str:
    """An answer as it is kept: its JSON text, keys in the order the write gave them."""
    return json.dumps(body, ensure_ascii=False, separators=(",", ":"), default=str)


def same_request(first: IdempotentAnswer, user: AbstractBaseUser | None, body_hash: str) -> bool:
    """A key is replayed only for the user and the body it was first sent with. Answers stored
    before keys remembered them (no user, no hash) replay as they always did."""
    user_id = user.pk if user is not None else None
    other_user = first.user_id is not None and first.user_id != user_id
    return not (other_user or (first.body_hash and first.body_hash != body_hash))


def same_request_checked(
    first: IdempotentAnswer, user: AbstractBaseUser | None, body_hash: str
) -> None:
    """``same_request``, or E_IDEMPOTENCY (the API's words)."""
    if not same_request(first, user, body_hash):
        raise CalculatorError(
            "E_IDEMPOTENCY",
            "這個 Idempotency-Key 已用於另一個請求（內容不同或來自另一位用戶），沒有記錄任何東西；"
            "新的一局請用新的 key。",
            "This Idempotency-Key was used for a different request (another body or another "
            "user); nothing was recorded. Send a new round with a new key.",
            status=422,
        )


@dataclass
class Once:
    """A key claimed for one write: ``first`` is the answer kept for the key already (a replay,
    or another request, as ``same_request`` says), or None, and then the write goes ahead and
    ``keep`` keeps its answer (or ``release`` leaves the key usable)."""

    key: str
    user: AbstractBaseUser | None
    body_hash: str
    session: Session | None
    first: IdempotentAnswer | None = None
    claim: IdempotentAnswer | None = None

    @property
    def same(self) -> bool:
        """The key was first sent with this request (by this user, with this body)."""
        return self.first is not None and same_request(self.first, self.user, self.body_hash)

    def keep(self, status: int, body: Any) -> None:
        """Keep the write's answer for the key: what a replay answers."""
        if self.claim is None:
            # With a sitting: the lock the caller holds keeps the key to this request.
            # One INSERT, with no save() machinery (the answer has no signals).
            answer = IdempotentAnswer(
                session=self.session,
                key=self.key,
                user=self.user if self.user is not None and self.user.pk is not None else None,
                body_hash=self.body_hash,
                status=status,
                body=as_text(body),
            )
            inserted([answer])
            return
        self.claim.status = status
        self.claim.body = as_text(body)
        with connection.cursor() as cursor:
            cursor.execute(_keep_sql(), [status, self.claim.body, self.claim.pk])
        forget_old()

    def release(self) -> None:
        """Nothing was written (a form shown again, a refusal, a preview): the key stays usable."""
        if self.claim is not None:
            self.claim.delete()
            self.claim = None


def once_claim(
    *,
    key: str,
    user: AbstractBaseUser,
    body_hash: str,
    session: Session | None = None,
    drawn: bool = False,
) -> Once:
    """The key's first answer, or the key claimed for this request; inside the write's
    transaction.

    ``session``: the key is the sitting's (its row locked by the caller), any member's to
    replay. Without: the key is kept a week and is the user's own: a client's key (the API's
    header) never meets another user's; a key a page ``drawn`` into one form is that form's,
    so another user sending it is refused rather than given a key of their own."""
    if session is not None:
        # Its id may have come with the locked row already (history.locked's answer_key).
        return Once(key, user, body_hash, session, first=kept_answer(session, key))
    kept = IdempotentAnswer.objects.filter(session=None, key=key)
    rows = list(kept if drawn else kept.filter(user=user))
    first = next((row for row in rows if row.user_id == user.pk), rows[0] if rows else None)
    if first is not None:
        return Once(key, user, body_hash, None, first=first)
    claimed = _claim(key, user, body_hash)
    if claimed is None:
        # Another request with this key got there first. On PostgreSQL the insert waited for its
        # transaction: its answer is committed, or it was taken back (then the insert would have
        # gone through).
        first = IdempotentAnswer.objects.get(session=None, key=key, user=user)
        return Once(key, user, body_hash, None, first=first)
    return Once(key, user, body_hash, None, claim=claimed)


def _claim(key: str, user: AbstractBaseUser, body_hash: str) -> IdempotentAnswer | None:
    """The key claimed for this request: a row inserted in the caller's transaction, or None
    if the user's key is there already. One statement, ``INSERT … ON CONFLICT DO NOTHING
    RETURNING`` (SQLite and PostgreSQL alike), instead of an insert in a savepoint."""
    now = timezone.now()
    values = [key, user.pk, body_hash, CLAIMED, "{}", connection.ops.adapt_datetimefield_value(now)]
    with connection.cursor() as cursor:
        cursor.execute(_claim_sql(), values)
        row = cursor.fetchone()
    if row is None:
        return None
    return IdempotentAnswer.from_db(
        connection.alias,
        ["id", "session_id", "key", "user_id", "body_hash", "status", "body", "created_at"],
        [row[0], None, key, user.pk, body_hash, CLAIMED, "{}", now],
    )


@cache
def _claim_sql() -> str:
    quote, meta = connection.ops.quote_name, IdempotentAnswer._meta
    columns = ", ".join(
        quote(meta.get_field(name).column)
        for name in ("session", "key", "user", "body_hash", "status", "body", "created_at")
    )
    return (
        f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES (NULL, %s, %s, %s, %s, %s, %s) "
        f"ON CONFLICT DO NOTHING RETURNING {quote(meta.pk.column)}"
    )


@cache
def _keep_sql() -> str:
    quote, meta = connection.ops.quote_name, IdempotentAnswer._meta
    return (
        f"UPDATE {quote(meta.db_table)} SET {quote('status')} = %s, {quote('body')} = %s "
        f"WHERE {quote(meta.pk.column)} = %s"
    )


@cache
def _forget_sql() -> str:
    quote, meta = connection.ops.quote_name, IdempotentAnswer._meta
    return (
        f"DELETE FROM {quote(meta.db_table)} WHERE {quote('session_id')} IS NULL "
        f"AND {quote('created_at')} < %s"
    )


def once_with_sitting(
    *,
    session: Session,
    key: str | None,
    user: AbstractBaseUser | None,
    request_body: Mapping,
) -> Once | None:
    """A key kept with a sitting whose row the caller has locked (``round_record``): None
    without a key; E_INVALID for a key that cannot be kept, E_IDEMPOTENCY for a key first sent
    with another request. ``Once.first`` is the answer to replay."""
    if not key:
        return None
    key_checked(key)
    once = once_claim(key=key, user=user, body_hash=request_hash(request_body), session=session)
    if once.first is not None:
        same_request_checked(once.first, user, once.body_hash)
    return once


def forget_old() -> None:
    """Keys kept with no sitting are forgotten after a week (one query: the index on
    ``created_at``); those kept with a sitting go with it."""
    since = connection.ops.adapt_datetimefield_value(timezone.now() - KEPT_FOR)
    with connection.cursor() as cursor:
        cursor.execute(_forget_sql(), [since])
