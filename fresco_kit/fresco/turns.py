"""Whose turn it is (Fresco rulebook, Phase I and Phase II, Performing actions).

The orders of play: who chooses a get-up time first (:func:`wake_order`), the phase II
player order (:func:`turn_order`) and the uses a player has at a location
(:func:`uses_at`); whose action it is in phase II (:func:`turn_reasons`), spending uses
(:func:`use`) and giving them up (``done``).  What comes after the last use is read
from the flow table (:mod:`.flow`), never decided here.

Refusals of actions made out of turn end with what the game waits for
(:data:`AWAITING`, filled in by ``rules.checks``).
"""

from __future__ import annotations

from fresco_kit.core import assign
from fresco_kit.core.rules import tell
from fresco_kit.core.text import Msg

from . import data, names
from .actions import Done
from .refs import RULES
from .state import State

__all__ = ["AWAITING", "done_apply", "done_checks", "turn_order", "turn_reasons", "use", "uses_at", "wake_order"]

#: stands in a refusal's text for what the game waits for now (``flow.awaiting``): the
#: sections write it, ``rules.checks`` fills it in (the legal choices come from the
#: rules, which sit above every section)
AWAITING = "<awaiting>"


def wake_order(s: State) -> tuple[int, ...]:
    """Players from last to first on the VP track: the get-up choosing order (``p1.order``).

    On the track, fewer VP is further behind; every painter still on a start space is
    behind all painters on the track, and among them S1 is last, then S2, ..."""
    return tuple(sorted(range(s.n), key=lambda i: (s.players[i].vp, s.players[i].start)))


def turn_order(s: State) -> tuple[int, ...]:
    """Phase II order: earliest get-up time first (``p1.turn_order``)."""
    return tuple(sorted(range(s.n), key=lambda i: s.players[i].time))


def uses_at(column: str, count: int) -> int:
    """Uses a player has at a location with ``count`` apprentices there: one each, two
    blends each in the workshop (Workshop: Blend paints)."""
    return count * data.BLENDS_PER_APPRENTICE if column == "workshop" else count


def turn_reasons(s: State, player: str, column: str | None) -> list:
    """Why ``player`` may not act at ``column`` now (``p2.resolve``); [] if they may.

    ``column`` None accepts any location (giving up)."""
    if s.phase != "act":
        return [
            (
                Msg("phase II actions are performed after everyone has planned; {awaiting}", awaiting=AWAITING),
                RULES["p2.resolve"],
            )
        ]
    actor = s.names[s.order[s.actor]]
    here = s.sheet[s.loc]
    reasons: list = []
    elsewhere = column is not None and column != here
    if player == actor and not elsewhere:
        return reasons
    where = names.place(here)
    if player != actor and elsewhere:
        reasons.append(
            (Msg("{player} acts now at {here} (get-up order)", player=actor, here=where), RULES["p2.resolve"])
        )
    elif player != actor:  # the last reason ends with what the game waits for
        wait = Msg(
            "{player} acts now at {here} (get-up order); {awaiting}", player=actor, here=where, awaiting=AWAITING
        )
        reasons.append((wait, RULES["p2.resolve"]))
    if elsewhere:
        wait = Msg(
            "{here} is being visited now, not {column}; {awaiting}",
            here=where,
            column=names.place(column or here),
            awaiting=AWAITING,
        )
        reasons.append((wait, RULES["p2.resolve"]))
    return reasons


def use(s: State, events: list, n: int = 1) -> None:
    """Spend ``n`` of the actor's uses here (``s`` a fresh copy).  With none left the
    flow moves on to the next player or location (:mod:`.flow`, step ``next_actor``)."""
    assign(s, left=s.left - n)


def done_checks(s: State, a: Done) -> list:
    """Why ``a`` may not give up actions now (``p2.resolve``); [] if it may."""
    return turn_reasons(s, a.player, None)


def _gives_up(player: str, column: str) -> Msg:
    """The text of ``player`` giving up their actions at ``column`` (a module-level text
    function: an event keeps its text-maker until read, and one keeps less than a lambda)."""
    return Msg("{player} gives up the rest of their actions at {here}", player=player, here=names.place(column))


def done_apply(s: State, a: Done, events: list) -> None:
    """Give up the actor's remaining uses at this location (``p2.forfeit``)."""
    tell(events, RULES["p2.forfeit"], _gives_up, a.player, s.sheet[s.loc])
    use(s, events, s.left)
