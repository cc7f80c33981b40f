from __future__ import annotations

from django.contrib import admin

from calculator.models import IdempotentAnswer, Payment, Player, Round, RulesVersion, Session


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "user"]
    search_fields = ["name", "user__username"]


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
