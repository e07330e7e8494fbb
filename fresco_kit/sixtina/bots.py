"""Random moves for playouts and bots: a fast sampler of legal 1980 Sixtina actions.

``sample_action(state, rng)`` draws one legal action, biased towards restorations so
random games end (``rules`` re-exports it for ``core.random_playout``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fresco_kit.core import Rng

from .actions import PREPARE, acquire_of, restore_of
from .codes import CARD_TECH, CARD_VALUE, EMPTY, FRESCO_TECHS, HAND_LIMIT, NPLACES, PLACES, VISIBLE
from .data import TECHNIQUES
from .decisions import decision_options

if TYPE_CHECKING:
    from .state import State


_FREE: list[Any] = [None, None, None, ()]  # (status, spaces, frescoes) objects -> free techniques


def _free_techniques(state: State) -> tuple[tuple[int, int, int], ...]:
    """(place, technique, required) of every free technique on a visible fresco.

    Cached on the identity of the ``status``, ``spaces`` and ``frescoes`` tuples (states
    share them until a restoration replaces them), which keeps random play fast."""
    status, spaces, frescoes = state.status, state.spaces, state.frescoes
    if _FREE[0] is status and _FREE[1] is spaces and _FREE[2] is frescoes:
        return _FREE[3]
    free = tuple(
        (p, t, req)
        for p in range(NPLACES)
        if status[p] == VISIBLE
        for (t, req), code in zip(FRESCO_TECHS[frescoes[p]], spaces[p])
        if code == EMPTY
    )
    _FREE[:] = [status, spaces, frescoes, free]
    return free


def sample_action(state: State, rng: Rng) -> Any:
    """A random legal action, fast; biased towards restorations so games end.

    Mostly it restores a free technique it holds cards for, playing cards until their
    total reaches the required value (a correct or excellent restoration) and now and
    then a random subset (often prudent); it acquires materials when the play area is
    empty or the hand is nearly full, and prepares otherwise."""
    if state.over:
        raise ValueError("the game is over")
    if state.pending:
        return rng.choice(decision_options(state))
    seat = state.current
    hand = state.hands[seat]
    play = state.play[seat]
    if hand and (play > 0 or state.black > 0):
        held = {CARD_TECH[c] for c in hand}
        cands = [x for x in _free_techniques(state) if x[1] in held]
        if cands:
            r = rng.next64()  # one draw, its bits used for every choice below
            p, t, req = cands[r % len(cands)]
            mine = [c for c in hand if CARD_TECH[c] == t]
            if len(mine) > 1:
                i = (r >> 20) % len(mine)
                mine = mine[i:] + mine[:i]
            if play > 0 and (r >> 40) & 3:
                chosen, total = [], 0
                for c in mine:
                    chosen.append(c)
                    total += CARD_VALUE[c]
                    if total >= req:
                        break
            else:
                chosen = mine[: 1 + (r >> 44) % len(mine)]
                total = sum(CARD_VALUE[c] for c in chosen)
            k = len(chosen)
            room = (play if state.black > 0 else -1) if total < req else play - 1
            if room >= 0:
                extra = (r >> 52) % (min(k, room, 2) + 1)
                return restore_of(PLACES[p], TECHNIQUES[t], tuple(sorted(chosen)), extra)
    if hand and (len(hand) >= HAND_LIMIT - 1 or play == 0):
        r = rng.next64()
        if r & 3:
            k, i = 1 + (r >> 8) % len(hand), (r >> 24) % len(hand)
            return acquire_of(tuple(sorted((hand[i:] + hand[:i])[:k])))
    return PREPARE
