"""The sequence of a Fresco game as a table: :data:`FLOW`, a ``core.flow.Flow``.

Each step cites the rulebook section it follows (the base rulebook's *Game Play* and
*End of the Game*, and the Big Box *How to Play* where it differs).  After every action
``rules.apply`` calls ``FLOW.advance``, which follows the table from the state's phase
until play waits for a player again, calling the section function of every step it
enters (:data:`ENTER`).  So what follows a restoration, a plan or the last get-up time
is read here; no section sets the phase.

The steps that wait are the phases a state can be in (``state.phase``): ``wake``
(Phase I), ``plan`` (Phase II planning), ``act`` (Phase II, the sheet's locations),
``final_count`` (a behind/ahead choice owed in the final money count) and ``over``.
The others pass: ``setup``, ``round`` (start of a round), ``order`` (phase II order),
``screens_up``, ``next_actor``, ``round_end``, ``last_round_over``,
``fresco_complete`` (Big Box), ``prepare`` (preparing the next round), ``rotate`` (Big
Box), ``money``.

Also here: the turn counter of the engine contract (:func:`counters`) and what the game
waits for now (:func:`awaiting`), which ends every refusal of an action made out of turn.
"""

from __future__ import annotations

from collections.abc import Callable

from fresco_kit.core.flow import Flow, Step
from fresco_kit.core.record import listing

from . import data, final, planning, rounds, wakeup
from .saved import PHASES, Phase
from .state import State
from .turns import AWAITING, turn_order, uses_at, wake_order

__all__ = [
    "AWAITING",
    "ENTER",
    "FIRST",
    "FLOW",
    "PHASES",
    "Phase",
    "awaiting",
    "counters",
    "turn_order",
    "uses_at",
    "wake_order",
]

_FR, _BB = "Fresco rulebook", "Fresco: Big Box, How to Play"
_P1 = "I. Choosing get up time and adjusting mood"
_P2 = "II. Planning and performing actions"


def _all_planned(s: State) -> bool:
    return all(p.plan is not None for p in s.players)


#: the named conditions of the table's ways out
CONDITIONS: dict[str, Callable[[State], bool]] = {
    "all_awake": lambda s: s.wake_at == s.n,
    "all_planned": _all_planned,
    "uses_left": lambda s: s.left > 0,
    "someone_acts": lambda s: s.loc < len(s.sheet),
    "final_round": lambda s: s.final,
    "fresco_complete": lambda s: s.switches.early_end_on_complete and s.tiles_left == 0,
    "rotation": lambda s: s.switches.start_rotation,
    "choice_owed": final.choice_owed,
}

#: the course of play (base rulebook, Game Play and End of the Game; Big Box, How to Play)
FLOW: Flow[State] = Flow(
    steps=(
        Step(
            "setup",
            f"{_FR}, Setup; {_BB}, Preparation",
            "setup.start",
            "the game is set up",
            waits=False,
            next=(("always", "round"),),
        ),
        Step(
            "round",
            f"{_FR}, Game Play and End of the Game; {_BB}, End of Game and Scoring",
            "p1.order",
            "a round starts: with 6 or fewer tiles left it is the final round; the painters last on the "
            "track choose first",
            waits=False,
            next=(("always", "wake"),),
        ),
        Step(
            "wake",
            f"{_FR}, {_P1}; {_BB}, 1. Choosing wake-up time",
            "p1.order",
            "from last to first on the victory point track, each player chooses a free get-up time",
            waits=True,
            next=(("all_awake", "order"), ("always", "wake")),
        ),
        Step(
            "order",
            f"{_FR}, {_P1}, Player order",
            "p1.turn_order",
            "the get-up times give the phase II order, earliest first",
            waits=False,
            next=(("always", "plan"),),
        ),
        Step(
            "plan",
            f"{_FR}, {_P2}, Planning actions",
            "p2.plan",
            "every player places apprentices on the action sheet behind the small screen",
            waits=True,
            next=(("all_planned", "screens_up"), ("always", "plan")),
        ),
        Step(
            "screens_up",
            f"{_FR}, {_P2}, Performing actions",
            "p2.plan",
            "the screens are lifted; the first location of the sheet is visited",
            waits=False,
            next=(("always", "next_actor"),),
        ),
        Step(
            "next_actor",
            f"{_FR}, {_P2}, Performing actions",
            "p2.resolve",
            "the next player in get-up order with apprentices here acts, else the next location",
            waits=False,
            next=(("someone_acts", "act"), ("always", "round_end")),
        ),
        Step(
            "act",
            f"{_FR}, {_P2}, Performing actions",
            "p2.resolve",
            "the player uses their apprentices at the location (or gives them up)",
            waits=True,
            next=(("uses_left", "act"), ("always", "next_actor")),
        ),
        Step(
            "round_end",
            f"{_FR}, Preparing for the next round and End of the Game",
            "round.refill",
            "all actions of the round are done",
            waits=False,
            next=(("final_round", "last_round_over"), ("fresco_complete", "fresco_complete"), ("always", "prepare")),
        ),
        Step(
            "last_round_over",
            f"{_FR}, End of the Game",
            "end.no_income",
            "after the final round there is no income; the final count follows",
            waits=False,
            next=(("always", "money"),),
        ),
        Step(
            "fresco_complete",
            f"{_BB}, End of Game and Scoring",
            "bigbox.complete",
            "a fresco completed makes this round the final one: no income, the final count",
            waits=False,
            next=(("always", "money"),),
        ),
        Step(
            "prepare",
            f"{_FR}, Preparing for the next round; {_BB}, Preparation for the Next Round",
            "round.income",
            "booths refilled, income paid, painters back to the inn",
            waits=False,
            next=(("rotation", "rotate"), ("always", "round")),
        ),
        Step(
            "rotate",
            f"{_BB}, Preparation for the Next Round, last bullet",
            "bigbox.rotation",
            "painters still on start spaces rotate",
            waits=False,
            next=(("always", "round"),),
        ),
        Step(
            "money",
            f"{_FR}, End of the Game; {_BB}, Final point count",
            "end.money",
            "in the final round's get-up order every player turns 2 thalers into 1 VP",
            waits=False,
            next=(("choice_owed", "final_count"), ("always", "over")),
        ),
        Step(
            "final_count",
            f"{_FR}, End of the Game and Restore a segment of the fresco",
            "end.money",
            "a painter landing on an occupied space chooses behind or ahead (then the count goes on)",
            waits=True,
            next=(("choice_owed", "final_count"), ("always", "money")),
        ),
        Step(
            "over",
            f"{_FR}, End of the Game; {_BB}, Final point count",
            "end.winner",
            "the most victory points wins",
            waits=True,
            next=(),
        ),
    ),
    conditions=CONDITIONS,
)

#: step -> the section function that carries it out (``FLOW.advance``'s ``enter``)
ENTER: dict[str, Callable[[State, list], None]] = {
    "round": rounds.begin_round,
    "order": wakeup.fix_order,
    "screens_up": planning.screens_up,
    "next_actor": rounds.next_actor,
    "last_round_over": rounds.last_round_over,
    "fresco_complete": rounds.fresco_complete,
    "prepare": rounds.prepare,
    "rotate": rounds.rotate_start_spaces,
    "money": final.count_money,
    "over": final.declare_winner,
}

#: the phase a new game rests in first (after ``setup`` and ``round``)
FIRST: Phase = "wake"

if FLOW.waiting != PHASES or not set(ENTER) <= set(FLOW.by_name):
    raise ImportError("flow.FLOW's waiting steps must be state.Phase, in order, and ENTER name its steps")


def advance(s: State, events: list, start: str | None = None) -> str:
    """Move ``s`` (a fresh copy the rules own) along :data:`FLOW` after an action (or from
    ``start``) until play waits for a player; returns the phase it waits in."""
    return FLOW.advance(s, events, ENTER, start)


#: the turn counter's place for each phase inside a round (see :func:`counters`)
_PHASE_BASE = {"wake": 0, "plan": 1, "act": 2}


def phase(s: State) -> str:
    """The step of :data:`FLOW` where play waits (the engine contract's ``phase``)."""
    return s.phase


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
