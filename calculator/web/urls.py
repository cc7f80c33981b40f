"""The pages' URLs (``web:`` namespace), mounted at the site root by ``calculator.urls``."""

from __future__ import annotations

from django.urls import include, path

import calculator.converters  # noqa: F401  (registers <id:…>)
from calculator.web import adjustments, groups, passwords, players, rules_book, sw, views

app_name = "web"

urlpatterns = [
    path("", views.home, name="home"),
    path("calculator/", views.calculator, name="calculator"),
    # The service worker sits at the root so that it may control every page (calculator/web/sw.py).
    path("sw.js", sw.worker, name="service_worker"),
    path("offline/", sw.offline, name="offline"),
    # Each game's rule book (its web package's book): the default game's at /rules/, any other
    # at /rules/<code>/.
    path("rules/", rules_book.page, name="rules_book"),
    path("rules/<slug:slug>/", rules_book.page, name="rules_book"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/login/", views.LoginView.as_view(), name="login"),
    path("accounts/logout/", views.LogoutView.as_view(), name="logout"),
    path("accounts/password/", passwords.PasswordChangeView.as_view(), name="password_change"),
    path(
        "accounts/password/done/",
        passwords.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("sessions/", views.session_list, name="session_list"),
    path("sessions/new/", views.session_new, name="session_new"),
    path("sessions/import/", views.session_import, name="session_import"),
    path("sessions/<id:pk>/", views.session_detail, name="session"),
    path("sessions/<id:pk>/rounds/new/", views.round_new, name="round_new"),
    path("sessions/<id:pk>/rounds/draw/", views.round_draw, name="round_draw"),
    path(
        "sessions/<id:pk>/adjustments/new/", adjustments.adjustment_new, name="adjustment_new"
    ),
    path(
        "sessions/<id:pk>/adjustments/<id:number>/edit/",
        adjustments.adjustment_edit,
        name="adjustment_edit",
    ),
    path("sessions/<id:pk>/rounds/undo/", views.round_undo, name="round_undo"),
    path("sessions/<id:pk>/rounds/<id:number>/", views.round_detail, name="round"),
    path("sessions/<id:pk>/rounds/<id:number>/edit/", views.round_edit, name="round_edit"),
    path("sessions/<id:pk>/rounds/<id:number>/void/", views.round_void, name="round_void"),
    path("sessions/<id:pk>/settle/", views.settle, name="settle"),
    path("sessions/<id:pk>/members/", views.members, name="members"),
    path(
        "sessions/<id:pk>/members/<str:username>/remove/",
        views.member_remove,
        name="member_remove",
    ),
    path("sessions/<id:pk>/share-link/", views.share_link_change, name="share_link"),
    path("sessions/<id:pk>/archive/", views.session_archive, name="session_archive"),
    path("sessions/<id:pk>/restore/", views.session_restore, name="session_restore"),
    path("sessions/<id:pk>/delete/", views.session_delete, name="session_delete"),
    path("sessions/<id:pk>/rules/", views.rules, name="rules"),
    path("sessions/<id:pk>/export.json", views.export_json, name="export_json"),
    path("sessions/<id:pk>/export.csv", views.export_csv, name="export_csv"),
    path("players/", players.player_list, name="players"),
    path("players/<id:player>/", players.player_detail, name="player"),
    path("players/<id:player>/rename/", players.player_rename, name="player_rename"),
    path("players/<id:player>/merge/", players.player_merge, name="player_merge"),
    path("players/<id:player>/link/", players.player_link, name="player_link"),
    path("players/<id:player>/unlink/", players.player_unlink, name="player_unlink"),
    path("players/<id:player>/groups/", players.player_groups_fragment, name="player_groups"),
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
    path("share/<str:token>/", views.share, name="share"),
    path("share/<str:token>/rounds/<id:number>/", views.share_round, name="share_round"),
    # Django's set_language view, as web:set_language.
    path("i18n/", include("django.conf.urls.i18n")),
]
