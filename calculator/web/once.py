"""Every page form that changes a sitting is written exactly once.

Each such form carries a one-time key (the hidden field ``once``, drawn by ``{% once_field %}``
afresh for every response). ``written_once`` wraps the form's view: the first post with a key
does the work and its outcome is kept (an ``IdempotentAnswer`` with no session, bound to the
user and to a hash of the body, as the API's ``Idempotency-Key`` is); a replay of it (a double
tap, a retry, a browser posting again) gets that first outcome back, the same redirect with the
same messages and the same summary of changes, and writes nothing. A post without a key is
done as it always was.

Only a post that writes uses up its key: a preview, a question asked first or a form shown
again with its errors leave it usable (``write`` says which posts write; an answer that is
not kept deletes the claim).

This module is the pages' side of ``calculator.services.once`` (the key checked, the body's hash,
claim or replay, the answer kept, old keys forgotten): the hidden field, which posts write, what
a replay and a refusal answer. ``UNKEYED`` names the pages that take a post and keep no key.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from calculator.models import IdempotentAnswer
from calculator.services.once import KEY_MAX, key_usable, once_claim, request_hash
from calculator.services.once import forget_old as forget_old  # what the pages keep, a week

FIELD = "once"
# Where a change keeps its summary of balances for the session page to show once
# (``common.remember_changes``); a kept outcome carries it, so a replay shows it again.
CHANGES_KEY = "web:balance_changes"
MAX_KEY = KEY_MAX
# A kept fragment (the members list after an invite over htmx) is at most this many characters;
# a bigger one is kept without its HTML and replayed by reloading the page.
MAX_HTML = 64 * 1024
# The pages that take a post and keep no key, and why (tests/tooling/test_once.py holds every
# other page that takes a write to ``written_once``, and docs/architecture.md's table to both).
UNKEYED = {
    "web:calculator": "scores a hand and stores nothing",
    "web:signup": "makes an account: no one is logged in to keep a key for",
    "web:login": "a log-in: its answer is the session cookie, which is never kept",
    "web:logout": "a log-out: done twice, it is done",
    "web:password_change": "an account's password: its answer is a new session cookie",
    "web:set_language": "the language cookie: set twice, it is set",
}
# The field as ``{% once_field %}`` draws it: a kept fragment gets fresh keys when replayed.
_FIELD_HTML = re.compile(r'(<input type="hidden" name="once" value=")[^"]*(")')

Predicate = Callable[[HttpRequest], bool]


def new_key() -> str:
    return secrets.token_urlsafe(16)


def field_html() -> str:
    return f'<input type="hidden" name="{FIELD}" value="{new_key()}">'


def fresh_keys(html: str) -> str:
    """``html`` drawn once and kept, with a new one-time key in each of its forms."""
    return _FIELD_HTML.sub(lambda m: m[1] + new_key() + m[2], html)


# --- which posts write (each view's own rule) ----------------------------------------------------


def any_post(request: HttpRequest) -> bool:
    """Every post writes (or is refused without writing)."""
    return True


def confirmed(request: HttpRequest) -> bool:
    """One tap asks, the second (``confirm=1``) writes: the question must not use up the key."""
    return request.POST.get("confirm") == "1"


def round_saved(request: HttpRequest) -> bool:
    """The round editor writes on its confirm button; the 预览 button and every htmx post (the
    live preview) only score the hand."""
    return "preview" not in request.POST and not request.htmx


def round_corrected(request: HttpRequest) -> bool:
    """A correction: 改成荒庄 (``to_draw``) writes at once; otherwise as the round editor."""
    return "to_draw" in request.POST or round_saved(request)


def share_changed(request: HttpRequest) -> bool:
    """重新分享 (``start``) writes at once; 换一个链接 and 停止分享 ask first."""
    action = request.POST.get("action")
    return action == "start" or (action in ("rotate", "stop") and confirmed(request))


def invited(request: HttpRequest, response: HttpResponse) -> bool:
    """The invite over htmx answers the members list with its notice (``role="status"``); a
    refusal or a form error answers the list with an alert instead."""
    return (
        response.status_code == 200
        and bool(request.htmx)
        and b'role="status"' in response.content
        and b'role="alert"' not in response.content
    )


def no_fragment(request: HttpRequest, response: HttpResponse) -> bool:
    return False


# --- the decorator -------------------------------------------------------------------------------


def written_once(
    write: Predicate = any_post,
    fragment: Callable[[HttpRequest, HttpResponse], bool] = no_fragment,
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """Wrap a view whose form changes a sitting (outermost, above ``require_POST`` and the login
    check). ``write(request)`` says whether a post writes; ``fragment(request, response)``
    whether a 200 answer is a success to keep (an htmx fragment). Any redirect is kept.

    With the header ``X-Save: 1`` (a page's own script posting with fetch, which cannot read a
    redirect) every redirect of the view is answered 204 with ``X-Save-Location``."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            return for_script(request, answer(request, view, write, fragment, args, kwargs))

        # A page form posts (or is drawn): any other method is not one of its requests.
        wrapper = require_http_methods(["GET", "HEAD", "POST"])(wrapper)
        wrapper.written_once = FIELD  # type: ignore[attr-defined]  # what carries the key
        return wrapper

    return decorate


def answer(
    request: HttpRequest,
    view: Callable[..., HttpResponse],
    write: Predicate,
    fragment: Callable[[HttpRequest, HttpResponse], bool],
    args: tuple,
    kwargs: dict,
) -> HttpResponse:
    key = request.POST.get(FIELD, "") if request.method == "POST" else ""
    if not key or not request.user.is_authenticated or not write(request):
        # No key (or not a write, or not logged in: the view sends to the log-in page):
        # done as always.
        return view(request, *args, **kwargs)
    if not key_usable(key):
        messages.error(
            request,
            _(
                "这张表单带的一次性编号不对（最多 200 个可见字符），什么也没改。请重新打开页面再提交。"
            ),
        )
        return made_redirect(request, landing(kwargs))
    with transaction.atomic():
        once = once_claim(key=key, user=request.user, body_hash=form_hash(request), drawn=True)
        if once.first is not None:
            if not once.same:
                return refused(request, once.first)
            return replayed(request, once.first, kwargs)
        changes_before = request.session.get(CHANGES_KEY)
        response = view(request, *args, **kwargs)
        outcome = outcome_of(request, response, fragment, changes_before, CHANGES_KEY)
        if outcome is None:
            # Nothing was written (a form shown again, a conflict, a preview): the key stays
            # usable.
            once.release()
        else:
            once.keep(response.status_code, outcome)
    return response


def outcome_of(
    request: HttpRequest,
    response: HttpResponse,
    fragment: Callable[[HttpRequest, HttpResponse], bool],
    changes_before: Any,
    changes_key: str,
) -> dict[str, Any] | None:
    """What a replay must answer, or None when the answer is not kept."""
    if 300 <= response.status_code < 400:
        outcome: dict[str, Any] = {"location": response["Location"]}
    elif fragment(request, response):
        html = response.content.decode(response.charset or "utf-8")
        outcome = {"page": request.get_full_path()}
        if len(html) <= MAX_HTML:
            outcome["html"] = html
    else:
        return None
    queued = getattr(getattr(request, "_messages", None), "_queued_messages", [])
    outcome["messages"] = [
        [message.level, str(message.message), str(message.extra_tags or "")] for message in queued
    ]
    changes = request.session.get(changes_key)
    # Only a summary this post made (``remember_changes``), not one left from before.
    outcome["changes"] = changes if changes is not changes_before else None
    return outcome


def replayed(request: HttpRequest, first: IdempotentAnswer, kwargs: dict) -> HttpResponse:
    """The first outcome again: its messages queued, its summary of changes kept for the session
    page, the same redirect (or the same fragment with fresh keys in its forms)."""
    outcome = first.answer
    for level, message, tags in outcome.get("messages") or []:
        messages.add_message(request, level, message, extra_tags=tags)
    if outcome.get("changes") is not None:
        request.session[CHANGES_KEY] = outcome["changes"]
    if "page" in outcome:
        if "html" in outcome and request.htmx:
            return HttpResponse(fresh_keys(outcome["html"]))
        return made_redirect(request, outcome["page"])
    response = made_redirect(request, outcome.get("location") or landing(kwargs))
    if 300 <= response.status_code < 400 and 300 <= first.status < 400:
        response.status_code = first.status  # a 303 stays a 303
    return response


def refused(request: HttpRequest, first: IdempotentAnswer) -> HttpResponse:
    """The key was first sent with another body, or by another user: nothing is done."""
    messages.error(
        request,
        _("这张表单已经提交过了，不能再用它提交别的内容，这一次什么也没改。请重新打开页面再填。"),
    )
    outcome = first.answer
    if first.user_id == request.user.pk:
        # The page the first post of this form led to: it shows what that post did, which is
        # why this one was refused (and where a new form for the next change is one tap away).
        return made_redirect(request, outcome.get("location") or outcome.get("page") or lists())
    # Another user's key: their outcome is theirs (it may name a sitting this user cannot
    # see), so to this user's own list of sittings.
    return made_redirect(request, lists())


def lists() -> str:
    return reverse("web:session_list")


def landing(kwargs: dict) -> str:
    """The sitting a form belongs to, or the list of sittings for a form of none."""
    pk = kwargs.get("pk")
    return reverse("web:session", args=[pk]) if pk is not None else lists()


def made_redirect(request: HttpRequest, location: str) -> HttpResponse:
    """A redirect this module answers: for an htmx post, one htmx follows as a whole page
    (``HX-Redirect``) instead of swapping the page into the form's target."""
    if request.htmx and not request.headers.get("X-Save"):
        return HttpResponse(headers={"HX-Redirect": location})
    return HttpResponseRedirect(location)


def form_hash(request: HttpRequest) -> str:
    """SHA-256 of the post as the view reads it: its URL, every field (the key and the CSRF
    token aside) and every file's name and content."""
    fields = {
        name: request.POST.getlist(name)
        for name in request.POST
        if name not in (FIELD, "csrfmiddlewaretoken")
    }
    files = {}
    for name in request.FILES:
        files[name] = []
        for upload in request.FILES.getlist(name):
            digest = hashlib.sha256()
            for chunk in upload.chunks():
                digest.update(chunk)
            upload.seek(0)
            files[name].append([upload.name, digest.hexdigest()])
    return request_hash({"path": request.path, "fields": fields, "files": files})


def for_script(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """``X-Save: 1``: a redirect as 204 with ``X-Save-Location``, which fetch can read."""
    if request.headers.get("X-Save") != "1" or not 300 <= response.status_code < 400:
        return response
    saved = HttpResponse(status=204, headers={"X-Save-Location": response["Location"]})
    saved.cookies = response.cookies
    return saved
