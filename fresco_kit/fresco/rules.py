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

from . import cathedral, crafts, data, final, market, planning, rounds, turns, wakeup
from .actions import (Action, Altar, Blend, Buy, Close, Done, Plan, Restore, Settle, Studio, Theater, Wake,
                      parse_action)
from .refs import RULES
from .sampling import sample_action
from .setup import new_state
from .data import SPACES_PER_COLUMN
from .state import HIDDEN, State
from .supply import paint_total_ok

GAME = "fresco"
ACTIONS = (Wake, Plan, Buy, Close, Restore, Altar, Studio, Blend, Theater, Done, Settle)

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
           "state_from_dict", "invariants", "consistency", "sample_action", "RULES"]


def checks(state: State, action: Action) -> list:
    """Every rule ``action`` would break now, as ``(message, RuleRef)``; empty if legal."""
    entry = _DISPATCH.get(type(action))
    if entry is None:
        return [(f"{action!r} is not a Fresco action", RULES["p2.resolve"])]
    if state.phase == "over":
        return [("the game is over", RULES["end.over"])]
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


def state_from_dict(data_: dict, path: str = "state") -> State:
    """A state from ``State.to_dict()`` output (validated; ValueError/TypeError/KeyError)."""
    s = State.from_dict(data_)
    broken = invariants(s) or consistency(s)
    if broken:
        raise ValueError("inconsistent Fresco state: " + "; ".join(broken))
    return s


def consistency(s: State) -> list[str]:
    """Where a state's turn bookkeeping contradicts the rules (empty when it fits).

    Checked on loading a state: booth sizes, the removed tiles, mood helpers, get-up
    times, plans (one count per sheet column, at most 3 each, no more apprentices than
    the player has) and, phase by phase, whose turn it is."""
    out = []
    if len(set(s.names)) != s.n or not all(s.names):
        out.append("player names must be distinct and non-empty")
    sizes = data.BOOTH_SIZES[s.n]
    if len(s.booths) != len(sizes) or any(len(b) not in (0, k) for b, k in zip(s.booths, sizes)):
        out.append(f"the booths hold {sizes} tiles when full, or none")
    if sorted(s.removed) != sorted(data.REMOVED_FOR_3 if s.n == 3 else ()):
        out.append("the tiles removed from the game are not those of the player count")
    if s.round < 1:
        out.append("rounds count from 1")
    for nm, p in zip(s.names, s.players):
        if p.helper not in (-1, 0, 1):
            out.append(f"{nm}'s mood helper must be -1, 0 or +1")
        if p.time and p.time not in data.INN:
            out.append(f"{nm}'s get-up time is not on the inn")
        if p.plan == HIDDEN and s.phase != "plan":
            out.append(f"{nm}'s plan is hidden outside planning")
        if isinstance(p.plan, tuple) and (len(p.plan) != len(s.sheet) or any(not 0 <= c <= SPACES_PER_COLUMN
                                                                            for c in p.plan)
                                          or sum(p.plan) > p.apprentices):
            out.append(f"{nm}'s plan does not fit the action sheet and apprentices")
    return out or _turn_problems(s)


def _turn_problems(s: State) -> list[str]:
    """Phase by phase: who has chosen/planned, and whose turn it is."""
    timed = [p.time != 0 for p in s.players]
    planned = [p.plan is not None for p in s.players]
    if s.phase == "wake":
        if not 0 <= s.wake_at < s.n or s.chooser != wakeup.wake_order(s):
            return ["get-up choices out of turn (last on the track chooses first)"]
        chosen = {s.chooser[k] for k in range(s.wake_at)}
        if any(timed[i] != (i in chosen) for i in range(s.n)) or any(planned):
            return ["get-up times do not match the choices made so far"]
        return []
    if not all(timed) or (s.order != wakeup.turn_order(s)):
        return ["after Phase I every player has a get-up time and the order follows them"]
    if s.phase == "plan":
        return [] if not all(planned) else ["planning is over once every player has planned"]
    if s.phase in ("act", "final_count") and not all(planned):
        return ["every player has planned before the actions"]
    if s.phase == "act":
        count = s.players[s.order[s.actor]].plan[s.loc] if s.loc < len(s.sheet) else 0
        if not count or not 1 <= s.left <= rounds.left_for(s.sheet[s.loc], count):
            return ["the current actor has no such uses left at this location"]
    if s.phase == "final_count" and not 0 <= s.final_at < s.n:
        return ["the final count waits on no player"]
    return []


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
