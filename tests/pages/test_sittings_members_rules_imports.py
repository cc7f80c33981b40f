"""A sitting's members, its house rules after the start (R12), and importing an export."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from pytest_django.asserts import assertContains, assertNotContains, assertRedirects

import scoring
from calculator.models import Round, RulesVersion, Session
from calculator.money import money_str
from calculator.selectors.sittings import current_rules_version, session_balances
from calculator.services.sittings import session_invite
from tests.pages.conftest import PAOFENG_HAND, hand_form

# Every field the house-rules form posts for the default anqing rules (R12), so a test can
# change one value and keep the rest.
DEFAULT_RULES_POST = {
    f"rule-{key}": ", ".join(str(n) for n in value) if isinstance(value, list | tuple) else value
    for key, value in scoring.house_rule_defaults("anqing").items()
    if not isinstance(value, bool)
}
DEFAULT_RULES_POST.update({"rule-qidui_allow_four": "on", "rule-wild_draw_requires_pao_feng": "on"})


def client_of(username: str) -> Client:
    user = get_user_model().objects.create_user(username, password=f"pw-{username}-1234")
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def stranger_client(db) -> Client:
    return client_of("stranger")


# --- members ---------------------------------------------------------------------------------


def test_the_owner_finds_the_members_page_from_the_sitting(owner_client, sitting) -> None:
    page = owner_client.get(f"/sessions/{sitting.pk}/")
    assertContains(page, f'href="/sessions/{sitting.pk}/members/"')
    assertContains(page, f'href="/sessions/{sitting.pk}/rules/"')
    assertContains(page, "家规（第1版）")
    members = owner_client.get(f"/sessions/{sitting.pk}/members/")
    assertContains(members, "ahdong")
    assertContains(members, "主人")
    assertContains(members, "还没有邀请别人")
    assertContains(members, "按用户名邀请")


def test_an_invited_member_opens_the_sitting_and_records_a_draw(owner_client, sitting) -> None:
    member = client_of("xiaoli")
    assert member.get(f"/sessions/{sitting.pk}/").status_code == 404

    response = owner_client.post(
        f"/sessions/{sitting.pk}/members/", {"username": "xiaoli"}, follow=True
    )
    assertContains(response, "已邀请“xiaoli”")
    assertContains(response, 'data-member="xiaoli"')
    assert list(sitting.members.values_list("username", flat=True)) == ["xiaoli"]

    listing = member.get("/sessions/")
    assertContains(listing, "周六牌局")
    assertContains(listing, "主人：ahdong")
    page = member.get(f"/sessions/{sitting.pk}/")
    assertContains(page, "记胡牌")
    assertContains(page, "主人：ahdong")
    assertNotContains(page, f'href="/sessions/{sitting.pk}/members/"')  # inviting is the owner's

    recorded = member.post(f"/sessions/{sitting.pk}/rounds/draw/", {"confirm": "1"}, follow=True)
    assertContains(recorded, "第1局已记录")
    assertContains(recorded, "荒庄")
    game_round = sitting.rounds.get()
    assert game_round.result == Round.DRAW
    assert game_round.recorded_by.username == "xiaoli"


def test_a_member_sees_who_is_in_but_may_not_invite(owner_client, sitting) -> None:
    member = client_of("xiaoli")
    client_of("laozhang")
    session_invite(session=sitting, username="xiaoli")
    page = member.get(f"/sessions/{sitting.pk}/members/")
    assertContains(page, 'data-member="ahdong"')
    assertNotContains(page, "按用户名邀请")
    refused = member.post(f"/sessions/{sitting.pk}/members/", {"username": "laozhang"})
    assert refused.status_code == 403
    assert list(sitting.members.values_list("username", flat=True)) == ["xiaoli"]


def test_inviting_an_unknown_username_names_it_and_saves_nothing(owner_client, sitting) -> None:
    response = owner_client.post(f"/sessions/{sitting.pk}/members/", {"username": "nobody42"})
    assertContains(response, "没有用户名叫“nobody42”的账号")
    assert not sitting.members.exists()


def test_inviting_someone_twice_or_the_owner_says_so(owner_client, sitting) -> None:
    client_of("xiaoli")
    owner_client.post(f"/sessions/{sitting.pk}/members/", {"username": "xiaoli"})
    again = owner_client.post(f"/sessions/{sitting.pk}/members/", {"username": "xiaoli"})
    assertContains(again, "“xiaoli”已经是成员了")
    owner = owner_client.post(f"/sessions/{sitting.pk}/members/", {"username": "ahdong"})
    assertContains(owner, "“ahdong”是这一场的主人")
    assert list(sitting.members.values_list("username", flat=True)) == ["xiaoli"]


def test_invite_through_htmx_swaps_only_the_members_fragment(owner_client, sitting) -> None:
    client_of("xiaoli")
    response = owner_client.post(
        f"/sessions/{sitting.pk}/members/", {"username": "xiaoli"}, headers={"HX-Request": "true"}
    )
    body = response.content.decode()
    assert "<html" not in body
    assert 'id="members"' in body
    assert "已邀请“xiaoli”" in body
    assert 'data-member="xiaoli"' in body


def test_a_stranger_gets_404_on_every_new_page(stranger_client, sitting) -> None:
    for url in (f"/sessions/{sitting.pk}/members/", f"/sessions/{sitting.pk}/rules/"):
        assert stranger_client.get(url).status_code == 404
    assert (
        stranger_client.post(
            f"/sessions/{sitting.pk}/members/", {"username": "stranger"}
        ).status_code
        == 404
    )
    assert (
        stranger_client.post(
            f"/sessions/{sitting.pk}/rules/", {**DEFAULT_RULES_POST, "rule-pao_feng": "8"}
        ).status_code
        == 404
    )
    assert not sitting.members.exists()
    assert sitting.rules_versions.count() == 1


def test_the_new_pages_need_a_login(client: Client, sitting) -> None:
    for url in (f"/sessions/{sitting.pk}/members/", f"/sessions/{sitting.pk}/rules/"):
        assertRedirects(client.get(url), f"/accounts/login/?next={url}")
    response = client.post("/sessions/import/", {"text": "{}"})
    assertRedirects(response, "/accounts/login/?next=/sessions/import/")


# --- house rules after the start (R12) -----------------------------------------------------


def test_the_rules_page_shows_the_rules_in_force_and_says_old_rounds_keep_theirs(
    owner_client, sitting
) -> None:
    response = owner_client.get(f"/sessions/{sitting.pk}/rules/")
    assertContains(response, "现在用的是第1版家规")
    assertContains(response, "已经记过的局保留记录时的家规")
    assertContains(response, 'name="rule-pao_feng"')
    assertContains(response, 'value="6"')  # R7 PAO_FENG default
    assertContains(response, "全部是默认值")
    assertContains(response, 'data-rules-version="1"')


def test_a_rules_change_scores_the_next_round_with_the_new_value_only(
    owner_client, owner, sitting
) -> None:
    # Round 1 under the defaults: S wins by 獨吊, PAO_FENG 6 + MEN_QING 3 = 9 番; E, the dealer,
    # pays 8 + 9 = 17, W and N pay 4 + 9 = 13 (R8.1, R9). S now deals (R2.2).
    rounds_url = f"/sessions/{sitting.pk}/rounds/new/"
    owner_client.post(rounds_url, {**hand_form("S", **PAOFENG_HAND), "confirm": "1"})

    response = owner_client.post(
        f"/sessions/{sitting.pk}/rules/", {**DEFAULT_RULES_POST, "rule-pao_feng": "8"}, follow=True
    )
    assertContains(response, "家规已改成第2版：从第2局起按新家规算分，已经记过的局不变。")
    assertContains(response, "跑风：8")  # R12: the house rule by its name, not its key
    assertNotContains(response, "pao_feng=8")
    assertContains(response, "家规（第2版）")
    version = sitting.rules_versions.get(number=2)
    assert version.overrides == {"pao_feng": 8}
    assert version.created_by == owner

    # Round 2 under version 2: W (not dealing) wins the same shape: PAO_FENG 8 + MEN_QING 3 =
    # 11 番; S, the dealer, pays 8 + 11 = 19, E and N pay 4 + 11 = 15.
    owner_client.post(rounds_url, {**hand_form("W", **PAOFENG_HAND), "confirm": "1"})
    first, second = sitting.rounds.order_by("number")
    assert (first.fan, first.rules_version.number) == (9, 1)
    assert (second.fan, second.rules_version.number) == (11, 2)
    payments = {p.payer: str(p.amount.normalize()) for p in second.payments.all()}
    assert payments == {"S": "19", "E": "15", "N": "15"}

    page = owner_client.get(f"/sessions/{sitting.pk}/")
    assertContains(page, "9 番")
    assertContains(page, "11 番")
    # S: +43 − 19 = 24; E: −17 − 15 = −32; W: −13 + 49 = 36; N: −13 − 15 = −28.
    for balance in ("24", "-32", "36", "-28"):
        assertContains(page, f'data-balance="{balance}"')
    assertContains(owner_client.get(f"/sessions/{sitting.pk}/rounds/1/"), "按第1版家规")
    assertContains(owner_client.get(f"/sessions/{sitting.pk}/rounds/2/"), "按第2版家规")

    # Correcting round 1 later still scores it with version 1 (R12): its fan stays 9.
    owner_client.post(
        f"/sessions/{sitting.pk}/rounds/1/edit/",
        {**hand_form("S", **PAOFENG_HAND), "confirm": "1"},
    )
    first.refresh_from_db()
    assert first.fan == 9

    history = owner_client.get(f"/sessions/{sitting.pk}/rules/")
    assertContains(history, "现在用的是第2版家规")
    assertContains(history, "从第3局起按新家规算分")
    assertContains(history, "第1–1局用这一版（共1局）")
    assertContains(history, "第2–2局用这一版（共1局）")
    assertContains(history, "ahdong")
    assertContains(history, "（默认 6）")
    assertContains(history, 'value="8"')


def test_a_member_may_change_the_house_rules(owner_client, sitting) -> None:
    member = client_of("xiaoli")
    session_invite(session=sitting, username="xiaoli")
    member.post(f"/sessions/{sitting.pk}/rules/", {**DEFAULT_RULES_POST, "rule-pao_feng": "8"})
    version = current_rules_version(sitting)
    assert (version.number, version.overrides) == (2, {"pao_feng": 8})
    assertContains(owner_client.get(f"/sessions/{sitting.pk}/rules/"), "xiaoli")


def test_bad_house_rules_say_what_is_wrong_and_save_nothing(owner_client, sitting) -> None:
    url = f"/sessions/{sitting.pk}/rules/"
    negative = owner_client.post(url, {**DEFAULT_RULES_POST, "rule-pao_feng": "-2"})
    assertContains(negative, "没有保存：请改正下面标出的地方")
    ladder = owner_client.post(url, {**DEFAULT_RULES_POST, "rule-lianzhuang_bonus": "3, x"})
    assertContains(ladder, "请填用逗号分开的整数")
    assert sitting.rules_versions.count() == 1


def test_saving_the_same_rules_makes_no_new_version(owner_client, sitting) -> None:
    response = owner_client.post(f"/sessions/{sitting.pk}/rules/", DEFAULT_RULES_POST)
    assertContains(response, "家规没有改动，没有保存新版本")
    assert sitting.rules_versions.count() == 1


# --- import ------------------------------------------------------------------------------


def played_sitting(owner_client: Client, sitting: Session) -> dict:
    """Four rounds across two rules versions, one voided; the export of it."""
    rounds_url = f"/sessions/{sitting.pk}/rounds/new/"
    owner_client.post(rounds_url, {**hand_form("S", **PAOFENG_HAND), "confirm": "1"})
    owner_client.post(f"/sessions/{sitting.pk}/rounds/draw/", {"confirm": "1"})
    owner_client.post(
        f"/sessions/{sitting.pk}/rules/", {**DEFAULT_RULES_POST, "rule-pao_feng": "8"}
    )
    owner_client.post(rounds_url, {**hand_form("W", **PAOFENG_HAND), "confirm": "1"})
    owner_client.post(rounds_url, {**hand_form("N"), "confirm": "1"})
    owner_client.post(f"/sessions/{sitting.pk}/rounds/2/void/")
    return json.loads(owner_client.get(f"/sessions/{sitting.pk}/export.json").content)


def test_import_of_an_upload_reproduces_the_same_balances(owner_client, sitting) -> None:
    export = played_sitting(owner_client, sitting)
    before = session_balances(sitting)
    listing = owner_client.get("/sessions/")
    assertContains(listing, "导入一场")
    assertContains(listing, 'enctype="multipart/form-data"')

    upload = SimpleUploadedFile(
        "session.json", json.dumps(export, ensure_ascii=False).encode(), "application/json"
    )
    response = owner_client.post("/sessions/import/", {"file": upload}, follow=True)
    imported = response.context["session"]
    assert imported.pk != sitting.pk
    assertRedirects(response, f"/sessions/{imported.pk}/")
    assertContains(response, "已导入“周六牌局”（4局），余额和文件里的一致。")
    assert session_balances(imported) == before
    for seat, amount in before.items():
        assertContains(response, f'data-balance="{money_str(amount)}"')
        assert export["balances"][seat] == money_str(amount)
    assert [r.rules_version.number for r in imported.rounds.order_by("number")] == [1, 1, 2, 2]
    assert imported.rounds.get(number=2).voided
    assert imported.rounds.get(number=3).fan == 11


def test_import_of_pasted_text_works_too(owner_client, sitting) -> None:
    owner_client.post(f"/sessions/{sitting.pk}/rounds/draw/", {"confirm": "1"})
    text = owner_client.get(f"/sessions/{sitting.pk}/export.json").content.decode()
    response = owner_client.post("/sessions/import/", {"text": text}, follow=True)
    assertContains(response, "已导入“周六牌局”（1局）")
    assert Session.objects.count() == 2


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{not json", "这不是有效的 JSON：第1行第2列"),
        (b"\xff\xfe\x00garbage", "文件不是 UTF-8 文字"),
        (b"[1, 2]", "文件的最外层应该是一个 JSON 对象"),
        (b'{"format": "csv"}', "这不是本应用导出的牌局"),
    ],
)
def test_a_broken_upload_says_what_is_wrong_and_saves_nothing(
    owner_client, sitting, content: bytes, message: str
) -> None:
    upload = SimpleUploadedFile("session.json", content, "application/json")
    response = owner_client.post("/sessions/import/", {"file": upload})
    assertContains(response, "没有导入", status_code=400)
    assertContains(response, message, status_code=400)
    assert Session.objects.count() == 1


def test_an_export_with_a_broken_round_saves_nothing(owner_client, sitting) -> None:
    export = played_sitting(owner_client, sitting)
    counts = (Session.objects.count(), Round.objects.count(), RulesVersion.objects.count())

    wrong_hand = json.loads(json.dumps(export))
    wrong_hand["rounds"][2]["hand"]["concealed"] = "123m56m234s678s9p1z4m"
    refused = owner_client.post("/sessions/import/", {"text": json.dumps(wrong_hand)})
    assertContains(refused, "没有导入", status_code=400)
    assertContains(refused, 'data-error-code="E_NOT_WINNING"', status_code=400)
    assertContains(refused, "第3局：", status_code=400)
    assertNotContains(refused, "第 3 局", status_code=400)  # the page names the round once

    hand_not_an_object = json.loads(json.dumps(export))
    hand_not_an_object["rounds"][1]["hand"] = [1, 2]
    refused = owner_client.post("/sessions/import/", {"text": json.dumps(hand_not_an_object)})
    assertContains(refused, "第2局的 hand 应该是一个对象", status_code=400)

    no_players = json.loads(json.dumps(export))
    no_players["players"] = ["阿东", "阿南"]
    refused = owner_client.post("/sessions/import/", {"text": json.dumps(no_players)})
    assertContains(refused, 'data-error-code="E_INVALID"', status_code=400)
    assertContains(refused, "players", status_code=400)

    assert (Session.objects.count(), Round.objects.count(), RulesVersion.objects.count()) == counts


def test_import_needs_a_file_or_text_but_not_both(owner_client, sitting) -> None:
    empty = owner_client.post("/sessions/import/", {})
    assertContains(empty, "请选择一个导出的 JSON 文件", status_code=400)
    upload = SimpleUploadedFile("session.json", b"{}", "application/json")
    both = owner_client.post("/sessions/import/", {"file": upload, "text": "{}"})
    assertContains(both, "文件和粘贴的文字只要一个", status_code=400)
    assert Session.objects.count() == 1


def test_the_new_pages_read_in_every_language(owner_client, sitting) -> None:
    owner_client.post("/i18n/setlang/", {"language": "zh-hant", "next": "/"})
    assertContains(
        owner_client.get(f"/sessions/{sitting.pk}/rules/"), "已經記過的局保留記錄時的家規"
    )
    assertContains(owner_client.get(f"/sessions/{sitting.pk}/members/"), "按用戶名邀請")
    owner_client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assertContains(
        owner_client.get(f"/sessions/{sitting.pk}/rules/"),
        "Rounds already recorded keep the house rules they were scored with",
    )
    assertContains(owner_client.get(f"/sessions/{sitting.pk}/"), "House rules (v1)")
    refused = owner_client.post(f"/sessions/{sitting.pk}/members/", {"username": "nobody42"})
    assertContains(refused, "There is no account with the username “nobody42”")
    assertContains(owner_client.get("/sessions/"), "Import a sitting")
