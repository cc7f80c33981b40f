"""Chinese on an English page is marked as Chinese (WCAG 3.1.2, Language of Parts).

An English page holds Chinese: the names players typed, an item's Chinese name beside its English
one, a quote of the rule book's source. A screen reader reads a run of Chinese characters with an
English voice unless an element around it says its language. ``MarkChineseMiddleware`` wraps each
such run of an English HTML response in ``<span lang="…">``: ``zh-Hant`` where OpenCC's ``t2s``
would change it, ``zh-Hans`` where ``s2t`` would, else ``zh`` (the characters both scripts write
alike). It leaves alone what is already inside a ``lang="zh…"`` element, attributes, and the text
of ``<script>``, ``<style>``, ``<textarea>`` and ``<title>`` (which cannot hold an element); an
``<option>`` holding Chinese gets its ``lang`` on the option itself.

One pass over the page with one compiled pattern; a page without a Chinese character is given
back as it came. Pages in Chinese, responses that are not HTML, streamed or already compressed
are not touched.

A part of the page drawn once and kept (``page_cache``: the ledger, the share page's rounds, the
settle-up) is marked once when it is drawn (``premarked``) and passed over whole afterwards, so
a page served from the cache pays for marking only what is drawn around it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

import opencc
from django.http import HttpRequest, HttpResponse
from django.utils.safestring import mark_safe

HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
WIDE = "\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65"
ANY_HAN = re.compile(f"[{HAN}]")
# A run: Chinese characters with the full-width punctuation inside and around them.
RUN = re.compile(f"[{WIDE}]*[{HAN}][{HAN}{WIDE}]*")
# The page's pieces, in order: comments, elements whose text is not marked (whole), an <option>
# with its text, any other tag, text.
ATTRS = r"""(?:[^>"']|"[^"]*"|'[^']*')*"""  # a tag's attributes: a quoted ">" stays inside
# A part already marked (``premarked``), balanced, outside any lang="zh…" element.
PREMARKED_OPEN, PREMARKED_CLOSE = "<!--lang-marked-->", "<!--/lang-marked-->"
PIECE = re.compile(
    rf"(?P<premarked>{PREMARKED_OPEN}(?P<premarked_inner>.*?){PREMARKED_CLOSE})"
    r"|(?P<comment><!--.*?-->)"
    rf"|(?P<raw><(?P<rawtag>script|style|textarea|title)\b{ATTRS}>.*?</(?P=rawtag)\s*>)"
    rf"|(?P<option><option\b(?P<optattrs>{ATTRS})>)(?P<optext>[^<]*)"
    rf"|(?P<tag></?(?P<name>[A-Za-z][A-Za-z0-9-]*)(?P<attrs>{ATTRS})>)"
    r"|(?P<text>[^<]+)"
    r"|(?P<other><)",
    re.S | re.I,
)
LANG = re.compile(r"""\blang\s*=\s*["']?([A-Za-z-]*)""", re.I)
VOID = frozenset("area base br col embed hr img input link meta param source track wbr".split())

_t2s = opencc.OpenCC("t2s")
_s2t = opencc.OpenCC("s2t")


@lru_cache(maxsize=4096)
def chinese_lang(run: str) -> str:
    """The ``lang`` of a Chinese run: ``zh-Hant`` if it holds traditional characters,
    ``zh-Hans`` if simplified ones, ``zh`` if it reads the same in both.

    >>> chinese_lang("阿東"), chinese_lang("荒庄"), chinese_lang("自摸")
    ('zh-Hant', 'zh-Hans', 'zh')
    """
    if _t2s.convert(run) != run:
        return "zh-Hant"
    if _s2t.convert(run) != run:
        return "zh-Hans"
    return "zh"


def _marked(text: str, element: str = "span") -> str:
    """Each Chinese run of ``text`` in an ``element`` with its ``lang`` (``tspan`` inside an
    ``<svg>``, where a ``<span>`` would stop the drawing of the text around it)."""
    return RUN.sub(
        lambda m: f'<{element} lang="{chinese_lang(m.group())}">{m.group()}</{element}>', text
    )


def premarked(html: str, language: str | None) -> str:
    """A part of a page drawn to be kept and reused (balanced HTML, placed outside any
    ``lang="zh…"`` element): for an English page, marked now and framed so that
    ``mark_chinese`` passes over it whole, dropping the frame; for the others, as it is."""
    if language != "en":
        return html
    return mark_safe(f"{PREMARKED_OPEN}{mark_chinese(html)}{PREMARKED_CLOSE}")


def mark_chinese(html: str) -> str:
    """``html`` with every Chinese run outside a ``lang="zh…"`` element in a ``<span lang>``;
    a part marked already (``premarked``) is passed over, without its frame."""
    if not ANY_HAN.search(html):
        if PREMARKED_OPEN in html:
            return html.replace(PREMARKED_OPEN, "").replace(PREMARKED_CLOSE, "")
        return html
    out: list[str] = []
    # Open elements: (name, inside Chinese). The page starts outside.
    stack: list[tuple[str, bool]] = [("", False)]
    for piece in PIECE.finditer(html):
        kind = piece.lastgroup
        inside = stack[-1][1]
        if piece.group("premarked") is not None:
            out.append(piece.group("premarked_inner"))
        elif piece.group("text") is not None:
            text = piece.group("text")
            if inside or not ANY_HAN.search(text):
                out.append(text)
            else:
                in_svg = any(name == "svg" for name, _ in stack)
                out.append(_marked(text, "tspan" if in_svg else "span"))
        elif piece.group("tag") is not None:
            out.append(piece.group("tag"))
            name = piece.group("name").lower()
            tag = piece.group("tag")
            if tag.startswith("</"):
                for i in range(len(stack) - 1, 0, -1):
                    if stack[i][0] == name:
                        del stack[i:]
                        break
            elif name not in VOID and not tag.endswith("/>"):
                lang = LANG.search(piece.group("attrs"))
                chinese = lang.group(1).lower().startswith("zh") if lang else inside
                stack.append((name, chinese))
        elif piece.group("option") is not None:
            text = piece.group("optext")
            attrs = piece.group("optattrs")
            if not inside and ANY_HAN.search(text) and not LANG.search(attrs):
                out.append(f'<option lang="{chinese_lang(text.strip())}"{attrs}>')
            else:
                out.append(piece.group("option"))
            out.append(text)
        else:
            out.append(piece.group(kind))
    return "".join(out)


class MarkChineseMiddleware:
    """Marks the Chinese of every English HTML page (``mark_chinese``)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            getattr(request, "LANGUAGE_CODE", "") != "en"
            or response.streaming
            or response.has_header("Content-Encoding")
            or not response.get("Content-Type", "").startswith("text/html")
        ):
            return response
        charset = response.charset or "utf-8"
        html = response.content.decode(charset)
        marked = mark_chinese(html)
        if marked is not html:
            response.content = marked.encode(charset)
            if response.has_header("Content-Length"):
                response["Content-Length"] = str(len(response.content))
        return response
