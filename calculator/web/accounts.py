"""Accounts and the home page: sign up, log in (under the log-in limits,
``calculator.login_attempts``) and log out. Changing a password is ``passwords``."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from calculator.login_attempts import login_blocked, login_failed, login_succeeded
from calculator.web.account_forms import SignUpForm


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("web:session_list")
    return render(request, "web/home.html")


class LoginView(auth_views.LoginView):
    """Django's log-in page, refusing a username after too many failures from one address
    (``calculator.login_attempts``) without checking the password."""

    next_page = "web:session_list"

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        username = request.POST.get("username", "")
        if login_blocked(request, username):
            messages.error(request, _("登录失败的次数太多了，请过一会儿再试。"))
            context = self.get_context_data(form=AuthenticationForm(request))
            return self.render_to_response(context, status=429)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        login_succeeded(self.request, form.cleaned_data.get("username", ""))
        return super().form_valid(form)

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        login_failed(self.request, self.request.POST.get("username", ""))
        return super().form_invalid(form)


class LogoutView(auth_views.LogoutView):
    """Django's log-out (POST), to the home page; the answer also asks the browser to drop this
    site's HTTP cache (``Clear-Site-Data: "cache"``). The pages the service worker kept for the
    account are deleted by offline.js before the form is sent."""

    next_page = "web:home"

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = super().post(request, *args, **kwargs)
        response["Clear-Site-Data"] = '"cache"'
        return response


def signup(request: HttpRequest) -> HttpResponse:
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("欢迎！先开一场吧。"))
        return redirect("web:session_new")
    return render(request, "registration/signup.html", {"form": form})
