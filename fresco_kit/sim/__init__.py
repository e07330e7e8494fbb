"""Design review: bots play thousands of games; metrics say how balanced the rules are.

- :mod:`.bots`: the players, by name in :data:`.bots.BOTS`: ``random``, ``kit`` (the game's
  own sampler), ``greedy`` (one-step lookahead on the game's ``evaluate``),
  ``persona:<category>`` (greedy leaning on one scoring category), ``mcts:<budget>``
  (:mod:`.mcts`, e.g. ``mcts:50:d6``: 50 simulations, playouts cut after 6 actions and
  rated by the heuristic, ``:c1.4`` its exploration constant, ``:t8`` the heuristic's
  values read as chances to win at temperature 8; ``mcts:50ms``: 50 ms of CPU a decision) and ``best`` (each
  game's strongest, named by its bots part);
- :mod:`.tune`: ``python -m fresco_kit.sim.tune GAME --write`` fits a game's heuristic
  weights to the winners of self-play games (or runs an Optuna study of matches) and
  keeps them in the game's ``weights.json``, which ``best`` plays with;
- :mod:`.ladder`: openskill ratings of bots on rotated seats, head-to-heads (``best``
  against two ``kit`` bots: the line-up ``best,kit,kit``) and each bot's CPU time a
  decision;
- :mod:`.runner`: :func:`.runner.simulate`, seeded games on all cores or on Dask, as pandas
  frames (games, players, optionally decisions and rules);
- :mod:`.metrics`: Wilson intervals, a chi-square test of seat balance, paired differences,
  win rates by seat or bot, category shares, decisiveness (winning margins), drama (lead
  changes), length, action and rule use, ``compare`` (two runs on the same seeds) and
  ``ablate`` (each rule switch alone);
The figures and the review page of a study are drawn above this layer, in
:mod:`fresco_kit.classroom.plots` and :mod:`fresco_kit.classroom.review`.

``from fresco_kit.sim import simulate, compare, ablate`` gives the entry points.  Importing
this package imports neither pandas, tqdm nor matplotlib, nor any game's bots: the runner
and the metrics import pandas and tqdm inside the functions that use them, and a game's
bots are loaded through its ``GameInfo`` when a bot first plays it.
"""

from __future__ import annotations

from .metrics import ablate, compare
from .runner import Results, simulate

__all__ = ["Results", "ablate", "compare", "simulate"]
