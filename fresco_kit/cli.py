"""The ``fresco-kit`` command: worked examples, figures, benchmarks and soak runs."""
from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path

GAMES = ("sixtina", "fresco", "lorenzo")
DEFAULT_BENCH_PLAYERS = {"sixtina": 3, "fresco": 4, "lorenzo": 4}
PLAYER_NAMES = ["Red", "White", "Blue", "Yellow"]


def _game(name: str):
    return importlib.import_module(f"fresco_kit.{name}")


def cmd_examples(args: argparse.Namespace) -> int:
    from fresco_kit.core.examples import run_examples

    names = GAMES if args.game == "all" else (args.game,)
    ok = True
    for name in names:
        module = importlib.import_module(f"fresco_kit.{name}.examples")
        print(f"== {name} ==")
        ok &= run_examples(module.EXAMPLES)
    return 0 if ok else 1


def _playouts(name: str, n: int, players: int, seed: int, check: bool, progress: bool):
    """Play ``n`` seeded random games; yield the number of actions of each."""
    from fresco_kit.core.game import random_playout
    from fresco_kit.core.random import Rng

    module = _game(name)
    invariants = getattr(importlib.import_module(f"fresco_kit.{name}.rules"), "invariants", None)
    for i in range(n):
        game = module.new_game(PLAYER_NAMES[:players], seed=seed + i)
        rng = Rng(seed + i + 1_000_003)
        if check:
            from fresco_kit.core.game import Game

            steps = 0
            sample = getattr(game.rules, "sample_action", None)
            while not game.is_over:
                action = sample(game.state, rng) if sample else rng.choice(game.legal_actions())
                game.play(action)
                steps += 1
                if invariants:
                    broken = invariants(game.state)
                    if broken:
                        raise AssertionError(f"seed {seed + i}, action {steps} ({action}): {broken}")
                if steps > 100_000:
                    raise AssertionError(f"seed {seed + i}: game did not end")
            again = Game.from_json(game.to_json())
            if again.state != game.state:
                raise AssertionError(f"seed {seed + i}: JSON round trip differs")
            yield steps
        else:
            yield random_playout(game, rng)
        if progress and (i + 1) % max(1, n // 10) == 0:
            print(f"  {i + 1}/{n} games", file=sys.stderr)


def cmd_bench(args: argparse.Namespace) -> int:
    players = args.players or DEFAULT_BENCH_PLAYERS[args.game]
    start = time.perf_counter()
    actions = sum(_playouts(args.game, args.n, players, args.seed, False, False))
    elapsed = time.perf_counter() - start
    print(f"{args.game}: {args.n} seeded random {players}-player games to the end, "
          f"{actions} actions in {elapsed:.2f} s")
    print(f"  {args.n / elapsed:.1f} games/s   {actions / elapsed:.0f} actions/s   "
          f"{actions / args.n:.1f} actions/game")
    return 0


def cmd_soak(args: argparse.Namespace) -> int:
    counts = [args.players] if args.players else _game(args.game).PLAYER_COUNTS
    for players in counts:
        actions = sum(_playouts(args.game, args.n, players, args.seed, True, True))
        print(f"{args.game}: {args.n} {players}-player games, {actions} actions, invariants held")
    return 0


def cmd_figures(args: argparse.Namespace) -> int:
    import matplotlib

    matplotlib.use("Agg")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name in GAMES:
        try:
            draw = importlib.import_module(f"fresco_kit.{name}.draw")
        except ModuleNotFoundError:
            continue
        for filename, fig in getattr(draw, "readme_figures", lambda: [])():
            path = out / filename
            fig.savefig(path, dpi=110, bbox_inches="tight")
            print(f"wrote {path}")
    return 0


def _count(text: str) -> int:
    """``-n``: a positive whole number of games (else a usage error, exit 2)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid number of games: {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"the number of games must be at least 1, not {n}")
    return n


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="fresco-kit", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("examples", help="replay the rulebooks' worked examples; non-zero exit on a mismatch")
    p.add_argument("game", choices=GAMES + ("all",))
    p.set_defaults(func=cmd_examples)
    p = sub.add_parser("bench", help="time seeded random games to the end")
    p.add_argument("game", choices=GAMES)
    p.add_argument("-n", type=_count, default=200, help="number of games (default 200)")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(func=cmd_bench)
    p = sub.add_parser("soak", help="play many random games checking invariants at every step")
    p.add_argument("game", choices=GAMES)
    p.add_argument("-n", type=_count, default=1000)
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(func=cmd_soak)
    p = sub.add_parser("figures", help="write the README's figures into figures/")
    p.add_argument("--out", default="figures")
    p.set_defaults(func=cmd_figures)
    args = parser.parse_args(argv)
    if getattr(args, "players", None) is not None:
        counts = tuple(_game(args.game).PLAYER_COUNTS)
        if args.players not in counts:
            parser.error(f"{args.game} is played by {', '.join(map(str, counts))} players, not {args.players}")
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
