"""The database cache's table (``CACHES`` in the settings: the default when CACHE_URL is unset),
so that ``migrate`` on a fresh database, the test database included, leaves it ready.

``createcachetable`` makes the tables of every configured DatabaseCache that are missing, and
nothing when the cache is Redis or in memory. Reversing leaves the table: it holds only counts
that expire.
"""

from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):

    dependencies = [
        ("calculator", "0002_takeback_and_idempotency"),
    ]

    operations = [
        migrations.RunPython(create_cache_table, migrations.RunPython.noop, elidable=False),
    ]
