"""Simulation benchmarks, old and new side by side in one run (a benchmark, not a test).

    python tests/bench_sim.py [--old PATH] [--games N] [--only GAME,...]        # make bench
    python tests/bench_sim.py --study N [--old PATH]                           # make bench-study

Each measure runs in a fresh interpreter per source tree (``PYTHONPATH`` = the tree), warmed
up first (imports and caches do not count), best of a few repeats; with ``--old`` (a checkout
of an older commit, e.g. ``git worktree add --detach ../old 7ea8f37``) every line shows the
old figure, the new one and new/old as a ratio (above 1: the new code is faster).

Measures, per registered game at its bench player count: random playouts (the game's own
random player, actions/s), kit playouts through the runner (``simulate``, one worker, games/s),
the runner with rule tracing (``rules=True``) and its cost over a plain run, and Monte Carlo
iterations per second (``mcts:30`` decisions over a kit game).  ``--study N`` plays N games of
the first game with ``best`` (``mcts`` where the tree has no ``best``) in one seat and kit bots
in the others, on 2 worker processes and on a Dask ``LocalCluster`` of 2 workers: games/s each.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]


def _best(make_bot) -> str:  # type: ignore[no-untyped-def]
    try:
        make_bot("best")
    except ValueError:
        return "mcts"
    return "best"


def measure(what: str, game: str, n: int) -> dict[str, float]:
    """One measure in this interpreter (the tree on ``sys.path``); plain numbers."""
    from fresco_kit.core.random import Rng
    from fresco_kit.core.registry import game_info
    from fresco_kit.sim.bots import make_bot
    from fresco_kit.sim.runner import simulate

    info = game_info(game)
    players = getattr(info, "bench_players", None) or {"sixtina": 3}.get(game, 4)
    if what == "random":
        from fresco_kit.cli import _playouts

        sum(_playouts(game, 2, players, 10**6, False, False))
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            actions = sum(_playouts(game, n, players, 0, False, False))
            best = min(best, time.perf_counter() - start)
        return {"actions/s": actions / best, "games/s": n / best}
    if what in ("kit", "traced"):
        kw = {"rules": what == "traced", "workers": 1, "progress": False}
        simulate(game, ["kit"] * players, 1, seed=10**6, **kw)
        best = float("inf")
        for _ in range(2):
            start = time.perf_counter()
            simulate(game, ["kit"] * players, n, seed=0, **kw)
            best = min(best, time.perf_counter() - start)
        return {"games/s": n / best}
    if what == "mcts":
        budget = 30
        bot, kit = make_bot(f"mcts:{budget}"), make_bot("kit")
        game_ = info.new_game(info.players(players), seed=1)
        rules, state, rng = game_.rules, game_.state, Rng(5)
        decisions, spent, step = 0, 0.0, 0
        while not rules.is_over(state) and decisions < n:
            player = rules.actor(state)[0]
            if step % 7 == 0 and len(rules.legal_actions(state, player=player)) > 1:
                start = time.process_time()
                bot.choose(rules, state, player, rng)
                spent += time.process_time() - start
                decisions += 1
            state, _ = rules.apply(state, kit.choose(rules, state, player, rng))
            step += 1
        return {"iterations/s": decisions * budget / spent if spent else 0.0}
    if what == "study":
        bots = [_best(make_bot)] + ["kit"] * (players - 1)
        out = {}
        for backend in ("process", "dask"):
            start = time.perf_counter()
            simulate(game, bots, n, seed=0, workers=2, backend=backend, progress=False)
            out[f"{backend} games/s"] = n / (time.perf_counter() - start)
        return out
    raise ValueError(what)


def run(tree: Path, what: str, game: str, n: int) -> dict[str, float]:
    """``measure`` in a fresh interpreter on ``tree`` (run from a neutral folder)."""
    env = {**os.environ, "PYTHONPATH": str(tree), "MPLBACKEND": "Agg"}
    code = f"import sys, json; sys.path.insert(0, {str(HERE / 'tests')!r}); import bench_sim; " + (
        f"print(json.dumps(bench_sim.measure({what!r}, {game!r}, {n})))"
    )
    proc = subprocess.run([sys.executable, "-c", code], env=env, cwd="/", capture_output=True, text=True)
    if proc.returncode:
        return {"error": proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else "failed"}  # type: ignore[dict-item]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def line(label: str, new: dict, old: dict | None) -> str:
    """One printed line: each figure, old beside new with new/old when there is an old one."""
    parts = []
    for key, value in new.items():
        if key == "error":
            parts.append(f"new failed: {value}")
            continue
        text = f"{key} {value:,.1f}"
        if old is not None and isinstance(old.get(key), float):
            text = f"{key} old {old[key]:,.1f}  new {value:,.1f}  new/old {value / old[key]:.2f}x"
        elif old is not None:
            text += f"  (old: {old.get('error', '-')})"
        parts.append(text)
    return f"{label:<28} " + "; ".join(parts)


def main(argv: list[str] | None = None) -> int:
    """Run the measures of the command line; 0."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--old", type=Path, default=None, help="an older checkout to compare with")
    p.add_argument("--games", type=int, default=60, help="games per playout measure (default 60)")
    p.add_argument("--mcts", type=int, default=12, help="mcts decisions per game (default 12)")
    p.add_argument("--only", default="", help="comma-separated games (default: every registered one)")
    p.add_argument("--study", type=int, default=0, help="run the best-in-one-seat study of N games instead")
    args = p.parse_args(argv)
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
    for game in names:
        results = {}
        for what, n in (("random", args.games * 3), ("kit", args.games), ("traced", args.games), ("mcts", args.mcts)):
            new = run(HERE, what, game, n)
            old = run(trees[1], what, game, n) if args.old else None
            results[what] = (new, old)
            print(line(f"{game} {what}", new, old), flush=True)
        for label, tree_i in (("new", 0), ("old", 1)):
            plain, traced = results["kit"][tree_i], results["traced"][tree_i]
            if plain and traced and "games/s" in plain and "games/s" in traced:
                print(f"{game} tracing cost ({label}):    {plain['games/s'] / traced['games/s']:.2f}x a plain game")
    return 0


if __name__ == "__main__":
    sys.exit(main())
