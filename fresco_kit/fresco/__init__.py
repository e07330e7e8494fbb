"""Fresco (Queen Games 2010) and Fresco: Big Box -- runnable, explainable rules.

Quick tour (the API the notebooks, drawings and widgets build on)::

    from fresco_kit import fresco
    game = fresco.new_game(["Red", "White", "Blue", "Yellow"], seed=7, ruleset="bigbox")
    game.state.phase            # "wake" | "plan" | "act" | "final_count" | "over"
    game.state.to_move          # who may act now (several players while planning)
    game.legal_actions()        # e.g. [Wake(player='Blue', time=5), ...]
    game.play("wake Blue 7")    # actions or their text (see fresco.actions)
    game.explain("plan Red 4,0,0,0,0")   # Verdict with every broken rule (RuleRef)
    game.state.view("Red")      # Red's view: others' thalers, paints and (while planning) plans hidden
    game.scores()               # ScoreSheet by category (fresco, bishop, altar, track, money)

Modules (the same shape as every game of the kit):

- rule data and records: ``data`` (``seeds/fresco.toml``; ``data.ILLUSTRATIVE`` names
  every illustrative entry for a banner), ``state`` (State, PlayerState: each field
  declared once, with how it is saved and who sees it), ``saved`` (the readable forms
  those fields are saved in), ``consistency`` (soundness of a position),
  ``actions`` (action classes, ``parse_action``), ``refs`` (every rule by checklist id),
  ``rulesets`` (every base/Big Box difference as a switch, with its sources),
  ``readings`` (the kit's readings of ambiguous or silent text, one entry each);
- the course of play: ``flow`` (the phases as a table citing sections; the engine
  changes phase only through it);
- one module per rulebook section: ``setup`` (Setup), ``wakeup`` (I. Choosing get up
  time and adjusting mood), ``planning`` (Planning actions), ``turns`` (Performing
  actions), ``market``, ``cathedral``, ``crafts`` (Studio, Workshop, Theater),
  ``rounds`` (preparing the next round), ``final`` (End of the Game), with the shared
  pieces ``board`` (the fresco grid), ``track`` (the victory point track), ``supply``
  (bank, paint supply, bag) and ``scoring`` (pure scoring functions);
- on top: ``rules`` (the engine contract, dispatching to the sections), ``bots`` (the
  random player, ``sample_action``, ``play_random``);
- teaching: ``positions`` (constructed positions), ``examples`` (``EXAMPLES``,
  ``example(name)``), ``draw`` (``board(state)`` and the other pictures, text summaries),
  ``widgets``, ``teach``;
- classroom: ``names`` (pieces named as players know them, for every text they read),
  ``svg`` (the public board as SVG), ``table`` (the table's parts: move steps and texts,
  status, private screen, score categories explained), ``exercises`` (``EXERCISES``).

Options of ``new_game``: ``ruleset`` ("base" or "bigbox", default "base") and
``switches`` (a dict overriding single switches).  Importing this package does not
import networkx, matplotlib or ipywidgets.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fresco_kit.core import Game, GameInfo, GameParts, Option

from .data import PLAYER_COUNTS
from .rulesets import RULESET_SWITCHES, RULESETS, Switches, switch_table

__all__ = ["INFO", "PLAYER_COUNTS", "RULESETS", "RULESET_SWITCHES", "Switches", "new_game", "switch_table"]

#: the parts of the game interface: every part, each in the module of its name, loaded
#: on first use (``fresco_kit.core.interface``)
PARTS = GameParts.every_part()

INFO = GameInfo(
    name="fresco",
    title="Fresco",
    summary="Renaissance painters restore the cathedral fresco: get up early, buy paints, mix them, paint "
    "portraits and the fresco for points.",
    player_counts=PLAYER_COUNTS,
    default_players=("Red", "White", "Blue", "Yellow"),
    options=(
        Option(
            "ruleset",
            "'base' plays the Fresco rulebook; 'bigbox' the Fresco: Big Box rules (each difference is a switch)",
            tuple(RULESETS),
        ),
    ),
    switches=RULESET_SWITCHES,  # rulesets' rows are core.registry.Switch es
    categories=("fresco tiles", "bishop bonus", "altar", "track collisions", "money"),
    sources=("Fresco rulebook (English)", "Fresco: Big Box, How to Play (English)", "Fresco rulebook (Spanish)"),
    package=__name__,
    parts=PARTS,
    rulebook_title="Fresco rulebook",
    rulebook_langs=("es",),
    translations=("es", "it"),
    bench_players=4,
)


def new_game(players: Sequence[str], seed: int = 0, **options: Any) -> Game:
    """A new Fresco game session (``fresco_kit.core.Game``) for 3 or 4 players.

    ``options``: ``ruleset="base"|"bigbox"`` (default "base"), ``switches={name: value}``.
    Raises ValueError for a wrong player count or an unknown option/ruleset/switch."""
    return INFO.new_game(players, seed, **options)
