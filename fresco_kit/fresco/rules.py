"""Fresco rules module (the façade named by the engine contract, fresco_kit.core.game).

The rulebook's sections live in their own modules: ``setup`` (Setup), ``wakeup``
(Phase I), ``planning`` (Planning actions), ``market``, ``cathedral``, ``crafts``
(Studio, Workshop, Theater), ``turns`` (Performing actions), ``rounds`` (the round and
preparing the next), ``final`` (End of the Game).  This module dispatches actions to
them: ``checks`` is the single source of legality and ``legal_actions`` is built from
the same checks.
"""
from __future__ import annotations

from fresco_kit.core import RuleError, ScoreSheet

from . import cathedral, crafts, data, final, market, planning, turns, wakeup
from .actions import (Action, Altar, Blend, Buy, Close, Done, Plan, Restore, Settle, Studio, Theater, Wake,
                      parse_action)
from .refs import RULES
from .sampling import sample_action
from .setup import new_state
from .state import State
from .supply import paint_total_ok

GAME = "fresco"

#: action type -> (checks, apply)
_DISPATCH = {
    Wake: (wakeup.checks, wakeup.apply),
    Plan: (planning.checks, planning.apply),
    Buy: (market.buy_checks, market.buy_apply),
    Close: (market.close_checks, market.close_apply),
    Restore: (cathedral.restore_checks, cathedral.restore_apply),
    Altar: (cathedral.altar_checks, cathedral.altar_apply),
    Studio: (crafts.studio_checks, crafts.studio_apply),
    Blend: (crafts.blend_checks, crafts.blend_apply),
    Theater: (crafts.theater_checks, crafts.theater_apply),
    Done: (turns.done_checks, turns.done_apply),
    Settle: (final.checks, final.apply),
}

__all__ = ["GAME", "new_state", "checks", "apply", "legal_actions", "is_over", "scores", "parse_action",
           "state_from_dict", "invariants", "sample_action", "RULES"]


def checks(state: State, action: Action) -> list:
    """Every rule ``action`` would break now, as ``(message, RuleRef)``; empty if legal."""
    entry = _DISPATCH.get(type(action))
    if entry is None:
        return [(f"{action!r} is not a Fresco action", RULES["p2.resolve"])]
    if state.phase == "over":
        return [("the game is over", RULES["end.winner"])]
    return entry[0](state, action)


def apply(state: State, action: Action) -> tuple[State, list]:
    """Play ``action``: a new state and the events; ``state`` is not changed.

    Only for actions whose ``checks`` are empty (``Game.play`` checks first; use
    :func:`play` to check and apply in one call)."""
    s = state.copy()
    events: list = []
    _DISPATCH[type(action)][1](s, action, events)
    return s, events


def play(state: State, action: Action) -> tuple[State, list]:
    """Check, then apply: raises :class:`RuleError` (every reason) if illegal."""
    reasons = checks(state, action)
    if reasons:
        raise RuleError(reasons)
    return apply(state, action)


def legal_actions(state: State) -> list:
    """Every legal action now, in a deterministic order (all pass ``checks``)."""
    phase = state.phase
    if phase == "wake":
        return wakeup.legal(state)
    if phase == "plan":
        return planning.legal(state)
    if phase == "final_count":
        return final.legal(state)
    if phase == "over":
        return []
    column = state.sheet[state.loc]
    player = state.names[state.order[state.actor]]
    if column == "market":
        found = market.legal(state)
    elif column == "cathedral":
        found = cathedral.legal(state)
    else:
        found = crafts.legal(state)
    return found + [Done(player)]


def is_over(state: State) -> bool:
    return state.phase == "over"


def scores(state: State) -> ScoreSheet:
    return final.scores(state)


def state_from_dict(data_: dict) -> State:
    """A state from ``State.to_dict()`` output (validated; ValueError/TypeError/KeyError)."""
    s = State.from_dict(data_)
    broken = invariants(s)
    if broken:
        raise ValueError("inconsistent Fresco state: " + "; ".join(broken))
    return s


def invariants(s: State) -> list[str]:
    """Conservation and non-negativity violations (empty when the state is sound)."""
    out = []
    market_tiles = sorted(s.bag + s.removed + tuple(t for b in s.booths for t in b))
    if market_tiles != list(range(len(data.MARKET_TILES))):
        out.append("the 14 market tiles are not all accounted for exactly once")
    fresco_tiles = sorted([t for t in s.fresco if t >= 0] + [t for p in s.players for t in p.tiles])
    if fresco_tiles != list(range(len(data.FRESCO_TILES))):
        out.append("the 25 fresco tiles are not all accounted for exactly once")
    if s.bank + sum(p.thalers for p in s.players) != data.COINS:
        out.append(f"thalers do not add up to {data.COINS}")
    if not paint_total_ok(s):
        out.append("paints do not add up (supply + players - paper notes)")
    if not s.switches.unlimited_paints and any(s.paper):
        out.append("paper notes with a limited paint supply")
    if s.bank < 0 or any(x < 0 for x in s.supply + s.paper):
        out.append("negative supply")
    for nm, p in zip(s.names, s.players):
        if p.thalers < 0 or any(x < 0 for x in p.paints) or p.vp < 0:
            out.append(f"{nm} has a negative amount")
        if not 0 <= p.mood < data.MOOD_LENGTH:
            out.append(f"{nm}'s mood painter is off the column")
        if sum(p.points) != p.vp:
            out.append(f"{nm}'s points by category do not add up to the track space")
        if (p.vp == 0) == (p.start == 0):
            out.append(f"{nm}'s painter must be on a start space or on the track, not both")
    on_track = [p.vp for p in s.players if p.vp > 0]
    if len(on_track) != len(set(on_track)):
        out.append("two painters share a victory point space")
    starts = [p.start for p in s.players if p.start]
    if len(starts) != len(set(starts)) or any(not 1 <= k <= s.n for k in starts):
        out.append("start spaces are shared or out of range")
    times = [p.time for p in s.players if p.time]
    if len(times) != len(set(times)):
        out.append("two painters share a get-up time")
    return out
