"""The shapes of the API's requests and answers, for the OpenAPI schema, one module per domain
(the words of the view modules beside them). The services check the bodies themselves, so that
the API, the pages and the import all refuse bad input with the same clear message; the views
answer with the selectors' plain data."""
