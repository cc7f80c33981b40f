"""Seat changes: an entry of the history whose result is ``seats``, the seating after each round
(``Round.seating``) and the seating a sitting was opened with (``Session.opening``), both "" for
the rounds and sittings before: "" reads as the opening seating, which is the sitting's seats
until its first seat change, so nothing needs to be written for them."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('calculator', '0015_table_fees'),
    ]

    operations = [
        migrations.AddField(
            model_name='round',
            name='seating',
            field=models.CharField(blank=True, default='', max_length=100),
        ),
        migrations.AddField(
            model_name='session',
            name='opening',
            field=models.CharField(blank=True, default='', max_length=100),
        ),
        migrations.AlterField(
            model_name='round',
            name='result',
            field=models.CharField(choices=[('win', '胡'), ('draw', '荒莊'), ('adjustment', '調整'), ('seats', '換座位')], max_length=10),
        ),
    ]
