"""The pages, one module per domain, named with the words the services, the selectors, the API
and the tests use for it: ``sittings``, ``rounds``, ``takeback``, ``adjustments``,
``standings``, ``exports``, ``roster``, ``groups``, and the pages of no sitting (``accounts``,
``passwords``, ``calculator``, ``rules_book``, ``sw``). ``common`` holds what several of them
share; ``urls`` mounts them all in the ``web:`` namespace."""
