"""Taking the last round back.

``round_undo`` voids the newest round that counts (``rounds.round_void``), only if it is still
the round the page asking for it showed: another phone may have recorded or undone one since.
What an undo would do is read by ``selectors.takeback.undo_preview``.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from calculator.errors import CalculatorError
from calculator.models import Round, Session
from calculator.services.history import locked
from calculator.services.limits import open_for_changes
from calculator.services.rounds import round_void


@transaction.atomic
def round_undo(*, session: Session, number: int, user: AbstractBaseUser | None = None) -> Round:
    """Take back the last round: void it (``round_void``) if round ``number`` is still the newest
    that counts, as when the page asking for it was drawn; otherwise E_CONFLICT and nothing
    changes (another phone recorded or undid a round since)."""
    session = locked(session)
    open_for_changes(session)
    last = session.rounds.filter(voided=False).order_by("-number").only("number").first()
    if last is None or last.number != number:
        raise CalculatorError(
            "E_CONFLICT",
            f"第 {number} 局已經不是最後一局，沒有撤銷。",
            f"Round {number} is no longer the last round; nothing was undone.",
            status=409,
        )
    return round_void(session=session, number=number, user=user)
