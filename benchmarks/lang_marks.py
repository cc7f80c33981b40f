"""What marking Chinese on an English page costs, against drawing that page, in one run.

    .venv/bin/python benchmarks/lang_marks.py             # a sitting of 60 rounds, 50 repeats
    .venv/bin/python benchmarks/lang_marks.py --rounds 200 --repeats 100

English pages wrap every run of Chinese in ``<span lang>`` (``calculator.web.lang_marks``, WCAG
3.1.2). This records a sitting in a throw-away SQLite database, fetches its page in English through
Django's test ``Client`` and then, interleaved, times the whole page (its view, templates and
middleware, the marks included) and ``mark_chinese`` alone over the same page without its marks.
It prints both p50s and the marks' share of the page: the figure to compare across machines.
"""

from __future__ import annotations

import argparse
import re
import statistics
import time

from ledger import hand  # first: it points Django at a throw-away SQLite database

# isort: split

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from calculator.services.rounds import round_record  # noqa: E402
from calculator.services.sittings import session_create  # noqa: E402
from calculator.web.lang_marks import mark_chinese  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--repeats", type=int, default=50)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    owner = get_user_model().objects.create_user("marks")
    sitting = session_create(owner=owner, name="周六晚上", players=["老王", "阿芳", "小李", "阿東"])
    for number in range(1, args.rounds + 1):
        round_record(session=sitting, entry=hand(number), user=owner)
    client = Client()
    client.force_login(owner)
    client.cookies["django_language"] = "en"
    url = f"/sessions/{sitting.pk}/"
    html = client.get(url).content.decode()
    plain = re.sub(r'<span lang="zh(?:-Hans|-Hant)?">([^<]*)</span>', r"\1", html)
    assert mark_chinese(plain) == html
    page_times, mark_times = [], []
    for _ in range(args.repeats):
        started = time.perf_counter()
        client.get(url)
        page_times.append(time.perf_counter() - started)
        started = time.perf_counter()
        mark_chinese(plain)
        mark_times.append(time.perf_counter() - started)
    page, marks = statistics.median(page_times), statistics.median(mark_times)
    print(f"sitting of {args.rounds} rounds in English: {len(plain):,} characters")
    print(f"the page (GET, marks included)  p50 {page * 1000:7.2f} ms")
    print(f"mark_chinese alone              p50 {marks * 1000:7.2f} ms")
    print(f"the marks' share of the page    {marks / page:.1%}")


if __name__ == "__main__":
    main()
