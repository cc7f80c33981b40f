"""Each game's own words on the shared pages, read from what the game declares (``Features``):
the draw's name (荒莊 in Anqing, R9; 流局 in Anji, AJ3.2, and 紅中, HZ11), how a win came in every
round list (自摸, or the discarder's name with 放冲, AJ6.7, or 放炮, HZ3.2), the unit, the
base-silver sentence with its rule id, the quick-draw question (a 紅中 draw pays its kongs,
HZ10.3), the house-rules form (only the keys that count under the ruleset, R3; each ladder with
its own help, R7 / R8.2) and amounts grouped by three wherever money is shown."""

from __future__ import annotations

import dataclasses
import re

import pytest
from django.template import Context, Template
from django.test import Client
from django.utils import translation
from pytest_django.asserts import assertContains, assertNotContains

from calculator.services.rounds import round_record
from calculator.services.sittings import session_create
from calculator.web.forms import HouseRulesForm
from calculator.web.templatetags.amounts import grouped
from calculator.web.templatetags.games import how_won
from calculator.web.templatetags.tiles import seat_label
from scoring.base import Features
from scoring.games import GAMES
from tests.pages.test_share_why_and_hand_links import (
    anji_sitting,
    anqing_sitting,
    hongzhong_sitting,
    share_url,
)

pytestmark = pytest.mark.django_db


def rounds_part(page_html: str) -> str:
    """The round list of a sitting or share page (``_rounds.html``)."""
    found = re.search(r'<ol class="rounds".*?</ol>', page_html, re.S)
    assert found, "no round list"
    return found.group(0)


def round_line(page_html: str, number: int) -> str:
    """The words of round ``number`` in the round list, tags taken out."""
    part = rounds_part(page_html)
    found = re.search(rf'data-round="{number}".*?</li>', part, re.S)
    assert found, f"no round {number}"
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(0))).strip()


# --- what each game declares -------------------------------------------------------------------


def test_each_game_declares_its_draw_and_its_discarder_word() -> None:
    features = {code: game.features for code, game in GAMES.items()}
    assert features["anqing"].draw_names["zh-hans"] == "荒庄"  # R9: 荒莊
    assert features["anqing"].draw_names["zh-hant"] == "荒莊"
    assert features["anji"].draw_names["zh-hans"] == "流局"  # AJ3.2: 「则算流局」
    assert features["hongzhong"].draw_names["zh-hans"] == "流局"  # HZ11
    assert features["anji"].discard_names["zh-hans"] == "放冲"  # AJ6.7: 「放冲者给4分」
    assert features["hongzhong"].discard_names["zh-hans"] == "放炮"  # HZ2.2: 「放炮者坐庄」
    # A game that declares nothing still has words for every page.
    bare = Features()
    assert bare.self_draw_names["en"] and bare.discard_names["en"] and bare.draw_names["en"]
    assert bare.silver_help is None and bare.counts_under("anything", "any")


def test_how_won_names_the_discarder_with_the_games_word() -> None:
    names = {"E": "阿東", "S": "阿南"}
    with translation.override("zh-hans"):
        assert how_won("anji", ["E"], {}, names) == "东 · 阿東 自摸"
        assert how_won("anji", ["E"], {"discarder": "S"}, names) == "东 · 阿東 胡（南 · 阿南 放冲）"
        assert (
            how_won("hongzhong", "E", {"discarder": "S"}, names) == "东 · 阿東 胡（南 · 阿南 放炮）"
        )
        robbed = how_won("hongzhong", ["E"], {"discarder": "S", "robbed_kong": True}, names)
        assert robbed == "东 · 阿東 抢杠胡（南 · 阿南 的杠）"  # HZ3.2: 搶槓
    with translation.override("zh-hant"):
        assert how_won("anji", ["E"], {"discarder": "S"}, names) == "東 · 阿東 胡（南 · 阿南 放沖）"
    with translation.override("en"):
        east, south = seat_label("E"), seat_label("S")  # the seat as the English page names it
        line = how_won("anji", ["E"], {"discarder": "S"}, None)
        assert line == f"{east} won ({south}'s discard)"
        assert how_won("anji", ["E"], {}, None) == f"{east} won by self-draw"
        several = how_won("hongzhong", ["E", "S"], {"discarder": "N"}, None)  # HZ3.3: 一炮多響
        assert f"{east}, {south} won" in several and "、" not in several


# --- the round lists ----------------------------------------------------------------------------


def test_a_discard_win_reads_as_one_in_the_sitting_and_share_round_lists(owner, owner_client):
    anji = anji_sitting(owner)  # round 2: W wins on E's discard (AJ6.7), round 3 a draw
    for page in (owner_client.get(f"/sessions/{anji.pk}/"), Client().get(share_url(anji))):
        html = page.content.decode()
        assert "南 · 乙 自摸" in round_line(html, 1)
        assert "西 · 丙 胡（东 · 甲 放冲）" in round_line(html, 2)
        assert "自摸" not in round_line(html, 2)
        assert "流局" in round_line(html, 3) and "荒庄" not in rounds_part(html)
    hongzhong = hongzhong_sitting(owner)  # round 2: W 抓炮 N; round 5: 一炮多響 on N's discard
    html = owner_client.get(f"/sessions/{hongzhong.pk}/").content.decode()
    assert "西 · 阿西 胡（北 · 阿北 放炮）" in round_line(html, 2)
    assert "东 · 阿東、南 · 阿南 胡（北 · 阿北 放炮）" in round_line(html, 5)
    assert "流局" in round_line(html, 4)  # HZ11: its kongs pay, and the list shows them
    assert "没有钱进出" not in round_line(html, 4)


def test_a_round_page_heads_a_discard_win_in_the_games_words(owner, owner_client):
    anji = anji_sitting(owner)
    page = owner_client.get(f"/sessions/{anji.pk}/rounds/2/")
    assertContains(page, "西 · 丙 胡（东 · 甲 放冲）")


def test_the_undo_question_says_how_the_last_win_came(owner, owner_client):
    hongzhong = hongzhong_sitting(owner)  # the last round: 一炮多響 on N's discard
    page = owner_client.get(f"/sessions/{hongzhong.pk}/?confirm=undo")
    assertContains(page, "第5局：东 · 阿東、南 · 阿南 胡（北 · 阿北 放炮）。")


# --- the sitting page's draw -------------------------------------------------------------------


def test_each_games_draw_button_says_its_own_word(owner, owner_client):
    for sitting, word, other in (
        (anqing_sitting(owner), "荒庄", "流局"),
        (anji_sitting(owner), "流局", "荒庄"),
        (hongzhong_sitting(owner), "流局", "荒庄"),
    ):
        html = owner_client.get(f"/sessions/{sitting.pk}/").content.decode()
        button = re.search(r'<details class="ask" id="draw".*?</details>', html, re.S).group(0)
        assert f'<summary class="btn">{word}</summary>' in button
        assert other not in button


def test_the_draw_question_moves_no_money_only_where_none_moves(owner, owner_client):
    anji = anji_sitting(owner)
    page = owner_client.get(f"/sessions/{anji.pk}/?confirm=draw")
    assertContains(page, "这一局没有钱进出（AJ3.2）。")  # AJ3.2: a draw pays nothing
    assertNotContains(page, "data-draw-with-kongs")
    hongzhong = hongzhong_sitting(owner)
    page = owner_client.get(f"/sessions/{hongzhong.pk}/?confirm=draw")
    # HZ10.3: kongs still pay on a draw: the question says so and opens the round form for them.
    assertNotContains(page, "这一局没有钱进出")
    assertContains(page, "有人开过杠，杠照样收钱（HZ11）")
    assertContains(
        page, f'href="/sessions/{hongzhong.pk}/rounds/new/?result=draw" data-draw-with-kongs'
    )
    assertContains(page, "确认流局，没有杠（第6局）")
    # ... and the form it opens is already on 流局, with its kong rows (HZ10.3)
    form = owner_client.get(f"/sessions/{hongzhong.pk}/rounds/new/?result=draw")
    assertContains(form, 'name="outcome" value="draw" id="id_outcome_2" required checked', html=False)
    plain = owner_client.get(f"/sessions/{hongzhong.pk}/rounds/new/")
    assertNotContains(plain, 'value="draw" id="id_outcome_2" required checked', html=False)


def test_the_draw_question_in_traditional_chinese_and_english(owner, owner_client):
    hongzhong = hongzhong_sitting(owner)
    owner_client.post("/i18n/setlang/", {"language": "zh-hant", "next": "/"})
    page = owner_client.get(f"/sessions/{hongzhong.pk}/?confirm=draw")
    assertContains(page, "有人開過槓，槓照樣收錢（HZ11）")
    owner_client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    page = owner_client.get(f"/sessions/{hongzhong.pk}/?confirm=draw")
    assertContains(page, "kongs still pay (HZ11)")
    assertContains(page, "Enter the kongs")


# --- the new-sitting page's base silver ----------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "sentence", "not_there"),
    [
        ("anqing", "每笔钱 = （底番 + 牌型番 + 连庄加番）× 基础银子（R9）", "AJ11"),
        ("anji", "每笔钱 = 分 × 基础银子（AJ11）", "连庄加番"),
        ("hongzhong", "每笔钱 = 分 × 基础银子（HZ9.3）", "连庄加番"),
    ],
)
def test_the_base_silver_is_explained_by_the_chosen_games_rule(
    owner_client, game, sentence, not_there
):
    page = owner_client.get(f"/sessions/new/?game={game}")
    help_text = re.search(r"<p class=\"help\" data-silver-help>(.*?)</p>", page.content.decode())
    assert help_text and help_text.group(1) == sentence
    assert not_there not in help_text.group(1)


# --- the house-rules form -----------------------------------------------------------------------


def test_the_house_rules_form_offers_a_key_only_under_the_ruleset_it_counts_in() -> None:
    """R3: 清一色 / 凑一色 / 字一色 score only under 打缺 (anqing-daque), nothing under 不打缺."""
    one_suit = {"qing_yi_se", "cou_yi_se", "zi_yi_se"}
    assert not one_suit & set(HouseRulesForm(game="anqing", ruleset="anqing").fields)
    assert one_suit <= set(HouseRulesForm(game="anqing", ruleset="anqing-daque").fields)
    # The schema still names every key make_rules takes (the API reads it).
    assert one_suit <= {rule.key for rule in GAMES["anqing"].house_rules("anqing")}


def test_each_ladder_has_its_own_help() -> None:
    with translation.override("zh-hans"):
        form = HouseRulesForm(game="anqing", ruleset="anqing")
        streak = str(form.fields["lianzhuang_bonus"].help_text)
        bloom = str(form.fields["gang_kai_ladder"].help_text)
    assert streak != bloom
    assert "3, 6, 12, 15" in streak and "R8.2" in streak
    assert "4, 7, 10, 13" in bloom and "4 + 7 − 2 = 9" in bloom and "R7" in bloom
    assert "3, 6, 12, 15" not in bloom  # not the 连庄 example again


def test_a_ladder_without_help_of_its_own_takes_its_default_as_the_example(monkeypatch) -> None:
    from dataclasses import replace

    game = GAMES["anqing"]
    bare = replace(game, features=replace(game.features, house_rule_help={}))
    monkeypatch.setitem(GAMES, "anqing", bare)
    with translation.override("zh-hans"):
        form = HouseRulesForm(game="anqing", ruleset="anqing")
        assert str(form.fields["gang_kai_ladder"].help_text) == "用逗号分开的整数，如 4, 7, 10, 13"


def test_a_changed_house_rule_reads_by_its_name_on_the_sitting_page(owner, owner_client):
    anji = anji_sitting(owner)  # flowers 2 and discard_win turned on (AJ13)
    page = owner_client.get(f"/sessions/{anji.pk}/").content.decode()
    header = re.search(r'<p class="muted small">.*?</p>', page, re.S).group(0)
    visible = re.sub(r"<[^>]+>", "", header)
    labels = {rule.key: rule.label("zh-hans") for rule in GAMES["anji"].house_rules()}
    assert f"{labels['discard_win']}：是" in visible
    assert f"{labels['flowers']}：2" in visible
    assert "discard_win" not in visible and "=True" not in visible


# --- the unit -------------------------------------------------------------------------------------


def test_the_empty_summary_names_the_games_unit() -> None:
    template = Template('{% include "web/_summary.html" %}')

    class FakeForm:
        game = "hongzhong"

    with translation.override("zh-hans"):
        text = template.render(Context({"form": FakeForm()}))
    assert "填好牌，这里就显示分数" in text and "番" not in text  # 紅中 counts 分 (HZ9.3)
    FakeForm.game = "anqing"
    with translation.override("zh-hans"):
        assert "显示番数" in template.render(Context({"form": FakeForm()}))


# --- amounts ------------------------------------------------------------------------------------


def test_amounts_are_grouped_by_three_and_kept_exact() -> None:
    assert grouped("80000000") == "80,000,000"
    assert grouped("-240000000") == "-240,000,000"
    assert grouped("1234567.25") == "1,234,567.25"
    assert grouped("999") == "999" and grouped("0.0001") == "0.0001" and grouped("0") == "0"
    rendered = Template(
        "{% load amounts tiles %}{{ a|amount }} {{ b|signed_amount }} {{ b|signed }}"
    )
    assert rendered.render(Context({"a": "80000000", "b": "240000000"})) == (
        "80,000,000 +240,000,000 +240,000,000"
    )


def test_a_big_base_silver_reads_grouped_on_every_money_page(owner, owner_client):
    """R9 at base silver 1,000,000: E's plain self-draw as dealer is paid (8 + F) × 1,000,000 by
    each; every amount on the sitting, settle and share pages is grouped."""
    sitting = session_create(
        owner=owner,
        name="大场",
        players=["阿东", "阿南", "阿西", "阿北"],
        base_silver="1000000",
    )
    from tests.calculator.hands import plain

    round_record(session=sitting, entry=plain("E"), user=owner)
    for page in (
        owner_client.get(f"/sessions/{sitting.pk}/"),
        owner_client.get(f"/sessions/{sitting.pk}/settle/"),
        Client().get(share_url(sitting)),
    ):
        html = page.content.decode()
        shown = re.findall(r">[+-]?(\d[\d,]*)(?:\.\d+)?<", html)
        big = [n for n in shown if len(n.replace(",", "")) >= 7]
        assert big, "no amount of a million or more"
        assert all(re.fullmatch(r"\d{1,3}(,\d{3})+", n) for n in big), big
    assertContains(owner_client.get(f"/sessions/{sitting.pk}/"), "基础银子 1,000,000")


def test_a_draw_says_the_dealer_keeps_the_deal_only_where_the_game_keeps_it(
    owner, owner_client, monkeypatch
):
    """AJ2.2: after an Anji draw the dealer deals again, and the round's page says so; a game
    whose deal passed on a draw (its ``next_dealer``) would not be told "连庄"."""
    anji = anji_sitting(owner)
    round_record(session=anji, entry={"result": "draw"}, user=owner)
    number = anji.rounds.order_by("-number").first().number
    page = owner_client.get(f"/sessions/{anji.pk}/rounds/{number}/")
    assertContains(page, "流局：庄家连庄，不进出钱。")

    def passes_on(dealer, streak, winner, player_count):
        seats = "ESWN"[:player_count]
        return seats[(seats.index(dealer) + 1) % player_count], 0

    monkeypatch.setitem(GAMES, "anji", dataclasses.replace(GAMES["anji"], next_dealer=passes_on))
    page = owner_client.get(f"/sessions/{anji.pk}/rounds/{number}/")
    assertContains(page, "流局：不进出钱。")
    assertNotContains(page, "庄家连庄")
