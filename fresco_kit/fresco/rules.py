"""Fresco rules module (the façade named by the engine contract, fresco_kit.core.game).

The rulebook's sections live in their own modules: ``setup`` (Setup), ``wakeup``
(Phase I), ``planning`` (Planning actions), ``market``, ``cathedral``, ``crafts``
(Studio, Workshop, Theater), ``turns`` (Performing actions), ``rounds`` (the round and
preparing the next), ``final`` (End of the Game); ``flow`` is the table of steps they
move through.  This module sits on top and dispatches actions to them by type
(:data:`HANDLERS`); after every action ``flow.FLOW`` moves the state on.  ``checks`` is
the single source of legality and ``legal_actions`` is built from the same checks.
``sample_action`` is the random player of :mod:`.bots`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from fresco_kit.core import RuleError, ScoreSheet
from fresco_kit.core.actions import made
from fresco_kit.core.decisions import owner
from fresco_kit.core.interface import group_actions
from fresco_kit.core.rules import SILENT
from fresco_kit.core.text import Msg, worded

from . import cathedral, crafts, final, market, planning, turns, wakeup
from .actions import (
    ACTIONS,
    Action,
    Altar,
    Blend,
    Buy,
    Close,
    Done,
    Plan,
    Restore,
    Settle,
    Studio,
    Theater,
    Wake,
    parse_action,
    upgrade_action,
)
from .bots import determinize, determinizer, sample_action
from .consistency import invariants, load_state, problems
from .flow import AWAITING, FLOW, awaiting, counters, phase
from .flow import advance as advance_flow
from .refs import RULES
from .setup import new_state
from .state import State

GAME = "fresco"


class Handler(NamedTuple):
    """The section functions of one action type: why it is refused, and what it does."""

    checks: Callable[[State, Any], list]
    apply: Callable[[State, Any, list], None]


#: action type -> its handler (the one dispatch of ``checks``, ``apply`` and ``apply_fast``)
HANDLERS: dict[type, Handler] = {
    Wake: Handler(wakeup.checks, wakeup.apply),
    Plan: Handler(planning.checks, planning.apply),
    Buy: Handler(market.buy_checks, market.buy_apply),
    Close: Handler(market.close_checks, market.close_apply),
    Restore: Handler(cathedral.restore_checks, cathedral.restore_apply),
    Altar: Handler(cathedral.altar_checks, cathedral.altar_apply),
    Studio: Handler(crafts.studio_checks, crafts.studio_apply),
    Blend: Handler(crafts.blend_checks, crafts.blend_apply),
    Theater: Handler(crafts.theater_checks, crafts.theater_apply),
    Done: Handler(turns.done_checks, turns.done_apply),
    Settle: Handler(final.checks, final.apply),
}

#: phase -> the legal actions while it waits (``act``: by location, see :func:`_all_legal`)
_LEGAL: dict[str, Callable[[State], list]] = {
    "wake": wakeup.legal,
    "plan": planning.legal,
    "final_count": final.legal,
    "over": lambda s: [],
}
#: sheet column -> the legal actions there (the crafts for the others)
_LEGAL_AT: dict[str, Callable[[State], list]] = {"market": market.legal, "cathedral": cathedral.legal}

__all__ = [
    "ACTIONS",
    "FLOW",
    "GAME",
    "RULES",
    "actor",
    "apply",
    "apply_fast",
    "awaiting",
    "checks",
    "counters",
    "determinize",
    "determinizer",
    "invariants",
    "is_over",
    "legal_actions",
    "legal_choices",
    "new_state",
    "parse_action",
    "phase",
    "problems",
    "sample_action",
    "scores",
    "state_from_dict",
    "upgrade_action",
]


def checks(state: State, action: Action) -> list:
    """Every rule ``action`` would break now, as ``(message, RuleRef)``; empty if legal.

    A refusal of an action made out of turn ends with what the game waits for and the
    legal choices (the sections mark the place with ``flow.AWAITING``), unless the texts
    are not read (``core.text.unworded``: the runner's rule tracing)."""
    handler = HANDLERS.get(type(action))
    if handler is None:
        return [(f"{action!r} is not a Fresco action", RULES["p2.resolve"])]
    if state.phase == "over":
        return [("the game is over", RULES["end.over"])]
    reasons = handler.checks(state, action)
    if reasons and worded() and any(AWAITING in message for message, _ in reasons):
        now = awaiting(state, legal_actions)
        reasons = [(_fill(message, now), rule) for message, rule in reasons]
    return reasons


def _fill(message: str, now: str) -> str:
    """``message`` with what the game waits for in place of ``flow.AWAITING`` (a value of a Msg)."""
    if isinstance(message, Msg) and message.plural is None:
        return Msg(message.template, **{k: now if v == AWAITING else v for k, v in message.params.items()})
    return message.replace(AWAITING, now)


def apply(state: State, action: Action) -> tuple[State, list]:
    """Play ``action``: a new state and the events; ``state`` is not changed.

    Only for actions whose ``checks`` are empty (``Game.play`` checks first; use
    :func:`play` to check and apply in one call)."""
    s = state.evolve()  # a fresh copy the handlers set with core.assign
    events: list = []
    HANDLERS[type(action)].apply(s, action, events)
    advance_flow(s, events)  # what follows is read from the flow table
    return s, events


def apply_fast(state: State, action: Action) -> State:
    """The state :func:`apply` gives, for a legal ``action``, without its events: no checks,
    no history (for playouts).  The same effect code as :func:`apply`, handed the silent
    event list (``core.rules.SILENT``), for which the sections word no event."""
    s = state.evolve()
    HANDLERS[type(action)].apply(s, action, SILENT)
    advance_flow(s, SILENT)
    return s


def actor(state: State) -> tuple[str, ...]:
    """The players who must act now: the owner of the decision owed (the final count's
    behind/ahead choice, ``final.pending``), else whose turn it is -- or while planning
    every player still to plan (plans are secret and simultaneous); empty once the game
    is over."""
    owed = owner(final.pending(state))
    return (owed,) if owed is not None else tuple(state.to_move)


def play(state: State, action: Action) -> tuple[State, list]:
    """Check, then apply: raises :class:`RuleError` (every reason) if illegal."""
    reasons = checks(state, action)
    if reasons:
        raise RuleError(reasons)
    return apply(state, action)


def legal_actions(state: State, player: str | None = None) -> list:
    """Every legal action now, in a deterministic order (all pass ``checks``); with
    ``player``, only that player's (empty when they are not to act)."""
    if player is not None:
        if player not in state.to_move:
            return []
        return [a for a in _all_legal(state) if a.player == player]
    return _all_legal(state)


def _all_legal(state: State) -> list:
    legal = _LEGAL.get(state.phase)
    if legal is not None:
        return legal(state)
    player = state.names[state.order[state.actor]]
    found = _LEGAL_AT.get(state.sheet[state.loc], crafts.legal)(state)
    return found + [made(Done, player)]


def choice_key(action: Action) -> str:
    """What a Fresco decision decides first: the action, with the booth of a purchase, the
    segment of a restoration and which columns of the sheet a plan uses (the tiles, the
    bishop's move, the track choice and the number of apprentices are its details)."""
    if isinstance(action, Buy):
        return f"buy {action.player} booth {action.booth}"
    if isinstance(action, Restore):
        return f"restore {action.player} {action.segment}"
    if isinstance(action, Altar):
        return f"altar {action.player}"
    if isinstance(action, Plan):
        used = [str(i + 1) for i, count in enumerate(action.counts) if count]
        return f"plan {action.player} columns {','.join(used) or 'none'}"
    return str(action)


def legal_choices(state: State, player: str) -> dict[str, list]:
    """``player``'s legal actions grouped by :func:`choice_key` (the action, then its details)."""
    return group_actions(legal_actions(state, player=player), choice_key)


def is_over(state: State) -> bool:
    """Whether the game has ended (End of the Game: after the final money count)."""
    return state.phase == "over"


def scores(state: State) -> ScoreSheet:
    """Victory points by scoring category, with the winners once the game is over."""
    return final.scores(state)


def state_from_dict(data_: object, path: str = "state") -> State:
    """A state from ``State.to_dict()`` output: every field checked, then the whole position
    (:mod:`.consistency`); raises only ``SaveError``, naming the bad field."""
    return load_state(data_, path)
