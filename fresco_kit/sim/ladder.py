"""A rated ladder of bots: games between mixed seats, rated with openskill's Plackett–Luce model.

``ladder("sixtina", ["random", "kit", "greedy", "mcts:25"], games=300)`` plays every
line-up of distinct bots (all the ways to choose as many bots as there are seats),
each rotated through the seats (or, for a head-to-head such as ``["best", "kit", "kit"]``
on 3 seats, that one line-up's rotations), on the same seeds (so each line-up meets the same
deals), through :func:`~fresco_kit.sim.runner.simulate`.  Each game's final ranks update
the bots' ratings with openskill's Plackett–Luce model (a rating ``mu`` and its
uncertainty ``sigma``; a tie shares the rank), game by game in seed order, then line-up
order, so the same arguments give the same ladder.  The table (:attr:`Ladder.table`) has
a row per bot: rating, sigma, ``conservative`` (``mu - 3 sigma``, below the bot's skill
with about 99.7% confidence), games, wins (shared wins as fractions), win rate with its
Wilson 95% interval against the fair share, mean rank, and the median and 95th
percentile of the bot's decision time in milliseconds (measured on whatever the
workers share, so compare bots of one ladder, not machines).

A neutral player (1980 Sixtina's Gianluigi) is not rated: the ranks are the seated
players' own.  The command ``fresco-kit ladder`` prints the table and writes it as CSV;
``fresco-kit review --ladder FILE.csv`` quotes the rows of the bots a study used.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fresco_kit.core import game_info

from .base import play
from .bots import make_bot
from .metrics import wilson
from .runner import check_study, simulate

#: the ladder table's columns
COLUMNS = [
    "bot",
    "rating",
    "sigma",
    "conservative",
    "games",
    "wins",
    "rate",
    "low",
    "high",
    "fair",
    "mean_rank",
    "ms_median",
    "ms_p95",
]


@dataclass
class Ladder:
    """What :func:`ladder` returns: ``table`` (a row per bot, best conservative rating
    first), ``games`` (a row per game: lineup, seed, the runner's game columns) and
    ``players`` (the runner's players rows of every game, with ``lineup``)."""

    table: Any
    games: Any
    players: Any
    game: str
    seats: int


def lineups(bots: Sequence[str], seats: int) -> list[tuple[str, ...]]:
    """Every choice of ``seats`` distinct bots, each rotated through the seats: with bots
    a, b, c and 2 seats: (a, b), (b, a), (a, c), (c, a), (b, c), (c, b).  A head-to-head
    is one line-up of exactly ``seats`` bots naming a bot more than once (best, kit, kit:
    ``best`` against two ``kit`` bots): its distinct rotations, (best, kit, kit),
    (kit, kit, best), (kit, best, kit).  ``ValueError`` with fewer distinct bots than
    seats, or a bot named twice in a list that is not one line-up."""
    if len(bots) == seats and len(set(bots)) < len(bots):
        rotations = [tuple(bots[i:]) + tuple(bots[:i]) for i in range(seats)]
        return list(dict.fromkeys(rotations))
    if len(set(bots)) != len(bots):
        raise ValueError(
            f"name each bot once in a ladder, not {', '.join(bots)} "
            f"(or name one line-up of {seats} seats, e.g. best,kit,kit)"
        )
    if len(bots) < seats:
        raise ValueError(f"a ladder of {seats}-player games needs at least {seats} bots, not {len(bots)}")
    out = []
    for chosen in itertools.combinations(bots, seats):
        out += [chosen[i:] + chosen[:i] for i in range(seats)]
    return out


def _percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (linear between the nearest ranks)."""
    ordered = sorted(values)
    if not ordered:
        return math.nan
    at = q * (len(ordered) - 1)
    low = math.floor(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)


def rate(players: Any, bots: Sequence[str]) -> dict[str, Any]:
    """The bots' openskill Plackett–Luce ratings after the games of ``players`` (the
    runner's rows with a ``lineup`` column), game by game in seed then line-up order."""
    from openskill.models import PlackettLuce  # the review extra: imported when a ladder is rated

    model = PlackettLuce()
    ratings = {bot: model.rating(name=bot) for bot in bots}
    for _, game in players.sort_values(["seed", "lineup", "seat"]).groupby(["seed", "lineup"], sort=False):
        names = list(game["bot"])
        new = model.rate([[ratings[b]] for b in names], ranks=[int(r) for r in game["rank"]])
        for bot, team in zip(names, new):
            ratings[bot] = team[0]
    return ratings


def ladder(
    game: str,
    bots: Sequence[str],
    games: int,
    players: int | None = None,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    workers: int | None = None,
    progress: bool = False,
) -> Ladder:
    """Play ``games`` games (at least one per line-up: rounded up to a whole number of
    games per line-up) between the ``bots`` on ``players`` seats (default: the game's
    bench count) and rate them; see the module.  ``ValueError`` for an unknown game,
    bot, option or player count, or fewer distinct bots than seats."""
    import pandas as pd

    info = game_info(game)
    seats = players or info.bench_players or min(info.player_counts)
    teams = lineups(list(bots), seats)
    options = dict(options or {})
    for team in teams:
        check_study(game, team, games, options)
    per = max(1, math.ceil(games / len(teams)))
    game_frames, player_frames, decision_frames = [], [], []
    for number, team in enumerate(teams):
        result = simulate(
            game, list(team), per, seed=seed, options=options, workers=workers, progress=progress, decisions=True
        )
        label = ",".join(team)
        game_frames.append(result.games.assign(lineup=number, bots=label))
        player_frames.append(result.players.assign(lineup=number))
        decision_frames.append(result.decisions)
    games_frame = pd.concat(game_frames, ignore_index=True)
    players_frame = pd.concat(player_frames, ignore_index=True)
    finished = games_frame.loc[games_frame["finished"], ["lineup", "seed"]]
    players_frame = players_frame.merge(finished, on=["lineup", "seed"])  # a game cut at the cap has no ranks
    decisions = pd.concat(decision_frames, ignore_index=True)
    distinct = list(dict.fromkeys(bots))
    ratings = rate(players_frame, distinct)
    rows = []
    for bot in distinct:
        mine = players_frame[players_frame["bot"] == bot]
        n, wins = len(mine), float(mine["win_share"].sum())
        low, high = wilson(wins, n) if n else (math.nan, math.nan)
        ms = [1000 * s for s in decisions.loc[decisions["bot"] == bot, "seconds"]]
        r = ratings[bot]
        rows.append(
            {
                "bot": bot,
                "rating": r.mu,
                "sigma": r.sigma,
                "conservative": r.mu - 3 * r.sigma,
                "games": n,
                "wins": wins,
                "rate": wins / n if n else math.nan,
                "low": low,
                "high": high,
                "fair": 1 / seats,
                "mean_rank": float(mine["rank"].mean()) if n else math.nan,
                "ms_median": _percentile(ms, 0.5),
                "ms_p95": _percentile(ms, 0.95),
            }
        )
    table = pd.DataFrame(rows, columns=COLUMNS).sort_values("conservative", ascending=False).reset_index(drop=True)
    return Ladder(table, games_frame, players_frame, game, seats)


def table_lines(result: Ladder) -> list[str]:
    """The ladder as text: a line per bot, best first."""
    info = game_info(result.game)
    played = int(result.games["finished"].sum())
    lines = [
        f"{info.title} ladder: {played} games of {result.seats} players, openskill Plackett-Luce "
        f"(rating ± sigma; conservative = rating - 3 sigma); fair share {1 / result.seats:.3f}",
        f"{'bot':<14}{'rating':>8}{'sigma':>7}{'cons.':>8}{'games':>7}{'win rate':>10}   95% interval"
        f"{'rank':>7}{'ms med':>9}{'ms p95':>9}",
    ]
    for r in result.table.itertuples():
        lines.append(
            f"{r.bot:<14}{r.rating:>8.2f}{r.sigma:>7.2f}{r.conservative:>8.2f}{r.games:>7}{r.rate:>10.3f}"
            f"   {r.low:.3f} - {r.high:.3f}{r.mean_rank:>7.2f}{r.ms_median:>9.2f}{r.ms_p95:>9.2f}"
        )
    return lines


def decision_cpu(game: str, bots: Sequence[str], games: int, seed: int = 0) -> Any:
    """Each bot's CPU time a decision on one core: ``games`` games of ``game`` between
    ``bots`` (one per seat, the line-up rotated by a seat each game), from seed ``seed``,
    played in this process and timed with ``time.process_time`` (the ladder's times are
    wall-clock, which other jobs on a busy machine lengthen).  A frame with a row per bot:
    ``decisions`` (forced moves included, as the runner counts them), ``ms_median``,
    ``ms_p95`` and ``ms_mean``."""
    import pandas as pd

    names = game_info(game).players(len(bots))
    spent: dict[str, list[float]] = {bot: [] for bot in bots}
    for k in range(games):
        lineup = list(bots[k % len(bots) :]) + list(bots[: k % len(bots)])
        cpu: dict[str, list[float]] = {}
        play(game, {n: make_bot(b) for n, b in zip(names, lineup)}, seed + k, cpu=cpu)
        for name, bot in zip(names, lineup):
            spent[bot] += cpu.get(name, [])
    rows = [
        {
            "bot": bot,
            "decisions": len(ms),
            "ms_median": _percentile(ms, 0.5),
            "ms_p95": _percentile(ms, 0.95),
            "ms_mean": sum(ms) / len(ms) if ms else math.nan,
        }
        for bot, ms in ((bot, [1000 * t for t in spent[bot]]) for bot in dict.fromkeys(bots))
    ]
    return pd.DataFrame(rows)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m fresco_kit.sim.ladder GAME --bots B1,B2,... -n N [--seed S]``: each
    bot's CPU time a decision (:func:`decision_cpu`) as a table."""
    parser = argparse.ArgumentParser(prog="python -m fresco_kit.sim.ladder", description=main.__doc__)
    parser.add_argument("game")
    parser.add_argument("--bots", required=True, help="one bot per seat, e.g. best,greedy,greedy")
    parser.add_argument("-n", type=int, default=30, help="games (default 30)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    table = decision_cpu(args.game, args.bots.split(","), args.n, args.seed)
    print(f"{game_info(args.game).title}: CPU ms a decision, {args.n} games of {args.bots}, seeds {args.seed}+")
    print(table.to_string(index=False, float_format=lambda v: f"{v:.2f}"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
