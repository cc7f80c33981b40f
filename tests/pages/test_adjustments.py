"""Adjustments on the pages: the session page's 罚分/调整 form records a penalty once (a double
tap is one entry), refuses a wrong one by name with nothing saved, corrects and voids it; the
round list has it as its own line, its page says what it moved and that the deal did not move,
and the share page shows it too. In the three languages."""

from __future__ import annotations

import re

import pytest

from calculator.models import Round
from calculator.services.rounds import round_record
from calculator.services.sittings import share_link_rotate
from tests.calculator.hands import plain

pytestmark = pytest.mark.django_db


def form(client, pk: int) -> str:
    page = client.get(f"/sessions/{pk}/adjustments/new/")
    assert page.status_code == 200
    return page.content.decode()


def once_key(html: str) -> str:
    return re.search(r'name="once" value="([^"]+)"', html).group(1)


def test_a_penalty_recorded_once_then_corrected_and_voided(owner_client, owner, sitting):
    round_record(session=sitting, entry=plain("E"), user=owner)
    html = form(owner_client, sitting.pk)
    assert 'name="expected_round" value="2"' in html
    assert "诈胡" in html  # a penalty's usual reason, offered
    data = {
        "once": once_key(html),
        "expected_round": "2",
        "kind": "penalty",
        "from": "W",
        "to": "each",
        "amount": "5",
        "reason": "诈胡",
    }
    first = owner_client.post(f"/sessions/{sitting.pk}/adjustments/new/", data)
    assert first.status_code == 302 and first["Location"] == f"/sessions/{sitting.pk}/"
    again = owner_client.post(f"/sessions/{sitting.pk}/adjustments/new/", data)  # a double tap
    assert again.status_code == 302
    assert Round.objects.filter(session=sitting).count() == 2
    sitting.refresh_from_db()
    assert (sitting.balance_e, sitting.balance_w) == (38, -26)
    assert (sitting.next_dealer, sitting.next_streak) == ("E", 1)

    page = owner_client.get(f"/sessions/{sitting.pk}/").content.decode()
    line = re.search(r'<li class="round" data-round="2">.*?</li>', page, re.S).group(0)
    assert 'data-adjustment="penalty"' in line and "罚分" in line and "诈胡" in line
    assert "西·阿西→东5" in re.sub(r"\s+", "", re.sub(r"<[^>]+>", "", line))

    why = owner_client.get(f"/sessions/{sitting.pk}/rounds/2/").content.decode()
    assert "西 · 阿西 付给其他每一家各 5。" in why
    assert "庄家还是 东 · 阿东，连庄还是 1" in why
    assert f"/sessions/{sitting.pk}/adjustments/2/edit/" in why

    # The hand's correction page sends an adjustment to its own form.
    assert owner_client.get(f"/sessions/{sitting.pk}/rounds/2/edit/")["Location"] == (
        f"/sessions/{sitting.pk}/adjustments/2/edit/"
    )
    edit = owner_client.get(f"/sessions/{sitting.pk}/adjustments/2/edit/").content.decode()
    assert 'name="version" value="1"' in edit and 'value="5"' in edit
    corrected = owner_client.post(
        f"/sessions/{sitting.pk}/adjustments/2/edit/",
        {**data, "once": once_key(edit), "version": "1", "to": "S", "amount": "6"},
    )
    assert corrected.status_code == 302
    sitting.refresh_from_db()
    assert (sitting.balance_s, sitting.balance_w) == (-5, -17)

    void = owner_client.get(f"/sessions/{sitting.pk}/rounds/2/void/").content.decode()
    owner_client.post(f"/sessions/{sitting.pk}/rounds/2/void/", {"once": once_key(void)})
    sitting.refresh_from_db()
    assert (sitting.balance_e, sitting.balance_s, sitting.balance_w) == (33, -11, -11)
    assert owner_client.get(f"/sessions/{sitting.pk}/adjustments/2/edit/").status_code == 302


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"amount": "abc"}, "amount"),
        ({"reason": " "}, "reason"),
        ({"kind": "side_payment", "to": "each"}, "to"),
        ({"from": ""}, "from"),
    ],
)
def test_a_wrong_adjustment_is_shown_again_with_what_is_wrong(
    owner_client, sitting, change, said
):
    html = form(owner_client, sitting.pk)
    data = {
        "once": once_key(html),
        "expected_round": "1",
        "kind": "penalty",
        "from": "W",
        "to": "each",
        "amount": "5",
        "reason": "诈胡",
        **change,
    }
    owner_client.cookies["django_language"] = "en"
    refused = owner_client.post(f"/sessions/{sitting.pk}/adjustments/new/", data)
    assert refused.status_code == 400
    text = refused.content.decode()
    error = re.search(r"data-adjustment-error>(.*?)</div>", text, re.S).group(1)
    assert said in error
    assert not Round.objects.filter(session=sitting).exists()


def test_a_form_opened_before_another_phone_recorded_saves_nothing(
    owner_client, owner, sitting
):
    html = form(owner_client, sitting.pk)
    round_record(session=sitting, entry=plain("S"), user=owner)  # the other phone
    late = owner_client.post(
        f"/sessions/{sitting.pk}/adjustments/new/",
        {
            "once": once_key(html),
            "expected_round": "1",
            "kind": "penalty",
            "from": "W",
            "to": "each",
            "amount": "5",
            "reason": "诈胡",
        },
    )
    assert late.status_code == 409
    assert 'name="expected_round" value="2"' in late.content.decode()
    assert Round.objects.filter(session=sitting).count() == 1


@pytest.mark.parametrize(
    ("language", "words"),
    [("zh-hans", ["罚分", "补钱"]), ("zh-hant", ["罰分", "補錢"]), ("en", ["Penalty", "Side payment"])],
)
def test_the_form_and_the_share_page_in_each_language(
    owner_client, owner, sitting, client, language, words
):
    owner_client.cookies["django_language"] = language
    html = form(owner_client, sitting.pk)
    for word in words:
        assert word in html
    round_record(
        session=sitting,
        entry={
            "result": "adjustment",
            "kind": "side_payment",
            "from": "E",
            "to": "N",
            "amount": "3",
            "reason": "上次的茶钱",
        },
        user=owner,
    )
    token = share_link_rotate(session=sitting, user=owner)
    client.cookies["django_language"] = language
    shared = client.get(f"/share/{token}/").content.decode()
    assert 'data-adjustment="side_payment"' in shared and "上次的茶钱" in shared
    assert words[1] in shared
    why = client.get(f"/share/{token}/rounds/1/").content.decode()
    assert "上次的茶钱" in why and "/adjustments/1/edit/" not in why


@pytest.mark.parametrize("amount", ["1e3", "5E0", "Infinity", "NaN", "５", "1_000"])
def test_an_amount_is_digits_with_a_point_only(owner_client, sitting, amount):
    html = form(owner_client, sitting.pk)
    data = {
        "once": once_key(html),
        "expected_round": "1",
        "kind": "penalty",
        "from": "W",
        "to": "each",
        "amount": amount,
        "reason": "诈胡",
    }
    refused = owner_client.post(f"/sessions/{sitting.pk}/adjustments/new/", data)
    assert refused.status_code == 400
    error = re.search(r"data-adjustment-error>(.*?)</div>", refused.content.decode(), re.S)
    assert "金额只写数字 0–9，可以带一个小数点" in error.group(1)
    assert not Round.objects.filter(session=sitting).exists()
