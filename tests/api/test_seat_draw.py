"""The draw for seats in the API (R2.2, AJ2.3, HZ2.2): ``POST /api/seat-draw/`` throws and saves
nothing; ``POST /api/sessions/`` opens a sitting with a draw's record or has the server draw
(``"seat_draw": true``), refuses a bad record naming ``seat_draw`` with nothing saved, and
writes once per ``Idempotency-Key``; export and import carry the draw."""

from __future__ import annotations

import pytest

import calculator.services.seat_draw
from calculator.models import Session
from tests.scoring.test_seat_draw import Scripted

pytestmark = pytest.mark.django_db

NAMES = ["小李", "小王", "阿芳", "老周"]


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch):
    def script(*values: int, order: list[int] | None = None, pick: int = 0) -> None:
        monkeypatch.setattr(
            calculator.services.seat_draw, "RANDOM", Scripted(values, order=order, pick=pick)
        )

    return script


def opened(api, key: str, **fields):
    body = {"name": "周五牌局", "players": NAMES, **fields}
    return api.post("/api/sessions/", body, format="json", HTTP_IDEMPOTENCY_KEY=key)


def test_seat_draw_throws_for_anqing_and_saves_nothing_R2_2(api, dice) -> None:
    dice(6, 5)  # 11 from 小李: 小李 1, 小王 2, 阿芳 3, … 11 is 阿芳
    response = api.post("/api/seat-draw/", {"game": "anqing", "players": NAMES}, format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["method"] == "count" and body["rule_id"] == "R2.2"
    assert body["drawn"] == NAMES
    assert body["players"] == ["阿芳", "老周", "小李", "小王"]
    assert body["dealer"] == "阿芳"
    assert body["throws"] == [{"seat": "W", "dice": [6, 5], "player": "小李", "total": 11}]
    assert body["seat_draw"] == {"method": "count", "throws": [{"seat": "W", "dice": [6, 5]}]}
    assert not Session.objects.exists()


def test_seat_draw_for_anji_at_two_players_AJ2_3(api, dice) -> None:
    dice(2, 2, 2, 2)  # equal: the earlier thrower, 小李
    body = api.post(
        "/api/seat-draw/", {"game": "anji", "players": ["小李", "小王"]}, format="json"
    ).json()
    assert body["players"] == ["小李", "小王"]
    assert [t["total"] for t in body["throws"]] == [4, 4]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "anqing", "players": ["a", "b", "c"]}, "players"),
        ({"game": "anji", "players": ["a"]}, "players"),
        ({"game": "anqing", "players": ["a", "b", "c", " "]}, "players"),
        ({"game": "anqing", "players": "abcd"}, "players"),
        ({"game": "mahjong", "players": ["a", "b", "c", "d"]}, "game"),
    ],
)
def test_seat_draw_refuses_bad_input_naming_the_field(api, body, field) -> None:
    response = api.post("/api/seat-draw/", body, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["field"] == field


def test_a_sitting_opened_with_the_draws_record_keeps_it(api, dice) -> None:
    dice(4, 4, 1, 2, 6, 5)  # 小李 8, 小王 3, 阿芳 11
    drawn = api.post(
        "/api/seat-draw/", {"game": "anji", "players": NAMES[:3]}, format="json"
    ).json()
    response = opened(
        api,
        "open-1",
        game="anji",
        player_count=3,
        players=drawn["players"],
        seat_draw=drawn["seat_draw"],
    )
    assert response.status_code == 201, response.json()
    detail = response.json()
    assert detail["players"] == {"E": "阿芳", "S": "小李", "W": "小王"}
    assert detail["seat_draw"] == drawn["seat_draw"]
    assert detail["state"]["dealer"] == "E"
    assert api.get(f"/api/sessions/{detail['id']}/").json()["seat_draw"] == drawn["seat_draw"]


def test_the_server_draws_with_true_and_the_retry_writes_once(api, dice) -> None:
    dice(1, 2, order=[3, 2, 1, 0])  # 老周 drawn at East throws 3: counted to 小王
    first = opened(api, "open-true", seat_draw=True)
    assert first.status_code == 201, first.json()
    assert first.json()["players"] == {"E": "小王", "S": "小李", "W": "老周", "N": "阿芳"}
    assert first.json()["seat_draw"] == {
        "method": "count",
        "throws": [{"seat": "W", "dice": [1, 2]}],
    }
    dice(6, 6)  # a retry must not throw again
    again = opened(api, "open-true", seat_draw=True)
    assert again.status_code == 201
    assert again["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert Session.objects.count() == 1


def test_typed_seats_keep_no_draw(api) -> None:
    response = opened(api, "typed")
    assert response.status_code == 201
    assert response.json()["seat_draw"] is None


@pytest.mark.parametrize(
    "seat_draw",
    [
        False,
        "yes",
        [],
        {"method": "count"},
        {"method": "count", "throws": [], "dealer": "E"},
        {"method": "highest", "throws": [{"seat": "E", "dice": [6, 6]}]},  # not Anqing's
        {"method": "count", "throws": [{"seat": "E", "dice": [1, 1]}]},  # 2 counts to S
        {"method": "count", "throws": [{"seat": "E", "dice": [0, 5]}]},
        {"method": "count", "throws": [{"seat": "E", "dice": [2, 3, 4]}]},
        {"method": "count", "throws": [{"seat": "X", "dice": [2, 3]}]},
        {"method": "count", "throws": [{"seat": "E", "dice": [2, 3]}] * 2},
        {"method": "count", "throws": [{"seat": "E", "dice": [2.0, 3]}]},
        {"method": "count", "throws": [{"seat": "E", "dice": [True, 4]}]},
    ],
)
def test_a_bad_record_is_refused_naming_seat_draw_and_nothing_is_saved(api, seat_draw) -> None:
    response = opened(api, f"bad-{seat_draw!r}"[:60], seat_draw=seat_draw)
    assert response.status_code == 400, response.json()
    assert response.json()["error"]["field"] == "seat_draw"
    assert not Session.objects.exists()


@pytest.mark.parametrize(
    ("game", "count", "seat_draw"),
    [
        ("anji", 3, {"method": "highest", "throws": [
            {"seat": "E", "dice": [5, 5]}, {"seat": "S", "dice": [5, 5]}, {"seat": "W", "dice": [1, 1]}
        ]}),  # equal highest: E threw first
        ("anji", 2, {"method": "highest", "throws": [
            {"seat": "S", "dice": [3, 3]}, {"seat": "E", "dice": [4, 3]}
        ]}),
        ("anqing", 4, {"method": "count", "throws": [{"seat": "N", "dice": [1, 1]}]}),
        ("hongzhong", 4, {"method": "random", "throws": []}),
    ],
)  # fmt: skip
def test_records_each_game_could_throw_are_kept(api, game, count, seat_draw) -> None:
    response = opened(
        api, f"good-{game}-{count}", game=game, player_count=count, players=NAMES[:count],
        seat_draw=seat_draw,
    )  # fmt: skip
    assert response.status_code == 201, response.json()
    assert response.json()["seat_draw"] == seat_draw


@pytest.mark.parametrize(
    ("game", "count", "seat_draw"),
    [
        ("anji", 3, {"method": "highest", "throws": [
            {"seat": "S", "dice": [5, 5]}, {"seat": "W", "dice": [5, 5]}, {"seat": "E", "dice": [1, 1]}
        ]}),  # S threw first and was as high: S deals, not E
        ("anji", 3, {"method": "highest", "throws": [
            {"seat": "E", "dice": [6, 6]}, {"seat": "W", "dice": [1, 1]}, {"seat": "S", "dice": [1, 1]}
        ]}),  # not in order of play
        ("hongzhong", 4, {"method": "random", "throws": [{"seat": "E", "dice": [1, 1]}]}),
    ],
)  # fmt: skip
def test_records_that_do_not_seat_the_first_dealer_at_east_are_refused(
    api, game, count, seat_draw
) -> None:
    response = opened(
        api, f"not-{game}-{count}", game=game, player_count=count, players=NAMES[:count],
        seat_draw=seat_draw,
    )  # fmt: skip
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "seat_draw"
    assert not Session.objects.exists()


def test_export_and_import_carry_the_draw_and_a_file_without_one_imports(api, dice) -> None:
    dice(3, 3, 2, 2, 1, 1, 4, 4)  # 小李 6, 小王 4, 阿芳 2, 老周 8
    sitting = opened(api, "to-export", game="anji", seat_draw=True).json()
    exported = api.get(f"/api/sessions/{sitting['id']}/export/").json()
    assert exported["seat_draw"] == sitting["seat_draw"]
    assert exported["players"] == ["老周", "小李", "小王", "阿芳"]
    back = api.post(
        "/api/sessions/import/", exported, format="json", HTTP_IDEMPOTENCY_KEY="import-1"
    )
    assert back.status_code == 201, back.json()
    assert back.json()["seat_draw"] == sitting["seat_draw"]
    assert back.json()["players"] == sitting["players"]

    without = {key: value for key, value in exported.items() if key != "seat_draw"}
    plain = api.post(
        "/api/sessions/import/", without, format="json", HTTP_IDEMPOTENCY_KEY="import-2"
    )
    assert plain.status_code == 201
    assert plain.json()["seat_draw"] is None

    for bad in (True, {"method": "highest", "throws": []}):
        refused = api.post(
            "/api/sessions/import/",
            {**exported, "seat_draw": bad},
            format="json",
            HTTP_IDEMPOTENCY_KEY=f"import-bad-{bad!r}"[:60],
        )
        assert refused.status_code == 400
        assert refused.json()["error"]["field"] == "seat_draw"
    assert Session.objects.count() == 3


def test_the_command_line_export_carries_the_draw(owner, dice) -> None:
    import io
    import json

    from django.core.management import call_command

    from calculator.services.sittings import session_create

    dice(pick=1)
    session = session_create(
        owner=owner, name="週六", players=NAMES, game="hongzhong", seat_draw=True
    )
    out = io.StringIO()
    call_command("export_session", str(session.pk), stdout=out)
    exported = json.loads(out.getvalue())
    assert exported["seat_draw"] == {"method": "random", "throws": []}
    assert exported["players"] == ["小王", "阿芳", "老周", "小李"]


def test_per_seat_roster_choices_follow_their_names_to_the_seats_drawn(api, owner, dice) -> None:
    from calculator.models import Player

    assert opened(api, "first-table").status_code == 201
    known = Player.objects.get(owner=owner, name="小王")
    dice(2, 3, order=[3, 2, 1, 0])  # drawn 老周 阿芳 小王 小李; 5 counts back to 老周
    response = opened(api, "drawn-table", seat_draw=True, new_players=[False, True, False, False])
    assert response.status_code == 201, response.json()
    session = Session.objects.get(pk=response.json()["id"])
    seated = {seat: person for seat, person in session.seat_players().items()}
    assert [person.name for person in seated.values()] == ["老周", "阿芳", "小王", "小李"]
    # 小王 was asked to be a new person of that name: so they are, at the seat they were drawn to
    assert seated["W"].name == "小王" and seated["W"].pk != known.pk
    assert seated["N"] == Player.objects.get(owner=owner, name="小李")
