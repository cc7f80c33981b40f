"""The web side of the test-only fourth game: its hand is only who won (self-drawn), so its round
form keeps the winner and nothing of the shared form's tiles."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from calculator.web.games.base import HandForm, WebGame


class FourthHandForm(HandForm):
    """Who won: the whole hand of the fourth game."""

    code = "fourth"
    NUMBERS = ()
    FLAGS = ()

    def carries(self, name: str, carried: set[str]) -> bool:
        return name == "winner" or name not in HandForm.base_fields

    def hand_request(self) -> dict[str, Any]:
        return {"winner": self.cleaned_data["winner"]}

    @classmethod
    def initial_from(cls, result: str, hand: Mapping[str, Any]) -> dict[str, Any]:
        return {"winner": hand.get("winner", "")}


class FourthWeb(WebGame):
    round_form_class = FourthHandForm
    rules_items_heading = "每家付的分"


WEB = FourthWeb("fourth")
