"""The API's URLs (``api:`` namespace), mounted at ``/api/`` by ``calculator.urls``."""

from __future__ import annotations

from django.urls import path

import calculator.converters  # noqa: F401  (registers <id:…>)
from calculator.api import (
    adjustments,
    calculator,
    exports,
    groups,
    ledger,
    roster,
    rounds,
    seat_draw,
    seats,
    sittings,
    standings,
)
from calculator.api.auth import TokenView

app_name = "api"

urlpatterns = [
    path("auth/token/", TokenView.as_view(), name="token"),
    path("score/", calculator.ScoreView.as_view(), name="score"),
    path("sessions/", sittings.SessionListView.as_view(), name="sessions"),
    path("seat-draw/", seat_draw.SeatDrawView.as_view(), name="seat-draw"),
    path("sessions/import/", sittings.ImportView.as_view(), name="session-import"),
    path("sessions/<id:pk>/", sittings.SessionDetailView.as_view(), name="session"),
    path("sessions/<id:pk>/rounds/", rounds.RoundListView.as_view(), name="rounds"),
    path("sessions/<id:pk>/rounds/<id:number>/", rounds.RoundDetailView.as_view(), name="round"),
    path(
        "sessions/<id:pk>/adjustments/",
        adjustments.AdjustmentListView.as_view(),
        name="adjustments",
    ),
    path(
        "sessions/<id:pk>/adjustments/<id:number>/",
        adjustments.AdjustmentDetailView.as_view(),
        name="adjustment",
    ),
    path(
        "sessions/<id:pk>/seat-changes/",
        seats.SeatChangeListView.as_view(),
        name="seat-changes",
    ),
    path(
        "sessions/<id:pk>/seat-changes/<id:number>/",
        seats.SeatChangeDetailView.as_view(),
        name="seat-change",
    ),
    path("sessions/<id:pk>/ledger/", ledger.LedgerView.as_view(), name="ledger"),
    path("sessions/<id:pk>/ledger.csv", ledger.LedgerCsvView.as_view(), name="ledger-csv"),
    path("sessions/<id:pk>/standings/", standings.StandingsView.as_view(), name="standings"),
    path("sessions/<id:pk>/settlement/", standings.SettlementView.as_view(), name="settlement"),
    path("sessions/<id:pk>/stats/", standings.StatsView.as_view(), name="stats"),
    path("sessions/<id:pk>/rules/", sittings.RulesView.as_view(), name="rules"),
    path("sessions/<id:pk>/members/", sittings.MembersView.as_view(), name="members"),
    path("sessions/<id:pk>/members/<str:username>/", sittings.MemberView.as_view(), name="member"),
    path("sessions/<id:pk>/share/", sittings.ShareLinkView.as_view(), name="share-link"),
    path("sessions/<id:pk>/archive/", sittings.ArchiveView.as_view(), name="archive"),
    path("sessions/<id:pk>/export/", exports.ExportView.as_view(), name="export"),
    path("players/", roster.PlayerListView.as_view(), name="players"),
    path("players/<id:pk>/", roster.PlayerDetailView.as_view(), name="player"),
    path("players/<id:pk>/stats/", roster.PlayerStatsView.as_view(), name="player-stats"),
    path("players/<id:pk>/merge/", roster.PlayerMergeView.as_view(), name="player-merge"),
    path("players/<id:pk>/link/", roster.PlayerLinkView.as_view(), name="player-link"),
    path("sessions/<id:pk>/paid-out/", groups.PaidOutView.as_view(), name="paid-out"),
    path("groups/", groups.GroupListView.as_view(), name="groups"),
    path("groups/<id:pk>/", groups.GroupDetailView.as_view(), name="group"),
    path("groups/<id:pk>/standings/", groups.GroupStandingsView.as_view(), name="group-standings"),
    path("groups/<id:pk>/paid-out/", groups.GroupPaidOutView.as_view(), name="group-paid-out"),
    path("share/<str:token>/", exports.ShareView.as_view(), name="share"),
]
