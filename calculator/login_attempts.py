"""Failed log-ins, counted per username and client address in Django's cache.

After ``LOGIN_FAILURE_LIMIT`` failures within ``LOGIN_FAILURE_WINDOW`` seconds (counted from the
first), further attempts for that username from that address are refused without checking the
password, until the window ends. A success clears the count. The pages' log-in form and
``POST /api/auth/token/`` both use this.

The counts live in the cache: LocMem is per process, so several app servers need a shared cache
(Redis, Memcached or the database cache) for the limit to hold across them.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

from calculator.errors import CalculatorError


def client_address(request: HttpRequest) -> str:
    """The client's address: behind our reverse proxy, the one it appended to X-Forwarded-For
    (earlier entries come from the client and can be forged)."""
    if settings.BEHIND_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        if hops:
            return hops[-1]
    return request.META.get("REMOTE_ADDR", "")


def _key(username: str, address: str) -> str:
    who = f"{username.strip().casefold()}\n{address}".encode()
    return "login-failures:" + hashlib.sha256(who).hexdigest()


def login_blocked(request: HttpRequest, username: str) -> bool:
    count = cache.get(_key(username, client_address(request)), 0)
    return count >= settings.LOGIN_FAILURE_LIMIT


def login_failed(request: HttpRequest, username: str) -> None:
    key = _key(username, client_address(request))
    # The window starts at the first failure: add() sets the expiry once, incr() keeps it.
    cache.add(key, 0, timeout=settings.LOGIN_FAILURE_WINDOW)
    try:
        cache.incr(key)
    except ValueError:
        # Expired between add() and incr(): this failure opens a new window.
        cache.set(key, 1, timeout=settings.LOGIN_FAILURE_WINDOW)


def login_succeeded(request: HttpRequest, username: str) -> None:
    cache.delete(_key(username, client_address(request)))


def too_many_attempts() -> CalculatorError:
    minutes = max(1, settings.LOGIN_FAILURE_WINDOW // 60)
    return CalculatorError(
        "E_THROTTLED",
        f"登錄失敗次數太多，請 {minutes} 分鐘後再試。",
        f"Too many failed log-ins for this username; try again in {minutes} minutes.",
        status=429,
    )
