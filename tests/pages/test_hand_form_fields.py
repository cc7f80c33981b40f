"""Every hand form gets its own fields: the rows' choice fields (``RowChoiceField``) are copied
for each form without copying their choices deeply, so a form that sets its seats must still
leave the class and every other form as they were."""

from __future__ import annotations

import copy

import pytest

from calculator.web.games import codes, web_game
from calculator.web.vocabulary import RowChoiceField

SEATS4 = {"E": "甲", "S": "乙", "W": "丙", "N": "丁"}
OTHERS = {"E": "阿明", "S": "阿芳", "W": "小李", "N": "老王"}


def row_choice_names(form) -> list[str]:
    return [name for name, field in form.fields.items() if isinstance(field, RowChoiceField)]


@pytest.mark.parametrize("code", list(codes()))
def test_a_form_setting_its_seats_leaves_the_others_alone(code: str) -> None:
    web = web_game(code)
    four = web.round_form(None, seat_names=SEATS4, player_count=4)
    names = row_choice_names(four)
    if not names:
        pytest.skip(f"{code}'s hand form has no repeated rows")
    others = web.round_form(None, seat_names=OTHERS, player_count=4)
    seated = [name for name in names if name.endswith(("_from", "_seat"))]
    assert seated
    for name in seated:
        mine = " ".join(str(label) for _, label in four.fields[name].choices)
        theirs = " ".join(str(label) for _, label in others.fields[name].choices)
        assert "丁" in mine and "丁" not in theirs and "老王" in theirs, name
        # The widget draws what its own field holds.
        assert four.fields[name].widget.choices == four.fields[name].choices
    base = type(four).base_fields[names[0]]
    four.fields[names[0]].choices = [("x", "x")]
    four.fields[names[0]].widget.attrs["data-probe"] = "1"
    again = web.round_form(None, seat_names=SEATS4, player_count=4)
    assert ("x", "x") not in again.fields[names[0]].choices
    assert "data-probe" not in again.fields[names[0]].widget.attrs
    assert ("x", "x") not in base.choices and "data-probe" not in base.widget.attrs


def test_a_copy_has_its_own_widget_messages_and_validators() -> None:
    field = RowChoiceField(choices=[("", "—"), ("pung", "刻")], required=False)
    twin = copy.deepcopy(field)
    assert twin is not field and twin.widget is not field.widget
    assert twin.error_messages is not field.error_messages
    assert twin.validators is not field.validators
    twin.choices = [("", "—")]
    assert [value for value, _ in field.choices] == ["", "pung"]
    assert [value for value, _ in field.widget.choices] == ["", "pung"]
    assert twin.clean("") == "" and field.clean("pung") == "pung"
