"""The session page's tools: undo the last round, a draw that asks first, the share link's copy
button and QR code, and starting again with the same table and remembered names."""

from __future__ import annotations

import re
from decimal import Decimal

import segno
from django.contrib.auth import get_user_model
from django.test import Client
from pytest_django.asserts import assertContains, assertNotContains

from calculator.models import Round
from calculator.selectors.access import sessions_for_user
from calculator.selectors.ledger import ledger
from calculator.selectors.roster import player_names_used
from calculator.selectors.sittings import current_rules_version, seat_names, session_state
from calculator.services.rounds import round_void
from calculator.services.sittings import rules_change, session_create
from tests.calculator.hands import DRAW, paofeng, plain
from tests.factories import record_rounds


def url(sitting, path: str = "") -> str:
    return f"/sessions/{sitting.pk}/{path}"


# --- undo ---------------------------------------------------------------------------------------


def test_the_page_offers_to_undo_the_last_round_and_shows_what_it_does(owner_client, sitting):
    record_rounds(sitting, plain("S"), paofeng("W"))
    after_round_1 = ledger(sitting)["rounds"][0]["balances"]
    now = session_state(sitting)["balances"]
    page = owner_client.get(url(sitting))
    assertContains(page, "撤销上一局（第2局）")
    assertContains(page, "第2局：西 · 阿西 自摸，9 番。")
    assertContains(page, "确认撤销第2局")
    for seat in "ESWN":
        row = re.search(rf'<tr data-undo="{seat}">(.*?)</tr>', page.content.decode()).group(1)
        cells = re.findall(r"<td[^>]*>([^<]*)</td>", row)
        assert cells[1] == now[seat]  # now
        assert cells[2] == after_round_1[seat]  # after the undo: as after round 1
        delta = Decimal(after_round_1[seat]) - Decimal(now[seat])
        assert Decimal(cells[3]) == delta


def test_undo_voids_the_last_round_and_the_balances_go_back(owner_client, sitting):
    record_rounds(sitting, plain("S"), paofeng("W"))
    after_round_1 = ledger(sitting)["rounds"][0]["balances"]
    page = owner_client.post(
        url(sitting, "rounds/undo/"), {"number": "2", "confirm": "1"}, follow=True
    )
    assertContains(page, "第2局已撤销")
    assert sitting.rounds.get(number=2).voided
    assert not sitting.rounds.get(number=1).voided
    assert session_state(sitting)["balances"] == after_round_1
    # The change is shown as for a void, and the next undo offered is round 1.
    assertContains(page, 'data-change="W"')
    assertContains(page, "撤销上一局（第1局）")


def test_undo_skips_rounds_already_voided(owner_client, sitting):
    record_rounds(sitting, plain("S"), paofeng("W"), DRAW)
    round_void(session=sitting, number=3)
    page = owner_client.get(url(sitting))
    assertContains(page, "撤销上一局（第2局）")
    owner_client.post(url(sitting, "rounds/undo/"), {"number": "2", "confirm": "1"})
    assert list(sitting.rounds.filter(voided=True).values_list("number", flat=True)) == [2, 3]


def test_a_stale_undo_changes_nothing_and_says_so(owner_client, sitting):
    record_rounds(sitting, plain("S"))
    stale_page = owner_client.get(url(sitting))
    assertContains(stale_page, 'name="number" value="1"')
    record_rounds(sitting, paofeng("W"))  # another phone records round 2 meanwhile
    before = session_state(sitting)["balances"]
    page = owner_client.post(
        url(sitting, "rounds/undo/"), {"number": "1", "confirm": "1"}, follow=True
    )
    assertContains(page, "第1局已经不是最后一局了（现在最后一局是第2局），什么也没改。")
    assert not sitting.rounds.filter(voided=True).exists()
    assert session_state(sitting)["balances"] == before


def test_undo_without_its_confirmation_only_asks(owner_client, sitting):
    record_rounds(sitting, plain("S"))
    response = owner_client.post(url(sitting, "rounds/undo/"), {"number": "1"})
    assert response.status_code == 302
    assert response["Location"] == url(sitting) + "?confirm=undo#undo"
    assert not sitting.rounds.filter(voided=True).exists()
    page = owner_client.get(response["Location"])
    assertContains(page, '<details class="ask undo" id="undo" name="ask" open>', html=False)


def test_no_undo_is_offered_when_nothing_counts(owner_client, sitting):
    page = owner_client.get(url(sitting))
    assertNotContains(page, "撤销上一局")
    record_rounds(sitting, DRAW)
    round_void(session=sitting, number=1)
    page = owner_client.get(url(sitting))
    assertNotContains(page, "撤销上一局")
    response = owner_client.post(
        url(sitting, "rounds/undo/"), {"number": "1", "confirm": "1"}, follow=True
    )
    assertContains(response, "没有可以撤销的局，什么也没改。")


def test_a_stranger_cannot_undo(sitting):
    record_rounds(sitting, plain("S"))
    stranger = Client()
    stranger.force_login(get_user_model().objects.create_user("laozhang", password="pw-x-1234"))
    response = stranger.post(url(sitting, "rounds/undo/"), {"number": "1", "confirm": "1"})
    assert response.status_code == 404
    assert not sitting.rounds.filter(voided=True).exists()


# --- the draw asks first --------------------------------------------------------------------------


def test_the_draw_says_what_it_does_before_it_is_recorded(owner_client, sitting):
    page = owner_client.get(url(sitting))
    assertContains(page, "第1局荒庄：没人胡，东 · 阿东继续坐庄，连庄变成1。")
    assertContains(page, "这一局没有钱进出（R9）。")  # R9: a draw (荒莊) moves no money
    assertNotContains(page, "data-draw-with-kongs")  # no kong pays on an Anqing draw
    assertContains(page, "确认荒庄（第1局）")


def test_a_draw_without_its_confirmation_records_nothing(owner_client, sitting):
    response = owner_client.post(url(sitting, "rounds/draw/"))
    assert response.status_code == 302
    assert response["Location"] == url(sitting) + "?confirm=draw#draw"
    assert not Round.objects.exists()
    page = owner_client.get(response["Location"])
    assertContains(page, '<details class="ask" id="draw" name="ask" open>', html=False)


def test_a_confirmed_draw_is_recorded(owner_client, sitting):
    page = owner_client.post(url(sitting, "rounds/draw/"), {"confirm": "1"}, follow=True)
    assertContains(page, "第1局已记录")
    assert sitting.rounds.get().result == Round.DRAW
    assert page.context["state"]["dealer_streak"] == 1  # R2.2: 荒莊 keeps the deal


# --- sharing --------------------------------------------------------------------------------------


def test_the_share_link_has_copy_and_share_buttons_and_its_qr_code(owner_client, sitting):
    page = owner_client.get(url(sitting))
    share_url = f"http://testserver/share/{sitting.share_token}/"
    assert page.context["share_url"] == share_url
    assertContains(page, f'data-copy-link="{share_url}"')
    assertContains(page, "复制链接")
    assertContains(page, f'data-share-link="{share_url}"')
    text = page.content.decode()
    svg = re.search(r"<svg [^>]*class=\"qr-code\"[^>]*>.*?</svg>", text, re.S)
    assert svg, "no QR code on the page"
    svg = svg.group(0)
    assert 'role="img"' in svg and 'aria-label="分享链接的二维码"' in svg
    assert "style=" not in svg  # the Content-Security-Policy forbids inline styles
    assert '<path fill="#fff"' in svg  # dark on a light ground, quiet zone included
    # The modules drawn are segno's for this exact link, and not for another one.
    drawn = re.search(r'stroke="#000" d="([^"]+)"', svg).group(1)
    assert drawn == qr_path(share_url)
    assert drawn != qr_path(share_url.replace(sitting.share_token, "another-token-000000"))


def qr_path(link: str) -> str:
    svg = segno.make(link, error="m", micro=False).svg_inline(border=4)
    return re.search(r' d="([^"]+)"', svg).group(1)


def test_the_ledger_refresh_leaves_the_tools_out(owner_client, sitting):
    record_rounds(sitting, plain("S"))
    fragment = owner_client.get(url(sitting), headers={"HX-Request": "true"})
    assertContains(fragment, 'data-seat="E"')
    assertNotContains(fragment, "qr-code")
    assertNotContains(fragment, "撤销上一局")


# --- starting again -----------------------------------------------------------------------------


def test_start_again_fills_the_same_table(owner, owner_client):
    sitting = session_create(
        owner=owner,
        name="周日牌局",
        players=["老王", "小李", "阿芳", "大刘"],
        ruleset="anqing-daque",
        base_silver="2.5",
    )
    rules_change(session=sitting, rules={"pao_feng": 8})
    page = owner_client.get(url(sitting))
    assertContains(page, f'href="/sessions/new/?from={sitting.pk}"')
    assertContains(page, "用同样的人再开一场")

    form = owner_client.get(f"/sessions/new/?from={sitting.pk}")
    assertContains(form, "按“周日牌局”填好了")
    for seat, name in zip("ESWN", ["老王", "小李", "阿芳", "大刘"], strict=True):
        assertContains(form, f'name="player_{seat}" value="{name}"')
    assertContains(form, '<option value="anqing-daque" selected>', html=False)
    assertContains(form, 'value="2.5"')
    assert form.context["rules_form"]["pao_feng"].value() == 8

    # Sent as shown, it opens the same table with the same house rules.
    data = {
        "name": "周日牌局",
        "player_E": "老王",
        "player_S": "小李",
        "player_W": "阿芳",
        "player_N": "大刘",
        "ruleset": "anqing-daque",
        "base_silver": "2.5",
        "rules_for": "anqing-daque",
    }
    for field in form.context["rules_form"]:
        value = field.value()
        if isinstance(value, bool):
            if value:
                data[field.html_name] = "on"
        elif isinstance(value, list | tuple):
            data[field.html_name] = ", ".join(str(n) for n in value)
        else:
            data[field.html_name] = value
    created = owner_client.post("/sessions/new/", data)
    assert created.status_code == 302
    again = sessions_for_user(owner).exclude(pk=sitting.pk).get()
    assert seat_names(again) == seat_names(sitting)
    assert again.base_silver == Decimal("2.5")
    assert current_rules_version(again).overrides == {"pao_feng": 8}


def test_start_again_from_someone_elses_sitting_is_ignored(owner_client, sitting):
    other = get_user_model().objects.create_user("laozhang", password="pw-x-1234")
    theirs = session_create(
        owner=other, name="别人的局", players=["甲", "乙", "丙", "丁"], base_silver="5"
    )
    for query in (f"?from={theirs.pk}", "?from=999999", "?from=abc"):
        form = owner_client.get(f"/sessions/new/{query}")
        assert form.status_code == 200
        assertNotContains(form, "别人的局")
        assertNotContains(form, 'value="甲"')
        assertNotContains(form, "填好了")


def test_the_new_sitting_form_remembers_names_of_this_user_only(owner, owner_client, sitting):
    session_create(
        owner=owner, name="第二场", players=["阿东", "小李", "阿西", "老王"], base_silver="1"
    )
    other = get_user_model().objects.create_user("laozhang", password="pw-x-1234")
    session_create(owner=other, name="别人的局", players=["甲", "乙", "丙", "丁"], base_silver="1")
    form = owner_client.get("/sessions/new/")
    assertContains(form, 'list="known-player-names"', count=4)
    datalist = re.search(
        r'<datalist id="known-player-names">(.*?)</datalist>', form.content.decode()
    ).group(1)
    names = re.findall(r'<option value="([^"]*)">', datalist)
    # Most recent sitting first, each name once.
    assert names == ["阿东", "小李", "阿西", "老王", "阿南", "阿北"]
    assert "甲" not in datalist


def test_remembered_names_are_capped(owner):
    for number in range(20):
        session_create(
            owner=owner,
            name=f"第{number}场",
            players=[f"甲{number}", f"乙{number}", f"丙{number}", f"丁{number}"],
            base_silver="1",
        )
    names = player_names_used(owner, limit=50)
    assert len(names) == 50
    assert names[:4] == ["甲19", "乙19", "丙19", "丁19"]


# --- in every language of the pages -------------------------------------------------------------


def test_the_tools_in_traditional_chinese_and_english(owner_client, sitting):
    record_rounds(sitting, paofeng("W"))
    owner_client.post("/i18n/setlang/", {"language": "zh-hant", "next": "/"})
    page = owner_client.get(url(sitting))
    assertContains(page, "撤銷上一局（第1局）")
    assertContains(page, "確認荒莊（第2局）")
    assertContains(page, "複製鏈接")
    assertContains(page, 'aria-label="分享鏈接的二維碼"')
    assertContains(page, "用同樣的人再開一場")
    owner_client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    page = owner_client.get(url(sitting))
    assertContains(page, "Undo the last round (round 1)")
    assertContains(page, 'Round 1: West · <span lang="zh">阿西</span> won by self-draw, 9 fan.')
    assertContains(page, "Draw: record round 2")
    assertContains(page, "Copy link")
    assertContains(page, 'aria-label="QR code of the share link"')
    assertContains(page, "New sitting with the same players")
    undone = owner_client.post(
        url(sitting, "rounds/undo/"), {"number": "1", "confirm": "1"}, follow=True
    )
    assertContains(undone, "Round 1 undone")
