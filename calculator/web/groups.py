"""The groups' pages: the list with a form for a new group, a group's standings (period tabs,
game filter, titles, head-to-head, the settle-up across the sittings not paid out and its one
button to mark them paid out, the sittings), its settings for the owner (rename, players,
members, delete), and the paid-out mark of a sitting (on the session page)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

import calculator.selectors.groups
import calculator.services.groups
import calculator.services.sittings
from calculator.errors import CalculatorError
from calculator.models import Group, Player, Session
from calculator.money import money_str
from calculator.numbers import id_of
from calculator.selectors.group_periods import GROUP_PERIODS, group_game_of, group_period_of
from calculator.selectors.groups import (
    group_board,
    group_for_user,
    group_sittings_of,
    group_titles_of,
    groups_for_user,
)
from calculator.services.groups import GROUP_NAME_MAX, group_create, group_update
from calculator.web.common import short_game_name, sittings_listed, with_session
from calculator.web.once import any_post, confirmed, written_once
from calculator.web.templatetags.tiles import pick
from scoring.games import GAMES

SITTINGS_SHOWN = 20
TITLE_WORDS = {
    "wins": gettext_lazy("胡牌王"),
    "self_draws": gettext_lazy("自摸王"),
    "biggest": gettext_lazy("最大一手"),
    "bao": gettext_lazy("包牌最多"),
}
PERIOD_WORDS = {
    "month": gettext_lazy("月"),
    "season": gettext_lazy("季"),
    "year": gettext_lazy("年"),
    "all": gettext_lazy("全部"),
}


class GroupForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("群的名字"), max_length=GROUP_NAME_MAX)
    players = forms.TypedMultipleChoiceField(
        label=gettext_lazy("群里的人"),
        coerce=int,
        widget=forms.CheckboxSelectMultiple,
        help_text=gettext_lazy("只有全是这些人坐的场才算进群里。"),
    )

    def __init__(self, *args: Any, roster: list[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["players"].choices = [(player.pk, player.name) for player in roster]


class MemberForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("对方的用户名"), max_length=150)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].widget.attrs.update(
            {"autocomplete": "off", "autocapitalize": "off", "spellcheck": "false"}
        )


def group_of(request: HttpRequest, pk: int) -> Group:
    """A group the user may see; 404 for anyone else's."""
    try:
        return group_for_user(request.user, pk)
    except CalculatorError:
        raise Http404(_("找不到这个群。")) from None


def own_roster(request: HttpRequest) -> list[Player]:
    return list(Player.objects.filter(owner=request.user).order_by("name", "id"))


def said(problem: CalculatorError) -> str:
    return pick(problem.as_dict()["error"], "message")


@require_safe
@login_required
def group_list(request: HttpRequest) -> HttpResponse:
    return groups_page(request)


def groups_page(request: HttpRequest, form: GroupForm | None = None) -> HttpResponse:
    """The list of groups with the form for a new one (shown again with its errors)."""
    groups = [
        calculator.selectors.groups.group_detail(request.user, group)
        for group in groups_for_user(request.user).prefetch_related("players")
    ]
    return render(
        request,
        "web/groups.html",
        {"groups": groups, "form": form or GroupForm(roster=own_roster(request))},
        status=400 if form is not None else 200,
    )


@written_once(write=any_post)
@require_POST
@login_required
def group_new(request: HttpRequest) -> HttpResponse:
    form = GroupForm(request.POST, roster=own_roster(request))
    if not form.is_valid():
        return groups_page(request, form)
    try:
        group = group_create(
            owner=request.user,
            name=form.cleaned_data["name"],
            players=list(form.cleaned_data["players"]),
        )
    except CalculatorError as problem:
        form.add_error(None, said(problem))
        return groups_page(request, form)
    messages.success(request, _("已建群“%(name)s”。") % {"name": group.name})
    return redirect("web:group", pk=group.pk)


def _link(pk: int, **params: str) -> str:
    query = urlencode({key: value for key, value in params.items() if value})
    return reverse("web:group", args=[pk]) + (f"?{query}" if query else "")


def standings_context(request: HttpRequest, group: Group) -> dict[str, Any]:
    """The standings for the period and game the GET parameters ask for (this month and every
    game when they are wrong, with the problem said)."""
    problem = None
    today = timezone.localdate()
    try:
        period = group_period_of(request.GET, today)
        game = group_game_of(request.GET)
    except CalculatorError as refused_period:
        problem = said(refused_period)
        period, game = group_period_of({}, today), None
    detail = calculator.selectors.groups.group_detail(request.user, group, members=False)
    # The group's people, read once for every part of the page.
    people = [
        Player(pk=player["id"], name=player["name"], owner_id=group.owner_id)
        for player in detail["players"]
    ]
    order = [player.pk for player in people]
    # The period's sittings and those not paid out, read once for the standings, the settle-up
    # and the list below.
    answer, unpaid, reading = group_board(request.user, group, period, game, people)
    names = {player["id"]: player["name"] for player in detail["players"]}
    game_code = game or "all"
    for row in answer["standings"]:
        for hand in row["biggest"]:
            hand["label"] = short_game_name(hand["game"])
    titles = []
    for title in answer["titles"]:
        word = str(TITLE_WORDS[title["title"]])
        if title["title"] == "biggest":
            word = f"{word} · {short_game_name(title['game'])}"
        titles.append({**title, "word": word, "names": [names[pk] for pk in title["players"]]})
    # Head-to-head as a small table: the row's player won (or lost) this much from the column's.
    nets = {}
    for pair in answer["head_to_head"]:
        nets[(pair["player"], pair["other"])] = pair["net"]
        nets[(pair["other"], pair["player"])] = money_str(-Decimal(pair["net"]))
    grid = [
        {
            "name": names[row],
            "cells": [None if row == column else nets.get((row, column), "") for column in order],
        }
        for row in order
    ]
    periods = [
        {"kind": kind, "word": PERIOD_WORDS[kind], "url": _link(group.pk, period=kind, game=game)}
        for kind in GROUP_PERIODS
    ]
    return {
        "group": detail,
        "answer": answer,
        "period": period,
        "periods": periods,
        "previous_url": (
            _link(group.pk, period=period.kind, game=game, **{period.kind: period.previous})
            if period.previous
            else None
        ),
        "next_url": (
            _link(group.pk, period=period.kind, game=game, **{period.kind: period.following})
            if period.following
            else None
        ),
        # The split of each total into hands and adjustments, where anyone has an adjustment.
        "adjusted_shown": any(
            row["adjusted"] != "0" or row["penalties"] for row in answer["standings"]
        ),
        # Table fees beside the totals, where anyone paid or collected one (selectors.fees).
        "fees_shown": any(
            row["fees_paid"] != "0" or row["fees_collected"] != "0" for row in answer["standings"]
        ),
        "game": game_code,
        "games": [{"code": code, "label": short_game_name(code)} for code in GAMES],
        "problem": problem,
        "titles": titles,
        "grid": grid,
        "grid_names": [names[pk] for pk in order],
        "unpaid": unpaid,
        "unpaid_balances": [
            {"name": names[row["player"]], "balance": row["balance"], "net": row["net"]}
            for row in unpaid["balances"]
        ],
        "unpaid_transfers": [
            {"from": names[t["from"]], "to": names[t["to"]], "amount": t["amount"]}
            for t in unpaid["transfers"]
        ],
        "unpaid_ids": ",".join(str(pk) for pk in unpaid["sittings"]),
        "sittings": sittings_listed(
            group_sittings_of(request.user, reading.period, SITTINGS_SHOWN)
        ),
        "sittings_shown": SITTINGS_SHOWN,
    }


@require_safe
@login_required
def group_detail(request: HttpRequest, pk: int) -> HttpResponse:
    group = group_of(request, pk)
    context = standings_context(request, group)
    return render(request, "web/group.html", context, status=400 if context["problem"] else 200)


def settings_context(request: HttpRequest, group: Group, **forms_given: Any) -> dict[str, Any]:
    detail = calculator.selectors.groups.group_detail(request.user, group)
    return {
        "group": detail,
        "form": forms_given.get("form")
        or GroupForm(
            roster=own_roster(request),
            initial={
                "name": detail["name"],
                "players": [player["id"] for player in detail["players"]],
            },
        ),
        "member_form": forms_given.get("member_form") or MemberForm(),
        "asking": request.GET.get("ask"),
    }


def owned_group(request: HttpRequest, pk: int) -> Group:
    group = group_of(request, pk)
    if group.owner_id != request.user.pk:
        raise PermissionDenied(_("只有群主可以改这个群。"))
    return group


@require_safe
@login_required
def group_settings(request: HttpRequest, pk: int) -> HttpResponse:
    group = owned_group(request, pk)
    return render(request, "web/group_settings.html", settings_context(request, group))


@written_once(write=any_post)
@require_POST
@login_required
def group_edit(request: HttpRequest, pk: int) -> HttpResponse:
    group = owned_group(request, pk)
    form = GroupForm(request.POST, roster=own_roster(request))
    if form.is_valid():
        try:
            group_update(
                group=group,
                user=request.user,
                name=form.cleaned_data["name"],
                players=list(form.cleaned_data["players"]),
            )
        except CalculatorError as problem:
            form.add_error(None, said(problem))
        else:
            messages.success(request, _("已保存。"))
            return redirect("web:group", pk=group.pk)
    context = settings_context(request, group, form=form)
    return render(request, "web/group_settings.html", context, status=400)


@written_once(write=any_post)
@require_POST
@login_required
def group_member_add(request: HttpRequest, pk: int) -> HttpResponse:
    group = owned_group(request, pk)
    form = MemberForm(request.POST)
    if form.is_valid():
        username = form.cleaned_data["username"].strip()
        try:
            calculator.services.groups.group_member_add(
                group=group, user=request.user, username=username
            )
        except CalculatorError as problem:
            form.add_error("username", said(problem))
        else:
            messages.success(request, _("%(user)s 现在能看到这个群了。") % {"user": username})
            return redirect("web:group_settings", pk=group.pk)
    context = settings_context(request, group, member_form=form)
    return render(request, "web/group_settings.html", context, status=400)


@written_once(write=any_post)
@require_POST
@login_required
def group_member_remove(request: HttpRequest, pk: int, username: str) -> HttpResponse:
    group = owned_group(request, pk)
    try:
        calculator.services.groups.group_member_remove(
            group=group, user=request.user, username=username
        )
    except CalculatorError as problem:
        messages.error(request, said(problem))
    else:
        messages.success(request, _("%(user)s 看不到这个群了。") % {"user": username})
    return redirect("web:group_settings", pk=group.pk)


@written_once(write=confirmed)
@require_POST
@login_required
def group_delete(request: HttpRequest, pk: int) -> HttpResponse:
    group = owned_group(request, pk)
    if request.POST.get("confirm") != "1":
        return redirect(reverse("web:group_settings", args=[group.pk]) + "?ask=delete#delete")
    name = group.name
    calculator.services.groups.group_delete(group=group, user=request.user)
    messages.success(request, _("已删除群“%(name)s”。人和牌局都还在。") % {"name": name})
    return redirect("web:groups")


@written_once(write=any_post)
@require_POST
@login_required
def group_paid_out(request: HttpRequest, pk: int) -> HttpResponse:
    """The one button under the settle-up: the sittings it was made of (``sittings``, their ids)
    are marked paid out, those still not paid out."""
    group = owned_group(request, pk)
    listed = request.POST.get("sittings", "")
    ids = [pk for pk in map(id_of, listed.split(",")) if pk is not None]
    done = calculator.services.groups.group_paid_out(group=group, user=request.user, sittings=ids)
    messages.success(request, _("已把%(n)s场标记为已结清。") % {"n": len(done.marked)})
    return redirect("web:group", pk=group.pk)


@written_once()
@require_POST
@with_session
def session_paid_out(request: HttpRequest, session: Session) -> HttpResponse:
    """The session page's small form: ``paid`` 1 marks the sitting paid out, 0 takes it back."""
    paid = request.POST.get("paid") == "1"
    try:
        calculator.services.sittings.session_paid_out(session=session, user=request.user, paid=paid)
    except CalculatorError as problem:
        if problem.code == "E_FORBIDDEN":
            raise PermissionDenied(said(problem)) from None
        messages.error(request, said(problem))
        return redirect("web:session", pk=session.pk)
    messages.success(request, _("已标记为已结清。") if paid else _("已改回未结清。"))
    return redirect("web:session", pk=session.pk)


def player_groups(request: HttpRequest, player: Player) -> list[dict[str, Any]]:
    """The groups the user may see that ``player`` belongs to, each with the titles the player
    holds there this month (for the player's page)."""
    groups = groups_for_user(request.user).filter(players=player)
    month = group_period_of({}, timezone.localdate())
    found = []
    for group in groups:
        held = []
        for title in group_titles_of(group, month):
            if player.pk in title["players"]:
                word = str(TITLE_WORDS[title["title"]])
                if title["title"] == "biggest":
                    word = f"{word} · {short_game_name(title['game'])}"
                held.append({"word": word, "value": title["value"]})
        found.append({"id": group.pk, "name": group.name, "titles": held})
    return found
