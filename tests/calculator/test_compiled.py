"""calculator.compiled: a query compiled once answers as the ORM would, and the fixed INSERT of a
round post's rows gives each row its own key."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db.models import F, OuterRef, Subquery

from calculator.compiled import Compiled, inserted
from calculator.models import Payment, Round, RulesVersion, Session
from calculator.services.sittings import rules_change
from tests import factories

pytestmark = pytest.mark.django_db


def _with_rules(variant: tuple, pk: int) -> object:
    newest = RulesVersion.objects.filter(session=OuterRef("pk")).order_by("-number")
    return Session.objects.filter(pk=pk).annotate(
        overrides=Subquery(newest.values("overrides")[:1]), owner_name=F("owner__username")
    )


SITTING = Compiled(_with_rules, pk=-7_391_884_202)


def test_a_compiled_query_answers_as_the_orm_does(owner) -> None:
    session = factories.make_sitting(owner)
    rules_change(session=session, rules={"men_qing": 5}, user=owner)
    other = factories.make_sitting(owner)
    for sitting in (session, other):
        (row,) = SITTING.rows(pk=sitting.pk)
        orm = _with_rules((), sitting.pk).get()
        # The JSON annotation read into Python, as the ORM reads it.
        assert row.overrides == orm.overrides
        assert row.owner_name == "owner" and row.pk == sitting.pk
        assert row.balance_e == orm.balance_e and isinstance(row.balance_e, Decimal)
    assert SITTING.rows(pk=other.pk)[0].overrides != SITTING.rows(pk=session.pk)[0].overrides
    assert SITTING.rows(pk=10**12) == []


def test_a_value_missing_from_the_compiled_parameters_is_refused_at_once() -> None:
    folded = Compiled(lambda variant, pk: Session.objects.filter(pk=pk + 1), pk=-7_391_884_203)
    with pytest.raises(ValueError, match="pk"):
        folded.rows(pk=1)


def test_inserted_rows_get_their_own_keys_in_order(owner) -> None:
    session = factories.make_sitting(owner)
    version = session.rules_versions.get()
    game_round = Round(session=session, number=1, result=Round.DRAW, hand={}, rules_version=version)
    inserted([game_round])
    assert game_round.pk is not None and not game_round._state.adding
    assert Round.objects.get(pk=game_round.pk).recorded_at is not None  # auto_now_add
    payments = [
        Payment(round=game_round, payer=payer, payee="E", amount=Decimal(n))
        for n, payer in enumerate("SWN", start=1)
    ]
    inserted(payments)
    for payment in payments:
        stored = Payment.objects.get(pk=payment.pk)
        assert (stored.payer, stored.amount) == (payment.payer, payment.amount)
