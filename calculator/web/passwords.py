"""Changing one's password: Django's views, under the log-in limits, and ending API access.

A change keeps the current log-in (``update_session_auth_hash``, in Django's view) and ends the
others, and deletes the user's API token, so a token taken with the old password stops working.
Wrong current passwords count as failed log-ins (``calculator.login_attempts``): a borrowed
session cannot guess the password here without limit.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import PasswordChangeForm
from django.http import HttpRequest, HttpResponse
from django.urls import reverse_lazy
from django.utils.translation import gettext as _

from calculator.api.tokens import revoke_tokens
from calculator.login_attempts import login_blocked, login_failed, login_succeeded


class PasswordChangeView(auth_views.PasswordChangeView):
    success_url = reverse_lazy("web:password_change_done")

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if login_blocked(request, request.user.get_username()):
            messages.error(request, _("登录失败的次数太多了，请过一会儿再试。"))
            context = self.get_context_data(form=PasswordChangeForm(request.user))
            return self.render_to_response(context, status=429)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form: PasswordChangeForm) -> HttpResponse:
        response = super().form_valid(form)
        login_succeeded(self.request, form.user.get_username())
        revoke_tokens(form.user)
        return response

    def form_invalid(self, form: PasswordChangeForm) -> HttpResponse:
        if form.has_error("old_password", "password_incorrect"):
            login_failed(self.request, self.request.user.get_username())
        return super().form_invalid(form)


class PasswordChangeDoneView(auth_views.PasswordChangeDoneView):
    pass
