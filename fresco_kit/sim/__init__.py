"""Design review: bots play thousands of games; metrics say how balanced the rules are.

- :mod:`.bots`: the players, by name in :data:`.bots.BOTS`: ``random``, ``kit`` (the game's
  own sampler), ``greedy`` (one-step lookahead on the game's ``evaluate``) and
  ``persona:<category>`` (greedy leaning on one scoring category);
- :mod:`.runner`: :func:`.runner.simulate`, seeded games on all cores or on Dask, as pandas
  frames (games, players, optionally decisions and rules);
- :mod:`.metrics`: Wilson intervals, a chi-square test of seat balance, paired differences,
  ``compare`` (two runs on the same seeds) and ``ablate`` (each rule switch alone).

Importing this package imports neither pandas nor tqdm; the runner does when it runs.
"""

from __future__ import annotations
