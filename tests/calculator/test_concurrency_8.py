"""Eight API clients on one session at once, wave after wave, over real HTTP (PostgreSQL only).

Each client is its own keep-alive HTTP connection to the live server, authenticated with a token,
so each is served by its own server thread with its own database connection. Five waves of eight
``POST …/rounds/`` (wins with known fan and draws), then two waves mixing corrections, voids and
new rounds. After the posts and again at the end the history is checked against what the clients
were told, and re-derived without the app: the dealer progression with ``scoring.dealer_after``,
every win re-scored by the engine, the balances summed from those payments.
"""

from __future__ import annotations

import http.client
import json
import threading
import time
from collections import Counter
from collections.abc import Callable
from decimal import Decimal
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from rest_framework.authtoken.models import Token

from calculator.models import Payment, Round, Session
from calculator.services.sittings import session_create, session_invite
from scoring import SEATS, canonical_hand, dealer_after, next_seat, score
from tests.calculator.hands import DRAW, bao, paofeng, plain

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

CLIENTS = 8
POST_WAVES = 5
RETRIES = 30

# The fan F of each kind of hand, worked out by hand in tests/calculator/hands.py (R7).
KNOWN_FAN = {"plain": 3, "paofeng": 9, "bao": 6, "draw": None}


@pytest.fixture(autouse=True)
def _postgresql_only():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL): SQLite has no row locks")


def hand_of(kind: str, winner: str) -> dict:
    if kind == "plain":
        return plain(winner)
    if kind == "paofeng":
        return paofeng(winner)
    if kind == "bao":
        return bao(winner, next_seat(winner))
    return dict(DRAW)


def kind_of(hand: dict, result: str) -> str:
    """Which of the hands above a stored round is (its hand fields without ``result``)."""
    if result == Round.DRAW:
        return "draw"
    for kind in ("plain", "paofeng", "bao"):
        body = hand_of(kind, hand["winner"])
        body.pop("result")
        if canonical_hand(body) == hand:  # rounds keep canonical notation
            return kind
    raise AssertionError(f"a hand no client sent: {hand}")


class Client:
    """One API client: a keep-alive HTTP connection with its token."""

    def __init__(self, url: str, token: str) -> None:
        parts = urlsplit(url)
        self.host, self.port = parts.hostname or "localhost", parts.port or 80
        self.token = token
        self.conn = http.client.HTTPConnection(self.host, self.port, timeout=60)

    def call(
        self, method: str, path: str, body: object = None, headers: dict[str, str] | None = None
    ) -> tuple[int, Any, dict[str, str]]:
        data = None if body is None else json.dumps(body).encode()
        sent = {"Authorization": f"Token {self.token}", "Accept": "application/json"}
        if data is not None:
            sent["Content-Type"] = "application/json"
        sent.update(headers or {})
        self.conn.request(method, path, body=data, headers=sent)
        response = self.conn.getresponse()
        raw = response.read()
        try:
            answer = json.loads(raw) if raw else None
        except ValueError:  # not the API's JSON (a crash page): keep its start for the report
            answer = raw[:300].decode(errors="replace")
        return response.status, answer, {k.lower(): v for k, v in response.getheaders()}

    def close(self) -> None:
        self.conn.close()


class Tally:
    """What the clients were told, shared between the client threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        # number → (kind, body, key, the answer the client got)
        self.recorded: dict[int, tuple[str, dict, str, dict]] = {}
        self.keys: Counter[str] = Counter()
        self.conflicts = 0

    def record(self, kind: str, body: dict, key: str, answer: dict) -> None:
        number = answer["number"]
        with self.lock:
            assert number not in self.recorded, f"round {number} was answered twice"
            self.recorded[number] = (kind, body, key, answer)
            self.keys[key] += 1


def post_round(client: Client, session_id: int, kind: str, body: dict, key: str, tally: Tally):
    """POST a round until it is recorded: 201, or a 409 (told to retry) retried with its key."""
    for attempt in range(RETRIES):
        status, answer, _ = client.call(
            "POST", f"/api/sessions/{session_id}/rounds/", body, {"Idempotency-Key": key}
        )
        if status == 201:
            tally.record(kind, body, key, answer)
            return answer
        assert status == 409, (status, answer)
        assert answer["error"]["code"] == "E_CONFLICT", answer
        with tally.lock:
            tally.conflicts += 1
        time.sleep(0.005 * (attempt + 1))
    raise AssertionError(f"still 409 after {RETRIES} tries: {key}")


def at_once(clients: list[Client], work: Callable[[int, Client], object]) -> list[object]:
    """Run ``work(i, client)`` for every client in its own thread, all released together."""
    barrier = threading.Barrier(len(clients))
    answers: list[object] = [None] * len(clients)

    def run(i: int) -> None:
        try:
            barrier.wait(timeout=30)
            answers[i] = work(i, clients[i])
        except BaseException as error:  # noqa: BLE001 - every failure is reported below
            answers[i] = error

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(clients))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    failures = [a for a in answers if isinstance(a, BaseException)]
    assert not failures, failures
    return answers


def expected_history(session: Session, tally: Tally, corrected: dict, voided: set[int]) -> dict:
    """Check the stored rounds against what the clients were told and re-derive the balances
    without the app's selectors: dealer progression by ``dealer_after`` (R2.2), each win re-scored
    by the engine in that context, the money summed from the engine's payments."""
    rounds = list(Round.objects.filter(session=session).order_by("number"))
    numbers = [r.number for r in rounds]
    assert numbers == list(range(1, len(rounds) + 1)), numbers  # contiguous, unique
    assert set(numbers) == set(tally.recorded), "a round recorded that no client was told of"
    assert all(count == 1 for count in tally.keys.values()), "one key answered twice"
    stored_payments: dict[int, list[tuple]] = {n: [] for n in numbers}
    for p in Payment.objects.filter(round__session=session).select_related("round"):
        stored_payments[p.round.number].append((p.payer, p.payee, p.amount))

    balances = dict.fromkeys(SEATS, Decimal(0))
    dealer, streak = SEATS[0], 0
    for game_round in rounds:
        n = game_round.number
        kind, body = corrected.get(n) or tally.recorded[n][:2]
        expected_hand = canonical_hand({k: v for k, v in body.items() if k != "result"})
        assert (game_round.result, game_round.hand) == (body["result"], expected_hand), n
        assert game_round.voided == (n in voided), n
        assert (game_round.dealer, game_round.dealer_streak) == (dealer, streak), n
        assert kind_of(game_round.hand, game_round.result) == kind
        assert game_round.fan == KNOWN_FAN[kind], (n, kind, game_round.fan)
        expected: list[tuple] = []
        if game_round.result == Round.WIN:
            result = score(
                {
                    **game_round.hand,
                    "ruleset": session.ruleset,
                    "rules": {},
                    "dealer": dealer,
                    "dealer_streak": streak,
                    "base_silver": str(session.base_silver),
                }
            )
            assert "error" not in result, result
            assert result["fan"] == KNOWN_FAN[kind]
            expected = [(p["from"], p["to"], Decimal(p["amount"])) for p in result["payments"]]
        if game_round.voided:
            # A voided round moves no money and does not pass or keep the deal.
            assert stored_payments[n] == [], n
            continue
        assert sorted(stored_payments[n]) == sorted(expected), (n, stored_payments[n], expected)
        for payer, payee, amount in expected:
            balances[payer] -= amount
            balances[payee] += amount
        dealer, streak = dealer_after(dealer, streak, game_round.winner or None)
    assert sum(balances.values()) == 0
    return {"balances": balances, "dealer": dealer, "streak": streak, "rounds": len(rounds)}


def check_against_api(client: Client, session_id: int, expected: dict) -> None:
    status, ledger, _ = client.call("GET", f"/api/sessions/{session_id}/ledger/")
    assert status == 200, ledger
    assert {s: Decimal(v) for s, v in ledger["balances"].items()} == expected["balances"]
    assert len(ledger["rounds"]) == expected["rounds"]
    status, detail, _ = client.call("GET", f"/api/sessions/{session_id}/")
    assert status == 200, detail
    state = detail["state"]
    assert {s: Decimal(v) for s, v in state["balances"].items()} == expected["balances"]
    assert (state["dealer"], state["dealer_streak"]) == (expected["dealer"], expected["streak"])
    assert state["next_round"] == expected["rounds"] + 1


def test_eight_clients_record_correct_and_void_one_session_at_once(live_server):
    user_model = get_user_model()
    owner = user_model.objects.create_user("owner8", password="pw-owner-8-123")
    member = user_model.objects.create_user("member8", password="pw-member-8-123")
    session = session_create(owner=owner, name="八方", players=["東", "南", "西", "北"])
    session_invite(session=session, username="member8")
    tokens = [Token.objects.create(user=user).key for user in (owner, member)]
    clients = [Client(live_server.url, tokens[i % 2]) for i in range(CLIENTS)]
    sid = session.pk
    tally = Tally()
    kinds = ("plain", "paofeng", "draw", "bao")

    try:
        # Five waves of eight posts: every seat wins, with every kind of hand, and draws.
        for wave in range(POST_WAVES):

            def post(i: int, client: Client, wave: int = wave) -> dict:
                kind = kinds[(i + wave) % len(kinds)]
                winner = SEATS[(i * 3 + wave) % 4]
                return post_round(client, sid, kind, hand_of(kind, winner), f"w{wave}-c{i}", tally)

            answers = at_once(clients, post)
            assert len({a["number"] for a in answers}) == CLIENTS  # type: ignore[index]

        assert len(tally.recorded) == POST_WAVES * CLIENTS
        after_posts = expected_history(session, tally, {}, set())
        # What each client was told is what is stored under its number.
        stored = {
            r.number: r for r in Round.objects.filter(session=session).prefetch_related("payments")
        }
        for number, (_, _, _, answer) in tally.recorded.items():
            told = (answer["dealer"], answer["dealer_streak"], answer["fan"])
            told += (Decimal(answer["total"]),)
            kept = stored[number]
            total = sum((p.amount for p in kept.payments.all()), Decimal(0))
            assert told == (kept.dealer, kept.dealer_streak, kept.fan, total), number
        # A retried key gets its first answer and records nothing new.
        # The key is bound to the user who sent it: replay it from the same client.
        number, (_, body, key, _) = next(iter(tally.recorded.items()))
        sender = clients[int(key.rsplit("-c", 1)[1])]
        status, replay, headers = sender.call(
            "POST", f"/api/sessions/{sid}/rounds/", body, {"Idempotency-Key": key}
        )
        assert (status, replay["number"], headers.get("idempotent-replayed")) == (
            201,
            number,
            "true",
        )
        check_against_api(clients[0], sid, after_posts)

        # Two waves of corrections, voids and posts at once, on different rounds.
        corrected: dict[int, tuple[str, dict]] = {}
        voided: set[int] = set()
        plans = [
            {"correct": [1, 2], "void": [3, 5]},
            {"correct": [4, 9], "void": [7, 12]},
        ]
        for wave, plan in enumerate(plans, start=POST_WAVES):

            def mixed(i: int, client: Client, wave: int = wave, plan: dict = plan) -> object:
                if i < 2:
                    number = plan["correct"][i]
                    # A different winner each time, so the later deals change hands.
                    kind = ("paofeng", "bao")[i]
                    body = hand_of(kind, SEATS[(number + wave) % 4])
                    status, answer, _ = client.call(
                        "PUT", f"/api/sessions/{sid}/rounds/{number}/", body
                    )
                    assert status == 200, answer
                    assert answer["number"] == number
                    with tally.lock:
                        corrected[number] = (kind, body)
                    return answer
                if i < 4:
                    number = plan["void"][i - 2]
                    status, answer, _ = client.call(
                        "DELETE", f"/api/sessions/{sid}/rounds/{number}/"
                    )
                    assert status == 200, answer
                    assert answer["voided"] is True
                    with tally.lock:
                        voided.add(number)
                    return answer
                kind = kinds[i % len(kinds)]
                body = hand_of(kind, SEATS[(i + wave) % 4])
                return post_round(client, sid, kind, body, f"w{wave}-c{i}", tally)

            at_once(clients, mixed)

        final = expected_history(session, tally, corrected, voided)
        assert final["rounds"] == POST_WAVES * CLIENTS + len(plans) * (CLIENTS - 4)
        check_against_api(clients[0], sid, final)
    finally:
        for client in clients:
            client.close()
