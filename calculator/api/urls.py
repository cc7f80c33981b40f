"""The API's URLs (``api:`` namespace), mounted at ``/api/`` by ``calculator.urls``."""

from __future__ import annotations

from django.urls import path

from calculator.api import (
    adjustments,
    calculator,
    exports,
    groups,
    ledger,
    roster,
    rounds,
    sittings,
    standings,
)
from calculator.api.auth import TokenView

app_name = "api"

urlpatterns = [
    path("auth/token/", TokenView.as_view(), name="token"),
    path("score/", calculator.ScoreView.as_view(), name="score"),
    path("sessions/", sittings.SessionListView.as_view(), name="sessions"),
    path("sessions/import/", sittings.ImportView.as_view(), name="session-import"),
    path("sessions/<int:pk>/", sittings.SessionDetailView.as_view(), name="session"),
    path("sessions/<int:pk>/rounds/", rounds.RoundListView.as_view(), name="rounds"),
    path("sessions/<int:pk>/rounds/<int:number>/", rounds.RoundDetailView.as_view(), name="round"),
    path(
        "sessions/<int:pk>/adjustments/",
        adjustments.AdjustmentListView.as_view(),
        name="adjustments",
    ),
    path(
        "sessions/<int:pk>/adjustments/<int:number>/",
        adjustments.AdjustmentDetailView.as_view(),
        name="adjustment",
    ),
    path("sessions/<int:pk>/ledger/", ledger.LedgerView.as_view(), name="ledger"),
    path("sessions/<int:pk>/ledger.csv", ledger.LedgerCsvView.as_view(), name="ledger-csv"),
    path("sessions/<int:pk>/standings/", standings.StandingsView.as_view(), name="standings"),
    path("sessions/<int:pk>/settlement/", standings.SettlementView.as_view(), name="settlement"),
    path("sessions/<int:pk>/stats/", standings.StatsView.as_view(), name="stats"),
    path("sessions/<int:pk>/rules/", sittings.RulesView.as_view(), name="rules"),
    path("sessions/<int:pk>/members/", sittings.MembersView.as_view(), name="members"),
    path("sessions/<int:pk>/members/<str:username>/", sittings.MemberView.as_view(), name="member"),
    path("sessions/<int:pk>/share/", sittings.ShareLinkView.as_view(), name="share-link"),
    path("sessions/<int:pk>/archive/", sittings.ArchiveView.as_view(), name="archive"),
    path("sessions/<int:pk>/export/", exports.ExportView.as_view(), name="export"),
    path("players/", roster.PlayerListView.as_view(), name="players"),
    path("players/<int:pk>/", roster.PlayerDetailView.as_view(), name="player"),
    path("players/<int:pk>/stats/", roster.PlayerStatsView.as_view(), name="player-stats"),
    path("players/<int:pk>/merge/", roster.PlayerMergeView.as_view(), name="player-merge"),
    path("players/<int:pk>/link/", roster.PlayerLinkView.as_view(), name="player-link"),
    path("sessions/<int:pk>/paid-out/", groups.PaidOutView.as_view(), name="paid-out"),
    path("groups/", groups.GroupListView.as_view(), name="groups"),
    path("groups/<int:pk>/", groups.GroupDetailView.as_view(), name="group"),
    path("groups/<int:pk>/standings/", groups.GroupStandingsView.as_view(), name="group-standings"),
    path("share/<str:token>/", exports.ShareView.as_view(), name="share"),
]
