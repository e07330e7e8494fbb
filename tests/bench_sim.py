"""Simulation benchmarks, old and new side by side in one run (a benchmark, not a test).

    python tests/bench_sim.py [--old PATH] [--games N] [--only GAME,...]        # make bench
    python tests/bench_sim.py --instructions [--old PATH] [--games N]          # counted by callgrind
    python tests/bench_sim.py --study N [--old PATH]                           # make bench-study

Each measure runs in a fresh interpreter per source tree (``PYTHONPATH`` = the tree), warmed
up first (imports and caches do not count), best of a few repeats of its CPU time (this
process's, so other work on a busy machine counts less than in wall time); the trees take
turns, ``--rounds`` times each, and each keeps its best.  With ``--old`` (a checkout of an
older commit, e.g. ``git worktree add --detach ../old 7ea8f37``) every line shows the old
figure, the new one and new/old as a ratio (above 1: the new code is faster).

Measures, per registered game at its bench player count: random playouts (the game's own
random player, actions/s), kit playouts through the runner (``simulate``, one worker, games/s),
the runner with rule tracing (``rules=True``) and its cost over a plain run, and Monte Carlo
iterations per second (``mcts:30`` decisions over a kit game).  ``--study N`` plays N games of
the first game with ``best`` (``mcts`` where the tree has no ``best``) in one seat and kit bots
in the others, on 2 worker processes and on a Dask ``LocalCluster`` of 2 workers: games/s each
(wall time).

``--instructions`` counts instead of timing (when timings are too noisy): each measure runs
once under ``valgrind --tool=callgrind``, which counts the instructions of the measured part
only (``callgrind_control --dump`` around it), and the lines show instructions per game,
action or iteration (fewer is better; the ratio is old/new, so again above 1 is faster).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[1]
#: the Monte Carlo bot's iterations a decision in the ``mcts`` measure
MCTS_BUDGET = 30


def _best(make_bot) -> str:  # type: ignore[no-untyped-def]
    try:
        make_bot("best")
    except ValueError:
        return "mcts"
    return "best"


def _players(game: str) -> int:
    from fresco_kit.core.registry import game_info

    info = game_info(game)
    return getattr(info, "bench_players", None) or {"sixtina": 3}.get(game, 4)


def work(what: str, game: str, n: int, seed: int = 0, part: Callable[[], Any] | None = None) -> dict[str, float]:
    """Do measure ``what`` once over ``n`` games (``mcts``: ``n`` decisions) from ``seed``;
    how much was done: games and actions, or Monte Carlo iterations.  ``part`` wraps what
    counts, when not all of it does (``mcts``: each decision, not the kit moves between)."""
    from fresco_kit.core.random import Rng
    from fresco_kit.core.registry import game_info
    from fresco_kit.sim.bots import make_bot
    from fresco_kit.sim.runner import simulate

    players = _players(game)
    if what == "random":
        from fresco_kit.cli import _playouts

        return {"games": n, "actions": sum(_playouts(game, n, players, seed, False, False))}
    if what in ("kit", "traced"):
        result = simulate(game, ["kit"] * players, n, seed=seed, rules=what == "traced", workers=1, progress=False)
        return {"games": n, "actions": float(result.games["actions"].sum())}
    if what == "mcts":
        info = game_info(game)
        bot, kit = make_bot(f"mcts:{MCTS_BUDGET}"), make_bot("kit")
        game_ = info.new_game(info.players(players), seed=1 + seed)
        rules, state, rng = game_.rules, game_.state, Rng(5 + seed)
        decisions, step = 0, 0
        while not rules.is_over(state) and decisions < n:
            player = rules.actor(state)[0]
            if step % 7 == 0 and len(rules.legal_actions(state, player=player)) > 1:
                with part() if part else _nothing():
                    bot.choose(rules, state, player, rng)
                decisions += 1
            state, _ = rules.apply(state, kit.choose(rules, state, player, rng))
            step += 1
        return {"iterations": decisions * MCTS_BUDGET}
    raise ValueError(what)


@contextmanager
def _nothing() -> Iterator[None]:
    yield


@contextmanager
def _cpu_clock(spent: list[float]) -> Iterator[None]:
    start = time.process_time()
    yield
    spent.append(time.process_time() - start)


def measure(what: str, game: str, n: int) -> dict[str, float]:
    """One measure in this interpreter (the tree on ``sys.path``), by CPU time: plain numbers."""
    from fresco_kit.sim.runner import simulate

    if what == "study":
        from fresco_kit.sim.bots import make_bot

        bots = [_best(make_bot)] + ["kit"] * (_players(game) - 1)
        out = {}
        for backend in ("process", "dask"):
            start = time.perf_counter()
            simulate(game, bots, n, seed=0, workers=2, backend=backend, progress=False)
            out[f"{backend} games/s"] = n / (time.perf_counter() - start)
        return out
    work(what, game, 2 if what == "random" else 1, seed=10**6)  # warm up: imports and caches
    best: dict[str, float] = {}
    for _ in range(2 if what in ("kit", "traced") else 3):
        spent: list[float] = []
        with _cpu_clock(spent) if what != "mcts" else _nothing():
            done = work(what, game, n, part=partial(_cpu_clock, spent) if what == "mcts" else None)
        seconds = sum(spent)
        units = {"random": ("actions", "games"), "mcts": ("iterations",)}.get(what, ("games",))
        if seconds:
            best = {f"{unit}/s": max(done[unit] / seconds, best.get(f"{unit}/s", 0.0)) for unit in units}
    return best


def _dump(label: str) -> None:
    """Ask callgrind to write the counts so far (and start again from 0), named ``label``
    (nothing without valgrind's ``callgrind_control``)."""
    if shutil.which("callgrind_control"):
        subprocess.run(["callgrind_control", f"--dump={label}", str(os.getpid())], capture_output=True, check=False)


@contextmanager
def _counted() -> Iterator[None]:
    _dump("before")
    yield
    _dump("counted")


def count(what: str, game: str, n: int) -> dict[str, float]:
    """Measure ``what`` once under callgrind (see the module): what was done; the parent
    reads the instructions of the parts dumped as ``counted``."""
    work(what, game, 2 if what == "random" else 1, seed=10**6)  # warm up: imports and caches
    if what == "mcts":
        return work(what, game, n, part=_counted)
    with _counted():
        return work(what, game, n)


def run(tree: Path, what: str, game: str, n: int, instructions: bool = False) -> dict[str, float]:
    """``measure`` (or ``count`` under callgrind) in a fresh interpreter on ``tree``, run from a
    neutral folder; an ``error`` entry instead when it fails."""
    env = {**os.environ, "PYTHONPATH": str(tree), "MPLBACKEND": "Agg"}
    call = "count" if instructions else "measure"
    code = f"import sys, json; sys.path.insert(0, {str(HERE / 'tests')!r}); import bench_sim; " + (
        f"print(json.dumps(bench_sim.{call}({what!r}, {game!r}, {n})))"
    )
    with tempfile.TemporaryDirectory() as out:
        command = [sys.executable, "-c", code]
        if instructions:
            command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}/callgrind.%p", *command]
        proc = subprocess.run(command, env=env, cwd="/", capture_output=True, text=True)
        if proc.returncode:
            return {"error": proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else "failed"}  # type: ignore[dict-item]
        done = json.loads(proc.stdout.strip().splitlines()[-1])
        if not instructions:
            return done
        counted = sum(_counted_instructions(f) for f in Path(out).glob("callgrind.*"))
    return {f"instructions/{unit[:-1]}": counted / done[unit] for unit in done}


def _counted_instructions(path: Path) -> int:
    """The instructions of one callgrind output file when it is a ``counted`` dump, else 0."""
    counted = False
    with path.open() as lines:
        for text in lines:
            if text.startswith("desc: Trigger:"):
                counted = text.split()[-1] == "counted"
            elif text.startswith("totals:"):
                return int(text.split()[1]) if counted else 0
    return 0


def line(label: str, new: dict, old: dict | None) -> str:
    """One printed line: each figure, old beside new with the ratio when there is an old one
    (new/old for rates, old/new for instruction counts: above 1, the new code is faster)."""
    parts = []
    for key, value in new.items():
        if key == "error":
            parts.append(f"new failed: {value}")
            continue
        text = f"{key} {value:,.1f}"
        if old is not None and isinstance(old.get(key), float):
            if key.startswith("instructions"):
                text = f"{key} old {old[key]:,.0f}  new {value:,.0f}  old/new {old[key] / value:.2f}x"
            else:
                text = f"{key} old {old[key]:,.1f}  new {value:,.1f}  new/old {value / old[key]:.2f}x"
        elif old is not None:
            text += f"  (old: {old.get('error', '-')})"
        parts.append(text)
    return f"{label:<28} " + "; ".join(parts)


def _best_of(runs: list[dict[str, float]]) -> dict[str, float]:
    """The best figure of each key over the runs that worked (rates: the highest; instruction
    counts: the lowest); the first run's error when none worked."""
    worked = [figures for figures in runs if "error" not in figures]
    if not worked:
        return runs[0]
    out: dict[str, float] = {}
    for figures in worked:
        for key, value in figures.items():
            lower = key.startswith("instructions")
            if key not in out or (value < out[key] if lower else value > out[key]):
                out[key] = value
    return out


def main(argv: list[str] | None = None) -> int:
    """Run the measures of the command line; 0."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--old", type=Path, default=None, help="an older checkout to compare with")
    p.add_argument("--games", type=int, default=60, help="games per playout measure (default 60)")
    p.add_argument("--mcts", type=int, default=12, help="mcts decisions per game (default 12)")
    p.add_argument("--only", default="", help="comma-separated games (default: every registered one)")
    p.add_argument("--rounds", type=int, default=2, help="turns of each tree per measure (default 2)")
    p.add_argument("--instructions", action="store_true", help="count instructions with callgrind instead")
    p.add_argument("--study", type=int, default=0, help="run the best-in-one-seat study of N games instead")
    args = p.parse_args(argv)
    if args.instructions and not shutil.which("valgrind"):
        p.error("--instructions needs valgrind (apt-get install valgrind)")
    sys.path.insert(0, str(HERE))
    from fresco_kit.core.registry import games

    names = args.only.split(",") if args.only else [info.name for info in games()]
    trees = [HERE] + ([args.old.resolve()] if args.old else [])
    if args.study:
        game = names[0]
        new = run(HERE, "study", game, args.study)
        old = run(trees[1], "study", game, args.study) if args.old else None
        print(line(f"{game} study of {args.study}", new, old), flush=True)
        return 0
    rounds = 1 if args.instructions else max(1, args.rounds)
    for game in names:
        results = {}
        for what, n in (("random", args.games * 3), ("kit", args.games), ("traced", args.games), ("mcts", args.mcts)):
            runs: list[list[dict[str, float]]] = [[] for _ in trees]
            for _ in range(rounds):  # the trees take turns, so a busy spell hits both
                for i, tree in enumerate(trees):
                    runs[i].append(run(tree, what, game, n, args.instructions))
            new, old = (_best_of(r) for r in runs) if args.old else (_best_of(runs[0]), None)
            results[what] = (new, old)
            print(line(f"{game} {what}", new, old), flush=True)
        for label, tree_i in (("new", 0), ("old", 1)):
            plain, traced = results["kit"][tree_i], results["traced"][tree_i]
            if plain and traced and "games/s" in plain and "games/s" in traced:
                print(f"{game} tracing cost ({label}):    {plain['games/s'] / traced['games/s']:.2f}x a plain game")
            elif plain and traced and "instructions/game" in plain and "instructions/game" in traced:
                cost = traced["instructions/game"] / plain["instructions/game"]
                print(f"{game} tracing cost ({label}):    {cost:.2f}x a plain game (instructions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
