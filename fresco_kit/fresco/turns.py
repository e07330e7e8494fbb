"""Whose action it is in phase II, and giving actions up (Fresco rulebook, Performing actions)."""
from __future__ import annotations

from fresco_kit.core import Event

from .actions import Done
from .refs import RULES
from .state import State


def turn_reasons(s: State, player: str, column: str | None) -> list:
    """Why ``player`` may not act at ``column`` now (``p2.resolve``); [] if they may.

    ``column`` None accepts any location (giving up)."""
    if s.phase != "act":
        return [("phase II actions are performed after everyone has planned", RULES["p2.resolve"])]
    actor = s.names[s.order[s.actor]]
    here = s.sheet[s.loc]
    reasons = []
    if player != actor:
        reasons.append((f"{actor} acts now at the {here} (get-up order)", RULES["p2.resolve"]))
    if column is not None and column != here:
        reasons.append((f"the {here} is being visited now, not the {column}", RULES["p2.resolve"]))
    return reasons


def use(s: State, events: list, n: int = 1) -> None:
    """Spend ``n`` of the actor's uses here; move on when none are left."""
    from .rounds import next_actor

    s.left -= n
    if s.left <= 0:
        s.left = 0
        next_actor(s, events)


def done_checks(s: State, a: Done) -> list:
    return turn_reasons(s, a.player, None)


def done_apply(s: State, a: Done, events: list) -> None:
    events.append(Event(f"{a.player} gives up the remaining action(s) at the {s.sheet[s.loc]}", RULES["p2.forfeit"]))
    use(s, events, s.left)
