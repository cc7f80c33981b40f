from __future__ import annotations

from django.conf import settings
from django.contrib import admin
from django.urls import include, path
from django.utils.csp import CSP
from django.views.decorators.csp import csp_override
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from calculator.admin import admin_login
from calculator.api.errors import api_or_page_400, api_or_page_404, api_or_page_500
from calculator.health import healthz

# Swagger UI loads its bundle and styles from drf-spectacular's CDN and styles its widgets
# inline; its start-up script comes from this site (the split view), so no inline script runs.
SWAGGER_CDN = "https://cdn.jsdelivr.net"
SWAGGER_UI_CSP = {
    **settings.SECURE_CSP,
    "script-src": [CSP.SELF, SWAGGER_CDN],
    "style-src": [CSP.SELF, SWAGGER_CDN, CSP.UNSAFE_INLINE],
    "img-src": [CSP.SELF, "data:", SWAGGER_CDN],
}

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    # Before the admin's own routes: its log-in page under the log-in limits (calculator/admin.py).
    path("admin/login/", admin_login, name="admin-login"),
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path(
        "api/schema/ui/",
        csp_override(SWAGGER_UI_CSP)(SpectacularSwaggerSplitView.as_view(url_name="schema")),
        name="schema-ui",
    ),
    path("api/", include("calculator.api.urls")),
    path("", include("calculator.web.urls")),
]

# A URL under /api/ that matches no route, or a crash, still answers with the error object.
handler400 = api_or_page_400
handler404 = api_or_page_404
handler500 = api_or_page_500
