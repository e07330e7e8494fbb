"""The sequence of a game of Lorenzo il Magnifico as a table: rounds, phases and turns.

The rules summary, *La struttura della partita*: three periods of two rounds; each
round is prepared (towers dealt, dice rolled), then the action phase runs in turn
order, a Vatican report closes rounds 2, 4 and 6, and the end of the round sets the
next turn order (*Fine del turno e punteggio finale*).  :data:`FLOW` says this as data
for core's flow engine (:class:`fresco_kit.core.flow.Flow`): each :class:`Step` of
:data:`STEPS` names the section it follows and its ways out, ``(condition, next step)``
pairs tried in order, and :data:`CONDITIONS` asks each condition of the state.
``FLOW.advance`` is the engine's only way from one step to the next: it follows the
table, calling the section function that carries out each step it enters (given by
``rules.ENTER``, so this module imports no section).  :func:`schedule` is the turn
sequence inside one action phase.

``state.phase`` is one of the steps where play waits for a player ("actions",
"vatican") or the end ("over"); "setup" and "end" pass without waiting.
"""

from __future__ import annotations

from collections.abc import Callable

from fresco_kit.core.flow import Enter, Flow, Step

from . import readings
from .data import MEMBERS, load
from .refs import DICE, END, STRUCT, VATICAN
from .state import State

__all__ = [
    "CONDITIONS",
    "FLOW",
    "STEPS",
    "Enter",
    "Step",
    "actor",
    "counters",
    "schedule",
    "skips_first_placement",
]

#: The game's sequence (the first step begins the game, after the setup of ``setup.py``).
STEPS: tuple[Step, ...] = (
    Step(
        "setup",
        f"{STRUCT} (preparing a round)",
        "round.setup",
        "one card per floor from each tower's deck of the period, bottom floor first; roll the three dice; "
        "the round's turns from the turn order",
        False,
        (("always", "actions"),),
    ),
    Step(
        "actions",
        f"{DICE} (the action phase)",
        "phase.actions",
        "in turn order each player places one family member per turn; decisions inside effects are answered first",
        True,
        (
            ("a decision is pending", "actions"),
            ("a turn of the round is left", "actions"),
            ("the round is even (2, 4, 6)", "vatican"),
            ("the round is odd (1, 3, 5)", "end"),
        ),
    ),
    Step(
        "vatican",
        VATICAN,
        "phase.vatican",
        "players at the period's faith threshold choose to support the Church; the others are excommunicated",
        True,
        (("a decision is pending", "vatican"), ("always", "end")),
    ),
    Step(
        "end",
        END,
        "endround.order",
        "tower cards leave the game, the Council Palace sets the turn order, family members return home",
        False,
        (("a round is left (after rounds 1 to 5)", "setup"), ("after round 6", "over")),
    ),
    Step("over", END, "final.total", "final scoring", True, ()),
)

#: The conditions of the table, each a question about the state.
CONDITIONS: dict[str, Callable[[State], bool]] = {
    "a decision is pending": lambda st: bool(st.pending),
    "a turn of the round is left": lambda st: st.turn < len(st.schedule),
    "the round is even (2, 4, 6)": lambda st: st.round % 2 == 0,
    "the round is odd (1, 3, 5)": lambda st: st.round % 2 == 1,
    "a round is left (after rounds 1 to 5)": lambda st: st.round <= 6,
    "after round 6": lambda st: st.round > 6,
}


#: The table core's flow engine follows (``FLOW.advance(state, events, rules.ENTER)``).
FLOW: Flow[State] = Flow(STEPS, CONDITIONS)


def skips_first_placement(excomms: tuple[int, ...]) -> bool:
    """Whether a player carrying the tiles ``excomms`` has the 'skip your first action'
    excommunication (*Il Rapporto in Vaticano*)."""
    tiles = load().excommunications
    return any(tiles[t].kind == "skip_first_placement" for t in excomms)


def schedule(st: State) -> tuple[str, ...]:
    """Who places in which turn of the action phase: four passes in turn order; a player
    with the 'skip the first action' excommunication (*Il Rapporto in Vaticano*) loses
    their first-pass turn and places after everyone, or with the switch
    ``skipped_placement_returns`` at "first_go_round" at the end of the first pass
    (readings "skip first placement")."""
    late = [n for n in st.order if skips_first_placement(st.player(n).excomms)]
    turns = [n for n in st.order if n not in late]
    if readings.setting(st, "skipped_placement_returns") == "first_go_round":
        turns, late = turns + late, []
    for _ in range(len(MEMBERS) - 1):
        turns.extend(st.order)
    return tuple(turns + late)


def actor(st: State) -> tuple[str, ...]:
    """Who must act now (the engine contract): the owner of the front pending decision,
    else the player whose turn it is in the action phase; nobody once the game is over.
    Lorenzo has no simultaneous choices, so this is at most one player."""
    name = st.current
    return () if name is None else (name,)


def phase(st: State) -> str:
    """The step of :data:`FLOW` where play waits (the engine contract's ``phase``)."""
    return st.phase


def counters(st: State) -> tuple[int, int]:
    """``(round, turn)`` of the engine contract: the round (1 to 6, 7 once over) and the
    turns played since the game began, counting every placement or forfeit (four passes
    of ``len(players)`` turns a round, ``schedule``), so ``(round - 1) * 4 * players +
    state.turn``.  Answering decisions and the Vatican report take no turn.  Neither
    number ever decreases along a game."""
    per_round = len(MEMBERS) * len(st.players)
    return st.round, (st.round - 1) * per_round + min(st.turn, per_round)
