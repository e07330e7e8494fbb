"""The position described in words (for notebooks, widgets and debugging)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from fresco_kit.core.text import Msg, plural, worded

from . import names
from .codes import CARD_TECH, CARD_VALUE, EMPTY, FRESCO_TECHS, KIND_NAMES, PLACES, STATUS_NAMES, D
from .data import data_for
from .state import State


def card_text(card: int) -> str:
    """``"repainting 3 #12"``."""
    return f"{D.techniques[CARD_TECH[card]]} {CARD_VALUE[card]} #{card}"


def card_name(card: int) -> Msg:
    """A technique card as players call it: ``"Repainting 3"`` (its technique and value)."""
    return _CARD_NAMES[card]


#: every card's name, made once (the engine's texts share them)
_CARD_NAMES = tuple(
    Msg("{technique} {value}", technique=names.technique(D.techniques[t]), value=v)
    for t, v in zip(CARD_TECH, CARD_VALUE)
)


def card_label(card: int) -> Msg:
    """A card named for a message, with its id to tell equal cards apart: ``"Repainting 3 (card 42)"``.

    An id outside the deck is named by its number only."""
    if 0 <= card < len(CARD_VALUE):
        return Msg("{card} (card {id})", card=card_name(card), id=card)
    return Msg("card {id}", id=card)


def cards_label(cards: Iterable[int]) -> Msg | str:
    """Several cards for a message: ``"Repainting 3 (card 42) and Infrared 2 (card 57)"``."""
    return names.joined([card_label(c) for c in cards])


def technique_title(technique: str) -> Msg | str:
    """``"solvent_sponge"`` -> ``"Solvent Sponge"`` (the rulebook's name of a technique)."""
    return names.technique(technique)


def place_name(state: State, place: int | str) -> Msg:
    """A chapel place for players: the fresco's name and the place, ``"Creation of Adam (G1)"``;
    a covered place shows only its sheet, so it is ``"the covered fresco at G3"``."""
    p = PLACES.index(place) if isinstance(place, str) else place
    return _place_name(p, "" if state.status[p] == 0 else state.frescoes[p], worded())


@cache
def _place_name(place: int, fresco: str, filled: bool) -> Msg:
    """The place's name with the ``fresco`` on it ("" for a covered one), made once each
    filled in and once unworded (``filled``: ``core.text.worded()`` when it is made)."""
    if not fresco:
        return Msg("the covered fresco at {place}", place=PLACES[place])
    return Msg("{fresco} ({place})", fresco=names.fresco(fresco), place=PLACES[place])


def objective_name(objective: str) -> Msg | str:
    """An objective card by what it asks: its condition, ``"At least 5 of your materials on ..."``."""
    return names.objective(objective)


def fresco_text(state: State, place: int | str) -> str:
    """One place: fresco, status, each technique with its value and occupant, extras."""
    p = PLACES.index(place) if isinstance(place, str) else place
    f = state.fresco(p)
    head = f"{PLACES[p]} {f.name} [{f.type}; {'/'.join(map(str, f.scores))}] {STATUS_NAMES[state.status[p]]}"
    if state.status[p] == 0:
        return head
    if state.status[p] == 2:
        z = state.zone[p]
        return head + (f"; zone icon: {state.colours[z]}" if z != EMPTY else "; zone icon: nobody")
    parts = []
    for (t, v), code in zip(FRESCO_TECHS[state.frescoes[p]], state.spaces[p]):
        who = "free" if code == EMPTY else f"{KIND_NAMES[code >> 3]} {state.colours[code & 7]}"
        parts.append(f"{D.technique_names[D.techniques[t]]} {v}: {who}")
    extra = ", ".join(f"{state.colours[c]} +{k}" for c, k in enumerate(state.extras[p]) if k)
    return head + "\n    " + "; ".join(parts) + (f"\n    extras: {extra}" if extra else "")


def describe(state: State) -> str:
    """The whole position as text: chapel, players, supply, objectives, what is pending."""
    lines = ["Chapel:"] + ["  " + fresco_text(state, p) for p in range(len(PLACES))]
    lines.append(
        f"Deck {plural(len(state.deck), 'card')}, discard {len(state.discard)}; "
        f"black materials in supply: {state.black}"
    )
    for seat, name in enumerate(state.players):
        mark = "*" if seat == state.current and not state.over else " "
        lines.append(
            f"{mark} {name}: score {state.score[seat]}, play area {state.play[seat]}, "
            f"supply {state.supply[seat]}, hand {', '.join(card_text(c) for c in state.hands[seat]) or '-'}"
            + (f"; kept: {', '.join(card_text(c) for c in state.display[seat])}" if state.display[seat] else "")
        )
    if state.two_player:
        lines.append(f"  Gianluigi: score {state.score[2]}, supply {state.supply[2]}")
    for o, spaces in zip(state.objectives, state.claims):
        pts = data_for(state.data).objective_by_id[o].points(state.n)
        lines.append(f"Objective {o} {pts}: " + ", ".join(state.colours[c] if c != EMPTY else "-" for c in spaces))
    if state.over:
        lines.append("The game is over.")
    elif state.pending:
        lines.append(f"Pending: {state.pending[0].KIND} decision of {state.pending[0].player}")
    return "\n".join(lines)
