"""Design review: bots play thousands of games; metrics say how balanced the rules are.

- :mod:`.bots`: the players (``RandomBot``, ``KitRandomBot``), by name in :data:`.bots.BOTS`;
- :mod:`.runner`: :func:`.runner.simulate`, seeded games on all cores, as pandas frames;
- :mod:`.metrics`: Wilson intervals, a chi-square test of seat balance, paired differences.

Importing this package imports neither pandas nor tqdm; the runner does when it runs.
"""

from __future__ import annotations
