"""1980 Sixtina (Looping Games, 2024): runnable, explainable rules.

>>> from fresco_kit import sixtina
>>> game = sixtina.new_game(["Red", "White", "Blue"], seed=7)
>>> game.state.pending[0].KIND     # setup step 9: the starting player's initial restoration
'initial'

Main entry points (the same module names as every game package; the rulebook's
sections each have their module):

- :func:`new_game` -> ``fresco_kit.core.Game`` (play / explain / preview / undo / JSON);
- ``rules``: the façade of the engine contract (``checks``, ``apply``,
  ``legal_actions``, ``sample_action``, ``invariants``, ``scores``, ``parse_action``,
  ``state_from_dict``) dispatching to the section modules;
- ``flow``: the turn sequence as a table of steps, each citing its section;
- ``actions``: the checked action classes and ``parse_action`` (texts such as
  ``restore G2 repainting 3,17,22 extra 2``, ``bonus objective one5``);
- ``data``: the rule data (``seeds/sixtina.toml``); ``codes``: the compact codes and
  lookup tables; ``state``: the engine's frozen ``State`` (each field declared once,
  with how it is saved and who sees it); ``saved``: the forms those fields are saved in,
  with names (the JSON of a save, checked field by field); ``views``: ``View``, what one
  player sees; ``consistency``: what a position must satisfy to arise under the rules;
- the rulebook's sections: ``setup`` (Setup), ``restoration`` (How to Play: A, B, C and
  the bonuses; ``explore_restoration``), ``completion`` (Completing the Restoration of
  Frescoes; End of the Game), ``chapel`` (the chapel as a graph), ``objectives``,
  ``gianluigi`` (Two-Player Games), ``final`` (Final Scoring); ``decisions``: the
  pending decisions and their answers;
- ``scoring``: pure scoring functions; ``readings``: the kit's readings of ambiguous
  rulebook text, one entry each;
- ``bots``: the random-move sampler; ``positions``: hand-built teaching positions;
  ``examples``: the rulebook's worked examples (``EXAMPLES``, ``example(name)``);
  ``describe``: the position in words; ``teach``, ``draw``, ``widgets``: the notebooks'
  teaching helpers, pictures and controls; ``refs``: the rule references.

Importing this package does not import matplotlib, ipywidgets or networkx.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fresco_kit.core import Game, GameInfo, GameParts, Option

from .switches import SWITCHES

PLAYER_COUNTS = (2, 3, 4)
__all__ = ["INFO", "PLAYER_COUNTS", "new_game"]

#: the parts of the game interface: every part, each in the module of its name, loaded
#: on first use (``fresco_kit.core.interface``)
PARTS = GameParts.every_part()

INFO = GameInfo(
    name="sixtina",
    title="1980 Sixtina",
    summary="Restore the frescoes of the Sistine Chapel with technique cards; points for restorations, "
    "contributions, objectives and prudence.",
    player_counts=PLAYER_COUNTS,
    default_players=("Red", "White", "Blue", "Yellow"),
    options=(
        Option(
            "variant",
            "'basic' plays the standard rules; 'history' the Variant: Sheets with History "
            "(sheets cover the frescoes and reward their restorers)",
            ("basic", "history"),
        ),
    ),
    switches=SWITCHES,
    categories=("During the game", "Objectives", "Contribution", "Prudent restorations", "Leftover"),
    sources=("1980 Sixtina rulebook (English)",),
    package=__name__,
    parts=PARTS,
    rulebook_title="1980 Sixtina rulebook",
    rulebook_langs=(),
    translations=("es", "it"),
    bench_players=3,
)


def new_game(players: Sequence[str], seed: int = 0, **options: Any) -> Game:
    """A new game session for 2-4 ``players`` (clockwise order).

    Options: ``variant="history"`` plays the Variant: Sheets with History (default
    ``"basic"``); ``switches={name: value}`` plays a reading another way
    (``readings.SWITCHES``, e.g. ``{"gianluigi_wins": "no"}``).  Two players get Gianluigi,
    the rulebook's robot restorer."""
    return INFO.new_game(players, seed, **options)
