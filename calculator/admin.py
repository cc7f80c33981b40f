from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.admin.forms import AdminAuthenticationForm
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

from calculator.login_attempts import login_blocked, login_failed, login_succeeded
from calculator.models import IdempotentAnswer, Payment, Player, Round, RulesVersion, Session

# --- /admin/login/ under the same log-in limits as the pages and the API ----------------------


class LimitedAdminAuthenticationForm(AdminAuthenticationForm):
    """The admin's log-in form, refusing without checking the password once the username or
    the address has too many failures (``calculator.login_attempts``). A right password for an
    account that is not staff counts as a failure: it does not log in here."""

    def clean(self) -> dict[str, Any]:
        username = self.data.get("username", "")
        if login_blocked(self.request, username):
            raise ValidationError(
                _("登录失败的次数太多了，请过一会儿再试。"), code="too_many_attempts"
            )
        try:
            cleaned = super().clean()
        except ValidationError:
            login_failed(self.request, username)
            raise
        login_succeeded(self.request, username)
        return cleaned


admin.site.login_form = LimitedAdminAuthenticationForm


def admin_login(request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
    """The admin site's log-in view, answering 429 while the attempt is refused."""
    response = admin.site.login(request, extra_context)
    form = (getattr(response, "context_data", None) or {}).get("form")
    if form is not None and form.has_error(NON_FIELD_ERRORS, "too_many_attempts"):
        response.status_code = 429
    return response


# --- the models ------------------------------------------------------------------------------


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "user"]
    search_fields = ["name", "owner__username", "user__username"]
    raw_id_fields = ["owner", "user"]


class RulesVersionInline(admin.TabularInline):
    model = RulesVersion
    extra = 0


@admin.register(Session)
class SessionAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "ruleset", "base_silver", "created_at"]
    list_filter = ["ruleset"]
    search_fields = ["name", "owner__username"]
    raw_id_fields = ["east", "south", "west", "north"]
    filter_horizontal = ["members"]
    readonly_fields = ["share_token", "created_at"]
    inlines = [RulesVersionInline]


@admin.register(RulesVersion)
class RulesVersionAdmin(admin.ModelAdmin):
    list_display = ["session", "number", "created_at", "created_by"]


class PaymentInline(admin.TabularInline):
    model = Payment
    extra = 0


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = [
        "session",
        "number",
        "result",
        "winner",
        "dealer",
        "dealer_streak",
        "fan",
        "voided",
    ]
    list_filter = ["result", "voided"]
    list_select_related = ["session"]
    raw_id_fields = ["session", "rules_version", "recorded_by"]
    inlines = [PaymentInline]


@admin.register(Payment)
class PaymentAdmin(admin.ModelAdmin):
    list_display = ["round", "payer", "payee", "amount", "liability", "multiplier"]
    list_filter = ["liability"]
    raw_id_fields = ["round"]


@admin.register(IdempotentAnswer)
class IdempotentAnswerAdmin(admin.ModelAdmin):
    list_display = ["session", "key", "status", "created_at"]
    raw_id_fields = ["session"]
