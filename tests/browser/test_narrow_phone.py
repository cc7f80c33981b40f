"""Numbers and names that read on a narrow phone (360×800), in 简体, 繁體 and English: at a base
silver of 1,000,000 (R9: every payment is a number of 番 × 1,000,000), with a 包 round (R10), no
player's name, no table header, no amount and no 包 label breaks over two lines on the sitting
page, the settle page and the 包 round's why page; amounts are grouped (80,000,000), and in English
a payer cell of the why page takes at most two lines (one name a line). Screenshots are kept."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation

from calculator.services.rounds import round_record
from calculator.services.sittings import session_create
from calculator.web.templatetags.tiles import seat_label
from tests.browser.conftest import SCREENSHOTS, check_errors, log_in
from tests.calculator.hands import DRAW, bao, plain

pytestmark = pytest.mark.browser

NARROW = {"width": 360, "height": 800}
NAMES = ["阿东", "阿芳", "王大伟", "Li Xiaolong"]

# Each element whose text must stay on one line, or each run of text that must (a name inside a
# sentence or a cell, found as a Range so that the page needs no markup for the test): a list of
# {what, lines} for those that take more than one line box.
BROKEN = """
([selectors, phrases]) => {
  const out = [], seen = new Set();
  // On the page as a player sees it: not hidden, not inside a closed question (<details>).
  const shown = (el) => el.getClientRects().length > 0 && !el.closest('template, [hidden]')
    && !(el.closest('details:not([open])') && !el.closest('summary'));
  // Line boxes: boxes that share some height are on one line (an inline-block beside text
  // starts higher than the text but is on its line).
  const lines = (rects) => {
    const boxes = Array.from(rects).filter(r => r.width > 0 && r.height > 0)
      .sort((a, b) => a.top - b.top);
    let count = 0, bottom = -Infinity;
    for (const box of boxes) {
      if (box.top >= bottom - 1) { count += 1; bottom = box.bottom; }
      else bottom = Math.max(bottom, box.bottom);
    }
    return count;
  };
  for (const selector of selectors) {
    for (const el of document.querySelectorAll(selector)) {
      if (!shown(el)) continue;
      const range = document.createRange();
      range.selectNodeContents(el);
      const n = lines(range.getClientRects());
      if (n > 1) out.push({what: selector + ': ' + el.textContent.trim().slice(0, 60), lines: n});
      // A phrase that is the whole of a measured element counts as measured (on an English
      // page a name sits in a span of its own, marked as Chinese, beside its wind).
      const whole = el.textContent.replace(/\\s+/g, ' ').trim();
      if (phrases.includes(whole)) seen.add(whole);
      // Nor spills out of its box (a block too narrow for its one line) or off the screen (a
      // table in a region that scrolls sideways may go on past it: that region scrolls).
      const box = range.getBoundingClientRect();
      const off = box.right > window.innerWidth + 1 && !el.closest('.table-wrap');
      if ((el.clientWidth && box.width > el.clientWidth + 1) || off) {
        out.push({what: selector + ': ' + el.textContent.trim().slice(0, 60), spills: box.width});
      }
    }
  }
  const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !shown(parent) || parent.closest('svg, script')) continue;
    for (const phrase of phrases) {
      let at = node.data.indexOf(phrase);
      while (at >= 0) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + phrase.length);
        const n = lines(range.getClientRects());
        if (n > 1) out.push({what: 'text: ' + phrase + ' in ' + node.data.trim().slice(0, 60), lines: n});
        seen.add(phrase);
        at = node.data.indexOf(phrase, at + 1);
      }
    }
  }
  return {broken: out, seen: Array.from(seen)};
}
"""

# What must not break: names (the seat and its player), headers, amounts, 包 labels.
ONE_LINE = [
    "th",
    "td.num",
    ".who",
    ".seat-wind",  # a seat tile may stack its wind, its player and the dealer's badge,
    ".seat-player",  # but none of them breaks
    ".seat-name .badge",
    ".balance",
    ".pays strong",
    ".round-top > span:last-child",
    "[data-transfer] strong",
    "[data-standing] > span",
]


def sitting_of(owner):
    """Anqing at base silver 1,000,000: E's plain win, S's win on three pungs E fed (順包 ×6,
    R10.1), a draw, then W's plain win."""
    sitting = session_create(owner=owner, name="周末大场", players=NAMES, base_silver="1000000")
    for entry in (plain("E"), bao("S", "E"), DRAW, plain("W")):
        round_record(session=sitting, entry=entry, user=owner)
    return sitting


# The 包 labels of the round list and the why page (R10.1: three pung mouths fed, ×6).
BAO = {
    "zh-hans": ["顺包 ×6", "×6 顺包"],
    "zh-hant": ["順包 ×6", "×6 順包"],
    "en": ["×6 fed", "Liable (fed the winner) ×6"],
}


def phrases(language: str) -> list[str]:
    """Each seat with its player, as the pages write them (东 · 阿东), the names alone, and the
    包 labels."""
    with translation.override(language):
        named = dict(zip("ESWN", NAMES, strict=True))
        seats = [seat_label(seat, named) for seat in "ESWN"]
    return seats + NAMES + BAO[language]


def check_narrow(page, name: str, language: str) -> set[str]:
    """Keep a screenshot; no script error, no sideways scroll, nothing broken over two lines.
    The phrases the page showed."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
    check_errors([page.context], name)
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    assert scroll_width <= NARROW["width"], f"{name}: scrolls sideways ({scroll_width})"
    # The app's name may take two lines beside the menu, but is never cut ("Mahjon…").
    brand = page.evaluate(
        "(() => { const b = document.querySelector('.brand');"
        " return [b.scrollWidth, b.clientWidth]; })()"
    )
    assert brand[0] <= brand[1] + 1, f"{name}: the app's name is cut ({brand})"
    found = page.evaluate(BROKEN, [ONE_LINE, phrases(language)])
    assert not found["broken"], f"{name}: broken over lines: {found['broken']}"
    return set(found["seen"])


def amounts_shown(page) -> list[str]:
    """Every amount of a million or more the page shows, as written: the page's own and those in
    the engine's account of a 包 payment (R10.5's sum) alike."""
    text = page.evaluate("document.querySelector('main').innerText")
    return re.findall(r"(?<![\d,.])\d[\d,]{6,}(?:\.\d+)?", text)


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant", "en"])
def test_names_headers_and_amounts_stay_whole_on_a_narrow_phone(
    phone, live_server, language
) -> None:
    owner = get_user_model().objects.create_user("laowang", password="mahjong-table-77")
    sitting = sitting_of(owner)
    page = log_in(phone(), live_server, owner, language)
    page.set_viewport_size(NARROW)
    base = f"{live_server.url}/sessions/{sitting.pk}"
    for path, name in (("/", "session"), ("/settle/", "settle"), ("/rounds/2/", "why-bao")):
        page.goto(base + path)
        seen = check_narrow(page, f"narrow-{name}-{language}", language)
        seats = set(phrases(language)[:4])
        assert seats <= seen, f"{name}: not every seat's name was measured: {seats - seen}"
        if name != "settle":
            assert seen & set(BAO[language]), f"{name}: no 包 label was measured"
        if name == "why-bao" and language != "en":
            # The amounts of who pays what are on screen beside the names, not off to the side.
            right, edge = page.locator(".payments").evaluate(
                """table => [
                  Math.max(...Array.from(table.querySelectorAll('td.num, th.num'))
                    .map(c => c.getBoundingClientRect().right)),
                  table.closest('.table-wrap').getBoundingClientRect().right,
                ]"""
            )
            assert right <= edge + 0.5, f"{name}: an amount is cut off ({right} > {edge})"
        shown = amounts_shown(page)
        assert shown, f"{name}: no amount of a million or more"
        bad = [n for n in shown if not re.fullmatch(r"\d{1,3}(,\d{3})+(\.\d+)?", n)]
        assert not bad, f"{name}: amounts not grouped by three: {bad}"


def test_the_check_catches_a_name_broken_over_two_lines(phone, live_server) -> None:
    """The measure above is shown to catch a planted break: a transfer's name let wrap in a
    column too narrow for it."""
    owner = get_user_model().objects.create_user("laowang", password="mahjong-table-77")
    sitting = sitting_of(owner)
    page = log_in(phone(), live_server, owner, "zh-hans")
    page.set_viewport_size(NARROW)
    page.goto(f"{live_server.url}/sessions/{sitting.pk}/settle/")
    found = page.evaluate(BROKEN, [ONE_LINE, phrases("zh-hans")])
    assert not found["broken"]
    page.evaluate(
        """() => {
          const name = document.querySelector('[data-transfer] .who');
          name.style.whiteSpace = 'normal';
          name.parentElement.style.width = '2em';
          name.parentElement.style.display = 'inline-block';
        }"""
    )
    found = page.evaluate(BROKEN, [ONE_LINE, phrases("zh-hans")])
    assert any(entry["what"].startswith(".who: ") for entry in found["broken"]), found
