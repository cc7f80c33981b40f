"""The roster pages: the people a user plays with, each with the sittings they played; add a
person before their first sitting, rename, merge two entries that are one person (asks first)
and link one to an account."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

import calculator.selectors.roster
import calculator.services.roster
from calculator.errors import CalculatorError
from calculator.models import Player
from calculator.numbers import id_of
from calculator.selectors.roster import (
    Period,
    period_of,
    player_for_user,
    player_record,
    roster,
    roster_choices,
)
from calculator.web.charts import balance_chart
from calculator.web.common import short_game_name, sittings_listed
from calculator.web.forms import PlayerAddForm, PlayerLinkForm, PlayerRenameForm
from calculator.web.groups import player_groups
from calculator.web.once import any_post, confirmed, written_once
from calculator.web.templatetags.tiles import pick

SITTINGS_SHOWN = 20


def player_of(request: HttpRequest, pk: int) -> Player:
    """A player of the user's roster or linked to their account; 404 for anyone else's."""
    try:
        return player_for_user(request.user, pk)
    except CalculatorError:
        raise Http404 from None


@require_safe
@login_required
def player_list(request: HttpRequest) -> HttpResponse:
    return players_page(request)


def players_page(
    request: HttpRequest, form: PlayerAddForm | None = None, *, same_name: bool = False
) -> HttpResponse:
    """The roster with the form to add a person (shown again with its errors: 400)."""
    entries = roster(request.user)
    return render(
        request,
        "web/players.html",
        {
            "roster": [entry for entry in entries if entry["yours"]],
            "linked": [entry for entry in entries if not entry["yours"]],
            "add_form": form or PlayerAddForm(),
            # The roster has the name: the form asks whether it is another person of it.
            "asking_distinct": same_name or bool(form is not None and form["distinct"].value()),
        },
        status=400 if form is not None else 200,
    )


@written_once(write=any_post)
@require_POST
@login_required
def player_add(request: HttpRequest) -> HttpResponse:
    """A person put on the roster before their first sitting: a name the roster has is asked
    about (the same person needs no adding; "a different 小李" is ticked)."""
    form = PlayerAddForm(request.POST)
    if not form.is_valid():
        return players_page(request, form)
    try:
        player = calculator.services.roster.player_add(
            owner=request.user,
            name=form.cleaned_data["name"],
            distinct=form.cleaned_data["distinct"],
        )
    except CalculatorError as problem:
        if problem.code != "E_INVALID":  # a full roster (E_LIMIT): the service's words
            form.add_error(None, pick(problem.as_dict()["error"], "message"))
            return players_page(request, form)
        # The form has checked the name's length, so the service refused it as the roster's.
        form.add_error(
            "name",
            _(
                "名单上已经有“%(name)s”了。是同一个人就不用再加；是同名的另一个人，请勾选下面这一项。"
            )
            % {"name": form.cleaned_data["name"]},
        )
        return players_page(request, form, same_name=True)
    messages.success(request, _("已把“%(name)s”加到名单。") % {"name": player.name})
    return redirect("web:player", player=player.pk)


def detail_context(request: HttpRequest, player: Player, **forms: Any) -> dict[str, Any]:
    detail = calculator.selectors.roster.player_detail(request.user, player, limit=SITTINGS_SHOWN)
    # The roster to merge from is read only when merging was asked for (``?merge=``): merging is
    # rare, and a long roster's sittings cost a regular's page every visit otherwise.
    others = []
    asking = "merge" in request.GET or "merge_form" in forms
    if detail["yours"] and asking:
        others = [entry for entry in roster_choices(request.user) if entry["id"] != player.pk]
    can_merge = (
        detail["yours"]
        and not asking
        and Player.objects.filter(owner_id=player.owner_id).exclude(pk=player.pk).exists()
    )
    asked = request.GET.get("merge", "")
    merging = next((entry for entry in others if str(entry["id"]) == asked), None)
    return {
        "player": detail,
        # The newest sittings only, as the session page shows the newest rounds: the page costs
        # the same for a regular of years (the curve above covers every sitting of the period).
        "sittings_shown": sittings_listed(detail["sittings"], detail["yours"]),
        "sittings_shown_count": SITTINGS_SHOWN,
        **record_context(request, player),
        "others": others,
        "can_merge": can_merge,
        "merging": merging,
        "rename_form": forms.get("rename_form") or PlayerRenameForm(initial={"name": player.name}),
        "link_form": forms.get("link_form") or PlayerLinkForm(),
    }


def record_context(request: HttpRequest, player: Player) -> dict[str, Any]:
    """The player's statistics for the period the GET parameters ask for (all time when they are
    wrong, with the problem said)."""
    problem = None
    try:
        period = period_of(request.GET, timezone.localdate())
    except CalculatorError as refused_period:
        problem = pick(refused_period.as_dict()["error"], "message")
        period = Period("all", None, None)
    record = player_record(request.user, player, period)
    for game in record["games"]:
        game["label"] = short_game_name(game["game"])
    # One line: the running total after each sitting of the period (0 before the first).
    steps = [
        {"number": index, "balances": {"E": step["running"]}}
        for index, step in enumerate(record["curve"], start=1)
    ]
    return {
        "record": record,
        "period_problem": problem,
        "period_from": request.GET.get("from", "") if period.kind == "range" else "",
        "period_to": request.GET.get("to", "") if period.kind == "range" else "",
        "curve": balance_chart(steps, {"E": player.name}, seats=("E",)) if steps else None,
    }


@require_safe
@login_required
def player_detail(request: HttpRequest, player: int) -> HttpResponse:
    found = player_of(request, player)
    context = detail_context(request, found)
    return render(
        request, "web/player.html", context, status=400 if context["period_problem"] else 200
    )


def refused(request: HttpRequest, player: Player, problem: CalculatorError) -> HttpResponse:
    if problem.code == "E_FORBIDDEN":
        raise PermissionDenied(pick(problem.as_dict()["error"], "message"))
    messages.error(request, pick(problem.as_dict()["error"], "message"))
    return redirect("web:player", player=player.pk)


def changed(
    request: HttpRequest, player: Player, change: Callable[[], object], said: str
) -> HttpResponse:
    """What the roster's forms do once their input is read: ``change()`` made (the service),
    then back to the player's page saying ``said``, or saying why the service refused it."""
    try:
        change()
    except CalculatorError as problem:
        return refused(request, player, problem)
    messages.success(request, said)
    return redirect("web:player", player=player.pk)


def form_again(request: HttpRequest, player: Player, **form: Any) -> HttpResponse:
    """The player's page again with a form that did not read (its errors shown), nothing done."""
    context = detail_context(request, player, **form)
    return render(request, "web/player.html", context, status=400)


@written_once(write=any_post)
@require_POST
@login_required
def player_rename(request: HttpRequest, player: int) -> HttpResponse:
    found = player_of(request, player)
    form = PlayerRenameForm(request.POST)
    if not form.is_valid():
        return form_again(request, found, rename_form=form)
    name = form.cleaned_data["name"]
    return changed(
        request,
        found,
        partial(
            calculator.services.roster.player_rename, player=found, user=request.user, name=name
        ),
        _("已改名为“%(name)s”。") % {"name": name.strip()},
    )


@written_once(write=confirmed)
@require_POST
@login_required
def player_merge(request: HttpRequest, player: int) -> HttpResponse:
    """Pick the other entry, then confirm (``confirm=1``): the other is merged into this one."""
    found = player_of(request, player)
    other_pk = id_of(request.POST.get("other", ""))
    if other_pk is None:
        messages.error(request, _("请选要合并进来的人。"))
        return redirect("web:player", player=found.pk)
    if request.POST.get("confirm") != "1":
        # The question, open on the player's page; nothing is changed yet.
        url = reverse("web:player", kwargs={"player": found.pk})
        return redirect(f"{url}?merge={other_pk}#merge")
    other = player_of(request, other_pk)
    return changed(
        request,
        found,
        partial(
            calculator.services.roster.player_merge, owner=request.user, keep=found, merged=other
        ),
        _("已把“%(other)s”合并进“%(name)s”：他坐过的每一场现在都是“%(name)s”。")
        % {"other": other.name, "name": found.name},
    )


@written_once(write=any_post)
@require_POST
@login_required
def player_link(request: HttpRequest, player: int) -> HttpResponse:
    found = player_of(request, player)
    form = PlayerLinkForm(request.POST)
    if not form.is_valid():
        return form_again(request, found, link_form=form)
    username = form.cleaned_data["username"].strip()
    return changed(
        request,
        found,
        partial(
            calculator.services.roster.player_link,
            player=found,
            user=request.user,
            username=username,
        ),
        _("已把“%(name)s”连到账号“%(user)s”：对方登录后能看到他坐过的每一场的输赢。")
        % {"name": found.name, "user": username},
    )


@written_once(write=any_post)
@require_POST
@login_required
def player_unlink(request: HttpRequest, player: int) -> HttpResponse:
    """The roster's owner takes an account's link away: it sees the player no more."""
    found = player_of(request, player)
    was = found.user.get_username() if found.user_id else ""
    return changed(
        request,
        found,
        partial(calculator.services.roster.player_unlink, player=found, user=request.user),
        _("已取消“%(name)s”和账号“%(user)s”的连接。") % {"name": found.name, "user": was},
    )


@require_safe
@login_required
def player_groups_fragment(request: HttpRequest, player: int) -> HttpResponse:
    """The groups the person is in (of those the user may see) with the titles they hold there
    this month: the player page draws it right after itself."""
    found = player_of(request, player)
    context = {"player": found, "player_groups": player_groups(request, found)}
    # In place on the player page (htmx), or a page of its own without scripts.
    template = "web/_player_groups.html" if request.htmx else "web/player_groups.html"
    return render(request, template, context)
