"""The JSON API (``/api/``), one module per domain, named with the words the pages, the services
and the tests use for it: ``sittings``, ``rounds``, ``adjustments``, ``ledger``, ``standings``,
``exports``, ``roster``, ``groups``, and ``calculator`` (a hand scored, nothing stored), with
``auth`` for tokens. ``common`` and ``once`` hold what several of them share; the request and
answer shapes of the schema are ``serializers``, by the same words."""
