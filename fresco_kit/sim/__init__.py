"""Design review: bots play thousands of games; metrics say how balanced the rules are.

- :mod:`.bots`: the players, by name in :data:`.bots.BOTS`: ``random``, ``kit`` (the game's
  own sampler), ``greedy`` (one-step lookahead on the game's ``evaluate``) and
  ``persona:<category>`` (greedy leaning on one scoring category);
- :mod:`.runner`: :func:`.runner.simulate`, seeded games on all cores or on Dask, as pandas
  frames (games, players, optionally decisions and rules);
- :mod:`.metrics`: Wilson intervals, a chi-square test of seat balance, paired differences,
  win rates by seat or bot, category shares, decisiveness (winning margins), drama (lead
  changes), length, action and rule use, ``compare`` (two runs on the same seeds) and
  ``ablate`` (each rule switch alone);
The figures and the review page of a study are drawn above this layer, in
:mod:`fresco_kit.classroom.plots` and :mod:`fresco_kit.classroom.review`.

Importing this package imports neither pandas, tqdm nor matplotlib; they are imported when used.
"""

from __future__ import annotations
