"""The table of the cache of drawn pages (``CACHES["pages"]`` in the settings: its own table when
the default cache is the database), so that ``migrate`` leaves it ready as 0003 does the default
one's.

``createcachetable`` makes the tables of every configured DatabaseCache that are missing, and
nothing when the caches are Redis or in memory. Reversing leaves the table: it holds only drawn
pages that expire.
"""

from django.core.management import call_command
from django.db import migrations


def create_cache_tables(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):

    dependencies = [
        ("calculator", "0012_answer_kept_as_text"),
    ]

    operations = [
        migrations.RunPython(create_cache_tables, migrations.RunPython.noop, elidable=False),
    ]
