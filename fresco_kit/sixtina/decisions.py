"""The decisions a turn can wait for (the waiting steps of :mod:`.flow` that hold a
:mod:`.pending` record in ``state.pending``): their legal answers, why only they may be
answered now, and the checks of an answer.

- ``initial``: Setup, step 9 (a visible fresco with the revealed technique free);
- ``bonus``: How to Play, C. Restoration, the bonus of an excellent restoration;
- ``reveal``: Completing the Restoration of Frescoes, 5. New Restorations;
- ``gianluigi``: Two-Player Games (the player chooses among Gianluigi's equal options);
- ``claim``: Variant: Sheets with History (a sheet lets the player claim an objective).
"""

from __future__ import annotations

from typing import Any

from fresco_kit.core import Action
from fresco_kit.core.text import N_, Msg

from . import gianluigi, names
from .actions import Bonus, ClaimObjective, GianluigiChoice, InitialRestoration, Reveal
from .codes import PLACE_INDEX, PLACES, D
from .completion import revealable
from .data import TECHNIQUES
from .describe import place_name, technique_title
from .objectives import claim_reasons, claimable
from .pending import InitialDecision
from .refs import RULES
from .restoration import bonus_checks, bonus_options
from .setup import initial_places
from .state import State

#: the action class answering each kind of pending decision
DECISIONS: dict[str, type[Action]] = {
    "initial": InitialRestoration,
    "bonus": Bonus,
    "reveal": Reveal,
    "gianluigi": GianluigiChoice,
    "claim": ClaimObjective,
}

# the decisions' answers, made (and checked) once
_INITIAL = tuple(InitialRestoration(p) for p in PLACES)
_REVEAL = tuple(Reveal(p) for p in PLACES)
_GIANLUIGI = tuple(GianluigiChoice(p) for p in PLACES)
_CLAIM = {o.id: ClaimObjective(o.id) for o in D.objectives}


def decision_options(state: State) -> list[Any]:
    """The answers to the pending decision, in a deterministic order."""
    decision = state.pending[0]
    kind, seat = decision.KIND, state.acting_seat
    if isinstance(decision, InitialDecision):
        return [_INITIAL[p] for p in initial_places(state, decision.technique)]
    if kind == "bonus":
        return bonus_options(state, seat)
    if kind == "reveal":
        return [_REVEAL[p] for p in revealable(state)]
    if kind == "gianluigi":
        return [_GIANLUIGI[o.place] for o in gianluigi.options(state)]
    return [_CLAIM[o] for o in claimable(state, seat)]


def pending_reason(state: State) -> tuple[str, Any]:
    """Why only the pending decision may be answered now, listing its legal choices
    (Setup, step 9, for the initial restoration; otherwise the decision's section)."""
    kind = state.pending[0].KIND
    rule = "setup.initial" if kind == "initial" else "turn.pending"
    reason = Msg(
        "{player} must first answer the pending {decision} decision; the choices are: {choices}",
        player=state.players[state.acting_seat],
        decision=names.decision(kind),
        choices=[str(a) for a in decision_options(state)] or Msg("none"),
    )
    return (reason, RULES[rule])


#: what an answer to a decision must name (the decision's rule), as a refusal says it
WANTED = {
    "initial": N_("{place} is not a visible fresco with a free {technique} technique; choose one of {choices}"),
    "reveal": N_("{place} is not a covered fresco orthogonally adjacent to a visible one; choose one of {choices}"),
    "gianluigi": N_("{place} is not among Gianluigi's best restorations; choose one of {choices}"),
}


def _place_problem(state: State, name: str, allowed: list[int], rule: str, kind: str, **values: Any) -> list[Any]:
    p = PLACE_INDEX.get(name, -1)
    if p in allowed:
        return []
    where = place_name(state, p) if p >= 0 else name
    choices = [place_name(state, i) for i in allowed] or Msg("none")
    return [(Msg(WANTED[kind], place=where, choices=choices, **values), RULES[rule])]


def decision_checks(state: State, action: Any) -> list[Any]:
    """Every rule an answer to the pending decision breaks, as ``(message, RuleRef)``."""
    decision = state.pending[0]
    kind = decision.KIND
    if not isinstance(action, DECISIONS[kind]):
        return [pending_reason(state)]
    answer: Any = action  # the decision's own action class (checked just above)
    if isinstance(decision, InitialDecision):
        return _place_problem(
            state,
            answer.place,
            initial_places(state, decision.technique),
            "setup.initial",
            "initial",
            technique=technique_title(TECHNIQUES[decision.technique]),
        )
    if kind == "bonus":
        return bonus_checks(state, state.acting_seat, answer)
    if kind == "reveal":
        return _place_problem(
            state,
            answer.place,
            revealable(state),
            "complete.new",
            "reveal",
        )
    if kind == "gianluigi":
        return _place_problem(
            state,
            answer.place,
            [o.place for o in gianluigi.options(state)],
            "gian.restore",
            "gianluigi",
        )
    return list(claim_reasons(state, state.acting_seat, answer.objective, claim_rule="variant.sheets"))
