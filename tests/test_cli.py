"""The ``fresco-kit`` command: examples, bench, soak, figures, and usage errors.

The commands run in a subprocess (``python -m fresco_kit.cli``) exactly as a user
runs them (with the template game registered first when this run registered it); usage
errors are checked by calling ``main([...])`` directly.  Every game-taking command runs
on every registered game; the usage-error cases take their game names from the registry.
"""
from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from fresco_kit import game_info, games
from fresco_kit.cli import main
from tests.games import package, template_game_registered

ROOT = Path(__file__).resolve().parent.parent
GAMES = tuple(info.name for info in games())
FIRST = games()[0]                  # any game will do for the usage errors: the first registered
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
#: ``fresco-kit ARGS`` with the template game registered first (a new process has only the kit's games)
WITH_TEMPLATE = ("import sys; from tests.games import register_template_game; register_template_game(); "
                 "from fresco_kit.cli import main; sys.exit(main(sys.argv[1:]))")


def fresco_kit(*args: str, cwd: Path = ROOT, timeout: float = 300) -> subprocess.CompletedProcess:
    env = dict(os.environ, MPLBACKEND="Agg")
    launch = ["-c", WITH_TEMPLATE] if template_game_registered() else ["-m", "fresco_kit.cli"]
    return subprocess.run([sys.executable, *launch, *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout)


def ok(proc: subprocess.CompletedProcess) -> str:
    assert proc.returncode == 0, (f"fresco-kit {' '.join(proc.args[3:])} exited {proc.returncode}\n"
                                  f"--- stdout\n{proc.stdout}\n--- stderr\n{proc.stderr}")
    return proc.stdout


def has_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


@pytest.mark.parametrize("game", GAMES)
def test_examples_match_the_rulebooks(game):
    out = ok(fresco_kit("examples", game))
    assert f"== {game} ==" in out


@pytest.mark.parametrize("game", GAMES)
def test_bench_plays_games(game):
    out = ok(fresco_kit("bench", game, "-n", "2"))
    assert re.search(r"\b2 seeded random \d-player games to the end", out), out
    assert re.search(r"games/s\s+\d+ actions/s", out), out


@pytest.mark.parametrize("game", GAMES)
def test_soak_checks_invariants_for_every_player_count(game):
    out = ok(fresco_kit("soak", game, "-n", "2"))
    for players in game_info(game).player_counts:
        assert f"{game}: 2 {players}-player games" in out and "invariants held" in out, out


@pytest.mark.parametrize("game", GAMES)
def test_soak_fuzz_loads_damaged_saves_and_tries_damaged_actions(game):
    players = str(min(game_info(game).player_counts))
    out = ok(fresco_kit("soak", game, "-n", "1", "--players", players, "--fuzz", "60"))
    assert re.search(rf"{game} saves: 60 tried, \d+ refused clearly, \d+ accepted and played on, 0 crashed", out), out
    assert re.search(rf"{game} actions: 60 tried, .* 0 crashed", out), out


def test_soak_fuzz_fails_when_something_crashes(monkeypatch, capsys):
    from fresco_kit import cli
    from fresco_kit.core import fuzz

    def crashing(info, n, seed=0, progress=None):
        return fuzz.FuzzReport(f"{info.name} saves", refused=n - 1, crashes=["TypeError: boom"])
    monkeypatch.setattr(fuzz, "fuzz_saves", crashing)  # the CLI imports it when it fuzzes
    players = str(min(FIRST.player_counts))
    assert main(["soak", FIRST.name, "-n", "1", "--players", players, "--fuzz", "5"]) == 1
    assert "1 crashed\n  - TypeError: boom" in capsys.readouterr().out


def test_games_lists_the_registry():
    out = ok(fresco_kit("games"))
    for info in games():
        assert f"{info.name}: {info.title}" in out
        for option in info.options:
            assert f"option {option.name}: " in out
        for switch in info.switches:
            assert f"switch {switch.name}: " in out


def test_figures_writes_pngs(tmp_path):
    out_dir = tmp_path / "figs"
    out = ok(fresco_kit("figures", "--out", str(out_dir)))
    assert out_dir.is_dir()
    written = [Path(line.removeprefix("wrote ").strip()) for line in out.splitlines()
               if line.startswith("wrote ")]
    for path in written:
        assert path.parent == out_dir and path.suffix == ".png", path
        assert path.read_bytes()[:8] == PNG_MAGIC, f"{path} is not a PNG"
    drawing = [g for g in GAMES if has_module(f"{package(g)}.draw")]
    if drawing:
        assert written, f"draw modules exist for {drawing} but no figure was written"
    # every figure the README shows comes from `fresco-kit figures` once its game draws
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = re.findall(r"\]\(figures/([\w.-]+\.png)\)", readme)
    names = {p.name for p in written}
    missing = [f for f in shown if f.split("_")[0] in drawing and f not in names]
    assert not missing, f"README figures not produced by `fresco-kit figures`: {missing}"


@pytest.mark.parametrize("argv", [
    [],                                   # no command
    ["nonsense"],                         # unknown command
    ["examples"],                         # game missing
    ["examples", "chess"],                # unknown game
    ["bench", "chess"],
    ["bench", FIRST.name, "-n", "many"],  # not a number
    ["bench", FIRST.name, "-n", "0"],     # not a positive number
    ["soak", FIRST.name, "-n", "-3"],
    ["soak", FIRST.name, "--fuzz", "0"],
    ["figures", "--colour", "red"],       # unknown option
], ids=str)
def test_bad_arguments_are_usage_errors(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    assert "usage: fresco-kit" in capsys.readouterr().err


@pytest.mark.parametrize("game", GAMES)
def test_unsupported_player_count_is_a_usage_error(game, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["bench", game, "-n", "1", "--players", "9"])
    assert stop.value.code == 2
    assert "players, not 9" in capsys.readouterr().err


def test_bad_arguments_exit_2_from_the_shell():
    proc = fresco_kit("bench", "chess")
    assert proc.returncode == 2 and "usage: fresco-kit" in proc.stderr


def test_simulate_summary_adds_bots_points_margins_drama_order_and_reach(capsys):
    assert main(["simulate", "lorenzo", "--bots", "kit,random", "-n", "4", "--workers", "1"]) == 0
    text = capsys.readouterr().out
    assert re.search(r"^ all  random +\d+\.\d +\d\.\d{3}   \d\.\d{3} - \d\.\d{3}$", text, re.M), text
    assert re.search(r"^points of kit: VP during the game -?\d+%, Territories -?\d+%", text, re.M), text
    for start in ("length: ", "decisiveness: winning margin ", "drama: ", "switch reach ", "  win_tie_break: ",
                  "seat balance: ", "position balance: "):
        assert re.search(rf"^{start}", text, re.M), f"no line starting {start!r}:\n{text}"
    assert "never used" not in text
    assert main(["simulate", "lorenzo", "--bots", "kit,random", "-n", "4", "--workers", "1", "--no-rules"]) == 0
    assert "  initial_order: reached in 4 of 4 games" in capsys.readouterr().out   # reach needs no rule tracing


def test_review_writes_one_html_page_with_the_command_tables_and_plots(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["review", "sixtina", "--bots", "random,kit,kit", "-n", "4", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    page_path = tmp_path / "sixtina_review.html"                       # the default name
    assert f"wrote {page_path.name}" in out and "1980 Sixtina: 4 games" in out
    page = page_path.read_text(encoding="utf-8")
    assert "<code>fresco-kit review sixtina --bots random,kit,kit -n 4 --workers 1</code>" in page
    assert "<h2>Win rate by seat (Wilson 95% interval)</h2>" in page and "<h2>Rules used</h2>" in page
    assert page.count('<img src="data:image/png;base64,') == 8 == len(re.findall(r'alt="[^"]{40,}"', page))
    # nothing loads from the network (the embedded PNGs' base64 may spell "http" by chance)
    assert "http" not in re.sub(r"data:image/png;base64,[A-Za-z0-9+/=]+", "", page).lower()


@pytest.mark.parametrize("argv", [
    ["review", "chess"],
    ["review", FIRST.name, "--bots", ",".join(["kit"] * (max(FIRST.player_counts) + 1))],   # a seat too many
    ["review", FIRST.name, "-n", "0"],
    ["review", FIRST.name, "--option", "x=1"],
], ids=str)
def test_review_refuses_bad_arguments_as_usage_errors(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2 and "usage: fresco-kit review" in capsys.readouterr().err


def test_simulate_plays_a_data_patch_file_and_names_a_bad_one(tmp_path, capsys):
    from fresco_kit.sim.runner import simulate

    patch = tmp_path / "variant.toml"
    patch.write_text("[inn.times]\n9 = [1, 3]\n", encoding="utf-8")   # getting up at 9 costs 3 a tile
    out = tmp_path / "study.csv"
    args = ["simulate", "fresco", "-n", "3", "--workers", "1", "--no-rules", "--out", str(out)]
    assert main([*args, "--data", str(patch)]) == 0
    patched = out.read_text()
    expected = simulate("fresco", ["kit"] * 4, 3, workers=1, options={"data": {"inn": {"times": {"9": [1, 3]}}}})
    assert [int(x) for x in expected.players["total"]] == [
        int(line.split(",")[list(expected.players.columns).index("total")]) for line in patched.splitlines()[1:]]
    patch.write_text("[inn.times]\n9 = [1, -3]\n", encoding="utf-8")
    with pytest.raises(SystemExit) as exit_:
        main([*args, "--data", str(patch)])
    assert exit_.value.code == 2
    assert "data.inn.times.9" in capsys.readouterr().err


def test_simulate_says_before_playing_that_parquet_needs_pyarrow(tmp_path, capsys, monkeypatch):
    import importlib.util as util

    real = util.find_spec
    monkeypatch.setattr(util, "find_spec", lambda name, *a: None if name == "pyarrow" else real(name, *a))
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", "sixtina", "-n", "2", "--workers", "1", "--out", str(tmp_path / "study.parquet")])
    assert exit_.value.code == 2 and "needs pyarrow" in capsys.readouterr().err
    assert not (tmp_path / "study.parquet").exists()
