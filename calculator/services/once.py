"""A write done once per ``Idempotency-Key``.

The key and a hash of the request it came with are stored with the first answer: a replay by the
same user with the same body gets that answer and writes nothing; the key sent again with another
body or by another user is E_IDEMPOTENCY (``same_request_checked``). ``round_record`` keeps its
keys with the sitting; ``answered_once`` keeps those of the API's writes that belong to no
sitting (the roster's merge and link).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction

from calculator.errors import CalculatorError, invalid
from calculator.models import IdempotentAnswer


def request_hash(body: Mapping) -> str:
    """SHA-256 (hex) of the canonical JSON of a request body: keys sorted, no spaces, UTF-8."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


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


@dataclass(frozen=True)
class Answered:
    """An API write done once per ``Idempotency-Key``: its answer, or the first one again."""

    status: int
    body: dict
    replayed: bool


# The prefix of an API key kept with no sitting (a roster write): page form keys never have it.
API_KEY_PREFIX = "api:"


@transaction.atomic
def answered_once(
    *,
    user: AbstractBaseUser,
    key: str | None,
    request_body: Mapping,
    write: Callable[[], tuple[int, dict]],
) -> Answered:
    """``write()`` (its status and body), once per ``Idempotency-Key`` of the user: a replay
    (the same user, the same body) gets the first answer and writes nothing, the key reused for
    another request is E_IDEMPOTENCY. For the API's writes that belong to no sitting (the
    roster's merge and link); kept a week, as page form keys are. Without a key: ``write()``."""
    if not key:
        status, body = write()
        return Answered(status, body, replayed=False)
    if len(key) > 200 or not key.isprintable():
        raise invalid(
            "Idempotency-Key 最多 200 個可見字符。",
            "Idempotency-Key is at most 200 printable characters.",
        )
    stored_key = API_KEY_PREFIX + key
    body_hash = request_hash(request_body)
    first = IdempotentAnswer.objects.filter(session=None, user=user, key=stored_key).first()
    if first is not None:
        same_request_checked(first, user, body_hash)
        return Answered(first.status, first.body, replayed=True)
    status, body = write()
    try:
        with transaction.atomic():
            IdempotentAnswer.objects.create(
                session=None,
                key=stored_key,
                user=user,
                body_hash=body_hash,
                status=status,
                body=body,
            )
    except IntegrityError:
        # The same key at the same moment: the other request's write stands, this one's is
        # taken back with the transaction.
        raise CalculatorError(
            "E_CONFLICT",
            "同一個 Idempotency-Key 的另一個請求剛剛完成，請重試以得到它的回答。",
            "Another request with this Idempotency-Key just finished; retry to get its answer.",
            status=409,
        ) from None
    return Answered(status, body, replayed=False)
