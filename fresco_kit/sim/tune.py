"""Tune a game's heuristic weights by self-play; keep them as data.

``python -m fresco_kit.sim.tune GAME [--objective fit|match] [--games G] [--seed S]
[--bots B1,B2,...] [--trials T] [--write]``

Both objectives play seeded games (``--seed``: keep the tuning seeds apart from those
of a final measurement).

- ``fit`` (the default) plays ``G`` games between ``--bots`` (default: greedy in every
  seat), keeps every position a player decided in with the game's result, and finds the
  weights under which the heuristic best predicts who wins: a player's chance of the
  victory is the softmax of the players' heuristic values divided by a *temperature*
  (fitted too; the searching bots can use it, ``mcts:...:t<T>``).  The score is the mean
  log-likelihood of the actual winners (their shares of the victory) over the positions
  (higher is better; ``log(1/3)`` = -1.10 is a blind guess between three players).  The
  heuristic is linear in its weights, so each position's terms are measured once
  (:func:`features`), and the log-likelihood is concave in weights over temperature:
  Newton's method finds its maximum (:func:`max_likelihood`).  An Optuna study of 2,000
  TPE trials over factors of the defaults stopped short of it (-0.8799 against -0.8752
  on the same 16,158 positions of 1980 Sixtina), and its weights played worse: with them
  ``mcts:50:d0`` won 0.667 of 60 games against two greedy bots, with the maximum's 0.800
  (the same seeds).  The first scoring category stays at 1 (the unit: points); every
  other term is free, its sign too.
- ``match`` is an Optuna study (TPE sampler, seeded: the same arguments give the same
  study; the defaults are trial 0): each of ``T`` trials plays ``G`` games, a greedy bot
  with the trial's weights against greedy bots with the default weights, its seat
  rotated, on the same seeds in every trial (paired); the score is its mean win share.
  The progress terms (the keys of ``WEIGHTS`` that are not scoring categories) are
  scaled by factors from 1/4 to 4.

``--write`` keeps the best weights in ``weights.json`` beside the game's bots module,
with the command, the objective, the score, the defaults' score and the sample size (the
searching bots, ``best``, read them as ``SEARCH_WEIGHTS``).  Nothing imports this module
but its command and its tests (it imports Optuna at once).  Run it under ``nice``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import optuna

from fresco_kit.core import game_info
from fresco_kit.core.registry import GAMES

from .base import MAX_ACTIONS, play
from .bots import GreedyBot, evaluation, make_bot

#: the file beside a game's bots module that holds its tuned weights
FILE = "weights.json"

#: the ridge of :func:`max_likelihood` (a penalty of ``RIDGE / 2`` times the squared
#: weights over temperature: far below what a few hundred games' positions say)
RIDGE = 1e-4

#: the objectives :func:`tune` knows
OBJECTIVES = ("fit", "match")


def weights_path(game: str) -> Path:
    """Where ``game``'s tuned weights are kept: ``weights.json`` beside its bots module."""
    bots = game_info(game).bots
    if bots is None:
        raise ValueError(f"{game} has no bots part: no heuristic to tune")
    return Path(str(getattr(bots, "__file__", ""))).with_name(FILE)


def shares(game: str, state: Any, names: Sequence[str]) -> dict[str, float] | None:
    """Each of the seated players' (``names``) share of the victory in a finished game
    (1/k for k winners; a neutral winner leaves 0 to all), or None when it is not over."""
    rules = game_info(game).rules
    if not rules.is_over(state):
        return None
    winners = [w for w in rules.scores(state).winners if w in names]
    return {p: (1 / len(winners) if p in winners else 0.0) for p in names}


def match_share(game: str, weights: Mapping[str, float] | None, games: int, seed: int, players: int) -> float:
    """The mean win share of a greedy bot with ``weights`` against ``players - 1`` greedy
    bots with the defaults, over ``games`` seeds from ``seed``, its seat rotated (a game
    cut at :data:`MAX_ACTIONS` counts as a loss)."""
    names = game_info(game).players(players)
    total = 0.0
    for k in range(games):
        me = names[k % players]
        final, _ = play(game, {n: GreedyBot(weights) if n == me else GreedyBot() for n in names}, seed + k)
        total += (shares(game, final, names) or {}).get(me, 0.0)
    return total / games


def terms(game: str) -> list[str]:
    """The names of ``game``'s heuristic terms (its ``WEIGHTS`` keys, in order)."""
    return list(evaluation(game)[1])


def features(game: str, state: Any, player: str) -> list[float]:
    """Each term of ``game``'s heuristic for ``player`` in ``state`` with weight 1, the
    others 0 (the heuristic is a weighted sum of them)."""
    evaluate, defaults = evaluation(game)
    zero = dict.fromkeys(defaults, 0.0)
    return [evaluate(state, player, {**zero, key: 1.0}) for key in defaults]


def positions(
    game: str, bots: Sequence[str], games: int, seed: int
) -> tuple[list[list[list[float]]], list[list[float]]]:
    """The positions of ``games`` games between ``bots`` (one per seat, the line-up
    rotated by one seat each game) from seed ``seed``: for each position the seated
    players' terms (:func:`features`) and their shares of the game's victory; a game cut
    at :data:`MAX_ACTIONS` is left out."""
    info = game_info(game)
    names = info.players(len(bots))
    rows, results = [], []
    for k in range(games):
        lineup = list(bots[k % len(bots) :]) + list(bots[: k % len(bots)])
        final, kept = play(game, {n: make_bot(b) for n, b in zip(names, lineup)}, seed + k, keep=True)
        won = shares(game, final, names)
        if won is None:
            continue
        for state in kept:
            rows.append([features(game, state, p) for p in names])
            results.append([won[p] for p in names])
    return rows, results


def log_likelihood(rows: Any, results: Any, weights: Sequence[float], temperature: float) -> float:
    """The mean log-likelihood of the winners (``results``: shares per position and
    player) when each player's chance is the softmax of their weighted terms (``rows``:
    position x player x term) over ``temperature``."""
    import numpy as np

    logits = np.asarray(rows) @ np.asarray(weights) / temperature
    logits -= logits.max(axis=1, keepdims=True)
    log_p = logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))
    return float((np.asarray(results) * log_p).sum(axis=1).mean())


def _study(seed: int) -> Any:
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    return optuna.create_study(direction="maximize", sampler=optuna.samplers.TPESampler(seed=seed))


def max_likelihood(rows: Any, results: Any, fixed: int, steps: int = 60) -> tuple[list[float], float]:
    """The weights and temperature that maximise :func:`log_likelihood`, the weight of
    term ``fixed`` held at 1.  Found by Newton's method on ``theta = weights /
    temperature``, where the log-likelihood of a softmax of linear values is concave, so
    the optimum found is the global one; a small ridge (:data:`RIDGE` times the squared
    ``theta``) keeps it finite when a few games' winners are perfectly told apart and
    terms that never vary harmless.  ``ValueError`` when the fixed term does not help
    predict the winners (its best ``theta`` is not positive: no temperature fits)."""
    import numpy as np

    x, y = np.asarray(rows, dtype=float), np.asarray(results, dtype=float)
    n, _, k = x.shape

    def value(theta: Any) -> float:
        logits = x @ theta
        logits -= logits.max(axis=1, keepdims=True)
        fit = (y * (logits - np.log(np.exp(logits).sum(axis=1, keepdims=True)))).sum() / n
        return float(fit - RIDGE / 2 * theta @ theta)

    theta = np.zeros(k)
    for _ in range(steps):
        logits = x @ theta
        p = np.exp(logits - logits.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        grad = np.einsum("npk,np->k", x, y - p * y.sum(axis=1, keepdims=True)) / n - RIDGE * theta
        mean = np.einsum("npk,np->nk", x, p)
        hessian = np.einsum("npk,np,npj->kj", x, p, x) / n - mean.T @ mean / n + RIDGE * np.eye(k)
        step = np.linalg.solve(hessian, grad)
        size, now = 1.0, value(theta)
        while value(theta + size * step) < now and size > 1e-6:
            size /= 2  # backtracking: each step raises the objective
        theta = theta + size * step
        if abs(float(grad @ step)) < 1e-12:
            break
    if not theta[fixed] > 0:
        raise ValueError("the first scoring category does not help predict the winners: no temperature fits")
    return [float(v) for v in theta / theta[fixed]], float(1 / theta[fixed])


def fit(game: str, games: int, seed: int = 0, bots: Sequence[str] | None = None) -> dict[str, Any]:
    """The ``fit`` objective of the module: the weights (and temperature) under which
    the heuristic best predicts the winners of ``games`` self-play games between ``bots``
    from seed ``seed``, with the score, the defaults' score and the sample sizes.
    ``ValueError`` when no game ended, or the first scoring category does not help
    predict the winners (:func:`max_likelihood`)."""
    import numpy as np

    info = game_info(game)
    _, defaults = evaluation(game)
    keys = terms(game)
    fixed = info.categories[0] if info.categories and info.categories[0] in defaults else keys[0]
    bots = list(bots or ["greedy"] * min(info.player_counts, key=lambda n: (abs(n - 3), n)))
    rows, results = positions(game, bots, games, seed)
    if not rows:
        raise ValueError(f"none of the {games} games from seed {seed} ended within {MAX_ACTIONS} actions")
    weights, temperature = max_likelihood(rows, results, keys.index(fixed))
    return {
        "objective": "fit",
        "weights": dict(zip(keys, weights)),
        "temperature": temperature,
        "score": log_likelihood(rows, results, weights, temperature),
        "defaults_score": max(  # the defaults at their own best temperature
            log_likelihood(rows, results, [defaults[k] for k in keys], t) for t in np.geomspace(0.5, 200, 60)
        ),
        "blind_score": math.log(1 / len(bots)),
        "players": len(bots),
        "bots": bots,
        "games": games,
        "positions": len(rows),
        "seed": seed,
    }


def tune(game: str, trials: int, games: int, seed: int = 0) -> dict[str, Any]:
    """The ``match`` objective of the module: the best weights, their score and the
    defaults' score, on the same seeds."""
    info = game_info(game)
    _, defaults = evaluation(game)
    categories = {c.lower() for c in info.categories}
    progress = [k for k in defaults if k.lower() not in categories]
    players = min(info.player_counts, key=lambda n: (abs(n - 3), n))

    def objective(trial: Any) -> float:
        weights = {k: defaults[k] * trial.suggest_float(k, 0.25, 4.0, log=True) for k in progress}
        return match_share(game, weights, games, seed, players)

    study = _study(seed)
    study.enqueue_trial({k: 1.0 for k in progress})  # the defaults are trial 0
    study.optimize(objective, n_trials=trials)
    best = {k: defaults[k] * study.best_params[k] for k in progress}
    return {
        "objective": "match",
        "weights": {**defaults, **best},
        "score": study.best_value,
        "defaults_score": study.trials[0].value,
        "players": players,
        "games": games,
        "trials": trials,
        "seed": seed,
    }


def main(argv: Sequence[str] | None = None) -> int:
    """The command line of the module."""
    parser = argparse.ArgumentParser(prog="python -m fresco_kit.sim.tune", description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=list(GAMES))
    parser.add_argument("--objective", choices=OBJECTIVES, default="fit")
    parser.add_argument("--trials", type=int, default=20, help="match: Optuna's trials (default 20)")
    parser.add_argument("--games", type=int, default=None, help="default: 300 (fit), 12 a trial (match)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", default=None, help="fit: one bot per seat (default: greedy in every seat)")
    parser.add_argument("--write", action="store_true", help=f"keep the best weights in the game's {FILE}")
    args = parser.parse_args(argv)
    trials = args.trials
    games = args.games or (300 if args.objective == "fit" else 12)
    if trials < 1 or games < 1:
        parser.error("--trials and --games must be at least 1")
    command = f"python -m fresco_kit.sim.tune {args.game} --objective {args.objective}"
    command += f" --trials {trials}" if args.objective == "match" else ""
    command += f" --games {games} --seed {args.seed}" + (f" --bots {args.bots}" if args.bots else "")
    if args.objective == "fit":
        bots = args.bots.split(",") if args.bots else None
        result = fit(args.game, games, args.seed, bots)
    else:
        if args.bots:
            parser.error("--bots is for --objective fit")
        result = tune(args.game, trials, games, args.seed)
    result = {"game": args.game, "command": command + " --write", **result}
    text = json.dumps(result, indent=2, sort_keys=True)
    print(text)
    if args.write:
        weights_path(args.game).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
