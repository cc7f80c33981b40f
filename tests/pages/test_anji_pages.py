"""The pages for Anji (anji-rules.md): opening a 2- or 3-player sitting, the hand editor with the
flowers and Anji's own fields, the preview and the why page, the round list, settle-up, the share
page and the calculator's game switch, in the three languages."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.test import Client
from pytest_django.asserts import assertContains, assertNotContains

from calculator.models import Session
from calculator.selectors.ledger import ledger
from calculator.selectors.sittings import session_balances, session_state
from calculator.services.sittings import session_create
from calculator.web.templatetags import fragments

# AJ15.1: 財神 4p, one used; two flowers. ZI_MO 1 + FLOWERS 2: X = 3.
AJ15_1 = {"indicator": "3p", "hand": "12456m34578s99p4p", "win_tile": "3m", "flowers": "1f3f"}
# AJ15.9: 七對 without 財神, three flowers. ZI_MO_NO_WILD 2 + QI_DUI_NO_WILD 5 + FLOWERS 3: X = 10.
AJ15_9 = {"indicator": "2m", "hand": "1155m2299p44s667z", "win_tile": "7z", "flowers": "1f2f6f"}


def anji_form(winner: str, hand: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """The Anji hand editor's POST data, as the form sends it without JS."""
    data: dict[str, Any] = {"winner": winner, "kongs_before_win": 0, "piao": 0, "piao_flowers": 0}
    data.update(hand)
    data.update(fields)
    return data


def open_sitting(client: Client, players: list[str], **extra: Any) -> Session:
    data = {
        "name": "安吉",
        "game": "anji",
        "player_count": str(len(players)),
        "ruleset": "anji",
        "base_silver": "1",
        **{f"player_{seat}": name for seat, name in zip("ESWN", players, strict=False)},
        **extra,
    }
    created = client.post("/sessions/new/", data)
    assert created.status_code == 302, created.content.decode()[:2000]
    return Session.objects.get(pk=int(created["Location"].strip("/").split("/")[-1]))


def balances(session: Session) -> dict[str, Decimal]:
    return session_balances(session)


def test_the_new_sitting_page_offers_the_games_and_anji_player_counts(owner_client) -> None:
    page = owner_client.get("/sessions/new/")
    assertContains(page, 'name="game" value="anji"')
    assertContains(page, "安吉麻将")
    assertNotContains(page, 'name="player_count" value="3"')  # Anqing: four, nothing to choose
    page = owner_client.get("/sessions/new/?game=anji&player_count=3&player_E=甲")
    assertContains(page, 'name="game" value="anji" checked')
    assertContains(page, 'name="player_count" value="3" checked')
    for seat in "ESW":
        assertContains(page, f'name="player_{seat}"')
    assertNotContains(page, 'name="player_N"')
    assertContains(page, 'value="甲"')  # a name typed before the switch is kept
    # The house rules are Anji's (AJ13), not Anqing's (R12).
    assertContains(page, 'name="rule-bao_tou"')
    assertContains(page, 'name="rule-discard_win"')
    assertNotContains(page, 'name="rule-pao_feng"')


def test_the_game_switch_redraws_the_table_part_only(owner_client) -> None:
    part = owner_client.get("/sessions/new/?game=anji&player_count=2", HTTP_HX_REQUEST="true")
    html = part.content.decode()
    assert html.lstrip().startswith('<div id="table"')
    assert 'name="player_S"' in html and 'name="player_W"' not in html
    assert 'name="rule-flowers"' in html


def test_open_a_three_player_anji_sitting(owner_client) -> None:
    session = open_sitting(owner_client, ["甲", "乙", "丙"])
    assert (session.game, session.player_count, session.ruleset) == ("anji", 3, "anji")
    assert session.north is None
    page = owner_client.get(f"/sessions/{session.pk}/")
    assertContains(page, 'data-seat="W"')
    assertNotContains(page, 'data-seat="N"')
    assertContains(page, "安吉麻将 · 3人")
    assertNotContains(page, "庄底")  # no payment depends on the dealer (AJ2.3)


def test_a_sitting_needs_every_name_of_the_seats_in_play(owner_client) -> None:
    page = owner_client.post(
        "/sessions/new/",
        {
            "name": "x",
            "game": "anji",
            "player_count": "3",
            "player_E": "甲",
            "player_S": "乙",
            "ruleset": "anji",
            "base_silver": "1",
        },
    )
    assert page.status_code == 200
    assert page.context["form"].errors.keys() == {"player_W"}
    assert not Session.objects.exists()


def test_the_hand_editor_for_anji(owner_client) -> None:
    fragments.clear()
    session = open_sitting(owner_client, ["甲", "乙", "丙"])
    page = owner_client.get(f"/sessions/{session.pk}/rounds/new/")
    html = page.content.decode()
    # The flowers on the keyboard and in their own field; Anji's own fields.
    for face in ("1f", "8f"):
        assert f'data-tile="{face}"' in html
    for name in ("flowers", "piao", "piao_flowers", "jia_piao", "first_turn", "kongs_before_win"):
        assert f'name="{name}"' in html, name
    # The discarder only when the house rule allows discard wins (AJ6.7).
    assert 'name="discarder"' not in html
    # Anqing's own fields are not there; the indicator says 財神; three seats only.
    assert 'name="bar_tiles"' not in html and "other_E_1_kind" not in html
    assert "<legend>财神</legend>" in html
    assert 'data-feeder="W"' in html and 'data-feeder="N"' not in html
    assert 'value="N"' not in html
    assert 'data-seats="ESW"' in html and 'data-game="anji"' in html
    # An Anqing sitting's editor, cached, is not reused for Anji (nor the other way round).
    anqing = session_create(owner=session.owner, name="安慶", players=["a", "b", "c", "d"])
    html = owner_client.get(f"/sessions/{anqing.pk}/rounds/new/").content.decode()
    assert (
        'name="bar_tiles"' in html and 'data-tile="1f"' not in html and 'name="flowers"' not in html
    )


def test_the_discarder_follows_the_house_rule(owner_client) -> None:
    session = open_sitting(
        owner_client, ["甲", "乙"], **{"rules_for": "anji", "rule-discard_win": "on"}
    )
    html = owner_client.get(f"/sessions/{session.pk}/rounds/new/").content.decode()
    assert 'name="discarder"' in html
    # AJ15.15: E wins on S's discard, 無百搭, one flower: X_d = 5 (n = 2: S pays 5).
    hand = {"indicator": "2p", "hand": "456m789m11p567s33z", "win_tile": "3z", "flowers": "4f"}
    preview = owner_client.post(
        f"/sessions/{session.pk}/rounds/new/", anji_form("E", hand, discarder="S", preview="1")
    )
    assertContains(preview, 'data-item="FANG_CHONG_NO_WILD"')
    assertContains(preview, "放冲者 4 分")
    saved = owner_client.post(
        f"/sessions/{session.pk}/rounds/new/", anji_form("E", hand, discarder="S", confirm="1")
    )
    assert saved.status_code == 302
    assert balances(session)["E"] == 5 and balances(session)["S"] == -5


def test_preview_record_correct_and_settle_a_three_player_sitting(owner_client) -> None:
    session = open_sitting(owner_client, ["甲", "乙", "丙"])
    url = f"/sessions/{session.pk}/rounds/new/"
    preview = owner_client.post(url, anji_form("S", AJ15_1, preview="1"))
    assertContains(preview, 'data-x="3"')
    assertContains(preview, 'data-item="ZI_MO"')
    assertContains(preview, 'data-item="FLOWERS"')
    assertContains(preview, 'data-tile="1f"')  # the winner's flowers, drawn as tiles
    assertContains(preview, 'data-payer="W"')
    assertNotContains(preview, 'data-payer="N"')
    assert not session.rounds.exists()

    assert owner_client.post(url, anji_form("S", AJ15_1, confirm="1")).status_code == 302
    # AJ15.1 at n = 3: E and W pay 3 → S +6 (AJ11).
    assert {seat: balances(session).get(seat, 0) for seat in "ESWN"} == {
        "E": -3,
        "S": 6,
        "W": -3,
        "N": 0,
    }
    page = owner_client.get(f"/sessions/{session.pk}/")
    assertContains(page, 'data-change="S"')
    assertNotContains(page, 'data-change="N"')
    # A draw: the dealer (the winner, S) keeps the deal; nothing moves (AJ2.3, AJ3.2).
    owner_client.post(f"/sessions/{session.pk}/rounds/draw/", {"confirm": "1"})
    assert session_state(session)["dealer"] == "S"

    why = owner_client.get(f"/sessions/{session.pk}/rounds/1/")
    assertContains(why, 'data-item="ZI_MO"')
    assertContains(why, 'class="rule-id"')
    assertContains(why, "data-flowers")
    assertContains(why, 'aria-label="春"')

    # Correct round 1 to AJ15.9 (E wins, X = 10): the form opens on the recorded hand.
    edit = owner_client.get(f"/sessions/{session.pk}/rounds/1/edit/")
    assert edit.context["form"]["flowers"].value() == "1f3f"
    fixed = owner_client.post(
        f"/sessions/{session.pk}/rounds/1/edit/", anji_form("E", AJ15_9, confirm="1")
    )
    assert fixed.status_code == 302
    assert {seat: balances(session).get(seat, 0) for seat in "ESWN"} == {
        "E": 20,
        "S": -10,
        "W": -10,
        "N": 0,
    }

    settle = owner_client.get(f"/sessions/{session.pk}/settle/")
    assert [row["seat"] for row in settle.context["standings"]] == ["E", "S", "W"]
    assertNotContains(settle, 'data-standing="N"')
    assertNotContains(settle, 'data-stats="N"')
    assert {line["seat"] for line in settle.context["chart"]["series"]} == {"E", "S", "W"}
    share = Client().get(f"/share/{session.share_token}/")
    assertContains(share, 'data-seat="W"')
    assertNotContains(share, 'data-seat="N"')


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", ["Spring", "points"]), ("zh-hant", ["財神"]), ("zh-hans", ["财神", "分从哪里来"])],
)
def test_an_anji_result_in_each_language(owner_client, language, words) -> None:
    session = open_sitting(owner_client, ["甲", "乙"])
    owner_client.cookies["django_language"] = language
    page = owner_client.post(
        f"/sessions/{session.pk}/rounds/new/", anji_form("S", AJ15_1, preview="1")
    )
    for word in words:
        assertContains(page, word)


def test_the_calculator_switches_games(client: Client) -> None:
    fragments.clear()
    anqing = client.get("/calculator/").content.decode()
    assert 'data-tile="1f"' not in anqing and 'name="bar_tiles"' in anqing
    assert 'href="/calculator/?game=anji"' in anqing
    assert (
        'href="/calculator/?game=anji&amp;player_count=2"'
        in client.get("/calculator/?game=anji").content.decode()
    )
    anji = client.get("/calculator/?game=anji&player_count=2").content.decode()
    assert 'data-tile="1f"' in anji and 'name="bar_tiles"' not in anji
    assert 'name="player_count" value="2"' in anji
    assert 'value="W"' not in anji  # two seats: E and S
    result = client.post(
        "/calculator/",
        {
            **anji_form("S", AJ15_1),
            "game": "anji",
            "player_count": "2",
            "ruleset": "anji",
            "dealer": "E",
            "base_silver": "1",
            "preview": "1",
        },
    )
    assertContains(result, 'data-x="3"')
    assert result.context["result"]["total"] == "3"  # n = 2: E pays 3
    # Anqing again, unchanged: the cached Anqing editor is not Anji's.
    assert 'data-tile="1f"' not in client.get("/calculator/").content.decode()


def test_the_flower_faces_are_anjis_notation(client: Client) -> None:
    """AJ1.2: 1f–4f are 春夏秋冬, 5f–8f 梅蘭竹菊 (the tile pictures and the spoken names agree)."""
    from django.conf import settings

    for face, char in (("1f", "春"), ("4f", "冬"), ("5f", "梅"), ("8f", "菊")):
        picture = (settings.BASE_DIR / "static" / "tiles" / f"{face}.svg").read_text("utf-8")
        assert char in picture, face


def test_anji_rule_ids_link_to_anjis_rule_book(owner_client, client: Client) -> None:
    """Every row's rule id (AJ8.1 ZI_MO …) links to a heading of /rules/anji/: its own when the
    book has one, else its rule's (AJ8.1)."""
    import re

    import scoring.anji.rows as rows
    from calculator.web.rules_book import rule_links

    page = client.get("/rules/anji/")
    assertContains(page, "安吉麻将规则")
    anchors = set(re.findall(r'\bid="([^"]+)"', page.content.decode()))
    for row in rows.ROWS.values() if isinstance(rows.ROWS, dict) else rows.ROWS:
        link = rule_links(row.rule)
        href = re.search(r'href="/rules/anji/#([^"]+)"', link)
        assert href and href.group(1) in anchors, row.rule
    assert 'href="/rules/anji/#AJ8.1-ZI_MO"' in rule_links("AJ8.1 ZI_MO")
    assert 'href="/rules/#R7-PAO_FENG"' in rule_links("R7 PAO_FENG")  # Anqing's unchanged
    session = open_sitting(owner_client, ["甲", "乙"])
    preview = owner_client.post(
        f"/sessions/{session.pk}/rounds/new/", anji_form("S", AJ15_1, preview="1")
    )
    assertContains(preview, 'href="/rules/anji/#AJ8.1-ZI_MO"')


def test_the_calculator_shows_anjis_waits(client: Client) -> None:
    """The winning tile left empty: what the Anji hand waits for, each with its X (AJ14.2)."""
    data = {
        **anji_form("S", AJ15_1),
        "win_tile": "",
        "game": "anji",
        "player_count": "3",
        "ruleset": "anji",
        "dealer": "E",
        "base_silver": "1",
        "preview": "1",
    }
    page = client.post("/calculator/", data)
    assertContains(page, 'data-wait="3m"')
    assert page.context["waits"]["waits"][0]["x"] == 3
    assertContains(page, "3 分")


def test_every_page_of_an_anji_sitting_answers(owner_client) -> None:
    """The rules page (AJ13's keys), a change of house rules, void, undo, export and starting
    again from the sitting: none of them assumes four seats or Anqing."""
    session = open_sitting(owner_client, ["甲", "乙", "丙"])
    url = f"/sessions/{session.pk}"
    owner_client.post(f"{url}/rounds/new/", anji_form("S", AJ15_1, confirm="1"))
    owner_client.post(f"{url}/rounds/new/", anji_form("E", AJ15_9, confirm="1"))
    rules = owner_client.get(f"{url}/rules/")
    assertContains(rules, 'name="rule-discard_win"')
    assertNotContains(rules, 'name="rule-pao_feng"')
    data = {f"rule-{k}": v for k, v in rules.context["rules_form"].initial.items()}
    for name, field in rules.context["rules_form"].fields.items():
        value = field.initial
        if isinstance(value, bool):
            data.pop(f"rule-{name}", None)
            if value:
                data[f"rule-{name}"] = "on"
        else:
            data[f"rule-{name}"] = value
    data["rule-discard_win"] = "on"
    assert owner_client.post(f"{url}/rules/", data).status_code == 302
    assert 'name="discarder"' in owner_client.get(f"{url}/rounds/new/").content.decode()
    for page in ("/", "/settle/", "/members/", "/rounds/2/", "/rounds/2/void/", "/export.csv"):
        assert owner_client.get(f"{url}{page}").status_code == 200, page
    page = owner_client.get(f"{url}/?confirm=undo")
    assertContains(page, "第2局：东 · 甲 自摸。")  # AJ6.7: how the win came, in the game's words
    assertNotContains(page, 'data-undo="N"')
    assert (
        owner_client.post(f"{url}/rounds/undo/", {"confirm": "1", "number": "2"}).status_code == 302
    )
    again = owner_client.get(f"/sessions/new/?from={session.pk}")
    assertContains(again, 'name="game" value="anji" checked')
    assertContains(again, 'name="player_count" value="3" checked')
    assertContains(again, 'name="player_W" value="丙"')
    assertNotContains(again, 'name="player_N"')
    assert again.context["rules_form"]["discard_win"].value() is True


def test_the_round_list_shows_each_rounds_points(owner_client) -> None:
    """AJ8: an Anji round is worth X points (AJ15.1: 3, AJ15.9: 10); the round list says so
    beside the payments, as it gives Anqing's fan, and the ledger answer carries them."""
    session = open_sitting(owner_client, ["甲", "乙", "丙"])
    for hand in (AJ15_1, AJ15_9):
        saved = owner_client.post(f"/sessions/{session.pk}/rounds/new/", anji_form("E", hand))
        assert saved.status_code == 302, saved.content.decode()[:2000]
    page = owner_client.get(f"/sessions/{session.pk}/").content.decode()
    rounds = {
        number: page.split(f'data-round="{number}"')[1].split("</li>")[0] for number in (1, 2)
    }
    assert "3 分" in rounds[1] and "10 分" in rounds[2]
    entries = ledger(session)["rounds"]
    assert [entry.get("points") for entry in entries] == [3, 10]


def test_english_counts_one_point_and_several_points(owner_client) -> None:
    """AJ15.1 in English: 自摸 is worth 1 point, the flowers 2 points, X = 3 points."""
    owner_client.cookies["django_language"] = "en"
    session = open_sitting(owner_client, ["甲", "乙", "丙"])
    saved = owner_client.post(f"/sessions/{session.pk}/rounds/new/", anji_form("E", AJ15_1))
    assert saved.status_code == 302
    why = owner_client.get(f"/sessions/{session.pk}/rounds/1/").content.decode()
    assert "1 point<" in why and "2 points<" in why and "3</span> points" in why
    assert "1 points" not in why
    page = owner_client.get(f"/sessions/{session.pk}/").content.decode()
    assert "3 points" in page and "1 points" not in page
