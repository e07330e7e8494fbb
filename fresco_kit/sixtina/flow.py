"""The turn sequence of 1980 Sixtina as a table: which step follows which, and why.

Each :class:`Step` names the rulebook section it follows and the steps that may come
next, in the order the engine tries them.  A position rests at a step that *waits*
(for the current player's action, a pending decision, or for nobody once the game is
over); steps that *pass* run on their own.  ``gianluigi`` and ``reveal`` do both: they
wait only when the player has a choice to make.

The engine reads this table: :func:`.completion.continue_turn` walks from step to step
along ``next`` (the first step whose condition holds), and the pending decision kinds
of the state are the table's waiting steps (:data:`DECISION_KINDS`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import State


@dataclass(frozen=True)
class Step:
    """One step of the turn: its name, the rulebook section, what may follow.

    ``waits``: a position can rest here (an action or a decision is owed);
    ``passes``: the engine can run through it without asking anyone;
    ``pending``: while waiting here the state holds ``pending == (name, seat, ...)``."""

    name: str
    section: str
    next: tuple[str, ...]
    waits: bool = False
    passes: bool = False
    pending: bool = False


STEPS: tuple[Step, ...] = (
    Step(
        "initial",
        "Setup, step 9: the initial restorations, clockwise from the starting player",
        next=("initial", "action"),
        waits=True,
        pending=True,
    ),
    Step(
        "action",
        "How to Play: one action, A. Technique Preparation, B. Acquire Material or C. Restoration",
        next=("bonus", "completion", "end_turn"),
        waits=True,
    ),
    Step(
        "bonus",
        "How to Play, C. Restoration: the bonus of an excellent restoration",
        next=("completion",),
        waits=True,
        pending=True,
    ),
    Step(
        "completion",
        "Completing the Restoration of Frescoes: every fully restored fresco scores and flips",
        next=("gianluigi", "reveal", "end_turn"),
        passes=True,
    ),
    Step(
        "gianluigi",
        "Two-Player Games: Gianluigi restores after each restoration (the player chooses among equals)",
        next=("completion",),
        waits=True,
        passes=True,
        pending=True,
    ),
    Step(
        "reveal",
        "Completing the Restoration of Frescoes, 5. New Restorations: uncover a covered fresco",
        next=("claim", "completion"),
        waits=True,
        passes=True,
        pending=True,
    ),
    Step(
        "claim",
        "Variant: Sheets with History: the uncovered sheet lets the player claim an objective",
        next=("completion",),
        waits=True,
        pending=True,
    ),
    Step(
        "end_turn",
        "How to Play (play passes clockwise); End of the Game (one fresco left unrestored)",
        next=("action", "over"),
        passes=True,
    ),
    Step("over", "End of the Game and Final Scoring", next=(), waits=True),
)

STEP: dict[str, Step] = {s.name: s for s in STEPS}
#: the kinds of pending decision a state can hold (``state.pending[0]``)
DECISION_KINDS: tuple[str, ...] = tuple(s.name for s in STEPS if s.pending)


def phase(state: State) -> str:
    """The step ``state`` rests at: its pending decision, ``"over"`` or ``"action"``."""
    if state.pending:
        return str(state.pending[0])
    return "over" if state.over else "action"


def reachable(name: str) -> frozenset[str]:
    """The waiting steps that can follow ``name`` (through steps that pass)."""
    seen: set[str] = set()
    found: set[str] = set()
    todo = list(STEP[name].next)
    while todo:
        step = STEP[todo.pop()]
        if step.name in seen:
            continue
        seen.add(step.name)
        if step.waits:
            found.add(step.name)
        if step.passes:
            todo.extend(step.next)
    return frozenset(found)


def actor(state: State) -> tuple[str, ...]:
    """Who must act now: the owner of the pending decision, else the current player;
    nobody once the game is over.  Sixtina never asks two players at once, and its
    actions name no player: every legal action is this one player's."""
    return () if state.over else (state.players[state.actor],)


def counters(state: State) -> tuple[int, int]:
    """``(round, turn)``.  How to Play gives each player one action per turn, clockwise
    from the starting player, so a round is one turn of every player.  During Setup
    (the initial restorations) both are 0; then ``turn`` counts the turns from 1 (the
    turn being played, its decisions included) and ``round`` is ``1 + turns ended //
    players`` (``state.turn`` holds the turns ended).  Neither ever decreases; the end
    of the game keeps the last values."""
    if state.initial_left or (state.pending and state.pending[0] == "initial"):
        return 0, 0
    return 1 + state.turn // state.n, 1 + state.turn
