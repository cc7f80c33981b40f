"""Push across a deployment: three phones on one sitting through two app servers and the events
process (tests/browser/servers.py). A round recorded through either server reaches every phone
within moments, without waiting for a poll; a phone that was offline shows every round it missed
when it comes back; with the events process stopped, the share pages' poll still brings rounds."""

from __future__ import annotations

import json
import time
import urllib.request

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import allow_error, check_phone

pytestmark = [pytest.mark.browser, pytest.mark.failed_requests]

SETUP = """
import json
from django.test import Client
from rest_framework.authtoken.models import Token
from tests import factories
owner = factories.make_user("owner")
sitting = factories.make_sitting(owner)
sitting.refresh_from_db()
client = Client()
client.force_login(owner)
print(json.dumps({
    "pk": sitting.pk,
    "share": sitting.share_token,
    "token": Token.objects.create(user=owner).key,
    "cookie": client.cookies["sessionid"].value,
}))
"""

ROUNDS = "document.querySelectorAll('[data-live-region] [data-round]').length"
# Generous: a round reaches a phone in well under a second on a quiet machine; the share page's
# fallback poll alone would take up to 3 s, and the sitting page's 20 s.
PUSH_WITHIN = 3.0


def record_draw(base: str, pk: int, token: str) -> None:
    request = urllib.request.Request(
        f"{base}/api/sessions/{pk}/rounds/",
        data=json.dumps({"result": "draw"}).encode(),
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=20) as answer:
        assert answer.status == 201


def rounds_shown(page: Page, count: int, seconds: float) -> None:
    page.wait_for_function(f"n => {ROUNDS} >= n", arg=count, polling=50, timeout=seconds * 1000)


def stream_is(page: Page, state: str, seconds: float = 15) -> None:
    page.wait_for_function(
        "state => document.querySelector('[data-live]').dataset.liveStream === state",
        arg=state,
        timeout=seconds * 1000,
    )


def test_rounds_reach_three_phones_through_two_app_servers(phone, deployment) -> None:
    sitting = deployment.database.shell(SETUP)
    pk, share = sitting["pk"], sitting["share"]
    server_a, server_b = deployment.pages
    proxy_a, proxy_b = deployment.proxies
    # The scorer's own sitting page through one app server, two share pages through either.
    owner = phone()
    owner.context.add_cookies(
        [{"name": "sessionid", "value": sitting["cookie"], "url": proxy_a.url}]
    )
    owner.goto(f"{proxy_a.url}/sessions/{pk}/")
    watchers = [phone(), phone()]
    watchers[0].goto(f"{proxy_b.url}/share/{share}/")
    watchers[1].goto(f"{proxy_a.url}/share/{share}/")
    phones = [owner, *watchers]
    for page in phones:
        stream_is(page, "open")
        assert page.evaluate(ROUNDS) == 0

    # Rounds recorded through either app server reach every phone by push.
    shown = 0
    for base in (server_a.url, server_b.url, server_a.url):
        started = time.monotonic()
        record_draw(base, pk, sitting["token"])
        recorded = time.monotonic()
        shown += 1
        took = []
        for page in phones:
            rounds_shown(page, shown, 10)
            took.append(time.monotonic() - recorded)
        print(
            f"round {shown} via {base}: recorded in {recorded - started:.2f} s, on the phones "
            f"after {', '.join(f'{t:.2f}' for t in took)} s"
        )
        assert max(took) < PUSH_WITHIN, took
    for number, page in enumerate(phones, start=1):
        check_phone(page, f"push-01-phone-{number}")

    # A phone offline for a few seconds shows every round it missed when it comes back.
    away = watchers[0]
    away.context.set_offline(True)
    for _round in range(2):
        record_draw(server_a.url, pk, sitting["token"])
        shown += 1
    time.sleep(3)
    assert away.evaluate(ROUNDS) == shown - 2
    back = time.monotonic()
    away.context.set_offline(False)
    rounds_shown(away, shown, 10)
    print(f"back online: the 2 missed rounds shown after {time.monotonic() - back:.2f} s")
    stream_is(away, "open")
    check_phone(away, "push-02-back-online")

    # The events process stops: the share pages' poll (3 s without a stream) still brings rounds.
    for page in phones:
        allow_error(page, r"502|EventSource")
    deployment.events.stop()
    for page in watchers:
        stream_is(page, "closed")
    record_draw(server_b.url, pk, sitting["token"])
    shown += 1
    recorded = time.monotonic()
    for page in watchers:
        rounds_shown(page, shown, 10)
    print(
        f"events process stopped: the round shown by the poll after {time.monotonic() - recorded:.2f} s"
    )
    check_phone(watchers[0], "push-03-poll-without-stream")
