"""The runner: seeded games between bots on all cores, returned as pandas frames.

``simulate("sixtina", ["random", "kit", "kit"], games=1000)`` plays games with seeds
``seed .. seed + games - 1``.  Game ``i`` is set up from seed ``seed + i`` and its bots
draw from their own generator seeded from it too, so the same arguments give the same
frames with 1 worker or 8.  Seeds go to worker processes in batches and the games are
built there (nothing but names and numbers crosses between processes).  Ctrl-C returns
the games finished so far.  A game that does not end within ``max_actions`` is cut and
reported (``finished`` False).

**Nothing is lost.**  A game that raises is recorded in :attr:`Results.missing` with its
seed and the error, and the study goes on.  When a worker process dies (killed, out of
memory), its batch is played again: the seed it was playing is retried once in a pool of
its own, and a seed whose worker dies again is reported missing; every other game of
the batch is kept.  ``missing`` has a row per seed not in ``games`` and why.  Workers
die with the main process (a parent-death signal on Linux, a watch of the parent
elsewhere), so a killed study leaves no worker behind.

The engines' playout fast path (``rules.apply_fast``: no checks, no event texts) is
used when a game has one; the rules' ``actor`` and ``legal_actions(state, player=)``
say whose turn it is and what they may do.

``backend="dask"`` (or a ``dask.distributed.Client`` as ``client``, or a scheduler
address as ``scheduler``) runs the same batches as Dask tasks instead of a process pool;
the frames are the same.  ``decisions=True`` adds :attr:`Results.decisions` (a row per
decision: branching factor and decision time); ``rules=True`` plays through
``rules.apply`` (with event texts) and adds :attr:`Results.rules`: per game and rule id,
how often the rule fired as an event and how often it refused one of a few sampled
candidate moves (:data:`REFUSAL_SAMPLE` legal actions of the previous decision drawn by
the game's own random player, ``rules.sample_action``, checked against the current state:
no legal list is built).  Tracing counts rules and reads no text, so the events and
refusals are made unworded (``core.text.unworded``: each message is its template, not
filled in).  The bots' draws do not depend on either flag, so the ``games`` and
``players`` frames stay the same.

**Drama and decisiveness.**  Each ``games`` row also has ``final_margin`` (the top
total minus the second, over the seated players; 0 for a tie at the top) and
``lead_changes``: the provisional totals (``rules.scores``) are read at the start, at
every *pass of the table* and at the end, and :func:`lead_changes` counts how often the
sole leader became another player.  A pass of the table is a change of the game's own
counters ``(round, turn // seats)`` (:func:`table_pass`): Fresco's rounds, a placement
by everyone in a Lorenzo round, a turn of every seat in 1980 Sixtina, so reading the
scores costs a few dozen calls a game, not one per action.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from fresco_kit.core import Rng, game_info
from fresco_kit.core.collector import many_games
from fresco_kit.core.plugins import direct
from fresco_kit.core.registry import GameInfo, Reach
from fresco_kit.core.text import unworded

from .bots import make_bot

#: games per task sent to a worker (a task per game costs more than it saves)
BATCH = 25
#: candidate moves checked per decision for :attr:`Results.rules` refusals
REFUSAL_SAMPLE = 1
#: the backends of :func:`simulate`
BACKENDS = ("process", "dask")
#: the columns of :attr:`Results.games`
GAME_COLUMNS = [
    "seed",
    "players",
    "options",
    "actions",
    "finished",
    "winners",
    "turns",
    "rounds",
    "final_margin",
    "lead_changes",
    "final_margin_all",
    "lead_changes_all",
]
#: the columns of :attr:`Results.neutral` and :attr:`Results.reach`
NEUTRAL_COLUMNS = ["seed", "player", "total", "rank", "ahead", "margin"]
REACH_COLUMNS = ["seed", "switch", "times"]
#: the columns of :attr:`Results.missing`
MISSING_COLUMNS = ["seed", "reason", "detail"]


@dataclass
class Results:
    """What :func:`simulate` returns: ``games`` (a row per game) and ``players`` (a row per
    game and seat), pandas DataFrames; ``interrupted`` if Ctrl-C cut the run short.

    ``players`` has the seat, the turn-order ``position`` (0 for the player who acts
    first in the game, 1 for the next one to act for the first time, and so on: the games
    draw their order of play, so a seat is not a place in the order), the player, the bot,
    one column per scoring category, total, rank, won, win share and margin.

    ``decisions`` (with ``decisions=True``): a row per decision: seed, step, player, bot,
    branching (the player's number of legal actions), kind (the action's verb, e.g.
    ``restore``) and seconds (the bot's time).
    ``rules`` (with ``rules=True``): a row per game and rule id: seed, rule, fired (events
    of the rule) and refused (sampled candidate moves the rule refused).  Both are None
    unless asked for.  ``game``: the game's name.

    ``missing``: a row per seed of the study that is not in ``games``: seed, reason
    (``"error"``: the game raised; ``"worker died"``: the process playing it died twice;
    ``"interrupted"``: Ctrl-C came first) and detail (the error, or what happened).

    ``neutral``: a row per game and player on the score sheet who has no seat (1980
    Sixtina's Gianluigi in two-player games): seed, player, total, rank among everyone
    on the sheet, ahead (above every seated player) and margin (his total minus the best
    seated one).  ``games`` also has ``final_margin_all`` and ``lead_changes_all``,
    counting him as a rival (the same as the seated ones without a neutral player), and
    the game's length in ``turns`` (``rules.counters`` at the end; None for a game without
    counters) and ``rounds`` (the
    round of the last action).

    ``reach``: a row per game and rule switch that declares its situation
    (``Switch.reach``): seed, switch, times (how often the situation arose)."""

    games: Any
    players: Any
    interrupted: bool = False
    decisions: Any = None
    rules: Any = None
    game: str = ""
    missing: Any = None
    neutral: Any = None
    reach: Any = None


def table_pass(state: Any, seats: int) -> tuple[int, int]:
    """The game's clock for sampling scores: ``(round, turn // seats)``.

    A counter the state does not have counts as 0 (Fresco has no ``turn``, 1980 Sixtina
    no ``round``), so the clock moves once every seat has had a turn, or at a new round."""
    return getattr(state, "round", 0), getattr(state, "turn", 0) // seats


def lead_changes(samples: Sequence[dict[str, float]]) -> int:
    """How often the lead passed to another player over a game's score ``samples``
    (each the players' provisional totals at one moment, in order).

    The *leader* of a sample is the one player with the highest total; a tie at the top
    has no leader and leaves the last leader standing.  A change is counted when a sample
    has a leader other than the last one (the first leader is no change): A, tie, A is 0
    changes; A, tie, B is 1; A, B, A is 2."""
    changes, last = 0, None
    for totals in samples:
        best = max(totals.values())
        top = [name for name, total in totals.items() if total == best]
        if len(top) == 1:
            if last is not None and top[0] != last:
                changes += 1
            last = top[0]
    return changes


def final_margin(totals: Sequence[float]) -> float:
    """The winning margin: the highest total minus the second highest (0 for a tie at the
    top, and for a single total)."""
    ordered = sorted(totals, reverse=True)
    return ordered[0] - ordered[1] if len(ordered) > 1 else 0


def screened_tests(
    reaches: Sequence[tuple[str, Reach]],
) -> list[tuple[Callable[..., bool] | None, list[tuple[str, Callable[..., bool]]]]]:
    """The step tests of ``reaches`` (switch name, :class:`Reach`) grouped by their screen
    (``Reach.screen``; None: no screen, always tested), each function called directly
    (:func:`~fresco_kit.core.plugins.direct`), in the order the switches come."""
    groups: dict[Any, list[tuple[str, Callable[..., bool]]]] = {}
    for name, reach in reaches:
        screen = direct(reach.screen) if reach.screen is not None else None
        groups.setdefault(screen, []).append((name, direct(reach.test)))
    return list(groups.items())


def play_one(
    info: GameInfo,
    bots: Sequence[str],
    seed: int,
    options: dict[str, Any],
    max_actions: int,
    decisions: bool = False,
    rules_used: bool = False,
) -> dict[str, Any]:
    """Play game ``seed`` to the end (or the cap); its record as plain data.

    ``decisions`` and ``rules_used`` add the ``decisions`` and ``rules`` rows (see
    :class:`Results`) without changing the game played; the provisional scores are read
    once per :func:`table_pass` for ``lead_changes``."""
    players = info.players(len(bots))
    game = info.new_game(players, seed=seed, **options)
    rules, state = game.rules, game.state
    seats = {name: make_bot(bot) for name, bot in zip(players, bots)}
    rng = Rng(seed * 7919 + 17)
    apply_fast = None if rules_used else getattr(rules, "apply_fast", None)
    sample_rng = Rng(seed * 104_729 + 7)  # the refusal sample's own draws: the bots' stay untouched
    decision_rows: list[dict[str, Any]] = []
    fired: Counter[str] = Counter()
    told: list[Any] = []  # the events of the game (with rules_used), counted into fired at its end
    refusing: list[str] = []  # the rules refusing each sampled candidate, counted into refused at its end
    sample, checks = rules.sample_action, rules.checks
    previous: Any = None  # the state of the previous decision: the refusal sample's candidates come from it
    order: list[str] = []  # the players in the order they first act: the turn-order position
    count = 0

    def standing(state: Any) -> dict[str, float]:
        return dict(rules.scores(state).totals)  # the seated players and any neutral one

    reaches = [(s.name, s.reach) for s in info.switches if s.reach is not None]
    step_tests = screened_tests([(name, reach) for name, reach in reaches if reach.when == "step"])
    reached: Counter[str] = Counter(name for name, reach in reaches if reach.when == "setup" and reach.test(state))
    samples = [standing(state)]
    clock = table_pass(state, len(players))
    before = state
    while not rules.is_over(state) and count < max_actions:
        player = rules.actor(state)[0]
        if player not in order:
            order.append(player)
        legal = rules.legal_actions(state, player=player) if decisions else []
        start = time.perf_counter()
        action = seats[player].choose(rules, state, player, rng)
        seconds = time.perf_counter() - start
        if decisions:
            decision_rows.append(
                {
                    "seed": seed,
                    "step": count,
                    "player": player,
                    "bot": bots[players.index(player)],
                    "branching": len(legal),
                    "kind": getattr(action, "VERB", "") or type(action).__name__,
                    "seconds": seconds,
                }
            )
        before = state
        if apply_fast:
            state = apply_fast(state, action)
        else:
            with unworded():  # only the rules are counted: no refusal or event is worded
                if previous is not None:  # the refusal sample, tried in the state the action is played in
                    for _ in range(REFUSAL_SAMPLE):
                        broken = checks(before, sample(previous, sample_rng))
                        if len(broken) == 1:  # most refusals name one rule
                            refusing.append(broken[0][1].checklist_id)
                        elif broken:  # a rule broken twice counts once
                            refusing.extend({ref.checklist_id for _, ref in broken})
                state, events = rules.apply(before, action)
            told.extend(events)  # counted once, at the end of the game
        for screen, tests in step_tests:
            if screen is None or screen(before, action, state):
                for name, test in tests:
                    if test(before, action, state):
                        reached[name] += 1
        previous = before if rules_used else None
        count += 1
        if table_pass(state, len(players)) != clock:
            clock = table_pass(state, len(players))
            samples.append(standing(state))
    fired.update(e.rule.checklist_id for e in told if e.rule is not None)
    refused = Counter(refusing)
    sheet = rules.scores(state)
    totals = sheet.totals
    samples.append(dict(totals))
    finished = rules.is_over(state)
    winners = [w for w in sheet.winners if w in players] if finished else []
    if finished:
        reached.update(name for name, reach in reaches if reach.when == "end" and reach.test(state, sheet))
    counters = getattr(rules, "counters", None)  # optional in the rules contract
    rounds = counters(before)[0] if counters else None  # the round of the last action
    turns = counters(state)[1] if counters else None
    neutral = [name for name in totals if name not in players]
    best_seated = max(totals[p] for p in players)
    rows = []
    for seat, (name, bot) in enumerate(zip(players, bots)):
        others = [totals[p] for p in players if p != name]
        rows.append(
            {
                "seed": seed,
                "seat": seat,
                "position": order.index(name) if name in order else len(order),
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
            "turns": turns,
            "rounds": rounds,
            "final_margin": final_margin([totals[p] for p in players]),
            "lead_changes": lead_changes([{p: t[p] for p in players} for t in samples]),
            "final_margin_all": final_margin(list(totals.values())),
            "lead_changes_all": lead_changes(samples),
        },
        "players": rows,
        "neutral": [
            {
                "seed": seed,
                "player": name,
                "total": totals[name],
                "rank": 1 + sum(1 for t in totals.values() if t > totals[name]),
                "ahead": totals[name] > best_seated,
                "margin": totals[name] - best_seated,
            }
            for name in neutral
        ],
        "reach": [{"seed": seed, "switch": name, "times": reached[name]} for name, _ in reaches],
        "decisions": decision_rows,
        "rules": [
            {"seed": seed, "rule": rule, "fired": fired[rule], "refused": refused[rule]}
            for rule in sorted(set(fired) | set(refused))
        ],
    }


def _batch(
    name: str,
    bots: Sequence[str],
    seeds: Sequence[int],
    options: dict[str, Any],
    max_actions: int,
    decisions: bool = False,
    rules_used: bool = False,
) -> list[dict[str, Any]]:
    """Play ``seeds``: a record per game, ``{"failed": {seed, reason, detail}}`` for one
    that raised.  In a pool worker each seed is announced before it is played, so the
    main process knows which one a dead worker was playing."""
    info = game_info(name)
    out = []
    with many_games():  # the collector's pace for a run of games (core.collector)
        for seed in seeds:
            if _STARTED is not None:
                _STARTED.put(seed)
            try:
                out.append(play_one(info, bots, seed, options, max_actions, decisions, rules_used))
            except Exception as error:  # a bug in a game or a bot: recorded, and the study goes on
                detail = f"{type(error).__name__}: {error}"
                out.append({"failed": {"seed": seed, "reason": "error", "detail": detail}})
    return out


#: in a pool worker: where it announces each seed it starts (see :func:`_run_pool`)
_STARTED: Any = None


def _watch_parent(parent: int) -> None:
    """End this worker when process ``parent`` is gone (polled; where no death signal exists)."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def _worker_start(started: Any, parent: int) -> None:
    """A pool worker's set-up: announce seeds on ``started``, and die with ``parent``."""
    global _STARTED
    _STARTED = started
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG: the kernel kills us when the parent dies
    else:
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    if os.getppid() != parent:  # the parent died before the guard was set
        os._exit(1)


def _run_pool(args: list[tuple], workers: int, bar: Any) -> tuple[list[dict[str, Any]], bool]:
    """Run the batches ``args`` on a process pool of ``workers``; the records (games and
    failures) and whether Ctrl-C cut the run.

    When a worker dies the pool breaks and every unfinished batch is played again in a
    new pool (a batch returns its games at its end, so a broken one is replayed whole;
    the games are seeded, so they come out the same).  The seed a broken batch was
    playing (its last announced seed) is *suspect*: its batch is replayed in a pool of one
    worker, where a death names its seed exactly; a seed suspect twice is reported
    missing and its batch goes on without it.  A batch that had not started is replayed
    as it was."""
    context = multiprocessing.get_context()
    records: list[dict[str, Any]] = []
    suspect: Counter[int] = Counter()
    shared: list[tuple] = list(args)
    alone: list[tuple] = []
    while shared or alone:
        todo, size = (shared, workers) if shared else (alone, 1)
        if todo is shared:
            shared = []
        else:
            alone = []
        started = context.SimpleQueue()
        announced: set[int] = set()
        broken: list[tuple] = []
        with ProcessPoolExecutor(
            max_workers=size, mp_context=context, initializer=_worker_start, initargs=(started, os.getpid())
        ) as pool:
            futures: dict[Future[list[dict[str, Any]]], tuple] = {pool.submit(_batch, *a): a for a in todo}
            waiting = set(futures)
            try:
                while waiting:
                    done, waiting = wait(waiting, return_when=FIRST_COMPLETED)
                    for future in done:
                        try:
                            batch = future.result()
                        except BrokenProcessPool:
                            broken.append(futures[future])
                            continue
                        records += batch
                        bar.update(len(batch))  # games, not batches: the last batch may be short
            except KeyboardInterrupt:
                for future in futures:
                    future.cancel()
                finished = [f for f in futures if f.done() and not f.cancelled() and not f.exception()]
                records += [r for f in finished for r in f.result()]
                return records, True
            while not started.empty():
                announced.add(started.get())
        for a in broken:
            seeds = list(a[2])
            playing = [s for s in seeds if s in announced]
            if not playing:
                shared.append(a)
                continue
            seed = max(playing)  # a batch plays its seeds in order
            suspect[seed] += 1
            if suspect[seed] >= 2:
                detail = "the worker process playing it died twice (killed, or out of memory)"
                records.append({"failed": {"seed": seed, "reason": "worker died", "detail": detail}})
                bar.update(1)
                rest = [s for s in seeds if s != seed]
                if rest:
                    shared.append((*a[:2], rest, *a[3:]))
            else:
                alone.append(a)
    return records, False


def _run_dask(client: Any, args: list[tuple], bar: Any) -> tuple[list[dict[str, Any]], bool]:
    """Run the batches ``args`` as tasks on ``client``; the records and whether Ctrl-C cut it.
    Dask replays a task whose worker died; a task that fails for good (``KilledWorker``)
    has its seeds reported as failed."""
    from dask.distributed import as_completed

    records: list[dict[str, Any]] = []
    futures = [client.submit(_batch, *a, pure=False) for a in args]
    seeds = {f.key: a[2] for f, a in zip(futures, args)}
    try:
        for future in as_completed(futures):
            try:
                batch = future.result()
            except Exception as error:
                detail = f"{type(error).__name__}: {error}"
                batch = [{"failed": {"seed": s, "reason": "worker died", "detail": detail}} for s in seeds[future.key]]
            records += batch
            bar.update(len(batch))
    except KeyboardInterrupt:
        client.cancel([f for f in futures if not f.done()])
        records += [r for f in futures if f.done() and f.status == "finished" for r in f.result()]
        return records, True
    return records, False


def check_study(
    game: str, bots: Sequence[str], games: int, options: Mapping[str, Any], backend: str = "process"
) -> None:
    """Check a study's arguments before any game is played: ``ValueError`` for an unknown
    game, bot, option, player count or backend, or a number of games below 1."""
    info = game_info(game)
    info.check_player_count(len(bots))
    for bot in bots:
        make_bot(bot)
    info.check_options(dict(options))
    if not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number >= 1, not {games!r}")
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; the backends are {', '.join(BACKENDS)}")


def simulate(
    game: str,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    workers: int | None = None,
    max_actions: int = 20_000,
    progress: bool = True,
    backend: str = "process",
    client: Any = None,
    scheduler: str | None = None,
    decisions: bool = False,
    rules: bool = False,
) -> Results:
    """Play ``games`` seeded games of ``game`` with one bot name per seat; see the module.

    ``workers`` defaults to every core (1 runs in this process unless the backend is
    Dask).  ``backend="dask"`` starts a local Dask cluster of ``workers`` worker processes
    for the run; a ``client`` (a ``dask.distributed.Client``, left open) or a
    ``scheduler`` address (connected to for the run) implies it.  ``decisions`` and
    ``rules`` add those frames (see :class:`Results`).  Raises ``ValueError`` for an
    unknown game, bot, option, player count or backend."""
    import pandas as pd
    from tqdm.auto import tqdm

    options = dict(options or {})
    check_study(game, bots, games, options, backend)
    if client is not None or scheduler is not None:
        backend = "dask"
    workers = workers or os.cpu_count() or 1
    batches = [list(range(seed + i, seed + min(i + BATCH, games))) for i in range(0, games, BATCH)]
    args = [(game, list(bots), seeds, options, max_actions, decisions, rules) for seeds in batches]
    records: list[dict[str, Any]] = []
    interrupted = False
    bar = tqdm(total=games, desc=f"{game} games", disable=not progress, leave=False)
    try:
        if backend == "dask":
            from dask.distributed import Client, LocalCluster

            if client is not None:
                records, interrupted = _run_dask(client, args, bar)
            elif scheduler is not None:
                with Client(scheduler) as own:
                    records, interrupted = _run_dask(own, args, bar)
            else:
                with (
                    LocalCluster(
                        n_workers=workers, threads_per_worker=1, host="127.0.0.1", dashboard_address=None
                    ) as cluster,
                    Client(cluster) as own,
                ):
                    records, interrupted = _run_dask(own, args, bar)
        elif workers == 1:
            for a in args:
                records += _batch(*a)
                bar.update(len(a[2]))
        else:
            records, interrupted = _run_pool(args, workers, bar)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        bar.close()
    failed = {r["failed"]["seed"]: r["failed"] for r in records if "failed" in r}
    played = {r["game"]["seed"]: r for r in records if "game" in r}
    unique = [played[s] for s in sorted(played)]
    lost = [failed[s] for s in sorted(failed)]
    if interrupted:
        lost += [
            {"seed": s, "reason": "interrupted", "detail": "Ctrl-C came before it was played"}
            for s in range(seed, seed + games)
            if s not in played and s not in failed
        ]
    games_frame = pd.DataFrame([r["game"] for r in unique], columns=GAME_COLUMNS)
    players_frame = pd.DataFrame([row for r in unique for row in r["players"]])
    decision_columns = ["seed", "step", "player", "bot", "branching", "kind", "seconds"]
    decisions_frame = (
        pd.DataFrame([row for r in unique for row in r["decisions"]], columns=decision_columns) if decisions else None
    )
    rule_columns = ["seed", "rule", "fired", "refused"]
    rules_frame = pd.DataFrame([row for r in unique for row in r["rules"]], columns=rule_columns) if rules else None
    missing = pd.DataFrame(sorted(lost, key=lambda r: r["seed"]), columns=MISSING_COLUMNS)
    neutral = pd.DataFrame([row for r in unique for row in r["neutral"]], columns=NEUTRAL_COLUMNS)
    reach = pd.DataFrame([row for r in unique for row in r["reach"]], columns=REACH_COLUMNS)
    return Results(games_frame, players_frame, interrupted, decisions_frame, rules_frame, game, missing, neutral, reach)
