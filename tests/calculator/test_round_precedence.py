"""A sitting's round answers in its rule book's order (AJ12, R11), as ``POST /api/score/`` does:
a hand that cannot be read (E_NOTATION) is refused before a winner who is not at the table
(E_CONTEXT), whatever the app checks before the engine scores."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.errors import CalculatorError
from calculator.models import Round
from calculator.services.rounds import round_record
from calculator.services.sittings import session_create
from scoring import score

ANJI_HAND = {"indicator": "3p", "concealed": "123456m34578s99p4p", "win_tile": "3m"}
ANQING_HAND = {"indicator": "6m", "concealed": "11122233344455p", "win_tile": "5p"}


@pytest.mark.parametrize(
    ("game", "count", "hand", "code"),
    [
        # The generated requests that answered E_CONTEXT: a concealed with a trailing space that
        # is no notation, and a winner not among a three-player table's seats.
        ("anji", 3, {**ANJI_HAND, "winner": "N", "concealed": "x "}, "E_NOTATION"),
        ("anji", 3, {**ANJI_HAND, "winner": "S ", "concealed": "x "}, "E_NOTATION"),
        ("anji", 4, {**ANJI_HAND, "winner": "Q", "win_tile": "3x "}, "E_NOTATION"),
        ("anji", 3, {**ANJI_HAND, "winner": "N", "flowers": "5m "}, "E_NOTATION"),
        ("anqing", 4, {**ANQING_HAND, "winner": "Q", "concealed": "12x "}, "E_NOTATION"),
        # Readable, with its spaces: the winner's E_CONTEXT, as before.
        ("anji", 3, {**ANJI_HAND, "winner": "N", "concealed": "123456m34578s99p4p "}, "E_CONTEXT"),
        ("anqing", 4, {**ANQING_HAND, "winner": "Q", "concealed": " 11122233344455p"}, "E_CONTEXT"),
    ],
)
def test_notation_comes_before_a_winner_not_at_the_table(owner, game, count, hand, code) -> None:
    players = ["甲", "乙", "丙", "丁"][:count]
    session = session_create(owner=owner, name="t", game=game, player_count=count, players=players)
    with pytest.raises(CalculatorError) as refused:
        round_record(session=session, entry={"result": "win", **hand}, user=owner)
    assert refused.value.code == code, refused.value.message_en
    # The engine alone, at the same table, says the same.
    request = {**hand, "game": game, "dealer": "E", "player_count": count}
    assert score(request)["error"]["code"] == code
    assert not Round.objects.filter(session=session).exists()


NOTATION_FIELDS = ("indicator", "concealed", "win_tile", "flowers")
UNREADABLE = {"indicator": "12m", "concealed": "x", "win_tile": "", "flowers": "5m"}


@pytest.mark.django_db
@settings(max_examples=60, deadline=None, database=None)
@given(
    field=st.sampled_from(NOTATION_FIELDS),
    pad=st.sampled_from([" ", "  ", "\t", "\u3000"]),
    lead=st.booleans(),
    winner=st.sampled_from(["N", "Q", "S ", " E", None]),
)
def test_a_padded_unreadable_field_is_notation_at_any_table(field, pad, lead, winner) -> None:
    """AJ12: an unreadable field, spaces before or after it, is E_NOTATION whoever won."""
    value = pad + UNREADABLE[field] if lead else UNREADABLE[field] + pad
    hand = {**ANJI_HAND, field: value, "winner": winner}
    request = {**hand, "game": "anji", "dealer": "E", "player_count": 3}
    assert score(request)["error"]["code"] == "E_NOTATION"
    owner = get_user_model().objects.get_or_create(username="owner-p")[0]
    session = session_create(
        owner=owner, name="t", game="anji", player_count=3, players=["甲", "乙", "丙"]
    )
    with pytest.raises(CalculatorError) as refused:
        round_record(session=session, entry={"result": "win", **hand}, user=owner)
    assert refused.value.code == "E_NOTATION", (field, value, winner, refused.value.message_en)
