"""Tune a game's heuristic weights by self-play, with Optuna; keep them as data.

``python -m fresco_kit.sim.tune GAME [--objective fit|match] [--trials T] [--games G]
[--seed S] [--bots B1,B2,...] [--write]``

Both objectives play seeded games (``--seed``: keep the tuning seeds apart from those
of a final measurement) and let Optuna's TPE sampler (seeded: the same arguments give
the same study) propose the weights; the game's default weights are trial 0.

- ``fit`` (the default) plays ``G`` games between ``--bots`` (default: greedy in every
  seat), keeps every position of them with the game's result, and looks for the weights
  under which the heuristic best predicts who wins: a position's chance of a win for
  each player is the softmax of the players' heuristic values divided by a
  *temperature* (fitted too), and the score is the mean log-likelihood of the actual
  winners (their shares of the victory) over all positions (higher is better; ``log(1/3)``
  = -1.10 is a blind guess between three players).  The heuristic is linear in its
  weights, so each position's terms are computed once and a trial costs a matrix
  product: thousands of trials are cheap.  The first scoring category stays at 1 (it sets
  the unit: points), every other term is its default weight (1 for a term at 0 by
  default) times a factor from 1/8 to 8 (log scale).
- ``match`` plays ``G`` games per trial, a greedy bot with the trial's weights against
  greedy bots with the default weights, its seat rotated, on the same seeds in every
  trial (paired); the score is its mean win share.  The progress terms (the keys of
  ``WEIGHTS`` that are not scoring categories) are scaled by factors from 1/4 to 4.

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

from fresco_kit.core import Rng, game_info
from fresco_kit.core.registry import GAMES

from .bots import GreedyBot, evaluation, make_bot

#: the actions after which a tuning game is cut (a cut game counts as a loss for the tuned
#: bot in a match, and is left out of a fit: kit and greedy games take 80-400 actions)
MAX_ACTIONS = 900

#: the file beside a game's bots module that holds its tuned weights
FILE = "weights.json"

#: the objectives :func:`tune` knows
OBJECTIVES = ("fit", "match")


def weights_path(game: str) -> Path:
    """Where ``game``'s tuned weights are kept: ``weights.json`` beside its bots module."""
    bots = game_info(game).bots
    if bots is None:
        raise ValueError(f"{game} has no bots part: no heuristic to tune")
    return Path(str(getattr(bots, "__file__", ""))).with_name(FILE)


def play(game: str, seats: Mapping[str, Any], seed: int, keep: bool = False) -> tuple[Any, list[Any]]:
    """Play game ``seed`` with one bot per player name (``seats``) to the end or
    :data:`MAX_ACTIONS`; the last state and, with ``keep``, every state a player decided
    in (the bots share one generator seeded from ``seed``, as in the runner)."""
    info = game_info(game)
    rules = info.rules
    state = info.new_game(list(seats), seed=seed).state
    rng = Rng(seed * 7919 + 17)
    apply_fast = getattr(rules, "apply_fast", None)
    kept = []
    for _ in range(MAX_ACTIONS):
        if rules.is_over(state):
            break
        if keep:
            kept.append(state)
        who = rules.actor(state)[0]
        action = seats[who].choose(rules, state, who, rng)
        state = apply_fast(state, action) if apply_fast else rules.apply(state, action)[0]
    return state, kept


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
    """The positions of ``games`` games between ``bots`` (one per seat) from seed
    ``seed``: for each position the seated players' terms (:func:`features`) and their
    shares of the game's victory; a game cut at :data:`MAX_ACTIONS` is left out."""
    info = game_info(game)
    names = info.players(len(bots))
    rows, results = [], []
    for k in range(games):
        final, kept = play(game, {n: make_bot(b) for n, b in zip(names, bots)}, seed + k, keep=True)
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
    return optuna.create_study(direction="maximize", sampler=optuna.samplers.TPESampler(seed=seed, multivariate=True))


def fit(game: str, trials: int, games: int, seed: int = 0, bots: Sequence[str] | None = None) -> dict[str, Any]:
    """The ``fit`` objective of the module: the weights (and temperature) under which
    the heuristic best predicts the winners of ``games`` self-play games."""
    import numpy as np

    info = game_info(game)
    _, defaults = evaluation(game)
    keys = terms(game)
    fixed = info.categories[0] if info.categories and info.categories[0] in defaults else keys[0]
    bots = list(bots or ["greedy"] * min(info.player_counts, key=lambda n: (abs(n - 3), n)))
    rows, results = positions(game, bots, games, seed)
    if not rows:
        raise ValueError(f"none of the {games} games from seed {seed} ended within {MAX_ACTIONS} actions")
    x, y = np.asarray(rows), np.asarray(results)

    scale = {k: defaults[k] or 1.0 for k in keys}  # a term at weight 0 by default is searched around 1

    def weights_of(params: Mapping[str, float]) -> list[float]:
        return [scale[k] * (1.0 if k == fixed else params[k]) for k in keys]

    def objective(trial: Any) -> float:
        params = {k: trial.suggest_float(k, 0.125, 8.0, log=True) for k in keys if k != fixed}
        temperature = trial.suggest_float("temperature", 0.5, 200.0, log=True)
        return log_likelihood(x, y, weights_of(params), temperature)

    study = _study(seed)
    study.enqueue_trial({**{k: 1.0 for k in keys if k != fixed}, "temperature": 10.0})  # the defaults' scale
    study.optimize(objective, n_trials=trials)
    best = study.best_params
    return {
        "objective": "fit",
        "weights": dict(zip(keys, weights_of(best))),
        "temperature": best["temperature"],
        "score": study.best_value,
        "defaults_score": max(  # the defaults at their own best temperature
            log_likelihood(x, y, [defaults[k] for k in keys], t) for t in np.geomspace(0.5, 200, 60)
        ),
        "blind_score": math.log(1 / len(bots)),
        "players": len(bots),
        "bots": bots,
        "games": games,
        "positions": len(rows),
        "trials": trials,
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
    parser.add_argument("--trials", type=int, default=None, help="default: 2000 (fit), 20 (match)")
    parser.add_argument("--games", type=int, default=None, help="default: 300 (fit), 12 a trial (match)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", default=None, help="fit: one bot per seat (default: greedy in every seat)")
    parser.add_argument("--write", action="store_true", help=f"keep the best weights in the game's {FILE}")
    args = parser.parse_args(argv)
    trials = args.trials or (2000 if args.objective == "fit" else 20)
    games = args.games or (300 if args.objective == "fit" else 12)
    if trials < 1 or games < 1:
        parser.error("--trials and --games must be at least 1")
    command = f"python -m fresco_kit.sim.tune {args.game} --objective {args.objective} --trials {trials}"
    command += f" --games {games} --seed {args.seed}" + (f" --bots {args.bots}" if args.bots else "")
    if args.objective == "fit":
        bots = args.bots.split(",") if args.bots else None
        result = fit(args.game, trials, games, args.seed, bots)
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
