"""Table fees on the pages: the house-rules form has the table fee's keys for every game, the
台费 form records a fee once (a double tap is one entry), refuses a wrong one with what is wrong
and nothing saved, and corrects it; the seats, the round list, the entry's page and settle-up
show the fees beside the balances. In the three languages.

Amounts by hand: ``plain(seat)`` is a 3-fan self-draw (R7) at base silver 1: a non-dealer winner
gets 25 (E the dealer pays 11, the others 7: R8.1, R9)."""

from __future__ import annotations

import re

import pytest

from calculator.models import Fee, Round
from calculator.services.rounds import round_record
from tests import factories
from tests.calculator.hands import plain

pytestmark = pytest.mark.django_db


def once_key(html: str) -> str:
    return re.search(r'name="once" value="([^"]+)"', html).group(1)


def text_of(html: str) -> str:
    return re.sub(r"\s+", "", re.sub(r"<[^>]+>", "", html))


def test_a_fee_split_equally_is_recorded_once_and_shown_beside_the_balances(
    owner_client, owner, sitting
):
    round_record(session=sitting, entry=plain("S"), user=owner)  # S +25, E −11, W −7, N −7
    page = owner_client.get(f"/sessions/{sitting.pk}/").content.decode()
    assert f'href="/sessions/{sitting.pk}/fees/new/"' in page
    html = owner_client.get(f"/sessions/{sitting.pk}/fees/new/").content.decode()
    assert 'name="expected_round" value="2"' in html and 'value="台费"' in html
    assert 'id="to-E" value="E" checked' in html  # the house rules' collector: East
    data = {"once": once_key(html), "expected_round": "2", "split": "equal", "amount": "10",
            "to": "N", "reason": "台费"}  # fmt: skip
    first = owner_client.post(f"/sessions/{sitting.pk}/fees/new/", data)
    assert first.status_code == 302 and first["Location"] == f"/sessions/{sitting.pk}/"
    assert owner_client.post(f"/sessions/{sitting.pk}/fees/new/", data).status_code == 302
    assert Round.objects.filter(session=sitting).count() == 2  # the double tap is one entry
    # 2 each and 2 odd units, paid by S (+25) and W (−7, before N): E 2, S 3, W 3, N 2, to N.
    assert sorted(Fee.objects.values_list("payer", "amount")) == [
        ("E", 2), ("N", 2), ("S", 3), ("W", 3),
    ]  # fmt: skip

    page = owner_client.get(f"/sessions/{sitting.pk}/").content.decode()
    line = re.search(r'<li class="round" data-round="2">.*?</li>', page, re.S).group(0)
    assert 'data-adjustment="fee"' in line and "台费" in line
    assert "台费西·阿西→北3" in text_of(line)
    # North: −7 at the table, 2 paid, 10 collected: net +1.
    north = re.search(r'data-seat-fees="N">(.*?)</div>', page, re.S).group(1)
    assert text_of(north) == "台费2·代收10·净额+1"
    assert re.search(r'data-balance="-7"', page)  # the balance itself is untouched

    why = owner_client.get(f"/sessions/{sitting.pk}/rounds/2/").content.decode()
    assert "交给店家的钱" in why and f"/sessions/{sitting.pk}/fees/2/edit/" in why

    settle = owner_client.get(f"/sessions/{sitting.pk}/settle/").content.decode()
    row = re.search(r'data-fee-row="N">(.*?)</tr>', settle, re.S).group(1)
    assert text_of(row) == "北·阿北+1-7210"  # net first, then table, paid, collected
    # Net E −13, S +22, W −10, N +1: E → S 13, W → S 9, W → N 1.
    transfers = [text_of(t) for t in re.findall(r"<li class=\"rowlink\" data-transfer>(.*?)</li>",
                                                  settle, re.S)]  # fmt: skip
    assert transfers == ["东·阿东→南·阿南13", "西·阿西→南·阿南9", "西·阿西→北·阿北1"]


def test_named_payers_and_a_correction(owner_client, owner, sitting):
    html = owner_client.get(f"/sessions/{sitting.pk}/fees/new/").content.decode()
    data = {"once": once_key(html), "expected_round": "1", "split": "named", "pay_E": "6",
            "pay_W": "4", "to": "E", "reason": "茶水"}  # fmt: skip
    assert owner_client.post(f"/sessions/{sitting.pk}/fees/new/", data).status_code == 302
    assert sorted(Fee.objects.values_list("payer", "amount")) == [("E", 6), ("W", 4)]
    # The adjustment's own edit address sends a fee to the fee's form.
    sent = owner_client.get(f"/sessions/{sitting.pk}/adjustments/1/edit/")
    assert sent.status_code == 302 and sent["Location"] == f"/sessions/{sitting.pk}/fees/1/edit/"
    edit = owner_client.get(f"/sessions/{sitting.pk}/fees/1/edit/").content.decode()
    assert 'id="split-named" value="named" checked' in edit and 'id="pay-W"' in edit
    fixed = {**data, "once": once_key(edit), "version": "1", "pay_W": "", "pay_N": "5"}
    del fixed["expected_round"]
    assert owner_client.post(f"/sessions/{sitting.pk}/fees/1/edit/", fixed).status_code == 302
    assert sorted(Fee.objects.values_list("payer", "amount")) == [("E", 6), ("N", 5)]


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"amount": "1e3"}, "金额只写数字"),
        ({"amount": "0"}, "amount 必须是大于 0 的数"),
        ({"split": "named"}, "至少给一个人写上金额"),
        ({"reason": " "}, "reason 要写明是什么费"),
    ],
)
def test_a_wrong_fee_is_shown_again_with_what_is_wrong(owner_client, sitting, change, said):
    html = owner_client.get(f"/sessions/{sitting.pk}/fees/new/").content.decode()
    data = {"once": once_key(html), "expected_round": "1", "split": "equal", "amount": "8",
            "to": "E", "reason": "台费", **change}  # fmt: skip
    answer = owner_client.post(f"/sessions/{sitting.pk}/fees/new/", data)
    assert answer.status_code == 400 and said in answer.content.decode()
    assert not Round.objects.filter(session=sitting).exists()


@pytest.mark.parametrize(
    ("language", "words", "other_script"),
    [
        ("zh-hans", ["台费", "大家平分", "谁收（付房钱的人）"], "臺費"),
        ("zh-hant", ["臺費", "大家平分", "誰收（付房錢的人）"], "台费"),
        ("en", ["Table fee", "Split equally", "Who collects it (and pays the room)"], "台费"),
    ],
)
def test_the_fee_form_and_the_house_rules_in_each_language(
    owner_client, sitting, language, words, other_script
):
    owner_client.cookies["django_language"] = language
    html = owner_client.get(f"/sessions/{sitting.pk}/fees/new/").content.decode()
    for word in words:
        assert word in html
    assert other_script not in html
    rules = owner_client.get(f"/sessions/{sitting.pk}/rules/").content.decode()
    assert 'name="rule-fee_share"' in rules and 'name="rule-fee_collector"' in rules
    assert "fee_share" not in text_of(rules)  # a house rule by its name, never by its key
    label = {"zh-hans": "台费：每局赢家抽成", "zh-hant": "臺費：每局贏家抽成",
             "en": "Table fee: per cent of each win"}[language]  # fmt: skip
    assert label in rules


def test_the_house_rules_form_sets_a_share_of_each_win(owner_client, owner, sitting):
    page = owner_client.get(f"/sessions/{sitting.pk}/rules/").content.decode()
    fields = dict(re.findall(r'name="(rule-[a-z_]+)" value="([^"]*)"', page))
    data = {**fields, "once": once_key(page), "rules_for": sitting.ruleset,
            "rule-fee_share": "10", "rule-fee_threshold": "20", "rule-fee_collector": "W"}  # fmt: skip
    answer = owner_client.post(f"/sessions/{sitting.pk}/rules/", data)
    assert answer.status_code == 302, answer.content.decode()[-2000:]
    overrides = sitting.rules_versions.order_by("-number").first().overrides
    fee_keys = ("fee_share", "fee_threshold", "fee_collector")
    assert {key: overrides[key] for key in fee_keys} == {
        "fee_share": 10, "fee_threshold": 20, "fee_collector": "W",
    }  # fmt: skip
    round_record(session=sitting, entry=plain("S"), user=owner)  # 25 ≥ 20: 2.5 → 3 to West
    assert list(Fee.objects.values_list("payer", "collector", "amount")) == [("S", "W", 3)]
    why = owner_client.get(f"/sessions/{sitting.pk}/rounds/1/").content.decode()
    fees = re.search(r"<section class=\"card\" data-round-fees>(.*?)</section>", why, re.S).group(1)
    assert "南·阿南→西·阿西3" in text_of(fees)


def test_a_new_sitting_takes_the_fee_house_rules_of_every_game(owner_client):
    page = owner_client.get("/sessions/new/?game=anji").content.decode()
    assert 'name="rule-fee_share"' in page and 'name="rule-fee_collector"' in page
    calculator = owner_client.get("/calculator/").content.decode()
    assert "rule-fee_share" not in calculator  # no sitting, no fees


def test_the_collector_is_offered_among_the_seats_at_the_table(owner_client, owner):
    """A three-player Anji table (AJ2.1: East, South, West) offers no North to collect the fees;
    a four-player table offers all four."""
    three = factories.make_sitting(owner, game="anji", player_count=3, players=["甲", "乙", "丙"])
    page = owner_client.get(f"/sessions/{three.pk}/rules/").content.decode()
    select = re.search(r'<select name="rule-fee_collector".*?</select>', page, re.S).group(0)
    assert re.findall(r'<option value="([ESWN])"', select) == ["E", "S", "W"]
    four = factories.make_sitting(owner)
    page = owner_client.get(f"/sessions/{four.pk}/rules/").content.decode()
    select = re.search(r'<select name="rule-fee_collector".*?</select>', page, re.S).group(0)
    assert re.findall(r'<option value="([ESWN])"', select) == ["E", "S", "W", "N"]


def test_english_pages_with_fees_carry_no_chinese_punctuation(owner_client, owner):
    """The group's unpaid settle-up with its nets and the undo question of a fee entry, read in
    English: the people's names and the note are the table's words, the rest is English."""
    from calculator.services.groups import group_create

    session = factories.make_sitting(owner, rounds=[plain("S")])
    round_record(
        session=session,
        entry={"result": "adjustment", "kind": "fee", "reason": "台费", "amount": "10"},
    )
    group = group_create(
        owner=owner, name="Friday", players=[p.pk for p in session.seat_players().values()]
    )
    owner_client.cookies["django_language"] = "en"
    sitting = text_of(owner_client.get(f"/sessions/{session.pk}/").content.decode())
    standings = text_of(owner_client.get(f"/groups/{group.pk}/").content.decode())
    assert "(net" in standings
    assert "台费." in sitting  # the note, then an English full stop
    for page in (sitting, standings):
        for mark in "（）。，、：":
            assert mark not in page, (mark, page)
