"""Who may see what.

A sitting exists for its owner and the accounts invited to it, and for anyone else only through
its share link: everyone else's sittings answer 404, never 403, so a stranger learns nothing of
them. A share token is checked for its form before it is sent to the database.
"""

from __future__ import annotations

import re
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Q, QuerySet

from calculator.errors import not_found
from calculator.models import Session


def sessions_for_user(user: AbstractBaseUser) -> QuerySet[Session]:
    """The sessions a user owns or was invited to; everyone else's do not exist for them."""
    if not user.is_authenticated:
        return Session.objects.none()
    visible = Session.objects.filter(Q(owner=user) | Q(members=user)).values("pk")
    return Session.objects.filter(pk__in=visible).select_related(
        "owner", "east", "south", "west", "north"
    )


def session_for_user(user: AbstractBaseUser, pk: int) -> Session:
    """The sitting ``pk`` if the user owns it or was invited to it: one query by primary key,
    and for someone other than the owner one more for the invitation."""
    # The row alone (get(): no ORDER BY): the players' names come with ``seat_names`` when a
    # page needs them, and a write through the API never does.
    try:
        session = Session.objects.get(pk=pk) if user.is_authenticated else None
    except Session.DoesNotExist:
        session = None
    if session is None or not seen_by(user, session):
        raise not_found("找不到這一場。", "No such session.")
    return session


def seen_by(user: AbstractBaseUser, session: Session) -> bool:
    """Whether the user owns the sitting (no query) or was invited to it (one query)."""
    return session.owner_id == user.pk or session.members.filter(pk=user.pk).exists()


def sessions_listed(user: AbstractBaseUser, *, archived: bool = False) -> QuerySet[Session]:
    """The sittings a user's list shows: those not archived, or with ``archived`` all of them."""
    sessions = sessions_for_user(user)
    return sessions if archived else sessions.filter(archived_at__isnull=True)


# A share token is what ``secrets.token_urlsafe`` makes: anything else names no sitting, and is
# never sent to the database (PostgreSQL refuses a NUL in a text parameter with an error).
SHARE_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,40}")


def session_by_share_token(token: str) -> Session:
    session = (
        Session.objects.filter(share_token=token).order_by().first()
        if SHARE_TOKEN.fullmatch(token)
        else None
    )
    if session is None:
        raise not_found("這個分享鏈接無效。", "This share link is not valid.")
    return session


def share_version(token: str) -> tuple[int, int] | None:
    """The pk and version of the sitting a share link shows (None for no such link): the one
    cheap query a page asking "anything new?" costs."""
    if not SHARE_TOKEN.fullmatch(token):
        return None
    return Session.objects.filter(share_token=token).values_list("pk", "version").first()


def share_state(token: str) -> tuple[int, int, int] | None:
    """The pk, version and newest round number of the sitting a share link shows (None for no
    such link): what the share page needs to know before it draws anything, in one query."""
    if not SHARE_TOKEN.fullmatch(token):
        return None
    return (
        Session.objects.filter(share_token=token)
        .values_list("pk", "version", "last_number")
        .first()
    )


def members_list(session: Session) -> list[dict[str, Any]]:
    """Who may see and record in a sitting: its owner first, then the members by username."""
    members = session.members.order_by("username")
    return [
        {"username": session.owner.get_username(), "owner": True},
        *({"username": member.get_username(), "owner": False} for member in members),
    ]
