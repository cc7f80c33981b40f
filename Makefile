# make run  : create the virtualenv, install, migrate, print the address (and QR code) phones on
#             the same Wi-Fi open, serve pages and push on SQLite (debug on); PORT=8001 make run for
#             another port
# make test : ruff; Chromium, a CJK font, HAProxy, PgBouncer and PostgreSQL made ready
#             (tools/test-deps); the whole suite on SQLite, then again on PostgreSQL but for the
#             browser tests, the engine's (tests/scoring touches no database) and the stack's
#             (tests/stack runs its own PostgreSQL database in the first pass); under CI=true all
#             of it must be there. Each pass runs in WORKERS processes (default 2, one per core
#             of the machines it runs on; WORKERS=0 for one process), each with its own test
#             database and Chromium.

# Django 6.1 needs Python 3.12 or newer: tools/find-python picks one (PYTHON=… overrides) or says
# in one line what to install.
PORT ?= 8000
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
APP_STAMP := $(VENV)/.app-installed
PG_URL ?= postgres://postgres@127.0.0.1:5432/anqing
WORKERS ?= 2

.PHONY: run test lint venv

venv: $(STAMP)

# What serving the app needs (requirements.txt) and, for the tests, the test tools besides
# (requirements-dev.txt: pytest, Playwright, schemathesis, hypothesis, the mahjong package …).
$(APP_STAMP): requirements.txt
	test -x $(BIN)/python || { python=$$(PYTHON="$(PYTHON)" tools/find-python) && "$$python" -m venv $(VENV); }
	$(BIN)/pip install -q -r requirements.txt
	touch $(APP_STAMP)

$(STAMP): $(APP_STAMP) requirements-dev.txt
	$(BIN)/pip install -q -r requirements-dev.txt
	touch $(STAMP)

# Before serving, the address phones on the same Wi-Fi open, with its QR code (debug allows it).
# One process serves the pages and the event streams (gunicorn's ASGI worker, reloading on a
# change of the code): on SQLite the channel that tells the streams of a change is that process's
# memory, so it is one worker.
run: $(APP_STAMP)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py check
	$(BIN)/python manage.py lan_url --port $(PORT)
	DJANGO_DEBUG=1 $(BIN)/gunicorn calculator.asgi --worker-class asgi --workers 1 \
		--bind 0.0.0.0:$(PORT) --reload --access-logfile - --no-control-socket

lint: $(STAMP)
	$(BIN)/ruff check .

test: lint
	tools/test-deps
	$(BIN)/pytest -n $(WORKERS)
	@if $(BIN)/python -c "import socket; socket.create_connection(('127.0.0.1', 5432), 2)" 2>/dev/null; then \
		echo "== PostgreSQL pass ($(PG_URL)) =="; \
		DATABASE_URL=$(PG_URL) $(BIN)/pytest -n $(WORKERS) -m "not browser and not stack" --ignore=tests/scoring; \
	elif [ "$$CI" = "true" ]; then \
		echo "PostgreSQL is not reachable at 127.0.0.1:5432 and CI=true: failing." >&2; exit 1; \
	else \
		echo "PostgreSQL is not reachable at 127.0.0.1:5432: ran the suite on SQLite only."; \
	fi
