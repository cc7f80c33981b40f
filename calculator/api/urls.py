from __future__ import annotations

from django.urls import path

from calculator.api import groups, views
from calculator.api.auth import TokenView

app_name = "api"

urlpatterns = [
    path("auth/token/", TokenView.as_view(), name="token"),
    path("score/", views.ScoreView.as_view(), name="score"),
    path("sessions/", views.SessionListView.as_view(), name="sessions"),
    path("sessions/import/", views.ImportView.as_view(), name="session-import"),
    path("sessions/<int:pk>/", views.SessionDetailView.as_view(), name="session"),
    path("sessions/<int:pk>/rounds/", views.RoundListView.as_view(), name="rounds"),
    path("sessions/<int:pk>/rounds/<int:number>/", views.RoundDetailView.as_view(), name="round"),
    path(
        "sessions/<int:pk>/adjustments/", views.AdjustmentListView.as_view(), name="adjustments"
    ),
    path(
        "sessions/<int:pk>/adjustments/<int:number>/",
        views.AdjustmentDetailView.as_view(),
        name="adjustment",
    ),
    path("sessions/<int:pk>/ledger/", views.LedgerView.as_view(), name="ledger"),
    path("sessions/<int:pk>/ledger.csv", views.LedgerCsvView.as_view(), name="ledger-csv"),
    path("sessions/<int:pk>/standings/", views.StandingsView.as_view(), name="standings"),
    path("sessions/<int:pk>/settlement/", views.SettlementView.as_view(), name="settlement"),
    path("sessions/<int:pk>/stats/", views.StatsView.as_view(), name="stats"),
    path("sessions/<int:pk>/rules/", views.RulesView.as_view(), name="rules"),
    path("sessions/<int:pk>/members/", views.MembersView.as_view(), name="members"),
    path("sessions/<int:pk>/members/<str:username>/", views.MemberView.as_view(), name="member"),
    path("sessions/<int:pk>/share/", views.ShareLinkView.as_view(), name="share-link"),
    path("sessions/<int:pk>/archive/", views.ArchiveView.as_view(), name="archive"),
    path("sessions/<int:pk>/export/", views.ExportView.as_view(), name="export"),
    path("players/", views.PlayerListView.as_view(), name="players"),
    path("players/<int:pk>/", views.PlayerDetailView.as_view(), name="player"),
    path("players/<int:pk>/stats/", views.PlayerStatsView.as_view(), name="player-stats"),
    path("players/<int:pk>/merge/", views.PlayerMergeView.as_view(), name="player-merge"),
    path("players/<int:pk>/link/", views.PlayerLinkView.as_view(), name="player-link"),
    path("sessions/<int:pk>/paid-out/", groups.PaidOutView.as_view(), name="paid-out"),
    path("groups/", groups.GroupListView.as_view(), name="groups"),
    path("groups/<int:pk>/", groups.GroupDetailView.as_view(), name="group"),
    path(
        "groups/<int:pk>/standings/", groups.GroupStandingsView.as_view(), name="group-standings"
    ),
    path("share/<str:token>/", views.ShareView.as_view(), name="share"),
]
