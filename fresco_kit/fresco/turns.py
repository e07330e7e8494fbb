"""Whose action it is in phase II, and giving actions up (Fresco rulebook, Performing actions).

:func:`awaiting` says what the game waits for at any moment, with the legal choices:
the refusals of actions made out of turn end with it.
"""

from __future__ import annotations

from fresco_kit.core import Event, assign
from fresco_kit.core.record import listing

from .actions import Done
from .refs import RULES
from .rounds import next_actor
from .state import State


def awaiting(s: State) -> str:
    """What the game waits for now, e.g. ``now Red must settle the final count; the choices
    are: settle Red behind, settle Red ahead``."""
    from .rules import legal_actions

    if s.phase == "over":
        return "the game is over"
    if s.phase == "plan":
        waiting = s.to_move
        example = f"plan {waiting[0]} " + ",".join("1" if k < 4 else "0" for k in range(len(s.sheet)))
        return f"now {listing(waiting)} must plan: one count per column of {', '.join(s.sheet)} (e.g. '{example}')"
    who = s.to_move[0]
    doing = {
        "wake": "choose a get-up time",
        "act": f"act at the {s.location}",
        "final_count": "settle the final count (behind or ahead)",
    }[s.phase]
    choices = listing(str(a) for a in legal_actions(s))
    return f"now {who} must {doing}; the choices are: {choices}"


def turn_reasons(s: State, player: str, column: str | None) -> list:
    """Why ``player`` may not act at ``column`` now (``p2.resolve``); [] if they may.

    ``column`` None accepts any location (giving up)."""
    if s.phase != "act":
        return [(f"phase II actions are performed after everyone has planned; {awaiting(s)}", RULES["p2.resolve"])]
    actor = s.names[s.order[s.actor]]
    here = s.sheet[s.loc]
    reasons = []
    if player != actor:
        reasons.append((f"{actor} acts now at the {here} (get-up order)", RULES["p2.resolve"]))
    if column is not None and column != here:
        reasons.append((f"the {here} is being visited now, not the {column}", RULES["p2.resolve"]))
    if reasons:
        reasons[-1] = (f"{reasons[-1][0]}; {awaiting(s)}", reasons[-1][1])
    return reasons


def use(s: State, events: list, n: int = 1) -> None:
    """Spend ``n`` of the actor's uses here (``s`` a fresh copy); move on when none are left."""
    left = s.left - n
    if left > 0:
        assign(s, left=left)
    else:
        next_actor(s, events)  # sets the uses of the next actor (0 when the round ends)


def done_checks(s: State, a: Done) -> list:
    return turn_reasons(s, a.player, None)


def done_apply(s: State, a: Done, events: list) -> None:
    events.append(Event(f"{a.player} gives up the remaining action(s) at the {s.sheet[s.loc]}", RULES["p2.forfeit"]))
    use(s, events, s.left)
