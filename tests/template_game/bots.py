"""Nim's heuristic for the kit's greedy and persona bots (``fresco_kit.sim.bots`` reads
``evaluate`` and ``WEIGHTS`` of every registered game's ``bots`` module)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from .rules import CATEGORY, MOST, State, scores

#: the score sheet's category, and the chance to win from here against random takers
WEIGHTS: dict[str, float] = {CATEGORY: 1.0, "win chance": 1.0}


@lru_cache(maxsize=None)
def win_chance(pile: int, ahead: int, players: int) -> float:
    """The chance that a player wins from a pile of ``pile`` counters with ``ahead`` takes to
    go before their own (0: their turn), playing best while everyone else takes 1 to
    ``MOST`` at random (end.last: whoever takes the last counter wins)."""
    if pile == 0:
        return float(ahead == players - 1)       # the player took last: everyone else is still to come
    after = [win_chance(pile - k, (ahead - 1) % players, players) for k in range(1, min(MOST, pile) + 1)]
    return max(after) if ahead == 0 else sum(after) / len(after)


def evaluate(state: State, player: str, weights: Mapping[str, float] | None = None) -> float:
    """How good ``state`` looks for ``player``: the score sheet (end.last) plus the chance to
    win from here against random takers (:func:`win_chance`); ``weights`` overrides
    :data:`WEIGHTS` by key."""
    w = WEIGHTS if weights is None else {**WEIGHTS, **weights}
    n = len(state.players)
    ahead = (state.players.index(player) - state.turn) % n
    chance = win_chance(state.pile, ahead, n) if state.pile else 0.0
    return w[CATEGORY] * scores(state).rows[player][CATEGORY] + w["win chance"] * chance
