"""The caps, and the checks that refuse a write before anything is saved.

Nothing is unbounded: rounds and rules versions of a sitting, live sittings of an account, and the
size of an import have caps (the limits section of the settings), refused with E_LIMIT (HTTP 422).
Only an owner may do an owner's change (``owned_by``: E_FORBIDDEN, 403), and an archived sitting
is read-only until its owner restores it (``open_for_changes``: E_CONFLICT, 409).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser

from calculator.errors import CalculatorError
from calculator.models import Session


def limit_reached(message: str, message_en: str) -> CalculatorError:
    """A cap of the app (settings' limits section): E_LIMIT, HTTP 422."""
    return CalculatorError("E_LIMIT", message, message_en, status=422)


def owned_by(owner_id: int, user: AbstractBaseUser | None, who: str, who_en: str) -> None:
    """E_FORBIDDEN (403) unless ``user`` is the owner; ``who``/``who_en`` name the owner and
    the act ("這一場的主人可以改家規", "the session's owner may change the house rules")."""
    if user is None or owner_id != user.pk:
        raise CalculatorError("E_FORBIDDEN", f"只有{who}。", f"Only {who_en}.", status=403)


def open_for_changes(session: Session) -> None:
    """An archived sitting is read-only until its owner restores it."""
    if session.archived_at is not None:
        raise CalculatorError(
            "E_CONFLICT",
            "這一場已歸檔，只能查看：主人恢復它之後才能記局、更正、作廢、撤銷或改家規。",
            "This session is archived and read-only: its owner must restore it before rounds "
            "can be recorded, corrected, voided or undone, or the rules changed.",
            status=409,
        )


def round_cap(last: int) -> None:
    """Refuse the round after the cap (``last`` is the number of the newest round)."""
    cap = settings.MAX_ROUNDS_PER_SESSION
    if last >= cap:
        raise limit_reached(
            f"這一場已經有 {cap} 局，到了一場的上限，不能再記了；請用同樣的人再開一場。",
            f"This session has reached the cap of {cap} rounds and takes no more; start a new "
            f"session with the same players to go on.",
        )


def rules_versions_cap(count: int) -> None:
    cap = settings.MAX_RULES_VERSIONS_PER_SESSION
    if count > cap:
        raise limit_reached(
            f"一場最多 {cap} 個家規版本，這裡有 {count} 個。",
            f"A session has at most {cap} rules versions; this one would have {count}.",
        )


def live_sessions_cap(owner: AbstractBaseUser) -> None:
    cap = settings.MAX_LIVE_SESSIONS_PER_USER
    if Session.objects.filter(owner=owner, archived_at__isnull=True).count() >= cap:
        raise limit_reached(
            f"你已經有 {cap} 場沒有歸檔的牌局，到了上限；請先歸檔或刪除一些舊的。",
            f"You already have {cap} sessions that are not archived, the cap; archive or delete "
            f"some old ones first.",
        )


def import_caps(versions: list, rounds: list) -> None:
    """An import past a cap is refused before any of it is read: no work for a file that could
    never be saved."""
    cap = settings.MAX_ROUNDS_PER_SESSION
    if len(rounds) > cap:
        raise limit_reached(
            f"文件裡有 {len(rounds)} 局，一場最多 {cap} 局，沒有導入；請把它分成幾場。",
            f"The file has {len(rounds)} rounds and a session has at most {cap}; nothing was "
            f"imported. Split it into several sessions.",
        )
    rules_versions_cap(len(versions))
