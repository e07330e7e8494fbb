"""The runner: seeded games between bots on all cores, returned as pandas frames.

``simulate("sixtina", ["random", "kit", "kit"], games=1000)`` plays games with seeds
``seed .. seed + games - 1``.  Game ``i`` is set up from seed ``seed + i`` and its bots
draw from their own generator seeded from it too, so the same arguments give the same
frames with 1 worker or 8.  Seeds go to worker processes in batches and the games are
built there (nothing but names and numbers crosses between processes).  Ctrl-C returns
the games finished so far.  A game that does not end within ``max_actions`` is cut and
reported (``finished`` False).

The engines' playout fast path (``rules.apply_fast``: no checks, no event texts) is
used when a game has one; the rules' ``actor`` and ``legal_actions(state, player=)``
say whose turn it is and what they may do.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from fresco_kit.core import Rng, game_info
from fresco_kit.core.registry import GameInfo

from .bots import make_bot

#: games per task sent to a worker (a task per game costs more than it saves)
BATCH = 25


@dataclass
class Results:
    """What :func:`simulate` returns: ``games`` (a row per game) and ``players`` (a row per
    game and seat), pandas DataFrames; ``interrupted`` if Ctrl-C cut the run short."""

    games: Any
    players: Any
    interrupted: bool = False


def play_one(
    info: GameInfo, bots: Sequence[str], seed: int, options: dict[str, Any], max_actions: int
) -> dict[str, Any]:
    """Play game ``seed`` to the end (or the cap); its record as plain data."""
    players = info.players(len(bots))
    game = info.new_game(players, seed=seed, **options)
    rules, state = game.rules, game.state
    seats = {name: make_bot(bot) for name, bot in zip(players, bots)}
    rng = Rng(seed * 7919 + 17)
    apply_fast = getattr(rules, "apply_fast", None)
    count = 0
    while not rules.is_over(state) and count < max_actions:
        player = rules.actor(state)[0]
        action = seats[player].choose(rules, state, player, rng)
        state = apply_fast(state, action) if apply_fast else rules.apply(state, action)[0]
        count += 1
    sheet = rules.scores(state)
    totals = sheet.totals
    finished = rules.is_over(state)
    winners = [w for w in sheet.winners if w in players] if finished else []
    rows = []
    for seat, (name, bot) in enumerate(zip(players, bots)):
        others = [totals[p] for p in players if p != name]
        rows.append(
            {
                "seed": seed,
                "seat": seat,
                "player": name,
                "bot": bot,
                **{c: sheet.rows[name].get(c, 0) for c in info.categories},
                "total": totals[name],
                "rank": 1 + sum(1 for p in players if totals[p] > totals[name]),
                "won": name in winners,
                "win_share": 1 / len(winners) if name in winners else 0.0,
                "margin": totals[name] - max(others) if others else 0,
            }
        )
    return {
        "game": {
            "seed": seed,
            "players": len(players),
            "options": repr(options),
            "actions": count,
            "finished": finished,
            "winners": ",".join(winners),
        },
        "players": rows,
    }


def _batch(
    name: str, bots: Sequence[str], seeds: Sequence[int], options: dict[str, Any], max_actions: int
) -> list[dict[str, Any]]:
    info = game_info(name)
    return [play_one(info, bots, s, options, max_actions) for s in seeds]


def simulate(
    game: str,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    workers: int | None = None,
    max_actions: int = 20_000,
    progress: bool = True,
) -> Results:
    """Play ``games`` seeded games of ``game`` with one bot name per seat; see the module.

    ``workers`` defaults to every core (1 runs in this process).  Raises ``ValueError``
    for an unknown game, bot, option or player count."""
    import pandas as pd
    from tqdm.auto import tqdm

    info = game_info(game)
    info.check_player_count(len(bots))
    for bot in bots:
        make_bot(bot)
    options = dict(options or {})
    info.check_options(options)
    if not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number >= 1, not {games!r}")
    workers = workers or os.cpu_count() or 1
    batches = [list(range(seed + i, seed + min(i + BATCH, games))) for i in range(0, games, BATCH)]
    records: list[dict[str, Any]] = []
    interrupted = False
    bar = tqdm(total=games, desc=f"{game} games", disable=not progress, leave=False)
    try:
        if workers == 1:
            for seeds in batches:
                records += _batch(game, list(bots), seeds, options, max_actions)
                bar.update(len(seeds))
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                futures: list[Future[list[dict[str, Any]]]] = [
                    pool.submit(_batch, game, list(bots), seeds, options, max_actions) for seeds in batches
                ]
                try:
                    for future in futures:
                        records += future.result()
                        bar.update(BATCH)
                except KeyboardInterrupt:
                    interrupted = True
                    for future in futures:
                        future.cancel()
                    records += [r for f in futures if f.done() and not f.cancelled() for r in f.result()]
    except KeyboardInterrupt:
        interrupted = True
    finally:
        bar.close()
    records.sort(key=lambda r: r["game"]["seed"])
    unique = {r["game"]["seed"]: r for r in records}.values()
    games_frame = pd.DataFrame([r["game"] for r in unique])
    players_frame = pd.DataFrame([row for r in unique for row in r["players"]])
    return Results(games_frame, players_frame, interrupted)
