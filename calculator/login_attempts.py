"""Failed log-ins, counted in Django's cache: per username and client address, and per address.

After ``LOGIN_FAILURE_LIMIT`` failures for one username from one address within
``LOGIN_FAILURE_WINDOW`` seconds, further attempts for that username from that address are
refused without checking the password; each failure stops counting a window after it happened.
A success clears that count. After ``LOGIN_FAILURE_LIMIT_PER_ADDRESS`` failures from one address
within the window, whatever the usernames, every attempt from it is refused; a success does not
clear this one (else one account of one's own would reset it between guesses at others). An IPv6
address counts as its /64. The pages' log-in form, ``/admin/login/``, the password change page
and ``POST /api/auth/token/`` all use this.

A username is counted as Django's log-in form reads it: NFKC-normalised (so a full-width ``ｅrin``
is ``erin``), and case-folded and stripped as well, so no other spelling of one name gets counts
of its own.

The counts live in the cache, by default Django's database cache, which every app server
shares (``CACHE_URL`` in the settings picks another). Each failure is one key (one "slot") taken
with ``add()``, so no failure is lost when several arrive at once, on any backend. Attempts that
all arrive before the first of them has failed are all checked: the limit bounds guesses to the
limit plus the number of requests in flight at once.
"""

from __future__ import annotations

import hashlib
import ipaddress
import unicodedata

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


def counted_username(username: str) -> str:
    """The one spelling a username is counted under: NFKC (what ``AuthenticationForm`` and
    ``AbstractBaseUser.normalize_username`` apply), case-folded, NFKC again (case folding can
    undo it), stripped."""
    folded = unicodedata.normalize("NFKC", username).casefold()
    return unicodedata.normalize("NFKC", folded).strip()


def _address_group(address: str) -> str:
    """The address, or for IPv6 its /64: one host usually holds a whole /64, and counting
    its addresses one by one would let it try 2**64 times as often."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((int(ip) >> 64 << 64, 64)))
    return str(ip)


def _slots(kind: str, parts: tuple[str, ...], limit: int) -> list[str]:
    """One cache key per failure that counts toward ``limit``."""
    # surrogatepass: a JSON body may carry a lone surrogate, which plain UTF-8 cannot encode.
    who = "\n".join(parts).encode("utf-8", "surrogatepass")
    base = f"login-failures:{kind}:" + hashlib.sha256(who).hexdigest()
    return [f"{base}:{slot}" for slot in range(limit)]


def _name_slots(request: HttpRequest, username: str) -> list[str]:
    where = (counted_username(username), _address_group(client_address(request)))
    return _slots("name", where, settings.LOGIN_FAILURE_LIMIT)


def _address_slots(request: HttpRequest) -> list[str]:
    where = (_address_group(client_address(request)),)
    return _slots("address", where, settings.LOGIN_FAILURE_LIMIT_PER_ADDRESS)


def _count(slots: list[str]) -> None:
    """Take a free slot, for the window. add() is atomic in every cache backend (the database
    cache's table has the key as primary key), where incr() is a read and a write in the
    database cache, and resets the expiry to the cache's default: two failures at once are
    counted twice, and each expires ``LOGIN_FAILURE_WINDOW`` seconds after it happened."""
    taken = cache.get_many(slots)
    for slot in slots:
        if slot not in taken and cache.add(slot, 1, timeout=settings.LOGIN_FAILURE_WINDOW):
            return
    # Every slot is taken: the limit is reached and the attempt was refused anyway.


def login_blocked(request: HttpRequest, username: str) -> bool:
    names, addresses = _name_slots(request, username), _address_slots(request)
    taken = cache.get_many(names + addresses)
    return all(slot in taken for slot in names) or all(slot in taken for slot in addresses)


def login_failed(request: HttpRequest, username: str) -> None:
    _count(_name_slots(request, username))
    _count(_address_slots(request))


def login_succeeded(request: HttpRequest, username: str) -> None:
    cache.delete_many(_name_slots(request, username))


def too_many_attempts() -> CalculatorError:
    minutes = max(1, settings.LOGIN_FAILURE_WINDOW // 60)
    return CalculatorError(
        "E_THROTTLED",
        f"登錄失敗次數太多，請 {minutes} 分鐘後再試。",
        f"Too many failed log-ins for this username or from this address; try again in "
        f"{minutes} minutes.",
        status=429,
    )
