"""Every write of the API happens once per ``Idempotency-Key``: for each write the URL conf has
(``tests/tooling/test_once.py`` finds them), the same request twice with one key writes once and
answers the same, the second time with ``Idempotent-Replayed: true``; the key sent again with
another body (or to another address) is 422 E_IDEMPOTENCY and writes nothing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

from calculator.models import (
    Group,
    IdempotentAnswer,
    PairTotals,
    Player,
    Round,
    SeatTotals,
    Session,
)
from calculator.selectors.exports import session_export
from calculator.services.groups import group_create
from calculator.services.roster import player_link
from calculator.services.rounds import RoundEntry, round_record
from calculator.services.sittings import (
    session_archive,
    session_create,
    session_invite,
    session_paid_out,
)
from tests import factories
from tests.calculator.hands import DRAW, plain
from tests.tooling.test_once import WRITES_OF_THE_APP

pytestmark = pytest.mark.django_db


@dataclass
class World:
    owner: Any
    sitting: Session
    other: Session  # a second sitting of the owner's (another table: 东哥 sits at it)
    group: Group

    def player(self, name: str) -> int:
        return Player.objects.get(owner=self.owner, name=name).pk


def penalty(amount: str) -> dict:
    return {"kind": "penalty", "from": "E", "to": "S", "amount": amount, "reason": "詐胡"}


@dataclass
class Case:
    path: Callable[[World], str]
    body: Callable[[World], Any] = lambda world: None
    # Another request with the same key: another body, or (for a write of no body) another path.
    other_body: Callable[[World], Any] = lambda world: {"and": "more"}
    other_path: Callable[[World], str] | None = None
    setup: Callable[[World], Any] = lambda world: None  # what it returns is not used


def sitting_path(tail: str = "", *, of: str = "sitting") -> Callable[[World], str]:
    return lambda world: f"/api/sessions/{getattr(world, of).pk}/{tail}"


CASES: dict[tuple[str, str], Case] = {
    ("api:token", "DELETE"): Case(
        path=lambda world: "/api/auth/token/",
        setup=lambda world: Token.objects.create(user=world.owner),
    ),
    ("api:sessions", "POST"): Case(
        path=lambda world: "/api/sessions/",
        body=lambda world: {"name": "週日", "players": ["甲", "乙", "丙", "丁"]},
        other_body=lambda world: {"name": "週一", "players": ["甲", "乙", "丙", "丁"]},
    ),
    ("api:session-import", "POST"): Case(
        path=lambda world: "/api/sessions/import/",
        body=lambda world: session_export(world.sitting),
        other_body=lambda world: {**session_export(world.sitting), "name": "另一場"},
    ),
    ("api:session", "DELETE"): Case(
        path=sitting_path(), other_path=sitting_path(of="other")
    ),
    ("api:rounds", "POST"): Case(
        path=sitting_path("rounds/"),
        body=lambda world: plain("E"),
        other_body=lambda world: plain("S"),
    ),
    ("api:round", "PUT"): Case(
        path=sitting_path("rounds/1/"),
        body=lambda world: DRAW,
        other_body=lambda world: plain("N"),
    ),
    ("api:round", "DELETE"): Case(
        path=sitting_path("rounds/1/"), other_path=sitting_path("rounds/2/")
    ),
    ("api:adjustments", "POST"): Case(
        path=sitting_path("adjustments/"),
        body=lambda world: penalty("5"),
        other_body=lambda world: penalty("6"),
    ),
    ("api:adjustment", "PUT"): Case(
        path=sitting_path("adjustments/3/"),
        body=lambda world: penalty("7"),
        other_body=lambda world: penalty("8"),
    ),
    ("api:adjustment", "DELETE"): Case(
        path=sitting_path("adjustments/3/"), other_path=sitting_path("rounds/1/")
    ),
    ("api:seat-changes", "POST"): Case(
        path=sitting_path("seat-changes/"),
        body=lambda world: {"seating": {"E": "E", "S": "W", "W": "S", "N": "N"}},
        other_body=lambda world: {"seating": {"E": "N", "S": "S", "W": "W", "N": "E"}},
    ),
    ("api:seat-change", "DELETE"): Case(
        path=sitting_path("seat-changes/4/"),
        other_path=sitting_path("rounds/1/"),
        setup=lambda world: round_record(
            session=world.sitting,
            entry=RoundEntry(Round.SEAT_CHANGE, {"seating": {"E": "S", "S": "E", "W": "W", "N": "N"}}),
            user=world.owner,
        ),  # entry 4
    ),
    ("api:rules", "POST"): Case(
        path=sitting_path("rules/"),
        body=lambda world: {"rules": {"pao_feng": 8}},
        other_body=lambda world: {"rules": {"pao_feng": 9}},
    ),
    ("api:members", "POST"): Case(
        path=sitting_path("members/"),
        body=lambda world: {"username": "xiaoli"},
        other_body=lambda world: {"username": "laozhang"},
    ),
    ("api:member", "DELETE"): Case(
        path=sitting_path("members/amei/"),
        other_path=sitting_path("members/laozhang/"),
        setup=lambda world: [
            session_invite(session=world.sitting, username=name) for name in ("amei", "laozhang")
        ],
    ),
    ("api:share-link", "POST"): Case(path=sitting_path("share/"), other_path=sitting_path("share/", of="other")),
    ("api:share-link", "DELETE"): Case(path=sitting_path("share/"), other_path=sitting_path("share/", of="other")),
    ("api:archive", "POST"): Case(path=sitting_path("archive/"), other_path=sitting_path("archive/", of="other")),
    ("api:archive", "DELETE"): Case(
        path=sitting_path("archive/"),
        other_path=sitting_path("archive/", of="other"),
        setup=lambda world: [
            session_archive(session=sitting, user=world.owner)
            for sitting in (world.sitting, world.other)
        ],
    ),
    ("api:players", "POST"): Case(
        path=lambda world: "/api/players/",
        body=lambda world: {"name": "小李"},
        other_body=lambda world: {"name": "老张"},
    ),
    ("api:player", "PATCH"): Case(
        path=lambda world: f"/api/players/{world.player('阿东')}/",
        body=lambda world: {"name": "东东"},
        other_body=lambda world: {"name": "东东东"},
    ),
    ("api:player-merge", "POST"): Case(
        path=lambda world: f"/api/players/{world.player('阿东')}/merge/",
        body=lambda world: {"player": world.player("东哥")},
        other_body=lambda world: {"player": world.player("南哥")},
    ),
    ("api:player-link", "POST"): Case(
        path=lambda world: f"/api/players/{world.player('阿东')}/link/",
        body=lambda world: {"username": "xiaoli"},
        other_body=lambda world: {"username": "laozhang"},
    ),
    ("api:player-link", "DELETE"): Case(
        path=lambda world: f"/api/players/{world.player('阿东')}/link/",
        other_path=lambda world: f"/api/players/{world.player('阿南')}/link/",
        setup=lambda world: [
            player_link(player=Player.objects.get(pk=world.player(name)), user=world.owner,
                        username=username)
            for name, username in (("阿东", "xiaoli"), ("阿南", "laozhang"))
        ],  # fmt: skip
    ),
    ("api:paid-out", "POST"): Case(path=sitting_path("paid-out/"), other_path=sitting_path("paid-out/", of="other")),
    ("api:paid-out", "DELETE"): Case(
        path=sitting_path("paid-out/"),
        other_path=sitting_path("paid-out/", of="other"),
        setup=lambda world: [
            session_paid_out(session=sitting, user=world.owner, paid=True)
            for sitting in (world.sitting, world.other)
        ],
    ),
    ("api:groups", "POST"): Case(
        path=lambda world: "/api/groups/",
        body=lambda world: {"name": "周日组", "players": [world.player("阿东"), world.player("阿南")]},
        other_body=lambda world: {"name": "周一组", "players": [world.player("阿东"), world.player("阿南")]},
    ),
    ("api:group", "PATCH"): Case(
        path=lambda world: f"/api/groups/{world.group.pk}/",
        body=lambda world: {"name": "老朋友"},
        other_body=lambda world: {"name": "新朋友"},
    ),
    ("api:group-paid-out", "POST"): Case(
        path=lambda world: f"/api/groups/{Group.objects.get(name='整桌').pk}/paid-out/",
        other_body=lambda world: {"sittings": [world.other.pk]},
        setup=lambda world: group_create(
            owner=world.owner, name="整桌",
            players=[person.pk for person in world.sitting.seat_players().values()],
        ),
    ),
    ("api:group", "DELETE"): Case(
        path=lambda world: f"/api/groups/{world.group.pk}/",
        other_path=lambda world: f"/api/groups/{world.group.pk + 1}/",
    ),
}  # fmt: skip

API_WRITES = sorted(
    (write.name, write.method)
    for write in WRITES_OF_THE_APP
    if write.name.startswith("api:") and write.covered is not None
)


def test_every_write_of_the_api_has_a_case() -> None:
    assert sorted(CASES) == API_WRITES


@pytest.fixture
def world(owner) -> World:
    for name in ("xiaoli", "laozhang"):
        factories.make_user(name)
    sitting = factories.make_sitting(owner, rounds=[plain("E"), DRAW])
    round_record(
        session=sitting, entry={"result": "adjustment", **penalty("4")}, user=owner
    )  # round 3
    other = session_create(owner=owner, name="週日", players=["东哥", "南哥", "阿西", "阿北"])
    group = group_create(owner=owner, name="牌友", players=[sitting.east_id, sitting.south_id])
    group_create(
        owner=owner, name="牌友二", players=[sitting.west_id, sitting.north_id]
    )  # the next id
    factories.make_user("amei")
    return World(owner, sitting, other, group)


def everything() -> list:
    """Every row a write could make, change or delete (the kept answers apart)."""
    models = (get_user_model(), Token, Player, Group, Group.players.through, Group.members.through,
              SeatTotals, PairTotals)  # fmt: skip
    return [*factories.snapshot()[:-1], *(list(m.objects.values().order_by("pk")) for m in models)]


def sent(client, method: str, path: str, body: Any, key: str):
    return getattr(client, method.lower())(path, body, format="json", HTTP_IDEMPOTENCY_KEY=key)


@pytest.mark.parametrize(("name", "method"), API_WRITES)
def test_one_key_writes_once_and_another_body_writes_nothing(name, method, world, api) -> None:
    case = CASES[(name, method)]
    case.setup(world)
    path, body = case.path(world), case.body(world)
    before = everything()
    first = sent(api, method, path, body, "once-1")
    assert 200 <= first.status_code < 300, first.content
    assert "Idempotent-Replayed" not in first
    written = everything()
    assert written != before  # the first request wrote
    answers = IdempotentAnswer.objects.count()

    again = sent(api, method, path, body, "once-1")
    assert again.status_code == first.status_code
    assert again["Idempotent-Replayed"] == "true"
    assert again.content == first.content
    assert everything() == written  # written once
    assert IdempotentAnswer.objects.count() == answers

    other_path = case.other_path(world) if case.other_path else path
    other_body = case.other_body(world) if case.other_path is None else body
    other = sent(api, method, other_path, other_body, "once-1")
    factories.api_error(other, 422, "E_IDEMPOTENCY")
    assert everything() == written  # nothing written
    assert IdempotentAnswer.objects.count() == answers
    # The other request with a key of its own is done, not refused nor replayed.
    done = sent(api, method, other_path, other_body, "once-2")
    assert done.status_code != 422 and "Idempotent-Replayed" not in done


@pytest.mark.parametrize(("name", "method"), API_WRITES)
def test_a_key_is_the_users_own(name, method, world, api, client_for) -> None:
    """Another user's key of the same spelling is theirs (the round and adjustment posts keep
    theirs with the sitting: another member with it is refused)."""
    case = CASES[(name, method)]
    case.setup(world)
    path, body = case.path(world), case.body(world)
    assert 200 <= sent(api, method, path, body, "k").status_code < 300
    stranger = client_for(factories.make_user("another"))
    answer = sent(stranger, method, path, body, "k")
    assert "Idempotent-Replayed" not in answer
    assert answer.status_code != 422 or name in ("api:rounds", "api:adjustments")
