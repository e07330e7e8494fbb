"""The runner loses nothing: a game that raises, a killed worker and a killed main process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pandas.testing as pdt
import pytest

from fresco_kit.sim import bots
from fresco_kit.sim.runner import simulate

GAME, SEATS = "sixtina", ["kit", "kit", "kit"]


def _wait_for(condition, timeout=120.0):
    """Poll ``condition`` until it holds (a generous bound for a busy machine)."""
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise AssertionError("condition not reached")
        time.sleep(0.02)


class RaisingBot(bots.KitRandomBot):
    """The kit bot, except that it raises in the games whose seed is in ``BAD``."""

    name = "raising"
    BAD: frozenset[int] = frozenset()

    def choose(self, rules, state, player, rng):
        if self.seed in self.BAD:
            raise RuntimeError("a bug in a bot")
        return super().choose(rules, state, player, rng)


def _bot_for_seed(monkeypatch, cls):
    """Register ``cls`` under its name; it learns each game's seed from the runner's play_one."""
    from fresco_kit.sim import runner

    monkeypatch.setitem(bots.BOTS, cls.name, cls)
    original = runner.play_one

    def play_one(info, seats, seed, *args, **kwargs):
        cls.seed = seed
        return original(info, seats, seed, *args, **kwargs)

    monkeypatch.setattr(runner, "play_one", play_one)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_game_that_raises_is_recorded_with_its_seed_and_the_study_goes_on(monkeypatch, workers):
    _bot_for_seed(monkeypatch, RaisingBot)
    monkeypatch.setattr(RaisingBot, "BAD", frozenset({3, 30}))
    result = simulate(GAME, ["raising", "kit", "kit"], 32, seed=0, workers=workers, progress=False)
    assert list(result.missing["seed"]) == [3, 30]
    assert set(result.missing["reason"]) == {"error"}
    assert all("RuntimeError: a bug in a bot" in d for d in result.missing["detail"])
    assert sorted(result.games["seed"]) == [s for s in range(32) if s not in (3, 30)]
    plain = simulate(GAME, ["kit", "kit", "kit"], 6, seed=4, workers=1, progress=False)
    assert plain.missing.empty


class KillerBot(bots.KitRandomBot):
    """Kills its own worker process in the game of seed ``DOOMED`` (the test's kill, every
    time that game is played, so it ends up missing)."""

    name = "killer"
    DOOMED = 27
    MAIN = 0

    def choose(self, rules, state, player, rng):
        if self.seed == self.DOOMED and os.getpid() != self.MAIN:
            os.kill(os.getpid(), signal.SIGKILL)
        return super().choose(rules, state, player, rng)


def test_a_killed_worker_loses_only_the_game_it_was_playing_and_names_it(monkeypatch):
    _bot_for_seed(monkeypatch, KillerBot)
    monkeypatch.setattr(KillerBot, "MAIN", os.getpid())
    seats = ["killer", "kit", "kit"]
    result = simulate(GAME, seats, 60, seed=0, workers=2, progress=False)
    assert result.missing.to_dict("records") == [
        {"seed": 27, "reason": "worker died",
         "detail": "the worker process playing it died twice (killed, or out of memory)"}
    ]
    assert list(result.games["seed"]) == [s for s in range(60) if s != 27]
    in_main = simulate(GAME, seats, 60, seed=0, workers=1, progress=False)  # the bot spares the main process
    kept = in_main.games[in_main.games["seed"] != 27].reset_index(drop=True)
    pdt.assert_frame_equal(result.games, kept)
    pdt.assert_frame_equal(result.players, in_main.players[in_main.players["seed"] != 27].reset_index(drop=True))


class StallBot(bots.KitRandomBot):
    """In the game of seed ``STALL``, the first time only: writes its pid to ``MARK`` and
    waits, so the test can kill that worker while it plays."""

    name = "stall"
    STALL = 30
    MARK = Path()

    def choose(self, rules, state, player, rng):
        if self.seed == self.STALL and not self.MARK.exists():
            self.MARK.write_text(str(os.getpid()))
            while True:
                time.sleep(0.05)
        return super().choose(rules, state, player, rng)


def test_a_worker_killed_once_is_replayed_and_every_game_comes_back(monkeypatch, tmp_path):
    import threading

    _bot_for_seed(monkeypatch, StallBot)
    monkeypatch.setattr(StallBot, "MARK", tmp_path / "pid")
    seats = ["stall", "kit", "kit"]
    out = {}
    thread = threading.Thread(target=lambda: out.update(r=simulate(GAME, seats, 50, seed=0, workers=2, progress=False)))
    thread.start()
    _wait_for(lambda: (tmp_path / "pid").exists() and (tmp_path / "pid").read_text())
    os.kill(int((tmp_path / "pid").read_text()), signal.SIGKILL)
    thread.join()
    result = out["r"]
    assert result.missing.empty
    assert list(result.games["seed"]) == list(range(50))
    one = simulate(GAME, seats, 50, seed=0, workers=1, progress=False)
    pdt.assert_frame_equal(result.games, one.games)
    pdt.assert_frame_equal(result.players, one.players)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/status")
    return not (status.exists() and "State:\tZ" in status.read_text())


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_no_worker_outlives_a_killed_main_process(tmp_path):
    script = textwrap.dedent(f"""
        import os, time
        from pathlib import Path
        from fresco_kit.sim import bots, runner

        class Hang(bots.KitRandomBot):
            name = "hang"
            def choose(self, rules, state, player, rng):
                Path({str(tmp_path)!r}, str(os.getpid())).touch()
                while True:
                    time.sleep(0.05)

        bots.BOTS["hang"] = Hang
        runner.simulate("sixtina", ["hang", "kit", "kit"], 100, workers=2, progress=False)
    """)
    main = subprocess.Popen([sys.executable, "-c", script], env={**os.environ, "PYTHONPATH": os.getcwd()})
    try:
        _wait_for(lambda: len(list(tmp_path.iterdir())) == 2)
        workers = [int(p.name) for p in tmp_path.iterdir()]
        assert all(_alive(pid) for pid in workers)
        main.kill()
        main.wait()
        _wait_for(lambda: not any(_alive(pid) for pid in workers))
    finally:
        main.kill()


def test_a_search_bot_gives_the_same_frames_on_one_worker_two_and_dask():
    pytest.importorskip("dask.distributed")
    seats = ["mcts:25", "kit"]                      # the strong bot's stand-in until `best` lands
    study = {"seed": 5, "max_actions": 24, "progress": False}
    one = simulate("lorenzo", seats, 2, workers=1, **study)
    two = simulate("lorenzo", seats, 2, workers=2, **study)
    dask = simulate("lorenzo", seats, 2, workers=2, backend="dask", **study)
    for other in (two, dask):
        pdt.assert_frame_equal(one.games, other.games)
        pdt.assert_frame_equal(one.players, other.players)
        pdt.assert_frame_equal(one.reach, other.reach)
    assert one.missing.empty and list(one.games["seed"]) == [5, 6]
