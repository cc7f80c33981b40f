"""A form says which round it records: a round entered on a second phone after the first phone
recorded it is not saved; the conflict page shows both, with one tap for each way out."""

from __future__ import annotations

import re

from django.contrib.auth import get_user_model
from django.test import Client

from calculator.models import Round
from tests.pages.conftest import PAOFENG_HAND, hand_form


def form_of(html: str, action: str) -> dict[str, list[str]]:
    """The hidden inputs of the form posting to ``action`` on a page."""
    start = html.index(f'action="{action}"')
    end = html.index("</form>", start)
    fields: dict[str, list[str]] = {}
    for name, value in re.findall(
        r'<input type="hidden" name="([^"]+)" value="([^"]*)"', html[start:end]
    ):
        fields.setdefault(name, []).append(value)
    return fields


def second_phone(sitting) -> Client:
    """A member of the sitting on another phone."""
    member = get_user_model().objects.create_user("anan", password="pw-table-8899")
    sitting.members.add(member)
    client = Client()
    client.force_login(member)
    return client


def test_the_round_form_names_the_round_it_records(owner_client, sitting) -> None:
    page = owner_client.get(f"/sessions/{sitting.pk}/rounds/new/").content.decode()
    assert '<input type="hidden" name="expected_round" value="1">' in page
    owner_client.post(f"/sessions/{sitting.pk}/rounds/new/", {**hand_form("E"), "confirm": "1"})
    page = owner_client.get(f"/sessions/{sitting.pk}/rounds/new/").content.decode()
    assert '<input type="hidden" name="expected_round" value="2">' in page


def test_two_phones_record_the_same_round_once_and_the_second_sees_both(
    owner_client, sitting
) -> None:
    other = second_phone(sitting)
    url = f"/sessions/{sitting.pk}/rounds/new/"
    # Both phones opened the form for round 1; the first records it.
    first = owner_client.post(url, {**hand_form("E"), "expected_round": "1", "confirm": "1"})
    assert first.status_code == 302
    second = other.post(
        url, {**hand_form("S", **PAOFENG_HAND), "expected_round": "1", "confirm": "1"}
    )
    assert second.status_code == 409
    assert Round.objects.filter(session=sitting).count() == 1
    page = second.content.decode()
    assert "第1局已经有人记了" in page
    assert "你填的这一局没有保存" in page
    # The round that is there: who recorded it, its score; and the one just entered, scored as
    # it would be as round 2 (R2.2: East won round 1 and deals again).
    assert 'data-recorded-by="ahdong"' in page
    theirs = page[page.index('data-side="theirs"') : page.index('data-side="mine"')]
    mine = page[page.index('data-side="mine"') :]
    assert 'data-fan="3"' in theirs  # R7 MEN_QING 3
    assert 'data-fan="9"' in mine  # R7 PAO_FENG 6 + MEN_QING 3
    # The three ways out.
    assert 'data-resolve="same"' in page and 'data-resolve="discard"' in page
    again = form_of(page, url)
    assert again["expected_round"] == ["2"]
    assert again["winner"] == ["S"] and again["hand"] == [PAOFENG_HAND["hand"]]
    assert len(again["once"][0]) >= 16
    recorded = other.post(url, {**{k: v[0] for k, v in again.items()}, "confirm": "1"})
    assert recorded.status_code == 302
    rounds = list(Round.objects.filter(session=sitting).order_by("number"))
    assert [(r.number, r.winner, r.fan) for r in rounds] == [(1, "E", 3), (2, "S", 9)]


def test_a_draw_from_a_stale_page_is_not_recorded(owner_client, sitting) -> None:
    other = second_phone(sitting)
    owner_client.post(
        f"/sessions/{sitting.pk}/rounds/draw/", {"confirm": "1", "expected_round": "1"}
    )
    answer = other.post(
        f"/sessions/{sitting.pk}/rounds/draw/", {"confirm": "1", "expected_round": "1"}
    )
    assert answer.status_code == 409
    assert Round.objects.filter(session=sitting).count() == 1
    again = form_of(answer.content.decode(), f"/sessions/{sitting.pk}/rounds/draw/")
    assert again["expected_round"] == ["2"]


def test_a_correction_of_a_round_changed_meanwhile_is_not_saved(owner_client, sitting) -> None:
    other = second_phone(sitting)
    owner_client.post(f"/sessions/{sitting.pk}/rounds/new/", {**hand_form("E"), "confirm": "1"})
    edit = f"/sessions/{sitting.pk}/rounds/1/edit/"
    page = other.get(edit).content.decode()
    assert '<input type="hidden" name="version" value="1">' in page
    # The first phone corrects round 1 (version 1 → 2) while the second has it open.
    owner_client.post(edit, {**hand_form("S"), "version": "1", "confirm": "1"})
    stale = other.post(edit, {**hand_form("W"), "version": "1", "confirm": "1"})
    assert stale.status_code == 409
    game_round = Round.objects.get(session=sitting, number=1)
    assert (game_round.winner, game_round.version) == ("S", 2)
    page = stale.content.decode()
    assert "第1局刚被改过" in page
    again = form_of(page, edit)
    assert again["version"] == ["2"]
    saved = other.post(edit, {**{k: v[0] for k, v in again.items()}, "confirm": "1"})
    assert saved.status_code == 302
    game_round.refresh_from_db()
    assert (game_round.winner, game_round.version) == ("W", 3)


def test_a_round_entered_under_another_account_is_not_sent(owner_client, sitting) -> None:
    other = second_phone(sitting)
    answer = other.post(
        f"/sessions/{sitting.pk}/rounds/new/",
        {
            **hand_form("E"),
            "expected_round": "1",
            "drawn_for": str(sitting.owner_id),
            "confirm": "1",
        },
        follow=True,
    )
    assert "另一个账号下填的" in answer.content.decode()
    assert not Round.objects.filter(session=sitting).exists()


def test_a_round_meant_after_one_that_was_never_recorded_is_not_saved(
    owner_client, sitting
) -> None:
    """A phone queued round 1 and then round 2; round 1 was thrown away, so round 2's form
    is ahead of the sitting: nothing is saved, and mine can be recorded as round 1."""
    answer = owner_client.post(
        f"/sessions/{sitting.pk}/rounds/new/",
        {**hand_form("E"), "expected_round": "2", "confirm": "1"},
    )
    assert answer.status_code == 409
    page = answer.content.decode()
    assert "还不能记第2局" in page and 'data-side="theirs"' not in page
    again = form_of(page, f"/sessions/{sitting.pk}/rounds/new/")
    assert again["expected_round"] == ["1"]
    assert not Round.objects.filter(session=sitting).exists()


def test_a_hongzhong_round_recorded_twice_shows_both_with_every_winner(owner_client) -> None:
    """紅中 (HZ9.2): two winners on one discard entered on two phones; the second sees both."""
    from tests.pages.test_hongzhong_pages import (
        E_HAND,
        S_HAND,
        S_MELD,
        round_form,
        winner_fields,
    )

    created = owner_client.post(
        "/sessions/new/",
        {
            "name": "紅中",
            "game": "hongzhong",
            "player_count": "4",
            "ruleset": "hongzhong",
            "base_silver": "1",
            **{f"player_{seat}": name for seat, name in zip("ESWN", "甲乙丙丁", strict=True)},
        },
    )
    pk = int(created["Location"].strip("/").split("/")[-1])
    url = f"/sessions/{pk}/rounds/new/"
    data = round_form(
        "discard",
        ["E", "S"],
        winner_fields("E", E_HAND),
        winner_fields("S", {**S_HAND, "win_tile": ""}, **S_MELD),
        discarder="N",
        expected_round="1",
        confirm="1",
    )
    assert owner_client.post(url, data).status_code == 302
    again = owner_client.post(url, data)
    assert again.status_code == 409
    page = again.content.decode()
    mine = page[page.index('data-side="mine"') :]
    assert mine.count('class="conflict-tiles"') == 2  # each winner's tiles
    assert "甲" in mine and "乙" in mine
    draw = owner_client.post(
        url,
        round_form(
            "draw",
            [],
            kong_1_seat="E",
            kong_1_kind="concealed_kong",
            expected_round="1",
            confirm="1",
        ),
    )
    assert draw.status_code == 409
    assert 'data-outcome="draw"' in draw.content.decode()  # the kongs of a draw are scored (HZ11)
    assert Round.objects.filter(session_id=pk).count() == 1
