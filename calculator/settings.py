"""The one settings module.

SQLite by default so a fresh checkout runs with no services; ``DATABASE_URL`` switches to
PostgreSQL (``postgres://user:pass@host:5432/name``). Everything that differs between a laptop and
a server comes from the environment.
"""

from __future__ import annotations

import os
import tempfile
import warnings
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DJANGO_DEBUG", False)
# DJANGO_SECURE=1 on a server behind HTTPS: secure cookies, HSTS, the redirect to HTTPS, and the
# secret key and host names must come from the environment. Off by default so `make run` over
# plain HTTP and the tests' live server keep working.
SECURE = env_bool("DJANGO_SECURE")
if SECURE and not os.environ.get("DJANGO_SECRET_KEY"):
    raise ImproperlyConfigured("DJANGO_SECURE=1 needs DJANGO_SECRET_KEY from the environment.")
if SECURE and not os.environ.get("DJANGO_ALLOWED_HOSTS"):
    raise ImproperlyConfigured("DJANGO_SECURE=1 needs DJANGO_ALLOWED_HOSTS from the environment.")
# The local key starts with "django-insecure-" so that `check --deploy` flags it if it ever
# reaches a server.
SECRET_KEY = os.environ.get(
    "DJANGO_SECRET_KEY", "django-insecure-local-key-set-DJANGO_SECRET_KEY-in-production"
)
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
if DEBUG:
    # The table's own Wi-Fi (`make run`): a phone asks by this machine's address on the network
    # (192.168.1.23:8000), so debug allows the machine's own addresses as well. Only its own, not
    # every private address: Django matches a host by name, not by range, and only these reach
    # this machine. An address literal cannot be rebound by DNS, so the Host check still keeps
    # out pages that rebind their name to it. Found when the server starts (calculator/lan.py):
    # a machine that moves to another network restarts `make run`. With debug off: no change.
    from calculator.lan import own_addresses

    ALLOWED_HOSTS += [address for address in own_addresses() if address not in ALLOWED_HOSTS]
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "django_htmx",
    "calculator",
    "calculator.web",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Pages shrink 7–19× with gzip; CSRF tokens are masked per response (BREACH). Not an event
    # stream: each event must reach the phone as it is written (calculator/web/events.py).
    "calculator.web.events.EventStreamGZipMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # English pages: each Chinese run in a <span lang> (WCAG 3.1.2), after the page is made.
    "calculator.web.lang_marks.MarkChineseMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "calculator.health.DatabaseUnavailableMiddleware",
]

ROOT_URLCONF = "calculator.urls"
WSGI_APPLICATION = "calculator.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            # The project's templates, the apps', and each game's beside its code (its packages'
            # templates/ folders, calculator/web/games/loader.py), remembered once read.
            "loaders": [
                (
                    "django.template.loaders.cached.Loader",
                    [
                        "django.template.loaders.filesystem.Loader",
                        "django.template.loaders.app_directories.Loader",
                        "calculator.web.games.loader.Loader",
                    ],
                )
            ],
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.csp",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", "60")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Every transaction takes the write lock when it begins (BEGIN IMMEDIATE) and waits for it:
    # two writes at once (a double tap) take turns instead of one failing with "database is
    # locked" when it upgrades a read lock.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"transaction_mode": "IMMEDIATE", "timeout": 20}
    )
    # The tests get a file, not SQLite's in-memory database: the browser tests' live server then
    # gives each of its threads a connection of its own, as a real server does (an in-memory
    # database is one connection shared by every thread, which two requests at once misuse).
    # One file per test run (in the temporary directory), so two runs at once never share it.
    DATABASES["default"].setdefault("TEST", {}).setdefault(
        "NAME", str(Path(tempfile.gettempdir()) / f"anqing-test-{os.getpid()}.sqlite3")
    )
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Each test run its own test database (test_<name>_<process>), so two runs at once on one
    # server never drop each other's.
    DATABASES["default"].setdefault("TEST", {}).setdefault(
        "NAME", f"test_{DATABASES['default']['NAME']}_{os.getpid()}"
    )
    # An unreachable server is reported within seconds (see /healthz), not after a hang.
    DATABASES["default"].setdefault("OPTIONS", {})["connect_timeout"] = int(
        os.environ.get("DJANGO_DB_CONNECT_TIMEOUT", "3")
    )
# DATABASE_POOLER=transaction: DATABASE_URL is PgBouncer in transaction pooling, where each
# transaction (each statement, outside one) may run on another server connection. Nothing a
# request does may then outlive its transaction on the server: no cursor declared WITH HOLD (what
# Django's server-side cursors are outside a transaction), no prepared statement (Django's psycopg
# 3 binds values on the client and prepares nothing, unless OPTIONS ask for it), no session SET,
# advisory lock or LISTEN (the app uses none). A connection kept across requests is checked before
# a request reuses it, so a restarted pooler costs no request an error.
DATABASE_POOLER = os.environ.get("DATABASE_POOLER", "").strip().lower()
if DATABASE_POOLER not in {"", "session", "transaction"}:
    raise ImproperlyConfigured(
        f"DATABASE_POOLER={DATABASE_POOLER!r}: use transaction (PgBouncer's transaction pooling), "
        f"session, or leave it unset for a direct connection."
    )
DATABASES["default"]["CONN_HEALTH_CHECKS"] = env_bool(
    "DJANGO_CONN_HEALTH_CHECKS", DATABASE_POOLER == "transaction"
)
if DATABASE_POOLER == "transaction":
    DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "zh-hans"
LANGUAGES = [("zh-hans", "简体中文"), ("zh-hant", "繁體中文"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("DJANGO_TIME_ZONE", "Asia/Shanghai")
USE_I18N = True
USE_TZ = True

# WhiteNoise serves STATIC_ROOT once `collectstatic` has filled it; before that (a checkout, the
# tests) the finders serve the files and the missing directory is no news.
warnings.filterwarnings("ignore", message="No directory at: ", category=UserWarning)
STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # The manifest storage needs `collectstatic` first, so a server opts in to it.
        "BACKEND": (
            "calculator.storage.StaticFilesStorage"  # hashed names, module imports too
            if env_bool("DJANGO_STATIC_MANIFEST")
            else "whitenoise.storage.CompressedStaticFilesStorage"
        )
    },
}

LOGIN_URL = "/accounts/login/"

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # DRF's token, refused (and deleted) once older than TOKEN_LIFETIME.
        "calculator.api.tokens.ExpiringTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    # JSON in, JSON out: the parser enforces the body limit (calculator/api/parsers.py).
    "DEFAULT_PARSER_CLASSES": ["calculator.api.parsers.LimitedJSONParser"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "calculator.api.errors.error_handler",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Anqing mahjong calculator API",
    "DESCRIPTION": "Scores Anqing mahjong hands and keeps the ledger of a sitting.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Keep the defaults (enum names) and add what every keyed write may answer.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "calculator.api.once.keyed_errors",
    ],
    "ENUM_NAME_OVERRIDES": {
        "SeatEnum": ["E", "S", "W", "N"],
        "AdjustmentKindEnum": ["penalty", "side_payment", "chip_correction", "fee"],
        "EntryResultEnum": ["win", "draw", "adjustment", "seats"],
        "HandResultEnum": ["win", "draw"],
    },
}

# --- limits ----------------------------------------------------------------------------------

# A request body above this is refused: the API answers E_TOO_LARGE (413), a form post 400. An
# export of a 1,000-round sitting is about 350 KB.
DATA_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 400

# Caps that keep every sitting and every account bounded (docs/api.md, "Caps and pages"). A round or an
# import past a cap is refused with E_LIMIT (422) before anything is saved; correcting round 1
# of a capped sitting re-scores at most MAX_ROUNDS_PER_SESSION rounds.
MAX_ROUNDS_PER_SESSION = int(os.environ.get("DJANGO_MAX_ROUNDS_PER_SESSION", "5000"))
MAX_RULES_VERSIONS_PER_SESSION = int(os.environ.get("DJANGO_MAX_RULES_VERSIONS", "1000"))
# Sittings one account owns that are not archived.
MAX_LIVE_SESSIONS_PER_USER = int(os.environ.get("DJANGO_MAX_LIVE_SESSIONS_PER_USER", "1000"))
# Accounts invited to one sitting (besides its owner).
MAX_MEMBERS_PER_SESSION = int(os.environ.get("DJANGO_MAX_MEMBERS_PER_SESSION", "50"))

# Log-in attempts (the pages' form, /admin/login/ and POST /api/auth/token/): after this many
# failures for one username from one address within the window, or this many from one address
# whatever the usernames, further attempts are refused without checking the password
# (calculator/login_attempts.py). The counts live in the cache below.
LOGIN_FAILURE_LIMIT = int(os.environ.get("DJANGO_LOGIN_FAILURE_LIMIT", "5"))
LOGIN_FAILURE_LIMIT_PER_ADDRESS = int(
    os.environ.get("DJANGO_LOGIN_FAILURE_LIMIT_PER_ADDRESS", "20")
)
LOGIN_FAILURE_WINDOW = int(os.environ.get("DJANGO_LOGIN_FAILURE_WINDOW", "900"))
# An API token older than this is refused and deleted; POST /api/auth/token/ then issues a new one.
TOKEN_LIFETIME = timedelta(days=int(os.environ.get("DJANGO_TOKEN_LIFETIME_DAYS", "30")))


def cache_from_url(url: str) -> dict[str, object]:
    """The default cache: Django's database cache (table ``calculator_cache``, made by migration
    0003), shared by every app server with no other service; ``redis://…``/``rediss://…`` for
    Redis (the ``redis`` package of requirements.txt), ``locmem://`` for one process only."""
    # The database and memory caches drop entries beyond MAX_ENTRIES, live ones too (default 300,
    # which a burst of failed log-ins from many addresses would fill).
    bounded = {"OPTIONS": {"MAX_ENTRIES": 50_000}}
    if not url:
        return {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "calculator_cache",
            **bounded,
        }
    scheme = url.partition("://")[0].lower()
    if scheme in {"redis", "rediss"}:
        return {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}
    if scheme == "locmem":
        return {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": url.partition("://")[2],
            **bounded,
        }
    # The value is named, a password in it is not.
    shown = f"{scheme}://…@{url.rpartition('@')[2]}" if "@" in url else url
    raise ImproperlyConfigured(
        f"CACHE_URL={shown!r} is not a cache this app knows: use redis://…, rediss://… or "
        f"locmem://, or leave CACHE_URL unset for Django's database cache."
    )


def page_cache_from(default: dict[str, object]) -> dict[str, object]:
    """The cache of drawn pages (``calculator/web/page_cache.py``): the same kind as the default
    one but apart from it, so that pages never push the log-in counts out: its own table
    (``calculator_page_cache``, made by migration 0013), key prefix or memory. An entry names a
    version of a sitting and is never stale; an hour bounds how long one no longer asked for
    stays."""
    pages: dict[str, object] = {**default, "TIMEOUT": 3600}
    if default["BACKEND"] == "django.core.cache.backends.db.DatabaseCache":
        return {**pages, "LOCATION": "calculator_page_cache", "OPTIONS": {"MAX_ENTRIES": 5_000}}
    if default["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache":
        location = f"{default['LOCATION']}-pages"
        return {**pages, "LOCATION": location, "OPTIONS": {"MAX_ENTRIES": 1_000}}
    return {**pages, "KEY_PREFIX": "pages"}


CACHES = {"default": cache_from_url(os.environ.get("CACHE_URL", "").strip())}
CACHES["pages"] = page_cache_from(CACHES["default"])
# Whether the pages a table reads most are drawn once per version of the sitting and reused
# (calculator/web/page_cache.py). Off by default with DJANGO_DEBUG: a template edited under a
# running server would not show until the next round.
PAGE_CACHE = env_bool("DJANGO_PAGE_CACHE", not DEBUG)

# --- push (calculator/events.py) ------------------------------------------------------------------

# The channel that tells the events process a sitting changed: Redis when REDIS_URL (or a Redis
# CACHE_URL) names it, else PostgreSQL's NOTIFY when the database is PostgreSQL, else one
# process's memory (SQLite: `make run` serves pages and streams from one process).
EVENTS_REDIS_URL = os.environ.get("REDIS_URL", "").strip() or (
    os.environ.get("CACHE_URL", "").strip()
    if os.environ.get("CACHE_URL", "").strip().partition("://")[0].lower() in {"redis", "rediss"}
    else ""
)
if EVENTS_REDIS_URL:
    EVENTS_CHANNEL = "redis"
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    EVENTS_CHANNEL = "postgres"
else:
    EVENTS_CHANNEL = "memory"
# A stream sends a comment at least this often (seconds), so a proxy never closes it as idle,
# and ends after EVENTS_STREAM_LIFETIME seconds: the phone connects again at once with the last
# version it saw, so no stream lives without bound.
EVENTS_HEARTBEAT = float(os.environ.get("DJANGO_EVENTS_HEARTBEAT", "25"))
EVENTS_STREAM_LIFETIME = float(os.environ.get("DJANGO_EVENTS_STREAM_LIFETIME", "300"))
# At most this many open streams per client address (a few tables' phones and boards behind one
# router); past it a phone is answered at once and its poll does the rest.
EVENTS_PER_ADDRESS = int(os.environ.get("DJANGO_EVENTS_PER_ADDRESS", "40"))

# --- security headers -----------------------------------------------------------------------

# Scripts and styles come from this site only (htmx included, served from static by
# django-htmx); a nonce covers any inline script a page may need. No inline style attributes.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF, CSP.NONCE],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "manifest-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"

# Behind an HTTPS reverse proxy: DJANGO_BEHIND_PROXY=1 trusts its X-Forwarded-Proto (and the
# client address it appends to X-Forwarded-For, for the log-in limit).
BEHIND_PROXY = env_bool("DJANGO_BEHIND_PROXY")
if BEHIND_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# Secure cookies alone (DJANGO_SECURE_COOKIES=1) or with everything else (DJANGO_SECURE=1).
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = SECURE or env_bool("DJANGO_SECURE_COOKIES")
if SECURE:
    SECURE_SSL_REDIRECT = True
    # The load balancer's probe may come over plain HTTP.
    SECURE_REDIRECT_EXEMPT = [r"^healthz/?$"]
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", True)

# Logs go to standard error (gunicorn's log): requests that end in a 500 (``django.request``,
# with their traceback) and the app's own reports (logger ``calculator``, e.g. an unreachable
# database with the driver's words, which the answer itself no longer shows). The level comes
# from DJANGO_LOG_LEVEL; at the default WARNING the log only speaks when something is wrong.
LOG_LEVEL = os.environ.get("DJANGO_LOG_LEVEL", "WARNING").upper()
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"}},
    "handlers": {
        "stderr": {"class": "logging.StreamHandler", "formatter": "plain", "level": LOG_LEVEL}
    },
    "root": {"handlers": ["stderr"], "level": LOG_LEVEL},
    "loggers": {
        # 4xx answers are the clients' business (each carries its error object); 5xx are ours.
        "django.request": {"level": "ERROR"},
        "calculator": {"level": LOG_LEVEL},
    },
}
