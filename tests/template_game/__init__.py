"""Nim, the kit's template game: the smallest package that the registry-driven tests accept.

It is not part of the kit (no rulebook, no notebooks); the tests register it
(``tests/conftest.py``, ``--template-game``) to measure what a fourth game costs and to
prove that the shared tests read everything from its :class:`~fresco_kit.core.GameInfo`.

A pile of counters (``pile``: 21 by default); from the first seat on, each player in turn
takes 1 to 3 counters; whoever takes the last counter wins.  2 to 4 players.

>>> from tests.template_game import new_game
>>> game = new_game(["Red", "White"])          # doctest: +SKIP (needs the registration)
>>> game.play("take Red 3")                     # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fresco_kit.core import Game, GameInfo, GameParts, Option

PLAYER_COUNTS = (2, 3, 4)


def check_patch(patch: Any) -> dict:
    """The ``data`` option: Nim has no printed data to override, so only ``{}`` is accepted
    (``ValueError`` otherwise)."""
    if patch != {} or not isinstance(patch, dict):
        raise ValueError(f"nim has no rule data to override: the data patch must be {{}}, not {patch!r}")
    return {}


INFO = GameInfo(
    name="nim",
    title="Nim",
    summary="Take 1 to 3 counters from one pile in turn; whoever takes the last counter wins.",
    player_counts=PLAYER_COUNTS,
    default_players=("Red", "White", "Blue", "Yellow"),
    options=(
        Option("pile", "how many counters the pile holds at the start", (21, 15, 30)),
        # declared here: the registry would otherwise add a ``data`` option read from a
        # ``<package>.data`` module, which Nim does not need
        Option("data", "Nim has no rule data to override; only {} is accepted", ({},), check=check_patch),
    ),
    categories=("Last counter",),
    sources=("the kit's template game (no rulebook)",),
    bench_players=2,  # with more players Nim is mostly luck: 2 is where bots differ
    package=__name__,
    parts=GameParts(rules="rules", bots="bots", refs="refs"),
)


def new_game(players: Sequence[str], seed: int = 0, **options: Any) -> Game:
    """A new game session; ``options``: ``pile`` (21, 15 or 30 counters)."""
    return Game(INFO.rules, players, seed, options)


__all__ = ["INFO", "PLAYER_COUNTS", "new_game"]
