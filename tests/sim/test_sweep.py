"""Sweeps of one printed number: the patch, paired seeds, the table, the target, the CLI."""

from __future__ import annotations

import pandas as pd
import pytest

from fresco_kit.cli import main
from fresco_kit.classroom.plots import alt_text
from fresco_kit.classroom.plots import sweep as sweep_plot
from fresco_kit.sim.metrics import wilson
from fresco_kit.sim.runner import simulate
from fresco_kit.sim.sweep import Sweep, closest, field_patch, sweep


def test_field_patch_sets_one_number_and_gives_the_printed_one():
    assert field_patch("fresco", "studio.thalers", 5) == ({"studio": {"thalers": 5}}, 3)
    assert field_patch("fresco", "inn.times.5.1", 4) == ({"inn": {"times": {"5": [-2, 4]}}}, 3)
    patch, printed = field_patch("sixtina", "frescoes.jesus_christ_1.scores.0", 12)
    assert patch == {"frescoes": {"jesus_christ_1": {"scores": [12, 5, 3]}}} and printed == 11
    for bad, match in (("studio.paint", "no overridable studio.paint"), ("inn.times.99.0", "no get-up time"),
                       ("studio", "not one number"), ("inn.times.5.7", "position from 0 to 1")):
        with pytest.raises(ValueError, match=match):
            field_patch("fresco", bad, 1)


def test_a_sweep_plays_the_same_seeds_at_each_value():
    result = sweep("fresco", "studio.thalers", [2, 3], ["kit"] * 3, 6, seed=1, workers=1)
    table = result.table.set_index("value")
    assert result.printed == 3 and list(table.index) == [2, 3]
    for value in (2, 3):
        assert list(result.results[value].games["seed"]) == list(range(1, 7))
    # the printed value replays the games without a patch: nothing changes
    plain = simulate("fresco", ["kit"] * 3, 6, seed=1, workers=1, progress=False)
    assert list(result.results[3].games["winners"]) == list(plain.games["winners"])
    assert table.loc[3, "winner changed"] == 0
    # the table's numbers are the runs' own: position 0's win rate with its Wilson interval
    players = result.results[2].players
    mine = players[players["position"] == 0]
    wins = mine["win_share"].sum()
    assert table.loc[2, "position 0"] == wins / len(mine)
    assert table.loc[2, "position 0 low"] == pytest.approx(wilson(wins, len(mine))[0])
    assert table.loc[2, "actions"] == result.results[2].games["actions"].mean()
    shares = [c for c in table.columns if c.startswith("share ")]
    assert table.loc[2, shares].sum() == pytest.approx(1.0)
    fig = sweep_plot(result)
    assert "studio.thalers" in alt_text(fig) and "position 0" in alt_text(fig)


def test_closest_value_to_a_target_by_hand():
    table = pd.DataFrame({"value": [3, 4, 5], "position chi2": [4.0, 0.5, 2.0], "seat chi2": [0.1, 3.0, 1.0],
                          "actions": [200.0, 240.0, 300.0]})
    result = Sweep(table, "fresco", "x", 4, {})
    assert closest(result, "position balance") == (4, 0.5)
    assert closest(result, "seat balance") == (3, pytest.approx(0.1))
    assert closest(result, "actions=260") == (4, 20.0)
    for bad in ("fairness", "nothing=3"):
        with pytest.raises(ValueError):
            closest(result, bad)


def test_sweep_command_writes_the_table_and_the_plot(tmp_path, capsys):
    out, plot = tmp_path / "sweep.csv", tmp_path / "sweep.png"
    assert main(["sweep", "fresco", "--data-field", "studio.thalers", "--values", "2,4", "-n", "3", "--workers", "1",
                 "--target", "position balance", "--out", str(out), "--plot", str(plot)]) == 0
    text = capsys.readouterr().out
    assert "studio.thalers swept over 2, 4 (printed: 3); 3 paired games a value" in text
    assert "closest to 'position balance': studio.thalers = " in text
    assert list(pd.read_csv(out)["value"]) == [2, 4] and plot.read_bytes()[:4] == b"\x89PNG"
    for argv in (["--data-field", "studio.nothing", "--values", "2"], ["--data-field", "studio.thalers", "--values", "x"],
                 ["--data-field", "studio.thalers", "--values", "1000"]):
        with pytest.raises(SystemExit) as stop:
            main(["sweep", "fresco", "-n", "2", "--workers", "1", *argv])
        assert stop.value.code == 2
