"""The registry of games (``scoring.games``): package names loaded on first use, one line to
register one more, no game importing it back; what each game declares (``scoring.base``):
features, specials against the engine's own wild, the house-rule schema against the engine's
defaults and bounds, base silver's bounds."""

from __future__ import annotations

import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

import scoring
from scoring import games
from scoring.base import SEATS, Features, Game, HouseRule
from scoring.errors import ScoringError
from scoring.tiles import FACES, FLOWERS

ROOT = Path(__file__).resolve().parents[2]
GAME_PACKAGES = ("scoring.anqing", "scoring.anji", "scoring.hongzhong")
LANGUAGES = ("zh-hans", "zh-hant", "en")
RULE_PREFIX = {"anqing": "R", "anji": "AJ", "hongzhong": "HZ"}


def run(code: str) -> str:
    """``code`` in a fresh interpreter at the project's root; its output."""
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


# A ``scoring`` package whose __init__ is empty: nothing of it is imported before the module.
EMPTY_ROOT = (
    "import sys, types; root = types.ModuleType('scoring'); root.__path__ = ['scoring']; "
    "sys.modules['scoring'] = root; import importlib; "
)


# -- the registry --------------------------------------------------------------------------


def test_the_registry_names_packages() -> None:
    assert games.PACKAGES == GAME_PACKAGES
    assert list(games.GAMES) == ["anqing", "anji", "hongzhong"]
    assert scoring.GAMES is games.GAMES
    for package in GAME_PACKAGES:
        module = sys.modules[package]
        assert games.GAMES[module.GAME.code] is module.GAME


def test_the_public_names_stay() -> None:
    assert scoring.Game is games.Game is Game
    assert games.SEATS == SEATS == scoring.SEATS == ("E", "S", "W", "N")
    assert games.DEFAULT_GAME == "anqing" and games.game_of(None).code == "anqing"
    assert scoring.score is games.score and scoring.waits is games.waits
    with pytest.raises(ScoringError):
        games.game_of("nope")


def test_no_game_is_imported_before_the_registry_is_read() -> None:
    out = run(
        EMPTY_ROOT + "import scoring.games as g; "
        "print(sorted(m for m in sys.modules if m.startswith('scoring.'))); "
        "g.GAMES.get('anji'); print('scoring.anji' in sys.modules, 'scoring.hongzhong' in sys.modules)"
    )
    first, second = out.splitlines()
    assert not any(package in first for package in GAME_PACKAGES), first
    assert second == "True True"


def test_the_package_root_loads_no_other_game_until_asked() -> None:
    out = run(
        "import sys, scoring; print('scoring.anji' in sys.modules, "
        "'scoring.hongzhong' in sys.modules); scoring.score({'game': 'hongzhong'}); "
        "print('scoring.hongzhong' in sys.modules)"
    )
    assert out.splitlines() == ["False False", "True"]


@pytest.mark.parametrize(
    "module",
    [
        *GAME_PACKAGES,
        "scoring.anqing.engine",
        "scoring.anji.engine",
        "scoring.anji.hand",
        "scoring.anji.readings",
        "scoring.hongzhong.engine",
        "scoring.base",
        "scoring.games",
    ],
)
def test_each_module_imports_alone_with_an_empty_package_root(module: str) -> None:
    """No circle: a game imports only what every game shares, never the registry."""
    out = run(
        EMPTY_ROOT + f"importlib.import_module({module!r}); print('scoring.games' in sys.modules)"
    )
    assert out == ("True" if module == "scoring.games" else "False")


def test_no_game_package_imports_the_registry() -> None:
    for path in (ROOT / "scoring").glob("*/*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import scoring.games" not in text and "from scoring.games" not in text, path
    base = (ROOT / "scoring" / "base.py").read_text(encoding="utf-8")
    imports = [line for line in base.splitlines() if line.startswith(("import ", "from "))]
    assert all(
        not line.split()[1].startswith("scoring")
        or line.split()[1] in ("scoring.errors", "scoring.notation")
        for line in imports
    ), imports


@pytest.fixture
def registered():
    game = games.register("registry_game")
    yield game
    games.unregister(game.code)


def test_one_line_registers_one_more_game(registered: Game) -> None:
    assert registered.code in games.GAMES and "registry_game" in games.GAMES.packages
    assert "registry_game" not in games.PACKAGES  # the tuple names the project's own
    assert list(games.GAMES)[-1] == registered.code
    result = scoring.score({"game": registered.code, "winner": "S"})
    assert result["game"] == registered.code and result["total"] == "6"
    assert games.game_of(registered.code) is registered
    assert games.register("registry_game") is registered  # twice: the same game


def test_unregister_takes_it_out(registered: Game) -> None:
    games.unregister(registered.code)
    assert registered.code not in games.GAMES
    assert "registry_game" not in games.GAMES.packages
    assert scoring.score({"game": registered.code})["error"]["code"] == "E_RULES"
    games.register("registry_game")  # for the fixture to take out again


def test_a_code_taken_twice_is_refused() -> None:
    with pytest.raises(ValueError):
        games.Registry(["scoring.anji", "scoring.anji.game"])["anji"]


def test_a_package_without_a_game_is_refused() -> None:
    with pytest.raises(TypeError):
        games.register("scoring.tiles")
    assert "scoring.tiles" not in games.GAMES.packages


def test_a_game_that_declares_nothing_gets_plain_defaults(registered: Game) -> None:
    assert registered.features == Features()
    assert registered.specials("1m") == {"wild": None, "stand_ins": [], "bar_tiles": []}
    schema = registered.house_rules()
    assert [(r.key, r.type, r.default) for r in schema] == [
        ("points", "int", 2),
        ("on", "bool", True),
    ]
    assert registered.max_silver == Decimal(1_000_000) and registered.silver_places == 4


# -- features --------------------------------------------------------------------------------


def test_features() -> None:
    anqing, anji, hongzhong = (games.GAMES[c] for c in ("anqing", "anji", "hongzhong"))
    assert (anqing.features.indicator, anji.features.indicator, hongzhong.features.indicator) == (
        True,
        True,
        False,
    )
    assert [g.features.wild_names["zh-hans"] for g in (anqing, anji, hongzhong)] == [
        "钻",
        "财神",
        "红中",
    ]
    assert [g.features.unit for g in (anqing, anji, hongzhong)] == ["fan", "points", "points"]
    assert anqing.features.unit_names == {"zh-hans": "番", "zh-hant": "番", "en": "fan"}
    assert hongzhong.features.unit_names == {"zh-hans": "分", "zh-hant": "分", "en": "points"}
    assert anqing.features.draw_names["zh-hant"] == "荒莊"
    assert hongzhong.features.draw_names["zh-hans"] == "流局"
    assert not anqing.features.discard_wins and not anqing.features.several_winners
    assert anji.features.discard_wins and not anji.features.several_winners
    assert hongzhong.features.discard_wins and hongzhong.features.several_winners
    for game in (anqing, anji, hongzhong):
        for rule in (game.features.discard_wins_rule, game.features.several_winners_rule):
            assert rule is None or rule in game.house_rule_defaults(game.default_ruleset)
        for names in (game.features.unit_names, game.features.draw_names):
            assert set(names) == set(LANGUAGES) and all(names.values())
        assert game.features.has_wild and set(game.features.wild_names) == set(LANGUAGES)


# -- specials against the engine's own wild ----------------------------------------------------


def _hand_without(indicator: str) -> str:
    """Thirteen tiles a waits request can take with ``indicator`` turned up."""
    return "1112223334445s" if indicator[1] == "p" else "1112223334445p"


@pytest.mark.parametrize("indicator", FACES)
def test_anqing_specials_are_the_engines(indicator: str) -> None:
    answer = scoring.waits(
        {"indicator": indicator, "dealer": "E", "concealed": _hand_without(indicator)}
    )
    assert "error" not in answer, answer
    stand_in = answer["stand_in"]
    assert games.GAMES["anqing"].specials(indicator) == {
        "wild": answer["wild"],
        "stand_ins": [] if stand_in is None else [stand_in],
        "bar_tiles": answer["bar_faces"],
    }
    assert scoring.specials(indicator)["wild"] == answer["wild"]


@pytest.mark.parametrize("cycle", ["seven", "winds4_dragons3"])
@pytest.mark.parametrize("indicator", [*FACES, *FLOWERS])
def test_anji_specials_are_the_engines(indicator: str, cycle: str) -> None:
    answer = scoring.waits(
        {
            "game": "anji",
            "indicator": indicator,
            "dealer": "E",
            "concealed": _hand_without(indicator),
            "rules": {"honor_cycle": cycle},
        }
    )
    assert "error" not in answer, answer
    anji = games.GAMES["anji"]
    expected = {"wild": answer["wild"], "stand_ins": [], "bar_tiles": []}
    assert anji.specials(indicator, {"honor_cycle": cycle}) == expected
    assert anji.specials(indicator, anji.make_rules("anji", {"honor_cycle": cycle})) == expected


def test_hongzhongs_wild_is_the_engines() -> None:
    hongzhong = games.GAMES["hongzhong"]
    assert hongzhong.specials(None) == {"wild": "5z", "stand_ins": [], "bar_tiles": []}
    assert hongzhong.specials("3m", hongzhong.make_rules("hongzhong", None))["wild"] == "5z"

    def win(concealed: str) -> dict:
        return scoring.score(
            {
                "game": "hongzhong",
                "dealer": "E",
                "winners": [{"seat": "S", "concealed": concealed, "win_tile": "2p"}],
            }
        )

    # the same hand wins with the 紅中 and not with another honour in its place (HZ4)
    assert "error" not in win("234m567m345p78s22p5z")
    assert "error" in win("234m567m345p78s22p1z")


@pytest.mark.parametrize("indicator", ["", None, "1f", "12m", "0m", "x", 7])
def test_anqing_specials_of_what_is_not_one_tile(indicator: object) -> None:
    assert games.GAMES["anqing"].specials(indicator) is None


@pytest.mark.parametrize("indicator", ["", None, "9f", "12m", "8z", " 7s", 7])
def test_anji_specials_of_what_is_not_one_tile(indicator: object) -> None:
    assert games.GAMES["anji"].specials(indicator) is None


# -- the house-rule schema against the engine --------------------------------------------------


def _every_ruleset():
    for game in ("anqing", "anji", "hongzhong"):
        for ruleset in games.GAMES[game].rulesets:
            yield pytest.param(game, ruleset, id=f"{game}-{ruleset}")


def _plain(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


@pytest.mark.parametrize(("code", "ruleset"), list(_every_ruleset()))
def test_the_schema_agrees_with_the_defaults(code: str, ruleset: str) -> None:
    game = games.GAMES[code]
    schema = game.house_rules(ruleset)
    defaults = game.house_rule_defaults(ruleset)
    assert [rule.key for rule in schema] == list(defaults)
    for rule in schema:
        assert isinstance(rule, HouseRule)
        assert _plain(rule.default) == _plain(defaults[rule.key]), rule.key
        assert rule.allows(rule.default), rule.key
        assert set(rule.labels) == set(LANGUAGES) and all(rule.labels.values()), rule.key
        assert rule.rule_id.startswith(RULE_PREFIX[code]), (rule.key, rule.rule_id)
        if rule.type == "choice":
            assert rule.default in rule.choices
            assert set(rule.choice_labels) == set(rule.choices), rule.key
            for labels in rule.choice_labels.values():
                assert set(labels) == set(LANGUAGES) and all(labels.values())


def _accepted(game: Game, ruleset: str, key: str, value: object) -> bool:
    try:
        game.make_rules(ruleset, {key: value})
    except ScoringError as error:
        assert error.code == "E_RULES"
        return False
    return True


def _probes(rule: HouseRule) -> list[object]:
    """Values at and around the rule's bounds, of its type and of others."""
    probes: list[object] = [None, "x", True, 1.5, -1, 0, 1]
    if rule.minimum is not None:
        probes += [rule.minimum - 1, rule.minimum, rule.minimum + 1]
    if rule.maximum is not None:
        probes += [rule.maximum - 1, rule.maximum, rule.maximum + 1, rule.maximum * 10]
    probes += list(rule.choices) + [c + 1 for c in rule.choices if isinstance(c, int)]
    if rule.type == "int_list":
        top = rule.maximum or 0
        steps = rule.max_items or 1
        probes += [[], [0], [top], [top + 1], [-1], [True], [top] * steps, [top] * (steps + 1)]
        probes += [tuple(rule.default), [1.5], "3,6"]
    return probes


@pytest.mark.parametrize(("code", "ruleset"), list(_every_ruleset()))
def test_the_schema_has_the_bounds_the_engine_enforces(code: str, ruleset: str) -> None:
    game = games.GAMES[code]
    for rule in game.house_rules(ruleset):
        for value in _probes(rule):
            assert rule.allows(value) == _accepted(game, ruleset, rule.key, value), (
                rule.key,
                value,
            )


@pytest.mark.parametrize(("code", "ruleset"), list(_every_ruleset()))
def test_a_key_outside_the_schema_is_refused(code: str, ruleset: str) -> None:
    game = games.GAMES[code]
    assert "no_such_rule" not in {rule.key for rule in game.house_rules(ruleset)}
    assert not _accepted(game, ruleset, "no_such_rule", 1)


def test_the_bounds_are_the_rule_books() -> None:
    by_key = {
        code: {rule.key: rule for rule in games.GAMES[code].house_rules()}
        for code in ("anqing", "anji", "hongzhong")
    }
    assert (by_key["anqing"]["pao_feng"].maximum, by_key["anqing"]["pao_feng"].rule_id) == (
        1000,
        "R7",
    )
    assert by_key["anqing"]["lianzhuang_bonus"].max_items == 12
    assert by_key["anqing"]["lianzhuang_bonus"].min_items == 0
    assert by_key["anqing"]["gang_kai_ladder"].min_items == 1
    assert by_key["anji"]["bao_tou"].maximum == 1000
    assert by_key["anji"]["honor_cycle"].choices == ("seven", "winds4_dragons3")
    assert by_key["hongzhong"]["bird_count"].maximum == 8
    assert by_key["hongzhong"]["hong_zhong_count"].choices == (4, 8)
    assert by_key["hongzhong"]["cap"].rule_id == "HZ9.1"


# -- base silver -----------------------------------------------------------------------------

SILVER_REQUESTS = {
    "anqing": {
        "indicator": "6m",
        "winner": "S",
        "dealer": "E",
        "concealed": "11122233344455p",
        "win_tile": "5p",
    },
    "anji": {
        "game": "anji",
        "indicator": "7s",
        "winner": "E",
        "dealer": "E",
        "concealed": "234m234p789p11z",
        "win_tile": "1z",
        "melds": [{"kind": "chi", "tiles": "567m"}],
    },
    "hongzhong": {
        "game": "hongzhong",
        "dealer": "E",
        "winners": [
            {"seat": "S", "concealed": "234m567m345p78s22p5z", "win_tile": "2p", "birds": "3m6p"}
        ],
    },
}


@pytest.mark.parametrize("code", list(SILVER_REQUESTS))
def test_base_silver_bounds_are_the_engines(code: str) -> None:
    game = games.GAMES[code]

    def accepted(silver: str) -> bool:
        return "error" not in scoring.score({**SILVER_REQUESTS[code], "base_silver": silver})

    places = game.silver_places
    assert accepted(str(game.max_silver))
    assert not accepted(str(game.max_silver + 1))
    assert accepted("1." + "0" * (places - 1) + "1")
    assert not accepted("1." + "0" * places + "1")


def test_each_game_has_its_own_silver_bound() -> None:
    assert games.GAMES["anqing"].max_silver == scoring.MAX_SILVER == Decimal(10) ** 6
    assert games.GAMES["hongzhong"].max_silver == Decimal(10) ** 9
