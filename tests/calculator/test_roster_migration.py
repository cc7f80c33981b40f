"""Migration 0008 makes the players of sittings kept before it into their owners' rosters: one
person per name and owner, every seat of that name pointing at them."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("calculator", "0007_form_keys_and_round_versions")]
AFTER = [("calculator", "0008_player_roster")]


def migrated(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture(autouse=True)
def back_to_the_newest_schema():
    """The later tests (and later migrations' tables) need the newest schema again."""
    yield
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_old_sittings_become_rosters():
    old = migrated(BEFORE)
    User = old.get_model("auth", "User")
    Player = old.get_model("calculator", "Player")
    Session = old.get_model("calculator", "Session")
    ann, bo = User.objects.create(username="ann"), User.objects.create(username="bo")
    friend = User.objects.create(username="friend")

    def sitting(owner, names, name="牌局"):
        seated = [Player.objects.create(name=n) for n in names]
        seated += [None] * (4 - len(seated))
        return Session.objects.create(
            name=name,
            owner=owner,
            player_count=len(names),
            east=seated[0],
            south=seated[1],
            west=seated[2],
            north=seated[3],
        )

    ann_sittings = [
        sitting(ann, ["小李", "阿南", "阿西", "阿北"]),
        sitting(ann, ["阿南", " 小李", "老王", "阿北"]),
        sitting(ann, ["小李", "Bob", "bob"]),  # two people of one name at one table
        sitting(ann, ["BOB", "小李", "Bob"]),
    ]
    linked = Player.objects.get(name="老王")
    linked.user = friend
    linked.save()
    bo_sitting = sitting(bo, ["小李", "阿南", "阿西", "阿北"])
    Player.objects.create(name="nobody's")  # seated nowhere
    assert Player.objects.count() == 19

    new = migrated(AFTER)
    Player = new.get_model("calculator", "Player")
    Session = new.get_model("calculator", "Session")

    def seats(session):
        row = Session.objects.get(pk=session.pk)
        return [row.east_id, row.south_id, row.west_id, row.north_id]

    # One 小李 of ann's in three… four sittings, whichever seat.
    xiaoli = {seats(ann_sittings[0])[0], seats(ann_sittings[1])[1], seats(ann_sittings[2])[0]}
    xiaoli.add(seats(ann_sittings[3])[1])
    assert len(xiaoli) == 1
    (ann_xiaoli,) = xiaoli
    assert Player.objects.get(pk=ann_xiaoli).owner_id == ann.pk
    # bo's 小李 is another person.
    bo_xiaoli = seats(bo_sitting)[0]
    assert bo_xiaoli != ann_xiaoli and Player.objects.get(pk=bo_xiaoli).owner_id == bo.pk
    # Bob and bob sat at one table: two people, and they are the same two at the next sitting.
    third, fourth = seats(ann_sittings[2]), seats(ann_sittings[3])
    assert third[1] != third[2]
    assert {fourth[0], fourth[2]} == {third[1], third[2]}
    assert third[3] is None
    # 阿南 and 阿北 once each for ann.
    assert seats(ann_sittings[0])[1] == seats(ann_sittings[1])[0]
    assert seats(ann_sittings[0])[3] == seats(ann_sittings[1])[3]
    # The roster: every player has an owner, no duplicates, the link kept, the stray gone.
    rosters = sorted(Player.objects.values_list("owner__username", "name"))
    assert rosters == sorted(
        [
            ("ann", "小李"),
            ("ann", "阿南"),
            ("ann", "阿西"),
            ("ann", "阿北"),
            ("ann", "老王"),
            ("ann", "Bob"),
            ("ann", "bob"),
            ("bo", "小李"),
            ("bo", "阿南"),
            ("bo", "阿西"),
            ("bo", "阿北"),
        ]
    )
    assert Player.objects.get(name="老王").user_id == friend.pk
