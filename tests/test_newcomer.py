"""What a newcomer meets first: the README's API snippet, ``new_game``'s argument checks and
the ``fresco-kit`` command's help, progress and failures.

Each bad input must give a ValueError (or a usage error) that says what is wrong, never a
traceback from deep inside, and a game set up with accepted arguments must save and load.
Every case is built from the registry (each game's players, options and switches); what the
README documents is checked for the games of the kit (:func:`tests.games.kit_games`).
"""
from __future__ import annotations

import importlib
import json
import re
from pathlib import Path
from typing import Any

import pytest

from fresco_kit import GameInfo, game_info, games
from fresco_kit.cli import main
from fresco_kit.core import Rng
from fresco_kit.core.game import Game, SaveError
from tests.games import kit_games, package

ROOT = Path(__file__).resolve().parent.parent
GAMES = tuple(info.name for info in games())
FIRST = games()[0]                  # any game will do for the command's own errors: the first registered


def game_module(name: str):
    """The registered package of game ``name`` (``new_game``, ``PLAYER_COUNTS``, ``INFO``)."""
    return importlib.import_module(package(name))


def fewest(name: str) -> list[str]:
    """Default names for the fewest players game ``name`` takes."""
    info = game_info(name)
    return info.players(min(info.player_counts))


def play_some(game: Game, n: int, seed: int = 1) -> Game:
    rng = Rng(seed)
    for _ in range(n):
        if game.is_over:
            break
        game.play(game.rules.sample_action(game.state, rng))
    return game


# -- the README ------------------------------------------------------------------------
def _readme_snippet() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    return next(b for b in blocks if "new_game" in b)


@pytest.mark.parametrize("game", GAMES)
def test_readme_engine_snippet_runs_for_every_game(game, capsys):
    code = _readme_snippet()
    example = "from fresco_kit import sixtina"
    assert example in code
    code = code.replace(example, f"import {package(game)} as sixtina")
    if 3 not in game_info(game).player_counts:          # the snippet seats three
        code = code.replace('["Red", "White", "Blue"]', repr(fewest(game)))
    exec(compile(code.replace("sixtina", game), f"README ({game})", "exec"), {})
    assert capsys.readouterr().out.strip()


def readme_option_cases() -> list[tuple[GameInfo, dict[str, Any]]]:
    """Each word option's every choice, and each switch at its last choice, of the kit's games."""
    cases: list[tuple[GameInfo, dict[str, Any]]] = []
    for info in kit_games():
        cases += [(info, {o.name: c}) for o in info.options if o.check is None for c in o.choices]
        cases += [(info, {"switches": {s.name: s.choices[-1]}}) for s in info.switches]
    return cases


@pytest.mark.parametrize("info, options", readme_option_cases(),
                         ids=lambda v: v.name if isinstance(v, GameInfo) else json.dumps(v))
def test_readme_options_table_is_accepted(info, options):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for key, value in options.items():
        assert f"{key}=" in readme and (not isinstance(value, str) or f'"{value}"' in readme)
    for n in info.player_counts:
        g = play_some(info.new_game(info.players(n), seed=3, **options), 20)
        assert Game.from_json(g.to_json()).state == g.state


#: "2 to 4 players", "3 or 4 players", "2 players": the counts a README row states
_COUNTS = re.compile(r"(\d+)(?: (to|or) (\d+))? players")


@pytest.mark.parametrize("info", kit_games(), ids=lambda info: info.name)
def test_readme_player_counts_match_the_packages(info):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    row = re.search(rf"^\| {re.escape(info.title)} \| `{info.name}\.new_game`, ([^|]*)\|", readme, re.M)
    assert row, f"the README's new_game table has no row for {info.title}"
    low, word, high = _COUNTS.search(row.group(1)).groups()
    stated = (int(low),) if not word else tuple(range(int(low), int(high) + 1)) if word == "to" else (int(low), int(high))
    assert stated == tuple(info.player_counts) == tuple(game_module(info.name).PLAYER_COUNTS)


# -- new_game: bad arguments are refused clearly ------------------------------------------
def _with(names: list[str], seat: int, name: Any) -> list[Any]:
    return [name if i == seat else n for i, n in enumerate(names)]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("bad, words", [
    (lambda names: "".join(n[0] for n in names), "list of names"),
    (len, "list of names"),
    (lambda names: _with(names, 1, names[0]), "distinct"),
    (lambda names: _with(names, 1, ""), "name"),
    (lambda names: _with(names, 1, " " + names[1]), "one word"),
    (lambda names: _with(names, 1, 7), "name"),
], ids=["one-string", "a-number", "twice", "empty", "space", "not-a-string"])
def test_bad_players_are_refused(game, bad, words):
    with pytest.raises(ValueError, match=words):
        game_module(game).new_game(bad(fewest(game)))


@pytest.mark.parametrize("game", GAMES)
def test_unsupported_player_counts_are_refused(game):
    module = game_module(game)
    for n in range(0, 7):
        names = [f"P{i}" for i in range(n)]
        if n in module.PLAYER_COUNTS:
            assert module.new_game(names).players == names
        else:
            with pytest.raises(ValueError, match=f"not {n}"):
                module.new_game(names)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", ["7", 1.5, None, True])
def test_a_seed_must_be_a_whole_number(game, seed):
    with pytest.raises(ValueError, match="seed must be a whole number"):
        game_module(game).new_game(fewest(game), seed=seed)


def misspelled_option_cases() -> list[tuple[str, dict[str, Any], str]]:
    """For every game: an option name misspelt, an option of no game; for each word option
    a misspelt choice and a choice in a list; for each switch a misspelt name, a value of
    the wrong type, and switches that are not a dict -- with the words of the refusal."""
    cases = []
    for info in games():
        known = [o.name for o in info.options] + (["switches"] if info.switches else [])
        options = ", ".join(known) or "none"
        for name in [o.name for o in info.options] + ["colour"]:
            cases.append((info.name, {name[:-1] + "x": 1}, f"unknown {info.name} option {name[:-1] + 'x'!r}; the options are {options}"))
        for o in info.options:
            if o.check is None:
                choices = ", ".join(repr(c) for c in o.choices)
                cases.append((info.name, {o.name: f"{o.default}x"}, choices))
                cases.append((info.name, {o.name: [o.default]}, choices))
        if not info.switches:
            cases.append((info.name, {"switches": {}}, f"the options are {options}"))
        for s in info.switches:
            choices = ", ".join(repr(c) for c in s.choices)
            cases.append((info.name, {"switches": {s.name + "x": s.choices[0]}}, s.name))
            cases.append((info.name, {"switches": {s.name: "yes" if type(s.choices[0]) is not str else 1}}, choices))
            cases.append((info.name, {"switches": s.name}, "switches must be a dict"))
        if info.switches:
            cases.append((info.name, {"switches": None}, "switches must be a dict"))
    return cases


@pytest.mark.parametrize("game, options, words", misspelled_option_cases(), ids=str)
def test_unknown_or_misspelled_options_are_refused(game, options, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        game_module(game).new_game(fewest(game), **options)


@pytest.mark.parametrize("game", GAMES)
def test_names_have_no_spaces_because_action_texts_are_split_at_spaces(game):
    module = game_module(game)
    names = fewest(game)
    with pytest.raises(ValueError, match="one word"):
        module.new_game(_with(names, 0, "Red Team"))
    # a name with a space would have made an unloadable save: 'wake Red Team 5'
    g = play_some(module.new_game(_with(names, 0, "Red-Team"), seed=2), 30)
    assert Game.from_json(g.to_json()).state == g.state


@pytest.mark.parametrize("game", GAMES)
def test_garbage_action_text_is_a_value_error_and_changes_nothing(game):
    g = game_module(game).new_game(fewest(game), seed=4)
    before = g.state
    for text in ["", "   ", "hello world", "x" * 500, "Red places purple on nowhere +x servants"]:
        with pytest.raises(ValueError):
            g.play(text)
        with pytest.raises(ValueError):
            g.explain(text)
    assert g.state is before and not g.history


@pytest.mark.parametrize("game", GAMES)
def test_truncated_or_edited_saves_are_save_errors(game):
    g = play_some(game_module(game).new_game(fewest(game), seed=5), 25)
    text = g.to_json()
    for cut in (0, 1, len(text) // 2, len(text) - 1):
        with pytest.raises(SaveError):
            Game.from_json(text[:cut])
    data = json.loads(text)
    for key, value in [("seed", "5"), ("players", "Red"), ("options", {"colour": "red"}),
                       ("actions", data["actions"][:-1] + ["nonsense"]), ("version", 99)]:
        edited = dict(data, **{key: value})
        with pytest.raises(SaveError):
            Game.from_json(json.dumps(edited))


# -- the fresco-kit command ---------------------------------------------------------------
@pytest.mark.parametrize("command, words", [
    ([], ["examples", "bench", "soak", "figures", "COMMAND --help"]),
    (["bench"], ["-n N", "--players P", "--seed S", "default 200"]),
    (["soak"], ["per player count", "--players P", "--seed S", "stderr"]),
    (["figures"], ["--out DIR"]),
    (["examples"], ["all"]),
])
def test_help_describes_every_option(command, words, capsys):
    with pytest.raises(SystemExit) as stop:
        main(command + ["--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    for word in words:
        assert word in out, f"{word!r} missing from fresco-kit {' '.join(command)} --help"
    assert "``" not in out


def test_a_bad_player_count_shows_the_commands_own_usage(capsys):
    counts = FIRST.player_counts
    bad = min(counts) - 1
    with pytest.raises(SystemExit) as stop:
        main(["soak", FIRST.name, "-n", "1", "--players", str(bad)])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "usage: fresco-kit soak" in err and f"{', '.join(map(str, counts))} players, not {bad}" in err


@pytest.mark.parametrize("make_bad", [lambda tmp: tmp / "a-file.txt", lambda tmp: Path("/proc/no/such/dir")])
def test_figures_into_an_unusable_folder_is_a_usage_error(make_bad, tmp_path, capsys):
    (tmp_path / "a-file.txt").write_text("not a folder")
    with pytest.raises(SystemExit) as stop:
        main(["figures", "--out", str(make_bad(tmp_path))])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "usage: fresco-kit figures" in err and "output folder" in err


def test_soak_shows_labelled_progress_and_singular_counts(capsys):
    name, n = FIRST.name, min(FIRST.player_counts)
    assert main(["soak", name, "-n", "1", "--players", str(n)]) == 0
    captured = capsys.readouterr()
    assert f"{name}, {n} players: 1/1 game" in captured.err
    assert f"{name}: 1 {n}-player game," in captured.out and "invariants held" in captured.out


@pytest.mark.parametrize("info", games(), ids=lambda info: info.name)
def test_a_failing_soak_names_the_seed_and_exits_1(info, monkeypatch, capsys):
    n = max(info.player_counts)
    monkeypatch.setattr(info.rules, "invariants", lambda state: ["a material vanished (injected)"])
    assert main(["soak", info.name, "-n", "2", "--players", str(n), "--seed", "40"]) == 1
    err = capsys.readouterr().err
    assert "FAILED" in err and "seed 40" in err and "a material vanished" in err
    assert f"--players {n} --seed 40 -n 1" in err and "Traceback" not in err
