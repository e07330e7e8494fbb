"""The simulation benchmarks (tests/bench_sim.py, `make bench` / `make bench-study`) run on a
tiny size: every measure gives positive figures, and the side-by-side lines print ratios."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from fresco_kit.core.registry import games

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import bench_sim

GAMES = [info.name for info in games()]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("what", ["random", "kit", "traced", "mcts"])
def test_each_measure_gives_positive_figures(game: str, what: str) -> None:
    """Each measure of each game, on one game (one decision for mcts), gives figures above 0."""
    figures = bench_sim.measure(what, game, 1)
    assert figures and all(value > 0 for value in figures.values()), figures


def test_study_runs_on_two_workers_and_dask() -> None:
    """The best-in-one-seat study runs on 2 worker processes and on a Dask LocalCluster."""
    figures = bench_sim.measure("study", GAMES[0], 2)
    assert set(figures) == {"process games/s", "dask games/s"}
    assert all(value > 0 for value in figures.values())


def test_side_by_side_lines_show_ratios(capsys: pytest.CaptureFixture[str]) -> None:
    """With an old tree (here the same one) every line shows old, new and new/old."""
    here = Path(__file__).resolve().parents[2]
    assert bench_sim.main(["--old", str(here), "--games", "1", "--mcts", "1", "--only", GAMES[0]]) == 0
    out = capsys.readouterr().out
    assert "new/old" in out and "failed" not in out
    assert f"{GAMES[0]} tracing cost (new):" in out and f"{GAMES[0]} tracing cost (old):" in out
