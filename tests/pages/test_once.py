"""Every page form that changes a sitting is written exactly once (``calculator.web.once``): each
form is drawn with a one-time key; the first post with it does the work, a replay of it gets the
same redirect and the same messages and writes nothing, the key sent with another body or by
another user is refused, and a post that only previews, asks or shows errors leaves it usable."""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from html.parser import HTMLParser
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, connections
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from calculator.models import IdempotentAnswer, Player, Session
from calculator.selectors.exports import session_export
from calculator.selectors.sittings import stored_state
from calculator.services.rounds import round_record
from calculator.services.sittings import (
    session_archive,
    session_create,
    session_invite,
    share_link_revoke,
)
from calculator.web import once
from tests.calculator.hands import DRAW, paofeng, plain
from tests.pages.conftest import hand_form

# --- drawing a page and reading its forms as a browser would ---------------------------------------


@dataclass
class Form:
    action: str
    attrs: dict[str, str]
    fields: list[tuple[str, str]] = field(default_factory=list)
    buttons: list[tuple[str, str]] = field(default_factory=list)

    def value(self, name: str) -> str | None:
        return next((value for key, value in self.fields if key == name), None)

    def data(self, button: str | None = None, **changes: Any) -> dict[str, Any]:
        """What the browser posts: every field as drawn, the button pressed, then ``changes``."""
        data: dict[str, Any] = {}
        for name, value in self.fields:
            data.setdefault(name, []).append(value)
        for name, value in self.buttons:
            if name == button:
                data[name] = [value]
        for name, value in changes.items():
            data[name] = value if isinstance(value, list) else [value]
        return data


class Forms(HTMLParser):
    """Each ``<form method="post">`` of a page with its successful controls."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self.form: Form | None = None
        self.select: tuple[str, list[tuple[str, bool]]] | None = None
        self.option: list[str] | None = None
        self.textarea: tuple[str, list[str]] | None = None

    def handle_starttag(self, tag: str, pairs: list[tuple[str, str | None]]) -> None:
        attrs = {key: value or "" for key, value in pairs}
        if tag == "form" and attrs.get("method", "").lower() == "post":
            self.form = Form(attrs.get("action", ""), attrs)
            self.forms.append(self.form)
        if self.form is None:
            return
        name = attrs.get("name")
        if tag == "input" and name and "disabled" not in attrs:
            kind = attrs.get("type", "text").lower()
            if kind in ("checkbox", "radio"):
                if "checked" in attrs:
                    self.form.fields.append((name, attrs.get("value", "on")))
            elif kind == "submit":
                self.form.buttons.append((name, attrs.get("value", "")))
            elif kind != "file":
                self.form.fields.append((name, attrs.get("value", "")))
        elif tag == "button" and name and attrs.get("type", "submit") == "submit":
            self.form.buttons.append((name, attrs.get("value", "")))
        elif tag == "select" and name:
            self.select = (name, [])
        elif tag == "option" and self.select is not None:
            self.select[1].append((attrs.get("value", ""), "selected" in attrs))
        elif tag == "textarea" and name:
            self.textarea = (name, [])

    def handle_data(self, data: str) -> None:
        if self.textarea is not None:
            self.textarea[1].append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.form = None
        elif tag == "select" and self.select is not None and self.form is not None:
            name, options = self.select
            chosen = [value for value, selected in options if selected] or [options[0][0]]
            self.form.fields.append((name, chosen[0]))
            self.select = None
        elif tag == "textarea" and self.textarea is not None and self.form is not None:
            self.form.fields.append((self.textarea[0], "".join(self.textarea[1]).lstrip("\n")))
            self.textarea = None


def forms_of(response) -> list[Form]:
    assert response.status_code == 200, response.status_code
    parser = Forms()
    parser.feed(response.content.decode())
    return parser.forms


def form_on(
    client: Client, page: str, action: str, having: Callable[[Form], bool] = lambda form: True
) -> Form:
    """The one form on ``page`` that posts to ``action`` and passes ``having``."""
    found = [form for form in forms_of(client.get(page)) if form.action == action and having(form)]
    assert len(found) == 1, (page, action, [form.fields for form in found])
    assert found[0].value("once"), "the form carries no one-time key"
    return found[0]


def shown(client: Client, response) -> tuple[list[str], str | None]:
    """The messages and the summary of changes the page a redirect leads to shows."""
    return shown_at(client, response["Location"])


def shown_at(client: Client, location: str) -> tuple[list[str], str | None]:
    page = client.get(location).content.decode()
    notices = re.findall(r'<li class="message[^"]*">(.*?)</li>', page, re.S)
    changes = re.search(r'<section class="card changes" role="status">\s*<h2>(.*?)</h2>', page)
    return notices, changes.group(1) if changes else None


def state_of_everything() -> dict[int, Any]:
    """Every sitting as stored: its version, share token, archived or not, members, rules
    versions, rounds (number, result, winner, voided, version) and stored balances."""
    state = {}
    for session in Session.objects.order_by("pk"):
        state[session.pk] = {
            "version": session.version,
            "share": session.share_token,
            "archived": session.archived_at is not None,
            "members": sorted(user.get_username() for user in session.members.all()),
            "rules": list(session.rules_versions.values_list("number", "overrides")),
            "rounds": list(
                session.rounds.order_by("number").values_list(
                    "number", "result", "winner", "voided", "version"
                )
            ),
            "stored": stored_state(session),
        }
    # The roster, under 0 (no sitting has that id): who is on it, named what, linked to whom.
    state[0] = list(Player.objects.order_by("pk").values_list("pk", "name", "owner", "user"))
    return state


# --- the table: every form that changes a sitting ---------------------------------------------------


def sat_down(sitting: Session, *entries: dict) -> None:
    for entry in entries:
        round_record(session=sitting, entry=entry)


def with_member(sitting: Session) -> None:
    get_user_model().objects.create_user("xiaoli", password="pw-xiaoli-5566")
    session_invite(session=sitting, username="xiaoli")


@dataclass
class Case:
    page: str  # where the form is drawn ({pk} is the sitting)
    action: str  # where it posts
    having: Callable[[Form], bool] = lambda form: True
    setup: Callable[[Session], None] = lambda sitting: None
    post: Callable[[Form], dict[str, Any]] = lambda form: form.data()
    # What the first post did, seen in the stored state before and after it.
    did: Callable[[dict, dict, int], bool] = lambda before, after, pk: True
    lands: str = "/sessions/{pk}/"
    says: str | None = None  # a message the landing page shows
    changes: str | None = None  # the title of its summary of changes


def rounds(state: dict, pk: int) -> list:
    return state[pk]["rounds"]


CASES = {
    "round (new)": Case(
        page="/sessions/{pk}/rounds/new/",
        action="/sessions/{pk}/rounds/new/",
        having=lambda form: "data-hand-form" in form.attrs,
        post=lambda form: form.data("confirm", **hand_form("E")),
        did=lambda b, a, pk: (
            [r[:3] for r in rounds(a, pk)] == [(1, "win", "E")]
            and a[pk]["stored"]["last_number"] == 1
            and a[pk]["stored"]["balance_e"] > 0
            and a[pk]["version"] == b[pk]["version"] + 1
        ),
        changes="第1局已记录",
    ),
    "round (correction)": Case(
        page="/sessions/{pk}/rounds/1/edit/",
        action="/sessions/{pk}/rounds/1/edit/",
        having=lambda form: "data-hand-form" in form.attrs,
        setup=lambda sitting: sat_down(sitting, plain("E"), DRAW),
        post=lambda form: form.data("confirm", **hand_form("S")),
        did=lambda b, a, pk: (
            rounds(a, pk)[0][:3] == (1, "win", "S")
            and rounds(a, pk)[0][4] == rounds(b, pk)[0][4] + 1
            and len(rounds(a, pk)) == 2
            and a[pk]["stored"]["balance_s"] > 0
        ),
        changes="第1局已更正",
    ),
    "round (correction to a draw)": Case(
        page="/sessions/{pk}/rounds/1/edit/",
        action="/sessions/{pk}/rounds/1/edit/",
        having=lambda form: ("to_draw", "1") in form.buttons,
        setup=lambda sitting: sat_down(sitting, plain("E")),
        post=lambda form: form.data("to_draw"),
        did=lambda b, a, pk: (
            rounds(a, pk)[0][:3] == (1, "draw", "") and a[pk]["stored"]["balance_e"] == 0
        ),
        changes="第1局已更正",
    ),
    "draw": Case(
        page="/sessions/{pk}/?confirm=draw",
        action="/sessions/{pk}/rounds/draw/",
        setup=lambda sitting: sat_down(sitting, plain("S")),
        did=lambda b, a, pk: [r[:2] for r in rounds(a, pk)] == [(1, "win"), (2, "draw")],
        changes="第2局已记录",
    ),
    "undo": Case(
        page="/sessions/{pk}/?confirm=undo",
        action="/sessions/{pk}/rounds/undo/",
        setup=lambda sitting: sat_down(sitting, plain("S"), paofeng("W")),
        did=lambda b, a, pk: (
            [r[3] for r in rounds(a, pk)] == [False, True] and a[pk]["stored"] != b[pk]["stored"]
        ),
        changes="第2局已撤销",
    ),
    "void": Case(
        page="/sessions/{pk}/rounds/1/void/",
        action="/sessions/{pk}/rounds/1/void/",
        setup=lambda sitting: sat_down(sitting, plain("S"), DRAW),
        did=lambda b, a, pk: (
            [r[3] for r in rounds(a, pk)] == [True, False] and a[pk]["stored"]["balance_s"] == 0
        ),
        changes="第1局已作废",
    ),
    "house rules": Case(
        page="/sessions/{pk}/rules/",
        action="/sessions/{pk}/rules/",
        post=lambda form: form.data(**{"rule-pao_feng": "8"}),
        did=lambda b, a, pk: (
            len(a[pk]["rules"]) == len(b[pk]["rules"]) + 1
            and a[pk]["rules"][-1][1].get("pao_feng") == 8
        ),
        says="家规已改成第2版",
    ),
    "invite": Case(
        page="/sessions/{pk}/members/",
        action="/sessions/{pk}/members/",
        setup=lambda sitting: get_user_model().objects.create_user("xiaoli", password="pw-5566x"),
        post=lambda form: form.data(username="xiaoli"),
        did=lambda b, a, pk: a[pk]["members"] == ["xiaoli"],
        lands="/sessions/{pk}/members/",
        says="已邀请“xiaoli”",
    ),
    "remove a member": Case(
        page="/sessions/{pk}/members/",
        action="/sessions/{pk}/members/xiaoli/remove/",
        setup=with_member,
        did=lambda b, a, pk: b[pk]["members"] == ["xiaoli"] and a[pk]["members"] == [],
        lands="/sessions/{pk}/members/",
        says="已移除“xiaoli”",
    ),
    "share link: a new one": Case(
        page="/sessions/{pk}/?confirm=share-rotate",
        action="/sessions/{pk}/share-link/",
        having=lambda form: form.value("action") == "rotate",
        did=lambda b, a, pk: a[pk]["share"] not in (None, b[pk]["share"]),
        lands="/sessions/{pk}/#share",
        says="已换成新的分享链接",
    ),
    "share link: stop": Case(
        page="/sessions/{pk}/?confirm=share-stop",
        action="/sessions/{pk}/share-link/",
        having=lambda form: form.value("action") == "stop",
        did=lambda b, a, pk: b[pk]["share"] and a[pk]["share"] is None,
        lands="/sessions/{pk}/#share",
        says="已停止分享",
    ),
    "share link: again": Case(
        page="/sessions/{pk}/",
        action="/sessions/{pk}/share-link/",
        having=lambda form: form.value("action") == "start",
        setup=lambda sitting: share_link_revoke(session=sitting, user=sitting.owner),
        did=lambda b, a, pk: b[pk]["share"] is None and a[pk]["share"],
        lands="/sessions/{pk}/#share",
        says="已重新分享",
    ),
    "import": Case(
        page="/sessions/",
        action="/sessions/import/",
        setup=lambda sitting: sat_down(sitting, plain("S"), DRAW),
        post=lambda form: form.data(
            text=json.dumps(session_export(Session.objects.get()), ensure_ascii=False)
        ),
        did=lambda b, a, pk: (
            len(a) == len(b) + 1
            and [r[:4] for r in rounds(a, max(a))]
            == [(1, "win", "S", False), (2, "draw", "", False)]
        ),
        lands="/sessions/{new}/",
        says="已导入“周六牌局”（2局）",
    ),
    "archive": Case(
        page="/sessions/{pk}/?confirm=archive",
        action="/sessions/{pk}/archive/",
        did=lambda b, a, pk: not b[pk]["archived"] and a[pk]["archived"],
        says="已归档",
    ),
    "restore": Case(
        page="/sessions/{pk}/",
        action="/sessions/{pk}/restore/",
        setup=lambda sitting: session_archive(session=sitting, user=sitting.owner),
        did=lambda b, a, pk: b[pk]["archived"] and not a[pk]["archived"],
        says="已恢复",
    ),
    "delete": Case(
        page="/sessions/{pk}/?confirm=delete",
        action="/sessions/{pk}/delete/",
        setup=lambda sitting: sat_down(sitting, plain("S")),
        did=lambda b, a, pk: pk in b and pk not in a,
        lands="/sessions/",
        says="已删除“周六牌局”和它的每一局",
    ),
    "roster: rename": Case(
        page="/players/{player}/",
        action="/players/{player}/rename/",
        post=lambda form: form.data(name="阿东东"),
        did=lambda b, a, pk: ("阿东东" in {row[1] for row in a[0]}),
        lands="/players/{player}/",
        says="已改名为“阿东东”",
    ),
    "roster: merge": Case(
        page="/players/{player}/?merge={other}",
        action="/players/{player}/merge/",
        having=lambda form: form.value("confirm") == "1",
        setup=lambda sitting: session_create(
            owner=sitting.owner, name="周日", players=["东哥", "阿南", "阿西", "阿北"]
        ),
        did=lambda b, a, pk: len(a[0]) == len(b[0]) - 1 and "东哥" not in {r[1] for r in a[0]},
        lands="/players/{player}/",
        says="已把“东哥”合并进“阿东”",
    ),
    "roster: link": Case(
        page="/players/{player}/",
        action="/players/{player}/link/",
        setup=lambda sitting: get_user_model().objects.create_user("xiaoli", password="pw-5566x"),
        post=lambda form: form.data(username="xiaoli"),
        did=lambda b, a, pk: any(row[3] is not None for row in a[0]),
        lands="/players/{player}/",
        says="已把“阿东”连到账号“xiaoli”",
    ),
    "new sitting": Case(
        page="/sessions/new/",
        action="/sessions/new/",
        post=lambda form: form.data(
            name="周日牌局", player_E="甲", player_S="乙", player_W="丙", player_N="丁"
        ),
        did=lambda b, a, pk: len(a) == len(b) + 1 and rounds(a, max(a)) == [],
        lands="/sessions/{new}/",
    ),
}


@pytest.fixture
def browser(owner) -> Client:
    """A logged-in browser that sends the CSRF token its pages carry (as a real one must)."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    return client


def url_for(template: str, sitting: Session, new: int | None = None) -> str:
    """``{pk}`` the sitting, ``{new}`` the one a post made, ``{player}`` the sitting's east on the
    roster, ``{other}`` the roster's 东哥 (a case's setup seats him)."""
    other = Player.objects.filter(name="东哥").values_list("pk", flat=True).first()
    return template.format(pk=sitting.pk, new=new, player=sitting.east_id, other=other)


@pytest.mark.django_db
@pytest.mark.parametrize("name", list(CASES))
def test_each_form_posted_twice_changes_the_sitting_once(name, browser, sitting) -> None:
    case = CASES[name]
    case.setup(sitting)
    form = form_on(browser, url_for(case.page, sitting), url_for(case.action, sitting), case.having)
    body = case.post(form)
    before = state_of_everything()

    first = browser.post(form.action, body)
    assert first.status_code == 302, (first.status_code, first.content.decode()[:2000])
    after = state_of_everything()
    assert after != before
    assert case.did(before, after, sitting.pk), (before, after)
    new = max(after) if len(after) > len(before) else None
    assert first["Location"] == url_for(case.lands, sitting, new)
    notices, changes = shown(browser, first)
    if case.says:
        assert any(case.says in notice for notice in notices), notices
    assert changes == case.changes

    again = browser.post(form.action, body)  # a double tap, a retry, the browser posting again
    assert again.status_code == 302
    assert again["Location"] == first["Location"]
    assert state_of_everything() == after  # nothing written
    assert shown(browser, again) == (notices, changes)  # the same words, shown again
    row = IdempotentAnswer.objects.get(key=form.value("once"))
    assert row.session_id is None and row.user_id == sitting.owner_id and row.status == 302


@pytest.mark.django_db
def test_a_form_posted_without_its_key_works_as_before(browser, sitting) -> None:
    form = form_on(
        browser, f"/sessions/{sitting.pk}/?confirm=draw", f"/sessions/{sitting.pk}/rounds/draw/"
    )
    # (Nor the round it was drawn for: what a page drawn before forms said so posts.)
    body = form.data(once="", expected_round=[])
    assert browser.post(form.action, body).status_code == 302
    assert browser.post(form.action, body).status_code == 302
    assert sitting.rounds.count() == 2  # no key, no protection: as before the keys
    assert not IdempotentAnswer.objects.exists()


# --- the key refused -----------------------------------------------------------------------------

REFUSED = "这张表单已经提交过了"


def round_form(client: Client, sitting: Session) -> Form:
    url = f"/sessions/{sitting.pk}/rounds/new/"
    return form_on(client, url, url, lambda form: "data-hand-form" in form.attrs)


@pytest.mark.django_db
def test_the_key_sent_with_another_body_is_refused_and_writes_nothing(browser, sitting) -> None:
    form = round_form(browser, sitting)
    first = browser.post(form.action, form.data("confirm", **hand_form("E")))
    assert first.status_code == 302
    shown(browser, first)
    recorded = state_of_everything()
    # Back to the form (the browser keeps it, key and all), another hand, confirm again.
    other = browser.post(form.action, form.data("confirm", **hand_form("S")))
    assert other.status_code == 302
    # Where the first post of this form led: it shows what that post did.
    assert other["Location"] == first["Location"]
    notices, changes = shown(browser, other)
    assert any(REFUSED in notice for notice in notices), notices
    assert changes is None  # the first post's summary is not shown as if this one did it
    assert state_of_everything() == recorded
    # The same key on another form (the same user) is another body too.
    draw = browser.post(f"/sessions/{sitting.pk}/rounds/draw/", {
        "csrfmiddlewaretoken": form.value("csrfmiddlewaretoken"), "once": form.value("once"),
        "confirm": "1",
    })  # fmt: skip
    assert draw.status_code == 302
    assert any(REFUSED in notice for notice in shown(browser, draw)[0])
    assert state_of_everything() == recorded


@pytest.mark.django_db
def test_a_key_from_another_user_is_refused(browser, sitting) -> None:
    with_member(sitting)
    member = Client()
    member.force_login(get_user_model().objects.get(username="xiaoli"))
    form = round_form(browser, sitting)
    body = form.data("confirm", **hand_form("E"))
    assert browser.post(form.action, body).status_code == 302
    recorded = state_of_everything()
    # The member may record in this sitting, but not with the owner's key: refused, to their
    # own list of sittings, nothing written.
    stolen = member.post(form.action, body)
    assert stolen.status_code == 302
    assert stolen["Location"] == "/sessions/"
    assert any(REFUSED in notice for notice in shown(member, stolen)[0])
    assert state_of_everything() == recorded
    # …and the same when the key was the member's first: the owner's replay is theirs alone.
    drawn = round_form(member, sitting)
    mine = drawn.data("confirm", **hand_form("S"))
    assert member.post(drawn.action, mine).status_code == 302
    two = state_of_everything()
    assert [r[2] for r in rounds(two, sitting.pk)] == ["E", "S"]
    theirs = browser.post(
        drawn.action, {**mine, "csrfmiddlewaretoken": body["csrfmiddlewaretoken"]}
    )
    assert theirs["Location"] == "/sessions/"
    assert state_of_everything() == two


@pytest.mark.django_db
@pytest.mark.parametrize("key", ["x" * 201, "tab\there"])
def test_a_key_that_is_not_one_is_refused(browser, sitting, key) -> None:
    form = round_form(browser, sitting)
    response = browser.post(form.action, form.data("confirm", **hand_form("E"), once=key))
    assert response.status_code == 302
    assert response["Location"] == f"/sessions/{sitting.pk}/"
    assert any("一次性编号不对" in notice for notice in shown(browser, response)[0])
    assert sitting.rounds.count() == 0
    assert not IdempotentAnswer.objects.exists()


@pytest.mark.django_db
def test_the_refusal_reads_in_the_pages_language(browser, sitting) -> None:
    form = round_form(browser, sitting)
    browser.post(form.action, form.data("confirm", **hand_form("E")))
    other = browser.post(
        form.action, form.data("confirm", **hand_form("S")), HTTP_ACCEPT_LANGUAGE="en"
    )
    page = browser.get(other["Location"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "This form was sent already" in page


# --- what leaves the key usable ------------------------------------------------------------------


@pytest.mark.django_db
def test_a_post_shown_again_with_its_errors_leaves_the_key_usable(browser, sitting) -> None:
    form = round_form(browser, sitting)
    wrong = browser.post(form.action, form.data("confirm", **hand_form("E", hand="123m")))
    assert wrong.status_code in (200, 400)
    assert sitting.rounds.count() == 0
    assert not IdempotentAnswer.objects.exists()
    # Put right and confirmed with the same key: recorded, once.
    body = form.data("confirm", **hand_form("E"))
    assert browser.post(form.action, body).status_code == 302
    assert browser.post(form.action, body).status_code == 302
    assert sitting.rounds.count() == 1


@pytest.mark.django_db
def test_house_rules_with_a_mistake_leave_the_key_usable(browser, sitting) -> None:
    url = f"/sessions/{sitting.pk}/rules/"
    form = form_on(browser, url, url)
    assert browser.post(url, form.data(**{"rule-pao_feng": "-2"})).status_code == 200
    assert browser.post(url, form.data()).status_code == 200  # unchanged: nothing saved
    assert sitting.rules_versions.count() == 1
    assert browser.post(url, form.data(**{"rule-pao_feng": "8"})).status_code == 302
    assert sitting.rules_versions.count() == 2


@pytest.mark.django_db
def test_a_preview_and_a_question_leave_the_key_usable_and_touch_no_key(browser, sitting) -> None:
    form = round_form(browser, sitting)
    with CaptureQueriesContext(connection) as queries:
        preview = browser.post(form.action, form.data("preview", **hand_form("E")))
        live = browser.post(form.action, form.data(**hand_form("E")), HTTP_HX_REQUEST="true")
    assert preview.status_code == 200 and live.status_code == 200
    assert not [q for q in queries if "idempotentanswer" in q["sql"].lower()]
    assert browser.post(form.action, form.data("confirm", **hand_form("E"))).status_code == 302
    assert sitting.rounds.count() == 1
    # The draw asks first (no confirm): the question leaves its key for the confirmation.
    draw = form_on(browser, f"/sessions/{sitting.pk}/", f"/sessions/{sitting.pk}/rounds/draw/")
    asked = browser.post(draw.action, draw.data(confirm=[]))
    assert asked["Location"].endswith("?confirm=draw#draw")
    assert not IdempotentAnswer.objects.filter(key=draw.value("once")).exists()
    assert browser.post(draw.action, draw.data()).status_code == 302
    assert browser.post(draw.action, draw.data()).status_code == 302
    assert sitting.rounds.count() == 2


@pytest.mark.django_db
def test_every_drawing_of_a_form_has_its_own_key(browser, sitting) -> None:
    keys = {round_form(browser, sitting).value("once") for _ in range(3)}
    keys |= {form.value("once") for form in forms_of(browser.get(f"/sessions/{sitting.pk}/"))} - {
        None
    }
    # three round forms; draw, share: new and stop, paid out, archive, delete
    assert len(keys) == 3 + 6
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{22}", key) for key in keys)


# --- the invite over htmx --------------------------------------------------------------------------


@pytest.mark.django_db
def test_an_invite_over_htmx_answers_the_same_list_when_replayed(browser, sitting) -> None:
    get_user_model().objects.create_user("xiaoli", password="pw-xiaoli-5566")
    url = f"/sessions/{sitting.pk}/members/"
    form = form_on(browser, url, url)
    body = form.data(username="xiaoli")
    first = browser.post(url, body, HTTP_HX_REQUEST="true")
    assert first.status_code == 200
    assert "已邀请“xiaoli”" in first.content.decode()
    again = browser.post(url, body, HTTP_HX_REQUEST="true")
    assert again.status_code == 200
    assert list(sitting.members.values_list("username", flat=True)) == ["xiaoli"]

    def key_free(html: bytes) -> str:
        return re.sub(r'name="once" value="[^"]*"', 'name="once"', html.decode())

    assert key_free(again.content) == key_free(first.content)
    # The list's invite form carries a fresh key each time, not the one just used.
    fresh = set(re.findall(rb'name="once" value="([^"]*)"', again.content))
    assert fresh and form.value("once").encode() not in fresh
    assert fresh.isdisjoint(re.findall(rb'name="once" value="([^"]*)"', first.content))
    # A refusal over htmx is not swapped into the list: htmx goes to the page.
    other = browser.post(url, form.data(username="ahdong"), HTTP_HX_REQUEST="true")
    assert other.status_code == 200 and other["HX-Redirect"] == url
    # Posted first without htmx (a redirect), replayed over htmx: htmx is sent to the same page.
    get_user_model().objects.create_user("laozhang", password="pw-laozhang-77")
    plain = form_on(browser, url, url)
    first = browser.post(url, plain.data(username="laozhang"))
    assert first.status_code == 302
    over_htmx = browser.post(url, plain.data(username="laozhang"), HTTP_HX_REQUEST="true")
    assert over_htmx.status_code == 200 and over_htmx["HX-Redirect"] == first["Location"]
    assert sitting.members.count() == 2


@pytest.mark.django_db
def test_a_refused_invite_over_htmx_leaves_the_key_usable(browser, sitting) -> None:
    url = f"/sessions/{sitting.pk}/members/"
    form = form_on(browser, url, url)
    nobody = browser.post(url, form.data(username="nobody42"), HTTP_HX_REQUEST="true")
    assert nobody.status_code == 200 and 'role="alert"' in nobody.content.decode()
    assert not IdempotentAnswer.objects.exists()
    get_user_model().objects.create_user("xiaoli", password="pw-xiaoli-5566")
    assert browser.post(url, form.data(username="xiaoli")).status_code == 302
    assert sitting.members.count() == 1


# --- the page's own script: X-Save ---------------------------------------------------------------


@pytest.mark.django_db
def test_x_save_turns_a_redirect_into_204_with_its_location(browser, sitting) -> None:
    form = round_form(browser, sitting)
    body = form.data("confirm", **hand_form("E"))
    saved = browser.post(form.action, body, HTTP_X_SAVE="1")
    assert saved.status_code == 204
    assert saved["X-Save-Location"] == f"/sessions/{sitting.pk}/"
    assert not saved.content
    replayed = browser.post(form.action, body, HTTP_X_SAVE="1")
    assert replayed.status_code == 204
    assert replayed["X-Save-Location"] == saved["X-Save-Location"]
    assert sitting.rounds.count() == 1
    # The messages wait for the page the script then opens.
    assert shown_at(browser, saved["X-Save-Location"])[1] == "第1局已记录"
    # Logged out meanwhile: the log-in page's address, as 204 too.
    anonymous = Client().post(form.action, body, HTTP_X_SAVE="1")
    assert anonymous.status_code == 204
    assert anonymous["X-Save-Location"].startswith("/accounts/login/?next=")
    # An answer that is not a redirect stays as it is.
    preview = browser.post(form.action, form.data("preview", **hand_form("E")), HTTP_X_SAVE="1")
    assert preview.status_code == 200


# --- bounded growth ----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_page_keys_older_than_a_week_are_forgotten_when_a_form_is_written(
    browser, owner, sitting
) -> None:
    old = IdempotentAnswer.objects.create(key="old", user=owner, status=302, body={})
    api = IdempotentAnswer.objects.create(session=sitting, key="api", status=201, body={})
    recent = IdempotentAnswer.objects.create(key="recent", user=owner, status=302, body={})
    IdempotentAnswer.objects.filter(pk__in=[old.pk, api.pk]).update(
        created_at=timezone.now() - timedelta(days=8)
    )
    IdempotentAnswer.objects.filter(pk=recent.pk).update(
        created_at=timezone.now() - timedelta(days=6)
    )
    form = round_form(browser, sitting)
    assert browser.post(form.action, form.data("confirm", **hand_form("E"))).status_code == 302
    left = set(IdempotentAnswer.objects.values_list("key", flat=True))
    assert left == {"api", "recent", form.value("once")}


@pytest.mark.django_db
def test_forgetting_old_keys_is_one_query() -> None:
    with CaptureQueriesContext(connection) as queries:
        once.forget_old()
    assert len(queries) == 1
    assert queries[0]["sql"].lstrip().upper().startswith("DELETE")


# --- PostgreSQL: the same form posted twice at the same moment ---------------------------------------


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_posts_of_one_round_form_at_once_record_one_round(owner, monkeypatch) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL): SQLite takes one writer at a time")
    sitting = session_create(owner=owner, name="rush", players=["a", "b", "c", "d"])
    clients = [Client(), Client()]
    for client in clients:
        client.force_login(owner)
    form = round_form(clients[0], sitting)
    body = form.data("confirm", **hand_form("E"))
    # The first to claim the key is slow to record: the other's claim waits on it.
    record = round_record

    def slow_record(**kwargs: Any):
        time.sleep(0.3)
        return record(**kwargs)

    monkeypatch.setattr("calculator.services.rounds.round_record", slow_record)  # the round form's
    barrier = threading.Barrier(len(clients))
    answers: list[Any] = [None] * len(clients)

    def post(i: int) -> None:
        try:
            barrier.wait()
            answers[i] = clients[i].post(form.action, body)
        except Exception as error:  # noqa: BLE001 - reported below
            answers[i] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=post, args=(i,)) for i in range(len(clients))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert all(getattr(answer, "status_code", None) == 302 for answer in answers), answers
    assert {answer["Location"] for answer in answers} == {f"/sessions/{sitting.pk}/"}
    assert sitting.rounds.count() == 1
    assert IdempotentAnswer.objects.filter(key=form.value("once")).count() == 1
    sitting.refresh_from_db()
    assert sitting.last_number == 1


# --- what a key costs ------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_keyed_write_costs_a_fixed_number_of_queries_more(browser, sitting) -> None:
    def post(**changes: Any) -> tuple[int, list[str]]:
        form = round_form(browser, sitting)
        body = form.data("confirm", **hand_form("E"), expected_round=[], **changes)
        with CaptureQueriesContext(connection) as queries:
            assert browser.post(form.action, body).status_code == 302
        with CaptureQueriesContext(connection) as replay:
            assert browser.post(form.action, body).status_code == 302
        return len(queries), [query["sql"] for query in replay]

    keyless, _ = post(once="")
    keyed, replay = post()
    # The transaction around the view (a savepoint here, inside the test's own transaction), the
    # key looked up, its claim (one insert), the first outcome stored, the keys older than a
    # week forgotten: the same at any length of sitting (a keyless post costs as
    # tests/calculator/test_queries.py counts it).
    assert keyed == keyless + 2 + 1 + 1 + 1 + 1
    # A replay reads the key and no sitting, round or rules.
    assert not [sql for sql in replay if re.search(r'"calculator_(session|round|rules)', sql)]
