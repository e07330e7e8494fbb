"""1980 Sixtina (Looping Games, 2024): runnable, explainable rules.

>>> from fresco_kit import sixtina
>>> game = sixtina.new_game(["Red", "White", "Blue"], seed=7)
>>> game.state.pending[0]          # setup step 9: the starting player's initial restoration
'initial'

Main entry points: :func:`new_game`, ``rules`` (the engine contract),
``restoration.explore_restoration`` (what a restoration would be and why it is or is
not legal), ``chapel`` (the chapel graph and which frescoes may be uncovered next),
``completion.completion_result`` (how a fresco scores), ``gianluigi`` (the
two-player robot), ``scoring`` (pure scoring functions), ``examples`` (the rulebook's
worked examples).  Importing this package does not import matplotlib, ipywidgets or
networkx.
"""
from __future__ import annotations

from typing import Sequence

from fresco_kit.core import Game

PLAYER_COUNTS = (2, 3, 4)
__all__ = ["PLAYER_COUNTS", "new_game"]


def new_game(players: Sequence[str], seed: int = 0, **options) -> Game:
    """A new game session for 2-4 ``players`` (clockwise order).

    Options: ``variant="history"`` plays the Variant: Sheets with History (default
    ``"basic"``).  Two players get Gianluigi, the rulebook's robot restorer."""
    from . import rules

    return Game(rules, players, seed, options)
