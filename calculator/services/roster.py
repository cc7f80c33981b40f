"""The roster: the people a user plays with, across sittings (model ``Player``).

The roster's owner adds a person before their first sitting, renames a person (every sitting they played shows the new name), merges two
entries that are one person (refused for two who sat at one table), and links a person to an
account, which may then see them and their sittings read-only, or takes the link away. Who sits
at a new sitting is ``sittings.seated_people``.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F, Q

from calculator.errors import CalculatorError, invalid, not_found
from calculator.events import changed_on_commit
from calculator.models import Group, Player, SeatTotals, Session, roster_key
from calculator.numbers import shown
from calculator.selectors.sittings import SEAT_FIELDS
from calculator.services.limits import limit_reached, owned_by

# At most this many people on a roster for the owner to add by hand (a sitting's people are
# bounded by the caps on sittings).
ROSTER_MAX = 1000


def seated_in(player: Player | int) -> Q:
    """The sittings where ``player`` sits, at any seat."""
    pk = player.pk if isinstance(player, Player) else player
    return Q(east=pk) | Q(south=pk) | Q(west=pk) | Q(north=pk)


def _roster_owner_only(player: Player, user: AbstractBaseUser | None, what: str, en: str) -> None:
    owned_by(player.owner_id, user, f"花名冊的主人可以{what}", f"the roster's owner may {en}")


def _roster_changed(pks: list[int]) -> None:
    """The sittings that show these people by name: one version more, so a page or a share link
    showing the old name learns that something changed."""
    query = Q()
    for pk in pks:
        query |= seated_in(pk)
    changed = list(Session.objects.filter(query).values_list("pk", flat=True))
    Session.objects.filter(pk__in=changed).update(version=F("version") + 1)
    for pk in changed:
        changed_on_commit(pk)


def _checked_name(name: object) -> str:
    cleaned = name.strip() if isinstance(name, str) else ""
    if not cleaned or len(cleaned) > 40:
        raise invalid("名字必須是 1 到 40 個字。", "A name must be 1 to 40 characters.")
    return cleaned


@transaction.atomic
def player_add(*, owner: AbstractBaseUser, name: object, distinct: object = False) -> Player:
    """A new person on ``owner``'s roster named ``name`` (1–40 once the spaces around it are
    dropped), before their first sitting. A name the roster has already (``roster_key``: "Ann"
    is " ann") is the person who is there, so it is refused, naming them, unless ``distinct`` is
    true: a different person of the same name, as the new-sitting form's "a different 小李"."""
    if not isinstance(distinct, bool):
        raise invalid(
            f"distinct 必須是 true 或 false，收到 {shown(distinct)}。",
            f"distinct must be true or false, got {shown(distinct)}.",
        )
    cleaned = _checked_name(name)
    # The owner's row, locked: two adds at once take turns, so neither misses the other's name.
    list(get_user_model().objects.select_for_update().filter(pk=owner.pk).values_list("pk"))
    roster = Player.objects.filter(owner=owner)
    if not distinct:
        key = roster_key(cleaned)
        named = roster.filter(name__iexact=cleaned).order_by("pk")
        same = next((person for person in named if roster_key(person.name) == key), None)
        if same is not None:
            raise invalid(
                f"name：你的花名冊上已經有“{same.name}”了。是同一個人就不用再加；是同名的另一個人，"
                f"請同時送 distinct: true。",
                f"name: your roster has {same.name!r} already (player {same.pk}). The same "
                f"person needs no adding; for a different person of that name, send "
                f"distinct: true as well.",
            )
    if roster.count() >= ROSTER_MAX:
        raise limit_reached(
            f"一個花名冊最多 {ROSTER_MAX} 個人。",
            f"A roster holds at most {ROSTER_MAX} people.",
        )
    return Player.objects.create(owner=owner, name=cleaned)


@transaction.atomic
def player_rename(*, player: Player, user: AbstractBaseUser | None, name: object) -> Player:
    """A roster player's new name, shown at every sitting they played (owner only)."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    _roster_owner_only(player, user, "改名字", "rename a player")
    cleaned = _checked_name(name)
    if cleaned != player.name:
        player.name = cleaned
        player.save(update_fields=["name"])
        _roster_changed([player.pk])
    return player


@transaction.atomic
def player_merge(*, owner: AbstractBaseUser | None, keep: Player, merged: Player) -> Player:
    """Two roster entries that are one person become ``keep``: every seat of ``merged`` points at
    ``keep`` and ``merged`` is deleted (its account link, if ``keep`` has none, goes to
    ``keep``). Refused: two owners' players, a player with itself, and two people who sat at one
    sitting (a person cannot sit twice at one table)."""
    if keep.pk == merged.pk:
        raise invalid(
            f"“{keep.name}”不能和自己合併：請選花名冊上的另一個人。",
            f"{keep.name!r} cannot be merged with itself: pick another player of the roster.",
        )
    locked = {
        player.pk: player
        for player in Player.objects.select_for_update().filter(pk__in=[keep.pk, merged.pk])
    }
    if len(locked) != 2:
        raise not_found("找不到這個人。", "No such player.")
    keep, merged = locked[keep.pk], locked[merged.pk]
    _roster_owner_only(keep, owner, "合併", "merge players")
    if merged.owner_id != keep.owner_id:
        raise CalculatorError(
            "E_FORBIDDEN",
            "只能合併同一個花名冊上的兩個人。",
            "Only two players of the same roster can be merged.",
            status=403,
        )
    together = Session.objects.filter(seated_in(keep) & seated_in(merged)).first()
    if together is not None:
        raise CalculatorError(
            "E_SAME_TABLE",
            f"“{keep.name}”和“{merged.name}”一起坐在“{together.name}”這一場：他們是兩個人，"
            f"一個人不能同時坐兩個位置，所以不能合併。",
            f"{keep.name!r} and {merged.name!r} sat together at {together.name!r}: they are two "
            f"people (a person cannot sit twice at one table), so they cannot be merged.",
        )
    if keep.user_id and merged.user_id and keep.user_id != merged.user_id:
        raise invalid(
            f"“{keep.name}”和“{merged.name}”連著兩個不同的賬號，不能合併。",
            f"{keep.name!r} and {merged.name!r} are linked to two different accounts; they "
            f"cannot be merged.",
        )
    for field in SEAT_FIELDS.values():
        Session.objects.filter(**{field: merged.pk}).update(**{field: keep.pk})
    SeatTotals.objects.filter(player=merged).update(player=keep)
    # The groups the other entry was in have the person kept instead.
    for group in Group.objects.filter(players=merged):
        group.players.add(keep)
    if keep.user_id is None and merged.user_id is not None:
        keep.user_id = merged.user_id
        keep.save(update_fields=["user"])
    merged.delete()
    _roster_changed([keep.pk])
    return keep


@transaction.atomic
def player_link(*, player: Player, user: AbstractBaseUser | None, username: object) -> Player:
    """Link a roster player to the account ``username`` (the roster's owner only): that account
    may then see this player and the sittings they played, read-only."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    _roster_owner_only(player, user, "連到賬號", "link a player to an account")
    account = (
        get_user_model().objects.filter(username=username).first()
        if isinstance(username, str) and username
        else None
    )
    if account is None:
        raise invalid(f"沒有用戶名為 {username!r} 的用戶。", f"No user named {username!r}.")
    other = (
        Player.objects.filter(owner_id=player.owner_id, user=account).exclude(pk=player.pk).first()
    )
    if other is not None:
        raise invalid(
            f"{username!r} 已經連著你花名冊上的“{other.name}”；是同一個人的話，先把兩個合併。",
            f"{username!r} is already linked to {other.name!r} on your roster; if they are the "
            f"same person, merge the two first.",
        )
    if player.user_id != account.pk:
        player.user = account
        player.save(update_fields=["user"])
    return player


def player_unlink(*, player: Player, user: AbstractBaseUser | None) -> Player:
    """Take the link between a roster player and an account away (the roster's owner only):
    the account sees the player no more. Unlinked already: nothing changes."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    _roster_owner_only(player, user, "取消連到賬號", "unlink a player from an account")
    if player.user_id is not None:
        player.user = None
        player.save(update_fields=["user"])
    return player
