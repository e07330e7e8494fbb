"""What a newcomer meets first: the README's API snippet, ``new_game``'s argument checks and
the ``fresco-kit`` command's help, progress and failures.

Each bad input must give a ValueError (or a usage error) that says what is wrong, never a
traceback from deep inside, and a game set up with accepted arguments must save and load.
"""
from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest

from fresco_kit import games
from fresco_kit.cli import main
from fresco_kit.core import Rng
from fresco_kit.core.game import Game, SaveError

ROOT = Path(__file__).resolve().parent.parent
GAMES = tuple(info.name for info in games())
THREE = ["Red", "White", "Blue"]


def game_module(name: str):
    return importlib.import_module(f"fresco_kit.{name}")


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
    assert "from fresco_kit import sixtina" in code
    exec(compile(code.replace("sixtina", game), f"README ({game})", "exec"), {})
    assert capsys.readouterr().out.strip()


@pytest.mark.parametrize("game, options", [
    ("sixtina", {"variant": "basic"}), ("sixtina", {"variant": "history"}),
    ("fresco", {"ruleset": "base"}), ("fresco", {"ruleset": "bigbox"}),
    ("fresco", {"switches": {"unlimited_paints": True}}),
    ("lorenzo", {"bonus_tiles": "standard"}), ("lorenzo", {"bonus_tiles": "advanced"}),
])
def test_readme_options_table_is_accepted(game, options):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for key, value in options.items():
        assert f"{key}=" in readme and (not isinstance(value, str) or f'"{value}"' in readme)
    module = game_module(game)
    for n in module.PLAYER_COUNTS:
        g = play_some(module.new_game(["Red", "White", "Blue", "Yellow"][:n], seed=3, **options), 20)
        assert Game.from_json(g.to_json()).state == g.state


def test_readme_player_counts_match_the_packages():
    assert game_module("sixtina").PLAYER_COUNTS == (2, 3, 4)
    assert tuple(game_module("fresco").PLAYER_COUNTS) == (3, 4)
    assert game_module("lorenzo").PLAYER_COUNTS == (2, 3, 4)


# -- new_game: bad arguments are refused clearly ------------------------------------------
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players, words", [
    ("RWB", "list of names"),
    (3, "list of names"),
    (["Red", "Red", "Blue"], "distinct"),
    (["Red", "", "Blue"], "name"),
    (["Red", " White", "Blue"], "one word"),
    (["Red", 7, "Blue"], "name"),
])
def test_bad_players_are_refused(game, players, words):
    with pytest.raises(ValueError, match=words):
        game_module(game).new_game(players)


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
        game_module(game).new_game(THREE, seed=seed)


@pytest.mark.parametrize("game, options, words", [
    ("sixtina", {"varaint": "history"}, "unknown sixtina option 'varaint'; the options are variant"),
    ("sixtina", {"variant": "histroy"}, "'basic', 'history'"),
    ("sixtina", {"ruleset": "bigbox"}, "the options are variant"),
    ("fresco", {"rulset": "bigbox"}, "the options are ruleset, data, switches"),
    ("fresco", {"ruleset": "big box"}, "'base', 'bigbox'"),
    ("fresco", {"ruleset": ["base"]}, "'base', 'bigbox'"),
    ("fresco", {"switches": None}, "switches must be a dict"),
    ("fresco", {"switches": {"unlimited_paint": True}}, "unlimited_paints"),
    ("fresco", {"switches": {"unlimited_paints": "yes"}}, "True, False"),
    ("fresco", {"switches": {"unlimited_paints": 1}}, "True, False"),
    ("fresco", {"switches": "unlimited_paints"}, "switches must be a dict"),
    ("lorenzo", {"bonus_tile": "advanced"}, "bonus_tiles"),
    ("lorenzo", {"bonus_tiles": "advance"}, "'standard', 'advanced'"),
])
def test_unknown_or_misspelled_options_are_refused(game, options, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        game_module(game).new_game(THREE, **options)


@pytest.mark.parametrize("game", GAMES)
def test_names_have_no_spaces_because_action_texts_are_split_at_spaces(game):
    module = game_module(game)
    with pytest.raises(ValueError, match="one word"):
        module.new_game(["Red Team", "White", "Blue"])
    # a name with a space would have made an unloadable save: 'wake Red Team 5'
    g = play_some(module.new_game(["Red-Team", "White", "Blue"], seed=2), 30)
    assert Game.from_json(g.to_json()).state == g.state


@pytest.mark.parametrize("game", GAMES)
def test_garbage_action_text_is_a_value_error_and_changes_nothing(game):
    g = game_module(game).new_game(THREE, seed=4)
    before = g.state
    for text in ["", "   ", "hello world", "x" * 500, "Red places purple on nowhere +x servants"]:
        with pytest.raises(ValueError):
            g.play(text)
        with pytest.raises(ValueError):
            g.explain(text)
    assert g.state is before and not g.history


@pytest.mark.parametrize("game", GAMES)
def test_truncated_or_edited_saves_are_save_errors(game):
    g = play_some(game_module(game).new_game(THREE, seed=5), 25)
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
    with pytest.raises(SystemExit) as stop:
        main(["soak", "fresco", "-n", "1", "--players", "2"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "usage: fresco-kit soak" in err and "3, 4 players, not 2" in err


@pytest.mark.parametrize("make_bad", [lambda tmp: tmp / "a-file.txt", lambda tmp: Path("/proc/no/such/dir")])
def test_figures_into_an_unusable_folder_is_a_usage_error(make_bad, tmp_path, capsys):
    (tmp_path / "a-file.txt").write_text("not a folder")
    with pytest.raises(SystemExit) as stop:
        main(["figures", "--out", str(make_bad(tmp_path))])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "usage: fresco-kit figures" in err and "output folder" in err


def test_soak_shows_labelled_progress_and_singular_counts(capsys):
    assert main(["soak", "sixtina", "-n", "1", "--players", "2"]) == 0
    captured = capsys.readouterr()
    assert "sixtina, 2 players: 1/1 game" in captured.err
    assert "sixtina: 1 2-player game," in captured.out and "invariants held" in captured.out


def test_a_failing_soak_names_the_seed_and_exits_1(monkeypatch, capsys):
    rules = importlib.import_module("fresco_kit.sixtina.rules")
    monkeypatch.setattr(rules, "invariants", lambda state: ["a material vanished (injected)"])
    assert main(["soak", "sixtina", "-n", "2", "--players", "3", "--seed", "40"]) == 1
    err = capsys.readouterr().err
    assert "FAILED" in err and "seed 40" in err and "a material vanished" in err
    assert "--players 3 --seed 40 -n 1" in err and "Traceback" not in err
