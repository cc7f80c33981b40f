"""No number a person or a program sends answers 500, or is echoed at length.

Every numeric field of the API, the pages' forms and the import — amounts, base silver, the
dealer's streak, the player count, every numeric house rule of every game, ids in paths and
bodies, the paging parameters, the periods of the player and group pages, round numbers and the
lists of ids — is sent hostile numbers: exponents, NaN, Infinity, -0, a million-digit exponent,
400 digits, hexadecimal, spaces, other scripts' digits, empty, null, booleans, lists, objects.
Each answer is the value taken as it should be, or a refusal that names the field, quotes the
value short (``calculator.numbers.shown``) and saves nothing; never a 500, never a reply that
grows with the value.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from calculator.models import (
    Group,
    IdempotentAnswer,
    Payment,
    Player,
    Round,
    RulesVersion,
    Session,
)
from calculator.services.groups import group_create
from calculator.services.rounds import round_record
from calculator.services.sittings import session_create
from scoring.games import GAMES
from tests.calculator.hands import DRAW, plain

pytestmark = pytest.mark.django_db

PLAYERS = ["阿东", "阿南", "阿西", "阿北"]

# Strings that are numbers only to a lenient reader, or to nobody.
HOSTILE_TEXT = [
    "1e3",
    "1E+2",
    "2e-3",
    "NaN",
    "nan",
    "sNaN",
    "Infinity",
    "-Infinity",
    "inf",
    "-0",
    "+0",
    "1e1000000",
    "1e400",
    "-1e400",
    "9" * 400,
    "0." + "0" * 399 + "1",
    "1" + "0" * 5000,
    "0x10",
    "0b1",
    " 12 ",
    "12 ",
    "\t3\n",
    "１２",
    "١٢",
    "²",
    "٣",
    "1_000",
    "1,000",
    "1٫5",
    "",
    " ",
    "-1",
    "0",
    "1.5",
    "3.0",
    "12abc",
]
# JSON values of every other type, and numbers no database column holds.
HOSTILE_JSON: list[Any] = [
    None,
    True,
    False,
    [],
    [1],
    {},
    {"n": 1},
    10**400,
    -(10**400),
    2**63,
    2**31,
    -1,
    0,
    1.5,
    1e300,
    -0.0,
]
# Text made of what numbers are written with, and what is mistaken for it.
NUMBER_ALPHABET = "0123456789+-.eE xX_,٫١٢３²∞NaIinfty"
numeric_text = st.text(alphabet=NUMBER_ALPHABET, max_size=60)
texts = st.one_of(st.sampled_from(HOSTILE_TEXT), numeric_text, st.integers().map(str))
json_values = st.one_of(
    texts,
    st.sampled_from(HOSTILE_JSON),
    st.integers(min_value=-(10**450), max_value=10**450),
    st.floats(allow_nan=False, allow_infinity=False),
)

SETTINGS = settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    database=None,
)
# What a refusal may quote of the value, and how long any answer to one value may be.
ECHO_MOST = 40
API_REPLY_MOST = 3_000


def stored() -> tuple[int, ...]:
    models = (Session, RulesVersion, Round, Payment, IdempotentAnswer, Player, Group)
    return tuple(model.objects.count() for model in models)


def long_texts(value: object) -> list[str]:
    """The spellings of ``value`` a reply must not carry whole: those over ``ECHO_MOST``."""
    if isinstance(value, bool) or value is None:
        return []
    if isinstance(value, int | float | Decimal):
        spellings = [str(value), json.dumps(value)]
    elif isinstance(value, str):
        spellings = [value, value.strip(), json.dumps(value, ensure_ascii=False)[1:-1]]
    else:
        spellings = [json.dumps(value, ensure_ascii=False)]
    return [text for text in spellings if len(text) > ECHO_MOST]


# --- the API --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Field:
    """One numeric field of the API: its name as a refusal names it, the request that carries
    ``value`` there, and which values are the field's own (taken, not refused)."""

    name: str
    send: Callable[[dict[str, Any], object], Any]
    takes: Callable[[object], bool]


def whole(low: int, high: int | None, *, null: bool = False) -> Callable[[object], bool]:
    """A JSON integer from ``low`` to ``high`` (booleans and strings are not); ``null``: null
    too (an optional field of the engine, null meaning absent)."""
    return lambda value: (
        (null and value is None)
        or (type(value) is int and low <= value and (high is None or value <= high))
    )


ASCII_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def money(low: Decimal, high: Decimal, places: int) -> Callable[[object], bool]:
    """A decimal string of ASCII digits (or a JSON number) from ``low`` to ``high``."""

    def takes(value: object) -> bool:
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            return False
        text = str(value).strip()
        if not ASCII_DECIMAL.fullmatch(text):
            return False
        try:
            amount = Decimal(text)
            return low <= amount <= high and amount == amount.quantize(Decimal(1).scaleb(-places))
        except ArithmeticError:
            return False

    return takes


def never(value: object) -> bool:
    return False


def query_text(value: object) -> str | None:
    """A query parameter can only be text: any other value is left out (and taken: absent)."""
    return value if isinstance(value, str) else None


def query(takes: Callable[[str], bool]) -> Callable[[object], bool]:
    """What a query parameter takes: ``takes`` of text; anything else is not sent at all."""
    return lambda value: not isinstance(value, str) or takes(value)


def a_date(text: str) -> bool:
    """A day written as 2026-03-31, with the digits 0-9."""
    if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
        return False
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


# A group's periods as the API documents them: 2026-12, 2026-Q4, 2026 (a year from 1000 on).
PERIOD_TEXT: dict[str, Callable[[str], bool]] = {
    "month": lambda t: bool(re.fullmatch(r"[0-9]{4}-(0[1-9]|1[0-2])", t)) and t >= "1000",
    "season": lambda t: bool(re.fullmatch(r"[0-9]{4}-Q[1-4]", t)) and t >= "1000",
    "year": lambda t: bool(re.fullmatch(r"[0-9]{4}", t)) and t >= "1000",
}


def session_body(**fields: Any) -> dict[str, Any]:
    return {"name": "t", "players": PLAYERS, **fields}


def api_fields() -> list[Field]:
    fields = [
        Field(
            "base_silver",
            lambda w, v: w["api"].post(
                "/api/sessions/", session_body(base_silver=v), format="json"
            ),
            money(Decimal("0.0001"), Decimal(1_000_000), 4),
        ),
        Field(
            "player_count",
            lambda w, v: w["api"].post(
                "/api/sessions/",
                session_body(game="anji", player_count=v),
                format="json",
            ),
            whole(4, 4, null=True),
        ),
        Field(
            "player_ids",
            lambda w, v: w["api"].post(
                "/api/sessions/", session_body(player_ids=[v, None, None, None]), format="json"
            ),
            lambda v: v is None,
        ),
        Field(
            "expected_round",
            lambda w, v: w["api"].post(w["rounds"], {**DRAW, "expected_round": v}, format="json"),
            whole(1, 10**9),
        ),
        Field(
            "version",
            lambda w, v: w["api"].put(
                f"{w['rounds']}1/", {**plain("S"), "version": v}, format="json"
            ),
            whole(1, 10**9),
        ),
        Field(
            "amount",
            lambda w, v: w["api"].post(
                w["adjustments"],
                {"kind": "side_payment", "from": "E", "to": "S", "amount": v, "reason": "茶水"},
                format="json",
            ),
            money(Decimal("0.0001"), Decimal(1_000_000_000), 4),
        ),
        Field(
            "amount",
            lambda w, v: w["api"].put(
                f"{w['adjustments']}{w['adjustment']}/",
                {"kind": "side_payment", "from": "E", "to": "S", "amount": v, "reason": "茶水"},
                format="json",
            ),
            money(Decimal("0.0001"), Decimal(1_000_000_000), 4),
        ),
        Field(
            "player",
            lambda w, v: w["api"].post(
                f"/api/players/{w['player']}/merge/", {"player": v}, format="json"
            ),
            never,
        ),
        Field(
            "players",
            lambda w, v: w["api"].post(
                "/api/groups/", {"name": "g", "players": [w["player"], v]}, format="json"
            ),
            never,
        ),
        Field(
            "sittings",
            lambda w, v: w["api"].post(
                f"/api/groups/{w['group']}/paid-out/", {"sittings": [v]}, format="json"
            ),
            lambda v: type(v) is int,
        ),
        Field(
            "dealer_streak",
            lambda w, v: w["api"].post(
                "/api/score/", {**plain("S"), "dealer": "E", "dealer_streak": v}, format="json"
            ),
            whole(0, None, null=True),
        ),
        Field(
            "base_silver",
            lambda w, v: w["api"].post(
                "/api/score/", {**plain("S"), "dealer": "E", "base_silver": v}, format="json"
            ),
            money(Decimal("0.0001"), Decimal(1_000_000), 4),
        ),
        Field(
            "bar_tiles",
            lambda w, v: w["api"].post(
                "/api/score/", {**plain("S"), "dealer": "E", "bar_tiles": v}, format="json"
            ),
            whole(0, 0, null=True),
        ),
        Field(
            "kongs_before_win",
            lambda w, v: w["api"].post(
                "/api/score/", {**plain("S"), "dealer": "E", "kongs_before_win": v}, format="json"
            ),
            whole(0, 0, null=True),
        ),
    ]
    for number_field in ("piao", "piao_flowers"):
        fields.append(
            Field(
                number_field,
                lambda w, v, name=number_field: w["api"].post(
                    "/api/score/",
                    {**ANJI_HAND, "dealer": "E", name: v},
                    format="json",
                ),
                whole(0, 0, null=True),
            )
        )
    fields.append(
        Field(
            "piao_fen",
            lambda w, v: w["api"].post(
                "/api/score/",
                {**HONGZHONG_HAND, "dealer": "E", "piao_fen": {"E": v}},
                format="json",
            ),
            lambda v: v is None or whole(0, 0)(v),
        )
    )
    for code, game in GAMES.items():
        for rule in game.house_rules(game.rulesets[0]):
            if rule.type not in ("int", "int_list"):
                continue
            fields.append(
                Field(
                    rule.key,
                    lambda w, v, code=code, key=rule.key, listed=rule.type == "int_list": w[
                        "api"
                    ].post(
                        "/api/sessions/",
                        session_body(game=code, rules={key: [v] if listed else v}),
                        format="json",
                    ),
                    lambda v, rule=rule: rule.allows([v] if rule.type == "int_list" else v),
                )
            )
    fields.append(
        Field(
            "dealer_base",
            lambda w, v: w["api"].post(
                f"/api/sessions/{w['sitting']}/rules/", {"rules": {"dealer_base": v}}, format="json"
            ),
            whole(0, 1000),
        )
    )
    for param, path in (
        ("limit", "/api/sessions/"),
        ("offset", "/api/sessions/"),
        ("limit", "ROUNDS"),
        ("offset", "LEDGER"),
        ("limit", "/api/players/"),
    ):
        fields.append(
            Field(
                param,
                lambda w, v, param=param, path=path: w["api"].get(
                    w["rounds"] if path == "ROUNDS" else w["ledger"] if path == "LEDGER" else path,
                    {param: query_text(v)} if query_text(v) is not None else {},
                ),
                query(
                    lambda v, param=param: (
                        re.fullmatch(r"[0-9]{1,10}", v) is not None
                        and (1 if param == "limit" else 0)
                        <= int(v)
                        <= (500 if param == "limit" else 10**9)
                    )
                ),
            )
        )
    for param in ("from", "to"):
        fields.append(
            Field(
                param,
                lambda w, v, param=param: w["api"].get(
                    f"/api/players/{w['player']}/stats/", {param: query_text(v) or ""}
                ),
                query(lambda v: v.strip() == "" or a_date(v.strip())),
            )
        )
    for param in ("month", "season", "year"):
        fields.append(
            Field(
                param,
                lambda w, v, param=param: w["api"].get(
                    f"/api/groups/{w['group']}/standings/",
                    {"period": param, param: query_text(v) or ""},
                ),
                query(lambda v, param=param: v.strip() == "" or PERIOD_TEXT[param](v.strip())),
            )
        )
    for name, file, takes in IMPORT_FIELDS:
        fields.append(
            Field(
                name,
                lambda w, v, file=file: w["api"].post(
                    "/api/sessions/import/", file(v), format="json"
                ),
                takes,
            )
        )
    return fields


ANJI_HAND = {
    "game": "anji",
    "indicator": "9m",
    "winner": "S",
    "concealed": "234567p345678s1m7z",
    "win_tile": "7z",
    "flowers": "5f",
}
HONGZHONG_HAND = {
    "game": "hongzhong",
    "winners": [{"seat": "S", "concealed": "234m567m345p78s22p5z", "win_tile": "2p"}],
}


def export_with(**fields: Any) -> dict[str, Any]:
    return {
        "format": "anqing-session",
        "version": 1,
        "name": "t",
        "players": PLAYERS,
        "rules_versions": [{"number": 1, "rules": {}}],
        "rounds": [{"number": 1, "result": "draw", "hand": {}, "rules_version": 1}],
        **fields,
    }


def import_round(**fields: Any) -> dict[str, Any]:
    return export_with(rounds=[{"number": 1, "result": "draw", "hand": {}, **fields}])


def import_hand(**hand: Any) -> dict[str, Any]:
    return export_with(rounds=[{"number": 1, "result": "win", "hand": {**plain("S"), **hand}}])


# The file's numbers the import reads (its ``version``, the rules versions' ``number`` and the
# ``balances`` are not read by the API's import: it numbers versions by their place, and
# ``balances`` is the page's check, below). (name, file, takes)
IMPORT_FIELDS: list[tuple[str, Callable[[object], dict[str, Any]], Callable[[object], bool]]] = [
    ("player_count", lambda v: export_with(player_count=v), whole(4, 4, null=True)),
    (
        "base_silver",
        lambda v: export_with(base_silver=v),
        money(Decimal("0.0001"), Decimal(1_000_000), 4),
    ),
    ("number", lambda v: import_round(number=v), lambda v: v == 1 and type(v) is int),
    ("rules_version", lambda v: import_round(rules_version=v), lambda v: v == 1 and type(v) is int),
    (
        "amount",
        lambda v: export_with(
            rounds=[
                {
                    "number": 1,
                    "result": "adjustment",
                    "hand": {"kind": "penalty", "from": "E", "amount": v, "reason": "詐胡"},
                }
            ]
        ),
        money(Decimal("0.0001"), Decimal(1_000_000_000), 4),
    ),
    ("bar_tiles", lambda v: import_hand(bar_tiles=v), whole(0, 0, null=True)),
    (
        "kongs_before_win",
        lambda v: import_hand(kongs_before_win=v),
        whole(0, 0, null=True),
    ),
]


@pytest.fixture
def world(db) -> dict[str, Any]:
    owner = get_user_model().objects.create_user("owner", password="pw-owner-123")
    session = session_create(owner=owner, name="周六牌局", players=PLAYERS)
    round_record(session=session, entry=plain("S"), user=owner)
    api = APIClient()
    api.force_authenticate(owner)
    adjustment = api.post(
        f"/api/sessions/{session.pk}/adjustments/",
        {"kind": "penalty", "from": "E", "amount": "3", "reason": "詐胡"},
        format="json",
    )
    assert adjustment.status_code == 201, adjustment.content
    players = list(Player.objects.filter(owner=owner).order_by("pk"))
    group = group_create(owner=owner, name="周六", players=[p.pk for p in players])
    web = Client()
    web.force_login(owner)
    return {
        "owner": owner,
        "session": session,
        "sitting": session.pk,
        "rounds": f"/api/sessions/{session.pk}/rounds/",
        "adjustments": f"/api/sessions/{session.pk}/adjustments/",
        "adjustment": adjustment.json()["number"],
        "ledger": f"/api/sessions/{session.pk}/ledger/",
        "player": players[0].pk,
        "group": group.pk,
        "api": api,
        "web": web,
    }


# The engine names some fields in a player's words only (R11, AJ12): those words.
FIELD_WORDS = {"kongs_before_win": ("kongs before the win",), "bar_tiles": ("bar tiles",)}


def names(error: dict[str, Any], name: str) -> bool:
    """Whether the error names the field: by its key (``field``, or the messages), or in the
    engine's words for a player (its key's words: "Base silver", "the bar tiles shown")."""
    text = f"{error.get('field', '')} {error['message']} {error['message_en']}"
    words = [name.replace("_", " "), *FIELD_WORDS.get(name, ())]
    return name in text or any(word.lower() in text.lower() for word in words)


def check_api(response: Any, field: Field, value: object, before: tuple[int, ...]) -> None:
    assert response.status_code != 500
    assert len(response.content) <= API_REPLY_MOST or response.status_code < 300
    if response.status_code < 300:
        return
    assert response.status_code in (400, 404, 409), (field.name, value, response.content[:500])
    body = response.json()
    error = body["error"]
    if response.status_code == 400:
        assert names(error, field.name), (field.name, value, error)
    reply = response.content.decode()
    for text in long_texts(value):
        assert text not in reply, (field.name, value)
    assert len(reply) <= API_REPLY_MOST, (field.name, len(reply))
    if response.status_code == 400:
        assert stored() == before, (field.name, value)


API_FIELDS = api_fields()


@pytest.mark.parametrize(
    "field", API_FIELDS, ids=[f"{i}-{f.name}" for i, f in enumerate(API_FIELDS)]
)
def test_an_api_number_is_taken_or_refused_by_name(world: dict[str, Any], field: Field) -> None:
    @SETTINGS
    @given(value=json_values)
    def check(value: object) -> None:
        before = stored()
        response = field.send(world, value)
        check_api(response, field, value, before)
        if not field.takes(value):
            assert response.status_code >= 400, (field.name, value, response.content[:300])

    check()


@pytest.mark.parametrize("value", [*HOSTILE_TEXT, *HOSTILE_JSON], ids=repr)
def test_each_hostile_number_in_every_api_field(world: dict[str, Any], value: object) -> None:
    """The listed values, every field, without hypothesis's search: the cases the issue names."""
    problems = []
    for field in API_FIELDS:
        before = stored()
        try:
            response = field.send(world, value)
            check_api(response, field, value, before)
            if not field.takes(value):
                assert response.status_code >= 400, (field.name, value, response.content[:300])
        except Exception as error:  # noqa: BLE001 - gathered, then reported together
            problems.append(f"{field.name}: {type(error).__name__}: {str(error)[:200]}")
    assert not problems, "\n".join(problems)


# --- the pages ------------------------------------------------------------------------------

# A value typed into a form is text; what a page refuses, it says beside the field.
web_texts = st.one_of(texts, st.sampled_from(["1", "4", "0", "12"]))
NEW_SITTING = {
    "name": "t",
    **{f"player_{seat}": name for seat, name in zip("ESWN", PLAYERS, strict=True)},
    "ruleset": "anqing",
    "base_silver": "1",
}
CALCULATOR = {"ruleset": "anqing", "dealer": "E", "dealer_streak": "0", "base_silver": "1"}


@dataclass(frozen=True)
class WebField:
    """One number a page reads: the request that carries ``value`` there, and the form field a
    refusal is shown beside (None: the page refuses with a message or ignores the value)."""

    name: str
    send: Callable[[dict[str, Any], str], Any]
    field: str | None = None
    # A whole-number field: text other than the digits 0-9 (spaces around them aside) is refused
    # beside it, other scripts' digits included.
    whole: bool = False


def web_fields() -> list[WebField]:
    from tests.pages.conftest import hand_form

    fields = [
        WebField(
            "base_silver",
            lambda w, v: w["web"].post("/sessions/new/", {**NEW_SITTING, "base_silver": v}),
            "base_silver",
        ),
        WebField(
            "player_count",
            lambda w, v: w["web"].post(
                "/sessions/new/",
                {**NEW_SITTING, "game": "anji", "ruleset": "anji", "player_count": v},
            ),
        ),
        WebField(
            "seat_id_E",
            lambda w, v: w["web"].post("/sessions/new/", {**NEW_SITTING, "seat_id_E": v}),
            "seat_id_E",
            whole=True,
        ),
        WebField(
            "dealer_streak",
            lambda w, v: w["web"].post(
                "/calculator/", {**CALCULATOR, **hand_form("S"), "dealer_streak": v}
            ),
            "dealer_streak",
            whole=True,
        ),
        WebField(
            "base_silver",
            lambda w, v: w["web"].post(
                "/calculator/", {**CALCULATOR, **hand_form("S"), "base_silver": v}
            ),
            "base_silver",
        ),
        WebField(
            "kongs_before_win",
            lambda w, v: w["web"].post(
                f"/sessions/{w['sitting']}/rounds/new/",
                {**hand_form("S"), "kongs_before_win": v, "confirm": "1"},
            ),
            "kongs_before_win",
            whole=True,
        ),
        WebField(
            "bar_tiles",
            lambda w, v: w["web"].post(
                f"/sessions/{w['sitting']}/rounds/new/",
                {**hand_form("S"), "bar_tiles": v, "confirm": "1"},
            ),
            "bar_tiles",
            whole=True,
        ),
        WebField(
            "amount",
            lambda w, v: w["web"].post(
                f"/sessions/{w['sitting']}/adjustments/new/",
                {"kind": "penalty", "from": "W", "to": "each", "amount": v, "reason": "诈胡"},
            ),
            "amount",
        ),
        WebField(
            "other",
            lambda w, v: w["web"].post(
                f"/players/{w['player']}/merge/", {"other": v, "confirm": "1"}
            ),
        ),
        WebField(
            "sittings",
            lambda w, v: w["web"].post(f"/groups/{w['group']}/paid-out/", {"sittings": v}),
        ),
        WebField(
            "number",
            lambda w, v: w["web"].post(
                f"/sessions/{w['sitting']}/rounds/undo/", {"number": v, "confirm": "1"}
            ),
        ),
        WebField("from", lambda w, v: w["web"].get("/sessions/new/", {"from": v})),
        WebField("page", lambda w, v: w["web"].get(f"/sessions/{w['sitting']}/", {"page": v})),
        WebField(
            "from",
            lambda w, v: w["web"].get(f"/players/{w['player']}/", {"period": "range", "from": v}),
        ),
        WebField(
            "year",
            lambda w, v: w["web"].get(f"/groups/{w['group']}/", {"period": "year", "year": v}),
        ),
        WebField(
            "month",
            lambda w, v: w["web"].get(f"/groups/{w['group']}/", {"period": "month", "month": v}),
        ),
    ]
    for code, key in (("anqing", "dealer_base"), ("anji", "zi_mo"), ("hongzhong", "bird_count")):
        fields.append(
            WebField(
                f"rule-{key}",
                lambda w, v, code=code, key=key: w["web"].post(
                    "/sessions/new/",
                    {
                        **NEW_SITTING,
                        "game": code,
                        "ruleset": code,
                        "rules_for": code,
                        f"rule-{key}": v,
                    },
                ),
                key,
                whole=True,
            )
        )
    fields.append(
        WebField(
            "rule-lianzhuang_bonus",
            lambda w, v: w["web"].post(
                "/sessions/new/",
                {**NEW_SITTING, "rules_for": "anqing", "rule-lianzhuang_bonus": f"3, {v}"},
            ),
            "lianzhuang_bonus",
        )
    )
    return fields


WEB_FIELDS = web_fields()
# What a page re-shows of a form as typed (an input's value) and its own address in links (the
# language switch's "next") are the person's own text, not a refusal quoting it.
TYPED = re.compile(r'(?:value|href|action|hx-[a-z]+)="[^"]*"|<textarea[^>]*>[^<]*</textarea>')


def form_errors(response: Any) -> set[str]:
    """The fields the page's forms refused."""
    refused: set[str] = set()
    for context in response.context or []:
        for value in context.flatten().values() if hasattr(context, "flatten") else []:
            errors = getattr(value, "errors", None)
            if isinstance(errors, dict):
                refused |= set(errors)
    return refused


def check_web(response: Any, field: WebField, value: str, before: tuple[int, ...]) -> None:
    assert response.status_code < 500, (field.name, value)
    page = TYPED.sub("", response.content.decode(errors="replace"))
    for text in long_texts(value):
        assert text not in page, (field.name, value)
    if not field.field:
        return
    written = value.strip(" \t\r\n")
    if field.whole and written and not re.fullmatch(r"-?[0-9]+", written):
        # Refused beside the field, the page shown again: nothing recorded.
        assert response.status_code in (200, 400), (field.name, value, response.status_code)
        assert field.field in form_errors(response), (field.name, value)
    if response.status_code in (200, 400) and field.field in form_errors(response):
        assert stored() == before, (field.name, value)


@pytest.mark.parametrize("value", [v for v in HOSTILE_TEXT], ids=repr)
def test_each_hostile_number_in_every_page_field(world: dict[str, Any], value: str) -> None:
    problems = []
    for field in WEB_FIELDS:
        before = stored()
        try:
            check_web(field.send(world, value), field, value, before)
        except Exception as error:  # noqa: BLE001 - gathered, then reported together
            problems.append(f"{field.name}: {type(error).__name__}: {str(error)[:200]}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    "field", WEB_FIELDS, ids=[f"{i}-{f.name}" for i, f in enumerate(WEB_FIELDS)]
)
def test_a_page_number_is_taken_or_refused_beside_its_field(
    world: dict[str, Any], field: WebField
) -> None:
    @SETTINGS
    @given(value=web_texts)
    def check(value: str) -> None:
        before = stored()
        check_web(field.send(world, value), field, value, before)

    check()
