"""Groups: people of a roster who play together (model ``Group``).

The group's owner creates it from 2 to ``GROUP_PLAYERS_MAX`` people of their roster, renames it,
changes its people, lets other accounts see it, deletes it, and marks its sittings paid out (the
ones the settle-up they saw was made of). Its standings are read by ``selectors.groups``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from calculator.errors import invalid
from calculator.events import changed_on_commit
from calculator.models import Group, Player, Session
from calculator.numbers import an_id, shown
from calculator.selectors.groups import group_sittings
from calculator.services.limits import limit_reached, owned_by

GROUP_NAME_MAX = 60
# At most this many people in a group, and groups an account may own.
GROUP_PLAYERS_MAX = 12
GROUPS_MAX = 100


def _group_owner_only(group: Group, user: AbstractBaseUser | None, what: str, en: str) -> None:
    owned_by(group.owner_id, user, f"群主可以{what}", f"the group's owner may {en}")


def _checked_group_name(name: object) -> str:
    cleaned = name.strip() if isinstance(name, str) else ""
    if not cleaned or len(cleaned) > GROUP_NAME_MAX:
        raise invalid(
            f"name（群的名字）必須是 1 到 {GROUP_NAME_MAX} 個字。",
            f"name (the group's name) must be 1 to {GROUP_NAME_MAX} characters.",
        )
    return cleaned


def _an_id(pk: int) -> bool:
    """Whether ``pk`` can be a row's id (a positive 64-bit integer)."""
    return an_id(pk)


def _group_players(owner: AbstractBaseUser, players: object) -> list[Player]:
    """``players``: a list of 2 to ``GROUP_PLAYERS_MAX`` different ids of the owner's roster."""
    if (
        not isinstance(players, list)
        or any(isinstance(pk, bool) or not isinstance(pk, int) for pk in players)
        or not 2 <= len(set(players)) <= GROUP_PLAYERS_MAX
    ):
        raise invalid(
            f"players 必須是你花名冊上 2 到 {GROUP_PLAYERS_MAX} 個人的 id（整數）列表。",
            f"players must be a list of the ids (whole numbers) of 2 to {GROUP_PLAYERS_MAX} "
            f"players of your roster.",
        )
    # An id out of the database's range names nobody (and is never sent to it).
    found = list(Player.objects.filter(owner=owner, pk__in=[pk for pk in players if _an_id(pk)]))
    missing = sorted(set(players) - {player.pk for player in found})
    if missing:
        raise invalid(
            f"players 裡的 {shown(missing[0])} 不是你花名冊上的人。",
            f"players: {shown(missing[0])} is not a player of your roster.",
        )
    return found


@transaction.atomic
def group_create(*, owner: AbstractBaseUser, name: object, players: object) -> Group:
    """A new group of the owner's roster ``players`` (their ids) named ``name`` (1–60)."""
    cleaned = _checked_group_name(name)
    people = _group_players(owner, players)
    if Group.objects.filter(owner=owner).count() >= GROUPS_MAX:
        raise limit_reached(
            f"一個賬號最多建 {GROUPS_MAX} 個群。",
            f"An account may own at most {GROUPS_MAX} groups.",
        )
    group = Group.objects.create(owner=owner, name=cleaned)
    group.players.set(people)
    return group


@transaction.atomic
def group_update(
    *,
    group: Group,
    user: AbstractBaseUser | None,
    name: object = None,
    players: object = None,
) -> Group:
    """Rename the group and/or set its players (owner only); None leaves either as it is."""
    group = Group.objects.select_for_update().get(pk=group.pk)
    _group_owner_only(group, user, "改群", "change it")
    if name is not None:
        group.name = _checked_group_name(name)
        group.save(update_fields=["name"])
    if players is not None:
        group.players.set(_group_players(group.owner, players))
    return group


@transaction.atomic
def group_member_add(*, group: Group, user: AbstractBaseUser | None, username: object) -> None:
    """Let the account ``username`` see the group (owner only)."""
    _group_owner_only(group, user, "加成員", "add members")
    account = (
        get_user_model().objects.filter(username=username.strip()).first()
        if isinstance(username, str) and username.strip()
        else None
    )
    if account is None:
        raise invalid(f"沒有用戶名為 {username!r} 的用戶。", f"No user named {username!r}.")
    if account.pk == group.owner_id:
        raise invalid("群主本來就能看到這個群。", "The group's owner sees the group already.")
    group.members.add(account)


@transaction.atomic
def group_member_remove(*, group: Group, user: AbstractBaseUser | None, username: object) -> None:
    """The account ``username`` no longer sees the group as a member (owner only)."""
    _group_owner_only(group, user, "移除成員", "remove members")
    member = group.members.filter(username=username).first() if isinstance(username, str) else None
    if member is None:
        raise invalid(
            f"{username!r} 不是這個群的成員。", f"{username!r} is not a member of this group."
        )
    group.members.remove(member)


@transaction.atomic
def group_delete(*, group: Group, user: AbstractBaseUser | None) -> None:
    """Delete the group; its players and their sittings stay as they are."""
    _group_owner_only(group, user, "刪除群", "delete it")
    group.delete()


@dataclass(frozen=True)
class GroupPaidOut:
    """What marking a group's sittings paid out did: ``marked``, the ids of the sittings it
    marked (the user's own), oldest first; ``not_yours``, those it left alone because another
    account opened them (only their owner marks them), each ``{"id", "name", "owner"}``."""

    marked: list[int]
    not_yours: list[dict[str, Any]]


@transaction.atomic
def group_paid_out(
    *, group: Group, user: AbstractBaseUser | None, sittings: object = None
) -> GroupPaidOut:
    """Mark paid out the group's sittings not paid out yet: those of ``sittings`` (their ids:
    the ones the settle-up the user saw was made of; an id of no such sitting is passed over),
    or every one when ``sittings`` is None. Only the user's own sittings are marked; the others
    are named and left alone. Owner of the group only."""
    _group_owner_only(group, user, "標記已結清", "mark its sittings paid out")
    if sittings is not None and (
        not isinstance(sittings, list)
        or any(isinstance(pk, bool) or not isinstance(pk, int) for pk in sittings)
    ):
        raise invalid(
            "sittings 必須是要標記已結清的場的 id（整數）列表。",
            "sittings must be a list of the ids (whole numbers) of the sittings to mark paid out.",
        )
    assert user is not None
    unpaid = group_sittings(group).filter(paid_out_at__isnull=True)
    if sittings is not None:
        unpaid = unpaid.filter(pk__in=[pk for pk in sittings if _an_id(pk)])
    # Locked: a second request at once waits, then finds them marked.
    rows = list(
        Session.objects.select_for_update(of=("self",))
        .filter(pk__in=unpaid.values("pk"))
        .order_by("created_at", "id")
        .values_list("pk", "name", "owner_id", "owner__username")
    )
    marked = [pk for pk, _name, owner, _username in rows if owner == user.pk]
    Session.objects.filter(pk__in=marked).update(
        paid_out_at=timezone.now(), paid_out_by=user, version=F("version") + 1
    )
    not_yours = [
        {"id": pk, "name": name, "owner": username}
        for pk, name, owner, username in rows
        if owner != user.pk
    ]
    for pk in marked:
        changed_on_commit(pk)
    return GroupPaidOut(marked=marked, not_yours=not_yours)
