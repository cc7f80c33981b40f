"""Players become people on their owner's roster.

Every player gets the owner of the sitting it sits at; within one owner, players with the same
name (``models.roster_key``) become one roster player, the seats of every sitting pointing at
it. Where one old sitting seated two players of the same name, they stay two people: the second
seat of a name in a sitting becomes the owner's second person of that name, and so on, so that
nobody sits twice at one table. A player seated nowhere has no owner to go to and is deleted.
"""

from __future__ import annotations

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

SEATS = ("east", "south", "west", "north")


def roster_key(name: str) -> str:
    # As calculator.models.roster_key (a migration keeps its own copy: the model's may change).
    return "".join(char.lower() if char.isascii() else char for char in name.strip())


def rosters(apps, schema_editor) -> None:
    Player = apps.get_model("calculator", "Player")
    Session = apps.get_model("calculator", "Session")
    names = dict(Player.objects.values_list("pk", "name"))
    # (owner, name key, n-th seat of that name in a sitting) → the roster player.
    roster: dict[tuple[int, str, int], int] = {}
    owner_of: dict[int, int] = {}
    kept: set[int] = set()
    # A merged player → the person it now is.
    replaced: dict[int, int] = {}
    for session in Session.objects.order_by("created_at", "pk").only(
        "pk", "owner_id", *[f"{seat}_id" for seat in SEATS]
    ):
        seen: dict[str, int] = {}
        changed = {}
        for seat in SEATS:
            pk = getattr(session, f"{seat}_id")
            if pk is None:
                continue
            key = roster_key(names[pk])
            nth = seen.get(key, 0)
            seen[key] = nth + 1
            person = roster.setdefault((session.owner_id, key, nth), pk)
            if person == pk and pk in owner_of and owner_of[pk] != session.owner_id:
                # Never the case in practice (each sitting made its own players), but one row
                # seated under two owners would be two people: a copy for this owner.
                person = Player.objects.create(name=names[pk], owner_id=session.owner_id).pk
                names[person] = names[pk]
                roster[(session.owner_id, key, nth)] = person
            owner_of.setdefault(person, session.owner_id)
            kept.add(person)
            if person != pk:
                changed[seat] = person
                replaced[pk] = person
        if changed:
            Session.objects.filter(pk=session.pk).update(
                **{f"{seat}_id": person for seat, person in changed.items()}
            )
    for pk, owner in owner_of.items():
        Player.objects.filter(pk=pk).update(owner_id=owner)
    # An account link of a merged player goes to the person it was merged into.
    for pk, user in (
        Player.objects.filter(pk__in=list(replaced)).exclude(user=None).values_list("pk", "user_id")
    ):
        Player.objects.filter(pk=replaced[pk], user=None).update(user_id=user)
    Player.objects.exclude(pk__in=kept).delete()


class Migration(migrations.Migration):
    # The rows are repointed in a transaction of their own (RunPython's), committed before the
    # column becomes NOT NULL: PostgreSQL refuses to alter a table with deferred foreign-key
    # checks still pending in the same transaction.
    atomic = False

    dependencies = [
        ("calculator", "0007_form_keys_and_round_versions"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="owner",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="roster",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.RunPython(rosters, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="player",
            name="owner",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="roster",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
    ]
