"""Tune a game's heuristic weights by self-play, with Optuna; keep them as data.

``python -m fresco_kit.sim.tune GAME [--trials T] [--games G] [--seed S] [--write]``

Each trial scales the game's progress terms (the keys of its ``WEIGHTS`` that are not
scoring categories: those say what a point is worth and stay at 1) by factors from
1/4 to 4 (log scale) and plays ``G`` games, a greedy bot with the trial's weights
against greedy bots with the default weights, its seat rotated, on the same seeds in
every trial (paired, so trials differ by their weights, not their luck).  The score is
its mean win share; Optuna's TPE sampler (seeded: the same arguments give the same
study) proposes the factors.  ``--write`` keeps the best weights in ``weights.json``
beside the game's bots module, with the command, the score, the defaults' score (a
third with three players) and the sample size (nothing imports this module but its
command and its tests: it imports Optuna at once): the searching bots (``best``) read them
as ``SEARCH_WEIGHTS``.  Run it under ``nice``: a trial of 12 games takes a few seconds
to a minute of CPU time, depending on the game.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import optuna

from fresco_kit.core import Rng, game_info
from fresco_kit.core.registry import GAMES

from .bots import GreedyBot, evaluation

#: the actions after which a tuning game is cut, counting as a loss for the tuned bot (kit
#: and greedy games take 80-400; weights that stall a game must not stall the study)
MAX_ACTIONS = 900

#: the file beside a game's bots module that holds its tuned weights
FILE = "weights.json"


def weights_path(game: str) -> Path:
    """Where ``game``'s tuned weights are kept: ``weights.json`` beside its bots module."""
    bots = game_info(game).bots
    if bots is None:
        raise ValueError(f"{game} has no bots part: no heuristic to tune")
    return Path(str(getattr(bots, "__file__", ""))).with_name(FILE)


def match_share(game: str, weights: Mapping[str, float] | None, games: int, seed: int, players: int) -> float:
    """The mean win share of a greedy bot with ``weights`` against ``players - 1`` greedy
    bots with the defaults, over ``games`` seeds from ``seed``, its seat rotated (a game
    cut at :data:`MAX_ACTIONS` counts as a loss)."""
    info = game_info(game)
    names = info.players(players)
    rules = info.rules
    total = 0.0
    for k in range(games):
        game_seed = seed + k
        me = names[k % players]
        seats = {n: GreedyBot(weights) if n == me else GreedyBot() for n in names}
        state = info.new_game(names, seed=game_seed).state
        rng = Rng(game_seed * 7919 + 17)
        apply_fast = getattr(rules, "apply_fast", None)
        for _ in range(MAX_ACTIONS):
            if rules.is_over(state):
                break
            who = rules.actor(state)[0]
            action = seats[who].choose(rules, state, who, rng)
            state = apply_fast(state, action) if apply_fast else rules.apply(state, action)[0]
        winners = rules.scores(state).winners if rules.is_over(state) else []
        total += 1 / len(winners) if me in winners else 0.0
    return total / games


def tune(game: str, trials: int, games: int, seed: int = 0) -> dict[str, Any]:
    """Run the study of the module; its result: the best weights, their score and the
    defaults' score, on the same seeds."""
    info = game_info(game)
    _, defaults = evaluation(game)
    categories = {c.lower() for c in info.categories}
    terms = [k for k in defaults if k.lower() not in categories]
    players = min(info.player_counts, key=lambda n: (abs(n - 3), n))

    def objective(trial: Any) -> float:
        weights = {k: defaults[k] * trial.suggest_float(k, 0.25, 4.0, log=True) for k in terms}
        return match_share(game, weights, games, seed, players)

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(direction="maximize", sampler=optuna.samplers.TPESampler(seed=seed))
    study.enqueue_trial({k: 1.0 for k in terms})  # the defaults are trial 0
    study.optimize(objective, n_trials=trials)
    best = {k: defaults[k] * study.best_params[k] for k in terms}
    return {
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
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--write", action="store_true", help=f"keep the best weights in the game's {FILE}")
    args = parser.parse_args(argv)
    if args.trials < 1 or args.games < 1:
        parser.error("--trials and --games must be at least 1")
    result = tune(args.game, args.trials, args.games, args.seed)
    command = (
        f"python -m fresco_kit.sim.tune {args.game} --trials {args.trials} --games {args.games} --seed {args.seed}"
    )
    result = {"game": args.game, "command": command + " --write", **result}
    text = json.dumps(result, indent=2, sort_keys=True)
    print(text)
    if args.write:
        weights_path(args.game).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
