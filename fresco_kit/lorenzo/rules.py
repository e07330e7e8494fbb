"""Lorenzo il Magnifico: the rules module of the engine contract (fresco_kit.core.game).

A façade over the section modules, which follow the Italian rules summary:

=====================================  ==========================================
*La struttura della partita*           ``setup.py`` (setup, round preparation)
*I dadi e i familiari*                 ``placement.py`` (placement, servants, turns)
*Le Torri e le carte Sviluppo*         ``towers.py``, ``effects.py``
*Le altre zone del tabellone*          ``zones.py`` (harvest, production), ``market.py``
*Il Rapporto in Vaticano*              ``vatican.py``; excommunications in ``effects.py``
*Fine del turno e punteggio finale*    ``endround.py``, ``final.py``, ``scoring.py``
=====================================  ==========================================

Where the summary is silent the kit's readings are in ``readings.py`` (each with its
default; the switchable ones are ``INFO.switches``).  Around the engine: ``data.py``
loads ``seeds/lorenzo.toml``; ``state.py`` holds the State records and
``consistency.py`` the checks a saved state must pass; ``actions.py`` the three actions
(``Place``, ``Choose``, ``Forfeit``) and their texts; ``positions.py`` builds
constructed positions; ``explore.py`` answers teaching questions (reachable spaces,
tower quotes, activations, Vatican summaries, card texts); ``refs.py`` has the
RuleRefs and the English-Italian ``GLOSSARY``; ``examples.py`` the constructed worked
examples.

Flow of a game: ``state.current`` names who acts.  With nothing pending that player
places a family member (``Place``), or gives up a member that cannot be placed
(``Forfeit``).  Effects that need a choice push decisions onto ``state.pending``
(kinds "privilege", "cost", "trade", "action", "vatican"), answered front first with
``Choose``; ``legal_choices`` lists the answers.  After the last placement of a round
come the Vatican report (rounds 2, 4, 6) and the end of the round.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from fresco_kit.core import Event, Rng, ScoreSheet, field_error

from . import setup as _setup
from .actions import ACTIONS, Choose, Forfeit, Place, parse_action
from .data import CARD_TYPES, RESOURCES, SPACES, load
from .effects import action_modifier, member_value, servant_step, servants_per_plus
from .final import final_scores
from .placement import choice, extra_targets, legal_choices, perform, placement_reasons, reasons
from .state import State
from .towers import tower_space

GAME = "lorenzo"

__all__ = [
    "ACTIONS",
    "GAME",
    "Choose",
    "Forfeit",
    "Place",
    "State",
    "apply",
    "checks",
    "invariants",
    "is_over",
    "legal_actions",
    "legal_choices",
    "new_state",
    "parse_action",
    "sample_action",
    "scores",
    "state_from_dict",
]


def new_state(players: Sequence[str], seed: int = 0, options: dict | None = None) -> State:
    """Setup (La struttura della partita); ``options`` as ``INFO.check_options`` gives them."""
    return _setup.new_state(players, seed, options)


def state_from_dict(data: Any, path: str = "state") -> State:
    """A saved state, checked field by field and across fields (``consistency.py``);
    raises ``SaveError`` naming the field.  A player's view (no ``rng``) is refused."""
    st = State.from_dict(data, path)
    if st.rng is None:
        raise field_error(f"{path}.rng", "the random generator's state (a view cannot be played on)", None)
    return st


#: The rules that refuse a space itself (no card, taken, full, closed for the player count).
_UNAVAILABLE = frozenset({"kit.space", "zones.spaces", "zones.two_players", "market.spaces"})


def checks(state: State, action) -> list:
    """Every ``(message, RuleRef)`` the action breaks; empty when legal.  A placement on
    a space that is not open also lists the spaces open now."""
    out = reasons(state, action)
    if out and isinstance(action, Place) and any(ref.id in _UNAVAILABLE for _, ref in out):
        open_ = [
            s
            for s in SPACES
            if not any(
                ref.id in _UNAVAILABLE for _, ref in placement_reasons(state, action.player, action.member, s, 0, False)
            )
        ]
        out = [
            (f"{msg}; the spaces open now are {', '.join(open_)}" if ref.id in _UNAVAILABLE else msg, ref)
            for msg, ref in out
        ]
    return out


def apply(state: State, action) -> tuple[State, list[Event]]:
    """The new state and events of a legal action; ``state`` is not changed."""
    return perform(state, action)


def is_over(state: State) -> bool:
    return state.phase == "over"


def scores(state: State) -> ScoreSheet:
    """The final score sheet (provisional, with no winner, while the game is running)."""
    return final_scores(state)


# --------------------------------------------------------------------------- listing
@cache
def _place(player: str, member: str, space: str, servants: int) -> Place:
    """A ``Place`` made (and checked) once, for the listing loops."""
    return Place(player, member, space, servants)


def legal_actions(state: State) -> list:
    """Every legal action, in a deterministic order (members, spaces, servants)."""
    if state.phase == "over":
        return []
    if state.pending:
        return legal_choices(state)
    name = state.current
    p = state.player(name)
    per = servant_step(state, p)
    out: list = []
    for member in p.home:
        for space in SPACES:
            for s in range(0, p.res["servants"] + 1, per):
                if not placement_reasons(state, name, member, space, s, turn=False):
                    out.append(_place(name, member, space, s))
        f = Forfeit(name, member)
        if not reasons(state, f):
            out.append(f)
    return out


def sample_action(state: State, rng: Rng):
    """A random legal action, fast: random member and space with the fewest servants
    that reach the space (sometimes a few more), falling back to forfeiting a member
    that cannot be placed (or, rarely, to the full list of legal actions)."""
    if state.pending:
        return rng.choice(_sample_choices(state, rng))
    name = state.current
    p = state.player(name)
    members = rng.shuffled(p.home)
    spaces = _ORDERS[rng.randbelow(len(_ORDERS))]
    per = servants_per_plus(p)
    occupants = state.occupants
    data = load()
    for member in members:
        base = member_value(state, p, member)
        for space in spaces:
            if space in _SINGLE and occupants.get(space):
                continue
            ts = tower_space(space)
            if ts:
                if state.towers[ts[0]][ts[1] - 1] is None:
                    continue
                need = data.towers[ts[0]].floor_values[ts[1] - 1] - action_modifier(p, "tower", ts[0])
            else:
                sp = data.spaces[space]
                need = sp.value - (action_modifier(p, sp.kind) if sp.kind in ("harvest", "production") else 0)
            s = max(0, need - base) * per
            if rng.randbelow(8) == 0:
                s += per
            if s > p.res["servants"]:
                continue
            if not placement_reasons(state, name, member, space, s, turn=False):
                return _place(name, member, space, s)
    for member in members:
        for s in range(0, p.res["servants"] + 1, per):
            if not placement_reasons(state, name, member, "council", s, turn=False):
                return _place(name, member, "council", s)
    for member in members:
        f = Forfeit(name, member)
        if not reasons(state, f):
            return f
    return rng.choice(legal_actions(state))


_ORDERS = tuple(tuple(Rng(i).shuffled(SPACES)) for i in range(97))
_SINGLE = frozenset(s for s in SPACES if s != "council" and not s.endswith("-large"))


def _sample_choices(state: State, rng: Rng) -> list:
    d = state.pending[0]
    if d.kind != "action":
        return legal_choices(state)
    p = state.player(d.player)
    out = [choice(p.name, "skip")]
    for t in extra_targets(d):
        c = choice(p.name, t)
        if not reasons(state, c):
            out.append(c)
    return out


# --------------------------------------------------------------------------- checking
def invariants(state: State) -> list[str]:
    """Violations of conservation and non-negativity (empty when all is well): 96
    development cards, one excommunication tile per period, no negative resource, board
    limits.  (A loaded state is checked more thoroughly by ``consistency.py``.)"""
    data = load()
    bad = []
    ids = [c for deck in state.decks.values() for c in deck]
    ids += [c for row in state.towers.values() for c in row if c is not None]
    ids += [c for p in state.players for t in CARD_TYPES for c in p.cards[t]]
    ids += list(state.discarded)
    if sorted(ids) != sorted(data.cards):
        bad.append(f"development cards not conserved: {len(ids)} held, {len(set(ids))} distinct")
    if [data.excommunications[t].period for t in state.excomm_tiles] != [1, 2, 3]:
        bad.append("the excommunication tiles in play are not one per period")
    for p in state.players:
        for k in RESOURCES:
            if p.res[k] < 0:
                bad.append(f"{p.name} has {p.res[k]} {k}")
        for t in CARD_TYPES:
            if len(p.cards[t]) > data.max_cards:
                bad.append(f"{p.name} has {len(p.cards[t])} {t} cards")
            if any(data.cards[c].type != t for c in p.cards[t]):
                bad.append(f"{p.name} has a wrong card in the {t} row")
        if not set(p.excomms) <= set(state.excomm_tiles) or len(set(p.excomms)) != len(p.excomms):
            bad.append(f"{p.name} carries an excommunication not in play")
        if p.res["faith"] > 15:
            bad.append(f"{p.name} has faith beyond the track")
    return bad
