"""Shared helpers for the Fresco tests: constructed positions driven through the engine."""
from __future__ import annotations

import pytest

from fresco_kit.core import Game, RuleError
from fresco_kit.fresco import board, data, new_game
from fresco_kit.fresco.actions import Wake
from fresco_kit.fresco.positions import edit, finish_round, play_round_start, skip_to

P4 = ["Red", "White", "Blue", "Yellow"]
P3 = ["Red", "White", "Blue"]
NONE = (0, 0, 0, 0, 0)


def game(ruleset: str = "base", players=P4, seed: int = 3, **switches) -> Game:
    return new_game(players, seed=seed, ruleset=ruleset, **({"switches": switches} if switches else {}))


def times(g: Game, **fixed: int) -> dict[str, int]:
    """Given times for some players, the others get the remaining times in seat order."""
    rest = [t for t in data.TIMES if t not in fixed.values()]
    return {nm: fixed[nm] if nm in fixed else rest.pop(0) for nm in g.state.names}


def plans(g: Game, **given) -> dict[str, tuple[int, ...]]:
    return {nm: tuple(given.get(nm, NONE)) for nm in g.state.names}


def at(g: Game, column: str, player: str, when: dict | None = None, **given) -> Game:
    """Play a round's start (``player`` first at 5 o'clock unless ``when``) and skip to ``column``."""
    play_round_start(g, when or times(g, **{player: 5}), plans(g, **given))
    skip_to(g, column, player)
    return g


def wake_all(g: Game, **fixed: int) -> None:
    """Play every get-up choice of the round (``fixed`` times for some players, see ``times``)."""
    while g.state.phase == "wake":
        nm = g.state.to_move[0]
        g.play(Wake(nm, times(g, **fixed)[nm]))


def tile_paints(g: Game, sq) -> dict[str, int]:
    return dict(zip(data.COLOURS, data.FRESCO_TILES[g.state.fresco[board.index(sq)]].paints))


def refused(g: Game, action, rule_id: str) -> None:
    """``action`` is refused citing ``rule_id`` (among its reasons) and nothing changes."""
    before = g.state
    with pytest.raises(RuleError) as err:
        g.play(action)
    assert g.state is before
    ids = [ref.checklist_id for _, ref in err.value.reasons]
    assert f"fresco {rule_id}" in ids, ids
    assert f"fresco {rule_id}" in [ref.checklist_id for _, ref in g.explain(action).reasons]


__all__ = ["P3", "P4", "NONE", "game", "times", "plans", "at", "wake_all", "tile_paints", "refused", "edit",
           "finish_round", "play_round_start", "skip_to", "board", "data"]
