"""The ledger in the API: a sitting's rounds a page at a time with the running balances
(``…/ledger/``), and the whole ledger as CSV (``…/ledger.csv``)."""

from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

import calculator.selectors.ledger
from calculator import paging
from calculator.api.common import PAGE_PARAMETERS, READ_ERRORS, SessionView
from calculator.api.serializers.common import errors
from calculator.api.serializers.ledger import LedgerSerializer
from calculator.selectors.ledger import ledger_csv


class LedgerView(SessionView):
    @extend_schema(
        parameters=PAGE_PARAMETERS, responses={200: LedgerSerializer, **errors(400, 401, 404)}
    )
    def get(self, request: Request, pk: int) -> Response:
        window = paging.window_of(request.query_params)
        ledger = calculator.selectors.ledger.ledger(
            self.session(request, pk), offset=window.offset or 0, limit=window.limit
        )
        return paging.add_paging_headers(
            Response(ledger),
            request,
            total=ledger["total_rounds"],
            offset=ledger["offset"],
            limit=ledger["limit"],
        )


class LedgerCsvView(SessionView):
    @extend_schema(responses={(200, "text/csv"): OpenApiTypes.STR, **READ_ERRORS})
    def get(self, request: Request, pk: int) -> HttpResponse:
        session = self.session(request, pk)
        response = HttpResponse(ledger_csv(session), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="session-{session.pk}-ledger.csv"'
        return response
