"""The draw for seats on the new-sitting page, and the line that tells a sitting's draw.

The new-sitting form's 抽座位 button posts the names typed (``ACTION`` = ``throw``): they are
shuffled into the winds and the game's procedure throws for the first dealer
(``services.seat_draw``); the page shows the dice and the seats, the first dealer at East, and
carries what was thrown (``OFFER``). 用这个座位 (``accept``) fills the seats of the form with it,
each seat's roster choices following its name, and the form carries the draw (``KEPT``) until
开始 opens the sitting with it (``kept_draw``); 再抽一次 throws again. With htmx only the panel
(a throw) or the table (the seats filled) is drawn again; without, the whole page.

``told`` is the one line the sitting and share pages show: 「座位由抽签决定 · 执筛起庄（R2.2）：
小李 掷出 ⚂⚅ 9 点；数到小王，坐庄。」 in the page's language and the game's words.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from calculator.errors import CalculatorError
from calculator.selectors.roster import player_names_used
from calculator.services.seat_draw import seat_draw_checked, seat_draw_names, seat_draw_throw
from calculator.web.forms import SessionForm
from calculator.web.vocabulary import in_language, seat_label
from scoring.games import GAMES, SEATS, Game
from scoring.seat_draw import die_faces, first_dealer_of

ACTION = "seat_draw_action"  # "throw" (抽座位, 再抽一次) or "accept" (用这个座位)
OFFER = "seat_draw_offer"  # the draw shown, not yet accepted (JSON)
KEPT = "seat_draw"  # the draw accepted: the seats it filled and its record (JSON)
TICKED = ("on", "true", "1", "True")


def typed_names(data: Mapping[str, Any], count: int) -> list[str]:
    """The names typed in the seats in play, E S W N order, the spaces around them aside."""
    return [str(data.get(f"player_{seat}", "")).strip() for seat in SEATS[:count]]


def procedure_of(game: Game) -> dict[str, str]:
    """The game's way of finding the first dealer, named in the page's language."""
    procedure = first_dealer_of(game)
    return {"name": in_language(procedure.names), "rule_id": procedure.rule_id}


def thrown(throw: Mapping[str, Any], name: str) -> SafeString:
    """「小李 掷出 ⚂⚅ 9 点」: the faces, and the total for who cannot read them."""
    dice = format_html('<span class="dice" aria-hidden="true">{}</span>', die_faces(throw["dice"]))
    return format_html(
        _("{name} 掷出 {dice} {total} 点"),
        name=name,
        dice=dice,
        total=sum(throw["dice"]),
    )


def dealer_told(game: Game, throws: Sequence[Mapping[str, Any]], dealer: str) -> SafeString:
    """Who deals first, in the game's words; a tie at the top says how it was broken (AJ2.3)."""
    procedure = first_dealer_of(game)
    said = format_html(in_language(procedure.dealer_words), dealer=dealer)
    totals = [sum(t["dice"]) for t in throws]
    if procedure.tie_words and totals and totals.count(max(totals)) > 1:
        said = format_html(_("{said}（{why}）"), said=said, why=in_language(procedure.tie_words))
    return said


def told(session: Any, names: Mapping[str, str]) -> SafeString | None:
    """The sitting's draw in one line (None when the seats were typed)."""
    record = session.seat_draw
    game = GAMES.get(session.game)
    if not isinstance(record, Mapping) or game is None:
        return None
    throws = [t for t in record.get("throws") or [] if t.get("seat") in names]
    procedure = procedure_of(game)
    how = (
        format_html(_("{said}（{why}）"), said=procedure["name"], why=procedure["rule_id"])
        if procedure["rule_id"]
        else procedure["name"]
    )
    said = format_html_join(_("，"), "{}", ((thrown(t, names[t["seat"]]),) for t in throws))
    dealer = dealer_told(game, throws, names["E"])
    if throws:
        return format_html(
            _("座位由抽签决定 · {how}：{throws}；{dealer}。"), how=how, throws=said, dealer=dealer
        )
    return format_html(_("座位由抽签决定 · {how}：{dealer}。"), how=how, dealer=dealer)


def offer_shown(game: Game, offer: Mapping[str, Any]) -> dict[str, Any]:
    """What the panel shows of a draw: the seats as shuffled, each throw, who deals first, the
    seats as they will be, and the draw as the form carries it."""
    players = offer["players"]
    seats = SEATS[: len(players)]
    names = dict(zip(seats, players, strict=True))
    throws = offer["seat_draw"]["throws"]
    return {
        "drawn": [(seat, name) for seat, name in zip(seats, offer["drawn"], strict=True)],
        "throws": [thrown(t, names[t["seat"]]) for t in throws],
        "dealer": dealer_told(game, throws, players[0]),
        "seated": list(names.items()),
        "json": json.dumps(offer, ensure_ascii=False),
    }


def draw_throw(game: Game, data: QueryDict, count: int) -> dict[str, Any]:
    """抽座位 / 再抽一次: a new draw for the names typed, or what is missing."""
    names = typed_names(data, count)
    try:
        seat_draw_names(game, names)
    except CalculatorError:
        return {"draw_error": _("先把每个人的名字填好，再抽座位。")}
    drawn = seat_draw_throw(game=game, players=names)
    offer = {
        "game": game.code,
        "names": names,
        "drawn": drawn["drawn"],
        "players": drawn["players"],
        "order": drawn["order"],
        "seat_draw": drawn["seat_draw"],
    }
    return {"offer": offer_shown(game, offer)}


def offer_of(game: Game, data: QueryDict, count: int) -> dict[str, Any] | None:
    """The draw the panel showed, if it still fits the form: the same game, the same names in
    the same seats, and a draw the game's procedure could throw."""
    try:
        offer = json.loads(data.get(OFFER, ""))
    except ValueError:
        return None
    names = typed_names(data, count)
    if (
        not isinstance(offer, dict)
        or offer.get("game") != game.code
        or offer.get("names") != names
        or sorted(offer.get("order") or []) != list(range(count))
        or offer.get("players") != [names[index] for index in offer["order"]]
    ):
        return None
    try:
        offer["seat_draw"] = seat_draw_checked(offer.get("seat_draw"), game, count)
    except CalculatorError:
        return None
    return offer


def moved_to(data: QueryDict, order: Sequence[int]) -> dict[str, Any]:
    """The form's values with seat ``i``'s taken from seat ``order[i]`` (each seat's roster
    choice going with its name), as a new form's ``initial``."""
    seats = SEATS[: len(order)]
    moved: dict[str, Any] = {key: value for key, value in data.items()}
    for seat, index in zip(seats, order, strict=True):
        came_from = seats[index]
        moved[f"player_{seat}"] = data.get(f"player_{came_from}", "")
        moved[f"new_{seat}"] = data.get(f"new_{came_from}") in TICKED
        # The roster person picked for a name (or of the sitting this one starts from) stays
        # that name's person in its new seat.
        moved[f"seat_id_{seat}"] = (
            data.get(f"pick_{came_from}") or data.get(f"seat_id_{came_from}") or None
        )
    return moved


def draw_accept(game: Game, data: QueryDict, count: int) -> dict[str, Any]:
    """用这个座位: the form's values moved to the seats drawn, and the draw the form now
    carries; or why it cannot be used."""
    offer = offer_of(game, data, count)
    if offer is None:
        return {"draw_error": _("名字改过了，或者换了玩法：请再抽一次。")}
    kept = {"players": offer["players"], "seat_draw": offer["seat_draw"]}
    return {
        "moved": moved_to(data, offer["order"]),
        "kept": json.dumps(kept, ensure_ascii=False),
        "accepted": offer,
    }


def kept_draw(data: QueryDict, players: list[str]) -> dict[str, Any] | None:
    """The draw the form carries, while the seats still hold the names it seated (a name
    typed over after the draw: the seats were typed, nothing of the draw is kept)."""
    try:
        kept = json.loads(data.get(KEPT, ""))
    except ValueError:
        return None
    if not isinstance(kept, dict) or kept.get("players") != players:
        return None
    return kept.get("seat_draw")


def accepted_told(game: Game, accepted: Mapping[str, Any]) -> SafeString:
    """What the panel says once the seats are filled: who deals first, at East."""
    return format_html(
        _("已按抽签填好座位：{dealer}坐{east}，做第一局的庄。"),
        dealer=accepted["players"][0],
        east=seat_label("E"),
    )


def draw_step(request: HttpRequest, action: str, context: dict[str, Any]) -> HttpResponse:
    """A throw for the seats (the panel drawn again) or the seats filled as drawn (the table
    drawn again, its seats from the draw); without htmx, the whole page."""
    form: SessionForm = context["form"]
    game, count = GAMES[form.chosen_game], form.chosen_count
    # The names as typed, not yet a sitting to check: the form shown without its errors.
    context["form"] = SessionForm(
        initial=moved_to(request.POST, range(count)), game=game.code, player_count=count
    )
    if action == "throw":
        context.update(draw_throw(game, request.POST, count))
        part = "seat_draw"
    else:
        step = draw_accept(game, request.POST, count)
        if "moved" in step:
            context["form"] = SessionForm(initial=step["moved"], game=game.code, player_count=count)
            context["kept_draw"] = step["kept"]
            context["accepted"] = accepted_told(game, step["accepted"])
        else:
            context["draw_error"] = step["draw_error"]
        part = "table"
    if request.htmx:
        return render(request, f"web/session_new.html#{part}", context)
    context["known_names"] = player_names_used(request.user)
    return render(request, "web/session_new.html", context)
