"""Lorenzo il Magnifico: the rules module of the engine contract (fresco_kit.core.game).

A façade over the section modules, which follow the Italian rules summary:

=====================================  ==========================================
*La struttura della partita*           ``setup.py`` (setup, round preparation)
*I dadi e i familiari*                 ``actions.py`` (placement, servants, turns)
*Le Torri e le carte Sviluppo*         ``towers.py``, ``effects.py``
*Le altre zone del tabellone*          ``zones.py`` (harvest, production), ``market.py``
*Il Rapporto in Vaticano*              ``vatican.py``; excommunications in ``effects.py``
*Fine del turno e punteggio finale*    ``endround.py``, ``final.py``, ``scoring.py``
=====================================  ==========================================

Where the summary is silent the kit's readings are in ``readings.py`` (one constant per
reading, ``READINGS`` in words).  Around the engine: ``data.py`` loads
``seeds/lorenzo.toml``; ``state.py`` holds the State and the three actions (``Place``,
``Choose``, ``Forfeit``); ``positions.py`` builds constructed positions; ``explore.py``
answers teaching questions (reachable spaces, tower quotes, activations, Vatican
summaries, card texts); ``refs.py`` has the RuleRefs and the English-Italian
``GLOSSARY``; ``examples.py`` the constructed worked examples.

Flow of a game: ``state.current`` names who acts.  With nothing pending that player
places a family member (``Place``), or gives up a member that cannot be placed
(``Forfeit``).  Effects that need a choice push decisions onto ``state.pending``
(kinds "privilege", "cost", "trade", "action", "vatican"), answered front first with
``Choose``; ``legal_choices`` lists the answers.  After the last placement of a round
come the Vatican report (rounds 2, 4, 6) and the end of the round.
"""
from __future__ import annotations

from typing import Sequence

from fresco_kit.core import Event, Rng, ScoreSheet

from . import setup as _setup
from .actions import SPACES, perform, place_reasons, reasons
from .data import CARD_TYPES, RESOURCES, load
from .effects import action_modifier, member_value, servant_step, servants_per_plus
from .final import final_scores
from .state import Choose, Forfeit, Place, State, parse_action, state_from_dict
from .towers import tower_space
from .zones import affordable_trades

GAME = "lorenzo"
ACTIONS = (Place, Choose, Forfeit)

__all__ = ["GAME", "State", "Place", "Choose", "Forfeit", "new_state", "checks", "apply", "legal_actions",
           "legal_choices", "is_over", "scores", "parse_action", "state_from_dict", "invariants",
           "sample_action"]


def new_state(players: Sequence[str], seed: int = 0, options: dict | None = None) -> State:
    """Setup (La struttura della partita); options: ``bonus_tiles`` = "standard" | "advanced"."""
    return _setup.new_state(players, seed, options)


def checks(state: State, action) -> list:
    """Every ``(message, RuleRef)`` the action breaks; empty when legal."""
    return reasons(state, action)


def apply(state: State, action) -> tuple[State, list[Event]]:
    """The new state and events of a legal action; ``state`` is not changed."""
    return perform(state, action)


def is_over(state: State) -> bool:
    return state.phase == "over"


def scores(state: State) -> ScoreSheet:
    """The final score sheet (provisional, with no winner, while the game is running)."""
    return final_scores(state)


# --------------------------------------------------------------------------- listing
def legal_choices(state: State) -> list[Choose]:
    """Every legal answer to the front pending decision (empty when none is pending)."""
    if not state.pending or state.phase == "over":
        return []
    d = state.pending[0]
    p = state.player(d["player"])
    kind = d["kind"]
    if kind == "privilege":
        cands = [Choose(p.name, c) for c in load().privileges]
    elif kind == "cost":
        cands = [Choose(p.name, str(i + 1)) for i in range(len(d["options"]))]
    elif kind == "trade":
        cands = [Choose(p.name, "0")] + [Choose(p.name, str(i)) for i in affordable_trades(p, d["queue"][0])]
    elif kind == "vatican":
        cands = [Choose(p.name, "support"), Choose(p.name, "refuse")]
    else:
        per = servant_step(p)
        targets = [d["action"]] if d["action"] in ("harvest", "production") else [
            s for s in SPACES if tower_space(s) and d["tower"] in ("any", tower_space(s)[0])]
        cands = [Choose(p.name, "skip")] + [Choose(p.name, t, s) for t in targets
                                            for s in range(0, p.res["servants"] + 1, per)]
    return [c for c in cands if not reasons(state, c)]


def legal_actions(state: State) -> list:
    """Every legal action, in a deterministic order (members, spaces, servants)."""
    if state.phase == "over":
        return []
    if state.pending:
        return legal_choices(state)
    name = state.current
    p = state.player(name)
    per = servant_step(p)
    out: list = []
    for member in p.home:
        for space in SPACES:
            for s in range(0, p.res["servants"] + 1, per):
                a = Place(name, member, space, s)
                if not place_reasons(state, a):
                    out.append(a)
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
            a = Place(name, member, space, s)
            if not place_reasons(state, a):
                return a
    for member in members:
        for s in range(0, p.res["servants"] + 1, per):
            a = Place(name, member, "council", s)
            if not place_reasons(state, a):
                return a
    for member in members:
        f = Forfeit(name, member)
        if not reasons(state, f):
            return f
    return rng.choice(legal_actions(state))


_ORDERS = tuple(tuple(Rng(i).shuffled(SPACES)) for i in range(97))
_SINGLE = frozenset(s for s in SPACES if s != "council" and not s.endswith("-large"))


def _sample_choices(state: State, rng: Rng) -> list:
    d = state.pending[0]
    if d["kind"] != "action":
        return legal_choices(state)
    p = state.player(d["player"])
    out = [Choose(p.name, "skip")]
    targets = [d["action"]] if d["action"] in ("harvest", "production") else [
        s for s in SPACES if tower_space(s) and d["tower"] in ("any", tower_space(s)[0])]
    for t in targets:
        c = Choose(p.name, t, 0)
        if not reasons(state, c):
            out.append(c)
    return out


# --------------------------------------------------------------------------- checking
def invariants(state: State) -> list[str]:
    """Violations of conservation and non-negativity (empty when all is well): 96
    development cards, 21 excommunication tiles, no negative resource, board limits."""
    data = load()
    bad = []
    ids = [c for deck in state.decks.values() for c in deck]
    ids += [c for row in state.towers.values() for c in row if c is not None]
    ids += [c for p in state.players for t in CARD_TYPES for c in p.cards[t]]
    ids += list(state.discarded)
    if sorted(ids) != sorted(data.cards):
        bad.append(f"development cards not conserved: {len(ids)} held, {len(set(ids))} distinct")
    tiles = list(state.excomm_tiles) + list(state.excomm_box)
    if sorted(tiles) != sorted(data.excommunications):
        bad.append("excommunication tiles not conserved")
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
