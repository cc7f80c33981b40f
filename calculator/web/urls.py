"""The pages' URLs (``web:`` namespace), mounted at the site root by ``calculator.urls``."""

from __future__ import annotations

from django.urls import include, path

from calculator.web import (
    accounts,
    adjustments,
    calculator,
    exports,
    groups,
    passwords,
    roster,
    rounds,
    rules_book,
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
    path("sessions/<int:pk>/", sittings.session_detail, name="session"),
    path("sessions/<int:pk>/rounds/new/", rounds.round_new, name="round_new"),
    path("sessions/<int:pk>/rounds/draw/", rounds.round_draw, name="round_draw"),
    path("sessions/<int:pk>/adjustments/new/", adjustments.adjustment_new, name="adjustment_new"),
    path(
        "sessions/<int:pk>/adjustments/<int:number>/edit/",
        adjustments.adjustment_edit,
        name="adjustment_edit",
    ),
    path("sessions/<int:pk>/rounds/undo/", takeback.round_undo, name="round_undo"),
    path("sessions/<int:pk>/rounds/<int:number>/", rounds.round_detail, name="round"),
    path("sessions/<int:pk>/rounds/<int:number>/edit/", rounds.round_edit, name="round_edit"),
    path("sessions/<int:pk>/rounds/<int:number>/void/", rounds.round_void, name="round_void"),
    path("sessions/<int:pk>/settle/", standings.settle, name="settle"),
    path("sessions/<int:pk>/members/", sittings.members, name="members"),
    path(
        "sessions/<int:pk>/members/<str:username>/remove/",
        sittings.member_remove,
        name="member_remove",
    ),
    path("sessions/<int:pk>/share-link/", sittings.share_link_change, name="share_link"),
    path("sessions/<int:pk>/archive/", sittings.session_archive, name="session_archive"),
    path("sessions/<int:pk>/restore/", sittings.session_restore, name="session_restore"),
    path("sessions/<int:pk>/delete/", sittings.session_delete, name="session_delete"),
    path("sessions/<int:pk>/rules/", sittings.rules, name="rules"),
    path("sessions/<int:pk>/export.json", exports.export_json, name="export_json"),
    path("sessions/<int:pk>/export.csv", exports.export_csv, name="export_csv"),
    path("players/", roster.player_list, name="players"),
    path("players/<int:player>/", roster.player_detail, name="player"),
    path("players/<int:player>/rename/", roster.player_rename, name="player_rename"),
    path("players/<int:player>/merge/", roster.player_merge, name="player_merge"),
    path("players/<int:player>/link/", roster.player_link, name="player_link"),
    path("players/<int:player>/unlink/", roster.player_unlink, name="player_unlink"),
    path("players/<int:player>/groups/", roster.player_groups_fragment, name="player_groups"),
    path("groups/", groups.group_list, name="groups"),
    path("groups/new/", groups.group_new, name="group_new"),
    path("groups/<int:pk>/", groups.group_detail, name="group"),
    path("groups/<int:pk>/settings/", groups.group_settings, name="group_settings"),
    path("groups/<int:pk>/edit/", groups.group_edit, name="group_edit"),
    path("groups/<int:pk>/members/", groups.group_member_add, name="group_member_add"),
    path(
        "groups/<int:pk>/members/<str:username>/remove/",
        groups.group_member_remove,
        name="group_member_remove",
    ),
    path("groups/<int:pk>/delete/", groups.group_delete, name="group_delete"),
    path("groups/<int:pk>/paid-out/", groups.group_paid_out, name="group_paid_out"),
    path("sessions/<int:pk>/paid-out/", groups.session_paid_out, name="session_paid_out"),
    path("share/<str:token>/", exports.share, name="share"),
    path("share/<str:token>/rounds/<int:number>/", exports.share_round, name="share_round"),
    # Django's set_language view, as web:set_language.
    path("i18n/", include("django.conf.urls.i18n")),
]
