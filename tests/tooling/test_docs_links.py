"""The README is the door and docs/ the house: every relative link of README.md, docs/**/*.md and
benchmarks/README.md leads somewhere, and the README stays short.

A link resolves when its file exists inside the repository and its ``#fragment``, if any, names a
heading of that file: the heading's slug as GitHub makes it (lowercase, spaces to hyphens,
punctuation dropped, letters of any script kept, a second equal slug numbered ``-1``), or an
anchor the file names itself — ``{#R7-PAO_FENG}`` after a heading (the rule books' anchors, which
``calculator.web.rules_book`` gives the same ids on the site) or ``<a id="…">``.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parents[2]
README_MAX_LINES = 150

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,}).*?^ {0,3}\1[ \t]*$", re.S | re.M)
CODE_SPAN = re.compile(r"(`+)(?!`).+?(?<!`)\1(?!`)", re.S)
HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$", re.M)
EXPLICIT_ID = re.compile(r"[ \t]*\{[^}]*#([^\s}]+)[^}]*\}[ \t]*$")
HTML_ID = re.compile(r"<a\s[^>]*\b(?:id|name)=[\"']([^\"']+)[\"']", re.I)
# [text](target "title") and ![alt](target); the text may hold one level of brackets.
INLINE_LINK = re.compile(
    r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)"
)
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:[ \t]*<?(\S+?)>?(?:[ \t]+\"[^\"]*\")?[ \t]*$", re.M)
HTML_LINK = re.compile(r"<(?:a|img)\s[^>]*\b(?:href|src)=[\"']([^\"']+)[\"']", re.I)
EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//)", re.I)


def documents(root: Path = ROOT) -> list[Path]:
    """The documents whose links are checked."""
    found = [root / "README.md", *sorted((root / "docs").rglob("*.md"))]
    benchmarks = root / "benchmarks" / "README.md"
    return found + ([benchmarks] if benchmarks.exists() else [])


def without_code(text: str) -> str:
    """The text with its fenced blocks and code spans blanked: a link or a heading shown as code
    is not one."""
    text = FENCE.sub(lambda m: "\n" * m.group().count("\n"), text)
    return CODE_SPAN.sub("", text)


def github_slug(heading: str) -> str:
    """A heading's anchor as GitHub writes it: the text as it reads (code, emphasis and links
    reduced to their words), lowercased, every character that is neither a letter, a digit, a
    space, ``-`` nor ``_`` dropped, and each space a hyphen.

    >>> github_slug("Scoring one hand: `POST /api/score/`")
    'scoring-one-hand-post-apiscore'
    >>> github_slug("HZ1 Tiles · 牌")
    'hz1-tiles--牌'
    """
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link reads as its text
    text = re.sub(r"<[^>]+>", "", text)  # tags
    text = text.replace("`", "").replace("*", "")
    text = re.sub(r"(?<!\w)_+|_+(?!\w)", "", text)  # _emphasis_, not snake_case
    text = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return text.replace(" ", "-")


def anchors(text: str) -> set[str]:
    """Every fragment that lands somewhere in a Markdown file."""
    prose = FENCE.sub(lambda m: "\n" * m.group().count("\n"), text)
    found: set[str] = set(HTML_ID.findall(prose))
    seen: dict[str, int] = {}
    for match in HEADING.finditer(prose):
        heading = match.group(1)
        explicit = EXPLICIT_ID.search(heading)
        if explicit:
            found.add(explicit.group(1))
            heading = heading[: explicit.start()]
        slug = github_slug(heading)
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(slug if count == 0 else f"{slug}-{count}")
    return found


def link_targets(text: str) -> list[str]:
    """The targets of a document's links and images, in order, outside code."""
    prose = without_code(text)
    targets = [*INLINE_LINK.findall(prose), *REFERENCE.findall(prose), *HTML_LINK.findall(prose)]
    return [target for target in targets if not EXTERNAL.match(target)]


def broken_links(document: Path, root: Path = ROOT) -> list[str]:
    """Each relative link of a document that leads nowhere, with what is wrong with it."""
    problems = []
    text = document.read_text(encoding="utf-8")
    for target in link_targets(text):
        path_part, _, fragment = target.partition("#")
        path_part, fragment = unquote(path_part), unquote(fragment)
        target_file = (document.parent / path_part).resolve() if path_part else document
        if not target_file.is_relative_to(root.resolve()):
            problems.append(f"{target}: outside the repository")
            continue
        if not target_file.exists():
            problems.append(f"{target}: no such file")
            continue
        if not fragment:
            continue
        if target_file.suffix != ".md" or fragment not in anchors(
            target_file.read_text(encoding="utf-8")
        ):
            problems.append(f"{target}: no heading or anchor #{fragment}")
    return problems


@pytest.mark.parametrize("document", documents(), ids=lambda path: str(path.relative_to(ROOT)))
def test_every_relative_link_resolves(document: Path) -> None:
    assert broken_links(document) == []


def test_the_readme_is_the_door() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES


def test_the_docs_and_the_benchmarks_readme_are_checked() -> None:
    checked = {str(path.relative_to(ROOT)) for path in documents()}
    assert {"README.md", "benchmarks/README.md", "docs/api.md", "docs/architecture.md"} <= checked


@pytest.mark.parametrize(
    ("heading", "slug"),
    [
        ("Scoring one hand: `POST /api/score/`", "scoring-one-hand-post-apiscore"),
        ('`not_counted`: what "near" means', "not_counted-what-near-means"),
        ("HZ1 Tiles · 牌", "hz1-tiles--牌"),
        (
            "A page costs the same at round 20 and round 2,000",
            "a-page-costs-the-same-at-round-20-and-round-2000",
        ),
        ("Tap to preview: `entry.py`", "tap-to-preview-entrypy"),
        ("The **pages** and [the API](api.md)", "the-pages-and-the-api"),
        ('紅中麻將 (Hongzhong) — `"game": "hongzhong"`', "紅中麻將-hongzhong--game-hongzhong"),
    ],
)
def test_slugs_are_githubs(heading: str, slug: str) -> None:
    assert github_slug(heading) == slug


def test_the_checker_finds_a_broken_link_and_a_broken_anchor(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "rules.md").write_text(
        "# Rules\n\n## R6 Winning · 胡牌\n\n## R6 Winning · 胡牌\n\n"
        '### Wrong notation {#E_NOTATION}\n\n<a id="kept"></a>\n\n```\n## Not a heading\n```\n',
        encoding="utf-8",
    )
    readme = tmp_path / "README.md"
    readme.write_text(
        "# Door\n\n## Where the rest is\n\n"
        "- [rules](docs/rules.md), [R6](docs/rules.md#r6-winning--胡牌),"
        " [again](docs/rules.md#r6-winning--胡牌-1), [code](docs/rules.md#E_NOTATION),"
        " [kept](docs/rules.md#kept), [here](#where-the-rest-is), [web](https://example.org/x.md)\n"
        "- [gone](docs/missing.md) and [nowhere](docs/rules.md#r7)\n"
        "- [not a heading](docs/rules.md#not-a-heading), [escaped](../outside.md)\n"
        "- `[in code](docs/missing-too.md)`\n\n"
        "```sh\n[in a block](docs/missing-as-well.md)\n```\n",
        encoding="utf-8",
    )
    assert broken_links(readme, root=tmp_path) == [
        "docs/missing.md: no such file",
        "docs/rules.md#r7: no heading or anchor #r7",
        "docs/rules.md#not-a-heading: no heading or anchor #not-a-heading",
        "../outside.md: outside the repository",
    ]
