"""Every engine text a player reads names seats and things in words (docs/engine-api.md).

The three games' items' reasons, why-not reasons, 包 reasons and error messages are walked from
the rule-book tests of each game (R…, AJ…, HZ…) plus requests below that reach each message of a
seat or a request field. In no Chinese text is there a seat letter standing for a player
("S 胡 N 打出的牌"), a snake_case identifier ("kongs_before_win") or a request field's key
("请填 discarder"); in no English text a snake_case identifier or a seat letter; a seat is named
東家/东家 … / East …. What a player typed is quoted (「X」, 'X') and left as typed.

E_NOTATION is the one exception: it says what in the request cannot be read at all (a field that
is not a list, a tile string that is not notation) and names that field, for the API client that
wrote it; the pages never send such a request.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from scoring import score
from scoring.anji.errors import ERROR_CODES as ANJI_CODES
from scoring.anji.rows import ROWS as ANJI_ROWS
from scoring.hongzhong.errors import ERROR_CODES as HZ_CODES
from scoring.hongzhong.items import ITEMS as HZ_ITEMS
from tests.scoring.anji import test_aj12_errors as anji_errors
from tests.scoring.anji import test_aj15_examples as anji_examples
from tests.scoring.hongzhong import test_hz17_examples as hz_examples

# A seat letter standing alone for a player; a snake_case identifier; a request field's key.
SEAT_LETTER = re.compile(r"(?<![A-Za-z0-9_'.\-])[ESWN](?![A-Za-z0-9_'\-])")
SNAKE = re.compile(r"[A-Za-z]+_[a-z_]+")
FIELD_KEYS = re.compile(
    r"\b(?:discarder|winners?|dealer|concealed|win_tile|melds|others_melds|from|kind|tiles|"
    r"seat|birds|kongs|piao_fen|piao|robbed_kong|rules|ruleset|player_count|flowers|"
    r"first_turn|jia_piao|base_silver|dealer_streak|bar_tiles|kongs_before_win)\b"
)
# What was typed, quoted as typed.
QUOTED = re.compile(r"「[^」]*」|'[^']*'|\"[^\"]*\"")
CJK = re.compile(r"[\u3400-\u9fff]")


def faults(text: str, chinese: bool) -> list[str]:
    """What a player should not read in ``text``: seat letters, snake_case, field keys (the
    last in Chinese texts only: an English sentence may say "from" or "the dealer")."""
    bare = QUOTED.sub("", text)
    found = [f"seat letter {m.group(0)!r}" for m in SEAT_LETTER.finditer(bare)]
    found += [f"identifier {m.group(0)!r}" for m in SNAKE.finditer(bare)]
    if chinese:
        found += [f"field {m.group(0)!r}" for m in FIELD_KEYS.finditer(bare)]
    return found


@pytest.mark.parametrize(
    ("text", "chinese"),
    [
        pytest.param("S 胡 N 打出的牌", True, id="HZ7.3-seat-letters"),
        pytest.param("S 的手牌里没有红中", True, id="HZ4.4-seat-letter"),
        pytest.param("没说和在补牌上（kongs_before_win 为 0，R7 槓開）", True, id="R7-field"),
        pytest.param("几家一起胡只能是胡同一张打出的牌：请填 discarder", True, id="HZ3.3-field"),
        pytest.param("piao_fen 的 S=9 不行", True, id="HZ9.1-field-and-seat"),
        pytest.param("E 家第 1 組副露", True, id="R5-seat-letter"),
        pytest.param("S won on N's discard", False, id="HZ7.3-english-letters"),
        pytest.param("a discard win needs the house rule discard_win (AJ6.7)", False, id="AJ6.7"),
    ],
)
def test_a_planted_seat_letter_or_field_name_is_caught(text: str, chinese: bool) -> None:
    assert faults(text, chinese)


@pytest.mark.parametrize(
    "text",
    ["South has 1 points", "2 exposed kong(s)", "worth 7fan", "meld 1 is not a exposed kong"],
)
def test_a_planted_english_slip_is_caught(text: str) -> None:
    assert _bad([("planted", "", text)])


@pytest.mark.parametrize(
    "text",
    [
        "南家胡北家打出的牌",
        "南家的手牌里没有红中",
        "West fed South 3 pungs/kongs",
        "the drawn East Wind pairs the lone East Wind held",
        "座位「X」不是座位（东家、南家、西家、北家）",
        "R7 跑風、R6.5、AJ8.1 G9、E_CONTEXT",
    ],
)
def test_seat_words_rule_ids_and_typed_values_pass(text: str) -> None:
    assert not faults(text, bool(CJK.search(text)))


# --- the walk ---------------------------------------------------------------------------------

HZ_WIN = {"seat": "S", "concealed": "234m567m345p78s22p5z", "win_tile": "2p"}  # HZ17.1's hand
HZ_PLAIN = {"seat": "W", "concealed": "234m567m345p78s22p9s", "win_tile": "9s"}  # no 紅中


def hz(**fields: Any) -> dict[str, Any]:
    return {"game": "hongzhong", "dealer": "E", "winners": [HZ_WIN], **fields}


def hz_winner(**fields: Any) -> dict[str, Any]:
    return hz(winners=[{**HZ_WIN, **fields}])


HZ_REQUESTS = [
    *[row[1] for row in hz_examples.PAID],
    *[row[1] for row in hz_examples.REFUSED],
    # HZ7.3: a self-draw, a discard, a robbed kong either way (the reasons name both seats)
    hz(),
    hz(discarder="N"),
    hz(discarder="N", robbed_kong=True),
    hz(discarder="N", robbed_kong=True, rules={"qiang_gang_hu": "as_self_draw"}),
    hz(winners=[HZ_PLAIN]),  # HZ4.4 无红中
    hz(winners=[HZ_PLAIN], discarder="S"),
    hz(winners=[{"seat": "S", "concealed": "1133557799m1122p", "win_tile": "1m"}]),  # 七对
    hz(winners=[{"seat": "S", "concealed": "111222333m444p55p", "win_tile": "5p"}]),  # 碰碰胡
    # HZ15's E_CONTEXT, each naming a seat or a field in words
    hz(dealer="X"),
    hz(dealer=None),
    hz(winners=[HZ_WIN, HZ_WIN], discarder="N"),
    hz(winners=[{**HZ_WIN, "seat": "Q"}]),
    hz(discarder="Q"),
    hz(winners=[], discarder="N"),
    hz(winners=[HZ_WIN, {**HZ_PLAIN, "win_tile": "2p", "concealed": "234m567m345p78s22p2p"}]),
    hz(robbed_kong=True),
    hz(discarder="N", robbed_kong=True, rules={"qiang_gang_hu": "off"}),
    hz(discarder="N", rules={"discard_win": False}),
    hz(discarder="S"),
    hz(winners=[HZ_WIN, {**HZ_PLAIN, "win_tile": "2p"}], discarder="N", rules={"multi_win": False}),
    hz(kongs=[{"seat": "S", "kind": "concealed_kong"}]),
    hz(kongs=[{"seat": "Q", "kind": "concealed_kong"}]),
    hz(piao_fen={"Q": 1}),
    hz(piao_fen={"E": 9}, rules={"piao_fen_max": 2}),
    hz_winner(melds=[{"kind": "pung", "tiles": "222m", "from": "E"}] * 5),
    hz_winner(birds="3m6p9s"),
    hz_winner(concealed="234m567m345p78s2p5z5z", win_tile="5z"),
    hz(discarder="N", winners=[{**HZ_WIN, "concealed": "234m567m345p78s22p5z", "win_tile": "5z"}]),
    # HZ5's melds and the losers' kongs
    hz_winner(concealed="234m345p78s22p5z", melds=[{"kind": "chi", "tiles": "567m", "from": "E"}]),
    hz_winner(concealed="234m345p78s22p5z", melds=[{"kind": "pung", "tiles": "5z5z5z"}]),
    hz_winner(concealed="234m345p78s22p5z", melds=[{"kind": "pung", "tiles": "567m", "from": "E"}]),
    hz_winner(concealed="234m345p78s22p5z", melds=[{"kind": "kong", "tiles": "5555m"}]),
    hz_winner(
        concealed="234m345p78s22p5z",
        melds=[{"kind": "concealed_kong", "tiles": "5555m", "from": "E"}],
    ),
    hz_winner(
        concealed="234m345p78s22p5z", melds=[{"kind": "kong", "tiles": "5555m", "from": "Q"}]
    ),
    hz_winner(
        concealed="234m345p78s22p5z", melds=[{"kind": "kong", "tiles": "5555m", "from": "S"}]
    ),
    hz(kongs=[{"seat": "N", "kind": "kong", "tiles": "2222m"}]),
    hz_winner(concealed="234m567m345p78s22p"),  # 13 tiles
    hz_winner(concealed="2222m567m345p78s2p5z", win_tile="2p", birds="2m"),
    hz_winner(win_tile="9m"),
    hz_winner(concealed="13579m13579p159s5z", win_tile="5z"),
    hz(rules={"min_points": 9}),
    hz(rules={"hong_zhong_count": 6}),
    hz(rules={"bird_count": 99}),
    hz(rules={"bird_rule": "many"}),
    hz(rules={"multi_win": "yes"}),
    hz(rules={"nope": 1}),
    hz(ruleset="anji"),
]

ANJI_BASE = anji_examples.AJ15_1
ANJI_REQUESTS = [
    *[row[1] for row in anji_examples.EXAMPLES],
    *[row[0] for row in anji_examples.REFUSALS],
    *[row[1] for row in anji_errors.SINGLE],
    *[row[1] for row in anji_errors.PRECEDENCE],
    {**anji_examples.AJ15_2, "jia_piao": True},
    {**anji_examples.AJ15_1, "jia_piao": True},
    {**anji_examples.AJ15_9, "concealed": "1155m2299p44s66z7z3m"},  # 七对 with 财神
    {**ANJI_BASE, "winner": "Q"},
    {**ANJI_BASE, "dealer": "W", "player_count": 2},
    {**ANJI_BASE, "discarder": "S"},
    {**ANJI_BASE, "discarder": "W"},
    {**ANJI_BASE, "discarder": "W", "rules": {"discard_win": True}, "piao": 1},
    {**ANJI_BASE, "discarder": "W", "rules": {"discard_win": True}, "kongs_before_win": 1},
    {**ANJI_BASE, "first_turn": True, "jia_piao": True},
    {**ANJI_BASE, "piao_flowers": 1},
    {**ANJI_BASE, "player_count": 5},
    {**ANJI_BASE, "flowers": "1f1f"},
    {**ANJI_BASE, "rules": {"honor_cycle": "x"}},
    {**ANJI_BASE, "rules": {"bao_tou": -1}},
    {**ANJI_BASE, "rules": {"discard_win": 1}},
    {**ANJI_BASE, "rules": {"nope": 1}},
    {**ANJI_BASE, "base_silver": "2000000"},
    {**anji_examples.AJ15_2, "melds": [{"kind": "concealed_kong", "tiles": "5555m", "from": "E"}]},
    {**anji_examples.AJ15_2, "melds": [{"kind": "pung", "tiles": "555m", "from": "Q"}]},
    {**anji_examples.AJ15_2, "melds": [{"kind": "pung", "tiles": "555m", "from": "S"}]},
]


def texts(result: dict) -> Iterator[tuple[str, str, str]]:
    """(where, Chinese, English) of every text of a result or a refusal."""
    if "error" in result:
        error = result["error"]
        if error["code"] != "E_NOTATION":
            yield error["code"], error["message"], error["message_en"]
        return
    for item in result.get("items", []):
        yield item["code"], item.get("why", ""), item.get("why_en", "")
    for entry in result.get("not_counted", []):
        yield f"not counted {entry['code']}", entry["why"], entry["why_en"]
    for payment in result.get("payments", []):
        if payment.get("why"):
            yield "payment", payment["why"], payment["why_en"]
            yield "payment", payment["why_short"], payment["why_short_en"]


def walk(requests: list[dict]) -> tuple[list[tuple[str, str, str]], set[str], set[str]]:
    found, items, codes = [], set(), set()
    for request in requests:
        result = score(request)
        if "error" in result:
            codes.add(result["error"]["code"])
        for item in result.get("items", []) + result.get("not_counted", []):
            items.add(item["code"])
        found.extend(texts(result))
    return found, items, codes


HZ_FOUND, HZ_ITEMS_MET, HZ_CODES_MET = walk(HZ_REQUESTS)
ANJI_FOUND, ANJI_ITEMS_MET, ANJI_CODES_MET = walk(ANJI_REQUESTS)


def test_the_walks_meet_every_item_and_error_code() -> None:
    assert set(HZ_ITEMS) <= HZ_ITEMS_MET, set(HZ_ITEMS) - HZ_ITEMS_MET
    assert set(HZ_CODES) <= HZ_CODES_MET, set(HZ_CODES) - HZ_CODES_MET
    assert set(ANJI_ROWS) <= ANJI_ITEMS_MET, set(ANJI_ROWS) - ANJI_ITEMS_MET
    assert set(ANJI_CODES) <= ANJI_CODES_MET, set(ANJI_CODES) - ANJI_CODES_MET


# English slips (issue 26): "1 points", "kong(s)", "7fan", "a exposed kong".
ENGLISH_SLIPS = re.compile(
    r"(?<![\d.])1 (?:points|kongs|melds|tiles|birds|wilds|fan s)\b|\(s\)|\d(?:fan|points)\b"
    r"|\ba (?!one|uni|use|eu)[aeiou]\w*"
)


def _bad(found: list[tuple[str, str, str]]) -> list[str]:
    bad = set()
    for where, zh, en in found:
        for fault in faults(zh, chinese=True):
            bad.add(f"{where}: {fault} in {zh}")
        for fault in faults(en, chinese=False):
            bad.add(f"{where}: {fault} in {en}")
        for slip in ENGLISH_SLIPS.finditer(QUOTED.sub("", en)):
            bad.add(f"{where}: {slip.group(0)!r} in {en}")
    return sorted(bad)


def _anqing_found() -> list[tuple[str, str, str]]:
    from tests.scoring.anqing.test_explanation_language import FOUND

    return FOUND


@pytest.mark.parametrize(
    "found",
    [
        pytest.param(lambda: HZ_FOUND, id="hongzhong"),
        pytest.param(lambda: ANJI_FOUND, id="anji"),
        pytest.param(_anqing_found, id="anqing"),
    ],
)
def test_no_text_has_a_seat_letter_or_a_field_name(found: Any) -> None:
    bad = _bad(found())
    assert not bad, "\n".join(bad[:40])


def test_hongzhong_names_both_seats_of_a_discard_and_a_robbed_kong() -> None:
    """HZ7.3: the reason names the winner and the discarder by their seat words."""
    discard = score(hz(discarder="N"))["wins"][0]["items"]
    why = {item["code"]: item for item in discard}["ZHUA_PAO"]
    assert why["why"] == "南家胡北家打出的牌"
    assert why["why_en"] == "South won on North's discard"
    robbed = score(hz(discarder="N", robbed_kong=True))["wins"][0]["items"]
    why = {item["code"]: item for item in robbed}["ZHUA_PAO"]
    assert why["why"] == "南家抢北家的杠胡牌，算点炮"
    plain = score(hz(winners=[HZ_PLAIN], discarder="S"))["wins"][0]["items"]
    assert {i["code"]: i for i in plain}["WU_HONG_ZHONG"]["why"] == "西家的手牌里没有红中"


@pytest.mark.parametrize(
    ("request_", "field", "says"),
    [
        pytest.param(hz(winners=[HZ_WIN, HZ_WIN]), "winners[1].seat", "写了两次", id="HZ15-seat"),
        pytest.param(
            hz(winners=[HZ_WIN, {**HZ_PLAIN, "win_tile": "2p"}]),
            "discarder",
            "请填点炮的人",
            id="HZ3.3-discarder",
        ),
        pytest.param(
            hz(piao_fen={"E": 9}, rules={"piao_fen_max": 2}),
            "piao_fen.E",
            "东家飘 9 分不行",
            id="HZ9.1-piao",
        ),
        pytest.param(
            hz(discarder="N", rules={"discard_win": False}),
            "rules.discard_win",
            "「可以抓炮」",
            id="HZ3.2-house-rule",
        ),
        pytest.param(
            {**ANJI_BASE, "discarder": "W"},
            "rules.discard_win",
            "「允许放冲胡」",
            id="AJ6.7-house-rule",
        ),
        pytest.param(
            {**ANJI_BASE, "discarder": "W", "rules": {"discard_win": True}, "piao": 1},
            "piao",
            "放冲和牌不能同时有飘",
            id="AJ8.1-piao",
        ),
    ],
)
def test_a_refusal_says_the_field_in_words_and_gives_its_key(
    request_: dict, field: str, says: str
) -> None:
    error = score(request_)["error"]
    assert error["field"] == field, error
    assert says in error["message"], error
    assert not faults(error["message"], chinese=True), error


@pytest.mark.parametrize(
    "request_",
    [
        {"winner": "S", "dealer": "E", "indicator": "9m", "concealed": "1m", "win_tile": "1m"},
        {"game": "anji", "winner": "S", "dealer": "E", "indicator": "9m", "concealed": "1m",
         "win_tile": "1m"},
        {"game": "hongzhong", "dealer": "E",
         "winners": [{"seat": "S", "concealed": "1m", "win_tile": "1m"}]},
    ],
    ids=["R11", "AJ12", "HZ15"],
)
def test_a_one_tile_hand_is_counted_in_english_without_a_slip(request_) -> None:
    """E_TILE_COUNT of a hand of one tile: "1 tile", never "1 tiles" (the count is 1)."""
    error = score(request_)["error"]
    assert error["code"] == "E_TILE_COUNT", error
    assert not ENGLISH_SLIPS.search(error["message_en"]), error["message_en"]
