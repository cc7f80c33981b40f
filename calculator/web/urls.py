"""The pages' URLs (``web:`` namespace), mounted at the site root by ``calculator.urls``."""

from __future__ import annotations

from django.urls import include, path

import calculator.converters  # noqa: F401  (registers <id:…>)
from calculator.web import (
    accounts,
    adjustments,
    board,
    calculator,
    events,
    exports,
    fees,
    groups,
    passwords,
    roster,
    rounds,
    rules_book,
    seats,
    sittings,
    standings,
    sw,
    takeback,
)

app_name = "web"

urlpatterns = [
    path("", accounts.home, name="home"),
    path("calculator/", calculator.calculator, name="calculator"),
    # The service worker sits at the root so that it may control every page (calculator/web/sw.py).
    path("sw.js", sw.worker, name="service_worker"),
    path("offline/", sw.offline, name="offline"),
    # Each game's rule book (its web package's book): the default game's at /rules/, any other
    # at /rules/<code>/.
    path("rules/", rules_book.page, name="rules_book"),
    path("rules/<slug:slug>/", rules_book.page, name="rules_book"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.LoginView.as_view(), name="login"),
    path("accounts/logout/", accounts.LogoutView.as_view(), name="logout"),
    path("accounts/password/", passwords.PasswordChangeView.as_view(), name="password_change"),
    path(
        "accounts/password/done/",
        passwords.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("sessions/", sittings.session_list, name="session_list"),
    path("sessions/new/", sittings.session_new, name="session_new"),
    path("sessions/import/", sittings.session_import, name="session_import"),
    path("sessions/<id:pk>/", sittings.session_detail, name="session"),
    # The sitting's event stream (server-sent events), served by the events process.
    path("sessions/<id:pk>/events/", events.session_events, name="session_events"),
    path("sessions/<id:pk>/rounds/new/", rounds.round_new, name="round_new"),
    path("sessions/<id:pk>/rounds/draw/", rounds.round_draw, name="round_draw"),
    path("sessions/<id:pk>/adjustments/new/", adjustments.adjustment_new, name="adjustment_new"),
    path("sessions/<id:pk>/seats/new/", seats.seat_change_new, name="seat_change_new"),
    path(
        "sessions/<id:pk>/adjustments/<id:number>/edit/",
        adjustments.adjustment_edit,
        name="adjustment_edit",
    ),
    path("sessions/<id:pk>/fees/new/", fees.fee_new, name="fee_new"),
    path("sessions/<id:pk>/fees/<id:number>/edit/", fees.fee_edit, name="fee_edit"),
    path("sessions/<id:pk>/rounds/undo/", takeback.round_undo, name="round_undo"),
    path("sessions/<id:pk>/rounds/<id:number>/", rounds.round_detail, name="round"),
    path("sessions/<id:pk>/rounds/<id:number>/edit/", rounds.round_edit, name="round_edit"),
    path("sessions/<id:pk>/rounds/<id:number>/void/", rounds.round_void, name="round_void"),
    path("sessions/<id:pk>/settle/", standings.settle, name="settle"),
    path("sessions/<id:pk>/board/", board.session_board, name="board"),
    path("sessions/<id:pk>/members/", sittings.members, name="members"),
    path(
        "sessions/<id:pk>/members/<str:username>/remove/",
        sittings.member_remove,
        name="member_remove",
    ),
    path("sessions/<id:pk>/share-link/", sittings.share_link_change, name="share_link"),
    path("sessions/<id:pk>/archive/", sittings.session_archive, name="session_archive"),
    path("sessions/<id:pk>/restore/", sittings.session_restore, name="session_restore"),
    path("sessions/<id:pk>/delete/", sittings.session_delete, name="session_delete"),
    path("sessions/<id:pk>/rules/", sittings.rules, name="rules"),
    path("sessions/<id:pk>/export.json", exports.export_json, name="export_json"),
    path("sessions/<id:pk>/export.csv", exports.export_csv, name="export_csv"),
    path("players/", roster.player_list, name="players"),
    path("players/new/", roster.player_add, name="player_add"),
    path("players/<id:player>/", roster.player_detail, name="player"),
    path("players/<id:player>/rename/", roster.player_rename, name="player_rename"),
    path("players/<id:player>/merge/", roster.player_merge, name="player_merge"),
    path("players/<id:player>/link/", roster.player_link, name="player_link"),
    path("players/<id:player>/unlink/", roster.player_unlink, name="player_unlink"),
    path("players/<id:player>/groups/", roster.player_groups_fragment, name="player_groups"),
    path("groups/", groups.group_list, name="groups"),
    path("groups/new/", groups.group_new, name="group_new"),
    path("groups/<id:pk>/", groups.group_detail, name="group"),
    path("groups/<id:pk>/settings/", groups.group_settings, name="group_settings"),
    path("groups/<id:pk>/edit/", groups.group_edit, name="group_edit"),
    path("groups/<id:pk>/members/", groups.group_member_add, name="group_member_add"),
    path(
        "groups/<id:pk>/members/<str:username>/remove/",
        groups.group_member_remove,
        name="group_member_remove",
    ),
    path("groups/<id:pk>/delete/", groups.group_delete, name="group_delete"),
    path("groups/<id:pk>/paid-out/", groups.group_paid_out, name="group_paid_out"),
    path("sessions/<id:pk>/paid-out/", groups.session_paid_out, name="session_paid_out"),
    path("share/<str:token>/", exports.share, name="share"),
    path("share/<str:token>/rounds/<id:number>/", exports.share_round, name="share_round"),
    path("share/<str:token>/events/", events.share_events, name="share_events"),
    path("share/<str:token>/board/", board.share_board, name="share_board"),
    # Django's set_language view, as web:set_language.
    path("i18n/", include("django.conf.urls.i18n")),
]
