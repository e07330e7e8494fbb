"""The ``simulate`` progress bar counts games, whatever the number of workers (issue 16)."""
from __future__ import annotations

import pytest
import tqdm.auto

from fresco_kit.core import games
from fresco_kit.sim import simulate
from fresco_kit.sim.runner import BATCH


class Bar:
    """A stand-in for tqdm that records its total and what it was advanced by."""

    made: list[Bar] = []

    def __init__(self, total: int, **_: object) -> None:
        self.total, self.n = total, 0
        Bar.made.append(self)

    def update(self, n: int = 1) -> None:
        self.n += n

    def close(self) -> None:
        pass


@pytest.mark.parametrize("workers", [1, 2])
def test_the_progress_bar_ends_at_the_number_of_games(monkeypatch, workers):
    info = games()[0]
    monkeypatch.setattr(tqdm.auto, "tqdm", Bar)
    Bar.made.clear()
    n = BATCH + 2  # a full batch and a short one
    results = simulate(info.name, ["kit"] * info.bench_players, n, workers=workers, progress=True)
    assert len(results.games) == n
    (bar,) = Bar.made
    assert bar.total == n and bar.n == n
