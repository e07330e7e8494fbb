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


def test_counting_does_the_work_once_and_reads_only_the_counted_dumps(tmp_path: Path) -> None:
    """The instruction mode's child does the measured work once (here without valgrind), and
    the parent adds up the callgrind dumps named ``counted`` only; the best of several runs
    is the highest rate and the lowest count, and an error only when no run worked."""
    assert bench_sim.count("kit", GAMES[0], 1)["games"] == 1
    assert bench_sim.count("mcts", GAMES[0], 1)["iterations"] == bench_sim.MCTS_BUDGET
    for name, trigger, total in (("callgrind.1.1", "dump before", 500), ("callgrind.1.2", "dump counted", 120),
                                 ("callgrind.1", "Program termination", 900)):
        (tmp_path / name).write_text(f"version: 1\ndesc: Trigger: {trigger}\nevents: Ir\nfn=x\n1 2\ntotals: {total}\n")
    assert [bench_sim._counted_instructions(tmp_path / n) for n in ("callgrind.1.1", "callgrind.1.2", "callgrind.1")] == [
        0, 120, 0]
    runs = [{"games/s": 2.0, "instructions/game": 30.0}, {"error": "x"}, {"games/s": 3.0, "instructions/game": 40.0}]
    assert bench_sim._best_of(runs) == {"games/s": 3.0, "instructions/game": 30.0}
    assert bench_sim._best_of([{"error": "x"}]) == {"error": "x"}
    assert "old/new 2.00x" in bench_sim.line("fresco kit", {"instructions/game": 50.0}, {"instructions/game": 100.0})
