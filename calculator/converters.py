"""The ids and numbers in the URLs: ``<id:pk>`` is a row's id or a round's number, 1 … 2⁶³ − 1.

Django's ``<int:…>`` takes any run of digits, and a 400-digit id went on to the database, which
cannot hold it (SQLite: OverflowError, a 500). A number no row can have matches no URL: the
answer is the 404 of any other URL that names nothing. Importing this module registers the
converter; the URL modules that use it import it.
"""

from __future__ import annotations

from django.urls import register_converter

from calculator.numbers import id_of


class IdConverter:
    # At most 19 digits (2⁶³ − 1 has 19); the bound itself is to_python's.
    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = id_of(value)
        if number is None:
            raise ValueError(value)  # Django: this URL does not match
        return number

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(IdConverter, "id")
