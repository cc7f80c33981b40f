from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("calculator", "0013_cache_page_table"),
    ]

    operations = [
        migrations.AddField(
            model_name="session",
            name="seat_draw",
            field=models.JSONField(blank=True, null=True),
        ),
    ]
