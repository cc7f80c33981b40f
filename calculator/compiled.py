"""A query the busiest writes send every time, compiled from the ORM once per database.

Django builds and compiles a queryset's SQL on every call; for a read with several subqueries
that costs more than the database takes to answer it. A ``Compiled`` query is written with the
ORM as usual (``build`` takes the query's values by name and returns the queryset), compiled the
first time it runs on a database with marked values standing in for the real ones, and from then
on sent as that SQL with the call's values in the marks' places: the same statement the ORM would
have sent, without building it again. Rows come back as model instances (``QuerySet.raw``), the
annotations as their attributes.

A mark is a value of the parameter's type that no query would hold otherwise; each must turn up
among the compiled parameters as itself (a value the ORM would convert, or fold into the SQL
text, cannot be a mark: compiling such a query fails at once).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from functools import cache, lru_cache
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Field, Model, QuerySet


class Compiled:
    def __init__(self, build: Callable[..., QuerySet], **marks: Any) -> None:
        self.build = build
        self.marks = marks
        # (database vendor, variant) -> the model, the SQL, its parameters with the marks, where
        # each value of a call goes among them, and the converters of the annotations
        self._sql: dict[tuple[str, Hashable], tuple[type[Model], str, list, dict, dict]] = {}

    def rows(
        self, variant: Hashable = (), *, using: str = DEFAULT_DB_ALIAS, **values: Any
    ) -> list[Model]:
        """The rows of the query ``build(variant, **values)`` (``values`` stand where the
        marks of the same names stood when it was compiled; a variant is always called with
        the same names)."""
        vendor = connections[using].vendor
        compiled = self._sql.get((vendor, variant))
        if compiled is None:
            compiled = self._compile(variant, using, values)
            self._sql[(vendor, variant)] = compiled
        model, sql, params, places, converters = compiled
        params = list(params)
        for name, value in values.items():
            for place in places[name]:
                params[place] = value
        rows = list(model._default_manager.db_manager(using).raw(sql, params))
        if converters:
            connection = connections[using]
            for row in rows:
                for alias, (functions, expression) in converters.items():
                    value = getattr(row, alias)
                    for function in functions:
                        value = function(value, expression, connection)
                    setattr(row, alias, value)
        return rows

    def _compile(
        self, variant: Hashable, using: str, values: dict[str, Any]
    ) -> tuple[type[Model], str, list, dict, dict]:
        marks = {name: self.marks[name] for name in values}
        queryset = self.build(variant, **marks)
        compiler = queryset.query.get_compiler(using)
        sql, params = compiler.as_sql()
        params = list(params)
        places = {
            name: [i for i, value in enumerate(params) if value == mark]
            for name, mark in marks.items()
        }
        missing = [name for name, found in places.items() if not found]
        if missing:
            raise ValueError(f"marks not among the compiled parameters: {', '.join(missing)}")
        # What the ORM would do to an annotation's value as the database gives it (a JSON
        # column's text read into Python, say): the raw query does it to model fields only.
        converters = {}
        for alias, expression in queryset.query.annotations.items():
            found = compiler.get_converters([expression])
            if found:
                converters[alias] = found[0]
        return queryset.model, sql, params, places, converters


def inserted(rows: Sequence[Model], *, using: str = DEFAULT_DB_ALIAS) -> None:
    """INSERT ``rows`` (new, of one model with an automatic key) as one statement, and give them
    their keys: ``bulk_create`` for the few rows of a round post, without building the statement
    with the ORM each time. The statement is fixed per model, number of rows and database; each
    value is prepared as the ORM would (``pre_save``, ``get_db_prep_save``)."""
    if not rows:
        return
    model = type(rows[0])
    connection = connections[using]
    fields = _inserted_fields(model)
    sql = _insert_sql(model, len(rows), using)
    params = [
        field.get_db_prep_save(field.pre_save(row, True), connection)
        for row in rows
        for field in fields
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        keys = cursor.fetchall()
    for row, (key,) in zip(rows, keys, strict=True):
        row.pk = key
        row._state.adding = False
        row._state.db = using


@cache
def _inserted_fields(model: type[Model]) -> list[Field]:
    meta = model._meta
    return [field for field in meta.concrete_fields if field is not meta.auto_field]


@lru_cache(maxsize=64)
def _insert_sql(model: type[Model], count: int, using: str) -> str:
    quote, meta = connections[using].ops.quote_name, model._meta
    fields = _inserted_fields(model)
    columns = ", ".join(quote(field.column) for field in fields)
    one = "(" + ", ".join(["%s"] * len(fields)) + ")"
    values = ", ".join([one] * count)
    return (
        f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES {values} "
        f"RETURNING {quote(meta.pk.column)}"
    )
