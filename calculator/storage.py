"""Static files on a server (``DJANGO_STATIC_MANIFEST=1``): WhiteNoise's compressed manifest
storage, hashed names and all, which also rewrites the relative ``import … from "./x.js"`` of the
tile keyboard's ES modules (static/js/picker/) to the hashed names. Without that a page would load
hashed ``main.js`` and then the unhashed modules it imports: files the service worker has not
precached, so the keyboard would not start on a page served offline."""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True
