"""The events process: the same Django app under ASGI, run by gunicorn's own ASGI worker beside
the sync workers that serve the pages (docs/deploy.md), for the sitting's event streams
(``calculator/web/events.py``), which stay open for minutes and cost it a coroutine each.

    gunicorn calculator.asgi -k asgi --workers 1 --bind 127.0.0.1:8002

`make run` serves everything from it in one process.
"""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "calculator.settings")
# A stream lets go of its database connection after its first read; a kept connection would
# outlive the request that opened it under ASGI (Django's advice: no persistent connections).
os.environ.setdefault("DJANGO_CONN_MAX_AGE", "0")

application = get_asgi_application()
