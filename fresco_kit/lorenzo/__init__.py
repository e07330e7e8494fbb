"""Lorenzo il Magnifico (Cranio Creations, 2016): runnable, explainable rules.

>>> from fresco_kit import lorenzo
>>> game = lorenzo.new_game(["Red", "White", "Blue", "Yellow"], seed=1)
>>> game.legal_actions()[0]                                   # doctest: +SKIP
>>> game.play("place Red white council")                      # doctest: +SKIP
>>> game.play("choose Red coins")                             # doctest: +SKIP

The first turn order is drawn at random from the seed (the published setup; the same
seed gives the same game).  Options of ``new_game``: ``bonus_tiles`` ("standard" or
"advanced", dealt in turn order) and ``switches`` (readings played another way, e.g.
``switches={"win_tie_break": "shared"}`` or ``{"initial_order": "as_given"}`` to seat the
players as given; see ``readings.SWITCHES``).  See ``rules.py`` for the map from the Italian rules summary's
sections to modules, ``teach.GLOSSARY`` for English -> Italian terms and
``readings.READINGS`` for the kit's readings where the summary is silent (``readings_text()``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from fresco_kit.core import Game, GameInfo, GameParts, Option

from .reach import REACH
from .readings import SWITCHES

PLAYER_COUNTS = (2, 3, 4)

#: the parts of the game interface: every part, each in the module of its name, loaded
#: on first use (``fresco_kit.core.interface``)
PARTS = GameParts.every_part()

INFO = GameInfo(
    name="lorenzo",
    title="Lorenzo il Magnifico",
    summary="Lead a Florentine family: place family members by dice value to take cards, harvest, produce "
    "and support the Church.",
    player_counts=PLAYER_COUNTS,
    default_players=("Red", "White", "Blue", "Yellow"),
    options=(
        Option(
            "bonus_tiles",
            "'standard' gives everyone the same personal bonus tile; 'advanced' deals tiles A-D in turn order "
            "(the first player gets A)",
            ("standard", "advanced"),
        ),
    ),
    switches=tuple(replace(r, reach=REACH[r.name]) for r in SWITCHES),  # each with its default
    categories=(
        "VP during the game",
        "Territories",
        "Characters",
        "Ventures",
        "Military",
        "Resources",
        "Excommunications",
    ),
    sources=("Lorenzo il Magnifico rules summary (Italian)",),
    package=__name__,
    parts=PARTS,
    rulebook_title="Lorenzo il Magnifico rules summary",
    rulebook_langs=("it",),
    translations=("es", "it"),
    bench_players=4,
)


def new_game(players: Sequence[str], seed: int = 0, **options: Any) -> Game:
    """A new game session; ``options``: ``bonus_tiles="standard"|"advanced"`` and
    ``switches={name: value}`` (``readings.SWITCHES``).  Raises ``ValueError`` for
    unknown players, options or switches."""
    return INFO.new_game(players, seed, **options)


__all__ = ["INFO", "PLAYER_COUNTS", "new_game"]
