"""Every page a table reads, in 简体, 繁體 and English, for every game of the registry (and one
more registered from the tests), holds only words a player can use (issue 26): no seat letter
standing for a player, no field name outside ``<code>``, no character of the other Chinese
script (OpenCC), no Chinese on an English page without its ``lang`` (WCAG 3.1.2), none of the
English slips ("(s)", "1 points", "7fan", full-width punctuation), a rule book in Chinese prose on
a Chinese page, and no word of another game. The rules are ``tests/pages/words.py``; each is
shown below to catch an example planted in a snippet and to pass a good one.

The sittings are played as a table plays them, through the services: Anqing's plain win, 跑風, 包
(R10), a 鑽 standing in (R4.1), a bar tile (R4.4) and a draw; Anji's self-draw with its 財神 and
flowers (AJ15.1), a discard win (AJ6.7) and a draw; 紅中's twelve rounds of
``tests/calculator/hongzhong_sitting.py`` (self-draws, discards, 一炮多響 HZ3.3, draws with kongs
HZ10.3); a game of the registry without rounds written here plays what it can of a win by the
winner alone and a draw."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from calculator.models import Session
from calculator.services.groups import group_create
from calculator.services.rounds import round_record
from calculator.services.sittings import session_create
from calculator.web import rules_book
from scoring import games
from scoring.tiles import FACES, tile_name
from tests.calculator import hands
from tests.calculator import hongzhong_sitting as hz
from tests.calculator.test_games_anji import AJ15_1, AJ15_3
from tests.pages import words
from tests.pages.words import Finding, Page

pytestmark = pytest.mark.django_db

LANGUAGES = ("zh-hans", "zh-hant", "en")
PLAYERS = ["老王", "阿芳", "小李", "阿東"]
SITTING = "周六晚上"
GROUP = "老朋友"
# The test game: registered by the fixture below as any game is, from its package alone.
TEST_GAME_PACKAGE = "tests.fourth_game.tuidao"

# Words of one game only, beyond what the games declare (the wild's and the draw's names, 包):
# each game's rule book (anqing-rules R6.5 跑風; anji-rules AJ9 flowers; hongzhong-rules HZ8
# birds, HZ7.1 無紅中).
ONLY = {
    "anqing": ("跑风", "跑風"),
    "anji": ("花牌", "补花", "補花"),
    "hongzhong": ("抓鸟", "抓鳥", "鸟", "鳥", "无红中", "無紅中"),
}

# The rounds each game plays, as the services record them (the API's round bodies).
ANQING_ROUNDS: list[dict[str, Any]] = [
    hands.plain("E"),  # a self-draw, MEN_QING (R7)
    hands.paofeng("S"),  # 跑風 on the lone 9p (R7)
    hands.bao("W", "N"),  # 順包 ×6 (R10.1, R10.2)
    {**hands.plain("N"), "concealed": "123m456m234s67s1p99p"},  # the 鑽 1p as 8s (R4.1)
    {  # a bar tile, and a pung and a chow fed (R4.4, R9's example)
        "result": "win",
        "winner": "S",
        "indicator": "6m",
        "concealed": "234m345p66s",
        "win_tile": "6s",
        "bar_tiles": 1,
        "melds": [
            {"kind": "pung", "tiles": "111z", "from": "E"},
            {"kind": "chi", "tiles": "789s", "from": "E"},
        ],
    },
    hands.DRAW,  # 荒莊 (R2.2)
]
ANJI_ROUNDS: list[dict[str, Any]] = [
    {"result": "win", "winner": "S", **AJ15_1},  # 財神 and two flowers, self-drawn (AJ15.1)
    {"result": "win", "winner": "W", "discarder": "N", **AJ15_3},  # on N's discard (AJ6.7)
    {"result": "draw"},
]
KNOWN_ROUNDS: dict[str, tuple[dict[str, Any], list[dict[str, Any]]]] = {
    # game: (session_create's fields, rounds)
    "anqing": ({}, ANQING_ROUNDS),
    "anji": ({"rules": {"discard_win": True, "discard_win_with_caishen": True}}, ANJI_ROUNDS),
    "hongzhong": ({}, [step.body for step in hz.ROUNDS]),
}


@pytest.fixture
def every_game() -> Iterator[dict[str, games.Game]]:
    """The registry with the test game in it (registered with its one line)."""
    test_game = games.register(TEST_GAME_PACKAGE)
    yield dict(games.GAMES.items())
    games.unregister(test_game.code)


@pytest.fixture
def table(db) -> Any:
    user = get_user_model().objects.create_user("laowang", password="pw-table-8899")
    client = Client()
    client.force_login(user)
    return user, client


def rounds_for(game: games.Game, player_count: int) -> tuple[dict[str, Any], list[dict]]:
    if game.code in KNOWN_ROUNDS:
        return KNOWN_ROUNDS[game.code]
    # A game without rounds written here (one written from docs/engine-api.md alone): rounds made
    # from what it declares. A plain hand of four chows and a pair, self-drawn by the second seat;
    # where the game has discard wins, the same hand won on the first seat's discard (with the
    # house rule that allows it); a draw. The game must take the wins as well as the draw.
    hand = {"concealed": "123456789m11p234p", "win_tile": "4p"}
    fields: dict[str, Any] = {}
    bodies: list[dict[str, Any]] = [{"result": "win", "winner": "S", **hand}]
    if game.features.discard_wins:
        bodies.append({"result": "win", "winner": "W", "discarder": "E", **hand})
        if game.features.discard_wins_rule:
            fields["rules"] = {game.features.discard_wins_rule: True}
    bodies.append({"result": "draw"})
    return fields, bodies


def play(user: Any, game: games.Game) -> tuple[Session, list[int]]:
    """A sitting of ``game`` with the players above and its rounds recorded; the numbers of the
    rounds kept."""
    player_count = max(game.seat_counts)
    fields, bodies = rounds_for(game, player_count)
    session = session_create(
        owner=user,
        name=SITTING,
        players=PLAYERS[:player_count],
        game=game.code,
        player_count=player_count,
        base_silver="2",
        **fields,
    )
    kept = []
    for body in bodies:
        kept.append(round_record(session=session, entry=body, user=user).round.number)
    session.refresh_from_db()
    return session, kept


def shared_words() -> set[str]:
    """Words every game may say: the tiles' names (紅中 is a tile of every game)."""
    return {tile_name(face, lang) for face in FACES for lang in ("zh-hans", "zh-hant")}


def typed_names() -> tuple[str, ...]:
    names = [*PLAYERS, SITTING, GROUP]
    return tuple(names)


class Reader:
    """Opens pages in one language and keeps what the rules find."""

    def __init__(self, client: Client, language: str, every: dict[str, games.Game]) -> None:
        self.client = client
        self.language = language
        self.every = every
        self.client.cookies["django_language"] = language
        self.findings: list[Finding] = []
        self.pages: list[str] = []
        self.shared = shared_words()

    def open(
        self,
        name: str,
        url: str,
        *,
        game: str | None = None,
        book: bool = False,
        data: dict | None = None,
        status: tuple[int, ...] = (200,),
    ) -> str:
        if data is None:
            response = self.client.get(url)
        else:
            response = self.client.post(url, data)
        assert response.status_code in status, (name, url, response.status_code)
        html = response.content.decode()
        foreign = words.foreign_words(self.every, game, ONLY, self.shared) if game else ()
        page = Page(
            name=f"{name} [{self.language}] {url}",
            language=self.language,
            typed=typed_names(),
            foreign=foreign,
            book=book,
        )
        self.pages.append(page.name)
        self.findings += words.check(html, page)
        return html


class HandForm(HTMLParser):
    """What the hand form (``data-hand-form``) of a page sends as it stands: its inputs' values
    (checked ones for radios and boxes), its selects' chosen options, its text areas."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.inside = False
        self.data: dict[str, list[str]] = {}
        self.select: str | None = None
        self.textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.inside = "data-hand-form" in a
        if not self.inside or not a.get("name"):
            if self.inside and tag == "option" and self.select:
                # A browser sends the chosen option, else the first.
                if "selected" in a or self.select not in self.data:
                    self.data[self.select] = [a.get("value", "")]
            return
        kind = a.get("type", "text").lower()
        if tag == "input" and kind not in ("submit", "button", "file"):
            if kind in ("radio", "checkbox") and "checked" not in a:
                return
            default = "on" if kind in ("radio", "checkbox") else ""
            self.data.setdefault(a["name"], []).append(a.get("value", default))
        elif tag == "select":
            self.select = a["name"]
        elif tag == "textarea":
            self.textarea = a["name"]
            self.data.setdefault(a["name"], []).append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self.select = None
        elif tag == "textarea":
            self.textarea = None

    def handle_data(self, data: str) -> None:
        if self.textarea:
            self.data[self.textarea][-1] += data


def hand_form_data(html: str) -> dict[str, list[str]]:
    form = HandForm()
    form.feed(html)
    return form.data


def read_every_page(reader: Reader, user: Any, every: dict[str, games.Game]) -> None:
    sittings: dict[str, Session] = {}
    for code, game in every.items():
        session, kept = play(user, game)
        sittings[code] = session
        pk = session.pk
        name = game.names["en"]
        reader.open(f"{name}: new sitting", f"/sessions/new/?game={code}")
        reader.open(f"{name}: sitting", f"/sessions/{pk}/", game=code)
        reader.open(f"{name}: draw question", f"/sessions/{pk}/?confirm=draw", game=code)
        reader.open(f"{name}: undo question", f"/sessions/{pk}/?confirm=undo", game=code)
        reader.open(f"{name}: round form", f"/sessions/{pk}/rounds/new/", game=code)
        reader.open(
            f"{name}: round form refused",
            f"/sessions/{pk}/rounds/new/",
            game=code,
            data={"confirm": "1"},
            status=(200, 400),
        )
        reader.open(f"{name}: house rules", f"/sessions/{pk}/rules/", game=code)
        reader.open(f"{name}: settle-up", f"/sessions/{pk}/settle/", game=code)
        book = rules_book.books().get(code)
        if book is not None:
            reader.open(f"{name}: rule book", rules_book.book_url(book), game=code, book=True)
        reader.open(f"{name}: calculator", f"/calculator/?game={code}", game=code)
        token = session.share_token
        reader.open(f"{name}: share page", f"/share/{token}/", game=code)
        reader.open(f"{name}: share page's settle-up", f"/share/{token}/?settle=1", game=code)
        reader.open(f"{name}: board", f"/share/{token}/board/", game=code)
        reader.open(f"{name}: sitting's board", f"/sessions/{pk}/board/", game=code)
        for number in kept:
            why = reader.open(
                f"{name}: why of round {number}", f"/sessions/{pk}/rounds/{number}/", game=code
            )
            reader.open(
                f"{name}: shared why of round {number}",
                f"/share/{token}/rounds/{number}/",
                game=code,
            )
            check = re.search(r'href="(/calculator/\?[^"]+)" data-check-link', why)
            if check:
                reader.open(
                    f"{name}: calculator result of round {number}",
                    check.group(1).replace("&amp;", "&"),
                    game=code,
                )
        if kept:
            reader.open(
                f"{name}: void question",
                f"/sessions/{pk}/rounds/{kept[0]}/void/",
                game=code,
            )
            # The correction form of the first round, and its preview as the form stands.
            edit_url = f"/sessions/{pk}/rounds/{kept[0]}/edit/"
            edit = reader.open(f"{name}: correction form", edit_url, game=code)
            reader.open(
                f"{name}: correction preview",
                edit_url,
                game=code,
                data={**hand_form_data(edit), "preview": "1"},
            )
    anqing = sittings[games.game_of(None).code]
    people = list(anqing.seat_players().values())
    group = group_create(owner=user, name=GROUP, players=[p.pk for p in people])
    reader.open("player page", f"/players/{people[0].pk}/")
    reader.open("players", "/players/")
    reader.open("group page", f"/groups/{group.pk}/")
    reader.open("sittings", "/sessions/")
    reader.open("not found", "/sessions/999999/", status=(404,))
    reader.open("new sitting refused", "/sessions/new/", data={"name": ""}, status=(200, 400))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_a_table_reads_keeps_the_words_rules(
    language: str, table: Any, every_game: dict[str, games.Game]
) -> None:
    user, client = table
    reader = Reader(client, language, every_game)
    read_every_page(reader, user, every_game)
    assert len(reader.pages) > 20 * len(every_game)
    totals = words.counts(reader.findings)
    assert not reader.findings, (
        f"{len(reader.findings)} problems on {len({f.page for f in reader.findings})} of "
        f"{len(reader.pages)} pages ({totals}):\n{words.report(reader.findings)}"
    )


# --- each rule catches a planted example and passes a good one -------------------------------

HANS = Page("planted", "zh-hans", typed=("阿東",))
HANT = Page("planted", "zh-hant")
EN = Page("planted", "en")


def wrap(body: str, lang: str) -> str:
    return f'<!doctype html><html lang="{lang}"><body><main>{body}</main></body></html>'


PLANTED = [
    # (rule, page, bad snippet, good snippet)
    ("seat letter", HANS, "<p>S 胡 N 打出的牌</p>", "<p>南 · 阿芳 胡 北 · 小李 打出的牌</p>"),
    ("seat letter", EN, "<p>Dealer: W</p>", '<p>Dealer: West · <span lang="zh">小李</span></p>'),
    ("seat letter", EN, "<td>Pung · Pung ← N</td>", "<td>Pung · Pung ← North</td>"),
    # HZ8.2's "抓N鸟" / "N birds" counts birds; a seat letter beside it is still one
    ("seat letter", HANS, "<option>抓N鸟：鸟落在 N 身上</option>", "<option>抓N鸟：鸟落在谁身上</option>"),
    ("seat letter", EN, "<p>paid by N</p>", "<p>read by N birds</p>"),
    (
        "field name",
        HANS,
        "<p>改过的家规: discard_win=True</p>",
        "<p>改过的家规：<code>discard_win</code> 可以抓炮</p>",
    ),
    ("field name", HANS, "<p>PAO_FENG 6番</p>", "<p>跑风 6番</p>"),
    ("field name", EN, '<button title="kongs_before_win">?</button>', "<p>A kong first</p>"),
    (
        "other script",
        HANS,
        "<p>他們是两个人，所以不能合併</p>",
        "<p>他们是两个人，所以不能合并；阿東 胡了</p>",
    ),
    ("other script", HANT, "<h2>人数与庄家</h2>", "<h2>人數與莊家</h2>"),
    (
        "other script",
        HANS,
        "<p>座位與莊家</p>",
        '<p class="quote" lang="zh-hant">「摸鑽」</p><blockquote>與</blockquote>',
    ),
    (
        "unmarked Chinese",
        EN,
        "<p>Self-draw 自摸</p>",
        '<p>Self-draw <span lang="zh-Hant">自摸</span></p>',
    ),
    ("unmarked Chinese", EN, '<img alt="老王">', '<img alt="老王" lang="zh">'),
    ("English slip", EN, "<p>1 bar tile(s)</p>", "<p>1 bar tile</p>"),
    ("English slip", EN, "<p>1 points</p>", "<p>1 point, 2 points</p>"),
    ("English slip", EN, "<p>5points 9fan</p>", "<p>5 points, 9 fan</p>"),
    ("English slip", EN, "<p>Still missing：a pair</p>", "<p>Still missing: a pair</p>"),
    ("English slip", EN, '<p>Self-draw<span lang="zh">x</span>Win自摸</p>', "<p>Win</p>"),
    (
        "other game's word",
        Page("planted", "zh-hans", foreign=("荒庄", "包")),
        "<p>荒庄</p>",
        "<p>流局</p>",
    ),
    (
        "other game's word",
        Page("planted", "zh-hans", foreign=("包",)),
        "<p>顺包 ×6</p>",
        "<p>包括杠分</p>",
    ),
]


@pytest.mark.parametrize(("rule", "page", "bad", "good"), PLANTED)
def test_each_rule_catches_a_planted_example(rule: str, page: Page, bad: str, good: str) -> None:
    found = words.check(wrap(bad, page.language), page)
    assert rule in {f.rule for f in found}, found
    assert not words.check(wrap(good, page.language), page)


def test_a_rule_book_in_english_on_a_chinese_page_is_caught() -> None:
    book = Page("book", "zh-hans", book=True)
    english = (
        "<article><h1>Anqing</h1><p>The dealer pays double when others_melds is set.</p></article>"
    )
    chinese = "<article><h1>安庆麻将</h1><p>庄家输赢加倍；<code>others_melds</code> 见附录。</p></article>"
    assert "rule book not Chinese" in {f.rule for f in words.check(wrap(english, "zh-hans"), book)}
    assert not words.check(wrap(chinese, "zh-hans"), book)
    # The same English book on an English page is the book in its language.
    assert not words.check(
        wrap(english.replace("others_melds", "x"), "en"), Page("b", "en", book=True)
    )


def test_another_games_words_come_from_what_the_games_declare(every_game) -> None:
    shared = shared_words()
    anqing = words.foreign_words(every_game, "anqing", ONLY, shared)
    anji = words.foreign_words(every_game, "anji", ONLY, shared)
    hongzhong = words.foreign_words(every_game, "hongzhong", ONLY, shared)
    assert {"財神", "财神", "抓鸟", "無紅中"} <= set(anqing)
    assert "钻" not in anqing and "鑽" not in anqing
    assert {"钻", "鑽", "包", "跑風"} <= set(anji) and "財神" not in anji
    assert {"钻", "鑽", "包", "財神"} <= set(hongzhong) and "抓鸟" not in hongzhong
    assert "紅中" not in anqing  # a tile every game has


def test_the_report_groups_findings_by_page_and_rule() -> None:
    found = [
        Finding("a", "seat letter", "S 胡"),
        Finding("a", "seat letter", "N 打"),
        Finding("b", "field name", "discard_win"),
    ]
    text = words.report(found)
    assert text.splitlines()[:2] == ["a:", "  seat letter (2):"]
    assert "b:\n  field name (1):\n    'discard_win'" in text
