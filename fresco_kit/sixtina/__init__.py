"""1980 Sixtina (Looping Games, 2024): runnable, explainable rules.

>>> from fresco_kit import sixtina
>>> game = sixtina.new_game(["Red", "White", "Blue"], seed=7)
>>> game.state.pending[0]          # setup step 9: the starting player's initial restoration
'initial'

Main entry points (modules follow the rulebook's sections):

- :func:`new_game` -> ``fresco_kit.core.Game`` (play / explain / preview / undo / JSON);
- ``rules``: the engine contract (``checks``, ``apply``, ``legal_actions``,
  ``sample_action``, ``invariants``, ``scores``) and ``decision_options``;
- ``actions``: the checked action classes and ``parse_action`` (texts such as
  ``restore G2 repainting 3,17,22 extra 2``, ``bonus objective one5``);
- ``state``: the engine's compact, frozen ``State``; ``saved``: the same position with
  names (the JSON of a save, checked field by field) and ``View``, what one player sees;
  ``consistency``: what a position must satisfy to arise under the rules;
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

Readings where the rulebook's text is ambiguous (each pinned by a test):

- Leftover Materials and Techniques counts the cards in hand plus the materials in the
  play area; the prudent cards kept face up are not counted (the Final Scoring
  Example only adds up that way: Blue keeps at least seven prudent cards yet counts 1).
- Winner's tie-break: the "personal reserve" is the play area (the general supply is
  the "general reserve" in Two-Player Games).  Gianluigi's total is compared too.
- Objectives count board positions, as materials return to the supply when a fresco
  flips: "restorations" are own materials on the top (correct) or bottom (excellent)
  spaces of frescoes not yet flipped; "materials on restored frescoes" are the zone
  icons; "6 materials on three ongoing restorations" needs materials on three frescoes
  whose best three counts sum to 6 or more; "adjacent" restored frescoes form a
  connected group of the chapel graph.
- Covered frescoes may be uncovered next to any uncovered fresco, restored ones too.
- Final contribution: a player with no restored fresco has not contributed and scores
  0.  The last fresco: each player's share is computed as usual, then halved and
  rounded down (floor, also for a negative share).
- Gianluigi needs a material of his colour in the supply for an excellent or correct
  restoration; without one he falls back to a prudent restoration.  In a two-player
  turn the order is: the player's restoration and bonus, its completion, Gianluigi's
  restoration and its completion, then the new frescoes to uncover.
- Setup placements are not restoration actions: a fresco they fill (four players) is
  scored after the next restoration action of the game, whose player uncovers.
- Acquire Material needs at least one card and takes as many materials as the supply
  allows; Technique Preparation is always allowed (it may draw nothing).
"""

from __future__ import annotations

from collections.abc import Sequence

from fresco_kit.core import Game, GameInfo, Option

PLAYER_COUNTS = (2, 3, 4)
__all__ = ["INFO", "PLAYER_COUNTS", "new_game"]

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
    categories=("During the game", "Objectives", "Contribution", "Prudent restorations", "Leftover"),
    sources=("1980 Sixtina rulebook (English)",),
    rules_module="fresco_kit.sixtina.rules",
)


def new_game(players: Sequence[str], seed: int = 0, **options) -> Game:
    """A new game session for 2-4 ``players`` (clockwise order).

    Options: ``variant="history"`` plays the Variant: Sheets with History (default
    ``"basic"``).  Two players get Gianluigi, the rulebook's robot restorer."""
    from . import rules

    return Game(rules, players, seed, options)
