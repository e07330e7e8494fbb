"""The sequence of a Fresco game as a table: the phases of a round, in rulebook order.

:data:`STEPS` is the whole course of play, each step naming the rulebook section it
follows and the steps that may come next (the usual one first).  The engine moves
from one phase to the next only through :func:`enter`, which refuses a move the table
does not allow, so the table and the engine cannot drift apart.

A game starts at :data:`FIRST` (``Setup``, then Phase I of round 1).  Inside the
``"act"`` step the locations are visited in the order of the action sheet in use
(``data.SHEETS``: side 1, or side 2 in the final round), players in get-up order
(:func:`turn_order`), each with :func:`uses_at` uses there.

Also here, because every part of the engine needs them: who chooses a get-up time
first (:func:`wake_order`), the phase II player order (:func:`turn_order`), and what
the game waits for now (:func:`awaiting`), which ends every refusal of an action made
out of turn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, get_args

from fresco_kit.core import assign
from fresco_kit.core.record import listing

from . import data

if TYPE_CHECKING:
    from .state import State

#: the phases a state can be in (``state.phase``)
Phase = Literal["wake", "plan", "act", "final_count", "over"]
PHASES: tuple[str, ...] = get_args(Phase)

_P2 = "II. Planning and performing actions"


@dataclass(frozen=True)
class Step:
    """One step of the game: the phase, the rulebook section it follows, what it does
    and the phases that may follow it (the usual one first)."""

    phase: str
    section: str
    does: str
    next: tuple[str, ...] = ()


#: the course of play (Fresco rulebook, Game Play; Big Box How to Play)
STEPS: tuple[Step, ...] = (
    Step(
        "wake",
        "I. Choosing get up time and adjusting mood",
        "from last to first on the victory point track, each player chooses a free get-up time",
        next=("plan",),
    ),
    Step(
        "plan",
        f"{_P2}, Planning actions",
        "every player places apprentices on the action sheet behind the small screen",
        next=("act",),
    ),
    Step(
        "act",
        f"{_P2}, Performing actions",
        "the sheet's locations in order, at each the players in get-up order with all their uses",
        next=("wake", "final_count"),  # preparing the next round, or after the final round the end
    ),
    Step(
        "final_count",
        "End of the Game",
        "in the final round's get-up order every player turns 2 thalers into 1 VP",
        next=("over",),
    ),
    Step("over", "End of the Game", "the most victory points wins"),
)

#: phase -> its step
STEP: dict[str, Step] = {step.phase: step for step in STEPS}
#: the phase a new game starts in (after Setup)
FIRST: Phase = "wake"

if tuple(STEP) != PHASES or STEPS[0].phase != FIRST:
    raise ImportError("flow.STEPS must list every phase of flow.Phase, in order, FIRST first")


def enter(s: State, phase: str, **changes: Any) -> None:
    """Move ``s`` (a fresh copy the rules own) from its phase to ``phase``, with ``changes``.

    The one place the engine changes phase.  Raises ``ValueError`` when :data:`STEPS`
    does not let ``phase`` follow the current one (a bug in the engine, never a player's
    error: players' moves are refused by the rules before)."""
    if phase not in STEP[s.phase].next:
        raise ValueError(f"the flow table does not let {phase!r} follow {s.phase!r}")
    assign(s, phase=phase, **changes)


def wake_order(s: State) -> tuple[int, ...]:
    """Players from last to first on the VP track: the get-up choosing order (``p1.order``).

    On the track, fewer VP is further behind; every painter still on a start space is
    behind all painters on the track, and among them S1 is last, then S2, ..."""
    return tuple(sorted(range(s.n), key=lambda i: (s.players[i].vp, s.players[i].start)))


def turn_order(s: State) -> tuple[int, ...]:
    """Phase II order: earliest get-up time first (``p1.turn_order``)."""
    return tuple(sorted(range(s.n), key=lambda i: s.players[i].time))


#: the turn counter's place for each phase inside a round (see :func:`counters`)
_PHASE_BASE = {"wake": 0, "plan": 1, "act": 2}


def counters(s: State) -> tuple[int, int]:
    """``(round, turn)``: the round number and a turn counter that never decreases.

    Per the rulebook's structure every round has ``7 * n`` turns: ``n`` get-up choices
    (Phase I), ``n`` plans, and for each of the 5 columns of the action sheet one turn
    per player in get-up order (a player's whole visit to a location is one turn, skipped
    players included).  ``turn`` counts these from the start of the game: the turns of the
    rounds before, then the place reached in this round; the final count adds one turn
    per player, and a game over has passed them all."""
    n = s.n
    done = (s.round - 1) * (2 + len(data.SHEETS["side1"])) * n
    phase = s.phase
    if phase == "wake":
        return s.round, done + s.wake_at
    if phase == "plan":
        return s.round, done + n + sum(1 for p in s.players if p.plan is not None)
    within = (2 + len(s.sheet)) * n
    if phase == "act":
        return s.round, done + 2 * n + s.loc * n + max(s.actor, 0)
    if phase == "final_count":
        return s.round, done + within + s.final_at
    return s.round, done + within + n


def uses_at(column: str, count: int) -> int:
    """Uses a player has at a location with ``count`` apprentices there: one each, two
    blends each in the workshop (Workshop: Blend paints)."""
    return count * data.BLENDS_PER_APPRENTICE if column == "workshop" else count


#: stands in a refusal's text for what the game waits for now (:func:`awaiting`): the
#: sections write it, ``rules.checks`` fills it in (the legal choices come from the
#: rules, which sit above every section)
AWAITING = "<awaiting>"


def awaiting(s: State, legal_actions: Callable[[State], list]) -> str:
    """What the game waits for now, e.g. ``now Red must settle the final count; the choices
    are: settle Red behind, settle Red ahead`` (``legal_actions``: the rules' function)."""
    if s.phase == "over":
        return "the game is over"
    if s.phase == "plan":
        waiting = s.to_move
        example = f"plan {waiting[0]} " + ",".join("1" if k < 4 else "0" for k in range(len(s.sheet)))
        return f"now {listing(waiting)} must plan: one count per column of {', '.join(s.sheet)} (e.g. '{example}')"
    doing = {
        "wake": "choose a get-up time",
        "act": f"act at the {s.location}",
        "final_count": "settle the final count (behind or ahead)",
    }[s.phase]
    choices = listing(str(a) for a in legal_actions(s))
    return f"now {s.to_move[0]} must {doing}; the choices are: {choices}"
