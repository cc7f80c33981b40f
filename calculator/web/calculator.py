"""The calculator page (no login): one hand of any game scored, or what a ready hand waits for,
with the link that holds the hand and its QR code (``hand_links``). Nothing is stored."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

import scoring
from calculator.web import hand_links
from calculator.web.common import (
    house_rules_of,
    link_qr,
    render_page_or,
    short_game_name,
    shown_specials,
    table_of,
)
from calculator.web.forms import PLAYER_COUNT_CHOICES, HouseRulesForm
from calculator.web.games import web_game
from scoring.games import GAMES


def calculator(request: HttpRequest) -> HttpResponse:
    """Check a disputed score, or see what a ready hand waits for (``scoring.waits``), for any
    game (``?game=anji&player_count=3`` switches). A GET whose query holds a hand (the link a
    result offers, ``calculator.web.hand_links``) is scored as if its form had been posted."""
    game, player_count = table_of(request)
    web = web_game(game)
    data = request.POST if request.method == "POST" else linked_hand(request, game, player_count)
    ruleset, rules_form = house_rules_of(request, game, data)
    usable_rules = rules_form.is_bound and rules_form.is_valid()
    in_force = {**rules_form.defaults, **(rules_form.cleaned_data if usable_rules else {})}
    form = web.calculator_form(data or None, player_count=player_count, in_force=in_force)
    context: dict[str, Any] = {
        "form": form,
        "web": web,
        "rules_form": rules_form,
        "ruleset": ruleset,
        "game": game,
        "player_count": player_count,
        "games": game_links(game, player_count),
        "seat_names": None,
    }
    if data is not None:
        context["specials"] = shown_specials(
            game,
            data.get("indicator", ""),
            {"honor_cycle": data.get("rule-honor_cycle", "seven")},
        )
        if form.is_valid() and rules_form.is_usable():
            engine_request = {
                **form.context_request(),
                **form.engine_request(),
                "rules": rules_form.overrides(),
            }
            context["hand_flowers"] = engine_request.get("flowers")
            if "win_tile" in engine_request and not engine_request["win_tile"]:
                # No winning tile: what the hand waits for (scoring.waits).
                del engine_request["win_tile"]
                waits = GAMES[game].waits or scoring.waits
                outcome = waits(engine_request)
                context["waits"] = outcome if "error" not in outcome else None
            else:
                outcome = score_any(engine_request)
                context["result"] = outcome if "error" not in outcome else None
            context["error"] = outcome.get("error")
            if context.get("result") or context.get("waits"):
                context.update(calculator_link(request, context, rules_form))
        else:
            context["invalid"] = True
    elif request.htmx and request.GET.get("ruleset"):
        return render(request, "web/calculator.html#house_rules", context)
    return render_page_or(request, "web/calculator.html", "preview", context)


def linked_hand(request: HttpRequest, game: str, player_count: int) -> QueryDict | None:
    """The data a calculator link binds the forms with (its query with the starting values of
    the fields it leaves out), or None for a GET that holds no hand (the game switch, the
    ruleset choice, the blank page)."""
    if all(key in hand_links.TABLE_KEYS for key in request.GET):
        return None  # the blank page and the game switch: no forms to make
    ruleset, blank_rules = house_rules_of(request, game)
    blank = web_game(game).calculator_form(
        None, player_count=player_count, in_force=blank_rules.defaults
    )
    if not hand_links.holds_hand(request.GET, blank):
        return None
    return hand_links.link_data(request.GET, blank, blank_rules, ruleset)


def calculator_link(
    request: HttpRequest, context: Mapping[str, Any], rules_form: HouseRulesForm
) -> dict[str, Any]:
    """The link that holds the hand just scored and the table, to open on any phone, with its
    QR code (as the share link's)."""
    path = hand_links.hand_link(
        game=context["game"],
        player_count=context["player_count"],
        ruleset=context["ruleset"],
        form=context["form"],
        values=hand_links.posted_values(context["form"]),
        rules=rules_form.overrides(),
    )
    url = request.build_absolute_uri(path)
    return {"hand_url": url, "hand_qr": link_qr(url, _("这手牌的链接的二维码"))}


def score_any(request: dict[str, Any]) -> dict:
    """The engine's answer for a request of any game (``scoring.games.score``)."""
    from scoring.games import score

    return score(request)


def game_links(game: str, player_count: int) -> list[dict[str, Any]]:
    """The calculator's game switch, one short row: each game as a link, then, for the chosen
    game when it has several table sizes, each count; the chosen ones marked."""
    url = reverse("web:calculator")
    links = [
        {
            "url": f"{url}?game={code}",
            "key": code,
            # Short names ("安庆", "Anqing"), so three games and the table sizes share one row
            # above the hand editor on a phone.
            "name": short_game_name(code),
            "current": code == game,
        }
        for code in GAMES
    ]
    counts = GAMES[game].seat_counts
    if len(counts) > 1:
        links += [
            {
                "url": f"{url}?game={game}&player_count={count}",
                "key": f"{game}-{count}",
                "name": str(dict(PLAYER_COUNT_CHOICES)[count]),
                "current": count == player_count,
                "count": count,
            }
            for count in counts
        ]
    return links
