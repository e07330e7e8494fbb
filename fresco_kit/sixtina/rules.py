"""1980 Sixtina rules: the rules module of ``fresco_kit.core.Game`` (the engine contract).

The rules themselves live in modules that follow the rulebook: ``setup`` (Setup),
``restoration`` (How to Play, A/B/C and bonuses), ``completion`` (Completing the
Restoration of Frescoes; End of the Game), ``objectives``, ``gianluigi`` (Two-Player
Games) and ``final`` (End of the Game and Scoring); ``flow`` is the turn table they
follow and ``decisions`` the pending decisions.  This façade sits on top and
dispatches by the action's type (:data:`TURN_CHECKS`, :data:`EFFECTS`): ``checks`` is
the single source of legality, ``legal_actions`` is built on it, ``apply`` runs the
action's effect and then the turn table (``flow.FLOW.advance``, with the steps' section
functions :data:`ENTER`) and never mutates its input (``apply_fast`` runs the same
effects without checks or kept events, for playouts); ``actor``, ``phase`` and ``counters`` come
from ``flow``, ``sample_action`` and ``determinize`` from ``bots``, ``invariants`` and
``state_from_dict`` from ``consistency``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from fresco_kit.core import Event, ScoreSheet, assign
from fresco_kit.core.decisions import pop
from fresco_kit.core.interface import group_actions
from fresco_kit.core.rules import SILENT, tell
from fresco_kit.core.text import Msg

from . import completion, gianluigi, names, setup
from .actions import (
    ACTIONS,
    PREPARE,
    Acquire,
    Bonus,
    ClaimObjective,
    GianluigiChoice,
    InitialRestoration,
    Prepare,
    Restore,
    Reveal,
    acquire_of,
    parse_action,
    restore_of,
)
from .bots import determinize, determinizer, sample_action
from .codes import CARD_TECH, CORRECT, EMPTY, FRESCO_TECHS, PLACE_INDEX, PLACES, VISIBLE, space_code
from .consistency import invariants, materials_total, problems, state_from_dict
from .data import TECHNIQUES
from .decisions import DECISIONS, decision_checks, decision_options, pending_reason
from .describe import place_name
from .final import final_scores
from .flow import FLOW, actor, counters, phase
from .objectives import claim
from .pending import InitialDecision
from .refs import RULES
from .restoration import (
    acquire_checks,
    acquire_in_place,
    bonus_in_place,
    prepare_checks,
    prepare_in_place,
    restore_checks,
    restore_in_place,
    tell_claimed,
)
from .setup import PLAYER_COUNTS, first_turn, last_placer_completes, reveal_initial_technique
from .state import State
from .switches import setting

GAME = "sixtina"

__all__ = [
    "ACTIONS",
    "DECISIONS",
    "GAME",
    "PLAYER_COUNTS",
    "State",
    "actor",
    "apply",
    "apply_fast",
    "checks",
    "counters",
    "decision_options",
    "determinize",
    "determinizer",
    "invariants",
    "is_over",
    "legal_actions",
    "legal_choices",
    "materials_total",
    "new_state",
    "parse_action",
    "pending_reason",
    "phase",
    "problems",
    "sample_action",
    "scores",
    "state_from_dict",
]


def new_state(players: Sequence[str], seed: int, options: dict[str, Any]) -> State:
    """A new game's state after Setup (see :func:`.setup.new_state`); raises
    ``ValueError`` for a player named after Gianluigi."""
    return setup.new_state(players, seed, options)


# -- legality ---------------------------------------------------------------------------
def checks(state: State, action: Any) -> list[Any]:
    """Every rule ``action`` breaks now, as ``(message, RuleRef)``; empty means legal."""
    if not isinstance(action, ACTIONS):
        return [(Msg("not a Sixtina action: {action!r}", action=action), RULES["turn.order"])]
    if state.over:
        return [(Msg("the game is over"), RULES["end.over"])]
    if state.pending:
        return decision_checks(state, action)
    seat = state.current
    check = TURN_CHECKS.get(type(action))
    if check is None:
        said = Msg(
            "no {decision} decision is pending; {player} must prepare, acquire or restore",
            decision=names.decision(action.VERB),
            player=state.players[seat],
        )
        return [(said, RULES["turn.order"])]
    return check(state, seat, action)


#: The checks of each turn action, by its type (a decision's answer is checked by
#: ``decisions.decision_checks``).
TURN_CHECKS: dict[type, Callable[[State, int, Any], list[Any]]] = {
    Prepare: prepare_checks,
    Acquire: lambda state, seat, action: acquire_checks(state, seat, action.cards),
    Restore: restore_checks,
}


# -- applying ---------------------------------------------------------------------------
def apply(state: State, action: Any) -> tuple[State, list[Event]]:
    """The state after the legal ``action`` and what happened (``state`` is not changed)."""
    s = state.evolve()
    ev: list[Event] = []
    _apply_in_place(s, action, ev)
    return s, ev


def apply_fast(state: State, action: Any) -> State:
    """The state after the LEGAL ``action``, for playouts: no checks and no events kept
    (the same effect code as :func:`apply`, told to the silent list ``core.rules.SILENT``,
    so no text is made), so it gives exactly the state ``apply`` gives; ``state`` is not
    changed."""
    s = state.evolve()
    _apply_in_place(s, action, SILENT)
    return s


def _apply_in_place(s: State, action: Any, ev: list) -> None:
    """Apply ``action`` to the fresh copy ``s``, appending what happened to ``ev``: the
    action's effect (:data:`EFFECTS`, by its type), then the turn table from the step
    the effect leaves (``FLOW.advance``)."""
    effect = EFFECTS.get(type(action))
    if effect is None:
        raise ValueError(f"not a Sixtina action: {action!r}")
    step = effect(s, s.acting_seat, action, ev)
    FLOW.advance(s, ev, ENTER, start=step)


def _prepare(s: State, seat: int, action: Prepare, ev: list) -> str:
    """A. Technique Preparation; the turn goes on from ``preparation``."""
    prepare_in_place(s, seat, ev)
    return "preparation"


def _acquire(s: State, seat: int, action: Acquire, ev: list) -> str:
    """B. Acquire Material; the turn goes on from ``preparation``."""
    acquire_in_place(s, seat, action.cards, ev)
    return "preparation"


def _restore(s: State, seat: int, action: Restore, ev: list) -> str:
    """C. Restoration; the turn goes on from ``restoration`` (an excellent one first
    waits for its bonus)."""
    restore_in_place(s, seat, action, ev)
    return "restoration"


def _bonus(s: State, seat: int, action: Bonus, ev: list) -> str:
    """The answer to a bonus decision (How to Play, C. Restoration)."""
    assign(s, pending=pop(s.pending))
    bonus_in_place(s, seat, action, ev)
    return "bonus"


def _reveal(s: State, seat: int, action: Reveal, ev: list) -> str:
    """The answer to a reveal decision (5. New Restorations)."""
    assign(s, pending=pop(s.pending))
    completion.reveal_in_place(s, PLACE_INDEX[action.place], ev)
    return "reveal"


def _gianluigi(s: State, seat: int, action: GianluigiChoice, ev: list) -> str:
    """The answer to a gianluigi decision (Two-Player Games)."""
    assign(s, pending=pop(s.pending))
    option = next(o for o in gianluigi.options(s) if PLACES[o.place] == action.place)
    gianluigi.restore_in_place(s, option, ev)
    gianluigi.after_restoration(s, ev, completion.complete_all_in_place)
    return "gianluigi"


def _claim(s: State, seat: int, action: ClaimObjective, ev: list) -> str:
    """The answer to a claim decision (Variant: Sheets with History)."""
    assign(s, pending=pop(s.pending))
    slot = claim(s, seat, action.objective)
    tell_claimed(ev, s.players[seat], action.objective, slot, RULES["variant.sheets"])
    return "claim"


def _initial(s: State, seat: int, action: InitialRestoration, ev: list) -> str:
    """The answer to an initial decision (Setup, step 9)."""
    decision = s.pending[0]
    assert isinstance(decision, InitialDecision)  # DECISIONS: an InitialRestoration answers it
    technique = decision.technique
    p = PLACE_INDEX[action.place]
    pos = next(i for i, (t, _) in enumerate(FRESCO_TECHS[s.frescoes[p]]) if t == technique)
    spaces, supply = list(s.spaces), list(s.supply)
    row = list(spaces[p])
    row[pos] = space_code(CORRECT, seat)
    spaces[p] = tuple(row)
    supply[seat] -= 1
    assign(s, spaces=tuple(spaces), supply=tuple(supply), pending=pop(s.pending), initial_left=s.initial_left - 1)
    tell(
        ev,
        RULES["setup.initial"],
        lambda player, place: Msg(
            "{player} puts a supply material on the top space of {technique} at {place}",
            player=player,
            technique=names.technique(TECHNIQUES[technique]),
            place=place,
        ),
        s.players[seat],
        place_name(s, p),
    )
    return "initial"


#: What each action does, by its type; each returns the step of the turn table the turn
#: goes on from (``FLOW.advance``).
EFFECTS: dict[type, Callable[[State, int, Any, list], str]] = {
    Prepare: _prepare,
    Acquire: _acquire,
    Restore: _restore,
    Bonus: _bonus,
    Reveal: _reveal,
    GianluigiChoice: _gianluigi,
    ClaimObjective: _claim,
    InitialRestoration: _initial,
}

#: The section function of each step of the turn table that does something on entry.
ENTER: dict[str, Callable[[State, list], Any]] = {
    "next_initial": reveal_initial_technique,
    "first_turn": first_turn,
    "setup_completion": last_placer_completes,
    "completion": completion.complete_all_in_place,
    "gianluigi": completion.gianluigi_step,
    "reveal": completion.reveal_step,
    "end_turn": completion.end_turn_in_place,
}


# -- enumerating ------------------------------------------------------------------------
def restore_actions(state: State, seat: int) -> list[Restore]:
    """Every legal Restore for ``seat`` (places, techniques, card subsets, extras)."""
    out = []
    hand = state.hands[seat]
    for p, fid in enumerate(state.frescoes):
        if state.status[p] != VISIBLE:
            continue
        for pos, (t, _) in enumerate(FRESCO_TECHS[fid]):
            if state.spaces[p][pos] != EMPTY:
                continue
            mine = [c for c in hand if CARD_TECH[c] == t]
            for k in range(1, len(mine) + 1):
                for cards in combinations(mine, k):
                    for extra in range(0, k + 1):
                        a = restore_of(PLACES[p], TECHNIQUES[t], cards, extra)
                        if not restore_checks(state, seat, a):
                            out.append(a)
    return out


def legal_actions(state: State, player: str | None = None) -> list:
    """Every legal action now, in a deterministic order (consistent with ``checks``);
    with ``player``, only that player's (empty when they are not to act)."""
    if state.over or (player is not None and player != state.players[state.acting_seat]):
        return []
    if state.pending:
        return decision_options(state)
    seat = state.current
    hand = state.hands[seat]
    out: list = [] if prepare_checks(state, seat) else [PREPARE]
    for k in range(0 if setting(state, "acquire_needs_card") == "no" else 1, len(hand) + 1):
        out.extend(acquire_of(c) for c in combinations(hand, k))
    out.extend(restore_actions(state, seat))
    return out


def choice_key(action: Any) -> str:
    """What a Sixtina decision decides first: the kind of action, and for a restoration
    its place and technique (the cards and extra materials are its details)."""
    if isinstance(action, Restore):
        return f"restore {action.place} {action.technique}"
    if isinstance(action, Acquire):
        return "acquire"
    return str(action)


def legal_choices(state: State, player: str) -> dict[str, list]:
    """``player``'s legal actions grouped by :func:`choice_key` (kind and place, then cards)."""
    return group_actions(legal_actions(state, player=player), choice_key)


# -- the rest of the contract -----------------------------------------------------------
def is_over(state: State) -> bool:
    """Whether the game has ended (End of the Game: one fresco left unrestored)."""
    return state.over


def scores(state: State) -> ScoreSheet:
    """The final score sheet (provisional before the end; see ``final``)."""
    return final_scores(state)
