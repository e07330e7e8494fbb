"""Fresco (Queen Games 2010) and Fresco: Big Box -- runnable, explainable rules.

>>> from fresco_kit import fresco
>>> game = fresco.new_game(["Red", "White", "Blue", "Yellow"], seed=7, ruleset="bigbox")
>>> game.state.phase
'wake'

Options: ``ruleset`` ("base" or "bigbox") and ``switches`` (override single switches,
see :data:`RULESET_SWITCHES`).  Importing this package does not import networkx,
matplotlib or ipywidgets.
"""
from __future__ import annotations

from typing import Sequence

from fresco_kit.core import Game

from .data import PLAYER_COUNTS
from .rulesets import RULESET_SWITCHES, RULESETS, Switches, switch_table

__all__ = ["new_game", "PLAYER_COUNTS", "RULESET_SWITCHES", "RULESETS", "Switches", "switch_table"]


def new_game(players: Sequence[str], seed: int = 0, **options) -> Game:
    """A new Fresco game session (``fresco_kit.core.Game``) for 3 or 4 players.

    ``options``: ``ruleset="base"|"bigbox"`` (default "base"), ``switches={name: value}``."""
    from . import rules

    return Game(rules, players, seed, options)
