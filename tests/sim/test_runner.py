"""The runner: the same seeds give the same frames with one worker or two; the CLI."""

from __future__ import annotations

import pandas.testing as pdt
import pytest

from fresco_kit import games
from fresco_kit.cli import main
from fresco_kit.sim.runner import simulate


@pytest.mark.parametrize("info", games(), ids=lambda i: i.name)
def test_same_seeds_same_frames_with_one_worker_or_two(info):
    n = min(info.player_counts)
    bots = ["random"] + ["kit"] * (n - 1)
    one = simulate(info.name, bots, 6, seed=3, workers=1, progress=False)
    two = simulate(info.name, bots, 6, seed=3, workers=2, progress=False)
    pdt.assert_frame_equal(one.games, two.games)
    pdt.assert_frame_equal(one.players, two.players)
    assert list(one.games["seed"]) == list(range(3, 9)) and one.games["finished"].all()
    assert set(info.categories) <= set(one.players.columns)
    per_game = one.players.groupby("seed")
    assert (per_game["win_share"].sum() == 1).all()              # the win is whole, or shared
    assert (per_game["rank"].min() == 1).all()


def test_a_game_cut_at_the_cap_is_reported():
    result = simulate("lorenzo", ["kit", "kit"], 2, max_actions=5, workers=1, progress=False)
    assert not result.games["finished"].any() and (result.games["actions"] == 5).all()
    assert result.players["win_share"].sum() == 0


def test_simulate_command_prints_seat_win_rates_with_intervals(capsys, tmp_path):
    out = tmp_path / "study.csv"
    assert main(["simulate", "sixtina", "--bots", "random,kit,kit", "-n", "6", "--workers", "1",
                 "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "1980 Sixtina: 6 games, 3 players, bots random,kit,kit" in text
    assert "95% interval" in text and "seat balance: chi-square" in text and out.exists()


@pytest.mark.parametrize("argv", [["simulate", "sixtina", "--bots", "random,robot"],
                                  ["simulate", "fresco", "--bots", "kit,kit"],
                                  ["simulate", "fresco", "--option", "ruleset=giant"]])
def test_simulate_refuses_bad_bots_counts_and_options_as_usage_errors(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2 and "usage: fresco-kit" in capsys.readouterr().err
