"""The yardstick of ``benchmarks/webbench.py``: a bare Django project as ``startproject`` makes it
(its default middleware, debug off) with one view answering a constant. Served by the same
gunicorn as the app, it is what "as fast as Django can answer" means on this machine."""

from __future__ import annotations

import os

import django
from django.conf import settings
from django.core.wsgi import get_wsgi_application
from django.http import HttpRequest, HttpResponse
from django.urls import path


def constant(request: HttpRequest) -> HttpResponse:
    return HttpResponse(b'{"ok": true}', content_type="application/json")


urlpatterns = [path("", constant)]

if not settings.configured:
    settings.configure(
        DEBUG=False,
        SECRET_KEY=os.environ.get("DJANGO_SECRET_KEY", "bare-benchmark-key"),
        ALLOWED_HOSTS=["127.0.0.1"],
        ROOT_URLCONF=__name__,
        INSTALLED_APPS=[
            "django.contrib.admin",
            "django.contrib.auth",
            "django.contrib.contenttypes",
            "django.contrib.sessions",
            "django.contrib.messages",
            "django.contrib.staticfiles",
        ],
        MIDDLEWARE=[
            "django.middleware.security.SecurityMiddleware",
            "django.contrib.sessions.middleware.SessionMiddleware",
            "django.middleware.common.CommonMiddleware",
            "django.middleware.csrf.CsrfViewMiddleware",
            "django.contrib.auth.middleware.AuthenticationMiddleware",
            "django.contrib.messages.middleware.MessageMiddleware",
            "django.middleware.clickjacking.XFrameOptionsMiddleware",
        ],
        DATABASES={},
        USE_TZ=True,
    )
    django.setup()

application = get_wsgi_application()
