"""The new-sitting page's draw for seats and the first dealer (R2.2, AJ2.3, HZ2.2): thrown, thrown
again, accepted into the seats, and the sitting opened with it; the sitting and share pages tell
how the seats were drawn."""

from __future__ import annotations

import json
import random

import pytest
from django.test import Client
from pytest_django.asserts import assertContains, assertNotContains

import calculator.services.seat_draw
from calculator.models import Session
from tests.factories import make_sitting
from tests.scoring.test_seat_draw import Scripted

NAMES = {"player_E": "小李", "player_S": "小王", "player_W": "阿芳", "player_N": "老周"}


def new_form(**fields: str) -> dict[str, str]:
    return {
        "name": "周五牌局",
        "game": "anqing",
        "player_count": "4",
        "ruleset": "anqing",
        "base_silver": "1",
        **NAMES,
        **fields,
    }


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch):
    """Script the server's dice: ``dice(…)`` sets what the next draw throws."""

    def script(*values: int, order: list[int] | None = None, pick: int = 0) -> None:
        monkeypatch.setattr(
            calculator.services.seat_draw, "RANDOM", Scripted(values, order=order, pick=pick)
        )

    return script


def offered(response) -> str:
    html = response.content.decode()
    start = html.index('name="seat_draw_offer" value="') + len('name="seat_draw_offer" value="')
    return html[start : html.index('"', start)].replace("&quot;", '"')


def test_the_new_sitting_page_offers_a_draw_in_the_games_words(owner_client: Client) -> None:
    page = owner_client.get("/sessions/new/")
    assertContains(page, "抽座位")
    assertContains(page, "执筛起庄")
    assertContains(page, "R2.2")
    anji = owner_client.get("/sessions/new/?game=anji&player_count=3", HTTP_HX_REQUEST="true")
    assertContains(anji, "抢庄")
    assertContains(anji, "AJ2.3")
    assertNotContains(anji, "执筛起庄")


def test_anqing_throw_shows_the_dice_and_the_seats_then_opens_the_sitting_with_them(
    owner_client: Client, dice
) -> None:
    # 小李 (East as typed) throws 3 + 4 = 7: counted 小李 1, 小王 2, 阿芳 3, 老周 4, … 7 is 阿芳
    dice(3, 4)
    thrown = owner_client.post(
        "/sessions/new/", new_form(seat_draw_action="throw"), HTTP_HX_REQUEST="true"
    )
    assert thrown.status_code == 200
    assertContains(thrown, "小李 掷出")
    assertContains(thrown, "⚂⚃")
    assertContains(thrown, "7 点")
    assertContains(thrown, "数到阿芳，坐庄")
    assertContains(thrown, 'data-seated="E">东 阿芳')
    assertContains(thrown, 'data-seated="S">南 老周')
    assertNotContains(thrown, "<html")  # only the panel
    offer = offered(thrown)

    accepted = owner_client.post(
        "/sessions/new/",
        new_form(seat_draw_action="accept", seat_draw_offer=offer),
        HTTP_HX_REQUEST="true",
    )
    assertContains(accepted, 'id="table"')
    assertContains(accepted, "已按抽签填好座位：阿芳坐东")
    html = accepted.content.decode()
    assert 'value="阿芳"' in html.split('name="player_E"')[1].split(">")[0]
    kept = html.split('name="seat_draw" value="')[1].split('"')[0].replace("&quot;", '"')
    assert json.loads(kept)["players"] == ["阿芳", "老周", "小李", "小王"]

    seated = {"player_E": "阿芳", "player_S": "老周", "player_W": "小李", "player_N": "小王"}
    opened = owner_client.post("/sessions/new/", new_form(**seated, seat_draw=kept))
    assert opened.status_code == 302
    session = Session.objects.get()
    assert [p.name for p in session.seat_players().values()] == ["阿芳", "老周", "小李", "小王"]
    assert session.seat_draw == {"method": "count", "throws": [{"seat": "W", "dice": [3, 4]}]}
    page = owner_client.get(f"/sessions/{session.pk}/")
    assertContains(page, "座位由抽签决定 · 执筛起庄（R2.2）：小李 掷出")
    assertContains(page, "数到阿芳，坐庄。")


def test_throw_again_throws_new_dice(owner_client: Client, dice) -> None:
    dice(1, 1)
    first = owner_client.post("/sessions/new/", new_form(seat_draw_action="throw"))
    assertContains(first, "数到小王")
    dice(6, 6, order=[3, 2, 1, 0])
    again = owner_client.post(
        "/sessions/new/", new_form(seat_draw_action="throw", seat_draw_offer=offered(first))
    )
    # 老周 drawn at East throws 12: counted round to the fourth, 小李
    assertContains(again, "老周 掷出")
    assertContains(again, "数到小李")
    assertContains(again, "<html")  # without htmx, the whole page


def test_anji_three_players_all_throw_the_highest_deals_ties_to_the_earlier_AJ2_3(
    owner_client: Client, dice
) -> None:
    form = new_form(game="anji", player_count="3", ruleset="anji")
    del form["player_N"]
    dice(4, 4, 5, 3, 2, 2)  # 小李 8, 小王 8, 阿芳 4: 小李 threw first
    thrown = owner_client.post("/sessions/new/", {**form, "seat_draw_action": "throw"})
    assertContains(thrown, "小李点数最大，坐庄（点数相同，先掷者为大）")
    assertContains(thrown, 'data-seated="E">东 小李')
    accepted = owner_client.post(
        "/sessions/new/", {**form, "seat_draw_action": "accept", "seat_draw_offer": offered(thrown)}
    )
    kept = accepted.content.decode().split('name="seat_draw" value="')[1].split('"')[0]
    opened = owner_client.post("/sessions/new/", {**form, "seat_draw": kept.replace("&quot;", '"')})
    assert opened.status_code == 302
    session = Session.objects.get()
    assert session.seat_draw["method"] == "highest"
    assert len(session.seat_draw["throws"]) == 3


def test_a_draw_needs_every_name_first(owner_client: Client) -> None:
    response = owner_client.post(
        "/sessions/new/", new_form(player_S="", seat_draw_action="throw"), HTTP_HX_REQUEST="true"
    )
    assertContains(response, "先把每个人的名字填好，再抽座位。")
    assert not Session.objects.exists()


def test_a_name_changed_after_the_throw_asks_for_a_new_one(owner_client: Client, dice) -> None:
    dice(2, 3)
    thrown = owner_client.post("/sessions/new/", new_form(seat_draw_action="throw"))
    response = owner_client.post(
        "/sessions/new/",
        new_form(player_S="大王", seat_draw_action="accept", seat_draw_offer=offered(thrown)),
    )
    assertContains(response, "名字改过了，或者换了玩法：请再抽一次。")


def test_names_typed_over_after_accepting_open_a_sitting_of_typed_seats(
    owner_client: Client, dice
) -> None:
    dice(2, 3)  # 5: back to 小李, the seats as typed
    thrown = owner_client.post("/sessions/new/", new_form(seat_draw_action="throw"))
    accepted = owner_client.post(
        "/sessions/new/", new_form(seat_draw_action="accept", seat_draw_offer=offered(thrown))
    )
    kept = accepted.content.decode().split('name="seat_draw" value="')[1].split('"')[0]
    owner_client.post(
        "/sessions/new/", new_form(player_N="大周", seat_draw=kept.replace("&quot;", '"'))
    )
    assert Session.objects.get().seat_draw is None


def test_a_tampered_draw_is_refused_and_nothing_is_saved(owner_client: Client) -> None:
    forged = {
        "players": list(NAMES.values()),
        "seat_draw": {"method": "count", "throws": [{"seat": "E", "dice": [1, 1]}]},
    }
    response = owner_client.post("/sessions/new/", new_form(seat_draw=json.dumps(forged)))
    assert response.status_code == 200
    assertContains(response, "seat_draw")  # the service's words name the field
    assert not Session.objects.exists()


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("zh-hans", "座位由抽签决定 · 随机定庄（HZ2.2）："),
        ("zh-hant", "座位由抽籤決定 · 隨機定莊（HZ2.2）："),
        ("en", "Seats drawn by lot · Random first dealer (HZ2.2): "),
    ],
)
def test_the_sitting_and_share_pages_tell_the_draw_in_each_language_HZ2_2(
    owner_client: Client, client: Client, owner, language: str, said: str, dice
) -> None:
    dice(pick=2)
    session = make_sitting(owner, game="hongzhong", players=list(NAMES.values()), seat_draw=True)
    assert session.seat_players()["E"].name == "阿芳"
    dealer = {"zh-hans": "坐庄。", "zh-hant": "坐莊。", "en": " deals first."}[language]
    for reader, url in (
        (owner_client, f"/sessions/{session.pk}/"),
        (client, f"/share/{session.share_token}/"),
    ):
        reader.post("/i18n/setlang/", {"language": language, "next": "/"})
        page = reader.get(url)
        assertContains(page, said)
        told = page.content.decode().split("data-seat-draw>")[1].split("</p>")[0]
        assert "阿芳" in told and told.endswith(dealer)


def test_a_sitting_with_typed_seats_tells_no_draw(owner_client: Client, sitting) -> None:
    assertNotContains(owner_client.get(f"/sessions/{sitting.pk}/"), "data-seat-draw")


def test_a_real_draw_on_the_page_seats_everyone(owner_client: Client, monkeypatch) -> None:
    monkeypatch.setattr(calculator.services.seat_draw, "RANDOM", random.Random(5))
    thrown = owner_client.post("/sessions/new/", new_form(seat_draw_action="throw"))
    offer = json.loads(offered(thrown))
    assert sorted(offer["players"]) == sorted(NAMES.values())


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant", "en"])
@pytest.mark.parametrize(("game", "count"), [("anqing", 4), ("anji", 3), ("hongzhong", 4)])
def test_the_draw_reads_in_the_pages_language_and_the_games_words(
    owner_client: Client, language: str, game: str, count: int
) -> None:
    """No seat letter, field name, character of the other script or other game's word in the
    panel, the accepted seats or the sitting's line (tests/pages/words.py)."""
    from scoring.games import GAMES
    from tests.pages import words

    owner_client.cookies["django_language"] = language
    form = new_form(game=game, player_count=str(count), ruleset=GAMES[game].default_ruleset)
    for seat in "ESWN"[count:]:
        del form[f"player_{seat}"]
    typed = (*NAMES.values(), form["name"])
    # The new-sitting page names every game (its game choice); the sitting's page only its own.
    new_page = words.Page(f"draw {game} [{language}]", language, typed=typed)
    page = words.Page(
        f"sitting {game} [{language}]",
        language,
        typed=typed,
        foreign=words.foreign_words(GAMES, game),
    )
    thrown = owner_client.post("/sessions/new/", {**form, "seat_draw_action": "throw"})
    accepted = owner_client.post(
        "/sessions/new/",
        {**form, "seat_draw_action": "accept", "seat_draw_offer": offered(thrown)},
    )
    kept = accepted.content.decode().split('name="seat_draw" value="')[1].split('"')[0]
    kept = kept.replace("&quot;", '"')
    seats = [f"player_{seat}" for seat in "ESWN"[:count]]
    seated = dict(zip(seats, json.loads(kept)["players"], strict=True))
    owner_client.post("/sessions/new/", {**form, **seated, "seat_draw": kept})
    session = Session.objects.get()
    assert session.seat_draw is not None
    sitting = owner_client.get(f"/sessions/{session.pk}/")
    for response in (thrown, accepted):
        assert words.check(response.content.decode(), new_page) == []
    assert words.check(sitting.content.decode(), page) == []
