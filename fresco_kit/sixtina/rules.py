"""1980 Sixtina rules: the rules module of ``fresco_kit.core.Game`` (the engine contract).

The rules themselves live in modules that follow the rulebook: ``setup`` (Setup),
``restoration`` (How to Play, A/B/C and bonuses), ``completion`` (Completing the
Restoration of Frescoes; End of the Game), ``objectives``, ``gianluigi`` (Two-Player
Games) and ``final`` (End of the Game and Scoring).  This façade dispatches:
``checks`` is the single source of legality, ``legal_actions`` and ``sample_action``
are built on it, ``apply`` never mutates its input.
"""

from __future__ import annotations

from itertools import combinations

from fresco_kit.core import Event, Rng, ScoreSheet, assign

from . import completion, gianluigi
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
from .consistency import materials_total, problems
from .data import TECHNIQUES
from .final import final_scores
from .objectives import claim, claim_problems, claimable
from .refs import RULES
from .restoration import (
    acquire_checks,
    acquire_in_place,
    bonus_checks,
    bonus_in_place,
    bonus_options,
    prepare_in_place,
    restore_checks,
    restore_in_place,
)
from .setup import PLAYER_COUNTS, initial_places, new_state, reveal_initial_technique
from .state import CORRECT, EMPTY, VISIBLE, State, space_code, state_from_dict
from .tables import CARD_TECH, CARD_VALUE, FRESCO_TECHS, HAND_LIMIT, NPLACES, PLACE_INDEX, PLACES, D

GAME = "sixtina"
DECISIONS = {
    "initial": InitialRestoration,
    "bonus": Bonus,
    "reveal": Reveal,
    "gianluigi": GianluigiChoice,
    "claim": ClaimObjective,
}

__all__ = [
    "ACTIONS",
    "GAME",
    "PLAYER_COUNTS",
    "State",
    "apply",
    "checks",
    "decision_options",
    "invariants",
    "is_over",
    "legal_actions",
    "materials_total",
    "new_state",
    "parse_action",
    "pending_reason",
    "sample_action",
    "scores",
    "state_from_dict",
]


# -- legality ---------------------------------------------------------------------------
def _place_problem(name: str, allowed: list[int], rule: str, what: str) -> list:
    p = PLACE_INDEX.get(name, -1)
    if p in allowed:
        return []
    return [(f"{name} is not {what}; choose one of {', '.join(PLACES[i] for i in allowed) or 'none'}", RULES[rule])]


def pending_reason(state: State) -> tuple[str, object]:
    """Why only the pending decision may be answered now, listing its legal choices."""
    kind = state.pending[0]
    rule = "setup.initial" if kind == "initial" else "turn.pending"
    choices = ", ".join(str(a) for a in decision_options(state)) or "none"
    return (
        f"{state.players[state.actor]} must first answer the pending {kind} decision; the choices are: {choices}",
        RULES[rule],
    )


def _decision_checks(state: State, action) -> list:
    kind = state.pending[0]
    if not isinstance(action, DECISIONS[kind]):
        return [pending_reason(state)]
    if kind == "initial":
        return _place_problem(
            action.place,
            initial_places(state, state.pending[2]),
            "setup.initial",
            f"a visible fresco with a free {TECHNIQUES[state.pending[2]]} technique",
        )
    if kind == "bonus":
        return bonus_checks(state, state.actor, action)
    if kind == "reveal":
        return _place_problem(
            action.place,
            completion.revealable(state),
            "complete.new",
            "a covered fresco orthogonally adjacent to a visible one",
        )
    if kind == "gianluigi":
        return _place_problem(
            action.place,
            [o.place for o in gianluigi.options(state)],
            "gian.restore",
            "among Gianluigi's best restorations",
        )
    return [(m, RULES["variant.sheets"]) for m in claim_problems(state, state.actor, action.objective)]


def checks(state: State, action) -> list:
    """Every rule ``action`` breaks now, as ``(message, RuleRef)``; empty means legal."""
    if not isinstance(action, ACTIONS):
        return [(f"not a Sixtina action: {action!r}", RULES["turn.order"])]
    if state.over:
        return [("the game is over", RULES["end.over"])]
    if state.pending:
        return _decision_checks(state, action)
    seat = state.current
    if isinstance(action, Prepare):
        return []
    if isinstance(action, Acquire):
        return acquire_checks(state, seat, action.cards)
    if isinstance(action, Restore):
        return restore_checks(state, seat, action)
    return [
        (
            f"no {action.VERB} decision is pending; {state.players[seat]} must prepare, acquire or restore",
            RULES["turn.order"],
        )
    ]


# -- applying ---------------------------------------------------------------------------
def apply(state: State, action) -> tuple[State, list[Event]]:
    """The state after the legal ``action`` and what happened (``state`` is not changed)."""
    s = state.evolve()
    ev: list[Event] = []
    seat = s.actor
    if isinstance(action, Prepare):
        prepare_in_place(s, seat, ev)
        completion.end_turn_in_place(s, ev)
    elif isinstance(action, Acquire):
        acquire_in_place(s, seat, action.cards, ev)
        completion.end_turn_in_place(s, ev)
    elif isinstance(action, Restore):
        restore_in_place(s, seat, action, ev)
        completion.continue_turn(s, ev)
    elif isinstance(action, Bonus):
        assign(s, pending=())
        bonus_in_place(s, seat, action, ev)
        completion.continue_turn(s, ev)
    elif isinstance(action, Reveal):
        assign(s, pending=())
        completion.reveal_in_place(s, PLACE_INDEX[action.place], ev)
        completion.continue_turn(s, ev)
    elif isinstance(action, GianluigiChoice):
        assign(s, pending=())
        option = next(o for o in gianluigi.options(s) if PLACES[o.place] == action.place)
        gianluigi.restore_in_place(s, option, ev)
        gianluigi.after_restoration(s, ev)
        completion.continue_turn(s, ev)
    elif isinstance(action, ClaimObjective):
        assign(s, pending=())
        slot = claim(s, seat, action.objective)
        ev.append(
            Event(
                f"{s.players[seat]} claims objective {action.objective} on scoring space {slot + 1}",
                RULES["variant.sheets"],
            )
        )
        ev.append(Event(D.objective_by_id[action.objective].condition, RULES[f"obj.{action.objective}"]))
        completion.continue_turn(s, ev)
    elif isinstance(action, InitialRestoration):
        _initial_in_place(s, seat, action, ev)
    else:
        raise ValueError(f"not a Sixtina action: {action!r}")
    return s, ev


def _initial_in_place(s: State, seat: int, action: InitialRestoration, ev: list) -> None:
    technique = s.pending[2]
    p = PLACE_INDEX[action.place]
    pos = next(i for i, (t, _) in enumerate(FRESCO_TECHS[s.frescoes[p]]) if t == technique)
    spaces, supply = list(s.spaces), list(s.supply)
    row = list(spaces[p])
    row[pos] = space_code(CORRECT, seat)
    spaces[p] = tuple(row)
    supply[seat] -= 1
    assign(s, spaces=tuple(spaces), supply=tuple(supply), pending=(), initial_left=s.initial_left - 1)
    name = D.technique_names[TECHNIQUES[technique]]
    ev.append(
        Event(
            f"{s.players[seat]} puts a supply material on the top space of {name} at {action.place}",
            RULES["setup.initial"],
        )
    )
    if s.initial_left:
        reveal_initial_technique(s, ev)
    else:
        assign(s, current=s.start)
        ev.append(Event(f"{s.players[s.start]} starts; play runs clockwise", RULES["turn.order"]))


# -- enumerating ------------------------------------------------------------------------
# the decisions' answers, made (and checked) once
_INITIAL = tuple(InitialRestoration(p) for p in PLACES)
_REVEAL = tuple(Reveal(p) for p in PLACES)
_GIANLUIGI = tuple(GianluigiChoice(p) for p in PLACES)
_CLAIM = {o.id: ClaimObjective(o.id) for o in D.objectives}


def decision_options(state: State) -> list:
    """The answers to the pending decision, in a deterministic order."""
    kind, seat = state.pending[0], state.pending[1]
    if kind == "initial":
        return [_INITIAL[p] for p in initial_places(state, state.pending[2])]
    if kind == "bonus":
        return bonus_options(state, seat)
    if kind == "reveal":
        return [_REVEAL[p] for p in completion.revealable(state)]
    if kind == "gianluigi":
        return [_GIANLUIGI[o.place] for o in gianluigi.options(state)]
    return [_CLAIM[o] for o in claimable(state, seat)]


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


def legal_actions(state: State) -> list:
    """Every legal action now, in a deterministic order (consistent with ``checks``)."""
    if state.over:
        return []
    if state.pending:
        return decision_options(state)
    seat = state.current
    hand = state.hands[seat]
    out: list = [PREPARE]
    for k in range(1, len(hand) + 1):
        out.extend(acquire_of(c) for c in combinations(hand, k))
    out.extend(restore_actions(state, seat))
    return out


_FREE: list = [None, None, None, ()]  # (status, spaces, frescoes) objects -> free techniques


def _free_techniques(state: State) -> tuple:
    """(place, technique, required) of every free technique on a visible fresco.

    Cached on the identity of the ``status``, ``spaces`` and ``frescoes`` tuples (states
    share them until a restoration replaces them), which keeps random play fast."""
    status, spaces, frescoes = state.status, state.spaces, state.frescoes
    if _FREE[0] is status and _FREE[1] is spaces and _FREE[2] is frescoes:
        return _FREE[3]
    free = tuple(
        (p, t, req)
        for p in range(NPLACES)
        if status[p] == VISIBLE
        for (t, req), code in zip(FRESCO_TECHS[frescoes[p]], spaces[p])
        if code == EMPTY
    )
    _FREE[:] = [status, spaces, frescoes, free]
    return free


def sample_action(state: State, rng: Rng):
    """A random legal action, fast; biased towards restorations so games end.

    Mostly it restores a free technique it holds cards for, playing cards until their
    total reaches the required value (a correct or excellent restoration) and now and
    then a random subset (often prudent); it acquires materials when the play area is
    empty or the hand is nearly full, and prepares otherwise."""
    if state.over:
        raise ValueError("the game is over")
    if state.pending:
        return rng.choice(decision_options(state))
    seat = state.current
    hand = state.hands[seat]
    play = state.play[seat]
    if hand and (play > 0 or state.black > 0):
        held = {CARD_TECH[c] for c in hand}
        cands = [x for x in _free_techniques(state) if x[1] in held]
        if cands:
            r = rng.next64()  # one draw, its bits used for every choice below
            p, t, req = cands[r % len(cands)]
            mine = [c for c in hand if CARD_TECH[c] == t]
            if len(mine) > 1:
                i = (r >> 20) % len(mine)
                mine = mine[i:] + mine[:i]
            if play > 0 and (r >> 40) & 3:
                chosen, total = [], 0
                for c in mine:
                    chosen.append(c)
                    total += CARD_VALUE[c]
                    if total >= req:
                        break
            else:
                chosen = mine[: 1 + (r >> 44) % len(mine)]
                total = sum(CARD_VALUE[c] for c in chosen)
            k = len(chosen)
            room = (play if state.black > 0 else -1) if total < req else play - 1
            if room >= 0:
                extra = (r >> 52) % (min(k, room, 2) + 1)
                return restore_of(PLACES[p], TECHNIQUES[t], tuple(sorted(chosen)), extra)
    if hand and (len(hand) >= HAND_LIMIT - 1 or play == 0):
        r = rng.next64()
        if r & 3:
            k, i = 1 + (r >> 8) % len(hand), (r >> 24) % len(hand)
            return acquire_of(tuple(sorted((hand[i:] + hand[:i])[:k])))
    return PREPARE


# -- the rest of the contract -----------------------------------------------------------
def is_over(state: State) -> bool:
    return state.over


def scores(state: State) -> ScoreSheet:
    """The final score sheet (provisional before the end; see ``final``)."""
    return final_scores(state)


def invariants(state: State) -> list[str]:
    """Every way ``state`` breaks the rules' consistency (components conserved, nothing
    negative, materials where the rules put them, a decision that can be answered...),
    each as ``field: what is wrong``; empty when all is well (see ``consistency``)."""
    return [f"{where}: {what}" for where, what in problems(state)]
