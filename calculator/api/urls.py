from __future__ import annotations

from django.urls import path

import calculator.converters  # noqa: F401  (registers <id:…>)
from calculator.api import groups, views
from calculator.api.auth import TokenView

app_name = "api"

urlpatterns = [
    path("auth/token/", TokenView.as_view(), name="token"),
    path("score/", views.ScoreView.as_view(), name="score"),
    path("sessions/", views.SessionListView.as_view(), name="sessions"),
    path("sessions/import/", views.ImportView.as_view(), name="session-import"),
    path("sessions/<id:pk>/", views.SessionDetailView.as_view(), name="session"),
    path("sessions/<id:pk>/rounds/", views.RoundListView.as_view(), name="rounds"),
    path("sessions/<id:pk>/rounds/<id:number>/", views.RoundDetailView.as_view(), name="round"),
    path(
        "sessions/<id:pk>/adjustments/", views.AdjustmentListView.as_view(), name="adjustments"
    ),
    path(
        "sessions/<id:pk>/adjustments/<id:number>/",
        views.AdjustmentDetailView.as_view(),
        name="adjustment",
    ),
    path("sessions/<id:pk>/ledger/", views.LedgerView.as_view(), name="ledger"),
    path("sessions/<id:pk>/ledger.csv", views.LedgerCsvView.as_view(), name="ledger-csv"),
    path("sessions/<id:pk>/standings/", views.StandingsView.as_view(), name="standings"),
    path("sessions/<id:pk>/settlement/", views.SettlementView.as_view(), name="settlement"),
    path("sessions/<id:pk>/stats/", views.StatsView.as_view(), name="stats"),
    path("sessions/<id:pk>/rules/", views.RulesView.as_view(), name="rules"),
    path("sessions/<id:pk>/members/", views.MembersView.as_view(), name="members"),
    path("sessions/<id:pk>/members/<str:username>/", views.MemberView.as_view(), name="member"),
    path("sessions/<id:pk>/share/", views.ShareLinkView.as_view(), name="share-link"),
    path("sessions/<id:pk>/archive/", views.ArchiveView.as_view(), name="archive"),
    path("sessions/<id:pk>/export/", views.ExportView.as_view(), name="export"),
    path("players/", views.PlayerListView.as_view(), name="players"),
    path("players/<id:pk>/", views.PlayerDetailView.as_view(), name="player"),
    path("players/<id:pk>/stats/", views.PlayerStatsView.as_view(), name="player-stats"),
    path("players/<id:pk>/merge/", views.PlayerMergeView.as_view(), name="player-merge"),
    path("players/<id:pk>/link/", views.PlayerLinkView.as_view(), name="player-link"),
    path("sessions/<id:pk>/paid-out/", groups.PaidOutView.as_view(), name="paid-out"),
    path("groups/", groups.GroupListView.as_view(), name="groups"),
    path("groups/<id:pk>/", groups.GroupDetailView.as_view(), name="group"),
    path(
        "groups/<id:pk>/standings/", groups.GroupStandingsView.as_view(), name="group-standings"
    ),
    path("share/<str:token>/", views.ShareView.as_view(), name="share"),
]
