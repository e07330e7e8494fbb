"""The fresco-kit command: the games, worked examples, figures, benchmarks and soak runs.

The games are the registered ones (`fresco-kit games` describes them); every part of a
game the command uses (rules, worked examples, drawings, bench player count) comes from
its GameInfo.  Run `fresco-kit COMMAND --help` for the options of one command."""

from __future__ import annotations

import argparse
import importlib.util
import shlex
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fresco_kit.core.collector import many_games
from fresco_kit.core.data import load_patch, load_seed
from fresco_kit.core.examples import run_examples
from fresco_kit.core.game import Game, random_playout
from fresco_kit.core.random import Rng
from fresco_kit.core.registry import GAMES as REGISTERED
from fresco_kit.core.registry import GameInfo, game_info, games

if TYPE_CHECKING:  # the studies' and the fuzzers' modules are imported by the commands that use them
    from fresco_kit.core.fuzz import FuzzReport
    from fresco_kit.sim.runner import Results


class PlayoutFailure(Exception):
    """A random game broke the engine, an invariant or a JSON round trip; the message says where."""


def _game_word(n: int) -> str:
    return "game" if n == 1 else "games"


def _games(n: int) -> str:
    return f"{n} {_game_word(n)}"


class UsageError(ValueError):
    """What the user typed cannot be run (a bad bot, option, data patch or file name):
    reported with the command's usage line, exit status 2, before any game is played.
    Anything else that goes wrong during a run exits 1 with its message."""


def cmd_examples(args: argparse.Namespace) -> int:
    """Replay the worked examples of one game or all; 1 on a mismatch."""
    infos = games() if args.game == "all" else (game_info(args.game),)
    ok = True
    for info in infos:
        print(f"== {info.name} ==")
        if info.examples is None:
            print(f"{info.title} has no worked examples")
            continue
        ok &= run_examples(info.examples.EXAMPLES)
    return 0 if ok else 1


def _playouts(name: str, n: int, players: int, seed: int, check: bool, progress: bool) -> Iterator[int]:
    """Play ``n`` seeded random games; yield the number of actions of each.

    With ``progress``, a line goes to stderr after every tenth of the games.  A game
    that goes wrong raises :class:`PlayoutFailure` naming its seed."""
    info = game_info(name)
    invariants = getattr(info.rules, "invariants", None)
    for i in range(n):
        game = info.new_game(info.players(players), seed=seed + i)
        rng = Rng(seed + i + 1_000_003)
        try:
            yield _playout(game, rng, invariants if check else None, check)
        except (AssertionError, RuntimeError, ValueError) as exc:  # RuleError, SaveError are ValueErrors
            raise PlayoutFailure(
                f"{name}, {players} players, game seed {seed + i}: {type(exc).__name__}: {exc}\n"
                f"  (replay it alone with: --players {players} --seed {seed + i} -n 1)"
            ) from exc
        if progress and (i + 1) % max(1, n // 10) == 0:
            print(f"  {name}, {players} players: {i + 1}/{_games(n)}", file=sys.stderr, flush=True)


def _playout(game: Game, rng: Rng, invariants: Callable[[Any], list[str]] | None, check: bool) -> int:
    """One random game to the end; the number of actions played.

    With ``check``: ``invariants`` after every action and a JSON round trip at the end."""

    def check_invariants(game: Game, action: Any, steps: int) -> None:
        broken = invariants(game.state) if invariants else []
        if broken:
            raise AssertionError(f"after action {steps} ({action}): {broken}")

    steps = random_playout(game, rng, after_each=check_invariants if check and invariants else None)
    if check and Game.from_json(game.to_json()).state != game.state:
        raise AssertionError("the JSON round trip gives a different state")
    return steps


def cmd_bench(args: argparse.Namespace) -> int:
    """Time seeded random games to the end: games/s and actions/s.  The game's modules (loaded
    on first use) are loaded before the clock starts, by setting up one game: the figures
    are those of play alone."""
    info = game_info(args.game)
    players = args.players or info.bench_players
    info.new_game(info.players(players), seed=args.seed)
    start = time.perf_counter()
    with many_games():  # the collector's pace for a run of games (core.collector)
        actions = sum(_playouts(args.game, args.n, players, args.seed, False, args.n >= 1000))
    elapsed = time.perf_counter() - start
    print(
        f"{args.game}: {args.n} seeded random {players}-player {_game_word(args.n)} "
        f"to the end, {actions} actions in {elapsed:.2f} s"
    )
    print(f"  {args.n / elapsed:.1f} games/s   {actions / elapsed:.0f} actions/s   {actions / args.n:.1f} actions/game")
    return 0


def cmd_soak(args: argparse.Namespace) -> int:
    """Play random games checking invariants (and, with --fuzz, damaged input)."""
    counts = [args.players] if args.players else game_info(args.game).player_counts
    for players in counts:
        with many_games():
            actions = sum(_playouts(args.game, args.n, players, args.seed, True, True))
        print(
            f"{args.game}: {args.n} {players}-player {_game_word(args.n)}, {actions} actions, invariants held",
            flush=True,
        )
    return _fuzz(game_info(args.game), args.fuzz, args.seed) if args.fuzz else 0


def _fuzz(info: GameInfo, n: int, seed: int) -> int:
    """Fuzz ``n`` damaged saves, ``n`` damaged actions and (for a game that takes data
    patches) ``n`` data patches at the edges of their bounds, every loaded game asked
    under a time and memory budget; 1 if anything crashed or went over budget."""
    from fresco_kit.core.fuzz import fuzz_actions, fuzz_patches, fuzz_saves

    fuzzers: list[tuple[str, Callable[..., FuzzReport]]] = [("saves", fuzz_saves), ("actions", fuzz_actions)]
    if info.data is not None:
        schema, raw = info.data.OVERRIDES, load_seed(info.name)
        fuzzers.append(("data patches", lambda info, n, **kw: fuzz_patches(info, schema, raw, n, **kw)))
    crashed = False
    for what, fuzz in fuzzers:

        def progress(i: int, what: str = what) -> None:
            if i % max(1, n // 10) == 0:
                print(f"  {info.name}: {i}/{n} damaged {what}", file=sys.stderr, flush=True)

        report = fuzz(info, n, seed=seed, progress=progress)
        print(report, flush=True)
        crashed |= bool(report.crashes)
    return 1 if crashed else 0


def _study(args: argparse.Namespace, review: bool = False) -> tuple[dict[str, Any], Results]:
    """The options and the games of ``simulate`` or ``review`` (a review records
    decisions and rules; ``simulate`` rules only when the game has switches, unless
    ``--no-rules``)."""
    from fresco_kit.sim.runner import check_study, simulate

    bots = args.bots.split(",") if args.bots else ["kit"] * (args.players or game_info(args.game).bench_players)
    options = dict(_option(text) for text in args.option)
    try:  # what the user typed is checked before any game is played: a usage error
        if args.data:  # a DataError (a ValueError) names the file and the field
            options["data"] = load_patch(args.data)
        check_study(args.game, bots, args.n, options)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    rules = review or (bool(game_info(args.game).switches) and not args.no_rules)
    results = simulate(
        args.game,
        bots,
        args.n,
        seed=args.seed,
        options=options,
        workers=args.workers,
        scheduler=args.scheduler,
        progress=sys.stderr.isatty(),
        decisions=review,
        rules=rules,
    )
    return options, results


def _ladder_file(path: str | None) -> Any:
    """The ladder CSV of ``--ladder`` (written by ``fresco-kit ladder``), or None."""
    if path is None:
        return None
    import pandas as pd

    try:
        frame = pd.read_csv(path)
    except (OSError, ValueError) as exc:
        raise UsageError(f"cannot read the ladder {path!r}: {exc}") from None
    missing = {"bot", "rating", "sigma"} - set(frame.columns)
    if missing:
        raise UsageError(f"{path} is not a ladder CSV (no {', '.join(sorted(missing))} column)")
    return frame


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play seeded games between bots; print win rates by seat, turn-order position and bot
    with intervals and verdicts, the neutral player, category shares and what separates
    winners, length, decisiveness, drama and the switches' reach."""
    from fresco_kit.classroom.review import summary_lines

    _parquet(args.out)
    ladder = _ladder_file(args.ladder)
    _, results = _study(args)
    print("\n".join(summary_lines(results, ladder)))
    if args.out:
        _write_rows(results.players, args.out)
        print(f"wrote {args.out} (one row per game and seat)")
    return 0


def _parquet(out: str | None) -> bool:
    """Whether ``--out`` asks for Parquet; ``ValueError`` (before any game is played) if
    pyarrow, which pandas writes Parquet with, is not installed."""
    if out is None or Path(out).suffix.lower() != ".parquet":
        return False
    if importlib.util.find_spec("pyarrow") is None:
        raise UsageError(f"writing {out} needs pyarrow (pip install pyarrow); or write a .csv file")
    return True


def _write_rows(frame: Any, out: str) -> None:
    """The per-seat rows as CSV, or as Parquet for a ``.parquet`` name."""
    if _parquet(out):
        frame.to_parquet(out, index=False)
    else:
        frame.to_csv(out, index=False)


def cmd_review(args: argparse.Namespace) -> int:
    """Play a study and write its review as one self-contained HTML file."""
    from fresco_kit.classroom.review import summary_lines, write_report

    ladder = _ladder_file(args.ladder)
    options, results = _study(args, review=True)
    out = args.out or f"{args.game}_review.html"
    command = "fresco-kit " + " ".join(shlex.quote(a) for a in args.argv)
    print("\n".join(summary_lines(results, ladder)))
    print(f"wrote {write_report(results, out, command, options, ladder)}")
    return 0


def cmd_sweep(args: argparse.Namespace) -> int:
    """Play the same seeds at each value of one printed number; print and write the table."""
    from fresco_kit.classroom.plots import sweep as sweep_plot
    from fresco_kit.sim.sweep import sweep, table_lines

    bots = args.bots.split(",") if args.bots else ["kit"] * (args.players or game_info(args.game).bench_players)
    options = dict(_option(text) for text in args.option)
    try:
        values = [int(v) for v in args.values.split(",") if v.strip()]
    except ValueError:
        raise UsageError(f"--values takes whole numbers separated by commas, not {args.values!r}") from None
    try:
        result = sweep(
            args.game,
            args.data_field,
            values,
            bots,
            args.n,
            seed=args.seed,
            options=options,
            workers=args.workers,
            progress=sys.stderr.isatty(),
        )
        lines = table_lines(result, args.target)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    print("\n".join(lines))
    out = args.out or f"{args.game}_sweep.csv"
    result.table.to_csv(out, index=False)
    print(f"wrote {out}")
    if args.plot:
        figure = sweep_plot(result)
        figure.savefig(args.plot, dpi=100)
        print(f"wrote {args.plot}")
    return 0


def cmd_ladder(args: argparse.Namespace) -> int:
    """Rate bots on mixed, rotated seats; print the ladder and write it as CSV."""
    from fresco_kit.sim.ladder import ladder, table_lines

    bots = args.bots.split(",")
    options = dict(_option(text) for text in args.option)
    try:
        result = ladder(
            args.game,
            bots,
            args.n,
            players=args.players,
            seed=args.seed,
            options=options,
            workers=args.workers,
            progress=sys.stderr.isatty(),
        )
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    print("\n".join(table_lines(result)))
    out = args.out or f"{args.game}_ladder.csv"
    result.table.to_csv(out, index=False)
    print(f"wrote {out}")
    return 0


def _option(text: str) -> tuple[str, Any]:
    """``NAME=VALUE`` of ``--option`` (true/false become booleans)."""
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"options are written NAME=VALUE, not {text!r}")
    return name, {"true": True, "false": False}.get(value.lower(), value)


def cmd_games(args: argparse.Namespace) -> int:
    """Describe every registered game: players, options, switches, scoring, sources."""
    for info in games():
        print(f"{info.name}: {info.title} ({'/'.join(map(str, info.player_counts))} players)")
        print(f"  {info.summary}")
        for option in info.options:
            print(
                f"  option {option.name}: {' | '.join(map(str, option.choices))} "
                f"(default {option.default}) -- {option.doc}"
            )
        for switch in info.switches:
            print(f"  switch {switch.name}: {' | '.join(map(str, switch.choices))} -- {switch.doc}")
        print(f"  scoring: {', '.join(info.categories)}")
        print(f"  sources: {'; '.join(info.sources)}")
    return 0


def cmd_figures(args: argparse.Namespace) -> int:
    """Write the README's figures as PNG files."""
    import matplotlib

    matplotlib.use("Agg")
    out = Path(args.out)
    for info in games():
        if info.draw is None:
            continue
        for filename, fig in info.draw.readme_figures():
            path = out / filename
            fig.savefig(path, dpi=110, bbox_inches="tight")
            print(f"wrote {path}")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    """Serve the classroom across devices (needs the ``serve`` extra: starlette, uvicorn, segno)."""
    from fresco_kit.serve.run import serve  # lazy: the served classroom's packages are an extra

    hosts = tuple(h.strip() for h in args.allowed_host for h in h.split(",") if h.strip())
    return serve(
        args.host, args.port, args.db, args.teacher_token, hosts, args.public_url, args.max_tables, args.seat_rate
    )


def _count(text: str) -> int:
    """``-n``: a positive whole number of games (else a usage error, exit 2)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid number of games: {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"the number of games must be at least 1, not {n}")
    return n


def _study_arguments(p: argparse.ArgumentParser) -> None:
    """The arguments of a study, shared by ``simulate`` and ``review``."""
    p.add_argument("game", choices=tuple(REGISTERED))
    p.add_argument(
        "--bots",
        default=None,
        metavar="B1,B2,...",
        help="one bot per seat: random, kit, greedy, mcts or persona:CATEGORY (default: kit in every seat)",
    )
    p.add_argument("-n", type=_count, default=200, metavar="N", help="number of games (default 200)")
    p.add_argument("--players", type=int, default=None, metavar="P", help="player count when --bots is not given")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the first game (default 0)")
    p.add_argument("--workers", type=int, default=None, metavar="W", help="worker processes (default: all cores)")
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option, e.g. ruleset=bigbox (repeat for several)",
    )
    p.add_argument(
        "--data",
        default=None,
        metavar="FILE.toml",
        help="play a variant of the component data: a patch file (seeds/README.md, Data overrides)",
    )
    p.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="run the games on this Dask scheduler, e.g. tcp://127.0.0.1:8786 (needs dask[distributed])",
    )
    p.add_argument(
        "--ladder",
        default=None,
        metavar="FILE.csv",
        help="quote these ladder ratings of the bots used (a CSV written by fresco-kit ladder)",
    )


def _parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    names = tuple(REGISTERED)
    described = "; ".join(f"{info.name} ({info.title})" for info in games())
    parser = argparse.ArgumentParser(
        prog="fresco-kit",
        description=f"{__doc__}\n\nThe games: {described}.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    subs = {}

    def command(
        name: str, summary: str, description: str, func: Callable[[argparse.Namespace], int]
    ) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=summary, description=description)
        p.set_defaults(func=func)
        subs[name] = p
        return p

    command(
        "games",
        "list the games with their options, rule switches and scoring",
        "Describe every game the kit knows: player counts, options, rule switches, "
        "scoring categories and source rulebooks.",
        cmd_games,
    )
    p = command(
        "examples",
        "replay the rulebooks' worked examples; exit 1 on a mismatch",
        "Replay each worked example through the engine and print the rulebook's "
        "figures next to the engine's. Exit status 1 if any figure differs.",
        cmd_examples,
    )
    p.add_argument("game", choices=names + ("all",), help="a game, or all of them")
    p = command(
        "bench",
        "time seeded random games to the end",
        "Play seeded random games to the end with the engine's random player and report games/s and actions/s.",
        cmd_bench,
    )
    p.add_argument("game", choices=names)
    p.add_argument("-n", type=_count, default=200, metavar="N", help="number of games (default 200)")
    bench = ", ".join(f"{info.name} {info.bench_players}" for info in games())
    p.add_argument("--players", type=int, default=None, metavar="P", help=f"player count (default: {bench})")
    p.add_argument(
        "--seed", type=int, default=0, metavar="S", help="seed of the first game; game i uses S + i (default 0)"
    )
    p = command(
        "soak",
        "play many random games checking invariants at every step",
        "Play seeded random games to the end, checking the game's invariants after "
        "every action and a JSON save/load round trip at the end of each game; with "
        "--fuzz, also damaged saves and actions. Progress goes to stderr. Exit status "
        "1, naming the seed or the input, if anything fails.",
        cmd_soak,
    )
    p.add_argument("game", choices=names)
    p.add_argument("-n", type=_count, default=1000, metavar="N", help="number of games per player count (default 1000)")
    p.add_argument(
        "--players",
        type=int,
        default=None,
        metavar="P",
        help="only this player count (default: every count the game supports)",
    )
    p.add_argument(
        "--seed", type=int, default=0, metavar="S", help="seed of the first game; game i uses S + i (default 0)"
    )
    p.add_argument(
        "--fuzz",
        type=_count,
        default=None,
        metavar="N",
        help="also load N damaged saves and try N damaged actions: each must be refused "
        "clearly or play on (exit status 1 if any crashes)",
    )
    p = command(
        "simulate",
        "play seeded games between bots: win rates, balance, points, length, drama",
        "Play seeded games between bots on all cores and report each seat's, turn-order "
        "position's and bot's win rate with a Wilson 95% interval, chi-square verdicts for seats "
        "and positions (Holm-corrected, with the smallest difference the sample detects), the "
        "neutral player, each scoring category's share and what separates winners, the length in "
        "actions, turns and rounds, the winning margins, the lead changes and how often each rule "
        "switch's situation arose.",
        cmd_simulate,
    )
    _study_arguments(p)
    p.add_argument(
        "--no-rules",
        action="store_true",
        help="do not trace which rules fire (faster; the switches' reach is counted either way)",
    )
    p.add_argument(
        "--out", default=None, metavar="FILE.csv", help="also write the per-seat rows: CSV, or Parquet for FILE.parquet"
    )
    p = command(
        "review",
        "play a study and write its design review as one HTML file",
        "Play seeded games between bots (as simulate does) and write one self-contained HTML "
        "page: the command, the settings, the summary tables and every plot (win rates, "
        "points by category, length, winning margins, lead changes, rules used) with alt text.",
        cmd_review,
    )
    _study_arguments(p)
    p.add_argument("--out", default=None, metavar="FILE.html", help="the page to write (default: GAME_review.html)")
    p = command(
        "sweep",
        "play the same seeds at several values of one printed number",
        "Set one overridable printed number (a data patch: seeds/README.md, Data overrides) to each "
        "value in turn and play the same seeds at each: win rates by seat and turn-order position with "
        "their intervals and balance p-values, length, category shares and the share of games whose "
        "winner changed against the printed value, as a table (CSV) and a plot; --target names the "
        "value closest to a goal.",
        cmd_sweep,
    )
    p.add_argument("game", choices=names)
    p.add_argument("--data-field", required=True, metavar="PATH", help="the number to sweep, e.g. studio.thalers")
    p.add_argument("--values", required=True, metavar="V1,V2,...", help="the values to play, e.g. 3,4,5,6")
    p.add_argument("--bots", default=None, metavar="B1,B2,...", help="one bot per seat (default: kit in every seat)")
    p.add_argument("-n", type=_count, default=200, metavar="N", help="games a value (default 200)")
    p.add_argument("--players", type=int, default=None, metavar="P", help="player count when --bots is not given")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the first game (default 0)")
    p.add_argument("--workers", type=int, default=None, metavar="W", help="worker processes (default: all cores)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option (repeatable)")
    p.add_argument(
        "--target",
        default=None,
        metavar="TARGET",
        help="name the value closest to 'position balance', 'seat balance' or COLUMN=NUMBER (e.g. actions=250)",
    )
    p.add_argument("--out", default=None, metavar="FILE.csv", help="the table to write (default: GAME_sweep.csv)")
    p.add_argument("--plot", default=None, metavar="FILE.png", help="also draw the sweep into this PNG")
    p = command(
        "ladder",
        "rate bots against each other on mixed, rotated seats (openskill)",
        "Play every line-up of distinct bots, rotated through the seats, on the same seeds, and rate "
        "the bots from each game's ranks with openskill's Plackett-Luce model: rating, its "
        "uncertainty, win rate with its Wilson 95% interval, mean rank and decision times. "
        "Prints the table and writes it as CSV (fresco-kit review --ladder quotes it).",
        cmd_ladder,
    )
    p.add_argument("game", choices=names)
    p.add_argument(
        "--bots", required=True, metavar="B1,B2,...", help="the bots to rate, e.g. random,kit,greedy,mcts:25"
    )
    p.add_argument(
        "-n", type=_count, default=300, metavar="N", help="games in all, at least one per line-up (default 300)"
    )
    p.add_argument(
        "--players", type=int, default=None, metavar="P", help="seats a game (default: the game's bench count)"
    )
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the first game (default 0)")
    p.add_argument("--workers", type=int, default=None, metavar="W", help="worker processes (default: all cores)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option (repeatable)")
    p.add_argument("--out", default=None, metavar="FILE.csv", help="the CSV to write (default: GAME_ladder.csv)")
    p = command(
        "figures",
        "write the README's figures (PNG) into a folder",
        "Draw the README's figures with matplotlib and save them as PNG files.",
        cmd_figures,
    )
    p.add_argument(
        "--out", default="figures", metavar="DIR", help="folder to write into, created if missing (default: figures)"
    )
    p = command(
        "serve",
        "serve tables that every student joins from their own browser",
        "Serve the classroom across devices: the teacher's page (behind a token printed at start), a page "
        "per seat, a projector view and a JSON API; every table kept in SQLite and resumed after a restart. "
        "Binds 127.0.0.1 (this computer only) unless --host says otherwise.",
        cmd_serve,
    )
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to bind (default 127.0.0.1; 0.0.0.0 opens the pages and the API to every device "
        "on the networks this computer is on)",
    )
    p.add_argument("--port", type=int, default=8765, help="port (default 8765)")
    p.add_argument(
        "--db",
        default=None,
        metavar="PATH",
        help="the SQLite file of the tables (default $XDG_DATA_HOME/fresco_kit/classroom.sqlite3)",
    )
    p.add_argument(
        "--teacher-token", default=None, metavar="T", help="the teacher's token (default: a random one, printed)"
    )
    p.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME",
        help="another Host name the server answers to (repeatable; the bound host and localhost always are)",
    )
    p.add_argument(
        "--public-url", default=None, metavar="URL", help="the address students use, for the seat links and QR codes"
    )
    p.add_argument("--max-tables", type=_count, default=64, metavar="N", help="live tables at most (default 64)")
    p.add_argument(
        "--seat-rate",
        type=_count,
        default=10,
        metavar="N",
        help="requests per second a seat may make, with bursts of 3N (default 10)",
    )
    return parser, subs


def main(argv: list[str] | None = None) -> int:
    """Run the fresco-kit command; returns the exit status."""
    parser, subs = _parser()
    args = parser.parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)
    usage_error = subs[args.command].error  # prints the command's usage, exits 2
    if getattr(args, "players", None) is not None:
        counts = game_info(args.game).player_counts
        if args.players not in counts:
            usage_error(f"{args.game} is played by {', '.join(map(str, counts))} players, not {args.players}")
    if args.command == "figures":
        try:
            Path(args.out).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            usage_error(f"cannot use {args.out!r} as the output folder: {exc.strerror or exc}")
    try:
        return args.func(args)
    except (UsageError, argparse.ArgumentTypeError) as exc:  # a bad bot, option, patch or file name
        usage_error(str(exc))
        return 2
    except (PlayoutFailure, ValueError, RuntimeError) as exc:  # a failure during the run
        seed = getattr(args, "seed", None)
        where = f" (run with --seed {seed})" if seed is not None and not isinstance(exc, PlayoutFailure) else ""
        print(f"fresco-kit {args.command}: FAILED: {exc}{where}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"fresco-kit {args.command}: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"fresco-kit {args.command}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
