"""1980 Sixtina (Looping Games, 2024): runnable, explainable rules.

>>> from fresco_kit import sixtina
>>> game = sixtina.new_game(["Red", "White", "Blue"], seed=7)
>>> game.state.pending[0]          # setup step 9: the starting player's initial restoration
'initial'

Main entry points (modules follow the rulebook's sections):

- :func:`new_game` -> ``fresco_kit.core.Game`` (play / explain / preview / undo / JSON);
- ``rules``: the engine contract (``checks``, ``apply``, ``legal_actions``,
  ``sample_action``, ``invariants``, ``scores``) and ``decision_options``;
- ``actions``: the action dataclasses and ``parse_action``;
- ``restoration.explore_restoration(state, place, technique, cards)``: the kind of
  restoration, what gets placed and every reason it is (not) legal;
- ``chapel.chapel_graph(state)`` (networkx, lazy) and ``chapel.revealable_places``;
- ``completion.completion_result(state, place)``: how a fresco scores (modified
  points, contributors ranked with their tie-breaks, awards, zone icon);
- ``objectives.objective_met`` / ``claimable``; ``gianluigi.reply`` / ``options``;
- ``final.final_scores`` (the score sheet) and ``scoring`` (pure scoring functions);
- ``positions.constructed_state`` / ``card_ids``: hand-built teaching positions;
- ``text.describe(state)``: the position as text; ``examples.EXAMPLES``: the
  rulebook's worked examples played through the engine.

Importing this package does not import matplotlib, ipywidgets or networkx.
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
