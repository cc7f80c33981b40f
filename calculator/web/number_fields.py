"""The pages' number fields: a whole number read by ``calculator.numbers.whole_of``, as the API
reads one, and an amount read by ``calculator.numbers.written_amount``.

Django's ``IntegerField`` takes other scripts' digits ("１２", "١٢") and "12.0", and sends what
it read to the database whatever its size; this one takes the digits 0–9 only (the spaces a
phone's keyboard adds around them aside), refuses anything longer than its bound could be before
reading it, and keeps the bounds' messages of Django's field. Django's ``DecimalField`` likewise
reads "1e3" as 1000 and "١٢" as 12; ``AmountField`` takes the digits 0–9 and a decimal point, as
the pages say.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from calculator.numbers import ID_MOST, plain, whole_of, written_amount


class WholeNumberField(forms.IntegerField):
    """A whole number of the digits 0–9 from ``min_value`` to ``max_value`` (at most a row id's
    2⁶³ − 1 when no bound is given)."""

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values or (isinstance(value, str) and not value.strip()):
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        most = self.max_value if self.max_value is not None else ID_MOST
        least = self.min_value if self.min_value is not None else -ID_MOST
        # Out of bounds but near them: read, for the bound's own message; written wrong or far
        # past any bound (400 digits): "enter a whole number".
        reach = 10 * max(abs(most), abs(least), 1)
        number = whole_of(value, least=-reach, most=reach)
        if number is None:
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return number


class AmountField(forms.DecimalField):
    """An amount of the digits 0–9 with at most one decimal point, within the field's bounds and
    places: no exponent, sign, other script's digits, "Infinity" or "NaN"."""

    # The field's name in its own message: shown under the field, and read alone by a screen
    # reader.
    default_error_messages = {
        "invalid": _("%(label)s只写数字 0–9，可以带一个小数点（如 2 或 0.5）。"),
    }

    def to_python(self, value: Any) -> Decimal | None:
        if value in self.empty_values or (isinstance(value, str) and not value.strip()):
            return None
        amount = written_amount(value)
        if amount is None:
            raise ValidationError(
                self.error_messages["invalid"], code="invalid", params={"label": self.label or ""}
            )
        return amount


def id_field(**kwargs: Any) -> WholeNumberField:
    """A row's id carried by a form: 1 … 2⁶³ − 1."""
    return WholeNumberField(min_value=1, max_value=ID_MOST, **kwargs)


class NumberChoiceField(forms.TypedChoiceField):
    """A choice of numbers (how many play, a house rule's allowed values) whose refusal quotes
    what was sent short, in Django's own words for a choice that is not one."""

    def validate(self, value: Any) -> None:
        try:
            super().validate(value)
        except ValidationError as error:
            if getattr(error, "code", None) != "invalid_choice":
                raise
            raise ValidationError(
                self.error_messages["invalid_choice"],
                code="invalid_choice",
                params={"value": plain(value)},
            ) from None
