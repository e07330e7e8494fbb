"""Constructed positions for examples, tests and notebooks.

``position(...)`` starts a seeded game and rearranges it — dice, tower cards, player
cards, resources, excommunications, whose turn — while keeping every component
accounted for (a card moved to a player comes out of its deck, tower or the discard;
a card displaced from a tower goes to the discard).  ``game_at(state)`` wraps it in a
:class:`~fresco_kit.core.Game` so the actions are played through the engine.  (Such a
game cannot be saved and reloaded with ``Game.from_json``, which replays from the seed.)
"""
from __future__ import annotations

from typing import Mapping, Sequence

from fresco_kit.core import Game

from .data import CARD_TYPES, MEMBERS, load
from .setup import new_state, schedule
from .state import State


def _remove_card(st: State, cid: int) -> None:
    st.decks = {k: tuple(c for c in v if c != cid) for k, v in st.decks.items()}
    st.towers = {t: tuple(None if c == cid else c for c in row) for t, row in st.towers.items()}
    st.discarded = tuple(c for c in st.discarded if c != cid)
    for p in st.players:
        p.cards = {t: tuple(c for c in v if c != cid) for t, v in p.cards.items()}


def position(players: Sequence[str], *, seed: int = 0, round: int = 1, dice: Mapping[str, int] | None = None,
             towers: Mapping[str, Sequence[int | None]] | None = None,
             res: Mapping[str, Mapping[str, int]] | None = None,
             cards: Mapping[str, Sequence[int]] | None = None,
             tiles: Sequence[int] | None = None, excomms: Mapping[str, Sequence[int]] | None = None,
             home: Mapping[str, Sequence[str]] | None = None, order: Sequence[str] | None = None,
             turn: int = 0, occupants: Mapping[str, Sequence[str]] | None = None,
             options: dict | None = None, over: bool = False) -> State:
    """A constructed position (see the module docstring).  ``cards`` maps a player to card
    ids (placed in their rows by type); ``towers`` maps a type to four card ids or None,
    bottom floor first; ``tiles`` are the three excommunication tiles in play; a negative
    ``turn`` counts from the end of the round's schedule (-1 = the last placement);
    ``over`` makes it a finished game (as after round 6: towers cleared, nobody to place),
    so that ``rules.scores`` names the winner."""
    data = load()
    st = new_state(players, seed, options).copy()
    for name in players:
        st.own(name)
    if round != 1:
        st.discarded += tuple(c for row in st.towers.values() for c in row if c is not None)
        st.round = round
        for t in CARD_TYPES:
            key = f"{t}-{st.period}"
            st.towers[t], st.decks[key] = st.decks[key][:4], st.decks[key][4:]
            for earlier in range(1, st.period):       # earlier periods are used up
                st.discarded += st.decks[f"{t}-{earlier}"]
                st.decks[f"{t}-{earlier}"] = ()
            if round % 2 == 0:                        # the second round of a period
                st.discarded += st.decks[key][:4]
                st.decks[key] = st.decks[key][4:]
    if dice:
        st.dice.update(dice)
    for name, ids in (cards or {}).items():
        p = st.player(name)
        for cid in ids:
            _remove_card(st, cid)
            t = data.cards[cid].type
            p.cards[t] = p.cards[t] + (cid,)
    for t, row in (towers or {}).items():
        for cid in st.towers[t]:
            if cid is not None:
                st.discarded += (cid,)
        st.towers[t] = (None,) * 4
        for cid in row:
            if cid is not None:
                _remove_card(st, cid)
        st.towers[t] = tuple(row)
    if tiles:
        st.excomm_tiles = tuple(tiles)
        st.excomm_box = tuple(sorted(set(data.excommunications) - set(tiles)))
    for name, ids in (excomms or {}).items():
        st.player(name).excomms = tuple(ids)
    for name, values in (res or {}).items():
        st.player(name).res.update(values)
    for name, members in (home or {}).items():
        st.player(name).home = tuple(m for m in MEMBERS if m in members)
    if order:
        st.order = tuple(order)
    st.occupants = {k: tuple(v) for k, v in (occupants or {}).items()}
    st.schedule = schedule(st)
    st.turn = turn if turn >= 0 else len(st.schedule) + turn
    if over:
        st.discarded += tuple(c for row in st.towers.values() for c in row if c is not None)
        st.towers = {t: (None,) * 4 for t in CARD_TYPES}
        st.round, st.phase, st.schedule, st.turn = 7, "over", (), 0
    return st


def game_at(state: State) -> Game:
    """A game session starting from a constructed ``state``."""
    from . import rules

    return Game(rules, [p.name for p in state.players], 0, dict(state.options), state=state)
