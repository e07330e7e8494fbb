"""Whose action it is in phase II, and giving actions up (Fresco rulebook, Performing actions).

Refusals of actions made out of turn end with what the game waits for
(``flow.AWAITING``, filled in by ``rules.checks``).
"""

from __future__ import annotations

from fresco_kit.core import Event, assign

from .actions import Done
from .flow import AWAITING
from .refs import RULES
from .rounds import next_actor
from .state import State


def turn_reasons(s: State, player: str, column: str | None) -> list:
    """Why ``player`` may not act at ``column`` now (``p2.resolve``); [] if they may.

    ``column`` None accepts any location (giving up)."""
    if s.phase != "act":
        return [(f"phase II actions are performed after everyone has planned; {AWAITING}", RULES["p2.resolve"])]
    actor = s.names[s.order[s.actor]]
    here = s.sheet[s.loc]
    reasons = []
    if player != actor:
        reasons.append((f"{actor} acts now at the {here} (get-up order)", RULES["p2.resolve"]))
    if column is not None and column != here:
        reasons.append((f"the {here} is being visited now, not the {column}", RULES["p2.resolve"]))
    if reasons:
        reasons[-1] = (f"{reasons[-1][0]}; {AWAITING}", reasons[-1][1])
    return reasons


def use(s: State, events: list, n: int = 1) -> None:
    """Spend ``n`` of the actor's uses here (``s`` a fresh copy); move on when none are left."""
    left = s.left - n
    if left > 0:
        assign(s, left=left)
    else:
        next_actor(s, events)  # sets the uses of the next actor (0 when the round ends)


def done_checks(s: State, a: Done) -> list:
    """Why ``a`` may not give up actions now (``p2.resolve``); [] if it may."""
    return turn_reasons(s, a.player, None)


def done_apply(s: State, a: Done, events: list) -> None:
    """Give up the actor's remaining uses at this location (``p2.forfeit``)."""
    events.append(Event(f"{a.player} gives up the remaining action(s) at the {s.sheet[s.loc]}", RULES["p2.forfeit"]))
    use(s, events, s.left)
