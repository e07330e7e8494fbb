"""The turn sequence of 1980 Sixtina as a table: which step follows which, and why.

:data:`FLOW` is a :class:`fresco_kit.core.flow.Flow`: each :class:`~fresco_kit.core.flow.Step`
cites the rulebook section it follows and its ways out, ``(condition, next step)``
tried in order, the conditions named in :data:`CONDITIONS`.  The core's engine moves a
state along it (``FLOW.advance``), calling each entered step's section function
(``rules`` gives them, so this module imports no section): what follows an action is
read from this table.

A position rests at a step that *waits*: ``action`` (the current player's turn),
``over``, or one of the pending decisions (``initial``, ``bonus``, ``gianluigi``,
``reveal``, ``claim``: a :mod:`.pending` record of that kind is owed).  ``gianluigi``
and ``reveal`` wait only when the player has a choice to make; otherwise they pass.
A turn action begins the step of its kind (``action.acts``): ``preparation`` (A and B)
or ``restoration`` (C).  Sixtina's phase is derived from the state (:func:`phase`),
so the table is declared with ``phase_field=None``.
"""

from __future__ import annotations

from collections.abc import Callable

from fresco_kit.core.flow import Flow, Step

from .pending import DECISION_TYPES
from .state import EMPTY, VISIBLE, State
from .switches import setting

HOW_TO_PLAY = "How to Play"
COMPLETING = "Completing the Restoration of Frescoes"


def _owed(kind: str) -> Callable[[State], bool]:
    """The condition "a ``kind`` decision is owed" (the front of ``state.pending``)."""
    return lambda state: bool(state.pending) and state.pending[0].KIND == kind


def uncover_before_gianluigi(state: State) -> bool:
    """Two-Player Games: the player uncovers the fresco their own restoration completed before
    Gianluigi restores -- only with the switch ``two_player_order`` "uncover first"; the kit's
    reading has Gianluigi restore first (readings: two-player turn order; two.turns)."""
    return state.reveals > 0 and bool(state.gian_due) and setting(state, "two_player_order") == "uncover first"


def scored_at_setup(state: State) -> bool:
    """After the initial restorations, a fresco they filled is scored before the first turn --
    only with the switch ``setup_completion`` "at setup"; the kit's reading waits for the first
    restoration action (readings: setup placements are no restoration; complete.trigger)."""
    if setting(state, "setup_completion") != "at setup":
        return False
    return any(s == VISIBLE and EMPTY not in row for s, row in zip(state.status, state.spaces))


def setup_scoring(state: State) -> bool:
    """The setup's completions are under way (switch ``setup_completion`` "at setup"): no turn
    has ended and the last player of the initial restorations, not the starting player, acts
    (:func:`.setup.last_placer_completes`; the turns themselves begin with the starting player)."""
    if state.turn or state.current == state.start or state.initial_left:
        return False
    return setting(state, "setup_completion") == "at setup"


#: The conditions of the table, each a question about the state.
CONDITIONS: dict[str, Callable[[State], bool]] = {
    "an initial decision is owed": _owed("initial"),
    "an initial restoration is left": lambda state: state.initial_left > 0,
    "a fresco filled at setup is scored at once": scored_at_setup,
    "the setup's completions are done": setup_scoring,
    "a bonus decision is owed": _owed("bonus"),
    "a gianluigi decision is owed": _owed("gianluigi"),
    "a reveal decision is owed": _owed("reveal"),
    "a claim decision is owed": _owed("claim"),
    "Gianluigi owes a restoration": lambda state: bool(state.gian_due),
    "a new fresco is owed": lambda state: state.reveals > 0,
    "a new fresco is owed before Gianluigi restores": uncover_before_gianluigi,
    "the game is over": lambda state: state.over,
}

STEPS: tuple[Step, ...] = (
    Step(
        "initial",
        "Setup, step 9: the initial restorations, clockwise from the starting player",
        "setup.initial",
        "the player puts a supply material on the top space of the revealed technique",
        True,
        (
            ("an initial decision is owed", "initial"),
            ("an initial restoration is left", "next_initial"),
            ("a fresco filled at setup is scored at once", "setup_completion"),
            ("always", "first_turn"),
        ),
    ),
    Step(
        "setup_completion",
        f"Setup, step 9, and {COMPLETING} (switch setup_completion 'at setup')",
        "complete.trigger",
        "the player who placed last completes the fresco the initial restorations filled, and uncovers",
        False,
        (("always", "completion"),),
    ),
    Step(
        "next_initial",
        "Setup, step 9: the next player reveals a technique card",
        "setup.initial",
        "reveal cards until a technique free on a visible fresco shows",
        False,
        (("always", "initial"),),
    ),
    Step(
        "first_turn",
        f"{HOW_TO_PLAY} (the starting player begins, play runs clockwise)",
        "turn.order",
        "the starting player takes the first turn",
        False,
        (("always", "action"),),
    ),
    Step(
        "action",
        f"{HOW_TO_PLAY}: one action, A. Technique Preparation, B. Acquire Material or C. Restoration",
        "turn.order",
        "the current player takes one action",
        True,
        (),
        acts=("preparation", "restoration"),
    ),
    Step(
        "preparation",
        f"{HOW_TO_PLAY}, A. Technique Preparation and B. Acquire Material",
        "turn.order",
        "nothing can complete: the turn ends",
        False,
        (("always", "end_turn"),),
    ),
    Step(
        "restoration",
        f"{HOW_TO_PLAY}, C. Restoration",
        "turn.order",
        "an excellent restoration first owes its bonus; then the completions",
        False,
        (("a bonus decision is owed", "bonus"), ("always", "completion")),
    ),
    Step(
        "bonus",
        f"{HOW_TO_PLAY}, C. Restoration: the bonus of an excellent restoration",
        "bonus.refined",
        "the player takes Refined Technique, Additional Material or an objective",
        True,
        (("a bonus decision is owed", "bonus"), ("always", "completion")),
    ),
    Step(
        "completion",
        f"{COMPLETING}: every fully restored fresco scores and flips",
        "complete.trigger",
        "score, return the materials, flip, mark the zone icon",
        False,
        (
            ("a new fresco is owed before Gianluigi restores", "reveal"),
            ("Gianluigi owes a restoration", "gianluigi"),
            ("a new fresco is owed", "reveal"),
            ("the setup's completions are done", "first_turn"),
            ("always", "end_turn"),
        ),
    ),
    Step(
        "gianluigi",
        "Two-Player Games: Gianluigi restores after each restoration (the player chooses among equals)",
        "gian.restore",
        "Gianluigi restores with the same technique and value; the player chooses among equal options",
        True,
        (("a gianluigi decision is owed", "gianluigi"), ("always", "completion")),
    ),
    Step(
        "reveal",
        f"{COMPLETING}, 5. New Restorations: uncover a covered fresco",
        "complete.new",
        "the player uncovers a covered fresco next to a visible one, if any is left",
        True,
        (
            ("a reveal decision is owed", "reveal"),
            ("a claim decision is owed", "claim"),
            ("always", "completion"),
        ),
    ),
    Step(
        "claim",
        "Variant: Sheets with History: the uncovered sheet lets the player claim an objective",
        "variant.sheets",
        "the player claims a scoring space of an objective they meet",
        True,
        (("a claim decision is owed", "claim"), ("always", "completion")),
    ),
    Step(
        "end_turn",
        f"{HOW_TO_PLAY} (play passes clockwise); End of the Game (one fresco left unrestored)",
        "end.trigger",
        "the turn passes clockwise, or the game ends and the last fresco scores half",
        False,
        (("the game is over", "over"), ("always", "action")),
    ),
    Step("over", "End of the Game and Final Scoring", "end.over", "the game is over", True, ()),
)

#: The turn table the engine follows (``FLOW.advance``).
FLOW: Flow[State] = Flow(STEPS, CONDITIONS, phase_field=None)
#: step name -> step
STEP = FLOW.by_name
#: the kinds of pending decision a state can hold (``state.pending[0].KIND``)
DECISION_KINDS: tuple[str, ...] = tuple(DECISION_TYPES)


def phase(state: State) -> str:
    """The step ``state`` rests at: its pending decision's kind, ``"over"`` or ``"action"``."""
    if state.pending:
        return state.pending[0].KIND
    return "over" if state.over else "action"


def actor(state: State) -> tuple[str, ...]:
    """Who must act now: the owner of the pending decision, else the current player;
    nobody once the game is over.  Sixtina never asks two players at once, and its
    actions name no player: every legal action is this one player's."""
    return () if state.over else (state.players[state.acting_seat],)


def counters(state: State) -> tuple[int, int]:
    """``(round, turn)``.  How to Play gives each player one action per turn, clockwise
    from the starting player, so a round is one turn of every player.  During Setup
    (the initial restorations) both are 0; then ``turn`` counts the turns from 1 (the
    turn being played, its decisions included) and ``round`` is ``1 + turns ended //
    players`` (``state.turn`` holds the turns ended).  Neither ever decreases; the end
    of the game keeps the last values."""
    if state.initial_left or (state.pending and state.pending[0].KIND == "initial") or setup_scoring(state):
        return 0, 0
    return 1 + state.turn // state.n, 1 + state.turn
